//! A header deleted (`-201-`): the cell sending readers to 201 is the one
//! finding (`write paragraph 201 (its header `-201-` is missing)`). The
//! text of 201 now runs on after the award code of 200, which reads that
//! award code as prose (`award-in-prose`): that is where the header was,
//! shown as a label of the one finding, not as a second one. The same for
//! a header of a cell's neighbour (`-202-` beside cell 201): the one
//! `missing-destiny-neighbour` finding carries the label.

use crate::diagnostic::{Diagnostic, Diagnostics, Label};
use crate::ir::{Book, ParagraphsBySpan};
use std::collections::HashMap;

pub(super) fn fold_into_the_missing_header(book: &Book, diags: &mut Diagnostics) {
    // A missing paragraph, named alone by a cell's finding: by the number
    // before it, the finding.
    let missing: HashMap<u32, usize> = diags
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d.code, "dangling-reference" | "missing-destiny-neighbour"))
        .filter_map(|(i, d)| match d.run {
            Some((n, m)) if n == m && book.paragraph(n).is_none() => Some((n.checked_sub(1)?, i)),
            _ => None,
        })
        .collect();
    if missing.is_empty() {
        return;
    }
    let by_span = ParagraphsBySpan::of(&book.paragraphs);
    // (the cell's finding, the award read as prose, the number missing)
    let mut moved: Vec<(usize, usize, u32)> = Vec::new();
    for (j, d) in diags.iter().enumerate() {
        if d.code != "award-in-prose" || d.secondary.is_empty() {
            continue;
        }
        let Some(p) = by_span.at(d.primary.span) else {
            continue;
        };
        let before = book.paragraphs[p].number;
        if let Some(&i) = missing.get(&before) {
            moved.push((i, j, before + 1));
        }
    }
    let mut gone = vec![false; diags.len()];
    for (i, j, n) in moved {
        let span = diags[j].secondary[0].span;
        diags[i].secondary.push(Label {
            span,
            text: format!("the text of {n}? its header `-{n}-` was likely above this line"),
        });
        gone[j] = true;
    }
    let mut k = 0;
    diags.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
}

/// A header written wrong (`-26x2-`) whose digits make the number of a
/// missing paragraph a cell or reference sends readers to (262): the
/// header's `syntax-error` is the one finding, saying which header was
/// meant; the missing paragraph's finding is its label.
pub(super) fn fold_into_the_broken_header(book: &Book, diags: &mut Diagnostics) {
    let named = |d: &Diagnostic| match d.run {
        Some((n, m)) if n == m && book.paragraph(n).is_none() => Some(n),
        _ => None,
    };
    // Broken headers by the number they make (the first of each).
    let mut headers: HashMap<u32, usize> = HashMap::new();
    for (i, d) in diags.iter().enumerate() {
        if d.code == "syntax-error"
            && d.message.starts_with("malformed paragraph header")
            && let Some(n) = named(d)
        {
            headers.entry(n).or_insert(i);
        }
    }
    if headers.is_empty() {
        return;
    }
    let mut gone = vec![false; diags.len()];
    for j in 0..diags.len() {
        if !matches!(
            diags[j].code,
            "dangling-reference" | "missing-destiny-neighbour"
        ) {
            continue;
        }
        let Some(&i) = named(&diags[j]).and_then(|n| headers.get(&n)) else {
            continue;
        };
        let n = named(&diags[j]).unwrap_or_default();
        let span = diags[j].primary.span;
        let why = diags[j].message.clone();
        let h = &mut diags[i];
        if !h.secondary.iter().any(|l| l.span == span) {
            h.secondary.push(Label {
                span,
                text: format!("sends readers to {n}"),
            });
        }
        h.help = Some(format!("did you mean `-{n}-`? ({why})"));
        gone[j] = true;
    }
    let mut k = 0;
    diags.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
}

/// A header with a letter for a digit that is also the likely typo of a
/// missing paragraph (`-5O1-` for `-201-`, which three references name):
/// one mistake, one finding. The typo's finding (a `dangling-reference`
/// moved to the header, which says what to renumber it) quotes the header
/// as written; the letter's `syntax-error` at the same header goes.
pub(super) fn fold_the_letter_into_the_typo(book: &Book, diags: &mut Diagnostics) {
    let letters: Vec<usize> = (diags.iter().enumerate())
        .filter(|(_, d)| {
            d.code == "syntax-error" && d.message.ends_with("has a letter for a digit")
        })
        .map(|(i, _)| i)
        .collect();
    if letters.is_empty() {
        return;
    }
    let mut gone = vec![false; diags.len()];
    for j in 0..diags.len() {
        let d = &diags[j];
        if d.code != "dangling-reference" || !d.message.starts_with("the header `-") {
            continue;
        }
        let s = d.primary.span;
        let Some(&i) = letters.iter().find(|&&i| {
            let h = diags[i].primary.span;
            h.file == s.file && h.start < s.end.max(s.start + 1) && s.start < h.end
        }) else {
            continue;
        };
        let written = book.sources.slice(diags[i].primary.span).trim().to_owned();
        let d = &mut diags[j];
        if let Some(close) = d.message["the header `".len()..].find('`') {
            let end = "the header `".len() + close;
            d.message.replace_range("the header `".len()..end, &written);
        }
        gone[i] = true;
    }
    let mut k = 0;
    diags.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
}
