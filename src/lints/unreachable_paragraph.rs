//! `unreachable-paragraph`: no path from an entry point leads here.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::{BookGraph, Node};
use crate::ir::Book;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    let seen = graph.reachable();
    for n in graph.graph.node_indices() {
        if let Node::Paragraph(i) = graph.graph[n] {
            if !seen[n.index()] {
                let p = &book.paragraphs[i];
                let what = if p.is_chart() { "chart" } else { "paragraph" };
                out.push(
                    Diagnostic::new("unreachable-paragraph", p.header, format!("{what} {} is unreachable", p.number))
                        .label("nothing leads here")
                        .with_help("reach it from a card, a place, a status, a chart, a matrix cell (N-1, N, N+1) or an `@` reference; or delete it"),
                );
            }
        }
    }
}
