//! Quests in whole games (FORMAT.md 9.4, docs/quests.md; rules summary,
//! "Quests"): a quest card dealt to each player at setup, its `begins:`
//! taken at the start of the quest's first turn, its steps checked in order
//! at the end of each turn (phase 5, after city cards), the first that
//! holds paying its award; a completed quest draws the next card, and an
//! empty quest deck is not formed again.

use super::score::{Scorer, Source};
use super::{Game, Policy, Tee, Watch};
use crate::engine::{Rng, Start};
use crate::ir::{Book, EntryKind, Holding, Id, QuestState};

/// The quest a player holds.
#[derive(Clone, Debug)]
pub struct Current {
    /// An index of `book.quests`.
    pub quest: usize,
    /// Each step: paid yet?
    pub paid: Vec<bool>,
    /// Its first turn has begun (`begins:` taken).
    pub begun: bool,
}

/// What the turn's encounter was, for the quest's requirements.
#[derive(Clone, Debug)]
pub struct Had {
    /// The space it was had at.
    pub space: usize,
    /// The place of power it was had at (its `world.places` id).
    pub place: Option<String>,
    /// The rules' "successful": the player ends the turn where it was had
    /// (a place of power: left by its exit), not dead, and gained no status
    /// that stops movement (`movement-limit`: Lost, Imprisoned).
    pub successful: bool,
}

/// The quest deck of a book, shuffled (no shuffle, and no die rolled, when
/// the book has no quests).
pub fn deck(book: &Book, rng: &mut Rng) -> Vec<usize> {
    let mut deck: Vec<usize> = (0..book.quests.len()).collect();
    super::deck::shuffle(&mut deck, rng);
    deck
}

/// Whether an entry held stops movement (`movement-limit`).
fn stops(book: &Book, id: Id) -> bool {
    book.glossary.by_id(&id).is_some_and(|e| {
        e.rules
            .iter()
            .any(|r| matches!(r.kind, crate::ir::rules::RuleKind::MovementLimit(_)))
    })
}

impl<'b> Game<'_, 'b> {
    /// The top quest card to the player in `seat`, if any is left.
    pub(super) fn deal_quest(&mut self, seat: usize) {
        let book = self.engine.book;
        self.players[seat].quest = self.quests.pop().map(|q| Current {
            quest: q,
            paid: vec![false; book.quests[q].steps.len()],
            begun: false,
        });
    }

    /// The start of a turn: a quest not begun begins (`begins:` taken).
    pub(super) fn begin_quest<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let Some(q) = self.players[seat].quest.as_mut().filter(|q| !q.begun) else {
            return;
        };
        q.begun = true;
        let quest = &book.quests[q.quest];
        if let Some(award) = &quest.begins {
            watch.rule(seat, &format!("{}: the quest begins", quest.name.value));
            self.quest_award(seat, award, policy, watch);
        }
    }

    /// What the turn's encounter was: had at `space` (at a place of power
    /// when `at_place`); `deaths` and `statuses` as they were before it.
    pub(super) fn had(&self, seat: usize, space: usize, at_place: bool, deaths: u32) -> Had {
        let book = self.engine.book;
        let p = &self.players[seat];
        let place = at_place
            .then(|| self.board.spaces[space].place.as_ref())
            .flatten()
            .map(|id| id.value.clone());
        let stopped = p.c.statuses.iter().any(|s| stops(book, s.id));
        let stayed = at_place || p.at == space;
        Had {
            space,
            place,
            successful: p.deaths == deaths && stayed && !stopped,
        }
    }

    /// Treasures gained this turn are found at the space of its encounter.
    pub(super) fn note_found(&mut self, seat: usize, had: &Had) {
        let region = self.board.spaces[had.space]
            .region
            .as_ref()
            .map(|r| r.value.clone());
        let p = &mut self.players[seat];
        p.found.retain(|(t, _)| p.c.treasures.contains(t));
        for &t in &p.c.treasures {
            if !p.found.iter().any(|(f, _)| *f == t) {
                p.found.push((t, region.clone()));
            }
        }
    }

    /// The end of the turn: the quest's steps in order, unpaid ones only;
    /// the first that holds pays. The last step paid completes the quest
    /// and deals the next.
    pub(super) fn check_quest<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        had: &Had,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let Some(k) = self.step_holding(seat, had) else {
            return;
        };
        let Some(q) = self.players[seat].quest.as_mut() else {
            return;
        };
        let quest = &book.quests[q.quest];
        q.paid[k] = true;
        let done = q.paid.iter().all(|&p| p);
        watch.rule(seat, &format!("{}: step {} done", quest.name.value, k + 1));
        if let Some(award) = &quest.steps[k].award {
            self.quest_award(seat, award, policy, watch);
        }
        if done {
            self.record
                .quests
                .push((quest.name.value.clone(), self.round));
            self.deal_quest(seat);
        }
    }

    /// The first unpaid step of the player's quest that holds now.
    fn step_holding(&self, seat: usize, had: &Had) -> Option<usize> {
        let book = self.engine.book;
        let p = &self.players[seat];
        let q = p.quest.as_ref()?;
        let held = self.holdings(seat);
        let mut state = QuestState::at(self.board, p.at);
        state.place = had.place.as_deref();
        state.successful = had.successful;
        state.destiny = p.c.destiny;
        state.story = p.c.story;
        state.held = &held;
        let quest = &book.quests[q.quest];
        (0..quest.steps.len())
            .find(|&k| !q.paid[k] && crate::ir::holds(&quest.steps[k].when, &state))
    }

    /// Where the player in `seat` heads for their quest (docs/game.md,
    /// "Decisions"): each space's routes to the nearest space (not a place
    /// of power) where an unpaid step would hold after a successful
    /// encounter there, with what the player holds now. `None` when no
    /// quest is held or begun, when no such space exists (a step asks for
    /// something not yet held), or when every space would do (a step that
    /// names no place): then nothing draws the player anywhere.
    pub(super) fn toward_quest(&self, seat: usize) -> Option<Vec<Option<u32>>> {
        let book = self.engine.book;
        let p = &self.players[seat];
        let q = p.quest.as_ref().filter(|q| q.begun)?;
        let quest = &book.quests[q.quest];
        let held = self.holdings(seat);
        let open = |s: usize| {
            let mut state = QuestState::at(self.board, s);
            state.place = self.board.spaces[s]
                .place
                .as_ref()
                .map(|id| id.value.as_str());
            state.successful = true;
            state.destiny = p.c.destiny;
            state.story = p.c.story;
            state.held = &held;
            (0..quest.steps.len())
                .any(|k| !q.paid[k] && crate::ir::holds(&quest.steps[k].when, &state))
        };
        let (places, spaces): (Vec<usize>, Vec<usize>) =
            (0..self.board.spaces.len()).partition(|&s| self.board.spaces[s].is_place());
        let mut targets: Vec<usize> = spaces.iter().copied().filter(|&s| open(s)).collect();
        if targets.len() == spaces.len() {
            return None;
        }
        // A place of power under the player's marker, entered from its
        // exit: the exit draws the player, the place itself more.
        let place = p.marker.filter(|m| places.contains(m) && open(*m));
        let exit = place.and_then(|m| self.board.spaces[m].exit.as_ref());
        if let Some(exit) = exit.and_then(|e| self.board.position(&e.value)) {
            targets.push(exit);
        }
        if targets.is_empty() {
            return None;
        }
        let mut dist = super::movement::distances_by(self.board, &self.neighbours, &targets);
        if let Some(m) = place {
            dist.iter_mut().flatten().for_each(|d| *d += 1);
            dist[m] = Some(0);
        }
        Some(dist)
    }

    /// What the player in `seat` walks toward, by each space's routes to
    /// it: the start once the goal is met, else the quest's next place
    /// ([`Game::toward_quest`]), else nothing. With the goal met and a
    /// status that bars victory held, not the start (the player would wait
    /// there forever): the status's journey, when it has one
    /// ([`Game::toward_journey`]), else nothing.
    pub(super) fn toward(&self, seat: usize) -> Option<std::borrow::Cow<'_, [Option<u32>]>> {
        if self.players[seat].goal_met() {
            if self.victory_barred(seat).is_some() {
                return self.toward_journey(seat).map(std::borrow::Cow::Owned);
            }
            return Some(std::borrow::Cow::Borrowed(self.to_start.as_slice()));
        }
        self.toward_quest(seat).map(std::borrow::Cow::Owned)
    }

    /// Whether an unpaid step of the quest of the player in `seat` asks
    /// for the treasure `id` they hold: by name, or any treasure, found
    /// where this one was (an alternative of `any:` counts).
    pub(super) fn quest_needs(&self, seat: usize, id: Id) -> bool {
        let book = self.engine.book;
        let p = &self.players[seat];
        let Some(q) = p.quest.as_ref() else {
            return false;
        };
        let found = (p.found.iter())
            .find(|(t, _)| *t == id)
            .and_then(|(_, r)| r.as_deref());
        let quest = &book.quests[q.quest];
        (quest.steps.iter().zip(&q.paid))
            .any(|(step, paid)| !paid && asks_for(&step.when, id, found))
    }

    /// What the player in `seat` holds, as quests read it (a treasure with
    /// the region it was found in).
    fn holdings(&self, seat: usize) -> Vec<Holding<'_>> {
        let book = self.engine.book;
        let p = &self.players[seat];
        let kind = |id: &Id| book.glossary.by_id(id).map(|e| e.kind);
        let mut held: Vec<Holding<'_>> = Vec::new();
        for id in p.c.skills.keys().chain(p.c.statuses.iter().map(|s| &s.id)) {
            if let Some(kind) = kind(id) {
                held.push(Holding {
                    id: *id,
                    kind,
                    found_in: None,
                });
            }
        }
        for t in &p.c.treasures {
            let found_in = p
                .found
                .iter()
                .find(|(f, _)| f == t)
                .and_then(|(_, r)| r.as_deref());
            let kind = kind(t).unwrap_or(EntryKind::Treasure);
            held.push(Holding {
                id: *t,
                kind,
                found_in,
            });
        }
        held
    }

    /// A quest's award taken, its points counted as `quest`'s; where it
    /// moves the player, the player goes.
    fn quest_award<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        award: &'b crate::ir::Award,
        policy: &mut P,
        watch: &mut W,
    ) {
        let mut scorer = Scorer::new(Source::Quest, &mut self.record.points);
        let p = &mut self.players[seat];
        let before = (p.c.destiny, p.c.story, p.c.wealth);
        let mut tee = Tee(&mut scorer, watch.begin(&Start::Card));
        let outcome = self
            .engine
            .award(&mut p.c, award, &mut self.rng, policy, &mut tee);
        watch.end(before, &p.c, &outcome);
        let opportunity = scorer.opportunity.take();
        let board = std::mem::take(&mut scorer.board);
        if self.outcome(seat, outcome) {
            return;
        }
        if let Some((place, by_other)) = opportunity {
            self.opportunity(seat, place.as_deref(), by_other, policy);
        }
        // Its moves and markers (`begins: Move to Samarkand`), as an
        // encounter's are.
        self.board_effects(seat, board, policy, watch);
    }
}

/// Whether `req` asks for the treasure `id` (found in `found`): a `hold:`
/// of it, or of any treasure found as this one was, anywhere in `req`.
fn asks_for(req: &crate::ir::Requirement, id: Id, found: Option<&str>) -> bool {
    use crate::ir::{Holdable, Test};
    match &req.test {
        Test::All(rs) | Test::Any(rs) => rs.iter().any(|r| asks_for(r, id, found)),
        Test::Hold { what, found: f } => {
            let names = match what {
                Holdable::Entry(e) => *e == id,
                Holdable::Any(kind) => *kind == EntryKind::Treasure,
            };
            names && f.as_ref().is_none_or(|f| f.admits(found))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::statuses::tests::{Heard, book};
    use super::super::{Game, Setup, Uniform, movement};
    use super::Current;
    use crate::engine::{Engine, Rng};

    #[test]
    fn quests_are_dealt_begun_paid_step_by_step_and_dealt_again() {
        // game-rules: "A Long Road" begins with a move to the Fort and pays
        // there; "Tales at Home" pays at 3 story, then at home. One player
        // holds one, then (completed) the other; the deck is not formed again.
        let book = book();
        let engine = Engine::new(&book);
        let (mut both, mut points, mut road) = (0, 0, 0);
        for seed in 0..40 {
            let mut policy = Uniform(Rng::new(seed));
            let mut g = Game::alone_for_test(&engine, 1, seed, &mut policy);
            assert!(g.players[0].quest.is_some() && g.quests.len() == 1);
            let mut heard = Heard::default();
            let first = book.quests[g.players[0].quest.as_ref().unwrap().quest]
                .name
                .value
                .clone();
            g.turn(0, &mut policy, &mut heard);
            if first == "A Long Road" {
                // Moved to the Fort before the turn's move (staying put,
                // or back to it, pays at the turn's end).
                assert!(
                    heard
                        .0
                        .contains(&"A Long Road: the quest begins".to_owned())
                );
                let at = book.board.as_ref().unwrap().spaces[g.players[0].at]
                    .name
                    .value
                    .clone();
                let paid = g.record.quests.iter().any(|(n, _)| n == "A Long Road");
                assert_eq!(paid, at == "Fort", "seed {seed}");
            }
            let r = g.play_watched(&mut policy, &mut heard);
            let names: Vec<&str> = r.quests.iter().map(|(n, _)| n.as_str()).collect();
            road += usize::from(names.contains(&"A Long Road"));
            if names.len() == 2 {
                both += 1;
            }
            assert!(names.len() <= 2, "the deck is not formed again: {names:?}");
            points += r.points[4];
        }
        assert!(both > 5 && road > 5 && points > 0, "{both} {road} {points}");
    }

    #[test]
    fn a_quest_that_begins_with_a_move_moves_the_player() {
        // game-rules: "A Long Road" begins "Move to Fort"; the quest's
        // board effects are applied as an encounter's are (they were
        // dropped: the player stayed at Home).
        let book = book();
        let engine = Engine::new(&book);
        let board = book.board.as_ref().unwrap();
        let mut seen = 0;
        for seed in 0..20 {
            let mut policy = Uniform(Rng::new(seed));
            let mut g = Game::alone_for_test(&engine, 1, seed, &mut policy);
            let q = g.players[0].quest.as_ref().unwrap().quest;
            if book.quests[q].name.value != "A Long Road" {
                continue;
            }
            seen += 1;
            assert_eq!(board.spaces[g.players[0].at].name.value, "Home");
            g.begin_quest(0, &mut policy, &mut Heard::default());
            assert_eq!(
                board.spaces[g.players[0].at].name.value, "Fort",
                "seed {seed}"
            );
            assert_eq!(g.players[0].c.space.as_deref(), Some("Fort"));
        }
        assert!(seen > 3, "{seen}");
    }

    #[test]
    fn the_default_policy_heads_for_the_place_of_the_quests_next_step() {
        // game-rules: "A Long Road" pays at the Fort, three land routes
        // from Home (a Poor player moves 3 by land, 2 by sea). Holding it,
        // begun, the player moves to the Fort on every seed; without a
        // quest the move is uniform among the ends (the Fort now and then).
        let book = book();
        let engine = Engine::new(&book);
        let board = book.board.as_ref().unwrap();
        let road = book
            .quests
            .iter()
            .position(|q| q.name.value == "A Long Road")
            .unwrap();
        let fort = board.position("Fort").unwrap();
        let mut fort_without = 0;
        for seed in 0..40 {
            let mut policy = Uniform(Rng::new(seed));
            let mut g = Game::alone_for_test(&engine, 1, seed, &mut policy);
            let at = g.players[0].at;
            let rates = movement::rates(&book, &g.players[0].c);
            let moves = movement::moves(board, at, rates, None);
            let pick = |g: &mut Game, policy: &mut Uniform| {
                moves[g.pick_move(0, &moves, policy, &mut Heard::default())].to
            };
            g.players[0].quest = Some(Current {
                quest: road,
                paid: vec![false],
                begun: true,
            });
            assert_eq!(pick(&mut g, &mut policy), fort, "seed {seed}");
            // Not yet begun: its place does not draw the player yet.
            g.players[0].quest.as_mut().unwrap().begun = false;
            assert!(g.toward_quest(0).is_none());
            g.players[0].quest = None;
            fort_without += usize::from(pick(&mut g, &mut policy) == fort);
        }
        assert!(fort_without > 0 && fort_without < 20, "{fort_without}");
    }

    #[test]
    fn a_step_that_needs_no_place_or_cannot_hold_yet_draws_nowhere() {
        // "Tales at Home": 3 story (anywhere), then a successful encounter
        // at Home. Step 2 unpaid: Home draws the player. Step 2 paid and
        // under 3 story: no space would do, nothing draws; at 3 story, every
        // space would: nothing draws either.
        let book = book();
        let engine = Engine::new(&book);
        let board = book.board.as_ref().unwrap();
        let tales = book
            .quests
            .iter()
            .position(|q| q.name.value == "Tales at Home")
            .unwrap();
        let home = board.position("Home").unwrap();
        let mut g = Game::alone_for_test(&engine, 1, 1, &mut Uniform(Rng::new(1)));
        g.players[0].quest = Some(Current {
            quest: tales,
            paid: vec![false, false],
            begun: true,
        });
        let to = g.toward_quest(0).expect("Home draws the player");
        assert_eq!(to[home], Some(0));
        assert_eq!(to[board.position("Camp").unwrap()], Some(2));
        g.players[0].quest.as_mut().unwrap().paid[1] = true;
        assert!(g.toward_quest(0).is_none());
        g.players[0].c.story = 3;
        assert!(g.toward_quest(0).is_none());
    }

    #[test]
    fn a_quest_at_a_place_of_power_draws_the_player_in_by_the_marker() {
        // The Sunken Lamp: "The Keeper's Letter" pays for an encounter at
        // The Valley of Ash, entered from Samarkand while the marker is on
        // it. From Samarkand, the player enters it on every seed; without
        // the marker the place cannot be entered, and nothing draws.
        let book = crate::load::load_book(std::path::Path::new("content/sunken-lamp")).0;
        let engine = Engine::new(&book);
        let board = book.board.as_ref().unwrap();
        let letter = book
            .quests
            .iter()
            .position(|q| q.name.value == "The Keeper's Letter")
            .unwrap();
        let (valley, samarkand) = (
            board.position("The Valley of Ash").unwrap(),
            board.position("Samarkand").unwrap(),
        );
        for seed in 0..20 {
            let mut policy = Uniform(Rng::new(seed));
            let mut g = Game::alone_for_test(&engine, 1, seed, &mut policy);
            g.players[0].quest = Some(Current {
                quest: letter,
                paid: vec![false],
                begun: true,
            });
            g.players[0].at = samarkand;
            assert!(g.toward_quest(0).is_none(), "no marker: nowhere");
            g.players[0].marker = Some(valley);
            let rates = movement::rates(&book, &g.players[0].c);
            let moves = movement::moves(board, samarkand, rates, Some(valley));
            let k = g.pick_move(0, &moves, &mut policy, &mut Heard::default());
            assert_eq!(moves[k].to, valley, "seed {seed}");
        }
    }

    #[test]
    fn a_book_without_quests_deals_none() {
        let book = crate::load::load_book(std::path::Path::new("tests/fixtures/game-tiny")).0;
        let engine = Engine::new(&book);
        let setup = Setup {
            players: 2,
            goal: None,
        };
        let g = Game::new(&engine, setup, 1, &mut Uniform(Rng::new(1))).unwrap();
        assert!(g.players.iter().all(|p| p.quest.is_none()));
    }
}
