//! The engine's vocabulary: how an encounter starts, what the player is
//! asked, what happens, and how it ends.

use super::Change;
use crate::ir::{Effect, Id, Target};
use crate::span::Span;

/// How an encounter starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Draw a random encounter card (character, terrain or city).
    Card,
    /// A paragraph, chart, row, matrix or place.
    At(Target),
}

/// What the player is asked.
#[derive(Debug)]
pub struct Ask<'a> {
    pub kind: AskKind,
    /// The paragraph (or cell) the question is about.
    pub paragraph: u32,
    pub options: Vec<&'a str>,
    /// Whether another player makes this choice for the player (a status's
    /// `chosen-by-another` or `dice: another-player`): a game asks another
    /// seat.
    pub by_another: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskKind {
    Reaction,
    /// Go straight to a neighbour whose section names a Master skill, or roll.
    Master,
    Section,
    Branch,
    /// `Choice of X or Y`.
    Award,
    /// The encountered one's gender, when the book does not say it.
    OtherGender,
    /// The number a die shows, named instead of rolled (`dice:` rules).
    Die,
    /// The line of an encounter table, chosen by another player.
    ChartEntry,
}

/// What happens, in order.
#[derive(Debug)]
pub enum Event<'a> {
    Card {
        kind: &'static str,
        name: &'a str,
    },
    Chart {
        paragraph: u32,
        roll: u32,
        total: u32,
        entry: Span,
    },
    Reaction {
        matrix: &'a str,
        row: &'a str,
        reaction: &'a str,
        cell: u32,
    },
    Master {
        paragraph: u32,
        skill: &'a str,
    },
    Destiny {
        cell: u32,
        roll: i32,
        paragraph: u32,
    },
    Read {
        paragraph: u32,
        text: Option<Span>,
    },
    Section {
        paragraph: u32,
        label: Span,
        text: Option<Span>,
        forced: bool,
        /// 0 for a paragraph's own sections, 1 under `>`, ...
        depth: u8,
        /// The sections this reader could have read here, one bit each by
        /// their place in the block (bit 63: the 63rd and every later one):
        /// the one forced or preselected, else every one qualified for.
        open: u64,
    },
    /// A die roll of a roll block: the faces, and the terms that held.
    Roll {
        dice: Vec<u32>,
        terms: Vec<(i32, &'a crate::ir::Expr)>,
        total: i64,
    },
    Branch {
        /// The label as written (a condition's `{...}` included).
        label: &'a str,
        kind: crate::ir::BlockKind,
        roll: Option<u32>,
        text: Option<Span>,
        depth: u8,
    },
    /// The encountered one's gender: from the chart entry, or asked/drawn.
    OtherGender {
        gender: crate::ir::Gender,
        asked: bool,
    },
    /// A reaction of the row not offered, and why.
    NotOffered {
        reaction: &'a str,
        why: String,
    },
    Award {
        effect: &'a Effect,
        change: Change,
    },
    FreeText {
        text: &'a str,
    },
    Goto {
        target: &'a Target,
        /// The section of the paragraph taken (FORMAT.md 2b: `... and read
        /// the NAME paragraph`).
        section: Option<Id>,
    },
    Death,
    Expired {
        status: Id,
    },
    /// A rule of an entry held acted (FORMAT.md 9.2): `Crippled: story
    /// award doubled, 1 → 2`.
    Rule {
        entry: Id,
        what: String,
    },
    /// Of the points just taken, `points` (destiny and story) are an
    /// entry's doing: a rule's `double` or `award-becomes`, or its
    /// `on-gain`. A whole game counts them to the entry's kind (a status
    /// or a treasure) in `points_by_source`.
    Credit {
        entry: Id,
        kind: crate::ir::EntryKind,
        points: i64,
    },
}

/// The encounter reached a broken node of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub message: String,
    pub span: Option<Span>,
}

/// How an encounter ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Died,
}
