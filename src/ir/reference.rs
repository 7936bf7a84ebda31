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

impl Target {
    /// The target in words, as `play` writes a matrix row elsewhere ("you
    /// react: Haggle (matrix B, row Greedy, cell 227)"): `matrix B, row
    /// Greedy`, `matrix K`, `paragraph 101`, a place by its name.
    pub fn words(&self, book: &super::Book) -> String {
        match self {
            Target::Paragraph(n) => format!("paragraph {n}"),
            Target::Row { matrix, row } => format!("matrix {matrix}, row {row}"),
            Target::Matrix(m) => format!("matrix {m}"),
            Target::Place(p) => {
                let place = book.manifest.world.places.iter().find(|x| x.id.value == *p);
                place
                    .and_then(|x| x.name.as_ref())
                    .map_or_else(|| p.clone(), |n| n.value.clone())
            }
        }
    }
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
