//! Who decides for the players of a simulated game: every decision of a
//! turn goes through a [`Policy`] (docs/game.md, "Decisions").

use super::movement::Move;
use crate::engine::{Ask, Chooser, Rng};

/// The decisions of a game beyond the engine's (reactions, sections and
/// award choices come through [`Chooser`]).
pub trait Policy: Chooser {
    /// Where to move: an index of `moves` (the first is staying put).
    /// `toward` holds each space's routes to the start when the player's
    /// goal is met (they head home to win), else `None`.
    fn movement(&mut self, moves: &[Move], toward: Option<&[Option<u32>]>) -> usize;
    /// Keep the city card just drawn (to play it later in its city)?
    fn keep_city_card(&mut self) -> bool;
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

/// The default policy: uniform among the legal options, and the shortest
/// way home once the goal is met.
pub struct Uniform(pub Rng);

impl Uniform {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(u32::try_from(n.max(1)).unwrap_or(u32::MAX)) as usize
    }
}

impl Chooser for Uniform {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.below(ask.options.len())
    }
}

impl Policy for Uniform {
    fn movement(&mut self, moves: &[Move], toward: Option<&[Option<u32>]>) -> usize {
        let Some(dist) = toward else {
            return self.below(moves.len());
        };
        let d = |m: &Move| dist.get(m.to).copied().flatten().unwrap_or(u32::MAX);
        let best = moves.iter().map(d).min().unwrap_or(u32::MAX);
        let nearest: Vec<usize> = (0..moves.len()).filter(|&i| d(&moves[i]) == best).collect();
        nearest.get(self.below(nearest.len())).copied().unwrap_or(0)
    }

    fn keep_city_card(&mut self) -> bool {
        self.below(2) == 0
    }

    fn pick(&mut self, n: usize) -> usize {
        self.below(n)
    }
}
