//! From text to IR: the pest grammars in `grammar/` and the passes that
//! lower what they match into [`crate::ir`] values.
//!
//! Nothing here stops at the first error: every function returns what it
//! could build plus its diagnostics.

// The layers, top to bottom (ARCHITECTURE.md draws them; `tests/it/house.rs`
// holds them): a file into paragraphs (`tales`), a paragraph's body
// (`tree`), a block's text (`blocks`), the file's classified lines
// (`lines`); the readers every layer may use (`awards`, which uses
// `labels` and `effects`, which use `conditions`); beside them `print` and
// `yaml`; and under everything the ground (the files below).
pub mod awards;
mod blocks;
pub mod conditions;
mod effects;
mod labels;
mod lines;
pub mod print;
pub mod tales;
mod tree;
pub mod yaml;

pub use awards::{award, reference};

// The ground every layer stands on.
mod award_cache;
mod context;
mod grammar;
pub mod limits;
mod names;
mod suggestions;

pub use award_cache::{AwardCache, BookCache};
pub use context::Context;
pub use suggestions::Suggestions;
