//! Selling treasures (rules summary, "Selling Treasures"): a player who
//! ends the turn in a city, after the encounter and a city card played,
//! may sell any treasure held. The glossary gives a treasure's bound
//! (`sell: LEVEL`, FORMAT.md 5): the wealth rises to it (never above it,
//! never down), as the engine's wealth rules allow, and the treasure goes
//! back to the deck (it is no longer held). docs/game.md, "Selling".

use super::{Game, Policy, Watch};
use crate::engine::character;
use crate::ir::{Bound, EntryKind, Id};

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

    /// At the end of the turn: the policy sells one of the sellable
    /// treasures, or none; a sale is said to the watch with its wealth.
    pub(super) fn sell<P: Policy, W: Watch>(&mut self, seat: usize, policy: &mut P, watch: &mut W) {
        let open = self.sellable(seat);
        if open.is_empty() {
            return;
        }
        let ids: Vec<Id> = open.iter().map(|(id, _)| *id).collect();
        let Some(k) = policy.sell(&ids).filter(|&k| k < open.len()) else {
            return;
        };
        let (id, level) = open[k];
        let book = self.engine.book;
        let c = &mut self.players[seat].c;
        let before = c.wealth;
        let _ = character::lose(c, book, &id);
        if level > c.wealth {
            let delta = i32::try_from(level - c.wealth).unwrap_or(i32::MAX);
            let bound = Some(Bound { max: true, level });
            c.wealth = character::wealth(c, book, delta, bound);
        }
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
        fn sell(&mut self, _: &[Id]) -> Option<usize> {
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
