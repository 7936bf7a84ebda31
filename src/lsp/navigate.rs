//! Definition, references, hover and outlines over a book's occurrences.
//! Everything answers in spans; the server turns them into positions.

use super::symbols::{Occurrence, Occurrences, Symbol};
use crate::ir::{Book, EntryKind, Paragraph, ParagraphBody};
use crate::span::{FileId, Span};

/// Where a symbol is defined.
pub fn definition(book: &Book, symbol: &Symbol) -> Option<Span> {
    match symbol {
        Symbol::Paragraph(n) => book.paragraph(*n).map(|p| p.header),
        Symbol::Matrix(m) => book.matrix(m).map(|m| m.letter.span),
        Symbol::Row { matrix: m, row } => Some(book.matrix(m)?.row(row)?.1.name.span),
        Symbol::Place(id) => book.manifest.world.place(id).map(|p| p.id.span),
        Symbol::Entry(id) => book.glossary.by_id(id).map(|e| e.id.span),
    }
}

/// Every way the symbol is written. For a paragraph: `@` references,
/// chart entries, cards, places, status encounters and the matrix cells
/// that reach it (its own cell, and as the destiny die's −1/+1 neighbour).
pub fn references(occ: &Occurrences, symbol: &Symbol, declaration: bool) -> Vec<Span> {
    let neighbour = |o: &Occurrence| match (symbol, &o.symbol) {
        (Symbol::Paragraph(n), Symbol::Paragraph(m)) => o.cell && m.abs_diff(*n) == 1,
        _ => false,
    };
    occ.iter()
        .filter(|o| (o.symbol == *symbol && (declaration || !o.definition)) || neighbour(o))
        .map(|o| o.span)
        .collect()
}

/// `3 ways in`: the references to a paragraph, for a code lens.
pub fn ways_in(occ: &Occurrences, n: u32) -> usize {
    references(occ, &Symbol::Paragraph(n), false).len()
}

/// A paragraph's first line of text, shortened.
pub fn headline(book: &Book, p: &Paragraph) -> String {
    let text = match &p.body {
        ParagraphBody::Result { intro, .. } => intro.span.map_or("", |s| book.sources.slice(s)),
        ParagraphBody::Chart(c) => return format!("encounter chart, {} entries", c.entries.len()),
    };
    let line = text.lines().next().unwrap_or("").trim();
    let mut out: String = line.chars().take(100).collect();
    if out.len() < line.len() {
        out.push('…');
    }
    out
}

/// What a hover shows, in Markdown.
pub fn hover(book: &Book, o: &Occurrence) -> Option<String> {
    match &o.symbol {
        Symbol::Paragraph(n) if o.cell => {
            let mut lines = vec![format!("**cell {n}**: the destiny die sends the reader to")];
            for m in [n.saturating_sub(1), *n, n + 1] {
                let line = book
                    .paragraph(m)
                    .map_or("*no such paragraph*".to_owned(), |p| headline(book, p));
                lines.push(format!("- **{m}**: {line}"));
            }
            Some(lines.join("\n"))
        }
        Symbol::Paragraph(n) => Some(paragraph_hover(book, book.paragraph(*n)?)),
        Symbol::Entry(id) => {
            let e = book.glossary.by_id(id)?;
            let kind = match e.kind {
                EntryKind::Skill => "skill",
                EntryKind::Status => "status",
                EntryKind::Treasure => "treasure",
            };
            Some(format!(
                "**{}**: {kind} (`{}` in the glossary)",
                e.name.value, e.id.value
            ))
        }
        Symbol::Row { matrix: m, row } => {
            let (_, r) = book.matrix(m)?.row(row)?;
            let reactions = &book.matrix(m)?.reactions;
            let cells: Vec<String> = r
                .cells
                .iter()
                .zip(reactions)
                .map(|(c, re)| match c {
                    Some(c) => format!("{} {}", re.value, c.value),
                    None => format!("{} ~", re.value),
                })
                .collect();
            Some(format!("**{row}** (matrix {m}): {}", cells.join(", ")))
        }
        Symbol::Matrix(m) => {
            let mx = book.matrix(m)?;
            let rows: Vec<&str> = mx.rows.iter().map(|r| r.name.value.as_str()).collect();
            Some(format!("**matrix {m}**: rows {}", rows.join(", ")))
        }
        Symbol::Place(id) => {
            let p = book.manifest.world.place(id)?;
            let name = p.name.as_ref().map_or(id.as_str(), |n| n.value.as_str());
            let to = p
                .paragraph
                .as_ref()
                .map(|r| r.target.to_string())
                .unwrap_or_default();
            Some(format!("**{name}** (place of power) {to}"))
        }
    }
}

/// A paragraph: its headline and its awards in words.
fn paragraph_hover(book: &Book, p: &Paragraph) -> String {
    let mut out = format!("**-{}-** {}", p.number, headline(book, p));
    let awards: Vec<String> = p
        .nodes()
        .flat_map(|n| &n.awards)
        .map(|a| {
            let items: Vec<String> = a
                .items
                .iter()
                .map(|i| crate::syntax::print::words(book, &i.effect))
                .collect();
            items.join(", ")
        })
        .collect();
    if !awards.is_empty() {
        out.push_str("\n\n");
        out.push_str(
            &awards
                .iter()
                .map(|a| format!("- {a}"))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    out
}

/// An award code at an offset, in words (hovering an award code).
pub fn award_in_words(book: &Book, file: FileId, offset: usize) -> Option<String> {
    let offset = u32::try_from(offset).ok()?;
    let p = book
        .paragraphs
        .iter()
        .find(|p| p.span.file == file && p.span.start <= offset && offset <= p.span.end)?;
    let award = p
        .nodes()
        .flat_map(|n| &n.awards)
        .find(|a| a.span.start <= offset && offset <= a.span.end)?;
    let items: Vec<String> = award
        .items
        .iter()
        .map(|i| crate::syntax::print::words(book, &i.effect))
        .collect();
    Some(items.join(", "))
}

/// The paragraphs of a file, in order.
pub fn outline(book: &Book, file: FileId) -> Vec<&Paragraph> {
    let mut ps: Vec<&Paragraph> = book
        .paragraphs
        .iter()
        .filter(|p| p.span.file == file)
        .collect();
    ps.sort_by_key(|p| p.span.start);
    ps
}

/// Paragraphs whose number starts with the query (`81` finds 81, 812, ...),
/// or, for words, glossary entries whose name holds it.
pub fn search(book: &Book, query: &str) -> Vec<(String, Span)> {
    let q = query
        .trim()
        .trim_start_matches(['-', '@'])
        .trim_end_matches('-');
    let mut out: Vec<(String, Span)> = Vec::new();
    if !q.is_empty() && q.bytes().all(|b| b.is_ascii_digit()) {
        let mut ps: Vec<&Paragraph> = book
            .paragraphs
            .iter()
            .filter(|p| p.number.to_string().starts_with(q))
            .collect();
        ps.sort_by_key(|p| (p.number.to_string().len(), p.number));
        out.extend(
            ps.into_iter()
                .map(|p| (format!("-{}-", p.number), p.header)),
        );
    } else {
        let q = q.to_lowercase();
        for e in &book.glossary.entries {
            if e.name.value.to_lowercase().contains(&q) {
                out.push((e.name.value.clone(), e.id.span));
            }
        }
    }
    out.truncate(100);
    out
}
