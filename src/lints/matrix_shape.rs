//! `matrix-shape`: every row has one cell per reaction.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;
use crate::text::count;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for m in &book.matrices {
        let want = m.reactions.len();
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
                .with_help(
                    "give every row one cell per reaction, `~` where a reaction is not offered",
                );
                if let (Some(first), Some(last)) = (m.reactions.first(), m.reactions.last()) {
                    d = d.with_secondary(first.span.to(last.span), count(want, "reaction"));
                }
                out.push(d);
            }
        }
    }
}
