//! The statuses' and treasures' rules a whole game applies between
//! encounters, beyond `statuses.rs`'s (docs/rules.md, "What the engine
//! applies"): a turn skipped to pay, a master named (`gains-to-another`),
//! a treasure's one flight (`one-use-move`), a status's encounter taken or
//! declined (`encounter-optional`), and, at a turn's end, what the new
//! statuses mark on the board. Cities (`city-hops`, `home`, `marked-city`)
//! are `cities.rs`'s; payments, shares, exchanges and the roll-off are
//! `payments.rs`'s.
//!
//! Each time one acts, the game says so (`Watch::rule`, as `play --game`
//! prints it) and the record counts it (`Record::acted`, the report's
//! `rules_acted`).

use super::score::{Scorer, Source};
use super::{Game, Policy, Tee, Watch};
use crate::engine::{Ask, AskKind, Quiet, character};
use crate::ir::rules::{Outcome, RuleKind};
use crate::ir::{Award, Book, Id};

/// What a player's statuses and treasures have marked in the game: homes,
/// marked cities, the wealth a status was gained at, a turn to skip, the
/// master of the turn.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The statuses held at the last turn's end (one not among them is new).
    pub seen: Vec<Id>,
    /// Each `home` status's city, and whether a return is owed (an
    /// encounter was had in another city since).
    pub homes: Vec<(Id, usize, bool)>,
    /// Each `marked-city` status's mark.
    pub marks: Vec<(Id, usize)>,
    /// Each status's wealth at its gain, or the lowest since
    /// (`gained-while-held`).
    pub wealth_at: Vec<(Id, usize)>,
    /// The next turn is skipped, paid for the status named (a payment's
    /// `skip-turn`).
    pub skip: Option<Id>,
    /// This turn's master (`gains-to-another`: `Some(None)` alone), and
    /// the destiny and treasures at the turn's start.
    pub master: Option<Option<usize>>,
    pub start: (u32, Vec<Id>),
    /// The space at the turn's start (a homecoming is an arrival).
    pub from: usize,
    /// The status's encounter was declined this turn (`encounter-optional`).
    pub declined: bool,
}

/// The name of a glossary entry.
pub(super) fn name(book: &Book, id: Id) -> String {
    book.glossary
        .by_id(&id)
        .map_or_else(|| id.to_string(), |e| e.name.value.clone())
}

/// The rules of the entries the player holds (statuses, then treasures),
/// with the entry's id.
pub(super) fn held_rules<'b>(
    book: &'b Book,
    c: &crate::engine::Character,
) -> Vec<(Id, &'b RuleKind)> {
    let ids: Vec<Id> = c
        .statuses
        .iter()
        .map(|s| s.id)
        .chain(c.treasures.iter().copied())
        .collect();
    ids.into_iter()
        .filter_map(|id| book.glossary.by_id(&id))
        .flat_map(|e| e.rules.iter().map(move |r| (e.id.value, &r.kind)))
        .collect()
}

impl<'b> Game<'_, 'b> {
    /// A rule acted for `seat`: said (`Entry: what`) and counted by its
    /// rule's name.
    pub(super) fn acted<W: Watch>(
        &mut self,
        seat: usize,
        entry: Id,
        rule: &str,
        what: &str,
        watch: &mut W,
    ) {
        let name = name(self.engine.book, entry);
        watch.rule(seat, &format!("{name}: {what}"));
        self.record.acted.push(format!("{name}: {rule}"));
    }

    /// A decision of the player in `seat` among `options` (never empty),
    /// asked as an award's choice is.
    pub(super) fn decide<P: Policy>(policy: &mut P, options: &[String]) -> usize {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let n = options.len();
        policy
            .choose(&Ask {
                kind: AskKind::Award,
                paragraph: 0,
                options,
                by_another: false,
            })
            .min(n.saturating_sub(1))
    }

    /// A rule's outcome taken by `seat` outside an encounter, its points
    /// counted to `source`.
    pub(super) fn take_outcome<P: Policy>(
        &mut self,
        seat: usize,
        o: &'b Outcome,
        source: Source,
        policy: &mut P,
    ) {
        let mut scorer = Scorer::new(source, &mut self.record.points);
        let mut quiet = Quiet;
        let mut tee = Tee(&mut scorer, &mut quiet);
        let c = &mut self.players[seat].c;
        self.engine.outcome(c, o, &mut self.rng, policy, &mut tee);
    }

    /// An entry gained by `seat` through the engine (its `on-gain` played,
    /// its points counted to `source`).
    pub(super) fn gain_entry<P: Policy>(
        &mut self,
        seat: usize,
        id: Id,
        source: Source,
        policy: &mut P,
    ) {
        let mut scorer = Scorer::new(source, &mut self.record.points);
        let mut quiet = Quiet;
        let mut tee = Tee(&mut scorer, &mut quiet);
        let c = &mut self.players[seat].c;
        self.engine.gain(c, id, &mut self.rng, policy, &mut tee);
    }

    /// At a turn's start: a turn a payment skips is over at once (`true`);
    /// else the master of the turn is named and the turn's start noted.
    pub(super) fn begin_turn_rules<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) -> bool {
        if !self.engine.has_rules() {
            return false;
        }
        let p = &mut self.players[seat];
        if let Some(id) = p.held.table.skip.take() {
            self.acted(seat, id, "pay", "this turn skipped, as paid", watch);
            return true;
        }
        p.held.table.from = p.at;
        p.held.table.declined = false;
        p.held.table.start = (p.c.destiny, p.c.treasures.clone());
        p.held.table.master = None;
        self.name_master(seat, policy, watch);
        false
    }

    /// `one-use-move`: before moving, the holder may use a treasure's move
    /// instead (the treasure is then spent). `Some(died)` when used.
    pub(super) fn one_use_move<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) -> Option<bool> {
        let book = self.engine.book;
        if !self.engine.has_rules() || self.players[seat].c.treasures.is_empty() {
            return None;
        }
        let moves: Vec<(Id, &'b Award)> = held_rules(book, &self.players[seat].c)
            .into_iter()
            .filter_map(|(id, r)| match r {
                RuleKind::OneUseMove(a) => Some((id, a)),
                _ => None,
            })
            .collect();
        if moves.is_empty() {
            return None;
        }
        let mut options = vec!["move as usual".to_owned()];
        for (id, a) in &moves {
            let award = book.sources.slice(a.span);
            options.push(format!("use the {} once: {award}", name(book, *id)));
        }
        let k = Self::decide(policy, &options);
        let (id, award) = *moves.get(k.checked_sub(1)?)?;
        let what = format!("used once: {}", book.sources.slice(award.span));
        self.acted(seat, id, "one-use-move", &what, watch);
        let _ = character::lose(&mut self.players[seat].c, book, &id);
        let mut scorer = Scorer::new(Source::Treasure, &mut self.record.points);
        let mut quiet = Quiet;
        let mut tee = Tee(&mut scorer, &mut quiet);
        let c = &mut self.players[seat].c;
        let outcome = self.engine.award(c, award, &mut self.rng, policy, &mut tee);
        let board = std::mem::take(&mut scorer.board);
        Some(self.outcome(seat, outcome) || self.board_effects(seat, board, policy, watch))
    }

    /// `encounter-optional`: the status's encounter (`encounters:`) is
    /// offered against the usual one; declined, the card is drawn.
    pub(super) fn offer_status_encounter<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let Some((entry, _)) = self.engine.held_encounter(&self.players[seat].c) else {
            return;
        };
        let optional = entry
            .rules
            .iter()
            .any(|r| matches!(r.kind, RuleKind::EncounterOptional));
        if !optional {
            return;
        }
        let options = [
            format!("the {} encounter", entry.name.value),
            "the usual encounter".to_owned(),
        ];
        let declined = Self::decide(policy, &options) == 1;
        self.players[seat].held.table.declined = declined;
        if declined {
            let id = entry.id.value;
            self.acted(
                seat,
                id,
                "encounter-optional",
                "its encounter declined",
                watch,
            );
        }
    }

    /// At a turn's end, before the turn is counted: the master takes the
    /// turn's gains, new statuses mark their cities, payments, shares and
    /// exchanges are offered, and the roll-off rolled.
    pub(super) fn end_turn_rules<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        if !self.engine.has_rules() {
            return;
        }
        self.pay_master(seat, watch);
        self.note_new(seat);
        self.homecoming(seat, policy, watch);
        self.payments(seat, policy, watch);
        self.shares(seat, policy, watch);
        self.exchanges(seat, policy, watch);
        self.roll_off(seat, watch);
        self.note_new(seat);
    }

    /// Statuses gained since the last look: their home and mark (the
    /// nearest city), and the wealth they were gained at; statuses gone
    /// are forgotten.
    pub(super) fn note_new(&mut self, seat: usize) {
        let book = self.engine.book;
        let p = &self.players[seat];
        let now: Vec<Id> = p.c.statuses.iter().map(|s| s.id).collect();
        let new: Vec<Id> = now
            .iter()
            .copied()
            .filter(|id| !p.held.table.seen.contains(id))
            .collect();
        let (at, wealth) = (p.at, p.c.wealth);
        let marks_a_city = |id: &Id| {
            book.glossary.by_id(id).is_some_and(|e| {
                e.rules
                    .iter()
                    .any(|r| matches!(r.kind, RuleKind::Home { .. } | RuleKind::MarkedCity { .. }))
            })
        };
        // The board is searched only when a new status marks a city.
        let city = if new.iter().any(marks_a_city) {
            self.nearest_city(at)
        } else {
            None
        };
        let t = &mut self.players[seat].held.table;
        t.homes.retain(|(id, _, _)| now.contains(id));
        t.marks.retain(|(id, _)| now.contains(id));
        t.wealth_at.retain(|(id, _)| now.contains(id));
        for w in &mut t.wealth_at {
            w.1 = w.1.min(wealth);
        }
        for id in new {
            t.wealth_at.push((id, wealth));
            let Some(e) = book.glossary.by_id(&id) else {
                continue;
            };
            for r in &e.rules {
                match (&r.kind, city) {
                    (RuleKind::Home { .. }, Some(c)) => t.homes.push((id, c, false)),
                    (RuleKind::MarkedCity { .. }, Some(c)) => t.marks.push((id, c)),
                    _ => {}
                }
            }
        }
        t.seen = now;
    }
}
