//! `unused-matrix-row`: no chart entry, card, status or reference reaches a row.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;
use petgraph::Direction;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    for (m, matrix) in book.matrices.iter().enumerate() {
        for (r, row) in matrix.rows.iter().enumerate() {
            let n = graph.rows[&(m, r)];
            if graph
                .graph
                .neighbors_directed(n, Direction::Incoming)
                .next()
                .is_none()
            {
                out.push(
                    Diagnostic::new("unused-matrix-row", row.name.span, format!("row `{}` of matrix {} is never used", row.name.value, matrix.letter.value))
                        .label("nothing sends the reader here")
                        .with_help(format!("name it in a chart entry (`{{{}}} ... ({})`), a card or an `@{}:{}` reference, or delete it", row.name.value, matrix.letter.value, matrix.letter.value, row.name.value)),
                );
            }
        }
    }
}
