//! Reader: section headings and the head of an arm (a label, a condition,
//! a band, a guarded option's `{expr}`).

pub(crate) mod arm;
pub(crate) mod heading;
