//! `tales sim --games N`: whole games (`crate::game`) played in parallel,
//! each seeded from the run's seed and its number, so the same seed gives
//! the same counts whatever the threads, and shards (consecutive runs of
//! game numbers) add up to the whole run.

use crate::engine::{Engine, Rng};
use crate::game::{Game, Setup, Uniform, tally::GameTally};
use rayon::prelude::*;

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct GamesOptions {
    pub games: u64,
    pub seed: u64,
    pub setup: Setup,
    /// Part `k` of `n` (1-based).
    pub shard: (u64, u64),
}

/// Play the games of the shard (on the current rayon pool) and count them.
/// The book must have a board (`crate::game::board_of`).
pub fn run(engine: &Engine, opts: &GamesOptions) -> Result<GameTally, String> {
    crate::game::board_of(engine.book)?;
    let (first, last) = super::shard_chunks(opts.games, opts.shard);
    Ok((first..last)
        .into_par_iter()
        .fold(GameTally::default, |mut tally, i| {
            tally.add(&one(engine, opts.setup, super::chunk_seed(opts.seed, i)));
            tally
        })
        .reduce(GameTally::default, GameTally::merge))
}

/// One game from its seed, under the default policy.
#[must_use]
pub fn one(engine: &Engine, setup: Setup, seed: u64) -> crate::game::Record {
    let mut policy = Uniform(Rng::new(seed ^ 0xA5A5_A5A5_A5A5_A5A5));
    match Game::new(engine, setup, seed, &mut policy) {
        Ok(game) => game.play(&mut policy),
        Err(message) => crate::game::Record {
            broken: vec![message],
            ..crate::game::Record::default()
        },
    }
}
