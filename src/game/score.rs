//! What an encounter of a whole game leaves besides the character: the
//! points it gave, by source, and the board effects the game applies (an
//! opportunity to enter a place of power, the next turn's encounter).
//!
//! Points go to where the award was read: an encounter at a place of power
//! to `place`, one a status gives to `status`, a city card played to
//! `card`; an encounter from the deck to `card` until a chart is rolled
//! (`chart`) and a reaction chosen (`matrix`), the last of them reached.
//! Points an entry's rule made (`Event::Credit`: a doubled award's extra, a
//! converted award, an `on-gain`) move to `status` or `treasure`.

use crate::engine::{Change, Character, Event, Sink};
use crate::ir::{Effect, EntryKind, Id, Target, Typed};

/// Where points come from (the report's `points_by_source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Chart,
    Card,
    Matrix,
    Place,
    Quest,
    Treasure,
    Status,
}

impl Source {
    /// Every source, in the report's order.
    pub const ALL: [Source; 7] = [
        Source::Chart,
        Source::Card,
        Source::Matrix,
        Source::Place,
        Source::Quest,
        Source::Treasure,
        Source::Status,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Chart => "chart",
            Source::Card => "card",
            Source::Matrix => "matrix",
            Source::Place => "place_of_power",
            Source::Quest => "quest",
            Source::Treasure => "treasure",
            Source::Status => "status",
        }
    }
}

/// Points (destiny and story) by source, in [`Source::ALL`]'s order.
pub type Points = [i64; 7];

/// The engine's sink for one encounter of a game.
pub struct Scorer<'a> {
    pub source: Source,
    pub points: &'a mut Points,
    /// `Opportunity to enter PLACE`: `Some((Some(id), _))`; any place:
    /// `Some((None, by_other))` (`by_other`: another player picks it).
    pub opportunity: Option<(Option<String>, bool)>,
    /// `Next turn, instead of drawing an encounter card, encounter ...`.
    pub next: Option<Target>,
    /// The board's effects to apply after the encounter, in the order read
    /// (movements, immediate encounters, destination markers).
    pub board: Vec<Typed>,
    /// Statuses an award gave that were held already (`marked-city`'s
    /// `on-gained-again`).
    pub again: Vec<Id>,
}

impl<'a> Scorer<'a> {
    pub fn new(source: Source, points: &'a mut Points) -> Self {
        Scorer {
            source,
            points,
            opportunity: None,
            next: None,
            board: Vec::new(),
            again: Vec::new(),
        }
    }

    fn add(&mut self, before: u32, after: u32) {
        self.add_to(self.source, i64::from(after) - i64::from(before));
    }

    fn add_to(&mut self, source: Source, n: i64) {
        let at = Source::ALL.iter().position(|s| *s == source).unwrap_or(0);
        self.points[at] += n;
    }

    /// Points an entry's rule made (`Event::Credit`): moved from where
    /// the award was read to the entry's kind.
    fn credit(&mut self, kind: EntryKind, n: i64) {
        let to = match kind {
            EntryKind::Status => Source::Status,
            EntryKind::Treasure => Source::Treasure,
            EntryKind::Skill => return,
        };
        if to != self.source {
            self.add_to(self.source, -n);
            self.add_to(to, n);
        }
    }

    fn typed(&mut self, t: &Typed) {
        match t {
            Typed::Opportunity { place, by_other } => {
                self.opportunity = Some((place.as_ref().map(|p| p.id.clone()), *by_other));
            }
            Typed::Encounter {
                row,
                next_turn: true,
            } => {
                if let Some((matrix, row)) = row.id.split_once(':') {
                    self.next = Some(Target::Row {
                        matrix: matrix.to_owned(),
                        row: row.to_owned(),
                    });
                }
            }
            Typed::Move { .. }
            | Typed::Destination { .. }
            | Typed::Encounter {
                next_turn: false, ..
            } => self.board.push(t.clone()),
            _ => {}
        }
    }
}

impl Sink for Scorer<'_> {
    fn event(&mut self, c: &Character, event: Event<'_>) {
        let from_deck = matches!(self.source, Source::Card | Source::Chart | Source::Matrix);
        match event {
            Event::Chart { .. } if from_deck => self.source = Source::Chart,
            Event::Reaction { .. } if from_deck => self.source = Source::Matrix,
            Event::Credit { kind, points, .. } => self.credit(kind, points),
            Event::Award { change, effect } => {
                match change {
                    Change::Destiny(a, b) | Change::Story(a, b) => self.add(a, b),
                    Change::Nothing => {
                        if let Effect::Gain { id, .. } = effect
                            && c.has_status(*id)
                        {
                            self.again.push(*id);
                        }
                    }
                    _ => {}
                }
                if let Effect::Typed(t) = effect {
                    self.typed(t);
                }
            }
            _ => {}
        }
    }
}

/// The events a [`Scorer`] reads, copied (an [`Event`] is not `Clone`: a
/// roll holds its dice); `None` for the rest.
pub(crate) fn copy<'a>(e: &Event<'a>) -> Option<Event<'a>> {
    Some(match e {
        Event::Chart {
            paragraph,
            roll,
            total,
            entry,
        } => Event::Chart {
            paragraph: *paragraph,
            roll: *roll,
            total: *total,
            entry: *entry,
        },
        Event::Reaction {
            matrix,
            row,
            reaction,
            cell,
        } => Event::Reaction {
            matrix,
            row,
            reaction,
            cell: *cell,
        },
        Event::Award { effect, change } => Event::Award {
            effect,
            change: change.clone(),
        },
        Event::Credit {
            entry,
            kind,
            points,
        } => Event::Credit {
            entry: *entry,
            kind: *kind,
            points: *points,
        },
        _ => return None,
    })
}
