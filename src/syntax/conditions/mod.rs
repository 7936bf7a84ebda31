//! Reader: conditions, roll specs and die bands (in the grammar, and
//! without it).

pub mod branch;
pub mod condition;
pub(crate) mod quick_markup;
pub mod written;
