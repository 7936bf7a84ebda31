//! `missing-destiny-neighbour`: the destiny die sends a reader from cell N
//! to N-1, N or N+1, so all three must be result paragraphs. One finding a
//! cell (a cell whose own paragraph is missing is a `dangling-reference`).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::Book;

pub(super) fn check(book: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    for (mi, m) in book.matrices.iter().enumerate() {
        for (ri, row) in m.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                let Some(cell) = cell else { continue };
                let n = cell.value;
                if book.paragraph_kind(n) != Some(false) {
                    continue;
                }
                let problems: Vec<(&str, String, &str)> =
                    [("-1", n.checked_sub(1)), ("+1", n.checked_add(1))]
                        .into_iter()
                        .filter_map(|(name, t)| match t.filter(|&t| t > 0) {
                            None => Some((name, "a paragraph 0".to_owned(), "cannot exist")),
                            Some(t) => match book.paragraph_kind(t) {
                                None => Some((name, format!("paragraph {t}"), "missing")),
                                Some(true) => Some((name, format!("paragraph {t}"), "a chart")),
                                Some(false) => None,
                            },
                        })
                        .collect();
                if problems.is_empty() {
                    continue;
                }
                let reaction = m
                    .reactions
                    .get(c)
                    .map_or_else(|| format!("column {}", c + 1), |r| r.value.clone());
                let place = format!(
                    "matrix {}, row {}, reaction {reaction}",
                    m.letter.value, row.name.value
                );
                let message = match problems.as_slice() {
                    [(name, what, how)] => format!(
                        "{what}, the {name} neighbour of cell {n}, {}",
                        if *how == "missing" {
                            "does not exist".to_owned()
                        } else {
                            format!("is {how}")
                        }
                    ),
                    _ => format!(
                        "neither neighbour of cell {n} is a result paragraph ({} and {})",
                        problems[0].1, problems[1].1
                    ),
                };
                let label = problems
                    .iter()
                    .map(|(name, _, how)| format!("{name} {how}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                let help = match graph.cell_fixes.get(&(mi, ri, c)) {
                    Some(help) => help.clone(),
                    None => default_help(n, &place, &problems),
                };
                let d = Diagnostic::new("missing-destiny-neighbour", cell.span, message)
                    .label(label)
                    .with_help(help);
                // One neighbour missing: the finding names it (a deleted
                // header is then shown where it was, `check::lost_header`).
                out.push(match problems.as_slice() {
                    [("-1", _, "missing")] => d.naming(n - 1, n - 1),
                    [("+1", _, "missing")] => d.naming(n + 1, n + 1),
                    _ => d,
                });
            }
        }
    }
}

/// The help with no likely fix: write what is missing, or move the cell;
/// a neighbour that is a chart cannot be written over, so then the cell
/// moves (or the chart is renumbered).
fn default_help(n: u32, place: &str, problems: &[(&str, String, &str)]) -> String {
    let die = format!("the destiny die can send the reader of cell {n} ({place}) to N-1, N or N+1");
    let whats = |chart: bool| {
        problems
            .iter()
            .filter(|(_, _, how)| (*how == "a chart") == chart)
            .map(|(_, what, _)| what.as_str())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let (charts, others) = (whats(true), whats(false));
    match (charts.is_empty(), others.is_empty()) {
        (true, _) => format!("{die}: write {others}, or move the cell"),
        (false, true) => format!("{die}, and {charts} is a chart: move the cell"),
        (false, false) => format!(
            "{die}, and {charts} is a chart: move the cell, or write {others} and renumber the chart"
        ),
    }
}
