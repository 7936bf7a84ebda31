//! `go-to-chart`: `@N` (or `Go to paragraph N`) in a result paragraph where
//! N is an encounter chart. The go-tos of a printed book send the reader to
//! a result paragraph; `play` rolls a new encounter on the chart instead.
//! The likely paragraph (a keystroke off, reached by nothing else) is found
//! with the graph (`graph::chart_gotos`) and named in the help.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    for c in &graph.chart_gotos {
        let n = c.chart;
        let help = match c.meant {
            // Said the way the go-to was written (`Go to paragraph 102`).
            Some(m) => format!(
                "did you mean `{}`? Nothing else reaches paragraph {m}; if a new encounter on chart {n} is meant, write `# tales: allow(go-to-chart)` before the paragraph",
                crate::graph::go_to_as_written(book, book.sources.slice(c.span), n, &m.to_string())
                    .unwrap_or_else(|| format!("@{m}"))
            ),
            None => format!(
                "point it at a result paragraph; if a new encounter on chart {n} is meant, write `# tales: allow(go-to-chart)` before the paragraph"
            ),
        };
        out.push(
            Diagnostic::new(
                "go-to-chart",
                c.span,
                format!("this go-to sends the reader to chart {n}, not to a result paragraph"),
            )
            .label("a chart")
            .with_help(help),
        );
    }
}
