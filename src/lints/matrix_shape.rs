//! `matrix-shape`: every row has one cell per reaction, offers at least one
//! reaction, and every matrix has rows.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Book, Matrix};
use crate::text::count;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for m in &book.matrices {
        if m.rows.is_empty() {
            out.push(
                Diagnostic::new("matrix-shape", m.letter.span, format!("matrix {} has no rows", m.letter.value))
                    .label("no rows")
                    .with_help("give the matrix `rows:`, one per adjective, each with a paragraph number per reaction"),
            );
            continue;
        }
        lengths(m, out);
        for row in &m.rows {
            if !row.cells.is_empty() && row.cells.iter().all(Option::is_none) {
                out.push(
                    Diagnostic::new(
                        "matrix-shape",
                        row.span,
                        format!(
                            "row `{}` of matrix {} offers no reaction",
                            row.name.value, m.letter.value
                        ),
                    )
                    .label("every cell is `~`")
                    .with_help("give the row at least one paragraph number, or delete it"),
                );
            }
        }
    }
}

/// Rows whose length is not the number of reactions. When every row agrees
/// and only the reactions differ, the reactions are the slip: one finding.
fn lengths(m: &Matrix, out: &mut Diagnostics) {
    let want = m.reactions.len();
    let first = m.rows[0].cells.len();
    let agree = m.rows.iter().all(|r| r.cells.len() == first);
    if agree && first != want && m.rows.len() > 1 {
        let span = match (m.reactions.first(), m.reactions.last()) {
            (Some(a), Some(b)) => a.span.to(b.span),
            _ => m.letter.span,
        };
        out.push(
            Diagnostic::new(
                "matrix-shape",
                span,
                format!(
                    "matrix {} has {}, but each of its {} has {}",
                    m.letter.value,
                    count(want, "reaction"),
                    count(m.rows.len(), "row"),
                    count(first, "cell")
                ),
            )
            .label(count(want, "reaction"))
            .with_help("give the matrix one reaction per column of its rows (or every row one cell per reaction, `~` where a reaction is not offered)"),
        );
        return;
    }
    for row in &m.rows {
        if row.cells.len() != want {
            let mut d = Diagnostic::new(
                "matrix-shape",
                row.span,
                format!(
                    "row `{}` of matrix {} has {} for {}",
                    row.name.value,
                    m.letter.value,
                    count(row.cells.len(), "cell"),
                    count(want, "reaction")
                ),
            )
            .label(count(row.cells.len(), "cell"))
            .with_help("give every row one cell per reaction, `~` where a reaction is not offered");
            if let (Some(first), Some(last)) = (m.reactions.first(), m.reactions.last()) {
                d = d.with_secondary(first.span.to(last.span), count(want, "reaction"));
            }
            out.push(d);
        }
    }
}
