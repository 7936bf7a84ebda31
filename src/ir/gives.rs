//! What a book's awards give: the glossary ids an award names (gained,
//! mastered, chosen among), whether any award deals a treasure from the
//! deck, and the one-use treasures as written. Read from the paragraphs,
//! the city cards and the quests; the readers that need more (the rules'
//! outcomes, what games held) add it with [`Gives::award`].

use super::{Award, Book, Effect, Id, Typed};
use rustc_hash::FxHashSet;

/// What awards give.
#[derive(Debug, Default)]
pub struct Gives {
    pub ids: FxHashSet<Id>,
    /// Some award deals a treasure from the deck (any treasure).
    pub any_treasure: bool,
    /// The ids of `TREASURE (1 use)` and the like, as written.
    pub one_use: Vec<String>,
}

impl Gives {
    /// What the awards of the paragraphs, city cards and quests give.
    #[must_use]
    pub fn of_awards(book: &Book) -> Gives {
        let mut g = Gives::default();
        for p in &book.paragraphs {
            for n in p.nodes() {
                n.awards.iter().for_each(|a| g.award(a));
            }
        }
        g.cards_and_quests(book);
        g
    }

    /// Add what the awards of the city cards and quests give.
    pub fn cards_and_quests(&mut self, book: &Book) {
        let g = self;
        for c in &book.cards.city {
            c.results.iter().for_each(|(_, a)| g.award(a));
        }
        for q in &book.quests {
            q.begins.iter().for_each(|a| g.award(a));
            q.steps
                .iter()
                .filter_map(|s| s.award.as_ref())
                .for_each(|a| g.award(a));
        }
    }

    /// Add what an award gives.
    pub fn award(&mut self, a: &Award) {
        a.items.iter().for_each(|i| self.effect(&i.effect));
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::Gain { id, .. } => {
                self.ids.insert(*id);
            }
            Effect::Master(ids) | Effect::Choice(ids) => self.ids.extend(ids.iter().copied()),
            Effect::RandomTreasure => self.any_treasure = true,
            Effect::When { item, .. } => self.effect(item),
            Effect::BySex { opposite, same } => {
                self.effect(opposite);
                self.effect(same);
            }
            Effect::Typed(t) => match &**t {
                Typed::ChoiceOf(items)
                | Typed::Roll { items, .. }
                | Typed::Destination { arrival: items, .. } => {
                    for e in items {
                        self.effect(e);
                    }
                }
                Typed::DrawTreasures { .. } | Typed::SearchTreasures => self.any_treasure = true,
                Typed::OneUse { id, .. } => self.one_use.push(id.id.clone()),
                _ => {}
            },
            _ => {}
        }
    }
}
