use super::{Id, Target};
use crate::span::Span;

/// An award code: `[D2 / S1 / W+1 (max Poor) / Storytelling / Respected]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub items: Vec<AwardItem>,
    pub span: Span,
}

/// One item of an award code, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwardItem {
    pub effect: Effect,
    pub span: Span,
}

/// What an award item does, independent of the book's language: the same
/// award in two languages is the same `Effect`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// `D2`, `D-1`.
    Destiny(i32),
    /// `S1`, `S+3`.
    Story(i32),
    /// `W+1 (max Poor)`: levels up or down, bounded.
    Wealth { delta: i32, bound: Option<Bound> },
    /// A glossary name: gain that skill, status or treasure.
    Gain { id: Id, note: Option<Note> },
    /// `Lose NAME`.
    Lose(Id),
    /// `Master NAME`, `NAME and NAME at Master level`.
    Master(Vec<Id>),
    /// `Choice of NAME or NAME`.
    Choice(Vec<Id>),
    /// `Treasure`: a random treasure.
    RandomTreasure,
    /// `@N` and other references alone: go there.
    Goto(Target),
    /// `Go to paragraph N and read the NAME paragraph` (FORMAT.md 2b): go
    /// to N (`None`: `Read the NAME paragraph below`, this paragraph) and
    /// take its section that names `section`, whatever the reader holds.
    GotoSection { paragraph: Option<u32>, section: Id },
    /// `Death`.
    Death,
    /// Anything else, verbatim.
    FreeText(String),
}

/// `(max Poor)` / `(min Beggar)`: `level` is the index on the book's wealth
/// ladder (lowest first), so bounds compare across languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    pub max: bool,
    pub level: usize,
}

/// The parenthesised note after a status: `Scorned (1 turn)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    Turns(u32),
    Text(String),
}
