//! `tales play PATH --at REF --read`: proofreading. The encounter laid out
//! whole, without rolling: for a row, each reaction's cell and its destiny
//! neighbours; for each paragraph, every section and arm at every depth,
//! who qualifies (or what decides), and what each awards, in words.

use super::screen::{words, wrap};
use crate::ir::{Block, BlockKind, Book, Guard, Node, ParagraphBody, Target};
use std::fmt::Write as _;

/// The proofreading text of what `target` leads to.
pub fn read(book: &Book, target: &Target, width: usize) -> String {
    let mut out = String::new();
    match target {
        Target::Paragraph(n) => paragraph(book, *n, width, &mut out),
        Target::Row { matrix, row } => rows(book, matrix, Some(row), width, &mut out),
        Target::Matrix(m) => rows(book, m, None, width, &mut out),
        Target::Place(p) => {
            let place = book.manifest.world.places.iter().find(|x| x.id.value == *p);
            match place.and_then(|x| x.paragraph.as_ref()) {
                Some(r) => {
                    let _ = writeln!(out, "place {p} → {}", r.target);
                    out.push_str(&read(book, &r.target, width));
                }
                None => {
                    let _ = writeln!(out, "place {p} leads nowhere");
                }
            }
        }
    }
    out
}

fn rows(book: &Book, letter: &str, only: Option<&String>, width: usize, out: &mut String) {
    let Some(m) = book.matrix(letter) else { return };
    for r in &m.rows {
        if only.is_some_and(|o| !crate::text::eq_ci(o, &r.name.value)) {
            continue;
        }
        for (i, cell) in r.cells.iter().enumerate() {
            let reaction = m.reactions.get(i).map_or("?", |x| x.value.as_str());
            let Some(cell) = cell else {
                let _ = writeln!(
                    out,
                    "\n== {letter} {} / {reaction}: no such reaction here ==",
                    r.name.value
                );
                continue;
            };
            let n = cell.value;
            let _ = writeln!(
                out,
                "\n== {letter} {} / {reaction}: cell {n}; the destiny die reads {}, {n} or {} ==",
                r.name.value,
                n.saturating_sub(1),
                n + 1
            );
            for p in [n.saturating_sub(1), n, n + 1] {
                paragraph(book, p, width, out);
            }
        }
    }
}

fn paragraph(book: &Book, n: u32, width: usize, out: &mut String) {
    let Some(p) = book.paragraph(n) else {
        let _ = writeln!(out, "\n-{n}- does not exist");
        return;
    };
    let file = &book.sources.get(p.header.file).name;
    let _ = writeln!(out, "\n-{n}-  ({file})");
    match &p.body {
        ParagraphBody::Chart(_) => {
            let _ = writeln!(out, "{}", book.sources.slice(p.span).trim());
        }
        ParagraphBody::Result { intro, check } => {
            node(book, intro, 1, width, out);
            if let Some(b) = check {
                block(book, b, 1, width, out);
            }
        }
    }
}

fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

/// A node's text, what it awards, and its block.
fn node(book: &Book, n: &Node, depth: usize, width: usize, out: &mut String) {
    let pad = indent(depth);
    if let Some(span) = n.span {
        for line in wrap(
            book.sources.slice(span),
            width.saturating_sub(pad.len()).max(20),
        )
        .lines()
        {
            let _ = writeln!(out, "{pad}{line}");
        }
    }
    let effects: Vec<String> = n
        .awards
        .iter()
        .flat_map(|a| a.items.iter())
        .map(|i| crate::syntax::print::words(book, &i.effect))
        .collect();
    if !effects.is_empty() {
        let _ = writeln!(out, "{pad}→ {}", effects.join(", "));
    }
    if let Some(b) = n.block.as_deref() {
        block(book, b, depth, width, out);
    }
}

fn block(book: &Book, b: &Block, depth: usize, width: usize, out: &mut String) {
    let pad = indent(depth);
    let head = match b.kind {
        BlockKind::SkillCheck => {
            "sections: the player picks one they qualify for (a mandatory one that holds is taken)"
                .to_owned()
        }
        BlockKind::Choice => "a choice: the player picks".to_owned(),
        BlockKind::Condition => "conditions: the first that holds is taken".to_owned(),
        BlockKind::Roll => match &b.roll {
            Some(r) => {
                let totals = r.totals();
                let range = match (totals.first(), totals.last()) {
                    (Some(lo), Some(hi)) => format!(", totals {lo} to {hi}"),
                    _ => String::new(),
                };
                format!(
                    "a roll of {}{range}",
                    // A roll told by its bands alone has no spec written.
                    r.span.map_or_else(
                        || format!("{}d{}", r.dice, r.sides),
                        |s| book.sources.slice(s).to_owned()
                    )
                )
            }
            None => "a roll (1d6, or 2d6 when a band passes 6)".to_owned(),
        },
    };
    let _ = writeln!(out, "{pad}[{head}]");
    for arm in &b.arms {
        let who = match &arm.guard {
            Guard::Section(labels) => labels
                .iter()
                .map(|l| {
                    let mut w = l
                        .condition()
                        .map_or_else(|| "anyone".to_owned(), |e| words(book, &e));
                    if l.mandatory {
                        w.push_str(" (mandatory)");
                    }
                    w
                })
                .collect::<Vec<_>>()
                .join(" or "),
            Guard::Condition(e) => format!("when {}", words(book, e)),
            Guard::Else => "when none above holds".to_owned(),
            Guard::Band(band) => match band.hi {
                Some(hi) => format!("a total of {} to {hi}", band.lo),
                None => format!("a total of {} or more", band.lo),
            },
            Guard::None => "the player's pick".to_owned(),
            Guard::Option(e) => format!("the player's pick, offered when {}", words(book, e)),
        };
        let marks = match b.depth {
            0 => String::new(),
            d => format!("{} ", ">".repeat(usize::from(d))),
        };
        let _ = writeln!(out, "{pad}{marks}{}: — {who}", arm.label.value);
        node(book, &arm.node, depth + 1, width, out);
    }
}
