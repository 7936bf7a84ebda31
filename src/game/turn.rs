//! One turn (rules summary, "Turn sequence"): movement, the encounter, a
//! city card played. Statuses and treasures act through the engine's
//! rules where it applies them (the movement hook: `movement::rates`).

use super::deck::{self, Card};
use super::score::{Scorer, Source};
use super::{Game, Policy, Tee, Watch};
use crate::engine::{Outcome, Start};
use crate::ir::Target;

/// Where an encounter begins.
#[derive(Clone, Debug)]
pub(super) enum Begin {
    /// The turn's: a status's encounter, the one an award set for this
    /// turn, or the top card of the deck.
    Turn,
    /// The place of power the player is on: its paragraph, then its exit.
    Place,
    /// An immediate encounter of the space the player is on: the top card.
    Space,
    /// An immediate encounter with a matrix row.
    At(Target),
}

impl Game<'_, '_> {
    /// The whole turn of the player in `seat`.
    pub(super) fn turn<P: Policy, W: Watch>(&mut self, seat: usize, policy: &mut P, watch: &mut W) {
        // The turn's screen first: what happens in it is said under it.
        policy.turn(self, seat);
        // City cards kept before this turn: one kept in it waits for a
        // future turn (rules summary, "Encounter cards").
        let kept = self.players[seat].kept.len();
        self.chain = super::awards::CHAIN;
        self.begin_quest(seat, policy, watch);
        if self.begin_turn_rules(seat, policy, watch) {
            self.end_of_turn(seat, watch);
            return;
        }
        let flew = self.one_use_move(seat, policy, watch);
        let at_place = flew.is_none() && self.movement(seat, policy, watch);
        let begin = if at_place { Begin::Place } else { Begin::Turn };
        if flew != Some(true) && !self.arrive(seat, policy, watch) {
            self.rest_of_turn(seat, (at_place, kept), begin, policy, watch);
        }
        self.end_turn_rules(seat, policy, watch);
        self.end_of_turn(seat, watch);
    }

    /// The encounter (the status's roll first), then, alive, city cards
    /// (of the first `kept`, those kept before the turn), selling, journeys
    /// and the quest.
    fn rest_of_turn<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        (at_place, kept): (bool, usize),
        begin: Begin,
        policy: &mut P,
        watch: &mut W,
    ) {
        let (space, deaths) = (self.players[seat].at, self.players[seat].deaths);
        if !at_place && let Some(to) = self.encounter_on_roll(seat, watch) {
            self.players[seat].next = Some(to);
        }
        let ended = self.encounter(seat, begin, policy, watch);
        let had = self.had(seat, space, at_place, deaths);
        self.note_found(seat, &had);
        if ended {
            return;
        }
        self.city_card(seat, kept, policy, watch);
        self.sell(seat, policy, watch);
        self.journeys(seat, &had, policy, watch);
        self.city_rules(seat, &had, policy, watch);
        self.check_quest(seat, &had, policy, watch);
    }

    /// Move as the policy picks among the legal ends; `true` when the move
    /// ends on the place of power under the destination marker.
    fn movement<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        let book = self.engine.book;
        let p = &self.players[seat];
        let (rates, reasons) = super::movement::reasoned(book, &p.c);
        for why in &reasons {
            watch.rule(seat, why);
        }
        let moves = self.legal_moves(seat, rates, watch);
        if moves.is_empty() {
            return false;
        }
        let k = self.pick_move(seat, &moves, policy, watch);
        let to = moves[k].to;
        let p = &mut self.players[seat];
        p.at = to;
        p.c.space = Some(self.board.spaces[to].name.value.clone());
        // The marker is removed on arrival (`Game::arrive`).
        p.marker == Some(to) && self.board.spaces[to].is_place()
    }

    /// Where this turn's encounter starts, and the source of its points: a
    /// place of power's paragraph, a status's encounter, the encounter an
    /// award set for this turn, or the top card of the deck.
    fn start(&mut self, seat: usize, begin: Begin) -> Option<(Start, Source, Option<Card>)> {
        let book = self.engine.book;
        let p = &mut self.players[seat];
        match begin {
            Begin::Place => {
                let id = self.board.spaces[p.at].place.as_ref()?.value.clone();
                return Some((Start::At(Target::Place(id)), Source::Place, None));
            }
            Begin::At(t) => return Some((Start::At(t), Source::Card, None)),
            Begin::Turn if !p.held.table.declined && self.engine.held_encounter(&p.c).is_some() => {
                return Some((Start::Card, Source::Status, None));
            }
            Begin::Turn => {
                if let Some(t) = p.next.take() {
                    return Some((Start::At(t), Source::Card, None));
                }
            }
            Begin::Space => {}
        }
        let card = self.deck.draw(&mut self.rng)?;
        let terrain = self.board.spaces[p.at]
            .terrain
            .as_ref()
            .map(|t| t.value.as_str());
        if let Some(t) = deck::target(book, card, self.deck.time, terrain) {
            Some((Start::At(t.clone()), Source::Card, Some(card)))
        } else {
            self.deck.discard(card);
            None
        }
    }

    /// The encounter, with its points counted by source and its board
    /// effects applied; the card back to the deck or kept. `true` when the
    /// player died (the turn ends).
    pub(super) fn encounter<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        begin: Begin,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        let at_place = matches!(begin, Begin::Place);
        if matches!(begin, Begin::Turn) {
            self.offer_status_encounter(seat, policy, watch);
        }
        let Some((start, source, card)) = self.start(seat, begin) else {
            return false;
        };
        if let Some(card) = card {
            let terrain = self.board.spaces[self.players[seat].at].terrain.as_ref();
            watch.drawn(
                seat,
                card,
                self.deck.time,
                terrain.map(|t| t.value.as_str()),
            );
        }
        self.players[seat].c.time = self.deck.time;
        let mut scorer = Scorer::new(source, &mut self.record.points);
        let p = &mut self.players[seat];
        let before = (p.c.destiny, p.c.story, p.c.wealth);
        let mut tee = Tee(&mut scorer, watch.begin(&start));
        let outcome = self
            .engine
            .encounter(&mut p.c, &start, &mut self.rng, policy, &mut tee);
        watch.end(before, &p.c, &outcome);
        let (opportunity, next) = (scorer.opportunity.take(), scorer.next.take());
        let board = std::mem::take(&mut scorer.board);
        let again = std::mem::take(&mut scorer.again);
        p.encounters += 1;
        p.next = next;
        let died = self.outcome(seat, outcome);
        if !died {
            self.gained_again(seat, &again, policy, watch);
        }
        if at_place && !died {
            self.exit(seat);
        }
        if let Some((place, by_other)) = opportunity {
            self.opportunity(seat, place.as_deref(), by_other, policy);
        }
        match card {
            Some(Card::City(i)) if policy.keep_city_card(i) => self.players[seat].kept.push(i),
            Some(card) => self.deck.discard(card),
            None => {}
        }
        died || self.board_effects(seat, board, policy, watch)
    }

    /// Count a death or a broken encounter; the player's space as the
    /// engine left it (death: the start). `true` on a death.
    pub(super) fn outcome(
        &mut self,
        seat: usize,
        outcome: Result<Outcome, crate::engine::Broken>,
    ) -> bool {
        let died = match outcome {
            Ok(Outcome::Died) => true,
            Ok(Outcome::Done) => false,
            Err(b) => {
                self.record.broken.push(b.message);
                false
            }
        };
        let p = &mut self.players[seat];
        if died {
            // Rules summary, "Death": back to the start, markers removed,
            // city cards kept (cards are not named among the losses).
            p.deaths += 1;
            p.marker = None;
            p.arrival = None;
            p.next = None;
            p.at = self.start;
            p.c.space = Some(self.board.spaces[self.start].name.value.clone());
        } else if let Some(i) = p.c.space.as_deref().and_then(|s| self.board.position(s)) {
            p.at = i;
        }
        died
    }

    /// After a place of power's encounter: its `exit:` (the start when it
    /// has none).
    pub(super) fn exit(&mut self, seat: usize) {
        let p = &mut self.players[seat];
        let exit = self.board.spaces[p.at]
            .exit
            .as_ref()
            .and_then(|e| self.board.position(&e.value))
            .filter(|&i| !self.board.spaces[i].is_place())
            .unwrap_or(self.start);
        p.at = exit;
        p.c.space = Some(self.board.spaces[exit].name.value.clone());
    }

    /// `Opportunity to enter PLACE` (any: the policy picks one; `by_other`:
    /// another seat picks, as for a move, at random when alone): the
    /// destination marker goes there, replacing an old one.
    pub(super) fn opportunity<P: Policy>(
        &mut self,
        seat: usize,
        place: Option<&str>,
        by_other: bool,
        policy: &mut P,
    ) {
        let places: Vec<usize> = (0..self.board.spaces.len())
            .filter(|&i| self.board.spaces[i].is_place())
            .collect();
        let marked = match place {
            Some(id) => self
                .board
                .place(id)
                .and_then(|s| self.board.position(&s.name.value)),
            None if places.is_empty() => None,
            None if by_other && self.players.len() > 1 => {
                let other = self.mover(seat, policy);
                Some(places[policy.space(other, &places, None).min(places.len() - 1)])
            }
            None if by_other => {
                let n = u32::try_from(places.len()).unwrap_or(u32::MAX);
                Some(places[self.rng.below(n) as usize])
            }
            None => Some(places[policy.pick(places.len()).min(places.len() - 1)]),
        };
        if marked.is_some() {
            self.players[seat].marker = marked;
        }
    }

    /// A kept city card of the city the player is in: played (one a turn),
    /// its die result taken, the card discarded. It is an encounter (the
    /// rules' "special city encounter"), watched and counted as one.
    fn city_card<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        kept: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let here = &self.board.spaces[self.players[seat].at].name.value;
        let Some(k) = self.players[seat].kept.iter().take(kept).position(|&i| {
            book.cards
                .city
                .get(i)
                .is_some_and(|c| crate::text::fold(&c.city.value) == crate::text::fold(here))
        }) else {
            return;
        };
        if let Some(why) = self.trade_barred(seat) {
            watch.rule(seat, &format!("{why}: no city card played"));
            return;
        }
        let i = self.players[seat].kept.remove(k);
        self.deck.discard(Card::City(i));
        let roll = self.rng.die(6);
        let city = &book.cards.city[i].city.value;
        watch.rule(
            seat,
            &format!("{city}'s city card played: the die rolls {roll}"),
        );
        let Some((_, award)) = book.cards.city[i]
            .results
            .iter()
            .find(|(n, _)| n.value == roll)
        else {
            return;
        };
        let mut scorer = Scorer::new(Source::Card, &mut self.record.points);
        let p = &mut self.players[seat];
        let before = (p.c.destiny, p.c.story, p.c.wealth);
        let mut tee = Tee(&mut scorer, watch.begin(&Start::Card));
        let outcome = self
            .engine
            .award(&mut p.c, award, &mut self.rng, policy, &mut tee);
        watch.end(before, &p.c, &outcome);
        p.encounters += 1;
        let opportunity = scorer.opportunity.take();
        let board = std::mem::take(&mut scorer.board);
        if self.outcome(seat, outcome) {
            return;
        }
        if let Some((place, by_other)) = opportunity {
            self.opportunity(seat, place.as_deref(), by_other, policy);
        }
        self.board_effects(seat, board, policy, watch);
    }
}
