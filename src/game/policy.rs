//! Who decides for the players of a simulated game: every decision of a
//! turn goes through a [`Policy`] (docs/game.md, "Decisions").

use super::movement::Move;
use crate::engine::{Ask, Chooser, Rng};

/// The decisions of a game beyond the engine's (reactions, sections and
/// award choices come through [`Chooser`]).
pub trait Policy: Chooser {
    /// Where to move: an index of `moves` (the first is staying put).
    /// `toward` holds each space's routes to the start when the player's
    /// goal is met (they head home to win), else to the nearest space where
    /// a step of their quest would hold (`Game::toward_quest`), else `None`.
    fn movement(&mut self, moves: &[Move], toward: Option<&[Option<u32>]>) -> usize;
    /// Where an award moves the player or puts the marker: an index of
    /// `spaces` (never empty). `by`: the seat that decides (another
    /// player's for `Have another player ...`); `toward` as in
    /// [`Policy::movement`], given only when the player decides.
    fn space(&mut self, by: usize, spaces: &[usize], toward: Option<&[Option<u32>]>) -> usize;
    /// `You may move ...` (beyond 9.3, docs/effects.md): whether the
    /// player in `seat`, on space `here`, takes the move (to one of
    /// `spaces`, never empty, picked next through [`Policy::space`]) or
    /// stays; `toward` as in [`Policy::movement`]. By default they move.
    fn take_move(
        &mut self,
        _seat: usize,
        _here: usize,
        _spaces: &[usize],
        _toward: Option<&[Option<u32>]>,
    ) -> bool {
        true
    }
    /// Who moves the player in `seat` when another player does
    /// (Ensorcelled, "Have another player move you ..."): the player's own
    /// pick, an index of `others` (the other seats, never empty).
    fn mover(&mut self, seat: usize, others: &[usize]) -> usize;
    /// The turn's move of the player in `seat` made by the seat `by`
    /// (`chosen-by-another: [movement]`): an index of `moves`, any legal
    /// end, not toward the player's goal.
    fn move_for(&mut self, by: usize, seat: usize, moves: &[Move]) -> usize;
    /// At the end of a turn in a city: the index of the treasure of
    /// `sales` to sell (never empty), or `None` to keep them all.
    fn sell(&mut self, sales: &[Sale]) -> Option<usize>;
    /// Keep the city card just drawn (`card`: an index of cards.yaml's
    /// `city:`), to play it later in its city?
    fn keep_city_card(&mut self, card: usize) -> bool;
    /// One of `n` things drawn or picked at random (a place of power for an
    /// opportunity to enter any, a goal split, skills at setup).
    fn pick(&mut self, n: usize) -> usize;
    /// A turn begins: the player in `seat` is about to move (a person's
    /// policy shows the board here). The simulation's policies ignore it.
    fn turn(&mut self, _game: &super::Game<'_, '_>, _seat: usize) {}
    /// Whether the game stops before the next turn (a person quit).
    fn stop(&self) -> bool {
        false
    }
    /// The game is over (ended, or stopped): the state it ended in.
    fn over(&mut self, _game: &super::Game<'_, '_>) {}
}

/// A treasure the player may sell now, and what selling it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sale {
    pub treasure: crate::ir::Id,
    /// The sale raises the player's wealth (else the treasure goes for
    /// nothing: the wealth is at the bound already, or above it).
    pub gains: bool,
    /// An unpaid step of the player's quest asks for it (by name, or any
    /// treasure, found where this one was).
    pub needed: bool,
}

/// The default policy: uniform among the legal options, the shortest way
/// home once the goal is met, before that the shortest way to the quest's
/// next place; it never sells a treasure for nothing, nor one its quest
/// needs.
pub struct Uniform(pub Rng);

impl Uniform {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(u32::try_from(n.max(1)).unwrap_or(u32::MAX)) as usize
    }
}

impl Uniform {
    /// Uniform among `spaces`, or among the nearest what `toward` measures.
    fn nearest(&mut self, spaces: &[usize], toward: Option<&[Option<u32>]>) -> usize {
        let Some(dist) = toward else {
            return self.below(spaces.len());
        };
        let d = |to: usize| dist.get(to).copied().flatten().unwrap_or(u32::MAX);
        let best = spaces.iter().map(|&s| d(s)).min().unwrap_or(u32::MAX);
        let nearest: Vec<usize> = (0..spaces.len())
            .filter(|&i| d(spaces[i]) == best)
            .collect();
        nearest.get(self.below(nearest.len())).copied().unwrap_or(0)
    }
}

impl Chooser for Uniform {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.below(ask.options.len())
    }
}

impl Policy for Uniform {
    fn movement(&mut self, moves: &[Move], toward: Option<&[Option<u32>]>) -> usize {
        let ends: Vec<usize> = moves.iter().map(|m| m.to).collect();
        self.nearest(&ends, toward)
    }

    fn space(&mut self, _by: usize, spaces: &[usize], toward: Option<&[Option<u32>]>) -> usize {
        self.nearest(spaces, toward)
    }

    fn mover(&mut self, _seat: usize, others: &[usize]) -> usize {
        self.below(others.len())
    }

    /// With a goal, the move is taken when one of its ends is nearer the
    /// goal than `here`; without one, a fair coin.
    fn take_move(
        &mut self,
        _seat: usize,
        here: usize,
        spaces: &[usize],
        toward: Option<&[Option<u32>]>,
    ) -> bool {
        let Some(dist) = toward else {
            return self.below(2) == 0;
        };
        let d = |to: usize| dist.get(to).copied().flatten().unwrap_or(u32::MAX);
        spaces.iter().any(|&s| d(s) < d(here))
    }

    fn move_for(&mut self, _by: usize, _seat: usize, moves: &[Move]) -> usize {
        self.below(moves.len())
    }

    fn keep_city_card(&mut self, _card: usize) -> bool {
        self.below(2) == 0
    }

    /// Uniform among selling none and selling each treasure that raises
    /// the wealth and that the quest does not need.
    fn sell(&mut self, sales: &[Sale]) -> Option<usize> {
        let worth: Vec<usize> = (0..sales.len())
            .filter(|&k| sales[k].gains && !sales[k].needed)
            .collect();
        if worth.is_empty() {
            return None;
        }
        worth.get(self.below(worth.len() + 1)).copied()
    }

    fn pick(&mut self, n: usize) -> usize {
        self.below(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_policy_takes_an_optional_move_toward_its_goal_only() {
        let mut p = Uniform(Rng::new(1));
        // Spaces 0 (here, 3 from the goal), 1 (1 from it), 2 (5 from it).
        let toward = [Some(3), Some(1), Some(5)];
        assert!(p.take_move(0, 0, &[1, 2], Some(&toward)));
        assert!(!p.take_move(0, 0, &[2], Some(&toward)));
        // No goal: a fair coin, both answers over a few tosses.
        let tosses: Vec<bool> = (0..40).map(|_| p.take_move(0, 0, &[1], None)).collect();
        assert!(tosses.contains(&true) && tosses.contains(&false));
    }

    fn sale(gains: bool, needed: bool) -> Sale {
        Sale {
            treasure: crate::ir::Id::from("lamp"),
            gains,
            needed,
        }
    }

    /// Issue #24's trial: the default policy sold a treasure for nothing
    /// (wealth already at its bound), even the Sunken Lamp its own quest
    /// needed. It sells only what raises its wealth and its quest does not
    /// need, uniformly among those and selling none.
    #[test]
    fn the_default_policy_sells_only_what_gains_and_its_quest_does_not_need() {
        let (mut sold, mut kept) = ([0u32; 3], 0u32);
        for seed in 0..400 {
            let mut p = Uniform(Rng::new(seed));
            assert_eq!(p.sell(&[sale(false, false)]), None, "for nothing");
            assert_eq!(p.sell(&[sale(true, true)]), None, "the quest needs it");
            assert_eq!(p.sell(&[sale(false, true)]), None);
            match p.sell(&[sale(false, false), sale(true, false), sale(true, true)]) {
                Some(k) => sold[k] += 1,
                None => kept += 1,
            }
        }
        assert_eq!((sold[0], sold[2]), (0, 0), "{sold:?}");
        assert!(sold[1] > 150 && kept > 150, "{sold:?} {kept}");
    }
}
