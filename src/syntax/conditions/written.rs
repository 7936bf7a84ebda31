//! Conditions and roll specs as written, before their names are read: what
//! the grammar's reader and the quick one (`quick_markup`) both build.

/// How a label starts: `{else}`, `{expr}`, or neither.
#[derive(Debug)]
pub enum GuardSyntax {
    Else,
    Expr(RawExpr),
    Malformed,
}

/// A condition with its atoms as written (text, offset in the guard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawExpr {
    Name(String, usize),
    Not(Box<RawExpr>),
    All(Vec<RawExpr>),
    Any(Vec<RawExpr>),
}

/// A roll spec as written: the dice, then each term's sign, weight and
/// condition (ranges are byte offsets in the spec's text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawSpec {
    pub(crate) count: Option<(usize, usize)>,
    pub(crate) sides: (usize, usize),
    pub(crate) terms: Vec<RawTerm>,
    /// The spec's length, braces included.
    pub(crate) len: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawTerm {
    pub(crate) negative: bool,
    pub(crate) weight: Option<(usize, usize)>,
    /// The `roll_atom`, untrimmed.
    pub(crate) atom: (usize, usize),
}
