//! What lowering needs to know about the book, for every layer.

use crate::ir::{Glossary, GlossaryEntry, Matrix, Rules, World};
use crate::locale::Locale;
use crate::span::FileId;
use crate::syntax::award_cache::AwardCache;
use crate::syntax::suggestions::Suggestions;

/// A byte range of the file being read: start and end.
pub(crate) type Range = (usize, usize);

/// What lowering needs to know about the book: its words and names.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub locale: &'a Locale,
    pub glossary: &'a Glossary,
    pub rules: &'a Rules,
    /// The matrices, for chart entries that almost name a row.
    pub matrices: &'a [Matrix],
    /// Matrix letter -> index in `matrices` (the book's own index): a
    /// letter is looked up, not compared with every matrix's (a book of a
    /// thousand matrices named them a million times).
    pub matrix_index: &'a rustc_hash::FxHashMap<String, usize>,
    /// The matrices by the names of their rows (the book's, made at its
    /// first look-up): see [`Context::matrices_with_row`].
    pub row_index: &'a std::sync::OnceLock<rustc_hash::FxHashMap<String, Vec<usize>>>,
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
            matrix_index: &book.matrix_index,
            row_index: &book.row_index,
            world: &book.manifest.world,
            file,
            awards: None,
            suggestions: None,
        }
    }

    /// The matrix of a letter, if the book has one.
    pub(crate) fn matrix(&self, letter: &str) -> Option<&'a Matrix> {
        self.matrix_index.get(letter).map(|&i| &self.matrices[i])
    }

    /// The matrices that have a row named `name`, in order (a chart entry
    /// that names no matrix asks it of each of a book's thousand matrices).
    pub(crate) fn matrices_with_row(&self, name: &str) -> &'a [usize] {
        crate::ir::matrices_with_row(self.row_index, self.matrices, name)
    }

    /// The closest of `count` names to `name`, within the file's budget of
    /// suggestions when it has one ([`Suggestions::close`]).
    pub(crate) fn close_name<'n>(
        &self,
        count: usize,
        names: impl Iterator<Item = &'n str>,
        name: &str,
    ) -> Option<&'n str> {
        match self.suggestions {
            Some(s) => s.close(count, names, name),
            None => crate::text::close_name(names, name),
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
