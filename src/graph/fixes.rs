//! The likely fix of each dangling reference, said in its help and added
//! to the graph as fix edges; what only a fix reaches is counted in that
//! help and reported nowhere else.

use super::suggest::{best, fallback_help};
use super::{BookGraph, Edge, Node};
use crate::ir::{Book, Reference, Target};
use crate::text::{close_name, one_digit_off};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::fmt::Write as _;

/// A dangling reference (or cell) waiting for its fix.
pub(super) struct Pending {
    from: NodeIndex,
    /// Its finding, by index into `dangling`.
    diag: usize,
    what: What,
}

enum What {
    Reference(Target),
    /// A cell whose own paragraph is missing or a chart.
    Cell(u32),
    /// A cell whose own paragraph exists, but not N-1 or N+1 (reported by
    /// `missing-destiny-neighbour`, which says the fix found here).
    Fan((usize, usize, usize), u32),
}

impl Pending {
    pub(super) fn reference(from: NodeIndex, diag: usize, r: &Reference) -> Self {
        Pending {
            from,
            diag,
            what: What::Reference(r.target.clone()),
        }
    }

    pub(super) fn fan(from: NodeIndex, at: (usize, usize, usize), n: u32) -> Self {
        Pending {
            from,
            diag: usize::MAX,
            what: What::Fan(at, n),
        }
    }

    pub(super) fn cell(from: NodeIndex, diag: usize, n: u32) -> Self {
        Pending {
            from,
            diag,
            what: What::Cell(n),
        }
    }
}

/// A fix found: its help, and the nodes it would send readers to.
struct Fix {
    from: NodeIndex,
    diag: usize,
    targets: Vec<NodeIndex>,
}

pub(super) fn resolve(g: &mut BookGraph, book: &Book, pending: Vec<Pending>) {
    if pending.is_empty() {
        return;
    }
    let reached = g.reach(false);
    let cells: std::collections::HashSet<u32> = book
        .matrices
        .iter()
        .flat_map(|x| &x.rows)
        .flat_map(|r| &r.cells)
        .filter_map(|c| c.as_ref().map(|c| c.value))
        .collect();
    let mut fixes = Vec::new();
    for p in pending {
        if let What::Fan(at, n) = p.what {
            if let Some((_, targets)) = cell_fix(g, book, &reached, &cells, n) {
                let m = targets.get(1).map_or(n, |&t| number(g, book, t));
                for &t in &targets {
                    g.graph.add_edge(p.from, t, Edge::Fix);
                }
                let only = targets.iter().filter(|t| !reached[t.index()]).count();
                g.cell_fixes.insert(at, (m, only));
            }
            continue;
        }
        let entry = matches!(g.graph[p.from], Node::ChartEntry(..));
        let found = match &p.what {
            What::Reference(t) => reference_fix(g, book, &reached, t, entry),
            What::Cell(n) => cell_fix(g, book, &reached, &cells, *n)
                .or_else(|| header_fix(g, book, &reached, *n)),
            What::Fan(..) => continue,
        };
        let help = match (&found, &p.what) {
            (Some((help, _)), _) => help.clone(),
            (None, What::Reference(t)) => fallback_help(book, t),
            (None, What::Fan(..)) => continue,
            (None, What::Cell(n)) => format!(
                "write paragraphs {} to {}, or fix the cell: the destiny die sends the reader to N-1, N or N+1",
                n.saturating_sub(1),
                n.saturating_add(1)
            ),
        };
        g.dangling[p.diag].help = Some(help);
        if let Some((_, targets)) = found {
            for &t in &targets {
                g.graph.add_edge(p.from, t, Edge::Fix);
            }
            fixes.push(Fix {
                from: p.from,
                diag: p.diag,
                targets,
            });
        }
    }
    attribute(g, &reached, &fixes);
}

/// What a dangling reference probably meant (said as help), and its nodes.
fn reference_fix(
    g: &BookGraph,
    book: &Book,
    reached: &[bool],
    t: &Target,
    chart_entry: bool,
) -> Option<(String, Vec<NodeIndex>)> {
    match t {
        Target::Paragraph(n) => {
            let m = best(
                *n,
                one_digit_off(*n)
                    .into_iter()
                    .filter_map(|m| g.paragraphs.get(&m).map(|&i| (m, reached[i.index()]))),
            )?;
            let to = g.paragraphs[&m];
            let help = if reached[to.index()] {
                format!("did you mean `@{m}`?")
            } else {
                format!(
                    "did you mean `@{m}`? Or is the header `-{m}-` a typo for `-{n}-`? Nothing else reaches paragraph {m}"
                )
            };
            Some((help, vec![to]))
        }
        Target::Matrix(m) => {
            let mi = unused_matrix(g, book)?;
            let _ = m;
            Some((
                format!("did you mean `@{}`?", book.matrices[mi].letter.value),
                rows_of(g, book, mi),
            ))
        }
        Target::Row { matrix, row } => {
            let mi = book
                .matrix_position(matrix)
                .or_else(|| matrix_with_row(book, row))
                .or_else(|| unused_matrix(g, book))?;
            let m = &book.matrices[mi];
            let names = m.rows.iter().map(|r| r.name.value.as_str());
            let ri = match close_name(names, row) {
                Some(name) => m.row(name).map(|(ri, _)| ri)?,
                None => only_unused_row(g, mi, m.rows.len())?,
            };
            let letter = &m.letter.value;
            let name = &m.rows[ri].name.value;
            let help = if mi == book.matrix_position(matrix).unwrap_or(usize::MAX) {
                format!("did you mean `{name}`?")
            } else if chart_entry && m.row(row).is_some() {
                format!("did you mean `({letter})`?")
            } else if chart_entry {
                format!("did you mean `{{{name}}}` of matrix {letter}?")
            } else {
                format!("did you mean `@{letter}:{name}`?")
            };
            Some((help, vec![g.rows[&(mi, ri)]]))
        }
        Target::Place(id) => {
            let places = &book.manifest.world.places;
            let pi = close_name(places.iter().map(|p| p.id.value.as_str()), id)
                .and_then(|c| places.iter().position(|p| p.id.value == c))?;
            Some((
                format!("did you mean `@{}`?", places[pi].id.value),
                vec![g.places[pi]],
            ))
        }
    }
}

/// The nearest cell number whose N-1, N and N+1 are all result paragraphs,
/// those nothing else reaches first.
fn cell_fix(
    g: &BookGraph,
    book: &Book,
    reached: &[bool],
    cells: &std::collections::HashSet<u32>,
    n: u32,
) -> Option<(String, Vec<NodeIndex>)> {
    let three = |m: u32| [m.checked_sub(1), Some(m), m.checked_add(1)];
    let m = best(
        n,
        one_digit_off(n).into_iter().filter_map(|m| {
            let nodes: Option<Vec<NodeIndex>> = three(m)
                .into_iter()
                .map(|t| {
                    t.filter(|&t| book.paragraph_kind(t) == Some(false))
                        .and_then(|t| g.paragraphs.get(&t).copied())
                })
                .collect();
            // Another cell's number is no fix, it is taken; and a fix
            // strands something when it is missing: one of its paragraphs
            // nothing else reaches (one may be reached by an `@` of its
            // neighbour, as `[S1 / @201]` in 203).
            let nodes = nodes?;
            (!cells.contains(&m) && nodes.iter().any(|i| !reached[i.index()])).then_some((m, false))
        }),
    )?;
    let targets = three(m)
        .into_iter()
        .flatten()
        .filter_map(|t| g.paragraphs.get(&t).copied())
        .collect();
    Some((format!("did you mean `{m}`?"), targets))
}

/// A cell's paragraph is missing, and a paragraph one digit off exists that
/// nothing reaches: its header is the likely slip (`-1044-` for `-44-`).
fn header_fix(
    g: &BookGraph,
    book: &Book,
    reached: &[bool],
    n: u32,
) -> Option<(String, Vec<NodeIndex>)> {
    if book.paragraph_kind(n).is_some() {
        return None;
    }
    let m = best(
        n,
        one_digit_off(n)
            .into_iter()
            .filter_map(|m| g.paragraphs.get(&m).map(|&i| (m, reached[i.index()])))
            .filter(|&(_, r)| !r),
    )?;
    Some((
        format!("is the header `-{m}-` a typo for `-{n}-`? Nothing else reaches paragraph {m}"),
        vec![g.paragraphs[&m]],
    ))
}

/// The number of a paragraph node.
fn number(g: &BookGraph, book: &Book, n: NodeIndex) -> u32 {
    match g.graph[n] {
        Node::Paragraph(i) => book.paragraphs[i].number,
        _ => 0,
    }
}

fn rows_of(g: &BookGraph, book: &Book, mi: usize) -> Vec<NodeIndex> {
    (0..book.matrices[mi].rows.len())
        .map(|ri| g.rows[&(mi, ri)])
        .collect()
}

/// The one matrix none of whose rows anything uses, if there is one.
fn unused_matrix(g: &BookGraph, book: &Book) -> Option<usize> {
    let mut unused = (0..book.matrices.len()).filter(|&mi| {
        !book.matrices[mi].rows.is_empty() && rows_of(g, book, mi).iter().all(|&r| !g.is_used(r))
    });
    let first = unused.next()?;
    unused.next().is_none().then_some(first)
}

/// The one matrix with a row of that name, if there is one.
fn matrix_with_row(book: &Book, row: &str) -> Option<usize> {
    let mut with = (0..book.matrices.len()).filter(|&mi| book.matrices[mi].row(row).is_some());
    let first = with.next()?;
    with.next().is_none().then_some(first)
}

/// The one row of a matrix that nothing uses, if there is one.
fn only_unused_row(g: &BookGraph, mi: usize, rows: usize) -> Option<usize> {
    let mut unused = (0..rows).filter(|&ri| !g.is_used(g.rows[&(mi, ri)]));
    let first = unused.next()?;
    unused.next().is_none().then_some(first)
}

/// Count, in each fix's help, the paragraphs and rows that only it reaches.
fn attribute(g: &mut BookGraph, reached: &[bool], fixes: &[Fix]) {
    let mut claimed = reached.to_vec();
    for fix in fixes {
        let mut paragraphs = 0;
        let mut rows = 0;
        let mut stack = Vec::new();
        for &t in &fix.targets {
            if matches!(g.graph[t], Node::Row(..)) && !has_real_incoming(g, t, fix.from) {
                rows += 1;
            }
            if !claimed[t.index()] {
                claimed[t.index()] = true;
                stack.push(t);
            }
        }
        while let Some(n) = stack.pop() {
            if matches!(g.graph[n], Node::Paragraph(_)) {
                paragraphs += 1;
            }
            for e in g.graph.edges(n) {
                let to = e.target();
                if !claimed[to.index()] {
                    claimed[to.index()] = true;
                    stack.push(to);
                }
            }
        }
        let parts: Vec<String> = [(paragraphs, "paragraph"), (rows, "matrix row")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| crate::text::count(n, what))
            .collect();
        // A header's typo already says that nothing else reaches it.
        let header = g.dangling[fix.diag]
            .help
            .as_deref()
            .is_some_and(|h| h.starts_with("is the header"));
        if !(parts.is_empty() || header && paragraphs + rows == 1) {
            let verb = if paragraphs + rows == 1 { "is" } else { "are" };
            if let Some(h) = &mut g.dangling[fix.diag].help {
                let _ = write!(
                    h,
                    " ({} {verb} reached only through it)",
                    parts.join(" and ")
                );
            }
        }
    }
}

/// Whether anything but `except`, by a real edge, sends readers to `n`.
fn has_real_incoming(g: &BookGraph, n: NodeIndex, except: NodeIndex) -> bool {
    g.graph
        .edges_directed(n, petgraph::Direction::Incoming)
        .any(|e| *e.weight() == Edge::Real && e.source() != except)
}
