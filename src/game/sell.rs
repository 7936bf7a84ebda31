//! Selling treasures (rules summary, "Selling Treasures"): a player who
//! ends the turn in a city, after the encounter and a city card played,
//! may sell any treasure held. The glossary gives a treasure's bound
//! (`sell: LEVEL`, FORMAT.md 5): the wealth rises to it (never above it,
//! never down), as the engine's wealth rules allow, and the treasure goes
//! back to the deck (it is no longer held). docs/game.md, "Selling".

use super::{Game, Policy, Sale, Watch};
use crate::engine::character::{self, Character};
use crate::ir::{Book, Bound, EntryKind, Id};

/// A sale: the treasure is no longer held, then the wealth rises to the
/// bound `level` through the engine's wealth rules (never down).
fn sell_in(c: &mut Character, book: &Book, id: Id, level: usize) {
    let _ = character::lose(c, book, &id);
    if level > c.wealth {
        let delta = i32::try_from(level - c.wealth).unwrap_or(i32::MAX);
        let bound = Some(Bound { max: true, level });
        c.wealth = character::wealth(c, book, delta, bound);
    }
}

impl Game<'_, '_> {
    /// The treasures the player in `seat` may sell here: those held with a
    /// `sell:` bound, on a city space (none elsewhere), unless a status
    /// held bars trading (`cannot-trade`: the FAQ's Imprisoned in a city).
    pub(super) fn sellable(&self, seat: usize) -> Vec<(Id, usize)> {
        let p = &self.players[seat];
        let book = self.engine.book;
        if !self.board.spaces[p.at].has_terrain("city")
            || crate::engine::rules::trade_barred(book, &p.c).is_some()
        {
            return Vec::new();
        }
        p.c.treasures
            .iter()
            .filter_map(|id| {
                let e = book.glossary.by_id(id)?;
                Some((*id, e.sell.filter(|_| e.kind == EntryKind::Treasure)?))
            })
            .collect()
    }

    /// The sellable treasures as the policy weighs them: whether a sale
    /// raises the wealth, whether the quest needs the treasure.
    pub(super) fn sales(&self, seat: usize, open: &[(Id, usize)]) -> Vec<Sale> {
        let c = &self.players[seat].c;
        open.iter()
            .map(|&(id, level)| {
                let mut after = c.clone();
                sell_in(&mut after, self.engine.book, id, level);
                Sale {
                    treasure: id,
                    gains: after.wealth > c.wealth,
                    needed: self.quest_needs(seat, id),
                }
            })
            .collect()
    }

    /// At the end of the turn: the policy sells one of the sellable
    /// treasures, or none; a sale is said to the watch with its wealth.
    pub(super) fn sell<P: Policy, W: Watch>(&mut self, seat: usize, policy: &mut P, watch: &mut W) {
        let open = self.sellable(seat);
        if open.is_empty() {
            return;
        }
        let sales = self.sales(seat, &open);
        let Some(k) = policy.sell(&sales).filter(|&k| k < open.len()) else {
            return;
        };
        let (id, level) = open[k];
        let book = self.engine.book;
        let c = &mut self.players[seat].c;
        let before = c.wealth;
        sell_in(c, book, id, level);
        self.record.sold += 1;
        let after = c.wealth;
        let level_name = |l: usize| {
            book.manifest
                .rules
                .wealth
                .get(l)
                .map_or("?", |w| w.name.value.as_str())
        };
        let sold = book
            .glossary
            .by_id(&id)
            .map_or("?", |e| e.name.value.as_str());
        let wealth = if after == before {
            format!("wealth stays {}", level_name(after))
        } else {
            format!("wealth {} → {}", level_name(before), level_name(after))
        };
        watch.rule(seat, &format!("{sold} sold: {wealth}"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::Uniform;
    use super::*;
    use crate::engine::{Engine, Rng};

    /// Sells the first treasure offered.
    struct First(Uniform);

    impl crate::engine::Chooser for First {
        fn choose(&mut self, ask: &crate::engine::Ask<'_>) -> usize {
            self.0.choose(ask)
        }
    }

    impl Policy for First {
        fn movement(
            &mut self,
            m: &[super::super::movement::Move],
            t: Option<&[Option<u32>]>,
        ) -> usize {
            self.0.movement(m, t)
        }
        fn space(&mut self, by: usize, s: &[usize], t: Option<&[Option<u32>]>) -> usize {
            self.0.space(by, s, t)
        }
        fn mover(&mut self, seat: usize, o: &[usize]) -> usize {
            self.0.mover(seat, o)
        }
        fn move_for(
            &mut self,
            by: usize,
            seat: usize,
            m: &[super::super::movement::Move],
        ) -> usize {
            self.0.move_for(by, seat, m)
        }
        fn keep_city_card(&mut self, _: usize) -> bool {
            false
        }
        fn sell(&mut self, _: &[Sale]) -> Option<usize> {
            Some(0)
        }
        fn pick(&mut self, n: usize) -> usize {
            self.0.pick(n)
        }
    }

    #[test]
    fn a_treasure_sells_in_a_city_for_its_bound_and_is_no_longer_held() {
        // game-moves: Home and Isle are cities, Dunes desert; the Lamp
        // sells for Rich (level 2), the Stone has no bound.
        let book = crate::load::load_book(std::path::Path::new("tests/fixtures/game-moves")).0;
        let engine = Engine::new(&book);
        let mut policy = First(Uniform(Rng::new(1)));
        let mut game = Game::alone_for_test(&engine, 1, 1, &mut policy);
        let mut heard = super::super::statuses::tests::Heard::default();
        let (lamp, stone) = (Id::from("lamp"), Id::from("stone"));
        game.players[0].c.treasures = vec![stone, lamp];
        // Not in a city: nothing to sell.
        game.players[0].at = book.board.as_ref().unwrap().position("Dunes").unwrap();
        game.sell(0, &mut policy, &mut heard);
        assert_eq!(game.players[0].c.treasures, [stone, lamp]);
        // In a city: only the Lamp, for Rich.
        game.players[0].at = game.start;
        assert_eq!(game.sellable(0), [(lamp, 2)]);
        game.sell(0, &mut policy, &mut heard);
        assert_eq!(game.players[0].c.treasures, [stone]);
        assert_eq!((game.players[0].c.wealth, game.record.sold), (2, 1));
        assert_eq!(heard.0, ["Lamp sold: wealth Poor → Rich"]);
        // Already as rich as the bound: the sale gains nothing, loses nothing.
        game.players[0].c.treasures.push(lamp);
        game.players[0].c.wealth = 3;
        game.sell(0, &mut policy, &mut heard);
        assert_eq!(game.players[0].c.wealth, 3);
        assert_eq!(heard.0[1], "Lamp sold: wealth stays Wealthy");
    }

    /// The sample book's Sunken Lamp, held in Basra: whether a sale gains
    /// (the lamp sells for Princely) and whether the quest needs it (The
    /// Lamp Beneath the Waves asks for it; A Gift for the Sultan of Kilwa
    /// asks for a treasure found outside Zanj). The default policy keeps
    /// it whenever a sale gains nothing or the quest needs it.
    #[test]
    fn a_bot_keeps_the_treasure_its_quest_needs_and_never_sells_for_nothing() {
        let book = crate::load::load_book(std::path::Path::new("content/sunken-lamp")).0;
        let engine = Engine::new(&book);
        let mut policy = Uniform(Rng::new(1));
        let mut game = Game::alone_for_test(&engine, 1, 1, &mut policy);
        let lamp = Id::from("sunken-lamp");
        let quest = |name: &str| {
            let q = (book.quests.iter())
                .position(|q| q.name.value == name)
                .unwrap();
            Some(super::super::quests::Current {
                quest: q,
                paid: vec![false; book.quests[q].steps.len()],
                begun: true,
            })
        };
        let p = &mut game.players[0];
        p.c.treasures = vec![lamp];
        p.found = vec![(lamp, Some("Zanj".to_owned()))];
        let weigh = |game: &mut Game, wealth: usize| {
            game.players[0].c.wealth = wealth;
            let open = game.sellable(0);
            (game.sales(0, &open).iter())
                .map(|s| (s.gains, s.needed))
                .collect::<Vec<_>>()
        };
        let (poor, princely) = (1, 4);
        game.players[0].quest = quest("The Lamp Beneath the Waves");
        assert_eq!(weigh(&mut game, poor), [(true, true)]);
        assert_eq!(weigh(&mut game, princely), [(false, true)]);
        game.players[0].quest = quest("The Pepper Road");
        assert_eq!(weigh(&mut game, poor), [(true, false)]);
        assert_eq!(weigh(&mut game, princely), [(false, false)]);
        // Found in Zanj: not the gift; found in Hind, it is.
        game.players[0].quest = quest("A Gift for the Sultan of Kilwa");
        assert_eq!(weigh(&mut game, poor), [(true, false)]);
        game.players[0].found = vec![(lamp, Some("Hind".to_owned()))];
        assert_eq!(weigh(&mut game, poor), [(true, true)]);
        // The Pepper Road at Princely: no seed sells it.
        game.players[0].quest = quest("The Pepper Road");
        game.players[0].c.wealth = princely;
        let mut heard = super::super::statuses::tests::Heard::default();
        for seed in 0..64 {
            game.sell(0, &mut Uniform(Rng::new(seed)), &mut heard);
        }
        assert_eq!(game.players[0].c.treasures, [lamp]);
        assert_eq!(game.record.sold, 0);
    }

    #[test]
    fn imprisoned_in_a_city_cannot_sell_a_treasure() {
        let book = crate::load::load_book(std::path::Path::new("tests/fixtures/game-moves")).0;
        let engine = Engine::new(&book);
        let mut policy = First(Uniform(Rng::new(1)));
        let mut game = Game::alone_for_test(&engine, 1, 1, &mut policy);
        let mut heard = super::super::statuses::tests::Heard::default();
        let lamp = Id::from("lamp");
        game.players[0].c.treasures = vec![lamp];
        let _ = crate::engine::character::gain(
            &mut game.players[0].c,
            &book,
            &Id::from("imprisoned"),
            None,
        );
        assert!(game.sellable(0).is_empty());
        game.sell(0, &mut policy, &mut heard);
        assert_eq!(
            (game.players[0].c.treasures.len(), game.record.sold),
            (1, 0)
        );
    }
}
