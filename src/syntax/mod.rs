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
mod effect;
mod effect_names;
pub mod effect_text;
mod effect_when;
mod go_to;
mod heading;
mod lines;
mod phrase;
pub mod print;
pub mod print_effect;
mod quick_award;
mod quick_chart;
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

mod award_cache;
pub use award_cache::AwardCache;
mod suggestions;
pub use suggestions::Suggestions;

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
    /// The file's "did you mean" so far, and its budget (none: each word
    /// looked for, without a limit); see [`Context::suggest`].
    pub suggestions: Option<&'a Suggestions>,
}

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
        match self.suggestions {
            Some(s) => s.suggest(self.glossary, text),
            None => self.glossary.suggest(text),
        }
    }
}
