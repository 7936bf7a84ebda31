//! The statuses' rules a whole game applies beyond an encounter
//! (docs/rules.md, "What the engine applies"): the turn's rates with their
//! reasons (`movement::reasoned`), victory barred, trade barred, movement
//! chosen by another player, `encounter-on-roll`, `journey`, and the loss
//! counted in turns (`after-turns`; `moved-by-effect` is `awards.rs`'s).
//! It also keeps what the report counts: the turns each status is held,
//! and the treasures gained.

use super::movement::Move;
use super::score::{Scorer, Source};
use super::{Game, Policy, Tee, Watch};
use crate::engine::character;
use crate::engine::rules::chosen_by_another;
use crate::ir::rules::Choice;
use crate::ir::rules::{Loss, Meet, RuleKind};
use crate::ir::{Book, Id};

/// A player's statuses as the game counts them: each status held, with
/// the player's turns it has been held at a turn's end.
#[derive(Clone, Debug, Default)]
pub struct Held {
    pub turns: Vec<(Id, u32)>,
    /// The treasures held at the last turn's end.
    pub treasures: Vec<Id>,
    /// The statuses whose `journey` has had its far city.
    pub far: Vec<Id>,
    /// Homes, marks, payments and masters (`table.rs`).
    pub table: super::table::Table,
}

/// A status's `lose-when` ways.
pub(super) fn losses(book: &Book, id: Id) -> impl Iterator<Item = &Loss> {
    book.glossary
        .by_id(&id)
        .into_iter()
        .flat_map(|e| e.rules.iter())
        .filter_map(|r| match &r.kind {
            RuleKind::LoseWhen(ls) => Some(ls.iter().map(|l| &l.value)),
            _ => None,
        })
        .flatten()
}

fn name(book: &Book, id: Id) -> String {
    book.glossary
        .by_id(&id)
        .map_or_else(|| id.to_string(), |e| e.name.value.clone())
}

impl Game<'_, '_> {
    /// At a turn's end: every status held counts one more turn; one whose
    /// `after-turns: N` is reached goes. New treasures are counted.
    pub(super) fn end_of_turn<W: Watch>(&mut self, seat: usize, watch: &mut W) {
        let book = self.engine.book;
        let p = &mut self.players[seat];
        let now: Vec<Id> = p.c.statuses.iter().map(|s| s.id).collect();
        let mut turns: Vec<(Id, u32)> = now
            .iter()
            .map(|&id| {
                let t = p
                    .held
                    .turns
                    .iter()
                    .find(|(h, _)| *h == id)
                    .map_or(0, |t| t.1);
                (id, t + 1)
            })
            .collect();
        for &(id, t) in &p.held.turns {
            if !now.contains(&id) {
                self.record.held_for(&name(book, id), t);
            }
        }
        turns.retain(|&(id, t)| {
            let due = losses(book, id).any(|l| matches!(l, Loss::AfterTurns(n) if t >= *n));
            if due {
                character::lose(&mut p.c, book, &id);
                watch.rule(seat, &format!("{}: lost after {t} turns", name(book, id)));
                self.record.held_for(&name(book, id), t);
            }
            !due
        });
        p.held.turns = turns;
        p.held.far.retain(|f| now.contains(f));
        for &t in &p.c.treasures {
            if !p.held.treasures.contains(&t) {
                self.record.treasures.push(name(book, t));
            }
        }
        p.held.treasures.clone_from(&p.c.treasures);
    }

    /// At the game's end: the statuses still held, counted.
    pub(super) fn statuses_at_end(&mut self) {
        let book = self.engine.book;
        for p in &self.players {
            for &(id, t) in &p.held.turns {
                self.record.held_for(&name(book, id), t);
            }
        }
    }

    /// The move, as the player's policy picks it, or (`chosen-by-another:
    /// [movement]`) as another player's does: any legal end, not toward
    /// the player's goal.
    pub(super) fn pick_move<P: Policy, W: Watch>(
        &self,
        seat: usize,
        moves: &[Move],
        policy: &mut P,
        watch: &mut W,
    ) -> usize {
        let book = self.engine.book;
        let p = &self.players[seat];
        if let Some(id) = chosen_by_another(book, &p.c, Choice::Movement) {
            // The player picks who moves them; that player, where to
            // (alone, the one player draws it).
            let by = if self.players.len() > 1 {
                self.mover(seat, policy)
            } else {
                seat
            };
            let k = policy.move_for(by, seat, moves).min(moves.len() - 1);
            let to = &self.board.spaces[moves[k].to].name.value;
            let who = if by == seat {
                "the figure moves at random".to_owned()
            } else {
                format!("player {} moves the figure", by + 1)
            };
            watch.rule(seat, &format!("{}: {who} to {to}", name(book, id)));
            return k;
        }
        let toward = self.toward(seat);
        policy
            .movement(moves, toward.as_deref())
            .min(moves.len() - 1)
    }

    /// Before the turn's encounter, each status held with
    /// `encounter-on-roll` rolls its dice; a band that names an encounter
    /// sends the player there (by sex: the one of the player's). With
    /// `next-turn-only`, only on the first turn after the gain.
    pub(super) fn encounter_on_roll<W: Watch>(
        &mut self,
        seat: usize,
        watch: &mut W,
    ) -> Option<crate::ir::Target> {
        let book = self.engine.book;
        let p = &self.players[seat];
        let female = p.c.gender_now(book) == crate::engine::Gender::Female;
        for s in &p.c.statuses {
            let turns = p
                .held
                .turns
                .iter()
                .find(|(h, _)| *h == s.id)
                .map_or(0, |t| t.1);
            let Some(e) = book.glossary.by_id(&s.id) else {
                continue;
            };
            for r in &e.rules {
                let RuleKind::EncounterOnRoll {
                    dice,
                    bands,
                    next_turn_only,
                } = &r.kind
                else {
                    continue;
                };
                if *next_turn_only && turns > 1 {
                    continue;
                }
                let total: u32 = (0..*dice).map(|_| self.rng.die(6)).sum();
                let meet = bands
                    .iter()
                    .find(|(lo, hi, _)| (*lo..=*hi).contains(&total))
                    .map(|(_, _, m)| m);
                let Some(meet) = meet else {
                    continue;
                };
                let to = match meet {
                    Meet::At(r) => &r.target,
                    Meet::BySex { female: f, male: m } => &(if female { f } else { m }).target,
                };
                watch.rule(
                    seat,
                    &format!("{}: rolled {total}, meets {}", e.name.value, to.words(book)),
                );
                return Some(to.clone());
            }
        }
        None
    }

    /// After a successful encounter in a city: each status held with a
    /// `journey` counts it, a city more than `farther-than` routes from
    /// `to` first, then `to`; then its award is taken and the status goes.
    pub(super) fn journeys<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        had: &super::quests::Had,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let here = &self.board.spaces[had.space];
        let city = here
            .terrain
            .as_ref()
            .is_some_and(|t| crate::text::eq_ci(&t.value, "city"));
        if !had.successful || had.place.is_some() || !city {
            return;
        }
        let ids: Vec<Id> = self.players[seat].c.statuses.iter().map(|s| s.id).collect();
        for id in ids {
            let Some(e) = book.glossary.by_id(&id) else {
                continue;
            };
            for r in &e.rules {
                let RuleKind::Journey {
                    to,
                    farther_than,
                    award,
                } = &r.kind
                else {
                    continue;
                };
                let Some(to) = self.board.position(&to.value) else {
                    continue;
                };
                let p = &mut self.players[seat];
                if !p.held.far.contains(&id) {
                    let far = super::movement::distances(self.board, to)[had.space]
                        .is_some_and(|d| d > *farther_than);
                    if far {
                        p.held.far.push(id);
                        watch.rule(
                            seat,
                            &format!("{}: the far city, {}", e.name.value, here.name.value),
                        );
                    }
                } else if had.space == to {
                    p.held.far.retain(|f| *f != id);
                    watch.rule(seat, &format!("{}: the journey is done", e.name.value));
                    if let Some(o) = award {
                        let mut scorer = Scorer::new(Source::Status, &mut self.record.points);
                        let mut quiet = crate::engine::Quiet;
                        let mut tee = Tee(&mut scorer, &mut quiet);
                        self.engine
                            .outcome(&mut p.c, o, &mut self.rng, policy, &mut tee);
                    }
                    character::lose(&mut p.c, book, &id);
                }
            }
        }
    }

    /// Where the journey of a status held leads next (`journey: {to,
    /// farther-than}`, On Pilgrimage): each space's routes to the nearest
    /// city farther than `farther-than` from `to`, or, that city done, to
    /// `to`. `None` when no status held has a journey.
    pub(super) fn toward_journey(&self, seat: usize) -> Option<Vec<Option<u32>>> {
        let book = self.engine.book;
        let p = &self.players[seat];
        let (id, to, farther_than) = p.c.statuses.iter().find_map(|s| {
            book.glossary
                .by_id(&s.id)?
                .rules
                .iter()
                .find_map(|r| match &r.kind {
                    RuleKind::Journey {
                        to, farther_than, ..
                    } => Some((s.id, self.board.position(&to.value)?, *farther_than)),
                    _ => None,
                })
        })?;
        let targets: Vec<usize> = if p.held.far.contains(&id) {
            vec![to]
        } else {
            let from_to = super::movement::distances_by(self.board, &self.neighbours, &[to]);
            (0..self.board.spaces.len())
                .filter(|&s| {
                    let city = self.board.spaces[s]
                        .terrain
                        .as_ref()
                        .is_some_and(|t| crate::text::eq_ci(&t.value, "city"));
                    city && from_to[s].is_some_and(|d| d > farther_than)
                })
                .collect()
        };
        (!targets.is_empty())
            .then(|| super::movement::distances_by(self.board, &self.neighbours, &targets))
    }

    /// The entry held that bars the player's victory, named.
    pub(super) fn victory_barred(&self, seat: usize) -> Option<String> {
        let book = self.engine.book;
        let barred = crate::engine::rules::victory_barred(book, &self.players[seat].c);
        barred.first().map(|&id| name(book, id))
    }

    /// The entry held that bars trade (selling, city cards), named.
    pub(super) fn trade_barred(&self, seat: usize) -> Option<String> {
        let book = self.engine.book;
        crate::engine::rules::trade_barred(book, &self.players[seat].c).map(|id| name(book, id))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::{Game, Uniform, Watch, movement};
    use crate::engine::{Broken, Character, Engine, Outcome, Quiet, Rng, Sink, Start, character};
    use crate::ir::{Book, Id};

    pub(crate) fn book() -> Book {
        crate::load::load_book(std::path::Path::new("tests/fixtures/game-rules")).0
    }

    /// A watch that keeps what the game's rules said.
    pub(crate) struct Heard(pub Vec<String>, Quiet);

    impl Default for Heard {
        fn default() -> Self {
            Heard(Vec::new(), Quiet)
        }
    }

    impl Watch for Heard {
        fn begin(&mut self, _: &Start) -> &mut dyn Sink {
            &mut self.1
        }
        fn end(&mut self, _: (u32, u32, usize), _: &Character, _: &Result<Outcome, Broken>) {}
        fn rule(&mut self, _: usize, what: &str) {
            self.0.push(what.to_owned());
        }
    }

    fn game<'e, 'b>(engine: &'e Engine<'b>, seed: u64) -> Game<'e, 'b> {
        Game::alone_for_test(engine, 1, seed, &mut Uniform(Rng::new(seed)))
    }

    fn give(game: &mut Game, id: &str) {
        let book = game.engine.book;
        character::gain(&mut game.players[0].c, book, &Id::from(id), None);
        game.players[0]
            .c
            .statuses
            .iter_mut()
            .for_each(|s| s.fresh = false);
    }

    #[test]
    fn seamanship_with_crippled_moves_two_by_land_and_three_by_sea() {
        // The rules summary's FAQ: Poor (3/2), Seamanship (sea 4), Crippled
        // (-1): 2 by land, 3 by sea, on the board as in the reasons.
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 1);
        g.players[0]
            .c
            .skills
            .insert(Id::from("seamanship"), crate::engine::Level::Talent);
        give(&mut g, "crippled");
        let (rates, why) = movement::reasoned(&book, &g.players[0].c);
        assert_eq!((rates.land, rates.sea), (2, 3));
        assert_eq!(
            why,
            [
                "Seamanship: sea movement 2 → 4",
                "Crippled: movement 3 → 2 by land, 4 → 3 by sea"
            ]
        );
        let board = book.board.as_ref().unwrap();
        let ends: Vec<&str> = movement::moves(board, 0, rates, None)
            .iter()
            .map(|m| board.spaces[m.to].name.value.as_str())
            .collect();
        assert!(
            ends.contains(&"Camp") && !ends.contains(&"Fort"),
            "{ends:?}"
        );
        assert!(
            ends.contains(&"Deep") && !ends.contains(&"Isle"),
            "{ends:?}"
        );
        // In a turn, the game says why.
        let mut heard = Heard::default();
        g.turn(0, &mut Uniform(Rng::new(1)), &mut heard);
        assert!(
            heard
                .0
                .iter()
                .any(|w| w.starts_with("Crippled: movement 3 → 2")),
            "{:?}",
            heard.0
        );
    }

    #[test]
    fn imprisoned_stays_put_and_goes_after_two_turns() {
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 2);
        // No quest: "A Long Road" would move the player when it begins.
        g.players[0].quest = None;
        give(&mut g, "imprisoned");
        assert_eq!(g.trade_barred(0).as_deref(), Some("Imprisoned"));
        let mut heard = Heard::default();
        let mut policy = Uniform(Rng::new(2));
        g.turn(0, &mut policy, &mut heard);
        assert!(g.players[0].c.holds(Id::from("imprisoned")));
        assert_eq!(g.players[0].at, g.start, "no movement");
        g.turn(0, &mut policy, &mut heard);
        assert!(!g.players[0].c.holds(Id::from("imprisoned")));
        assert!(
            heard
                .0
                .contains(&"Imprisoned: lost after 2 turns".to_owned()),
            "{:?}",
            heard.0
        );
        assert_eq!(g.record.statuses, [("Imprisoned".to_owned(), 2)]);
    }

    #[test]
    fn envious_bars_victory_at_home_with_the_goal_met() {
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 3);
        g.players[0].c.story = 20;
        assert!(g.eligible(0));
        give(&mut g, "envious");
        assert!(!g.eligible(0));
        assert_eq!(g.victory_barred(0).as_deref(), Some("Envious"));
    }

    #[test]
    fn ensorcelled_is_moved_by_another() {
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 4);
        give(&mut g, "ensorcelled");
        let mut heard = Heard::default();
        g.turn(0, &mut Uniform(Rng::new(4)), &mut heard);
        // Where to is said (a person's screen showed no move at all).
        let at = &book.board.as_ref().unwrap().spaces[g.players[0].at]
            .name
            .value;
        // Alone, nobody else can: the move is drawn, and said so.
        let said = format!("Ensorcelled: the figure moves at random to {at}");
        assert!(heard.0.contains(&said), "{:?}", heard.0);
    }

    #[test]
    fn pursued_meets_the_pursuer_on_a_low_roll_only() {
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 5);
        give(&mut g, "pursued");
        let mut heard = Heard::default();
        let mut policy = Uniform(Rng::new(5));
        let (mut met, mut usual) = (0, 0);
        for _ in 0..200 {
            let before = heard.0.len();
            g.turn(0, &mut policy, &mut heard);
            let said: Vec<&String> = heard.0[before..]
                .iter()
                .filter(|w| w.starts_with("Pursued"))
                .collect();
            match said.as_slice() {
                [] => usual += 1,
                [w] => {
                    let n: u32 = w["Pursued: rolled ".len()..][..1].parse().unwrap();
                    assert!(
                        (1..=3).contains(&n) && w.ends_with("meets paragraph 101"),
                        "{w}"
                    );
                    met += 1;
                }
                _ => panic!("one roll a turn: {said:?}"),
            }
        }
        assert!(met > 70 && usual > 70, "{met} {usual}");
    }

    #[test]
    fn a_pilgrim_with_the_goal_met_walks_the_journey_not_home_to_wait() {
        // On Pilgrimage bars victory until a city more than 2 routes from
        // Home, then Home. A player with the goal met used to head home
        // and stay there, barred, until the 1,000th round; now the far
        // city (the Fort) draws them, then Home.
        let book = book();
        let engine = Engine::new(&book);
        let board = book.board.as_ref().unwrap();
        let (home, fort) = (0, board.position("Fort").unwrap());
        for seed in 0..20 {
            let mut g = game(&engine, seed);
            g.players[0].c.story = 20;
            assert_eq!(g.toward(0).unwrap()[home], Some(0), "home to win");
            give(&mut g, "on-pilgrimage");
            let to = g.toward(0).expect("the journey draws");
            assert_eq!((to[fort], to[home]), (Some(0), Some(3)));
            let rates = movement::rates(&book, &g.players[0].c);
            let moves = movement::moves(board, home, rates, None);
            let mut policy = Uniform(Rng::new(seed));
            let k = g.pick_move(0, &moves, &mut policy, &mut Heard::default());
            assert_eq!(moves[k].to, fort, "seed {seed}");
            g.players[0].held.far.push(Id::from("on-pilgrimage"));
            assert_eq!(g.toward(0).unwrap()[home], Some(0), "then home");
        }
    }

    #[test]
    fn a_pilgrimage_is_a_far_city_then_home_and_then_over() {
        use super::super::quests::Had;
        let book = book();
        let engine = Engine::new(&book);
        let mut g = game(&engine, 6);
        give(&mut g, "on-pilgrimage");
        let board = book.board.as_ref().unwrap();
        let (home, camp, fort) = (
            0,
            board.position("Camp").unwrap(),
            board.position("Fort").unwrap(),
        );
        let had = |space| Had {
            space,
            place: None,
            successful: true,
        };
        let mut heard = Heard::default();
        let mut policy = Uniform(Rng::new(6));
        // Home first, and Camp (2 routes away, not more than 2): nothing.
        g.journeys(0, &had(home), &mut policy, &mut heard);
        g.journeys(0, &had(camp), &mut policy, &mut heard);
        assert!(heard.0.is_empty(), "{:?}", heard.0);
        // An unsuccessful encounter in the Fort does not count.
        g.journeys(
            0,
            &Had {
                successful: false,
                ..had(fort)
            },
            &mut policy,
            &mut heard,
        );
        assert!(heard.0.is_empty());
        g.journeys(0, &had(fort), &mut policy, &mut heard);
        assert_eq!(heard.0, ["On Pilgrimage: the far city, Fort"]);
        g.journeys(0, &had(home), &mut policy, &mut heard);
        assert_eq!(heard.0[1], "On Pilgrimage: the journey is done");
        assert_eq!(g.players[0].c.destiny, 2);
        assert!(!g.players[0].c.holds(Id::from("on-pilgrimage")));
        assert_eq!(g.record.points[6], 2, "counted as status points");
    }
}
