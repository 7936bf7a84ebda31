//! `tales fmt`: the canonical form of a book's files, proven to mean the
//! same.
//!
//! Formatting reads the IR that `load` built, not the text alone: each
//! edit is made where the IR says a header, a label, an award code or a
//! chart entry is ([`chart`], [`label`], [`award`]); then [`lines`] tidies
//! the spacing between lines. Prose is never re-wrapped or changed, and a
//! number is always written from its digits as written, never from what it
//! was read as. Before a file is given back, it is read again and its
//! [`meaning`] compared with the original's, and the words and numbers it
//! says ([`written`]): a formatted file that would read or say anything
//! differently is refused (a bug in `fmt`, reported), never written. A file
//! with an error (as `tales check` reports it) is left as it is: what the
//! book means there is in doubt, and the reader's guess is never written.

mod award;
pub mod chart;
mod label;
pub mod lines;
pub mod meaning;
#[cfg(feature = "disk")]
pub mod write;
pub mod written;
mod yaml;

use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::{Book, Paragraph, ParagraphBody};
use crate::lints::Level;
use crate::par::prelude::*;
use crate::span::FileId;
use crate::syntax::Context;
use std::fmt::Write as _;

/// Replace `start..end` of a file's text.
#[derive(Debug)]
pub struct Edit {
    pub start: usize,
    pub end: usize,
    pub with: String,
}

/// What `fmt` makes of one file.
#[derive(Debug)]
pub enum Outcome {
    /// Already in canonical form.
    Unchanged,
    /// The canonical text (the file as read: BOM removed, line endings kept).
    Formatted(String),
    /// The file has errors: left as it is. The findings say why.
    HasErrors(Vec<Diagnostic>),
    /// The file could not be read as UTF-8 text: left as it is.
    Unreadable,
    /// The formatted text would mean something else: a bug, never written.
    /// The first line of the meaning that differs, before and after.
    Refused { before: String, after: String },
}

/// One file's outcome.
#[derive(Debug)]
pub struct Formatted {
    pub file: FileId,
    pub outcome: Outcome,
}

/// A reading finding the formatted text must not have: one whose lint is
/// an error by default (the file it was formatted from had none).
fn stops_formatting(d: &Diagnostic) -> bool {
    crate::lints::find(d.code).is_some_and(|l| l.level == Level::Deny)
}

/// Format every file of a loaded book (its own files: not a translation's
/// source, adopted into its source map). `findings` are the book's
/// findings as `tales check` reports them (levels applied): a file with an
/// error in it is left as it is, whatever the error, since what the book
/// means there is in doubt (a duplicate header is read as the number the
/// book needs, a near-miss word as the word: guesses `fmt` never writes).
pub fn format_book(book: &Book, findings: &[Diagnostic]) -> Vec<Formatted> {
    let n = book.sources.own_len();
    let mut errors: Vec<Vec<Diagnostic>> = vec![Vec::new(); n];
    let mut unreadable = vec![false; n];
    for d in findings {
        let f = d.primary.span.file.0 as usize;
        if f < n && d.code == "not-utf8" {
            unreadable[f] = true;
        } else if f < n && d.severity == Severity::Error {
            errors[f].push(d.clone());
        }
    }
    for (id, _) in &book.damaged {
        if let Some(u) = unreadable.get_mut(id.0 as usize) {
            *u = true;
        }
    }
    let mut by_file: Vec<Vec<&Paragraph>> = vec![Vec::new(); n];
    for p in &book.paragraphs {
        if let Some(v) = by_file.get_mut(p.header.file.0 as usize) {
            v.push(p);
        }
    }
    let files: Vec<(FileId, Vec<Diagnostic>, bool, Vec<&Paragraph>)> = book
        .sources
        .iter()
        .take(n)
        .zip(errors.into_iter().zip(unreadable).zip(by_file))
        .map(|((id, _), ((e, u), ps))| (id, e, u, ps))
        .collect();
    files
        .into_par_iter()
        .map(|(file, errors, unreadable, mut paragraphs)| {
            let outcome = if unreadable {
                Outcome::Unreadable
            } else if !errors.is_empty() {
                Outcome::HasErrors(errors)
            } else {
                paragraphs.sort_by_key(|p| p.span.start);
                format_file(book, file, &paragraphs)
            };
            Formatted { file, outcome }
        })
        .collect()
}

fn format_file(book: &Book, file: FileId, paragraphs: &[&Paragraph]) -> Outcome {
    let source = book.sources.get(file);
    let text: &str = &source.text;
    match source.name.as_str() {
        "matrices.yaml" | "cards.yaml" => format_yaml(book, file, text),
        name if std::path::Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("tales")) =>
        {
            format_tales(book, file, text, paragraphs)
        }
        _ => Outcome::Unchanged,
    }
}

fn format_tales(book: &Book, file: FileId, text: &str, paragraphs: &[&Paragraph]) -> Outcome {
    let mut edits = Vec::new();
    for p in paragraphs {
        edits.extend(header(p, text));
        chart::edits(p, text, &mut edits);
        for node in p.nodes() {
            edits.extend(
                node.awards
                    .iter()
                    .filter_map(|a| award::edit(book, a, text)),
            );
        }
        for b in p.blocks() {
            for arm in &b.arms {
                edits.extend(label::edit(arm, b.depth, text, &book.manifest.locale));
            }
        }
    }
    let edited = if edits.is_empty() {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(apply(text, edits))
    };
    if edited == text && lines::is_tidy(text) {
        return Outcome::Unchanged;
    }
    let new = lines::tidy(&edited);
    if new == text {
        return Outcome::Unchanged;
    }
    let ctx = Context::of(book, file);
    let (after, diags) = crate::syntax::tales::parse_file(&ctx, &new);
    let after: Vec<&Paragraph> = after.iter().collect();
    if let Some(d) = new_error(&ctx, text, &diags) {
        return Outcome::Refused {
            before: "no finding".to_owned(),
            after: format!("{}: {}", d.code, d.message),
        };
    }
    if let Some((before, after)) = written::first_difference(text, &new) {
        return Outcome::Refused { before, after };
    }
    match meaning::first_difference(paragraphs, text, &after, &new) {
        None => Outcome::Formatted(new),
        Some((before, after)) => Outcome::Refused { before, after },
    }
}

fn format_yaml(book: &Book, file: FileId, text: &str) -> Outcome {
    let Ok((root, _)) = crate::syntax::yaml::parse(file, text) else {
        return Outcome::Unchanged;
    };
    let mut edits = Vec::new();
    if book.sources.get(file).name == "matrices.yaml" {
        yaml::matrices(&root, text, &mut edits);
    } else {
        yaml::cards(book, text, &mut edits);
    }
    let new = yaml::tidy(&apply(text, edits));
    if new == text {
        return Outcome::Unchanged;
    }
    if let Some((before, after)) = written::first_difference(text, &new) {
        return Outcome::Refused { before, after };
    }
    let before = meaning::of_yaml(book, file, text);
    let after = meaning::of_yaml(book, file, &new);
    verified(&before, &after, new)
}

/// An error-level reading finding of the formatted text that the file as
/// written did not have. The file had no error as `check` reports it, but
/// a reading finding may be reported elsewhere (a name misspelt in
/// `glossary.yaml` is one finding there, not one a use) or allowed: so the
/// original is read again, only when the formatted text has one.
fn new_error<'a>(ctx: &Context, text: &str, after: &'a [Diagnostic]) -> Option<&'a Diagnostic> {
    let key = |d: &Diagnostic| (d.code, d.message.clone());
    let mut found: Vec<&Diagnostic> = after.iter().filter(|d| stops_formatting(d)).collect();
    if found.is_empty() {
        return None;
    }
    let (_, before) = crate::syntax::tales::parse_file(ctx, text);
    let mut had: Vec<_> = before
        .iter()
        .filter(|d| stops_formatting(d))
        .map(key)
        .collect();
    had.sort();
    found.retain(|d| match had.binary_search(&key(d)) {
        Ok(i) => {
            had.remove(i);
            false
        }
        Err(_) => true,
    });
    found.first().copied()
}

/// `new`, if it means what the file meant.
fn verified(before: &str, after: &str, new: String) -> Outcome {
    if before == after {
        return Outcome::Formatted(new);
    }
    let (b, a) = before
        .lines()
        .zip(after.lines())
        .find(|(b, a)| b != a)
        .unwrap_or((
            before.lines().last().unwrap_or(""),
            after.lines().last().unwrap_or(""),
        ));
    Outcome::Refused {
        before: b.trim().to_owned(),
        after: a.trim().to_owned(),
    }
}

/// The header as `-N-`, `-N- chart`, `-N- chart (F)`.
fn header(p: &Paragraph, text: &str) -> Option<Edit> {
    let (start, end) = (p.header.start as usize, p.header.end as usize);
    let line = text.get(start..end)?;
    let after = line.strip_prefix('-')?;
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    let rest = after[digits..].strip_prefix('-')?.trim();
    if digits == 0 {
        return None;
    }
    // The number as written, never as read (a duplicate header is read as
    // the number the book needs: a guess).
    let mut with = format!("-{}-", &after[..digits]);
    match &p.body {
        _ if rest.is_empty() => {}
        ParagraphBody::Chart(c) => {
            let keyword = rest.split(['(', ' ', '\t']).next().unwrap_or(rest);
            let written: String = rest.split_whitespace().collect();
            let expected = match &c.matrix {
                Some(m) => format!("{keyword}({})", m.value),
                None => keyword.to_owned(),
            };
            if written != expected {
                return None;
            }
            with.push(' ');
            with.push_str(keyword);
            if let Some(m) = &c.matrix {
                let _ = write!(with, " ({})", m.value);
            }
        }
        ParagraphBody::Result { .. } => return None,
    }
    (with != line).then_some(Edit { start, end, with })
}

/// The text with the edits made (in order; an edit that overlaps the one
/// before it is dropped).
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut at = 0;
    for e in edits {
        if e.start < at || e.end > text.len() {
            continue;
        }
        out.push_str(&text[at..e.start]);
        out.push_str(&e.with);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}
