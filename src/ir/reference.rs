use crate::span::Span;
use std::fmt;

/// Where a reference sends the reader.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// `@328`
    Paragraph(u32),
    /// `@F:Terrible`
    Row { matrix: String, row: String },
    /// `@K`: the whole matrix, its row chosen when played.
    Matrix(String),
    /// `@city-of-brass`: a place of power by id.
    Place(String),
}

/// A reference as written, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub target: Target,
    pub span: Span,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Paragraph(n) => write!(f, "@{n}"),
            Target::Row { matrix, row } => write!(f, "@{matrix}:{row}"),
            Target::Matrix(m) => write!(f, "@{m}"),
            Target::Place(p) => write!(f, "@{p}"),
        }
    }
}
