//! The encounter deck (rules summary, "Setup" and "Encounter cards"): every
//! card of cards.yaml once (`count: N`: N copies), shuffled; when the draw pile is empty the
//! discards are shuffled into a new one and the time of day moves on,
//! morning → noon → night (night stays). City cards a player keeps are out
//! of the deck until played.

use crate::engine::{Rng, TimeOfDay};
use crate::ir::{Book, Target};

/// A card of cards.yaml, by its kind and place in its list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    Character(usize),
    Terrain(usize),
    City(usize),
}

/// The draw pile, the discards and the time of day.
#[derive(Clone, Debug)]
pub struct Deck {
    draw: Vec<Card>,
    discard: Vec<Card>,
    pub time: TimeOfDay,
    /// Times the discards were shuffled into a new draw pile.
    pub reshuffles: u32,
}

impl Deck {
    /// Every card of the book once (`count: N`: N times), shuffled;
    /// morning.
    pub fn new(book: &Book, rng: &mut Rng) -> Self {
        let [character, terrain, city] = book.cards.counts();
        let copies = |counts: Vec<u32>, card: fn(usize) -> Card| {
            counts
                .into_iter()
                .enumerate()
                .flat_map(move |(i, n)| std::iter::repeat_n(card(i), n as usize))
        };
        let mut draw: Vec<Card> = copies(character, Card::Character)
            .chain(copies(terrain, Card::Terrain))
            .chain(copies(city, Card::City))
            .collect();
        shuffle(&mut draw, rng);
        Deck {
            draw,
            discard: Vec::new(),
            time: TimeOfDay::Morning,
            reshuffles: 0,
        }
    }

    /// The top card; the discards reshuffled first when the pile is empty
    /// (`None`: every card is held by players).
    pub fn draw(&mut self, rng: &mut Rng) -> Option<Card> {
        if self.draw.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            std::mem::swap(&mut self.draw, &mut self.discard);
            shuffle(&mut self.draw, rng);
            self.reshuffles += 1;
            self.time = match self.time {
                TimeOfDay::Morning => TimeOfDay::Noon,
                TimeOfDay::Noon | TimeOfDay::Night => TimeOfDay::Night,
            };
        }
        self.draw.pop()
    }

    /// A card back on the discards.
    pub fn discard(&mut self, card: Card) {
        self.discard.push(card);
    }

    /// Cards left to draw before the next reshuffle.
    #[must_use]
    pub fn left(&self) -> usize {
        self.draw.len()
    }
}

/// Fisher-Yates.
pub(super) fn shuffle<T>(cards: &mut [T], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
        cards.swap(i, j);
    }
}

/// Where a card sends the reader: a character card's chart for the time of
/// day, a terrain card's entry for this terrain (its first entry when it
/// has none for it, as the engine does), a city card's paragraph.
#[must_use]
pub fn target<'b>(
    book: &'b Book,
    card: Card,
    time: TimeOfDay,
    terrain: Option<&str>,
) -> Option<&'b Target> {
    let c = &book.cards;
    let r = match card {
        Card::Character(i) => {
            let card = c.character.get(i)?;
            match time {
                TimeOfDay::Morning => card.morning.as_ref(),
                TimeOfDay::Noon => card.noon.as_ref(),
                TimeOfDay::Night => card.night.as_ref(),
            }
        }
        Card::Terrain(i) => {
            let card = c.terrain.get(i)?;
            terrain
                .and_then(|t| {
                    card.entries
                        .iter()
                        .find(|(k, _)| crate::text::eq_ci(&k.value, t))
                })
                .or_else(|| card.entries.first())
                .map(|(_, r)| r)
        }
        Card::City(i) => c.city.get(i)?.paragraph.as_ref(),
    };
    r.map(|r| &r.target)
}

/// A card drawn, in words: `Stranger (character card, morning)`,
/// `Magnetic Mountain (terrain card, for sea)`, `Kilwa (city card: read
/// wherever drawn; kept, it is played later in Kilwa)`: the rules read a
/// city card's paragraph wherever the player stands.
#[must_use]
pub fn words(book: &Book, card: Card, time: TimeOfDay, terrain: Option<&str>) -> String {
    let c = &book.cards;
    match card {
        Card::Character(i) => c.character.get(i).map_or_else(String::new, |k| {
            format!("{} (character card, {})", k.name.value, time.as_str())
        }),
        Card::Terrain(i) => c.terrain.get(i).map_or_else(String::new, |k| {
            let on = terrain.map_or_else(String::new, |t| format!(", for {t}"));
            format!("{} (terrain card{on})", k.name.value)
        }),
        Card::City(i) => c.city.get(i).map_or_else(String::new, |k| {
            format!(
                "{0} (city card: read wherever drawn; kept, it is played later in {0})",
                k.city.value
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> Book {
        crate::load::load_book(std::path::Path::new("../shared/spec/example-v3")).0
    }

    #[test]
    fn every_card_is_drawn_once_a_pass_and_the_time_follows_the_reshuffles() {
        let book = book();
        let mut rng = Rng::new(3);
        let mut deck = Deck::new(&book, &mut rng);
        let total = book.cards.character.len() + book.cards.terrain.len() + book.cards.city.len();
        for (pass, time) in [
            TimeOfDay::Morning,
            TimeOfDay::Noon,
            TimeOfDay::Night,
            TimeOfDay::Night,
        ]
        .into_iter()
        .enumerate()
        {
            let mut seen = Vec::new();
            for _ in 0..total {
                let card = deck.draw(&mut rng).expect("a card");
                assert_eq!(deck.time, time, "pass {pass}");
                assert!(!seen.contains(&card), "{card:?} twice in pass {pass}");
                seen.push(card);
                deck.discard(card);
            }
            assert_eq!(deck.left(), 0);
        }
    }

    #[test]
    fn a_card_with_a_count_is_dealt_that_many_times_a_pass() {
        // game-count: Stranger `count: 3`, Hermit once, Sands `count: 2`.
        let book = crate::load::load_book(std::path::Path::new("tests/fixtures/game-count")).0;
        assert_eq!(book.cards.counts(), [vec![3, 1], vec![2], vec![]]);
        let mut rng = Rng::new(5);
        let mut deck = Deck::new(&book, &mut rng);
        for pass in 0..3 {
            let mut seen = Vec::new();
            for _ in 0..6 {
                let card = deck.draw(&mut rng).expect("a card");
                seen.push(card);
                deck.discard(card);
            }
            let n = |c: Card| seen.iter().filter(|&&x| x == c).count();
            let counts = [
                n(Card::Character(0)),
                n(Card::Character(1)),
                n(Card::Terrain(0)),
            ];
            assert_eq!(counts, [3, 1, 2], "pass {pass}");
            assert_eq!(deck.left(), 0);
        }
    }

    #[test]
    fn a_kept_card_is_out_of_the_deck_until_discarded() {
        let book = book();
        let mut rng = Rng::new(9);
        let mut deck = Deck::new(&book, &mut rng);
        let total = book.cards.character.len() + book.cards.terrain.len() + book.cards.city.len();
        let mut kept = None;
        for _ in 0..total {
            let card = deck.draw(&mut rng).expect("a card");
            if matches!(card, Card::City(_)) {
                kept = Some(card);
            } else {
                deck.discard(card);
            }
        }
        let kept = kept.expect("the book has a city card");
        for _ in 0..total - 1 {
            assert_ne!(deck.draw(&mut rng), Some(kept));
        }
    }
}
