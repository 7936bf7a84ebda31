//! `tales sim --games N`: whole games (`crate::game`) played in parallel,
//! each seeded from the run's seed and its number, so the same seed gives
//! the same counts whatever the threads, and shards (consecutive runs of
//! game numbers) add up to the whole run. Every encounter of every game is
//! also counted as `tales sim` counts encounters (visits, arms, the
//! economy), into a [`Tally`].

use super::tally::{ArmIndex, Counter, Seen, Tally};
use crate::engine::{Broken, Character, Engine, Outcome, Rng, Sink, Start};
use crate::game::{Game, Setup, Uniform, Watch, tally::GameTally};
use crate::par::prelude::*;

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct GamesOptions {
    pub games: u64,
    pub seed: u64,
    pub setup: Setup,
    /// Part `k` of `n` (1-based).
    pub shard: (u64, u64),
}

/// The games' counts and their encounters' counts.
pub type Counts = (GameTally, Tally);

/// Play the games of the shard (on the current rayon pool) and count them.
/// The book must have a board (`crate::game::board_of`).
pub fn run(engine: &Engine, arms: &ArmIndex, opts: &GamesOptions) -> Result<Counts, String> {
    let book = engine.book;
    crate::game::board_of(book)?;
    let (first, last) = super::shard_chunks(opts.games, opts.shard);
    let empty = || (GameTally::default(), Tally::new(book, arms, 1));
    Ok((first..last)
        .into_par_iter()
        .fold(empty, |(mut games, mut tally), i| {
            let mut watch = Counting::new(&mut tally, book, arms);
            let record = one(
                engine,
                opts.setup,
                super::chunk_seed(opts.seed, i),
                &mut watch,
            );
            games.add(&record);
            (games, tally)
        })
        .reduce(empty, |(g, t), (g2, t2)| (g.merge(g2), t.merge(t2))))
}

/// One game from its seed, under the default policy.
#[must_use]
pub fn one<W: Watch>(
    engine: &Engine,
    setup: Setup,
    seed: u64,
    watch: &mut W,
) -> crate::game::Record {
    let mut policy = Uniform(Rng::new(seed ^ 0xA5A5_A5A5_A5A5_A5A5));
    match Game::new(engine, setup, seed, &mut policy) {
        Ok(game) => game.play_watched(&mut policy, watch),
        Err(message) => crate::game::Record {
            broken: vec![message],
            ..crate::game::Record::default()
        },
    }
}

/// A game's encounters into the encounter tally, as `tales sim` counts
/// its lives' (a place of power's encounter under its source).
pub(super) struct Counting<'a> {
    counter: Counter<'a>,
}

impl<'a> Counting<'a> {
    pub(super) fn new(tally: &'a mut Tally, book: &'a crate::ir::Book, arms: &'a ArmIndex) -> Self {
        Counting {
            counter: Counter {
                tally,
                book,
                arms,
                reading: None,
                seen: Seen::default(),
                modifier: 0,
            },
        }
    }
}

impl Watch for Counting<'_> {
    fn begin(&mut self, start: &Start) -> &mut dyn Sink {
        let slots = &self.counter.arms.slots;
        let source = slots
            .places
            .iter()
            .position(|s| s == start)
            .map(|i| slots.place(i));
        self.counter.reading = None;
        self.counter.modifier = 0;
        self.counter.seen = Seen {
            source,
            ..Seen::default()
        };
        &mut self.counter
    }

    fn end(&mut self, before: (u32, u32, usize), c: &Character, outcome: &Result<Outcome, Broken>) {
        let t = &mut *self.counter.tally;
        t.encounters += 1;
        match outcome {
            Ok(Outcome::Died) => {
                t.deaths += 1;
                self.counter.seen.died = true;
            }
            Ok(Outcome::Done) => {}
            Err(b) => *t.broken.entry(b.message.clone()).or_default() += 1,
        }
        self.counter.tally.points(before, c, &self.counter.seen);
    }
}
