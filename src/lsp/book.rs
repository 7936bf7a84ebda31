//! One book as the server holds it: the IR built once, and on each edit of
//! a `.tales` file only that file read again. A book's YAML files, and a
//! translation (whose comparison reads the whole source), are read again
//! whole, with the unsaved buffers standing in for the files on disk.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Book, Paragraph};
use crate::lints::levels::CliLevels;
use crate::load::{Overlays, load_book_with, translation_source};
use crate::par::prelude::*;
use crate::span::FileId;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct OpenBook {
    pub root: PathBuf,
    /// The book with every file's paragraphs, indexed.
    pub book: Book,
    /// The findings, levels applied, as `tales check` gives them.
    pub findings: Diagnostics,
    /// Findings of loading that belong to no one `.tales` file's reading.
    base: Diagnostics,
    /// Each `.tales` file as read: its paragraphs (before the index reads a
    /// duplicate header as the number the book needs) and findings.
    parsed: HashMap<FileId, (Vec<Paragraph>, Diagnostics)>,
    translation: bool,
}

impl OpenBook {
    /// Read the book at `root`, the unsaved buffers in `overlays` included.
    pub fn load(root: &Path, overlays: &Overlays, cli: &CliLevels) -> OpenBook {
        let (mut book, diags) = load_book_with(root, overlays);
        if translation_source(&book).is_some() {
            let checked = crate::check::check_loaded_book(book, diags, cli);
            return OpenBook {
                root: root.to_owned(),
                book: checked.book,
                findings: checked.diagnostics,
                base: Vec::new(),
                parsed: HashMap::new(),
                translation: true,
            };
        }
        let tales: Vec<FileId> = book
            .sources
            .iter()
            .filter(|(_, f)| is_tales(&f.path))
            .map(|(id, _)| id)
            .collect();
        let base = diags
            .into_iter()
            .filter(|d| !tales.contains(&d.primary.span.file) || d.code == "not-utf8")
            .collect();
        let parsed = tales.par_iter().map(|&id| (id, parse(&book, id))).collect();
        book.paragraphs.clear();
        let mut open = OpenBook {
            root: root.to_owned(),
            book,
            findings: Vec::new(),
            base,
            parsed,
            translation: false,
        };
        open.assemble(cli);
        open
    }

    /// A file of this book has new text. Returns `false` when the book must
    /// be read again whole (a YAML file, a new file, a translation).
    pub fn edit(&mut self, path: &Path, text: Arc<str>, cli: &CliLevels) -> bool {
        let Some(id) = self.book.sources.by_path(path) else {
            return false;
        };
        if self.translation || !self.parsed.contains_key(&id) {
            return false;
        }
        self.book.sources.replace_text(id, text);
        let again = parse(&self.book, id);
        self.parsed.insert(id, again);
        self.assemble(cli);
        true
    }

    /// The paragraphs of every file in file order, the index, the lints.
    fn assemble(&mut self, cli: &CliLevels) {
        let mut ids: Vec<&FileId> = self.parsed.keys().collect();
        ids.sort();
        let mut diags: Diagnostics = self.base.clone();
        let mut paragraphs = Vec::with_capacity(self.book.paragraphs.capacity());
        for id in ids {
            let (ps, ds) = &self.parsed[id];
            paragraphs.extend(ps.iter().cloned());
            diags.extend(ds.iter().cloned());
        }
        self.book.paragraphs = paragraphs;
        self.book.index.clear();
        crate::lower::index::index_paragraphs(&mut self.book, &mut diags);
        self.findings = crate::check::findings(&self.book, diags, cli);
    }
}

fn is_tales(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tales"))
}

/// One `.tales` file read as `load` reads it.
fn parse(book: &Book, id: FileId) -> (Vec<Paragraph>, Vec<Diagnostic>) {
    let text = book.sources.get(id).text.clone();
    crate::load::parse_tales(book, &text, id)
}
