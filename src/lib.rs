//! `tales`: a toolchain for paragraph-book game content.
//!
//! The pipeline (see ARCHITECTURE.md): files ([`load`]) -> syntax
//! ([`syntax`], [`lower`]) -> IR ([`ir`]) -> graph ([`graph`]) -> lints
//! ([`lints`]) -> report ([`report`]).

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostic;
pub mod effect_index;
#[cfg(test)]
mod effect_index_tests;
pub mod effect_vocabulary;
pub mod effect_words;
pub mod encoding;
pub mod engine;
pub mod fmt;
pub mod game;
pub mod graph;
pub mod ir;
pub mod l10n;
pub mod lints;
pub mod load;
pub mod locale;
pub mod lower;
#[cfg(feature = "cli")]
pub mod lsp;
pub mod par;
pub mod play;
pub mod render;
pub mod report;
pub mod sim;
pub mod source;
pub mod span;
pub mod storymap;
pub mod syntax;
pub mod text;
