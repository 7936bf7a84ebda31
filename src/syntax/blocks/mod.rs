//! A block's text: its award codes, `@` references, brackets, and the
//! go-to phrase written in prose.

pub(crate) mod block;
pub(crate) mod brackets;
pub(crate) mod go_to;
pub(crate) mod pieces;
