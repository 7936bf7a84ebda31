//! `matrix-shape`: every row has one cell per reaction.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for m in &book.matrices {
        let want = m.reactions.len();
        for row in &m.rows {
            if row.cells.len() != want {
                let mut d = Diagnostic::new(
                    "matrix-shape",
                    row.span,
                    format!(
                        "row `{}` of matrix {} has {} cells for {} reactions",
                        row.name.value,
                        m.letter.value,
                        row.cells.len(),
                        want
                    ),
                )
                .label(format!("{} cells", row.cells.len()))
                .with_help(
                    "give every row one cell per reaction, `~` where a reaction is not offered",
                );
                if let (Some(first), Some(last)) = (m.reactions.first(), m.reactions.last()) {
                    d = d.with_secondary(first.span.to(last.span), format!("{want} reactions"));
                }
                out.push(d);
            }
        }
    }
}
