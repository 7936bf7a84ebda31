//! Reader: award codes and their items (in the grammar, and the common
//! ones without it), items in words, and references.

pub mod award;
pub(crate) mod misread;
pub(crate) mod near_go_to;
pub(crate) mod phrase;
pub(crate) mod quick_award;
pub mod reference;
pub(crate) mod shape;
