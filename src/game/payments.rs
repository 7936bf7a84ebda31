//! The rules between players and what they pay (docs/rules.md): the turn's
//! gains to a master (`gains-to-another`: Enslaved), a status lost by a
//! payment (`lose-when: pay`) or a roll-off (`roll-off`: Ensorcelled), a
//! status shared (`share`: Grief Stricken) or exchanged (`exchange`:
//! Vizier for Sultan). Each is offered at the end of the player's turn.

use super::score::Source;
use super::table::{held_rules, name};
use super::{Game, Policy, Watch};
use crate::engine::character;
use crate::ir::rules::{Loss, Payment, RuleKind};
use crate::ir::{Bound, Id};

/// One way to pay: destiny, story, wealth levels, and to whom the wealth
/// goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pay {
    destiny: u32,
    story: u32,
    wealth: u32,
    to: Option<usize>,
}

impl Game<'_, '_> {
    /// `gains-to-another`: at the turn's start the player names a master
    /// among the others (alone: nobody, and the gains are lost).
    pub(super) fn name_master<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let Some(id) = held_rules(book, &self.players[seat].c)
            .into_iter()
            .find(|(_, r)| matches!(r, RuleKind::GainsToAnother { .. }))
            .map(|(id, _)| id)
        else {
            return;
        };
        let others: Vec<usize> = (0..self.players.len()).filter(|&s| s != seat).collect();
        let master = if others.is_empty() {
            None
        } else {
            let options: Vec<String> = others.iter().map(|s| format!("player {}", s + 1)).collect();
            Some(others[Self::decide(policy, &options)])
        };
        self.players[seat].held.table.master = Some(master);
        let what = match master {
            Some(m) => format!("player {} is master this turn", m + 1),
            None => "no player to serve: this turn's gains are lost".to_owned(),
        };
        self.acted(seat, id, "gains-to-another", &what, watch);
    }

    /// At the turn's end: the destiny and treasures gained this turn go to
    /// the master named at its start.
    pub(super) fn pay_master<W: Watch>(&mut self, seat: usize, watch: &mut W) {
        let book = self.engine.book;
        let Some(master) = self.players[seat].held.table.master.take() else {
            return;
        };
        let Some((id, destiny, treasures)) = held_rules(book, &self.players[seat].c)
            .into_iter()
            .find_map(|(id, r)| match r {
                RuleKind::GainsToAnother { destiny, treasures } => Some((id, *destiny, *treasures)),
                _ => None,
            })
        else {
            return;
        };
        let p = &mut self.players[seat];
        let (d0, t0) = p.held.table.start.clone();
        let d = if destiny {
            p.c.destiny.saturating_sub(d0)
        } else {
            0
        };
        let found: Vec<Id> = if treasures {
            p.c.treasures
                .iter()
                .copied()
                .filter(|t| !t0.contains(t))
                .collect()
        } else {
            Vec::new()
        };
        if d == 0 && found.is_empty() {
            return;
        }
        p.c.destiny -= d;
        p.c.treasures.retain(|t| !found.contains(t));
        let mut gone: Vec<String> = found.iter().map(|&t| name(book, t)).collect();
        if d > 0 {
            gone.insert(0, format!("{d} destiny"));
        }
        let to = match master {
            Some(m) => {
                let c = &mut self.players[m].c;
                c.destiny += d;
                for t in found {
                    let _ = character::gain(c, book, &t, None);
                }
                format!("player {}", m + 1)
            }
            None => "nobody".to_owned(),
        };
        let what = format!("{} go to {to}", gone.join(", "));
        self.acted(seat, id, "gains-to-another", &what, watch);
    }

    /// The ways `pay` can be paid now by `seat` for status `id`: each
    /// payment (destiny or story for `one-of`), if affordable.
    fn ways(&self, seat: usize, id: Id, pay: &Payment) -> Vec<Pay> {
        let p = &self.players[seat];
        let floor = p
            .held
            .table
            .wealth_at
            .iter()
            .find(|w| w.0 == id)
            .map_or(0, |w| w.1);
        let room = if pay.gained_while_held {
            p.c.wealth.saturating_sub(floor)
        } else {
            p.c.wealth
        };
        if room < pay.wealth as usize {
            return Vec::new();
        }
        let to = if pay.wealth > 0 && !pay.to_player_with.is_empty() {
            let with = (0..self.players.len()).find(|&s| {
                s != seat
                    && self.players[s].at == p.at
                    && pay
                        .to_player_with
                        .iter()
                        .any(|k| self.players[s].c.skills.contains_key(k))
            });
            match with {
                Some(s) => Some(s),
                None => return Vec::new(),
            }
        } else {
            None
        };
        let base = Pay {
            destiny: 0,
            story: 0,
            wealth: pay.wealth,
            to,
        };
        let mut out = Vec::new();
        if pay.one_of {
            if p.c.destiny >= pay.destiny {
                out.push(Pay {
                    destiny: pay.destiny,
                    ..base
                });
            }
            if p.c.story >= pay.story {
                out.push(Pay {
                    story: pay.story,
                    ..base
                });
            }
        } else if p.c.destiny >= pay.destiny && p.c.story >= pay.story {
            out.push(Pay {
                destiny: pay.destiny,
                story: pay.story,
                ..base
            });
        }
        out
    }

    /// `lose-when: pay`: each status held with payments is offered the
    /// ways the player can pay (keeping it is an option too); with
    /// `free-when-broke` and no way to pay, the exchange happens at once.
    pub(super) fn payments<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let ids: Vec<Id> = self.players[seat].c.statuses.iter().map(|s| s.id).collect();
        for id in ids {
            // A status held cannot be chosen (FAQ): no payment becomes one
            // (On Pilgrimage for Envious while on a pilgrimage).
            let c = &self.players[seat].c;
            let pays: Vec<&Payment> = super::statuses::losses(book, id)
                .filter_map(|l| match l {
                    Loss::Pay(p) => Some(p),
                    _ => None,
                })
                .filter(|p| p.becomes.is_none_or(|b| !c.has_status(b)))
                .collect();
            if pays.is_empty() || !self.players[seat].c.has_status(id) {
                continue;
            }
            let ways: Vec<(&Payment, Pay)> = pays
                .iter()
                .flat_map(|&pay| self.ways(seat, id, pay).into_iter().map(move |w| (pay, w)))
                .collect();
            if ways.is_empty() {
                if let Some(pay) = pays.iter().find(|p| p.free_when_broke) {
                    self.paid(seat, id, pay, None, policy, watch);
                }
                continue;
            }
            let mut options = vec![format!("keep {}", name(book, id))];
            options.extend(ways.iter().map(|(pay, w)| self.words(id, pay, w)));
            let k = Self::decide(policy, &options);
            if let Some(&(pay, w)) = k.checked_sub(1).and_then(|k| ways.get(k)) {
                self.paid(seat, id, pay, Some(w), policy, watch);
            }
        }
    }

    /// A payment in words, as offered.
    fn words(&self, id: Id, pay: &Payment, w: &Pay) -> String {
        let book = self.engine.book;
        let mut parts = Vec::new();
        if w.destiny > 0 {
            parts.push(format!("{} destiny", w.destiny));
        }
        if w.story > 0 {
            parts.push(format!("{} story", w.story));
        }
        if w.wealth > 0 {
            let to =
                w.to.map_or(String::new(), |s| format!(" to player {}", s + 1));
            parts.push(format!("{} wealth level{to}", w.wealth));
        }
        if pay.skip_turn {
            parts.push("the next turn".to_owned());
        }
        let end = match pay.becomes {
            Some(b) => format!("{} becomes {}", name(book, id), name(book, b)),
            None => format!("{} goes", name(book, id)),
        };
        format!("pay {}: {end}", parts.join(" and "))
    }

    /// Pay (`None`: nothing, free when broke) and lose the status, or
    /// exchange it for `becomes`.
    fn paid<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        id: Id,
        pay: &Payment,
        w: Option<Pay>,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let what = match &w {
            Some(w) => self.words(id, pay, w),
            None => format!(
                "nothing to pay: {} becomes {}",
                name(book, id),
                pay.becomes.map_or_else(String::new, |b| name(book, b))
            ),
        };
        self.acted(seat, id, "pay", &what, watch);
        if let Some(w) = w {
            let c = &mut self.players[seat].c;
            c.destiny -= w.destiny;
            c.story -= w.story;
            c.wealth -= w.wealth as usize;
            if let Some(to) = w.to {
                let c = &mut self.players[to].c;
                let delta = i32::try_from(w.wealth).unwrap_or(i32::MAX);
                c.wealth = character::wealth(c, book, delta, None::<Bound>);
            }
            if pay.skip_turn {
                self.players[seat].held.table.skip = Some(id);
            }
        }
        let _ = character::lose(&mut self.players[seat].c, book, &id);
        if let Some(b) = pay.becomes {
            self.gain_entry(seat, b, Source::Status, policy);
        }
    }

    /// `share`: paying destiny (and holding `needs`), the player may give
    /// the status to a player on the same space who has it not.
    pub(super) fn shares<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let shares: Vec<(Id, u32, Vec<Id>)> = held_rules(book, &self.players[seat].c)
            .into_iter()
            .filter_map(|(id, r)| match r {
                RuleKind::Share { destiny, needs } => Some((id, *destiny, needs.clone())),
                _ => None,
            })
            .collect();
        for (id, destiny, needs) in shares {
            let p = &self.players[seat];
            if p.c.destiny < destiny || !needs.iter().all(|n| p.c.skills.contains_key(n)) {
                continue;
            }
            let to: Vec<usize> = (0..self.players.len())
                .filter(|&s| s != seat && self.players[s].at == p.at)
                .filter(|&s| !self.players[s].c.has_status(id))
                .collect();
            if to.is_empty() {
                continue;
            }
            let mut options = vec![format!("keep {} to yourself", name(book, id))];
            options.extend(
                to.iter()
                    .map(|s| format!("pay {destiny} destiny: share it with player {}", s + 1)),
            );
            let k = Self::decide(policy, &options);
            let Some(&other) = k.checked_sub(1).and_then(|k| to.get(k)) else {
                continue;
            };
            self.players[seat].c.destiny -= destiny;
            let what = format!("shared with player {} for {destiny} destiny", other + 1);
            self.acted(seat, id, "share", &what, watch);
            self.gain_entry(other, id, Source::Status, policy);
        }
    }

    /// `exchange`: with the skills at Master and the points, the player
    /// may exchange the status for another.
    pub(super) fn exchanges<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        policy: &mut P,
        watch: &mut W,
    ) {
        let book = self.engine.book;
        let swaps: Vec<(Id, Id, u32, Vec<Id>)> = held_rules(book, &self.players[seat].c)
            .into_iter()
            .filter_map(|(id, r)| match r {
                RuleKind::Exchange {
                    to,
                    needs_master,
                    points,
                } => Some((id, *to, *points, needs_master.clone())),
                _ => None,
            })
            .collect();
        for (id, to, points, needs) in swaps {
            let c = &self.players[seat].c;
            let open = c.has_status(id)
                && c.destiny + c.story >= points
                && needs.iter().all(|&n| c.is_master(n));
            if !open {
                continue;
            }
            let options = [
                format!("stay {}", name(book, id)),
                format!("become {}", name(book, to)),
            ];
            if Self::decide(policy, &options) == 1 {
                let what = format!("exchanged for {}", name(book, to));
                self.acted(seat, id, "exchange", &what, watch);
                let _ = character::lose(&mut self.players[seat].c, book, &id);
                self.gain_entry(seat, to, Source::Status, policy);
            }
        }
    }

    /// `lose-when: roll-off`: the player and the one who moved them each
    /// roll a die; the player's higher ends the status.
    pub(super) fn roll_off<W: Watch>(&mut self, seat: usize, watch: &mut W) {
        let book = self.engine.book;
        let ids: Vec<Id> = self.players[seat].c.statuses.iter().map(|s| s.id).collect();
        for id in ids {
            if !super::statuses::losses(book, id).any(|l| *l == Loss::RollOff) {
                continue;
            }
            let (mine, theirs) = (self.rng.die(6), self.rng.die(6));
            let what = if mine > theirs {
                let _ = character::lose(&mut self.players[seat].c, book, &id);
                format!("rolled {mine} against {theirs}: it goes")
            } else {
                format!("rolled {mine} against {theirs}: it holds")
            };
            self.acted(seat, id, "roll-off", &what, watch);
        }
    }
}
