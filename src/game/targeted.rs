//! Targeted games (`sim --games`' `never-reached`, docs/game.md "Never
//! reached in games"): a game played some rounds as any game is, then one
//! player dressed as a section needs, as the rules allow (a status or
//! treasure the book can give, a terrain of the board), and that player's
//! next encounter played towards what nobody reached.

use super::turn::Begin;
use super::{Game, Policy, Watch};
use crate::engine::{Gender, Level};
use crate::ir::{Id, Target};

/// What a player is given before a targeted encounter: only what the
/// rules let a player hold (the caller checks it: a status or treasure
/// the book's awards or its games give, a terrain some space has).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dressing {
    /// Skills (at Talent), statuses and treasures, by glossary id.
    pub held: Vec<Id>,
    /// Skills at Master level.
    pub master: Vec<Id>,
    /// Entries taken away (so that an arm before the one played towards
    /// does not hold first), and whether every treasure is.
    pub drop: Vec<Id>,
    pub drop_treasures: bool,
    pub gender: Option<Gender>,
    /// A position on the wealth ladder.
    pub wealth: Option<usize>,
    /// A terrain: the player is put on a space of it (not a place of power).
    pub terrain: Option<String>,
}

impl Dressing {
    /// Nothing given.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Dressing::default()
    }
}

/// Where a targeted encounter begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Toward {
    /// A paragraph some game reached: its encounter starts there.
    Paragraph(u32),
    /// The turn's own encounter where the player stands (a status held
    /// that says `encounters:` plays its encounter; else the deck's card).
    Turn,
    /// A place of power (a space of the board): its paragraph, then its exit.
    Place(usize),
}

impl Game<'_, '_> {
    /// Play `rounds` rounds as any game does (victory aside: a targeted
    /// game is cut short, not won).
    pub fn play_rounds<P: Policy, W: Watch>(&mut self, rounds: u32, policy: &mut P, watch: &mut W) {
        for round in 1..=rounds {
            self.round = round;
            for seat in 0..self.players.len() {
                self.turn(seat, policy, watch);
            }
        }
    }

    /// Give the player in `seat` what `d` says (`pick` chooses among the
    /// spaces of its terrain).
    pub fn dress(&mut self, seat: usize, d: &Dressing, pick: &mut impl FnMut(usize) -> usize) {
        let book = self.engine.book;
        let spaces: Vec<usize> = d.terrain.as_ref().map_or_else(Vec::new, |t| {
            (0..self.board.spaces.len())
                .filter(|&i| {
                    let s = &self.board.spaces[i];
                    !s.is_place()
                        && s.terrain
                            .as_ref()
                            .is_some_and(|x| crate::text::eq_ci(&x.value, t))
                })
                .collect()
        });
        let p = &mut self.players[seat];
        p.c.skills.retain(|id, _| !d.drop.contains(id));
        p.c.statuses.retain(|h| !d.drop.contains(&h.id));
        p.c.treasures
            .retain(|t| !d.drop.contains(t) && !d.drop_treasures);
        for id in &d.held {
            let _ = crate::engine::character::gain(&mut p.c, book, id, None);
        }
        for id in &d.master {
            p.c.skills.insert(*id, Level::Master);
        }
        if let Some(g) = d.gender {
            p.c.gender = g;
        }
        if let Some(w) = d.wealth {
            p.c.wealth = w;
        }
        if !spaces.is_empty() {
            let to = spaces[pick(spaces.len()).min(spaces.len() - 1)];
            p.at = to;
            p.c.space = Some(self.board.spaces[to].name.value.clone());
        }
    }

    /// The targeted encounter of the player in `seat`, with its awards'
    /// board effects, as a turn plays its encounter.
    pub fn targeted<P: Policy, W: Watch>(
        &mut self,
        seat: usize,
        toward: &Toward,
        policy: &mut P,
        watch: &mut W,
    ) {
        self.chain = super::awards::CHAIN;
        let begin = match toward {
            Toward::Paragraph(n) => Begin::At(Target::Paragraph(*n)),
            Toward::Turn => Begin::Turn,
            &Toward::Place(space) => {
                let p = &mut self.players[seat];
                p.at = space;
                p.c.space = Some(self.board.spaces[space].name.value.clone());
                Begin::Place
            }
        };
        self.encounter(seat, begin, policy, watch);
    }
}
