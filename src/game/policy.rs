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
    /// Who moves the player in `seat` when another player does
    /// (Ensorcelled, "Have another player move you ..."): the player's own
    /// pick, an index of `others` (the other seats, never empty).
    fn mover(&mut self, seat: usize, others: &[usize]) -> usize;
    /// The turn's move of the player in `seat` made by the seat `by`
    /// (`chosen-by-another: [movement]`): an index of `moves`, any legal
    /// end, not toward the player's goal.
    fn move_for(&mut self, by: usize, seat: usize, moves: &[Move]) -> usize;
    /// At the end of a turn in a city: the index of the treasure of
    /// `treasures` to sell (never empty), or `None` to keep them all.
    fn sell(&mut self, treasures: &[crate::ir::Id]) -> Option<usize>;
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

/// The default policy: uniform among the legal options, the shortest way
/// home once the goal is met, before that the shortest way to the quest's
/// next place.
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

    fn move_for(&mut self, _by: usize, _seat: usize, moves: &[Move]) -> usize {
        self.below(moves.len())
    }

    fn keep_city_card(&mut self, _card: usize) -> bool {
        self.below(2) == 0
    }

    /// Uniform among selling each one and selling none.
    fn sell(&mut self, treasures: &[crate::ir::Id]) -> Option<usize> {
        let k = self.below(treasures.len() + 1);
        (k < treasures.len()).then_some(k)
    }

    fn pick(&mut self, n: usize) -> usize {
        self.below(n)
    }
}
