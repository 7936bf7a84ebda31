//! Award codes in their canonical spacing: `[D2 / S1 / W+1 (max Poor)]`.
//!
//! Each item keeps its spelling. An item that is the book's own markup in
//! another case or spacing (`w+1 (MAX poor)`, `courtly  graces`) is printed
//! as the locale and the glossary spell it; a printed spelling (`(Max:
//! Rich)`, `Go to paragraph 75`, `D−1`), free text and notes stay as
//! written, since FORMAT.md lets a transcription keep the printed text.

use super::Edit;
use crate::ir::{Award, Book, Effect};

/// The edit that respaces one award code, if it needs one.
pub(super) fn edit(book: &Book, award: &Award, text: &str) -> Option<Edit> {
    let (start, end) = (award.span.start as usize, award.span.end as usize);
    let written = text.get(start..end)?;
    if award.items.is_empty() || !written.starts_with('[') || !written.ends_with(']') {
        return None;
    }
    let with = format!("[{}]", joined(award, &items(book, award, text)?, text));
    (with != written && bare(&with) == bare(written)).then_some(Edit { start, end, with })
}

/// Items joined by ` / `, and by ` /` and a line break where the code
/// wrapped between them (a wrapped code stays wrapped where it was).
pub(super) fn joined(award: &Award, items: &[String], text: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            let gap = text
                .get(award.items[i - 1].span.end as usize..award.items[i].span.start as usize)
                .unwrap_or("");
            out.push_str(if gap.contains('\n') { " /\n" } else { " / " });
        }
        out.push_str(item);
    }
    out
}

/// An award's items, each as [`item_text`] makes it.
pub(super) fn items(book: &Book, award: &Award, text: &str) -> Option<Vec<String>> {
    award
        .items
        .iter()
        .map(|item| {
            let raw = text.get(item.span.start as usize..item.span.end as usize)?;
            Some(item_text(book, &item.effect, raw.trim()))
        })
        .collect()
}

/// The text with spaces and `/` left out and in lower case: what a respaced
/// award must still hold (the items are all the code holds).
pub(super) fn bare(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .flat_map(char::to_lowercase)
        .collect()
}

/// One item: the canonical print when the written item is it but for case
/// and spacing, else the item as written (and so is an item that wraps onto
/// the next line).
fn item_text(book: &Book, effect: &Effect, raw: &str) -> String {
    // Free text, and the effects of section 9.3 (words, as written: their
    // printed variants mean the same), are kept as the book writes them.
    if matches!(
        effect,
        Effect::FreeText(_) | Effect::Typed(_) | Effect::When { .. } | Effect::BySex { .. }
    ) || raw.contains('\n')
    {
        return raw.to_owned();
    }
    let printed = crate::syntax::print::item(
        effect,
        &book.manifest.locale,
        &book.glossary,
        &book.manifest.rules,
    );
    let same = printed
        .split_whitespace()
        .map(str::to_lowercase)
        .eq(raw.split_whitespace().map(str::to_lowercase));
    if same { printed } else { raw.to_owned() }
}
