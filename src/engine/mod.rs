//! The rules engine: plays any paragraph, chart, matrix row, place or card
//! of a book as the game plays it (rules-summary-en.md, "Resolving
//! encounters"). No I/O and deterministic: randomness comes from one seeded
//! [`Rng`], choices from a [`Chooser`], and what happens goes to a [`Sink`].

pub mod character;
mod effects;
mod encounter;
mod event;
mod reading;
mod rng;
pub mod rules;

pub use character::{Change, Character, Gender, Held, Level, TimeOfDay};
pub use encounter::Engine;
pub use event::{Ask, AskKind, Broken, Event, Outcome, Start};

pub use rng::Rng;

/// Who makes the player's choices: a person at a terminal, a script, a
/// replayed transcript, or chance.
pub trait Chooser {
    /// The index of the chosen option (`< ask.options.len()`).
    fn choose(&mut self, ask: &Ask<'_>) -> usize;
}

/// Where the engine reports what happens.
pub trait Sink {
    fn event(&mut self, character: &Character, event: Event<'_>);
}

/// A sink that ignores everything (benchmarks, simulations).
pub struct Quiet;

impl Sink for Quiet {
    fn event(&mut self, _: &Character, _: Event<'_>) {}
}

/// Chooses at random, from its own generator.
pub struct RandomChooser(pub Rng);

impl Chooser for RandomChooser {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.0
            .below(u32::try_from(ask.options.len().max(1)).unwrap_or(1)) as usize
    }
}
