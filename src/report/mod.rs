//! Output: the one place that turns findings into text. Four formats:
//! The human report (miette's graphical one), JSON, GitHub Actions annotations and SARIF.

mod github;
mod human;
mod json;
mod sarif;

use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::Book;
use crate::span::Span;
use std::fmt::Write as _;

pub mod baseline;
pub use human::{HumanOptions, each as human_each};

/// How to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// For people: each finding with its lines of the book, underlined, and
    /// its help (colour on a terminal, never with `NO_COLOR`).
    Human,
    /// One JSON object: `{"diagnostics": [...], "summary": {...}}`.
    Json,
    /// GitHub Actions workflow commands (`::error file=...::message`).
    Github,
    /// SARIF 2.1.0 for code scanning.
    Sarif,
}

/// One checked book: what the report needs.
pub struct Checked {
    /// The book folder as shown to the user (relative to the current folder
    /// where possible), `/` as separator.
    pub display: String,
    pub book: Book,
    pub diagnostics: Vec<Diagnostic>,
    /// For a translation: its progress against the source.
    pub l10n: Option<crate::l10n::Summary>,
    /// Findings not shown because a file they depend on could not be read.
    pub held_back: HeldBack,
}

/// Findings held back: how many, and the files that could not be read.
#[derive(Clone, Debug, Default)]
pub struct HeldBack {
    pub count: usize,
    /// The unreadable files, as names in the book.
    pub because: Vec<String>,
    /// Findings past the first [`crate::check::CROWD`] of one code in one
    /// file (a file of hostile text).
    pub crowded: usize,
    /// Findings a `--baseline` hides, and the ones it records that are gone.
    pub baseline: usize,
    pub baseline_fixed: usize,
}

impl HeldBack {
    /// `96 findings not shown: matrices.yaml could not be read`, or `None`.
    pub fn line(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.count > 0 {
            parts.push(format!(
                "{} not shown: {} could not be read",
                crate::text::count(self.count, "finding"),
                self.because.join(", ")
            ));
        }
        if self.crowded > 0 {
            parts.push(format!(
                "{} not shown: only the first {} of one code in one file are",
                crate::text::count(self.crowded, "finding"),
                crate::check::CROWD
            ));
        }
        if self.baseline > 0 || self.baseline_fixed > 0 {
            let mut part = format!(
                "{} hidden by the baseline",
                crate::text::count(self.baseline, "finding")
            );
            if self.baseline_fixed > 0 {
                let _ = write!(
                    part,
                    " ({} fixed since: `--write-baseline` drops them)",
                    self.baseline_fixed
                );
            }
            parts.push(part);
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

impl Checked {
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count()
    }
}

/// A span as 1-based lines and columns.
pub(crate) struct Position {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

pub(crate) fn position(book: &Book, span: Span) -> Position {
    position_with(book, span, &mut Columns::default())
}

/// Where the last column was counted: findings come in file order, so the
/// next column on the same line counts on from there (a line of a megabyte
/// with a hundred thousand findings is counted once, not once per finding).
#[derive(Default)]
pub(crate) struct Columns {
    at: Option<(crate::span::FileId, usize, usize, usize)>,
}

impl Columns {
    fn line_col(
        &mut self,
        file: crate::span::FileId,
        f: &crate::source::SourceFile,
        offset: usize,
    ) -> (usize, usize) {
        let offset = offset.min(f.text.len());
        let line = f.line_of(offset);
        let (from, mut chars) = match self.at {
            Some((fi, l, byte, chars)) if fi == file && l == line && byte <= offset => {
                (byte, chars)
            }
            _ => (f.line_start(line), 0),
        };
        chars += f
            .text
            .get(from..offset)
            .map_or(offset - from, |s| s.chars().count());
        self.at = Some((file, line, offset, chars));
        (line + 1, chars + 1)
    }
}

/// [`position`], counting columns on from the last one.
pub(crate) fn position_with(book: &Book, span: Span, columns: &mut Columns) -> Position {
    if book.sources.is_empty() {
        return Position {
            file: String::new(),
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
        };
    }
    let f = book.sources.get(span.file);
    let (line, column) = columns.line_col(span.file, f, span.start as usize);
    let (end_line, end_column) = columns.line_col(span.file, f, span.end as usize);
    Position {
        file: f.name.clone(),
        line,
        column,
        end_line,
        end_column,
    }
}

/// `file:line:column` of a span, for one-line messages.
pub fn position_of(checked: &Checked, span: Span) -> String {
    let p = position(&checked.book, span);
    format!("{}:{}:{}", display_path(checked, &p.file), p.line, p.column)
}

/// A file of a book, as a path from the current folder.
pub(crate) fn display_path(checked: &Checked, file: &str) -> String {
    if checked.display.is_empty() || checked.display == "." {
        return file.to_owned();
    }
    // `book/../example/x` (a translation's source) reads as `example/x`.
    let joined = format!("{}/{file}", checked.display.trim_end_matches('/'));
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            "." => {}
            p => parts.push(p),
        }
    }
    parts.join("/")
}

/// A translation's progress, in one line.
pub(crate) fn progress_line(c: &Checked, l: &crate::l10n::Summary) -> String {
    let percent = (l.translated * 100 + l.total / 2)
        .checked_div(l.total)
        .unwrap_or(100);
    let findings = if l.by_code.is_empty() {
        "no l10n findings".to_owned()
    } else {
        l.by_code
            .iter()
            .map(|(code, n)| format!("{code} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut line = format!(
        "{}: translated {}/{} ({percent}%), {} (source {}); {findings}",
        c.display,
        l.translated,
        crate::text::count(l.total, "paragraph"),
        crate::text::count(l.translation_words, "word"),
        l.source_words
    );
    // What is left, by source file (only the files with something left).
    let done = l.files.iter().filter(|f| f.missing.is_empty()).count();
    if done < l.files.len() {
        for f in l.files.iter().filter(|f| !f.missing.is_empty()) {
            let _ = write!(
                line,
                "\n  {}: {}/{}, missing {}",
                f.file,
                f.translated,
                f.total,
                f.missing_text()
            );
        }
        if done > 0 {
            let _ = write!(
                line,
                "\n  ({} complete)",
                crate::text::count(done, "other file")
            );
        }
    }
    line
}

/// Write every book's findings in a format, as they are rendered (a report
/// of a million findings is never held whole in memory).
///
/// # Errors
/// When the writer fails (a closed pipe).
pub fn write(
    format: Format,
    checked: &[Checked],
    human: &HumanOptions,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    match format {
        Format::Human => human::write(checked, human, out),
        Format::Json => json::write(checked, out),
        Format::Github => github::write(checked, out),
        Format::Sarif => sarif::write(checked, out),
    }
}

/// [`write`] into a string.
pub fn render(format: Format, checked: &[Checked], human: &HumanOptions) -> String {
    let mut out = Vec::new();
    write(format, checked, human, &mut out).expect("writing to memory does not fail");
    String::from_utf8(out).expect("reports are UTF-8")
}
