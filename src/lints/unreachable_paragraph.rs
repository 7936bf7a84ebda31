//! `unreachable-paragraph`: no path from an entry point leads here, even
//! once every dangling reference is fixed as its help says. A run of
//! consecutive unreachable paragraphs is one finding; when it is the fan
//! N-1, N, N+1 of a cell number a keystroke from a cell of the book, that
//! cell is named as the likely cause.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::{BookGraph, Node};
use crate::ir::Book;
use crate::span::Span;
use std::collections::HashMap;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    let seen = graph.reachable();
    let mut lost: Vec<usize> = graph
        .graph
        .node_indices()
        .filter(|n| !seen[n.index()])
        .filter_map(|n| match graph.graph[n] {
            Node::Paragraph(i) => Some(i),
            _ => None,
        })
        .collect();
    if lost.is_empty() {
        return;
    }
    lost.sort_unstable();
    let cells = cells(book);
    let mut i = 0;
    while i < lost.len() {
        let mut j = i;
        while j + 1 < lost.len() && follows(book, lost[j], lost[j + 1]) {
            j += 1;
        }
        out.push(finding(book, &lost[i..=j], &cells));
        i = j + 1;
    }
}

/// Whether paragraph `b` comes right after `a`, by number and in its file.
fn follows(book: &Book, a: usize, b: usize) -> bool {
    let (p, q) = (&book.paragraphs[a], &book.paragraphs[b]);
    b == a + 1
        && p.header.file == q.header.file
        && p.number.checked_add(1) == Some(q.number)
        && !p.is_chart()
        && !q.is_chart()
}

/// Cell number -> where the cell is and what it is, for the cells a slip
/// likely made: those whose fan overlaps another cell's (a typo that lands
/// on a used number).
fn cells(book: &Book) -> HashMap<u32, (Span, String)> {
    let mut all: Vec<u32> = book
        .matrices
        .iter()
        .flat_map(|m| {
            m.rows
                .iter()
                .flat_map(|r| r.cells.iter().flatten().map(|c| c.value))
        })
        .collect();
    all.sort_unstable();
    let crowded = |n: u32| {
        let i = all.partition_point(|&c| c < n.saturating_sub(2));
        all[i..]
            .iter()
            .take_while(|&&c| c <= n.saturating_add(2))
            .count()
            > 1
    };
    let mut out = HashMap::new();
    for m in &book.matrices {
        for row in &m.rows {
            for (c, cell) in row.cells.iter().enumerate() {
                if let Some(cell) = cell.as_ref().filter(|c| crowded(c.value)) {
                    let reaction = m.reactions.get(c).map_or("", |r| r.value.as_str());
                    out.entry(cell.value).or_insert((
                        cell.span,
                        format!(
                            "matrix {}, row {}, reaction {reaction}",
                            m.letter.value, row.name.value
                        ),
                    ));
                }
            }
        }
    }
    out
}

fn finding(book: &Book, run: &[usize], cells: &HashMap<u32, (Span, String)>) -> Diagnostic {
    let first = &book.paragraphs[run[0]];
    let last = &book.paragraphs[run[run.len() - 1]];
    let what = if first.is_chart() {
        "chart"
    } else {
        "paragraph"
    };
    let mut d = if run.len() == 1 {
        Diagnostic::new(
            "unreachable-paragraph",
            first.header,
            format!("{what} {} is unreachable", first.number),
        )
        .label("nothing leads here")
    } else {
        Diagnostic::new(
            "unreachable-paragraph",
            first.header,
            format!(
                "paragraphs {} {} {} are unreachable",
                first.number,
                if run.len() == 2 { "and" } else { "to" },
                last.number
            ),
        )
        .label(format!("nothing leads to these {}", run.len()))
    };
    d = d.naming(first.number, last.number);
    // The fan of a cell one keystroke from a cell of the book?
    let fan = (run.len() == 3).then(|| first.number + 1);
    let suspect = fan.and_then(|n| {
        crate::text::one_digit_off(n)
            .into_iter()
            .find_map(|c| cells.get(&c).map(|(span, at)| (n, c, *span, at)))
    });
    let deleted = || deleted_row_help(book, first.number, last.number);
    match suspect {
        None if let Some(help) = deleted() => d = d.with_help(help),
        Some((n, c, span, at)) => {
            d = d.with_secondary(span, format!("cell {c}: did you mean {n}?")).with_help(format!(
                "they are the destiny fan of a cell {n}, a keystroke from cell {c} ({at}); fix that cell, or reach them another way"
            ));
        }
        None => {
            d = d.with_help("reach it from a card, a place, a status, a chart, a matrix cell (N-1, N, N+1) or an `@` reference; or delete it");
        }
    }
    d
}

/// The help of a run that is the fans of a row deleted (`was a row of
/// matrix K deleted? Add `NAME: [341, 344]` to matrix K`).
fn deleted_row_help(book: &Book, first: u32, last: u32) -> Option<String> {
    let (letter, centres) = deleted_row(book, first, last)?;
    let cells: Vec<String> = centres.iter().map(u32::to_string).collect();
    let named = match cells.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("cells {} and {end}", rest.join(", ")),
        _ => format!("cell {}", cells.join("")),
    };
    Some(format!(
        "they are the destiny fans of {named}: was a row of matrix {letter} deleted? Add `NAME: [{}]` to matrix {letter}, or reach them another way",
        cells.join(", ")
    ))
}

/// The run `first..=last` of unreachable paragraphs is the fans of as many
/// cells as the matrix whose cells are nearest by number has reactions,
/// and no cell covers any of them: a row deleted from that matrix (nothing
/// named it, or its reference would be the finding). The matrix's letter
/// and the cells, ascending.
fn deleted_row(book: &Book, first: u32, last: u32) -> Option<(String, Vec<u32>)> {
    let len = last.checked_sub(first)? + 1;
    if len % 3 != 0 || (first..=last).any(|n| book.paragraph_kind(n) != Some(false)) {
        return None;
    }
    let cells = book.matrices.iter().enumerate().flat_map(|(mi, m)| {
        m.rows
            .iter()
            .flat_map(|r| r.cells.iter().flatten())
            .map(move |c| (c.value, mi))
    });
    let mut nearest: Option<(u32, usize)> = None;
    for (v, mi) in cells {
        if v + 1 >= first && v <= last + 1 {
            return None;
        }
        let gap = if v < first { first - v } else { v - last };
        if nearest.is_none_or(|(g, _)| gap < g) {
            nearest = Some((gap, mi));
        }
    }
    let m = &book.matrices[nearest?.1];
    let centres: Vec<u32> = (first..=last).step_by(3).map(|n| n + 1).collect();
    (m.reactions.len() == centres.len()).then(|| (m.letter.value.clone(), centres))
}
