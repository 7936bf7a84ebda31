//! Statuses and treasures that act, in the engine (FORMAT.md 9.2,
//! `docs/rules.md`): the reference glossary's cards played in encounters,
//! the rules summary's FAQ cases that need no board, and the functions the
//! whole game calls (`engine::rules`).

use crate::common;
use std::collections::VecDeque;
use tales::engine::rules::{self, Movement};
use tales::engine::{Ask, AskKind, Character, Chooser, Engine, Event, Held, Rng, Sink, Start};
use tales::ir::rules::Choice;
use tales::ir::{Book, Id, Target};

/// The spec example with the reference glossary (every published status
/// card, with its rules), a treasure with rules, a matrix with Court and
/// Rob, and paragraphs for the tests.
fn book() -> Book {
    let reference = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/reference/glossary.yaml"),
    )
    .unwrap();
    let glossary = reference.replacen("skills:\n", "skills:\n  perception: Perception\n", 1)
        + "treasures:\n  ebony-horse: {name: Ebony Horse, sell: Rich}\n"
        + "  sea-chart:\n    name: Sea Chart\n    rules:\n      counts-as: [Seamanship]\n      roll-bonus: 1\n      movement: {sea: 1}\n";
    let matrices = std::fs::read_to_string(common::fixture("spec-example/matrices.yaml")).unwrap()
        + "A:\n  reactions: [Court, Rob, Aid]\n  rows:\n    Lonely: [71, 74, 77]\nH:\n  reactions: [Flee]\n  rows:\n    Pursuer: [~]\n";
    let d = common::book_with(
        "spec-example",
        &[
            ("glossary.yaml", &glossary),
            ("matrices.yaml", &matrices),
            ("tales/rules.tales", TALES),
        ],
    );
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (book, diags) = tales::load::load_book(&root);
    let rules_findings: Vec<_> = diags
        .iter()
        .filter(|d| d.primary.span.file == book.glossary.entries[0].id.span.file)
        .map(|d| d.message.clone())
        .collect();
    assert!(rules_findings.is_empty(), "{rules_findings:?}");
    std::mem::forget(d);
    book
}

const TALES: &str = "\
# tales: allow(unreachable-paragraph)
-70-
[S1]

-71-
[S1]

-72-
[S1]

-73-
[D1]

-74-
[D1]

-75-
[D1]

-76-
[W+1]

-77-
[W+1]

-78-
[W+1]

# tales: allow(unreachable-paragraph)
-910-
Roll: {1d6}
> 1-3: Low. [S1]
> 4-6: High. [D1]

# tales: allow(unreachable-paragraph)
-911-
A test of charm.

NO SKILL: [D1]

SEDUCTION: [S3]

# tales: allow(unreachable-paragraph)
-912-
[S1]

# tales: allow(unreachable-paragraph)
-913-
[D3]

# tales: allow(unreachable-paragraph)
-914-
[Sex-Changed]

# tales: allow(unreachable-paragraph)
-915-
[Choice of Wounded or Diseased]

# tales: allow(unreachable-paragraph)
-916-
[Blessed]

# tales: allow(unreachable-paragraph)
-917-
[Beloved]

# tales: allow(unreachable-paragraph)
-919-
[D2]

# tales: allow(unreachable-paragraph)
-920-
[Love Struck]

# tales: allow(unreachable-paragraph)
-921-
[Sultan]

# tales: allow(unreachable-paragraph)
-922-
[Wisdom]

# tales: allow(unreachable-paragraph)
-923-
[D1 / W+1]

# tales: allow(unreachable-paragraph)
-924-
[Ebony Horse]

# tales: allow(unreachable-paragraph)
-918-
Roll: {1d6 + seamanship}
> 1-6: Low. [S1]
> 7+: High. [D1]
";

fn id(s: &str) -> Id {
    s.into()
}

fn hold(c: &mut Character, status: &str) {
    c.statuses.push(Held {
        id: id(status),
        turns_left: None,
        fresh: false,
    });
}

/// Answers from a list, then the first option; every question kept.
#[derive(Default)]
struct Script(VecDeque<usize>, Vec<(AskKind, Vec<String>)>);

impl Chooser for Script {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        let options = ask.options.iter().map(|s| (*s).to_owned()).collect();
        self.1.push((ask.kind, options));
        self.0.pop_front().unwrap_or(0)
    }
}

/// The rule events, as `play` words them (`Name: what`).
#[derive(Default)]
struct Rules<'b>(Vec<String>, Option<&'b Book>);

impl Sink for Rules<'_> {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        let book = self.1.unwrap();
        match e {
            Event::Rule { entry, what } => {
                let name = &book.glossary.by_id(&entry).unwrap().name.value;
                self.0.push(format!("{name}: {what}"));
            }
            Event::Expired { status } => self.0.push(format!("lost {status}")),
            Event::NotOffered { reaction, why } => self.0.push(format!("{reaction}: {why}")),
            _ => {}
        }
    }
}

fn play(book: &Book, c: &mut Character, at: Target, answers: &[usize]) -> (Script, Vec<String>) {
    let engine = Engine::new(book);
    let mut chooser = Script(answers.iter().copied().collect(), Vec::new());
    let mut sink = Rules(Vec::new(), Some(book));
    engine
        .encounter(c, &Start::At(at), &mut Rng::new(7), &mut chooser, &mut sink)
        .unwrap();
    (chooser, sink.0)
}

// --- The FAQ cases -------------------------------------------------------

/// FAQ, "Seamanship and Crippled/Diseased": Poor moves 3 by land and 2 by
/// sea; Seamanship makes it 3/4; Crippled then 2/3.
#[test]
fn seamanship_with_crippled_moves_two_by_land_and_three_by_sea() {
    let book = book();
    let mut c = Character::new(&book);
    c.skills
        .insert(id("seamanship"), tales::engine::Level::Talent);
    hold(&mut c, "crippled");
    let m: Movement = rules::movement(&book, &c, 3, 2);
    assert_eq!((m.land, m.sea, m.limit), (2, 3, None));
    assert_eq!(
        m.reasons,
        [
            "Seamanship: sea movement 2 → 4",
            "Crippled: movement 3 → 2 by land, 4 → 3 by sea"
        ]
    );
}

/// The task's example: a Poor character who is only Crippled.
#[test]
fn crippled_alone_says_movement_three_to_two() {
    let book = book();
    let mut c = Character::new(&book);
    c.skills.insert(id("wisdom"), tales::engine::Level::Talent);
    hold(&mut c, "crippled");
    let m = rules::movement(&book, &c, 3, 3);
    assert_eq!(m.reasons, ["Crippled: movement 3 → 2"]);
    assert_eq!(m.most(), 2);
}

/// Imprisoned: no movement; Lost: one space.
#[test]
fn imprisoned_cannot_move_and_lost_moves_one_space() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "imprisoned");
    let m = rules::movement(&book, &c, 3, 2);
    assert_eq!((m.most(), m.limit), (0, Some(0)));
    assert_eq!(m.reasons, ["Imprisoned: movement 3 → 0"]);
    let mut c = Character::new(&book);
    hold(&mut c, "lost");
    assert_eq!(rules::movement(&book, &c, 3, 2).most(), 1);
}

/// FAQ, "Imprisoned": in a city, no treasure is sold (nor a city card
/// played); free, the same character may.
#[test]
fn imprisoned_cannot_sell_a_treasure() {
    let book = book();
    let mut c = Character::new(&book);
    c.treasures.push(id("ebony-horse"));
    assert_eq!(rules::trade_barred(&book, &c), None);
    hold(&mut c, "imprisoned");
    assert_eq!(rules::trade_barred(&book, &c), Some(id("imprisoned")));
}

/// FAQ, "Receiving a status twice": a second Sex-Changed cancels the first.
#[test]
fn a_second_sex_changed_cancels_the_first() {
    let book = book();
    let mut c = Character::new(&book);
    play(&book, &mut c, Target::Paragraph(914), &[]);
    assert!(c.has_status(id("sex-changed")));
    assert_eq!(c.gender_now(&book), c.gender.other());
    assert_eq!(rules::victory_barred(&book, &c), [id("sex-changed")]);
    play(&book, &mut c, Target::Paragraph(914), &[]);
    assert!(!c.has_status(id("sex-changed")));
    assert_eq!(c.gender_now(&book), c.gender);
    assert!(rules::victory_barred(&book, &c).is_empty());
}

/// FAQ, "Under Geas": it goes after 3 destiny more than at its gain (7D
/// then, 10D now); 2 more are not enough.
#[test]
fn under_geas_ends_after_three_destiny() {
    let book = book();
    let mut c = Character::new(&book);
    c.destiny = 7;
    Engine::new(&book).gain(
        &mut c,
        id("under-geas"),
        &mut Rng::new(3),
        &mut Script::default(),
        &mut tales::engine::Quiet,
    );
    assert_eq!(c.marks.last().map(|m| m.destiny), Some(7));
    assert_eq!(rules::victory_barred(&book, &c), [id("under-geas")]);
    let (_, said) = play(&book, &mut c, Target::Paragraph(919), &[]);
    assert_eq!(c.destiny, 9);
    assert!(c.has_status(id("under-geas")), "{said:?}");
    let (_, said) = play(&book, &mut c, Target::Paragraph(919), &[]);
    assert!(!c.has_status(id("under-geas")));
    assert!(
        said.contains(&"Under Geas: destiny rose by 3".to_owned()),
        "{said:?}"
    );
}

/// FAQ, "Envious and Insane": another player chooses the reaction, but
/// where Rob is offered, Rob it must be.
#[test]
fn envious_with_insane_another_player_must_choose_rob() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "envious");
    hold(&mut c, "insane");
    let (chooser, said) = play(
        &book,
        &mut c,
        Target::Row {
            matrix: "A".into(),
            row: "Lonely".into(),
        },
        &[],
    );
    let reaction = chooser
        .1
        .iter()
        .find(|(k, _)| *k == AskKind::Reaction)
        .unwrap();
    assert_eq!(reaction.1, ["Rob"]);
    assert!(
        said.contains(&"Envious: Rob must be chosen".to_owned()),
        "{said:?}"
    );
    assert!(said.contains(&"Insane: another player chooses the reaction".to_owned()));
    assert_eq!(
        rules::chosen_by_another(&book, &c, Choice::Reaction),
        Some(id("insane"))
    );
}

/// FAQ: a status you already hold cannot be chosen: Diseased, Choice of
/// Wounded or Diseased gives Wounded without asking.
#[test]
fn a_status_already_held_cannot_be_chosen() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "diseased");
    let (chooser, _) = play(&book, &mut c, Target::Paragraph(915), &[1]);
    let asked = chooser
        .1
        .iter()
        .find(|(k, _)| *k == AskKind::Award)
        .unwrap();
    assert_eq!(asked.1, ["Wounded"]);
    assert!(c.has_status(id("wounded")));
}

// --- Rules applied within an encounter ------------------------------------

/// Crippled: Seduction cannot be used (NO SKILL is read), and story awards
/// are doubled.
#[test]
fn crippled_takes_seduction_and_doubles_story() {
    let book = book();
    let mut c = Character::new(&book);
    c.skills
        .insert(id("seduction"), tales::engine::Level::Talent);
    let (_, _) = play(&book, &mut c, Target::Paragraph(911), &[1]);
    assert_eq!(c.story, 3, "free, Seduction is read");
    let mut c = Character::new(&book);
    c.skills
        .insert(id("seduction"), tales::engine::Level::Talent);
    hold(&mut c, "crippled");
    let (_, said) = play(&book, &mut c, Target::Paragraph(911), &[1]);
    assert_eq!((c.destiny, c.story), (1, 0), "{said:?}");
    assert!(said.contains(&"Crippled: Seduction cannot be used".to_owned()));
    let (_, said) = play(&book, &mut c, Target::Paragraph(912), &[]);
    assert_eq!(c.story, 2);
    assert!(said.contains(&"Crippled: story award doubled, 1 → 2".to_owned()));
}

/// Crippled goes when Blessed is gained (`lose-when: gains`).
#[test]
fn crippled_goes_when_blessed_is_gained() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "crippled");
    let (_, said) = play(&book, &mut c, Target::Paragraph(916), &[]);
    assert!(c.has_status(id("blessed")));
    assert!(!c.has_status(id("crippled")), "{said:?}");
}

/// Blessed: the player names the die (never the destiny die); rolled after,
/// more than one away, the blessing goes.
#[test]
fn blessed_names_the_die() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "blessed");
    let (chooser, said) = play(&book, &mut c, Target::Paragraph(910), &[5]);
    assert_eq!(chooser.1[0].0, AskKind::Die);
    assert_eq!(chooser.1[0].1.len(), 6);
    assert_eq!(c.destiny, 1, "6 is High: D1");
    assert!(
        said.contains(&"Blessed: you name the die: 6".to_owned()),
        "{said:?}"
    );
}

/// The destiny die is never named: a matrix cell under Blessed asks no die.
#[test]
fn the_destiny_die_is_never_named() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "blessed");
    let (chooser, _) = play(
        &book,
        &mut c,
        Target::Row {
            matrix: "A".into(),
            row: "Lonely".into(),
        },
        &[2],
    );
    assert!(
        chooser.1.iter().all(|(k, _)| *k != AskKind::Die),
        "{:?}",
        chooser.1
    );
}

/// Beast Form: Court is not offered.
#[test]
fn beast_form_may_not_court() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "beast-form");
    let (chooser, said) = play(
        &book,
        &mut c,
        Target::Row {
            matrix: "A".into(),
            row: "Lonely".into(),
        },
        &[],
    );
    let reaction = chooser
        .1
        .iter()
        .find(|(k, _)| *k == AskKind::Reaction)
        .unwrap();
    assert_eq!(reaction.1, ["Rob", "Aid"]);
    assert!(
        said.contains(&"Court: Beast Form forbids it".to_owned()),
        "{said:?}"
    );
}

/// Beloved: a choice when gained; accepting gives D2 and Married (and
/// Married's own S1).
#[test]
fn beloved_asks_when_gained() {
    let book = book();
    let mut c = Character::new(&book);
    let (chooser, _) = play(&book, &mut c, Target::Paragraph(917), &[0]);
    let asked = chooser
        .1
        .iter()
        .find(|(k, _)| *k == AskKind::Award)
        .unwrap();
    assert_eq!(asked.1, ["Accept", "Refuse"]);
    assert!(c.has_status(id("married")));
    assert_eq!((c.destiny, c.story), (2, 1));
}

/// A treasure that counts as Seamanship adds to rolls that name it, and
/// its roll bonus to every roll.
#[test]
fn a_treasure_counts_as_a_skill_and_adds_to_rolls() {
    let book = book();
    let mut c = Character::new(&book);
    c.treasures.push(id("sea-chart"));
    let (_, said) = play(&book, &mut c, Target::Paragraph(918), &[]);
    assert!(
        said.contains(&"Sea Chart: +1 to the roll".to_owned()),
        "{said:?}"
    );
    let m = rules::movement(&book, &c, 3, 2);
    assert_eq!((m.land, m.sea), (3, 3));
}

/// A book whose glossary has no rules: the engine skips every rule (and so
/// rolls and asks as before).
#[test]
fn a_book_without_rules_has_none_to_apply() {
    let plain = common::book_with("spec-example", &[]);
    let root = std::fs::canonicalize(plain.path().join("book")).unwrap();
    let (book, _) = tales::load::load_book(&root);
    assert!(!rules::any(&book));
}

/// Love Struck while Married: Grief Stricken instead (`instead-if-held`).
#[test]
fn love_struck_while_married_is_grief_stricken() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "married");
    let (_, said) = play(&book, &mut c, Target::Paragraph(920), &[]);
    assert!(!c.has_status(id("love-struck")));
    assert!(c.has_status(id("grief-stricken")));
    assert!(
        said.contains(&"Love Struck: Grief Stricken instead".to_owned()),
        "{said:?}"
    );
}

/// Love Struck goes after the encounter that follows its gain
/// (`after-encounters: 1`), not after the one it was gained in.
#[test]
fn love_struck_goes_after_its_encounter() {
    let book = book();
    let mut c = Character::new(&book);
    play(&book, &mut c, Target::Paragraph(920), &[]);
    assert!(c.has_status(id("love-struck")));
    let (_, said) = play(&book, &mut c, Target::Paragraph(912), &[]);
    assert!(!c.has_status(id("love-struck")), "{said:?}");
}

/// Sultan short of 12 destiny and story: Vizier instead, and Vizier's own
/// gain (D1, S1, Courtly Graces, Wisdom).
#[test]
fn sultan_needs_twelve_points_or_is_vizier() {
    let book = book();
    let mut c = Character::new(&book);
    c.destiny = 5;
    c.story = 5;
    play(&book, &mut c, Target::Paragraph(921), &[]);
    assert!(c.has_status(id("vizier")) && !c.has_status(id("sultan")));
    assert_eq!((c.destiny, c.story), (6, 6));
    assert!(c.skills.contains_key(&id("wisdom")) && c.skills.contains_key(&id("courtly-graces")));
    let mut c = Character::new(&book);
    c.destiny = 6;
    c.story = 6;
    play(&book, &mut c, Target::Paragraph(921), &[]);
    assert!(c.has_status(id("sultan")));
    assert_eq!(c.wealth, book.manifest.rules.wealth.len() - 1, "W=Fabulous");
}

/// Insane goes when a skill is gained through an encounter.
#[test]
fn insane_goes_when_a_skill_is_gained() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "insane");
    play(&book, &mut c, Target::Paragraph(922), &[]);
    assert!(!c.has_status(id("insane")));
}

/// Scorned: destiny is taken as story, and no wealth is gained.
#[test]
fn scorned_takes_destiny_as_story_and_no_wealth() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "scorned");
    let before = c.wealth;
    let (_, said) = play(&book, &mut c, Target::Paragraph(923), &[]);
    assert_eq!((c.destiny, c.story, c.wealth), (0, 1, before), "{said:?}");
    assert!(said.contains(&"Scorned: destiny award taken as story".to_owned()));
    assert!(said.contains(&"Scorned: no wealth can be gained".to_owned()));
}

/// Grief Stricken: a Talent skill cannot be used, a Master one counts as
/// Talent.
#[test]
fn grief_stricken_counts_skills_one_level_lower() {
    let book = book();
    let mut c = Character::new(&book);
    c.skills
        .insert(id("seduction"), tales::engine::Level::Talent);
    hold(&mut c, "grief-stricken");
    play(&book, &mut c, Target::Paragraph(911), &[1]);
    assert_eq!((c.destiny, c.story), (1, 0), "NO SKILL");
    let mut c = Character::new(&book);
    c.skills
        .insert(id("seduction"), tales::engine::Level::Master);
    hold(&mut c, "grief-stricken");
    assert_eq!(
        rules::skill_level(&book, &c, id("seduction")).0,
        Some(tales::engine::Level::Talent)
    );
    play(&book, &mut c, Target::Paragraph(911), &[1]);
    assert_eq!(c.story, 3, "Master read as Talent still qualifies");
}

/// Grief Stricken gained at 8 story or more goes at one more.
#[test]
fn grief_stricken_gained_at_eight_story_needs_one_more() {
    let book = book();
    let mut c = Character::new(&book);
    c.story = 8;
    Engine::new(&book).gain(
        &mut c,
        id("grief-stricken"),
        &mut Rng::new(3),
        &mut Script::default(),
        &mut tales::engine::Quiet,
    );
    assert!(c.has_status(id("grief-stricken")));
    play(&book, &mut c, Target::Paragraph(919), &[]);
    assert!(c.has_status(id("grief-stricken")), "destiny is not story");
    play(&book, &mut c, Target::Paragraph(912), &[]);
    assert_eq!(c.story, 9);
    assert!(!c.has_status(id("grief-stricken")));
}

/// Envious is sated by a treasure gained in one encounter.
#[test]
fn envious_goes_with_a_treasure_in_one_encounter() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "envious");
    play(&book, &mut c, Target::Paragraph(924), &[]);
    assert!(!c.has_status(id("envious")));
}

/// Accursed: another player names the die; the die rolled after, more than
/// one away from the number, lifts the curse, and only then.
#[test]
fn accursed_goes_only_when_the_roll_after_is_far_from_the_number() {
    let book = book();
    let (mut kept, mut lost) = (0, 0);
    for seed in 0..40 {
        let mut c = Character::new(&book);
        hold(&mut c, "accursed");
        let engine = Engine::new(&book);
        let mut chooser = Script(VecDeque::from([2]), Vec::new());
        let mut sink = Rules(Vec::new(), Some(&book));
        engine
            .encounter(
                &mut c,
                &Start::At(Target::Paragraph(910)),
                &mut Rng::new(seed),
                &mut chooser,
                &mut sink,
            )
            .unwrap();
        assert!(
            sink.0
                .contains(&"Accursed: another player names the die: 3".to_owned())
        );
        let rolled = sink
            .0
            .iter()
            .find_map(|s| s.strip_prefix("Accursed: rolled "));
        if let Some(rest) = rolled {
            let rolled: u32 = rest[..1].parse().unwrap();
            assert!(rolled.abs_diff(3) > 1, "{rest}");
            assert!(!c.has_status(id("accursed")));
            lost += 1;
        } else {
            assert!(c.has_status(id("accursed")));
            kept += 1;
        }
    }
    assert!(kept > 0 && lost > 0, "{kept} kept, {lost} lost");
}

/// Fated: another player picks the line of an encounter table.
#[test]
fn fated_has_another_player_pick_the_chart_entry() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "fated");
    let (chooser, said) = play(&book, &mut c, Target::Paragraph(3), &[1]);
    let asked = chooser
        .1
        .iter()
        .find(|(k, _)| *k == AskKind::ChartEntry)
        .unwrap();
    assert_eq!(asked.1.len(), 2);
    assert!(said.contains(&"Fated: another player chooses the line of the table".to_owned()));
    assert_eq!(
        rules::chosen_by_another(&book, &c, Choice::ChartEntry),
        Some(id("fated"))
    );
}

/// Determined: once an encounter, an award is declined and the reaction
/// asked again, without the one already chosen.
#[test]
fn determined_declines_an_award_once_to_react_again() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "determined");
    let lonely = || Target::Row {
        matrix: "A".into(),
        row: "Lonely".into(),
    };
    // Court (cell 71: S1), declined; then Rob (cell 74: D1), taken.
    let (chooser, said) = play(&book, &mut c, lonely(), &[0, 1, 0, 0]);
    assert_eq!((c.destiny, c.story), (1, 0), "{said:?}");
    assert!(said.contains(&"Determined: award declined: react again".to_owned()));
    let reactions: Vec<&Vec<String>> = chooser
        .1
        .iter()
        .filter(|(k, _)| *k == AskKind::Reaction)
        .map(|(_, o)| o)
        .collect();
    assert_eq!(
        reactions,
        [&vec!["Court", "Rob", "Aid"], &vec!["Rob", "Aid"]]
    );
    let declines = chooser
        .1
        .iter()
        .filter(|(_, o)| o.iter().any(|o| o.starts_with("decline")))
        .count();
    assert_eq!(declines, 1, "once an encounter");
}

/// Respected: having read where a roll leads, the player may roll again;
/// the second roll stands.
#[test]
fn respected_may_roll_a_second_time() {
    let book = book();
    let mut c = Character::new(&book);
    hold(&mut c, "respected");
    let (chooser, said) = play(&book, &mut c, Target::Paragraph(910), &[1, 0]);
    assert!(chooser.1[0].1[0].starts_with("keep `"), "{:?}", chooser.1);
    assert_eq!(chooser.1[0].1[1], "roll again");
    assert!(said.contains(&"Respected: a second roll, which stands".to_owned()));
    assert_eq!(c.destiny + c.story, 1, "one award, the second roll's");
}

/// A skill whose gain gives itself three times over: the engine stops after
/// its budget of `on-gain` outcomes instead of gaining for ever.
#[test]
fn gains_that_give_each_other_stop() {
    let glossary =
        "skills:\n  echo:\n    name: Echo\n    rules:\n      on-gain: \"Echo / Echo / Echo\"\n";
    let d = common::book_with("spec-example", &[("glossary.yaml", glossary)]);
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (book, _) = tales::load::load_book(&root);
    let mut c = Character::new(&book);
    let mut sink = Rules(Vec::new(), Some(&book));
    Engine::new(&book).gain(
        &mut c,
        id("echo"),
        &mut Rng::new(1),
        &mut Script::default(),
        &mut sink,
    );
    let played = sink.0.iter().filter(|s| *s == "Echo: gained").count();
    assert_eq!(played, 64);
    assert_eq!(
        c.skills.get(&id("echo")),
        Some(&tales::engine::Level::Master)
    );
}

/// A roll bonus that pushes a total past the last band takes the last band
/// (docs/rules.md, `roll-bonus`), and says so: Blessed names a 6, the Sea
/// Chart adds 1, and 7 is read as `4-6`.
#[test]
fn a_roll_bonus_past_the_last_band_takes_the_last_band() {
    let book = book();
    let mut c = Character::new(&book);
    c.treasures.push(id("sea-chart"));
    hold(&mut c, "blessed");
    let (_, said) = play(&book, &mut c, Target::Paragraph(910), &[5]);
    assert!(
        said.contains(&"Sea Chart: a roll of 7 is past the bands: `4-6`".to_owned()),
        "{said:?}"
    );
    assert_eq!((c.destiny, c.story), (1, 0));
}

/// `check` allows a roll bonus past a closed last band (the engine takes
/// the last band): no `roll-coverage` on the spec example with a roll
/// bonus in the glossary.
#[test]
fn check_allows_a_roll_bonus_past_the_last_band() {
    let glossary = std::fs::read_to_string(common::fixture("spec-example/glossary.yaml"))
        .unwrap()
        .replace(
            "ebony-horse: {name: Ebony Horse, sell: Rich}",
            "ebony-horse: {name: Ebony Horse, sell: Rich, rules: {roll-bonus: 3}}",
        );
    let perils = std::fs::read_to_string(common::fixture("spec-example/tales/perils.tales"))
        .unwrap()
        .replace("> 5+: You steer", "> 5-7: You steer");
    assert!(glossary.contains("roll-bonus") && perils.contains("> 5-7:"));
    let d = common::book_with(
        "spec-example",
        &[
            ("glossary.yaml", &glossary),
            ("tales/perils.tales", &perils),
        ],
    );
    let checked = common::check(&d.path().join("book"));
    let codes = common::codes(&checked);
    assert!(
        !codes.iter().any(|(code, _, _)| code == "roll-coverage"),
        "{codes:?}"
    );
}
