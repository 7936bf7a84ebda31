//! `missing-destiny-neighbour`: the destiny die sends a reader from cell N
//! to N-1, N or N+1, so all three must be result paragraphs.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for m in &book.matrices {
        for row in &m.rows {
            for (c, cell) in row.cells.iter().enumerate() {
                let Some(cell) = cell else { continue };
                let n = cell.value;
                // A cell whose own paragraph is missing or a chart is one
                // `dangling-reference` (with its likely fix), not three.
                if book.paragraph_kind(n) != Some(false) {
                    continue;
                }
                let reaction = m
                    .reactions
                    .get(c)
                    .map_or_else(|| format!("column {}", c + 1), |r| r.value.clone());
                let place = format!(
                    "cell {n}: matrix {}, row {}, reaction {reaction}",
                    m.letter.value, row.name.value
                );
                for (delta, name) in [(-1i64, "-1"), (1, "+1")] {
                    let target = i64::from(n) + delta;
                    let which = format!("the {name} neighbour of cell {n}");
                    let problem = match u32::try_from(target)
                        .ok()
                        .filter(|&t| t > 0)
                        .map(|t| (t, book.paragraph_kind(t)))
                    {
                        None => Some((
                            format!("{which} would be paragraph {target}, which cannot exist"),
                            "cannot exist",
                        )),
                        Some((t, None)) => {
                            Some((format!("paragraph {t}, {which}, does not exist"), "missing"))
                        }
                        Some((t, Some(true))) => {
                            Some((format!("paragraph {t}, {which}, is a chart"), "is a chart"))
                        }
                        Some(_) => None,
                    };
                    if let Some((message, what)) = problem {
                        out.push(
                            Diagnostic::new("missing-destiny-neighbour", cell.span, message)
                                .label(format!("{name} neighbour {what}"))
                                .with_help(format!(
                                    "paragraph {target} is the {name} neighbour of {place}; the destiny die can send the reader there"
                                )),
                        );
                    }
                }
            }
        }
    }
}
