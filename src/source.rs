//! The files of a book, as read from disk, and positions inside them.

use crate::span::{FileId, Span};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// One file of a book. `text` is the file's contents with a leading BOM
/// removed; spans index into it.
#[derive(Debug)]
pub struct SourceFile {
    /// Path relative to the book folder, with `/` as separator.
    pub name: String,
    /// Path on disk.
    pub path: PathBuf,
    pub text: Arc<str>,
    /// Where each line starts: made the first time a report asks (a book
    /// that checks clean never needs it).
    line_starts: OnceLock<Vec<u32>>,
}

impl SourceFile {
    pub fn new(name: String, path: PathBuf, text: Arc<str>) -> Self {
        Self {
            name,
            path,
            text,
            line_starts: OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| u32::try_from(i + 1).unwrap_or(u32::MAX)),
            );
            starts
        })
    }

    /// 0-based line of a byte offset (lines end at `\n`).
    pub fn line_of(&self, offset: usize) -> usize {
        match self
            .line_starts()
            .binary_search(&u32::try_from(offset).unwrap_or(u32::MAX))
        {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// The byte offset where a 0-based line starts (the end of the text for
    /// a line past the last).
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts()
            .get(line)
            .map_or(self.text.len(), |&s| s as usize)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let starts = self.line_starts();
        let line = match starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = starts[line] as usize;
        let col = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line + 1, col + 1)
    }
}

/// Every file read for a book, indexed by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    /// How many files are the book's own (the rest were adopted from a
    /// translation's source).
    own: Option<usize>,
}

impl SourceMap {
    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(u32::try_from(self.files.len() - 1).expect("fewer than 4 billion files"))
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The number of the book's own files (adopted ones left out).
    pub fn own_len(&self) -> usize {
        self.own.unwrap_or(self.files.len())
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// Add every file of another book (a translation's source), named
    /// `prefix` + its name, sharing its text. Returns the id offset: the
    /// other book's `FileId(i)` is `FileId(i + offset)` here.
    pub fn adopt(&mut self, other: &SourceMap, prefix: &str) -> u32 {
        let offset = u32::try_from(self.files.len()).expect("fewer than 4 billion files");
        self.own.get_or_insert(self.files.len());
        for f in &other.files {
            self.files.push(SourceFile {
                name: format!("{prefix}{}", f.name),
                path: f.path.clone(),
                text: f.text.clone(),
                line_starts: f.line_starts.clone(),
            });
        }
        offset
    }

    /// Give a file new text (an editor's unsaved buffer), keeping its id.
    pub fn replace_text(&mut self, id: FileId, text: Arc<str>) {
        let f = &mut self.files[id.0 as usize];
        *f = SourceFile::new(f.name.clone(), f.path.clone(), text);
    }

    /// The file at a path on disk, if it is one of these.
    pub fn by_path(&self, path: &std::path::Path) -> Option<FileId> {
        self.iter().find(|(_, f)| f.path == path).map(|(id, _)| id)
    }

    /// The text a span covers ("" for a span out of range).
    pub fn slice(&self, span: Span) -> &str {
        self.get(span.file).text.get(span.range()).unwrap_or("")
    }
}
