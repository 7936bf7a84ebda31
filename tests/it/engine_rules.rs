//! The rules engine, rule by rule. Each test names the rule it checks, from
//! `../shared/seeds/rules-summary-en.md` (RS) and its FAQ, or FORMAT.md.

use crate::common;
use std::collections::VecDeque;
use tales::engine::character::{add_points, die, end_of_encounter, gain, lose, master, wealth};
use tales::engine::{
    Ask, AskKind, Change, Character, Chooser, Engine, Event, Level, Outcome, Quiet, Rng, Sink,
    Start,
};
use tales::ir::{Book, Bound, Target};

/// The spec example, plus a toggle status and a test file of paragraphs.
fn book() -> Book {
    let glossary = std::fs::read_to_string(common::fixture("spec-example/glossary.yaml"))
        .unwrap()
        .replace(
            "  imprisoned:",
            "  sex-changed: {name: Sex-Changed, toggle: true}\n  scorned: Scorned\n  imprisoned:",
        )
        + "  magic-carpet: {name: Magic Carpet, sell: Rich}\n";
    let d = common::book_with(
        "spec-example",
        &[
            ("glossary.yaml", &glossary),
            ("tales/engine.tales", ENGINE_TALES),
        ],
    );
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (book, _) = tales::load::load_book(&root);
    std::mem::forget(d); // the book keeps paths into the folder
    book
}

const ENGINE_TALES: &str = "\
# tales: allow(unreachable-paragraph)
-900-
A fork in the road.
> {wounded & !blessed} If Wounded and not Blessed: [S1]
> {else} Otherwise: [D1]

# tales: allow(unreachable-paragraph)
-901-
Roll: {1d6 + piety + wisdom}
> 1-2: Low. [S1]
> 3-6: Middle. [S2]
> 7+: High. [S3]

# tales: allow(unreachable-paragraph)
-902-
A gift. [Choice of Wounded or Blessed]

# tales: allow(unreachable-paragraph)
-903-
Onward. [S1 / @904]

# tales: allow(unreachable-paragraph)
-904-
Arrived. [D1]

# tales: allow(unreachable-paragraph)
-905-
A loop. [@905]
";

fn id(s: &str) -> tales::ir::Id {
    s.into()
}

/// `(max LEVEL)` and `(min LEVEL)` bounds, by ladder position, as awards
/// carry them.
#[allow(clippy::unnecessary_wraps)]
fn max(level: usize) -> Option<Bound> {
    Some(Bound { max: true, level })
}

#[allow(clippy::unnecessary_wraps)]
fn min(level: usize) -> Option<Bound> {
    Some(Bound { max: false, level })
}

/// Give a status, held from before this encounter.
fn hold(c: &mut Character, status: &str) {
    c.statuses.push(tales::engine::Held {
        id: id(status),
        turns_left: None,
        fresh: false,
    });
}

/// Answers from a list, then the first option.
struct Script(VecDeque<usize>, Vec<AskKind>);

impl Chooser for Script {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.1.push(ask.kind);
        self.0.pop_front().unwrap_or(0)
    }
}

fn script(choices: &[usize]) -> Script {
    Script(choices.iter().copied().collect(), Vec::new())
}

/// Paragraphs read, in order.
#[derive(Default)]
struct Read(Vec<u32>);

impl Sink for Read {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        if let Event::Read { paragraph, .. } = e {
            self.0.push(paragraph);
        }
    }
}

fn play(
    book: &Book,
    c: &mut Character,
    at: Target,
    seed: u64,
    choices: &[usize],
) -> (
    Result<Outcome, tales::engine::Broken>,
    Vec<u32>,
    Vec<AskKind>,
) {
    let engine = Engine::new(book);
    let mut rng = Rng::new(seed);
    let mut chooser = script(choices);
    let mut read = Read::default();
    let r = engine.encounter(c, &Start::At(at), &mut rng, &mut chooser, &mut read);
    (r, read.0, chooser.1)
}

// The example's ladder: Beggar 0, Poor 1 (start), Rich 2, Princely 3, Fabulous 4 (needs a treasure).

#[test]
fn rs_award_code_points_never_drop_below_zero() {
    // RS "Resolve the encounter": "You can never drop below 0 destiny or story points."
    assert_eq!(add_points(1, -3), 0);
    assert_eq!(add_points(2, 3), 5);
}

#[test]
fn rs_wealth_max_bound_never_raises_above_and_never_lowers() {
    // RS "Award code": W is "the number of wealth levels gained or lost (and the
    // maximum or minimum level this award can give)".
    let b = book();
    let mut c = Character::new(&b);
    c.wealth = 0;
    assert_eq!(wealth(&c, &b, 2, max(1)), 1, "max Poor stops at Poor");
    c.wealth = 2;
    assert_eq!(wealth(&c, &b, 1, max(1)), 2, "max Poor does not lower Rich");
}

#[test]
fn rs_wealth_min_bound_is_the_mirror_and_beggar_is_the_floor() {
    // RS "Wealth": "Your wealth level may never fall below Beggar."
    let b = book();
    let mut c = Character::new(&b);
    c.wealth = 3;
    assert_eq!(wealth(&c, &b, -3, min(2)), 2, "min Rich stops at Rich");
    c.wealth = 1;
    assert_eq!(
        wealth(&c, &b, -1, min(2)),
        1,
        "min Rich does not raise Poor"
    );
    c.wealth = 0;
    assert_eq!(wealth(&c, &b, -1, None), 0);
}

#[test]
fn rs_fabulous_needs_a_treasure() {
    // RS "Wealth": "You may not have a wealth level of Fabulous unless you also own a treasure."
    let b = book();
    let mut c = Character::new(&b);
    c.wealth = 3;
    assert_eq!(
        wealth(&c, &b, 1, None),
        3,
        "no treasure: Princely is the top"
    );
}

#[test]
fn rs_princely_with_a_treasure_becomes_fabulous_on_any_gain() {
    // RS "Wealth": "If you have Princely wealth and own any treasure, then the next time
    // you gain a wealth level, regardless of the stated maximum gain, your wealth becomes Fabulous."
    let b = book();
    let mut c = Character::new(&b);
    c.wealth = 3;
    c.treasures.push(id("ebony-horse"));
    assert_eq!(wealth(&c, &b, 1, max(1)), 4);
}

#[test]
fn rs_losing_the_last_treasure_drops_fabulous_one_level() {
    // RS "Wealth": "If you have Fabulous wealth and you lose your only treasure, your
    // wealth level drops to Princely immediately."
    let b = book();
    let mut c = Character::new(&b);
    c.wealth = 4;
    c.treasures.push(id("ebony-horse"));
    lose(&mut c, &b, &id("ebony-horse"));
    assert_eq!(c.wealth, 3);
}

#[test]
fn rs_skills_gain_talent_then_master() {
    // RS "Resolve the encounter": skills "are received at the Talent level ... If you
    // already have the skill, then turn the marker over ... Master level."
    let b = book();
    let mut c = Character::new(&b);
    gain(&mut c, &b, &id("piety"), None);
    assert_eq!(c.skills[&id("piety")], Level::Talent);
    gain(&mut c, &b, &id("piety"), None);
    assert_eq!(c.skills[&id("piety")], Level::Master);
}

#[test]
fn rs_master_award_sets_master_directly() {
    // FORMAT.md section 2: `Master NAME` gains the skill at Master level.
    let b = book();
    let mut c = Character::new(&b);
    master(&mut c, &id("wisdom"));
    assert_eq!(c.skills[&id("wisdom")], Level::Master);
}

#[test]
fn rs_losing_a_skill_goes_master_to_talent_to_none() {
    // RS "Losing skills": "If you have that skill at the Talent level, put it back ...
    // If you have the skill at Master level, turn it back to its Talent side."
    let b = book();
    let mut c = Character::new(&b);
    c.skills.insert(id("piety"), Level::Master);
    lose(&mut c, &b, &id("piety"));
    assert_eq!(c.skills[&id("piety")], Level::Talent);
    lose(&mut c, &b, &id("piety"));
    assert!(!c.skills.contains_key("piety"));
}

#[test]
fn faq_a_status_is_never_held_twice() {
    // FAQ "Receiving a status twice": "You can't have the same status twice at the same time."
    let b = book();
    let mut c = Character::new(&b);
    assert_eq!(
        gain(&mut c, &b, &id("wounded"), None),
        Change::Gained(id("wounded"))
    );
    assert_eq!(gain(&mut c, &b, &id("wounded"), None), Change::Nothing);
    assert_eq!(c.statuses.len(), 1);
}

#[test]
fn faq_a_second_sex_change_cancels_the_first() {
    // FAQ: "if you are already Sex-Changed, and you receive Sex-Changed, the second one
    // cancels out the first" (glossary `toggle: true`).
    let b = book();
    let mut c = Character::new(&b);
    gain(&mut c, &b, &id("sex-changed"), None);
    assert!(c.has_status("sex-changed"));
    gain(&mut c, &b, &id("sex-changed"), None);
    assert!(!c.has_status("sex-changed"));
}

#[test]
fn format_a_status_with_a_duration_wears_off_after_that_many_encounters() {
    // FORMAT.md section 2: `Scorned (1 turn)`; the engine counts the player's encounters,
    // starting after the one that gave it.
    let b = book();
    let mut c = Character::new(&b);
    gain(&mut c, &b, &id("scorned"), Some(1));
    assert!(
        end_of_encounter(&mut c).is_empty(),
        "the encounter that gave it does not count"
    );
    assert_eq!(end_of_encounter(&mut c), vec![id("scorned")]);
    assert!(!c.has_status("scorned"));
}

#[test]
fn rs_a_named_treasure_is_taken_once() {
    // RS: "If it is a specific treasure, find it in the deck and place it faceup in front of you."
    let b = book();
    let mut c = Character::new(&b);
    gain(&mut c, &b, &id("ebony-horse"), None);
    gain(&mut c, &b, &id("ebony-horse"), None);
    assert_eq!(c.treasures, vec![id("ebony-horse")]);
}

#[test]
fn rs_death_keeps_skills_and_points_and_loses_the_rest() {
    // RS "Death": "move back to Baghdad ... reduce your wealth level to Poor, and lose all
    // statuses and treasures. You do get to keep your skills, story points, and destiny points."
    let b = book();
    let mut c = Character::new(&b);
    c.destiny = 4;
    c.story = 6;
    c.wealth = 3;
    c.space = Some("elsewhere".into());
    c.skills.insert(id("piety"), Level::Master);
    hold(&mut c, "wounded");
    c.treasures.push(id("ebony-horse"));
    die(&mut c, &b);
    assert_eq!(
        (c.destiny, c.story, c.wealth),
        (4, 6, b.manifest.rules.start_level())
    );
    assert_eq!(c.space.as_deref(), Some("Bantu"), "the book's start space");
    assert!(c.statuses.is_empty() && c.treasures.is_empty());
    assert_eq!(c.skills[&id("piety")], Level::Master);
}

#[test]
fn rs_death_in_an_award_ends_the_encounter() {
    // FORMAT.md: `Death` applies the death rule. Paragraph 25: a roll of 1 on {1d6 + seamanship}.
    let b = book();
    let mut seen = false;
    for seed in 0..200 {
        let mut c = Character::new(&b);
        c.treasures.push(id("ebony-horse"));
        let (r, _, _) = play(&b, &mut c, Target::Paragraph(25), seed, &[]);
        if r.unwrap() == Outcome::Died {
            assert!(c.treasures.is_empty());
            seen = true;
            break;
        }
    }
    assert!(seen, "a 1 comes up in 200 seeds");
}

/// Chart rolls and totals.
struct Totals(Vec<(u32, u32)>);
impl Sink for Totals {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        if let Event::Chart { roll, total, .. } = e {
            self.0.push((roll, total));
        }
    }
}

#[test]
fn rs_chart_roll_adds_the_destiny_bonus_and_caps_at_12() {
    // RS "Discover who or what you have encountered": one die, +1 at 3-4 destiny,
    // +2 at 5 or more, any total above 12 resolved as 12.
    let b = book();
    let engine = Engine::new(&b);
    for (destiny, bonus) in [(0, 0), (3, 1), (4, 1), (5, 2), (9, 2)] {
        let mut t = Totals(Vec::new());
        let mut rng = Rng::new(u64::from(destiny));
        for _ in 0..50 {
            let mut c = Character::new(&b);
            c.destiny = destiny;
            let _ = engine.encounter(
                &mut c,
                &Start::At(Target::Paragraph(1)),
                &mut rng,
                &mut script(&[]),
                &mut t,
            );
        }
        for (roll, total) in t.0 {
            assert_eq!(total, (roll + bonus).min(12), "destiny {destiny}");
        }
    }
}

#[test]
fn rs_the_destiny_die_sends_the_reader_to_n_minus_1_n_or_n_plus_1() {
    // RS "Determine your destiny": minus, blank, plus.
    let b = book();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut c = Character::new(&b);
        let (_, read, _) = play(
            &b,
            &mut c,
            Target::Row {
                matrix: "L".into(),
                row: "Lost".into(),
            },
            seed,
            &[1],
        );
        seen.insert(read[0]);
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        vec![43, 44, 45],
        "reaction Rob is cell 44"
    );
}

#[test]
fn rs_master_skills_offer_the_neighbour_that_names_them() {
    // RS "Master skills": "If one of your Master skills is listed in any of the 3 possible
    // paragraphs, you may choose to go directly to that paragraph."
    let b = book();
    let mut c = Character::new(&b);
    c.skills.insert(id("seamanship"), Level::Master);
    // Matrix F row Terrible: Avoid is cell 23, whose SEAMANSHIP section is in 23 itself.
    let (r, read, asks) = play(
        &b,
        &mut c,
        Target::Row {
            matrix: "F".into(),
            row: "Terrible".into(),
        },
        1,
        &[1, 0],
    );
    r.unwrap();
    assert_eq!(asks[..2], [AskKind::Reaction, AskKind::Master]);
    assert_eq!(read, vec![23]);
    assert_eq!(
        c.skills[&id("seamanship")],
        Level::Master,
        "the SEAMANSHIP section was read"
    );
    assert!(c.story >= 1);
}

#[test]
fn rs_a_mandatory_section_is_forced() {
    // RS "Mandatory skills": "you must use that section if you have any of the skills,
    // treasures, or statuses listed for that section."
    let b = book();
    let mut c = Character::new(&b);
    hold(&mut c, "wounded");
    let (r, _, asks) = play(&b, &mut c, Target::Paragraph(29), 1, &[]);
    r.unwrap();
    assert!(
        !asks.contains(&AskKind::Section),
        "no question: WOUNDED (mandatory) is forced"
    );
    assert!(
        !c.has_status("wounded"),
        "29's WOUNDED section: Lose Wounded"
    );
}

#[test]
fn rs_the_player_picks_among_sections_they_qualify_for() {
    // RS "Skills": "You may choose to use any ONE of them, or choose to use no skill at all."
    let b = book();
    let mut c = Character::new(&b);
    c.skills.insert(id("piety"), Level::Talent);
    let (r, _, asks) = play(&b, &mut c, Target::Paragraph(20), 1, &[1]);
    r.unwrap();
    assert_eq!(asks, vec![AskKind::Section]);
    assert!(
        c.has_status("blessed"),
        "the second option is PIETY: [D1 / S1 / Blessed]"
    );
}

#[test]
fn format_conditions_are_decided_by_the_engine() {
    // FORMAT.md section 2: "{expr} ... The engine decides, not the player"; `{else}` takes the rest.
    let b = book();
    let mut c = Character::new(&b);
    hold(&mut c, "wounded");
    let (_, _, asks) = play(&b, &mut c, Target::Paragraph(900), 1, &[]);
    assert!(asks.is_empty());
    assert_eq!((c.story, c.destiny), (1, 0));
    let mut c = Character::new(&b);
    play(&b, &mut c, Target::Paragraph(900), 1, &[]).0.unwrap();
    assert_eq!((c.story, c.destiny), (0, 1), "the else branch");
}

#[test]
fn format_a_die_roll_adds_one_per_named_skill_held() {
    // FORMAT.md section 2: "{2d6 + quick-thinking + scholarship} (dice, plus 1 for each named skill held)".
    let b = book();
    for seed in 0..50 {
        let mut c = Character::new(&b);
        c.skills.insert(id("piety"), Level::Talent);
        c.skills.insert(id("wisdom"), Level::Talent);
        play(&b, &mut c, Target::Paragraph(901), seed, &[])
            .0
            .unwrap();
        assert!(
            c.story >= 2,
            "1d6 + 2 is at least 3: never the Low band (1-2)"
        );
    }
}

#[test]
fn faq_a_choice_cannot_take_a_status_already_held() {
    // FAQ: "you can't choose to take a status you already have".
    let b = book();
    let mut c = Character::new(&b);
    hold(&mut c, "wounded");
    let (_, _, asks) = play(&b, &mut c, Target::Paragraph(902), 1, &[0]);
    assert_eq!(asks, vec![AskKind::Award]);
    assert!(c.has_status("blessed"), "the only open option");
}

#[test]
fn format_references_in_awards_are_followed() {
    // FORMAT.md section 2: `@N` alone: go to paragraph N.
    let b = book();
    let mut c = Character::new(&b);
    let (r, read, _) = play(&b, &mut c, Target::Paragraph(903), 1, &[]);
    r.unwrap();
    assert_eq!(read, vec![903, 904]);
    assert_eq!((c.story, c.destiny), (1, 1));
}

#[test]
fn a_book_that_loops_stops_with_a_broken_node_not_a_hang() {
    let b = book();
    let mut c = Character::new(&b);
    let (r, _, _) = play(&b, &mut c, Target::Paragraph(905), 1, &[]);
    assert!(r.unwrap_err().message.contains("loops"));
}

#[test]
fn a_dangling_reference_stops_the_encounter_with_a_diagnostic() {
    let b = book();
    let mut c = Character::new(&b);
    let (r, _, _) = play(&b, &mut c, Target::Paragraph(4242), 1, &[]);
    assert_eq!(r.unwrap_err().message, "paragraph 4242 does not exist");
}

#[test]
fn the_same_seed_and_choices_give_the_same_encounter() {
    let b = book();
    let run = || {
        let mut c = Character::new(&b);
        let engine = Engine::new(&b);
        let mut rng = Rng::new(42);
        let mut chooser = tales::engine::RandomChooser(Rng::new(7));
        for _ in 0..50 {
            let _ = engine.encounter(&mut c, &Start::Card, &mut rng, &mut chooser, &mut Quiet);
        }
        c
    };
    assert_eq!(run(), run());
}

#[test]
fn rs_chart_roll_adds_the_gem_number_of_the_space() {
    // RS "Discover who or what you have encountered": "Roll a die and total the result and
    // any number printed inside the icon your character is on" (`gem:` in `world.spaces`).
    let yaml = std::fs::read_to_string(common::fixture("spec-example/book.yaml"))
        .unwrap()
        .replace(
            "{name: Bantu, terrain: city}",
            "{name: Bantu, terrain: city, gem: 9}",
        );
    let d = common::book_with("spec-example", &[("book.yaml", &yaml)]);
    let (b, _) = tales::load::load_book(&std::fs::canonicalize(d.path().join("book")).unwrap());
    let engine = Engine::new(&b);
    let mut t = Totals(Vec::new());
    let mut rng = Rng::new(3);
    for _ in 0..30 {
        let mut c = Character::new(&b);
        let _ = engine.encounter(
            &mut c,
            &Start::At(Target::Paragraph(1)),
            &mut rng,
            &mut script(&[]),
            &mut t,
        );
    }
    assert!(!t.0.is_empty());
    for (roll, total) in t.0 {
        assert_eq!(total, (roll + 9).min(12));
    }
}

#[test]
fn a_chart_that_points_at_itself_stops_instead_of_recursing() {
    let d = common::book_with(
        "spec-example",
        &[(
            "tales/charts.tales",
            "-1- chart\n 1-12 A mirror @1\n\n-2- chart (L)\n 1-12 A {Lost} Merchant\n\n-3- chart\n 1-12 A {Terrible} Sandstorm (F)\n",
        )],
    );
    let (b, _) = tales::load::load_book(&std::fs::canonicalize(d.path().join("book")).unwrap());
    let mut c = Character::new(&b);
    let (r, _, _) = play(&b, &mut c, Target::Paragraph(1), 1, &[]);
    assert!(r.unwrap_err().message.contains("the book loops"));
}

/// Cards drawn and matrices reacted in, in order.
#[derive(Default)]
struct Cards(Vec<String>);

impl Sink for Cards {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        match e {
            Event::Card { kind, name } => self.0.push(format!("{kind} card: {name}")),
            Event::Reaction { matrix, .. } => self.0.push(format!("matrix {matrix}")),
            _ => {}
        }
    }
}

#[test]
fn status_card_imprisoned_replaces_the_encounter_card_with_its_encounters() {
    // Rulebook (es), status card Aprisionado: "No tienes encuentros normales
    // mientras estés Aprisionado; en su lugar, siempre te encuentras con un
    // carcelero ... matriz de reacción K". The glossary's `encounters: "@K"`.
    let b = book();
    let engine = Engine::new(&b);
    for seed in 0..20 {
        let mut c = Character::new(&b);
        hold(&mut c, "imprisoned");
        let mut cards = Cards::default();
        let r = engine.encounter(
            &mut c,
            &Start::Card,
            &mut Rng::new(seed),
            &mut script(&[]),
            &mut cards,
        );
        r.unwrap();
        assert_eq!(cards.0[..2], ["status card: Imprisoned", "matrix K"]);
    }
    // Without the status, a card of the deck.
    let mut c = Character::new(&b);
    let mut cards = Cards::default();
    let _ = engine.encounter(
        &mut c,
        &Start::Card,
        &mut Rng::new(1),
        &mut script(&[]),
        &mut cards,
    );
    assert!(!cards.0[0].starts_with("status"), "{:?}", cards.0);
}
