//! Go-to with a section (FORMAT.md 2b): `Go to paragraph N and read the
//! NAME paragraph` needs paragraph N to have a section whose label names
//! NAME (`Read the NAME paragraph below`: this paragraph). A paragraph
//! that does not exist is the reference's own `dangling-reference`; a
//! section it lacks is one here, at the item, with the likely name.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{AwardItem, Book, Effect, Id, Paragraph};

/// One `dangling-reference` for each go-to whose paragraph exists but has
/// no section of that name. `items`: every paragraph's go-to items with a
/// section (the paragraph's index, the item), in the book's order.
pub(super) fn check(book: &Book, items: &[(usize, &AwardItem)], out: &mut Diagnostics) {
    for &(i, item) in items {
        let Effect::GotoSection { paragraph, section } = &item.effect else {
            continue;
        };
        let n = paragraph.unwrap_or(book.paragraphs[i].number);
        let Some(target) = book.paragraph(n) else {
            continue;
        };
        if target.sections().iter().any(|a| a.names(*section)) {
            continue;
        }
        out.push(missing(book, target, *section, item.span));
    }
}

fn missing(book: &Book, target: &Paragraph, section: Id, span: crate::span::Span) -> Diagnostic {
    let name =
        crate::syntax::print::section_name(section.as_str(), &book.manifest.locale, &book.glossary);
    let heads: Vec<String> = target
        .sections()
        .iter()
        .map(|a| book.sources.slice(a.label.span).trim().to_uppercase())
        .collect();
    let close = crate::text::close_name(heads.iter().map(String::as_str), &name);
    let help = match close {
        Some(h) => format!("did you mean the {h} section?"),
        None if heads.is_empty() => format!("paragraph {} has no sections", target.number),
        None => format!(
            "the sections of paragraph {} are {}",
            target.number,
            heads.join(", ")
        ),
    };
    Diagnostic::new(
        "dangling-reference",
        span,
        format!("paragraph {} has no {name} section", target.number),
    )
    .label("no such section")
    .with_help(help)
}
