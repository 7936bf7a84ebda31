//! The board's effects of awards (FORMAT.md 9.3), applied after the
//! encounter that read them, in the order read: movements (by the player
//! or by another player), immediate encounters, destination markers with
//! an award taken on arrival. docs/game.md, "Movement by awards", says each
//! choice the seeds leave open.

use super::score::{Scorer, Source};
use super::turn::Begin;
use super::{Game, Policy, Tee, Watch};
use crate::engine::Start;
use crate::ir::rules::{Loss, RuleKind};
use crate::ir::{Award, AwardItem, Effect, Target, Typed, Way};

/// How an award's move is made: who picks the space, whether an
/// encounter follows, whether the player may stay.
#[derive(Clone, Copy)]
struct How {
    by_other: bool,
    encounter: bool,
    optional: bool,
}

/// Immediate encounters a turn may chain (an award of one leading to
/// another): past them the effect is dropped, so no book loops a turn.
pub(super) const CHAIN: u32 = 8;

impl Game<'_, '_> {
    /// Apply the board's effects an encounter read; `true` when the player
    /// died in an encounter they led to (the rest are dropped).
    pub(super) fn board_effects<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        effects: Vec<Typed>,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        for t in effects {
            let died = match t {
                Typed::Move {
                    way,
                    by_other,
                    encounter,
                    optional,
                } => {
                    let how = How {
                        by_other,
                        encounter,
                        optional,
                    };
                    self.moved(seat, &way, how, policy, watch)
                }
                Typed::Encounter { row, .. } => match row.id.split_once(':') {
                    Some((matrix, row)) => {
                        let t = Target::Row {
                            matrix: matrix.to_owned(),
                            row: row.to_owned(),
                        };
                        self.immediate(seat, Begin::At(t), policy, watch)
                    }
                    None => false,
                },
                Typed::Destination {
                    way,
                    by_other,
                    arrival,
                } => {
                    self.destination(seat, &way, by_other, arrival, policy);
                    false
                }
                _ => false,
            };
            if died {
                return true;
            }
        }
        false
    }

    /// Where `way` may take the player, and the pick of who decides
    /// (`None`: nowhere to go).
    fn choose<P: Policy>(
        &mut self,
        seat: usize,
        way: &Way,
        by_other: bool,
        policy: &mut P,
    ) -> Option<usize> {
        let at = self.players[seat].at;
        let ends = super::reach::ends(self.board, &self.neighbours, at, way);
        if ends.is_empty() {
            return None;
        }
        let n = self.players.len();
        let k = if !by_other {
            let toward = self.toward(seat);
            policy.space(seat, &ends, toward.as_deref())
        } else if n > 1 {
            // Another seat, the player's pick, decides.
            let other = self.mover(seat, policy);
            policy.space(other, &ends, None)
        } else {
            // Alone: at random.
            self.rng
                .below(u32::try_from(ends.len()).unwrap_or(u32::MAX)) as usize
        };
        Some(ends[k.min(ends.len() - 1)])
    }

    /// The seat the player in `seat` picks to move them (there are
    /// others): the seats after theirs, in turn order.
    pub(super) fn mover<P: Policy>(&self, seat: usize, policy: &mut P) -> usize {
        let n = self.players.len();
        let others: Vec<usize> = (1..n).map(|i| (seat + i) % n).collect();
        others[policy.mover(seat, &others).min(n - 2)]
    }

    /// A movement of an award: to the space chosen, the arrival award
    /// taken there; a place of power's encounter and exit, or the new
    /// space's encounter when the award says so. An optional move the
    /// policy declines leaves the player where they are, with nothing
    /// more. `true` on a death.
    fn moved<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        way: &Way,
        how: How,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        if how.optional {
            let at = self.players[seat].at;
            let ends = super::reach::ends(self.board, &self.neighbours, at, way);
            let toward = self.toward(seat);
            if ends.is_empty() || !policy.take_move(seat, at, &ends, toward.as_deref()) {
                return false;
            }
        }
        let Some(to) = self.choose(seat, way, how.by_other, policy) else {
            return false;
        };
        let p = &mut self.players[seat];
        p.at = to;
        p.c.space = Some(self.board.spaces[to].name.value.clone());
        self.moved_by_effect(seat);
        if self.arrive(seat, policy, watch) {
            return true;
        }
        if self.board.spaces[to].is_place() {
            // No turn ends on a place of power: its encounter, then its exit.
            return self.immediate(seat, Begin::Place, policy, watch);
        }
        how.encounter && self.immediate(seat, Begin::Space, policy, watch)
    }

    /// `lose-when: moved-by-effect` (Imprisoned): the statuses held that
    /// an award's move ends.
    pub(super) fn moved_by_effect(&mut self, seat: usize) {
        let book = self.engine.book;
        let c = &mut self.players[seat].c;
        let ends: Vec<crate::ir::Id> = c
            .statuses
            .iter()
            .map(|s| s.id)
            .filter(|id| {
                book.glossary.by_id(id).is_some_and(|e| {
                    e.rules.iter().any(|r| match &r.kind {
                        RuleKind::LoseWhen(l) => l.iter().any(|l| l.value == Loss::MovedByEffect),
                        _ => false,
                    })
                })
            })
            .collect();
        for id in ends {
            let _ = crate::engine::character::lose(c, book, &id);
        }
    }

    /// An immediate encounter, while the turn's chain allows one.
    fn immediate<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        begin: Begin,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        if self.chain == 0 {
            return false;
        }
        self.chain -= 1;
        self.encounter(seat, begin, policy, watch)
    }

    /// `Place your Destination marker in ...; when you arrive there,
    /// ITEMS`: the marker (replacing an old one) and its award.
    fn destination<P: Policy>(
        &mut self,
        seat: usize,
        way: &Way,
        by_other: bool,
        arrival: Vec<Effect>,
        policy: &mut P,
    ) {
        let Some(to) = self.choose(seat, way, by_other, policy) else {
            return;
        };
        let span = crate::span::Span::file_start(crate::span::FileId(0));
        let items = arrival
            .into_iter()
            .map(|effect| AwardItem { effect, span })
            .collect();
        let p = &mut self.players[seat];
        p.marker = Some(to);
        p.arrival = Some(Award { items, span });
    }

    /// On the marker's space: the marker removed and its arrival award
    /// taken (through the engine, its points to `card`). `true` on a death.
    pub(super) fn arrive<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        let p = &mut self.players[seat];
        if p.marker != Some(p.at) {
            return false;
        }
        p.marker = None;
        let Some(award) = p.arrival.take() else {
            return false;
        };
        let mut scorer = Scorer::new(Source::Card, &mut self.record.points);
        let before = (p.c.destiny, p.c.story, p.c.wealth);
        let mut tee = Tee(&mut scorer, watch.begin(&Start::Card));
        let outcome = self
            .engine
            .award(&mut p.c, &award, &mut self.rng, policy, &mut tee);
        watch.end(before, &p.c, &outcome);
        let board = std::mem::take(&mut scorer.board);
        self.outcome(seat, outcome) || self.board_effects(seat, board, policy, watch)
    }
}

#[cfg(test)]
mod tests {
    use super::super::NoWatch;
    use super::*;
    use crate::engine::{Engine, Quiet, Rng};
    use crate::ir::Book;

    fn book() -> Book {
        crate::load::load_book(std::path::Path::new("tests/fixtures/game-moves")).0
    }

    /// Paragraph `n` read as an encounter by seat 0 of a game of
    /// `players` (wealth Poor moves 0: only awards move); then `look`.
    fn read_in<T>(
        engine: &Engine,
        n: u32,
        players: usize,
        seed: u64,
        look: impl Fn(&Game) -> T,
    ) -> T {
        let mut policy = super::super::Uniform(Rng::new(seed));
        let mut game = Game::alone_for_test(engine, players, seed, &mut policy);
        game.chain = CHAIN;
        let begin = Begin::At(Target::Paragraph(n));
        game.encounter(0, begin, &mut policy, &mut NoWatch(Quiet));
        look(&game)
    }

    fn read<T>(n: u32, players: usize, seed: u64, look: impl Fn(&Game) -> T) -> T {
        let book = book();
        read_in(&Engine::new(&book), n, players, seed, look)
    }

    fn at(g: &Game) -> String {
        g.board.spaces[g.players[0].at].name.value.clone()
    }

    #[test]
    fn moves_to_a_space_or_any_space_of_a_kind() {
        assert_eq!(read(200, 1, 1, at), "Isle");
        // The only other city.
        assert_eq!(read(201, 1, 1, at), "Isle");
        // Home -> Dunes -> Oasis.
        assert_eq!(read(202, 1, 1, at), "Oasis");
        // Another player's pick, and alone at random: the one island.
        assert_eq!(read(204, 2, 1, at), "Isle");
        assert_eq!(read(204, 1, 1, at), "Isle");
    }

    #[test]
    fn n_spaces_moves_one_to_n_and_up_to_n_may_stay() {
        // Uniform among the ends: each about half (or a third) of 600.
        let book = book();
        let engine = Engine::new(&book);
        let count = |n: u32, players: usize, name: &str| {
            (0..600)
                .filter(|&seed| read_in(&engine, n, players, seed, at) == name)
                .count()
        };
        for name in ["Dunes", "Gulf"] {
            let k = count(203, 1, name);
            assert!((240..=360).contains(&k), "{name}: {k}");
        }
        assert_eq!(count(203, 1, "Home"), 0);
        for name in ["Home", "Dunes", "Gulf"] {
            let k = count(210, 1, name);
            assert!((140..=260).contains(&k), "{name}: {k}");
        }
        // Another player places you in any desert space: both deserts.
        for name in ["Dunes", "Oasis"] {
            let k = count(209, 3, name);
            assert!((240..=360).contains(&k), "{name}: {k}");
        }
    }

    #[test]
    fn an_optional_move_is_taken_or_declined_by_the_policy() {
        // 212: "You may move to Isle". Without a goal the default policy
        // tosses a coin: both happen, and a declined move stays home.
        let book = book();
        let engine = Engine::new(&book);
        let ends: Vec<String> = (0..40).map(|s| read_in(&engine, 212, 1, s, at)).collect();
        assert!(ends.iter().any(|e| e == "Isle"), "{ends:?}");
        assert!(ends.iter().any(|e| e == "Home"), "{ends:?}");
        assert!(ends.iter().all(|e| e == "Isle" || e == "Home"), "{ends:?}");
    }

    #[test]
    fn the_nearest_city_by_sea_and_a_coastal_city_are_moved_to() {
        // From Home: Home is the nearest city (it stays); by sea only
        // Gulf is in reach; the only other coastal city is Isle.
        assert_eq!(read(213, 1, 1, at), "Home");
        for seed in 0..10 {
            assert_eq!(read(214, 1, seed, at), "Gulf");
            assert_eq!(read(215, 1, seed, at), "Isle");
        }
    }

    #[test]
    fn another_player_picks_the_place_of_power_an_opportunity_marks() {
        // 216: any Place of Power, another player's pick; the Tower is the
        // board's one place, alone or not.
        for players in [1, 3] {
            let marker = read(216, players, 1, |g| g.players[0].marker);
            let tower = book().board.unwrap().position("Tower");
            assert_eq!(marker, tower);
        }
    }

    #[test]
    fn a_place_of_power_is_its_encounter_then_its_exit() {
        let (space, destiny, encounters) = read(205, 1, 1, |g| {
            (at(g), g.players[0].c.destiny, g.players[0].encounters)
        });
        assert_eq!((space.as_str(), destiny, encounters), ("Dunes", 1, 2));
    }

    #[test]
    fn an_immediate_encounter_is_the_new_spaces_card_or_a_row() {
        // Dunes, then the deck's Guide: S1 from the matrix.
        let got = read(206, 1, 1, |g| {
            (at(g), g.players[0].c.story, g.players[0].encounters)
        });
        assert_eq!((got.0.as_str(), got.1, got.2), ("Dunes", 1, 2));
        // The row A:Kind now: S1, at home.
        let got = read(207, 1, 1, |g| {
            (at(g), g.players[0].c.story, g.players[0].encounters)
        });
        assert_eq!((got.0.as_str(), got.1, got.2), ("Home", 1, 2));
    }

    #[test]
    fn the_next_turns_encounter_is_the_row_an_award_named_instead_of_a_card() {
        // 211: "Next turn, instead of drawing an encounter card, encounter
        // a Stern (Matrix A)": nothing now; the next turn's encounter is
        // the row (D1, cells 104 to 106), no card drawn (the deck's Guide
        // would give S1); the turn after draws again.
        let book = book();
        let engine = Engine::new(&book);
        for seed in 0..10 {
            let mut policy = super::super::Uniform(Rng::new(seed));
            let mut game = Game::alone_for_test(&engine, 1, seed, &mut policy);
            let mut w = NoWatch(Quiet);
            game.chain = CHAIN;
            let begin = Begin::At(Target::Paragraph(211));
            game.encounter(0, begin, &mut policy, &mut w);
            let p = &game.players[0];
            assert_eq!((p.c.destiny, p.c.story), (0, 0));
            assert!(
                matches!(&p.next, Some(Target::Row { matrix, row }) if matrix == "A" && row == "Stern"),
                "{:?}",
                p.next
            );
            game.encounter(0, Begin::Turn, &mut policy, &mut w);
            let p = &game.players[0];
            assert_eq!((p.c.destiny, p.c.story, p.next.is_none()), (1, 0, true));
            game.encounter(0, Begin::Turn, &mut policy, &mut w);
            assert_eq!(game.players[0].c.story, 1, "a card again: the Guide");
        }
    }

    #[test]
    fn a_destination_marker_pays_on_arrival_once() {
        let book = book();
        let engine = Engine::new(&book);
        let mut policy = super::super::Uniform(Rng::new(3));
        let mut game = Game::alone_for_test(&engine, 1, 3, &mut policy);
        let mut w = NoWatch(Quiet);
        let mut read = |g: &mut Game, n: u32| {
            g.chain = CHAIN;
            g.encounter(0, Begin::At(Target::Paragraph(n)), &mut policy, &mut w);
        };
        read(&mut game, 208);
        let oasis = game.board.position("Oasis");
        assert_eq!(game.players[0].marker, oasis);
        assert_eq!(game.players[0].c.destiny, 0);
        // Walk there: D2 and the marker gone.
        read(&mut game, 202);
        assert_eq!(
            (game.players[0].marker, game.players[0].c.destiny),
            (None, 2)
        );
        // Back and there again: nothing more.
        read(&mut game, 200);
        read(&mut game, 202);
        assert_eq!(game.players[0].c.destiny, 2);
    }

    #[test]
    fn a_move_by_an_award_ends_a_status_lost_when_moved_by_effect() {
        let book = book();
        let engine = Engine::new(&book);
        let mut policy = super::super::Uniform(Rng::new(3));
        let mut game = Game::alone_for_test(&engine, 1, 3, &mut policy);
        let imprisoned = crate::ir::Id::from("imprisoned");
        let _ = crate::engine::character::gain(&mut game.players[0].c, &book, &imprisoned, None);
        assert!(game.players[0].c.holds(imprisoned));
        game.chain = CHAIN;
        let begin = Begin::At(Target::Paragraph(200));
        game.encounter(0, begin, &mut policy, &mut NoWatch(Quiet));
        assert_eq!(at(&game), "Isle");
        assert!(!game.players[0].c.holds(imprisoned));
    }

    #[test]
    fn a_chain_of_immediate_encounters_stops() {
        let book = book();
        let engine = Engine::new(&book);
        let mut policy = super::super::Uniform(Rng::new(3));
        let mut game = Game::alone_for_test(&engine, 1, 3, &mut policy);
        game.chain = 0;
        let begin = Begin::At(Target::Paragraph(207));
        game.encounter(0, begin, &mut policy, &mut NoWatch(Quiet));
        // The row's encounter is past the chain: dropped.
        assert_eq!(
            (game.players[0].c.story, game.players[0].encounters),
            (0, 1)
        );
    }
}
