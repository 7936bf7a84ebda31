//! `shared-destiny-neighbour`: two cells whose N-1..N+1 overlap.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    // paragraph -> first cell (number, span) that reaches it
    let mut first: HashMap<u32, (u32, Span)> = HashMap::default();
    for m in &book.matrices {
        for row in &m.rows {
            for cell in row.cells.iter().flatten() {
                let n = cell.value;
                for t in [n.saturating_sub(1), n, n + 1] {
                    match first.get(&t) {
                        Some(&(other, span)) if other != n => {
                            out.push(
                                Diagnostic::new("shared-destiny-neighbour", cell.span, format!("cells {other} and {n} share paragraph {t}"))
                                    .label(format!("reaches {t}"))
                                    .with_secondary(span, format!("also reaches {t}"))
                                    .with_help("space cells at least three apart, unless the shared paragraph is meant for both"),
                            );
                        }
                        Some(_) => {}
                        None => {
                            first.insert(t, (n, cell.span));
                        }
                    }
                }
            }
        }
    }
}
