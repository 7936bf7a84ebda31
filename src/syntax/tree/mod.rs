//! A paragraph's body: its tree of arms (FORMAT.md 2a), or its chart.

pub(crate) mod build;
pub(crate) mod chart;
pub(crate) mod checks;
mod kinds;
mod quick_chart;
mod roll;
