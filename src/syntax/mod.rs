//! From text to IR: the pest grammars in `grammar/` and the passes that
//! lower what they match into [`crate::ir`] values.
//!
//! Nothing here stops at the first error: every function returns what it
//! could build plus its diagnostics.

mod arm;
pub mod award;
mod block;
mod brackets;
pub mod branch;
pub mod chart;
mod checks;
pub mod condition;
mod go_to;
mod heading;
mod lines;
mod phrase;
pub mod print;
mod quick_award;
mod quick_markup;
pub mod reference;
mod shape;
pub mod tales;
mod tree;
pub mod yaml;
mod yaml_error;

use crate::ir::{Glossary, GlossaryEntry, Matrix, Rules, World};
use crate::locale::Locale;
use crate::span::FileId;
use std::cell::Cell;

mod award_cache;
pub use award_cache::AwardCache;

mod award_grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/award.pest"]
    pub(crate) struct AwardParser;
}

mod tales_grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/tales.pest"]
    pub(crate) struct TalesParser;
}

/// What lowering needs to know about the book: its words and names.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub locale: &'a Locale,
    pub glossary: &'a Glossary,
    pub rules: &'a Rules,
    /// The matrices, for chart entries that almost name a row.
    pub matrices: &'a [Matrix],
    /// Terrains, places and spaces (conditions name terrains).
    pub world: &'a World,
    pub file: FileId,
    /// The file's award codes read so far (none: read each one).
    pub awards: Option<&'a AwardCache>,
    /// How many more glossary names the file's "did you mean" may compare
    /// (none: no limit); see [`Context::suggest`].
    pub suggestions: Option<&'a Cell<usize>>,
}

/// The glossary names a file's suggestions may compare: one a byte of the
/// file, and this many besides. A book's slips are a few hundred names
/// each at most; hostile text (thousands of slips against thousands of
/// names a letter apart) stops being offered suggestions, not linear.
pub const SUGGESTIONS_FLOOR: usize = 1 << 16;

impl<'a> Context<'a> {
    /// The context of one file of a book (whose YAML files are lowered).
    pub fn of(book: &'a crate::ir::Book, file: FileId) -> Self {
        Context {
            locale: &book.manifest.locale,
            glossary: &book.glossary,
            rules: &book.manifest.rules,
            matrices: &book.matrices,
            world: &book.manifest.world,
            file,
            awards: None,
            suggestions: None,
        }
    }

    /// The glossary entry a word that is no name was likely meant as,
    /// within the file's budget of comparisons.
    pub(crate) fn suggest(&self, text: &str) -> Option<&'a GlossaryEntry> {
        let Some(left) = self.suggestions else {
            return self.glossary.suggest(text);
        };
        let mut budget = left.get();
        let found = self.glossary.suggest_within(text, &mut budget);
        left.set(budget);
        found
    }
}
