use super::{Award, Reference};
use crate::span::{Span, Spanned};

/// `cards.yaml`: the encounter cards.
#[derive(Clone, Debug, Default)]
pub struct Cards {
    pub character: Vec<CharacterCard>,
    pub terrain: Vec<TerrainCard>,
    pub city: Vec<CityCard>,
}

/// A character card: one chart (or row) per time of day.
#[derive(Clone, Debug)]
pub struct CharacterCard {
    pub name: Spanned<String>,
    pub morning: Option<Reference>,
    pub noon: Option<Reference>,
    pub night: Option<Reference>,
    /// `count: N`: copies in the deck (FORMAT.md 9.5; `None`: once).
    pub count: Option<Spanned<u32>>,
    pub span: Span,
}

/// A terrain card: one entry per terrain name.
#[derive(Clone, Debug)]
pub struct TerrainCard {
    pub name: Spanned<String>,
    pub entries: Vec<(Spanned<String>, Reference)>,
    /// `count: N`: copies in the deck (`None`: once).
    pub count: Option<Spanned<u32>>,
    pub span: Span,
}

/// A city card: its paragraph and its six die results.
#[derive(Clone, Debug)]
pub struct CityCard {
    pub city: Spanned<String>,
    pub paragraph: Option<Reference>,
    pub results: Vec<(Spanned<u32>, Award)>,
    /// `count: N`: copies in the deck (`None`: once).
    pub count: Option<Spanned<u32>>,
    pub span: Span,
}

/// The most copies of one card `count:` may ask for (a deck stays
/// linear in the file).
pub const MAX_COUNT: u32 = 100;

impl Cards {
    /// Every card's copies, character cards first, then terrain, then city.
    fn copies(&self) -> impl Iterator<Item = u32> + '_ {
        let n = |c: &Option<Spanned<u32>>| c.as_ref().map_or(1, |c| c.value);
        let a = self.character.iter().map(move |c| n(&c.count));
        let b = self.terrain.iter().map(move |c| n(&c.count));
        a.chain(b).chain(self.city.iter().map(move |c| n(&c.count)))
    }

    /// The cards of a deck, copies counted.
    #[must_use]
    pub fn dealt(&self) -> u32 {
        self.copies().sum()
    }

    /// The card (an index over character, terrain, then city cards) that
    /// holds the `k`-th copy of a deck (`k < dealt()`): a draw weighted
    /// by `count:`.
    #[must_use]
    pub fn copy(&self, mut k: u32) -> usize {
        for (i, n) in self.copies().enumerate() {
            if k < n {
                return i;
            }
            k -= n;
        }
        0
    }

    /// How many copies of each card the deck holds, by kind (1 unless
    /// `count: N`).
    #[must_use]
    pub fn counts(&self) -> [Vec<u32>; 3] {
        let n = |c: &Option<Spanned<u32>>| c.as_ref().map_or(1, |c| c.value);
        [
            self.character.iter().map(|c| n(&c.count)).collect(),
            self.terrain.iter().map(|c| n(&c.count)).collect(),
            self.city.iter().map(|c| n(&c.count)).collect(),
        ]
    }
}

#[cfg(test)]
mod tests {
    fn book() -> crate::ir::Book {
        // Stranger `count: 3`, Hermit once, Sands `count: 2`.
        crate::load::load_book(std::path::Path::new("tests/fixtures/game-count")).0
    }

    #[test]
    fn each_copy_of_the_deck_belongs_to_its_card() {
        let cards = book().cards;
        assert_eq!(cards.dealt(), 6);
        let owners: Vec<usize> = (0..6).map(|k| cards.copy(k)).collect();
        assert_eq!(owners, [0, 0, 0, 1, 2, 2]);
    }
}
