//! What a dangling reference probably meant: candidates a slip of the hand
//! away (one digit off, a letter off), preferring what nothing else reaches.

use crate::diagnostic::{Diagnostic, Needs};
use crate::ir::{Book, Reference, Target};
use crate::syntax::limits::MAX_PARAGRAPH;

/// The finding for a reference that leads nowhere (its help is filled in
/// once the likely fix is known).
pub(super) fn dangling(book: &Book, r: &Reference) -> Diagnostic {
    let (message, needs) = match &r.target {
        Target::Paragraph(n) if *n > MAX_PARAGRAPH => {
            // `@1234567` or a go-to phrase (`Go to paragraph 1234567`):
            // the number as written is its last run of digits.
            let text = book.sources.slice(r.span);
            let head = text.trim_end_matches(|c: char| c.is_ascii_digit());
            let digits = head.len()..text.trim_end_matches(|c: char| !c.is_ascii_digit()).len();
            let written = text.get(digits).filter(|d| !d.is_empty());
            let written = written.unwrap_or(text.trim_start_matches('@'));
            (
                format!("paragraph number `{written}` is out of range"),
                Needs::NOTHING,
            )
        }
        Target::Paragraph(n) => (format!("paragraph {n} does not exist"), Needs::PARAGRAPHS),
        Target::Matrix(m) => (format!("matrix {m} does not exist"), Needs::MATRICES),
        Target::Row { matrix, row } => (
            if book.matrix(matrix).is_some() {
                format!("matrix {matrix} has no row `{row}`")
            } else {
                format!("matrix {matrix} does not exist")
            },
            Needs::MATRICES,
        ),
        Target::Place(id) => (format!("place `{id}` does not exist"), Needs::MANIFEST),
    };
    Diagnostic::new("dangling-reference", r.span, message)
        .label("leads nowhere")
        .needs(needs)
}

/// The help of a dangling reference with no likely fix.
pub(super) fn fallback_help(book: &Book, target: &Target) -> String {
    match target {
        Target::Paragraph(n) if *n > MAX_PARAGRAPH => {
            format!("paragraph numbers run from 1 to {MAX_PARAGRAPH}")
        }
        Target::Paragraph(n) => format!("write paragraph {n}, or fix the number"),
        Target::Matrix(_) => matrices_help(book),
        Target::Row { matrix, .. } => match book.matrix(matrix) {
            Some(m) => format!(
                "the rows of matrix {matrix} are {}",
                some_of(m.rows.iter().map(|r| r.name.value.as_str()))
            ),
            None => matrices_help(book),
        },
        Target::Place(_) => {
            let ids: Vec<&str> = book
                .manifest
                .world
                .places
                .iter()
                .map(|p| p.id.value.as_str())
                .collect();
            if ids.is_empty() {
                "places of power are listed in book.yaml under `world: places:`".to_owned()
            } else {
                format!("the places of this book are {}", some_of(ids.into_iter()))
            }
        }
    }
}

fn matrices_help(book: &Book) -> String {
    let letters: Vec<&str> = book
        .matrices
        .iter()
        .map(|m| m.letter.value.as_str())
        .collect();
    if letters.is_empty() {
        "matrices are defined in matrices.yaml".to_owned()
    } else {
        format!(
            "the matrices of this book are {}",
            some_of(letters.into_iter())
        )
    }
}

/// Names for a help, the first twelve: `A, B, C and 40 more`.
fn some_of<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    const SHOWN: usize = 12;
    let total = names.len();
    let shown: Vec<&str> = names.take(SHOWN).collect();
    if total > SHOWN {
        format!("{} and {} more", shown.join(", "), total - SHOWN)
    } else {
        shown.join(", ")
    }
}

/// The candidate to suggest: the first unreached one, else the nearest.
pub(super) fn best(n: u32, candidates: impl Iterator<Item = (u32, bool)>) -> Option<u32> {
    candidates
        .min_by_key(|&(m, reached)| (reached, m.abs_diff(n), m))
        .map(|(m, _)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unreached_candidate_wins() {
        assert_eq!(best(44, [(43, true), (45, false)].into_iter()), Some(45));
        assert_eq!(best(44, [(43, true), (54, true)].into_iter()), Some(43));
    }
}
