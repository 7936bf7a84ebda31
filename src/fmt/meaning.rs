//! What a file means, spans and spacing aside: `fmt` compares it before and
//! after, and writes nothing it cannot prove means the same.
//!
//! A paragraph's meaning is its number (as read and as written), its
//! `allow` comments and its tree: each node's words (prose is compared word
//! for word, so a change of spacing is allowed and a change of a word is
//! not), its award codes (as written, spacing and case aside, and as read),
//! its references, each arm's guard and label, and a chart entry's roll
//! numbers as written. What was written is compared, not only what it was
//! read as: a reader's guess (a duplicate header read as the number the
//! book needs) cannot make two different texts mean the same. YAML files
//! mean what their lowered values hold.

use crate::ir::{Arm, Block, Book, ChartEntry, ChartTarget, Node, Paragraph, ParagraphBody};
use crate::span::FileId;
use crate::syntax::Context;
use std::fmt::{Debug, Write};

/// The meaning of a file's paragraphs, in file order, as text (so a
/// difference can be shown).
pub fn of_paragraphs(paragraphs: &[&Paragraph], text: &str) -> String {
    let mut out = String::new();
    for p in paragraphs {
        paragraph(&mut out, p, text);
    }
    out
}

/// The first paragraph whose meaning differs between two readings of a
/// file, as `(before, after)` lines; `None` when they mean the same. One
/// paragraph's meaning is held at a time.
pub fn first_difference(
    before: &[&Paragraph],
    before_text: &str,
    after: &[&Paragraph],
    after_text: &str,
) -> Option<(String, String)> {
    if before.len() != after.len() {
        return Some((
            format!("{} paragraphs", before.len()),
            format!("{} paragraphs", after.len()),
        ));
    }
    let (mut b, mut a) = (String::new(), String::new());
    for (pb, pa) in before.iter().zip(after) {
        b.clear();
        a.clear();
        paragraph(&mut b, pb, before_text);
        paragraph(&mut a, pa, after_text);
        if a != b {
            let (x, y) = b
                .lines()
                .zip(a.lines())
                .find(|(x, y)| x != y)
                .unwrap_or(("", ""));
            return Some((x.trim().to_owned(), y.trim().to_owned()));
        }
    }
    None
}

fn paragraph(out: &mut impl Write, p: &Paragraph, text: &str) {
    let allows: Vec<&str> = p.allows.iter().map(|a| a.value.as_str()).collect();
    // The number as read and as written: a duplicate header is read as
    // the number the book needs, and only the written one is the book's.
    let written = slice(text, p.header);
    let written = written
        .split(|c: char| !c.is_ascii_digit())
        .find(|d| !d.is_empty())
        .unwrap_or("");
    let _ = writeln!(
        out,
        "paragraph {} written {written:?} allow {allows:?}",
        p.number
    );
    match &p.body {
        ParagraphBody::Chart(c) => {
            let m = c.matrix.as_ref().map(|m| m.value.as_str());
            let _ = writeln!(out, " chart {m:?}");
            for e in &c.entries {
                entry(out, e, text);
            }
        }
        ParagraphBody::Result { intro, check } => {
            node(out, intro, text, 1);
            if let Some(b) = check {
                block(out, b, text, 1);
            }
        }
    }
}

fn entry(out: &mut impl Write, e: &ChartEntry, text: &str) {
    let line = slice(text, e.span);
    let (_, rest) = super::chart::split_range(line);
    let target = match &e.target {
        ChartTarget::Row { matrix, row } => format!("{}:{}", matrix.value, row.value),
        ChartTarget::Paragraph(r) => r.target.to_string(),
        ChartTarget::None => "none".to_owned(),
    };
    let written: Vec<&str> = slice(text, e.range)
        .split(|c: char| !c.is_ascii_digit())
        .filter(|d| !d.is_empty())
        .collect();
    let _ = write!(
        out,
        "  {}-{} written {written:?} {target} {:?}",
        e.lo, e.hi, e.gender
    );
    words(out, rest);
}

fn node(out: &mut impl Write, n: &Node, text: &str, depth: usize) {
    let pad = " ".repeat(depth);
    let _ = write!(out, "{pad}text");
    words(out, &prose(n, text));
    for a in &n.awards {
        // What the code says as written (spacing, `/` and case aside) and
        // what it was read as (`Deth` is read as `Death`).
        let written = super::award::bare(slice(text, a.span));
        let effects: Vec<_> = a.items.iter().map(|i| &i.effect).collect();
        let _ = writeln!(out, "{pad}award {written:?} {effects:?}");
    }
    let refs: Vec<String> = n.refs.iter().map(|r| r.target.to_string()).collect();
    let _ = writeln!(out, "{pad}refs {refs:?}");
    if let Some(b) = &n.block {
        block(out, b, text, depth + 1);
    }
}

fn block(out: &mut impl Write, b: &Block, text: &str, depth: usize) {
    let pad = " ".repeat(depth);
    let roll = b.roll.as_ref().map(|r| (r.dice, r.sides, &r.terms));
    let _ = writeln!(
        out,
        "{pad}block {} depth {} roll {roll:?}",
        b.kind.as_str(),
        b.depth
    );
    for a in &b.arms {
        arm(out, a, text, depth + 1);
    }
}

fn arm(out: &mut impl Write, a: &Arm, text: &str, depth: usize) {
    let pad = " ".repeat(depth);
    let label: String = a.label.value.split_whitespace().collect();
    let _ = writeln!(
        out,
        "{pad}arm {label:?} {}",
        without_spans(&format!("{:?}", a.guard))
    );
    node(out, &a.node, text, depth + 1);
}

/// A node's own text with its award codes cut out.
fn prose(n: &Node, text: &str) -> String {
    let Some(span) = n.span else {
        return String::new();
    };
    let (start, end) = (span.start as usize, span.end as usize);
    let mut out = String::new();
    let mut at = start;
    for a in &n.awards {
        let (s, e) = (a.span.start as usize, a.span.end as usize);
        if s >= at && e <= end {
            out.push_str(text.get(at..s).unwrap_or(""));
            out.push(' ');
            at = e;
        }
    }
    out.push_str(text.get(at..end).unwrap_or(""));
    out
}

fn slice(text: &str, span: crate::span::Span) -> &str {
    text.get(span.start as usize..span.end as usize)
        .unwrap_or("")
}

/// The words of a text, one space before each, then a newline: a change
/// of spacing writes the same, a change of a word does not.
fn words(out: &mut impl Write, text: &str) {
    for w in text.split_whitespace() {
        let _ = out.write_char(' ');
        let _ = out.write_str(w);
    }
    let _ = out.write_char('\n');
}

/// What a YAML file of the book holds, read as `load` reads it.
pub fn of_yaml(book: &Book, file: FileId, text: &str) -> String {
    let mut diags = Vec::new();
    let root = match crate::syntax::yaml::parse(file, text) {
        Ok((root, found)) => {
            diags.extend(found);
            root
        }
        Err(d) => return format!("unreadable: {}", d.message),
    };
    let name = book.sources.get(file).name.as_str();
    let mut out = if name == "matrices.yaml" {
        of_value(&crate::lower::matrices::lower(&root, &mut diags))
    } else if name == "board.yaml" {
        let world = &book.manifest.world;
        let board = crate::lower::board::lower(&root, text, world, &mut diags);
        // The spaces and routes (the name index is theirs, in no order).
        of_value(&(&board.spaces, &board.routes))
    } else {
        let ctx = Context::of(book, file);
        let cards = crate::lower::cards::lower(&root, text, &ctx, &mut diags);
        of_value(&cards)
    };
    for d in &diags {
        let _ = writeln!(out, "finding {}: {}", d.code, d.message);
    }
    out
}

/// What each file of a loaded book means, by its name in the book: the
/// paragraphs of a `.tales` file, the values of a YAML file.
pub fn of_book(book: &Book) -> Vec<(String, String)> {
    let mut by_file: Vec<Vec<&Paragraph>> = vec![Vec::new(); book.sources.len()];
    for p in &book.paragraphs {
        if let Some(v) = by_file.get_mut(p.header.file.0 as usize) {
            v.push(p);
        }
    }
    book.sources
        .iter()
        .map(|(id, f)| {
            let meaning = match f.name.as_str() {
                "matrices.yaml" | "cards.yaml" | "board.yaml" => of_yaml(book, id, &f.text),
                "book.yaml" => of_value(&book.manifest),
                "glossary.yaml" => of_value(&book.glossary.entries),
                _ => {
                    let ps = &mut by_file[id.0 as usize];
                    ps.sort_by_key(|p| p.span.start);
                    of_paragraphs(ps, &f.text)
                }
            };
            (f.name.clone(), meaning)
        })
        .collect()
}

/// A value's debug form with every `Span { .. }` taken out, for values that
/// carry spans deep inside (section labels, YAML-lowered tables).
pub fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let close = after.find('}').map_or(after.len(), |c| c + 1);
        out.push('_');
        rest = &after[close..];
    }
    out.push_str(rest);
    out
}

/// Any value's meaning: its debug form, spans aside.
pub fn of_value(value: &impl Debug) -> String {
    without_spans(&format!("{value:#?}"))
}
