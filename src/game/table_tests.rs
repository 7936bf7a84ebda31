//! The rules whole games apply between encounters (`table.rs`, `cities.rs`,
//! `payments.rs`), each on `tests/fixtures/game-more-rules`: a road Home -
//! Sand - Dune - Fort - Port, one land route a turn, Home and Fort and Port
//! cities. Every test would fail without its rule.

use super::quests::Had;
use super::score::Source;
use super::statuses::tests::Heard;
use super::turn::Begin;
use super::{Game, Policy, Setup, Uniform, movement};
use crate::engine::{Ask, Chooser, Level, Rng, character};
use crate::ir::{Book, Id, Target};
use std::collections::VecDeque;

fn book() -> Book {
    crate::load::load_book(std::path::Path::new("tests/fixtures/game-more-rules")).0
}

/// Answers the game's and the engine's questions from a list, then as the
/// default policy does; every question asked is kept.
struct Answers(VecDeque<usize>, Uniform, Vec<Vec<String>>);

fn answers(list: &[usize]) -> Answers {
    Answers(
        list.iter().copied().collect(),
        Uniform(Rng::new(9)),
        Vec::new(),
    )
}

impl Chooser for Answers {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.2
            .push(ask.options.iter().map(|s| (*s).to_owned()).collect());
        self.0.pop_front().unwrap_or_else(|| self.1.choose(ask))
    }
}

impl Policy for Answers {
    fn movement(&mut self, m: &[movement::Move], t: Option<&[Option<u32>]>) -> usize {
        self.1.movement(m, t)
    }
    fn space(&mut self, by: usize, s: &[usize], t: Option<&[Option<u32>]>) -> usize {
        self.1.space(by, s, t)
    }
    fn mover(&mut self, seat: usize, o: &[usize]) -> usize {
        self.1.mover(seat, o)
    }
    fn move_for(&mut self, by: usize, seat: usize, m: &[movement::Move]) -> usize {
        self.1.move_for(by, seat, m)
    }
    fn sell(&mut self, t: &[super::Sale]) -> Option<usize> {
        self.1.sell(t)
    }
    fn keep_city_card(&mut self, _: usize) -> bool {
        false
    }
    fn pick(&mut self, n: usize) -> usize {
        self.1.pick(n)
    }
}

fn game<'e, 'b>(engine: &'e crate::engine::Engine<'b>, players: usize) -> Game<'e, 'b> {
    let setup = Setup {
        players,
        goal: Some((0, 20)),
    };
    Game::new(engine, setup, 1, &mut Uniform(Rng::new(1))).unwrap()
}

/// Seat `seat` gains `id` (through the engine) at `space`, and the game
/// notes it as a turn's end does.
fn give(g: &mut Game, seat: usize, id: &str, space: &str) {
    place(g, seat, space);
    let book = g.engine.book;
    let _ = character::gain(&mut g.players[seat].c, book, &Id::from(id), None);
    g.note_new(seat);
}

fn place(g: &mut Game, seat: usize, space: &str) {
    let at = g.board.position(space).unwrap();
    g.players[seat].at = at;
    g.players[seat].c.space = Some(space.to_owned());
}

fn ends(g: &mut Game, seat: usize, heard: &mut Heard) -> Vec<String> {
    let rates = movement::rates(g.engine.book, &g.players[seat].c);
    g.legal_moves(seat, rates, heard)
        .iter()
        .map(|m| g.board.spaces[m.to].name.value.clone())
        .collect()
}

fn holds(g: &Game, seat: usize, id: &str) -> bool {
    g.players[seat].c.has_status(Id::from(id))
}

#[test]
fn a_sultan_travels_between_cities_in_one_space() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    let mut heard = Heard::default();
    assert_eq!(ends(&mut g, 0, &mut heard), ["Home", "Sand"]);
    give(&mut g, 0, "sultan", "Home");
    let mut got = ends(&mut g, 0, &mut heard);
    got.sort();
    assert_eq!(got, ["Fort", "Home", "Port", "Sand"]);
    assert_eq!(heard.0, ["Sultan: cities one space apart, 2 more ends"]);
    assert_eq!(g.record.acted, ["Sultan: city-hops"]);
}

#[test]
fn married_goes_home_before_another_city_and_is_welcomed() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    let mut policy = answers(&[]);
    let mut heard = Heard::default();
    give(&mut g, 0, "married", "Sand");
    assert_eq!(
        g.players[0].held.table.homes,
        [(Id::from("married"), 0, false)]
    );
    // An encounter in the Fort: home is owed, Port (a city) barred.
    place(&mut g, 0, "Fort");
    let had = Had {
        space: g.players[0].at,
        place: None,
        successful: true,
    };
    g.city_rules(0, &had, &mut policy, &mut heard);
    assert_eq!(ends(&mut g, 0, &mut heard), ["Dune"]);
    assert_eq!(
        heard.0,
        ["Married: home to Home first: 2 other cities barred"]
    );
    // A turn from Sand that ends at Home: welcomed, S1 counted to status.
    place(&mut g, 0, "Sand");
    g.players[0].held.table.from = g.players[0].at;
    place(&mut g, 0, "Home");
    g.homecoming(0, &mut policy, &mut heard);
    assert_eq!(heard.0[1], "Married: home again, in Home");
    assert_eq!(g.players[0].c.story, 1);
    assert_eq!(g.record.points[6], 1);
    assert!(!g.players[0].held.table.homes[0].2, "the return is paid");
    // Staying home is no homecoming.
    g.players[0].held.table.from = g.players[0].at;
    g.homecoming(0, &mut policy, &mut heard);
    assert_eq!(g.players[0].c.story, 1);
}

#[test]
fn an_outlaw_is_imprisoned_in_the_marked_city_or_when_outlawed_again() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    let mut policy = answers(&[]);
    let mut heard = Heard::default();
    // Outlawed in the Dune: the nearest city is the Fort.
    give(&mut g, 0, "outlaw", "Dune");
    let fort = g.board.position("Fort").unwrap();
    assert_eq!(g.players[0].held.table.marks, [(Id::from("outlaw"), fort)]);
    let had = |space| Had {
        space,
        place: None,
        successful: true,
    };
    g.city_rules(0, &had(0), &mut policy, &mut heard);
    assert!(holds(&g, 0, "outlaw") && heard.0.is_empty(), "not the mark");
    g.city_rules(0, &had(fort), &mut policy, &mut heard);
    assert_eq!(heard.0, ["Outlaw: an encounter in the marked city, Fort"]);
    assert!(holds(&g, 0, "imprisoned") && !holds(&g, 0, "outlaw"));
    // Outlawed again, in the desert: taken to the mark and imprisoned.
    let mut g = game(&engine, 1);
    give(&mut g, 0, "outlaw", "Dune");
    place(&mut g, 0, "Sand");
    g.chain = super::awards::CHAIN;
    g.encounter(
        0,
        Begin::At(Target::Paragraph(401)),
        &mut policy,
        &mut heard,
    );
    assert_eq!(g.players[0].at, fort);
    assert!(holds(&g, 0, "imprisoned"));
    assert!(
        heard
            .0
            .contains(&"Outlaw: Outlaw again: taken to Fort".to_owned())
    );
}

#[test]
fn lost_may_take_its_encounter_or_the_usual_one() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    // Matrix B gives destiny, the deck's matrix A story.
    for (answer, destiny, story) in [(0, 1, 0), (1, 0, 1)] {
        let mut g = game(&engine, 1);
        give(&mut g, 0, "lost", "Home");
        let mut policy = answers(&[answer, 0]);
        let mut heard = Heard::default();
        g.chain = super::awards::CHAIN;
        g.encounter(0, Begin::Turn, &mut policy, &mut heard);
        assert_eq!(policy.2[0], ["the Lost encounter", "the usual encounter"]);
        let c = &g.players[0].c;
        assert_eq!((c.destiny, c.story.min(1)), (destiny, story), "{answer}");
        let declined = heard.0.contains(&"Lost: its encounter declined".to_owned());
        assert_eq!(declined, answer == 1);
    }
}

#[test]
fn grief_is_shared_with_a_player_on_the_same_space() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 2);
    give(&mut g, 0, "grief-stricken", "Home");
    g.players[0].c.destiny = 2;
    // Without Storytelling: nothing offered.
    g.players[0].c.skills.clear();
    let mut policy = answers(&[1]);
    let mut heard = Heard::default();
    g.shares(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty() && !holds(&g, 1, "grief-stricken"));
    g.players[0]
        .c
        .skills
        .insert(Id::from("storytelling"), Level::Talent);
    g.shares(0, &mut policy, &mut heard);
    assert!(holds(&g, 1, "grief-stricken") && holds(&g, 0, "grief-stricken"));
    assert_eq!(g.players[0].c.destiny, 0);
    assert_eq!(
        heard.0,
        ["Grief Stricken: shared with player 2 for 2 destiny"]
    );
}

#[test]
fn a_vizier_with_piety_at_master_and_the_points_becomes_sultan() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    give(&mut g, 0, "vizier", "Home");
    g.players[0]
        .c
        .skills
        .insert(Id::from("piety"), Level::Talent);
    g.players[0].c.story = 4;
    let mut policy = answers(&[1]);
    let mut heard = Heard::default();
    g.exchanges(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty(), "Piety at Talent: not yet");
    g.players[0]
        .c
        .skills
        .insert(Id::from("piety"), Level::Master);
    g.exchanges(0, &mut policy, &mut heard);
    assert_eq!(policy.2[0], ["stay Vizier", "become Sultan"]);
    assert!(holds(&g, 0, "sultan") && !holds(&g, 0, "vizier"));
    assert_eq!(g.record.acted, ["Vizier: exchange"]);
}

#[test]
fn the_enslaved_players_destiny_and_treasures_go_to_the_master() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 3);
    give(&mut g, 0, "enslaved", "Home");
    let mut policy = answers(&[1]);
    let mut heard = Heard::default();
    assert!(!g.begin_turn_rules(0, &mut policy, &mut heard));
    assert_eq!(policy.2[0], ["player 2", "player 3"]);
    g.players[0].c.destiny += 2;
    g.players[0].c.story += 1;
    g.players[0].c.treasures.push(Id::from("lamp"));
    g.pay_master(0, &mut heard);
    let (slave, master) = (&g.players[0].c, &g.players[2].c);
    assert_eq!(
        (slave.destiny, slave.story, slave.treasures.len()),
        (0, 1, 0)
    );
    assert_eq!(
        (master.destiny, master.treasures.clone()),
        (2, vec![Id::from("lamp")])
    );
    assert_eq!(heard.0[1], "Enslaved: 2 destiny, Lamp go to player 3");
}

#[test]
fn a_flying_carpet_moves_once_and_is_spent() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    let carpet = Id::from("carpet");
    g.players[0].c.treasures.push(carpet);
    let mut policy = answers(&[1]);
    let mut heard = Heard::default();
    g.chain = super::awards::CHAIN;
    assert_eq!(g.one_use_move(0, &mut policy, &mut heard), Some(false));
    assert_eq!(
        policy.2[0][1],
        "use the Flying Carpet once: Move to any city"
    );
    assert!(g.board.spaces[g.players[0].at].has_terrain("city"));
    assert!(!g.players[0].c.treasures.contains(&carpet));
    assert_eq!(heard.0, ["Flying Carpet: used once: Move to any city"]);
    // Spent: nothing more is offered.
    assert_eq!(g.one_use_move(0, &mut policy, &mut heard), None);
}

#[test]
fn envy_is_paid_for_with_three_destiny_and_becomes_a_pilgrimage() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    give(&mut g, 0, "envious", "Home");
    let mut policy = answers(&[1, 1]);
    let mut heard = Heard::default();
    g.players[0].c.destiny = 2;
    g.payments(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty(), "two destiny: no way to pay");
    g.players[0].c.destiny = 3;
    // On a pilgrimage already: no second one can be chosen (FAQ).
    give(&mut g, 0, "on-pilgrimage", "Home");
    g.payments(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty() && holds(&g, 0, "envious"));
    let _ = character::lose(&mut g.players[0].c, &book, &Id::from("on-pilgrimage"));
    g.payments(0, &mut policy, &mut heard);
    assert_eq!(
        policy.2[0],
        [
            "keep Envious",
            "pay 3 destiny: Envious becomes On Pilgrimage"
        ]
    );
    assert!(holds(&g, 0, "on-pilgrimage") && !holds(&g, 0, "envious"));
    assert_eq!(g.players[0].c.destiny, 0);
}

#[test]
fn scorn_with_nothing_to_pay_is_a_pilgrimage_at_once() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    give(&mut g, 0, "scorned", "Home");
    let mut policy = answers(&[]);
    let mut heard = Heard::default();
    g.payments(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty(), "not asked");
    assert!(holds(&g, 0, "on-pilgrimage") && !holds(&g, 0, "scorned"));
    assert_eq!(
        heard.0,
        ["Scorned: nothing to pay: Scorned becomes On Pilgrimage"]
    );
}

#[test]
fn a_wound_heals_by_a_skipped_turn_or_a_wealth_level_to_a_scholar() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 2);
    give(&mut g, 0, "wounded", "Home");
    g.players[0].c.story = 1;
    g.players[1].c.skills.clear();
    let mut heard = Heard::default();
    // No destiny: only the story point; nobody with Scholarship.
    let mut policy = answers(&[0]);
    g.payments(0, &mut policy, &mut heard);
    assert_eq!(
        policy.2[0],
        [
            "keep Wounded",
            "pay 1 story and the next turn: Wounded goes"
        ]
    );
    // A scholar on the space: the wealth level to them.
    g.players[1]
        .c
        .skills
        .insert(Id::from("scholarship"), Level::Talent);
    let mut policy = answers(&[2]);
    g.payments(0, &mut policy, &mut heard);
    assert_eq!(
        policy.2[0][2],
        "pay 1 wealth level to player 2: Wounded goes"
    );
    assert_eq!((g.players[0].c.wealth, g.players[1].c.wealth), (0, 2));
    assert!(!holds(&g, 0, "wounded"));
    // Paid with the story point: the next turn is skipped.
    give(&mut g, 0, "wounded", "Home");
    let mut policy = answers(&[1]);
    g.payments(0, &mut policy, &mut heard);
    assert_eq!(g.players[0].c.story, 0);
    let encounters = g.players[0].encounters;
    g.turn(0, &mut policy, &mut heard);
    assert_eq!(g.players[0].encounters, encounters, "the turn was skipped");
    assert!(
        heard
            .0
            .contains(&"Wounded: this turn skipped, as paid".to_owned())
    );
}

#[test]
fn freedom_is_bought_only_with_wealth_gained_while_enslaved() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    give(&mut g, 0, "enslaved", "Home");
    let mut policy = answers(&[1]);
    let mut heard = Heard::default();
    g.payments(0, &mut policy, &mut heard);
    assert!(policy.2.is_empty(), "Poor as when enslaved: nothing to pay");
    g.players[0].c.wealth = 2;
    g.payments(0, &mut policy, &mut heard);
    assert!(!holds(&g, 0, "enslaved"));
    assert_eq!(g.players[0].c.wealth, 1);
}

#[test]
fn the_ensorcelled_player_goes_free_on_outrolling() {
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    let mut heard = Heard::default();
    let mut freed = 0;
    for _ in 0..200 {
        give(&mut g, 0, "ensorcelled", "Home");
        let before = heard.0.len();
        g.roll_off(0, &mut heard);
        let said = &heard.0[before];
        let n: Vec<u32> = said
            .split(|ch: char| !ch.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        let gone = !holds(&g, 0, "ensorcelled");
        assert_eq!(gone, n[0] > n[1], "{said}");
        assert_eq!(said.ends_with("it goes"), gone);
        freed += usize::from(gone);
    }
    // 15 of 36: about 83 of 200.
    assert!((50..=120).contains(&freed), "{freed}");
}

#[test]
fn points_a_status_or_a_treasure_makes_are_counted_to_it() {
    // Crippled doubles the S2 of paragraph 101: 2 to the card, 2 to the
    // status. The Lamp of paragraph 400 gives D1 on gain: the treasure's.
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut g = game(&engine, 1);
    give(&mut g, 0, "crippled", "Home");
    let mut policy = answers(&[]);
    let mut heard = Heard::default();
    for n in [101, 400] {
        g.chain = super::awards::CHAIN;
        g.encounter(0, Begin::At(Target::Paragraph(n)), &mut policy, &mut heard);
    }
    let at = |s: Source| g.record.points[Source::ALL.iter().position(|x| *x == s).unwrap()];
    assert_eq!((g.players[0].c.story, g.players[0].c.destiny), (4, 1));
    assert_eq!(
        (at(Source::Card), at(Source::Status), at(Source::Treasure)),
        (2, 2, 1)
    );
    assert_eq!(g.record.points.iter().sum::<i64>(), 5);
}

#[test]
fn whole_games_with_every_status_and_treasure_act_and_are_counted() {
    // Three players who start with every status and treasure of the
    // fixture: the rules act in turn after turn, each counted in the
    // record `sim --games` adds up.
    let book = book();
    let engine = crate::engine::Engine::new(&book);
    let mut acted = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let setup = Setup {
            players: 3,
            goal: Some((0, 20)),
        };
        let mut policy = Uniform(Rng::new(seed));
        let mut g = Game::new(&engine, setup, seed, &mut policy).unwrap();
        for seat in 0..3 {
            for e in &book.glossary.entries {
                if e.kind != crate::ir::EntryKind::Skill {
                    let _ = character::gain(&mut g.players[seat].c, &book, &e.id.value, None);
                }
            }
        }
        let record = g.play(&mut policy);
        assert!(record.broken.is_empty(), "{:?}", record.broken);
        acted.extend(
            record
                .acted
                .iter()
                .map(|a| a.rsplit(": ").next().unwrap().to_owned()),
        );
    }
    for rule in [
        "city-hops",
        "encounter-optional",
        "gains-to-another",
        "one-use-move",
        "pay",
        "roll-off",
        "marked-city",
    ] {
        assert!(acted.contains(rule), "{rule}: {acted:?}");
    }
}
