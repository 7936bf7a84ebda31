//! `unused-matrix-row`: no chart entry, card, status or reference reaches a row.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    for (m, matrix) in book.matrices.iter().enumerate() {
        for (r, row) in matrix.rows.iter().enumerate() {
            let n = graph.rows[&(m, r)];
            // A row reached only by a dangling reference's likely fix is
            // counted in that reference's help, not reported here.
            if !graph.is_used(n) {
                out.push(
                    Diagnostic::new("unused-matrix-row", row.name.span, format!("row `{}` of matrix {} is never used", row.name.value, matrix.letter.value))
                        .label("nothing sends the reader here")
                        .with_help(format!("name it in a chart entry (`{{{}}} ... ({})`), a card or an `@{}:{}` reference, or delete it", row.name.value, matrix.letter.value, matrix.letter.value, row.name.value)),
                );
            }
        }
    }
}
