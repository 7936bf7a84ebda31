//! Where a simulated encounter starts (a card of the deck, a status's
//! encounters, a place of power) and which chart it rolls on: the rows of
//! the economy's "per card" and "per chart" tables, numbered once per run
//! so that tallies count them in plain vectors.

use crate::engine::Start;
use crate::ir::{Book, EntryKind, Target};
use serde::{Deserialize, Serialize};

/// An encounter source's or a chart's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub encounters: u64,
    /// Destiny and story points gained.
    pub points: i64,
    pub deaths: u64,
}

impl Slot {
    pub fn add(&mut self, other: &Slot) {
        self.encounters += other.encounters;
        self.points += other.points;
        self.deaths += other.deaths;
    }

    /// Points an encounter.
    pub fn mean(&self) -> f64 {
        if self.encounters == 0 {
            0.0
        } else {
            self.points as f64 / self.encounters as f64
        }
    }
}

/// One source of encounters, as the report names it.
#[derive(Clone, Debug)]
pub struct Source {
    /// `character`, `terrain`, `city`, `status` or `place`: the engine's
    /// card kinds, and places of power.
    pub kind: &'static str,
    pub name: String,
}

/// The book's encounter sources and charts, in a fixed order: character,
/// terrain and city cards, statuses with `encounters:`, places of power.
pub struct Slots {
    pub sources: Vec<Source>,
    /// Where each card's name is in the book (the engine's events borrow
    /// it): a card is found by address, no string compared.
    card_names: Vec<usize>,
    /// Each matrix's reactions by where their names are, sorted, with their
    /// slot in [`crate::sim::tally::Tally::reactions`].
    reactions: Vec<(usize, usize)>,
    /// The places of power, as starts (their slot is `places_from + i`).
    pub places: Vec<Start>,
    places_from: usize,
    /// Paragraph index of each chart, and the reverse.
    pub charts: Vec<usize>,
    chart_of: Vec<Option<usize>>,
}

impl Slots {
    pub fn of(book: &Book) -> Slots {
        let c = &book.cards;
        let mut sources: Vec<Source> = Vec::new();
        let mut push = |kind, name: &str| {
            sources.push(Source {
                kind,
                name: name.to_owned(),
            });
        };
        c.character
            .iter()
            .for_each(|x| push("character", &x.name.value));
        c.terrain
            .iter()
            .for_each(|x| push("terrain", &x.name.value));
        c.city.iter().for_each(|x| push("city", &x.city.value));
        book.glossary
            .entries
            .iter()
            .filter(|e| e.kind == EntryKind::Status && e.encounters.is_some())
            .for_each(|e| push("status", &e.name.value));
        let card_names = (c.character.iter().map(|x| &x.name.value))
            .chain(c.terrain.iter().map(|x| &x.name.value))
            .chain(c.city.iter().map(|x| &x.city.value))
            .map(|n| n.as_ptr() as usize)
            .collect();
        let mut reactions: Vec<(usize, usize)> = book
            .matrices
            .iter()
            .flat_map(|m| &m.reactions)
            .enumerate()
            .map(|(slot, r)| (r.value.as_ptr() as usize, slot))
            .collect();
        reactions.sort_unstable();
        let world = &book.manifest.world;
        for p in &world.places {
            push("place", p.name.as_ref().map_or(&p.id.value, |n| &n.value));
        }
        let places_from = sources.len() - world.places.len();
        let places = world
            .places
            .iter()
            .map(|p| Start::At(Target::Place(p.id.value.clone())))
            .collect();
        let charts: Vec<usize> = (0..book.paragraphs.len())
            .filter(|&i| book.paragraphs[i].is_chart())
            .collect();
        let mut chart_of = vec![None; book.paragraphs.len()];
        for (slot, &i) in charts.iter().enumerate() {
            chart_of[i] = Some(slot);
        }
        Slots {
            sources,
            card_names,
            reactions,
            places,
            places_from,
            charts,
            chart_of,
        }
    }

    /// The slot of a card the engine drew (`Event::Card`): by where its
    /// name is in the book, else by kind and name.
    pub fn card(&self, kind: &str, name: &str) -> Option<usize> {
        let at = name.as_ptr() as usize;
        (self.card_names.iter().position(|&a| a == at)).or_else(|| {
            self.sources[..self.places_from]
                .iter()
                .position(|s| s.kind == kind && s.name == name)
        })
    }

    /// The slot of a reaction the engine chose, by where its name is in the
    /// book (`None` for a name from elsewhere).
    pub fn reaction(&self, name: &str) -> Option<usize> {
        let at = name.as_ptr() as usize;
        let i = self.reactions.binary_search_by_key(&at, |r| r.0).ok()?;
        Some(self.reactions[i].1)
    }

    /// The slot of the `i`th place of power.
    pub fn place(&self, i: usize) -> usize {
        self.places_from + i
    }

    /// The chart slot of a paragraph (by its index in the book).
    pub fn chart(&self, paragraph: usize) -> Option<usize> {
        self.chart_of.get(paragraph).copied().flatten()
    }
}
