//! The rules of cities that matter to a status (docs/rules.md): every city
//! one space from another (`city-hops`: Sultan), a home to come back to
//! (`home`: Vizier, Married), a marked city (`marked-city`: Outlaw).

use super::movement::{Move, Rates};
use super::quests::Had;
use super::score::Source;
use super::table::{held_rules, name};
use super::{Game, Policy, Watch};
use crate::ir::Id;
use crate::ir::rules::RuleKind;

impl Game<'_, '_> {
    /// The nearest city to `from` by routes (itself when a city); the
    /// first in the board's order among the nearest.
    pub(super) fn nearest_city(&self, from: usize) -> Option<usize> {
        let dist = super::movement::distances(self.board, from);
        (0..self.board.spaces.len())
            .filter(|&i| self.board.spaces[i].has_terrain("city"))
            .filter_map(|i| dist[i].map(|d| (d, i)))
            .min()
            .map(|(_, i)| i)
    }

    /// The legal ends of this turn's move: with `city-hops`, cities one
    /// step apart; with a return home owed, no other city (staying put is
    /// left when nothing else is).
    pub(super) fn legal_moves<W: Watch>(
        &mut self,
        seat: usize,
        rates: Rates,
        watch: &mut W,
    ) -> Vec<Move> {
        let book = self.engine.book;
        let p = &self.players[seat];
        if !self.engine.has_rules() {
            return super::movement::moves_with(
                self.board,
                &self.neighbours,
                p.at,
                rates,
                p.marker,
            );
        }
        let hopper = held_rules(book, &p.c)
            .into_iter()
            .find(|(_, r)| matches!(r, RuleKind::CityHops))
            .map(|(id, _)| id);
        let (at, marker) = (p.at, p.marker);
        let mut moves = super::movement::moves_hopping(
            self.board,
            &self.neighbours,
            at,
            rates,
            marker,
            hopper.is_some(),
        );
        if let Some(id) = hopper {
            let plain =
                super::movement::moves_with(self.board, &self.neighbours, at, rates, marker);
            if plain.len() < moves.len() {
                let what = format!(
                    "cities one space apart, {} more ends",
                    moves.len() - plain.len()
                );
                self.acted(seat, id, "city-hops", &what, watch);
            }
        }
        let owed = self.players[seat]
            .held
            .table
            .homes
            .iter()
            .find(|h| h.2)
            .map(|&(id, city, _)| (id, city));
        if let Some((id, home)) = owed {
            let other_city = |m: &Move| m.to != home && self.board.spaces[m.to].has_terrain("city");
            let barred = moves.iter().filter(|m| other_city(m)).count();
            if barred > 0 && barred < moves.len() {
                moves.retain(|m| !other_city(m));
                let what = format!(
                    "home to {} first: {barred} other cities barred",
                    self.board.spaces[home].name.value
                );
                self.acted(seat, id, "home", &what, watch);
            }
        }
        moves
    }

    /// After the turn's encounter: one in a city other than a home owes a
    /// return there; one in a marked city gives the mark's `on-encounter`.
    pub(super) fn city_rules<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        had: &Had,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        if !self.board.spaces[had.space].has_terrain("city") || had.place.is_some() {
            return;
        }
        for h in &mut self.players[seat].held.table.homes {
            if h.1 != had.space {
                h.2 = true;
            }
        }
        let marks: Vec<(Id, usize)> = self.players[seat].held.table.marks.clone();
        for (id, mark) in marks {
            if mark != had.space || !self.players[seat].c.has_status(id) {
                continue;
            }
            let Some(o) = book.glossary.by_id(&id).and_then(|e| {
                e.rules.iter().find_map(|r| match &r.kind {
                    RuleKind::MarkedCity { on_encounter, .. } => on_encounter.as_ref(),
                    _ => None,
                })
            }) else {
                continue;
            };
            let what = format!(
                "an encounter in the marked city, {}",
                self.board.spaces[mark].name.value
            );
            self.acted(seat, id, "marked-city", &what, watch);
            self.take_outcome(seat, o, Source::Status, policy);
        }
    }

    /// A homecoming: the turn ends at a home after starting elsewhere; the
    /// return owed is paid and `on-return` taken.
    pub(super) fn homecoming<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let p = &self.players[seat];
        let (at, from) = (p.at, p.held.table.from);
        let homes: Vec<Id> = p
            .held
            .table
            .homes
            .iter()
            .filter(|h| h.1 == at && from != at)
            .map(|h| h.0)
            .collect();
        for id in homes {
            for h in &mut self.players[seat].held.table.homes {
                if h.0 == id {
                    h.2 = false;
                }
            }
            let what = format!("home again, in {}", self.board.spaces[at].name.value);
            self.acted(seat, id, "home", &what, watch);
            let on_return = book.glossary.by_id(&id).and_then(|e| {
                e.rules.iter().find_map(|r| match &r.kind {
                    RuleKind::Home { on_return } => on_return.as_ref(),
                    _ => None,
                })
            });
            if let Some(o) = on_return {
                self.take_outcome(seat, o, Source::Status, policy);
            }
        }
    }

    /// Statuses an award gave again (`again`): a `marked-city` status's
    /// `on-gained-again`, after a move to the mark with `move-there`.
    pub(super) fn gained_again<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        again: &[Id],
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        for &id in again {
            let Some(&(_, mark)) = self.players[seat]
                .held
                .table
                .marks
                .iter()
                .find(|m| m.0 == id)
            else {
                continue;
            };
            let rule = book.glossary.by_id(&id).and_then(|e| {
                e.rules.iter().find_map(|r| match &r.kind {
                    RuleKind::MarkedCity {
                        on_gained_again,
                        move_there,
                        ..
                    } => Some((on_gained_again.as_ref(), *move_there)),
                    _ => None,
                })
            });
            let Some((o, move_there)) = rule else {
                continue;
            };
            let city = self.board.spaces[mark].name.value.clone();
            if move_there {
                let p = &mut self.players[seat];
                p.at = mark;
                p.c.space = Some(city.clone());
                self.moved_by_effect(seat);
            }
            let what = format!("{} again: taken to {city}", name(book, id));
            self.acted(seat, id, "marked-city", &what, watch);
            if let Some(o) = o {
                self.take_outcome(seat, o, Source::Status, policy);
            }
        }
    }
}
