//! The likely fix of each dangling reference, said in its help and added
//! to the graph as fix edges; what only a fix reaches is counted in that
//! help and reported nowhere else. References to one missing target are
//! one finding (`merge`).

use super::guess::{Guess, Guesser, has_real_incoming};
use super::merge::{self, Def, Key};
use super::suggest::fallback_help;
use super::{BookGraph, Edge, Node};
use crate::ir::{Book, Reference, Target};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::collections::HashMap;

/// A dangling reference (or cell) waiting for its fix.
pub(super) struct Pending {
    pub(super) from: NodeIndex,
    /// Its finding, by index into `dangling`.
    pub(super) diag: usize,
    pub(super) what: What,
}

pub(super) enum What {
    Reference(Target),
    /// A cell whose own paragraph is missing or a chart, and where the cell
    /// is (matrix, row, column).
    Cell(u32, (usize, usize, usize)),
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

    pub(super) fn cell(from: NodeIndex, diag: usize, n: u32, at: (usize, usize, usize)) -> Self {
        Pending {
            from,
            diag,
            what: What::Cell(n, at),
        }
    }
}

/// A fix found: the finding it is the help of, and the nodes it would send
/// readers to.
struct Fix {
    from: Vec<NodeIndex>,
    diag: usize,
    targets: Vec<NodeIndex>,
}

pub(super) fn resolve(g: &mut BookGraph, book: &Book, pending: &[Pending]) {
    if pending.is_empty() {
        return;
    }
    let reached = g.reach(false);
    let keys: Vec<Option<Key>> = pending.iter().map(|p| merge::key(book, &p.what)).collect();
    let reps = merge::representatives(g, pending, &keys);
    let (guesses, defs) = guesses(g, book, &reached, pending, &reps);
    let mut fixes: Vec<Fix> = Vec::new();
    let mut fix_of: HashMap<usize, usize> = HashMap::new();
    let mut also = Vec::new();
    for ((p, key), found) in pending.iter().zip(&keys).zip(guesses) {
        let found = found.map(|(help, targets)| (help, whole(g, book, &p.what, targets)));
        if let Some((_, targets)) = &found {
            for &t in targets {
                g.graph.add_edge(p.from, t, Edge::Fix);
            }
        }
        if let What::Fan(at, _) = p.what {
            if let Some((help, _)) = found {
                g.cell_fixes.insert(at, help);
            }
            continue;
        }
        let rep = key.as_ref().map_or(p.diag, |k| reps[k].0);
        if rep == p.diag {
            let written = book.sources.slice(g.dangling[p.diag].primary.span);
            g.dangling[p.diag].help = Some(match &found {
                Some((help, _)) => as_written(book, written, &p.what, help),
                None => fallback(book, &p.what),
            });
            // The one paragraph of a fan missing, named by the help: its
            // header was likely deleted (`check::lost_header`).
            if found.is_none()
                && let What::Cell(n, _) = p.what
                && let [m] = missing_of_fan(book, n)[..]
            {
                g.dangling[p.diag].run = Some((m, m));
            }
        } else {
            also.push((rep, p.diag));
        }
        // A group's fixes are one: what they reach is counted once, in
        // the help of the finding that stands for the group.
        if let Some((_, targets)) = found {
            let i = *fix_of.entry(rep).or_insert_with(|| {
                fixes.push(Fix {
                    from: Vec::new(),
                    diag: rep,
                    targets: Vec::new(),
                });
                fixes.len() - 1
            });
            fixes[i].from.push(p.from);
            fixes[i].targets.extend(targets);
        }
    }
    let only = attribute(g, &reached, &fixes);
    merge::merge(g, &also, &defs, &only);
}

/// Each pending reference's guess (one a target and kind of reference,
/// its other references sharing it), and the likely definition of each
/// group of references to one missing target.
fn guesses(
    g: &BookGraph,
    book: &Book,
    reached: &[bool],
    pending: &[Pending],
    reps: &HashMap<Key, (usize, usize)>,
) -> (Vec<Guess>, HashMap<usize, Def>) {
    let guessing = Guesser::new(g, book, reached);
    // One guess a target (and kind of reference): its other
    // references share it.
    let mut cache: HashMap<(&Target, bool), Guess> = HashMap::new();
    let guesses: Vec<Guess> = pending
        .iter()
        .map(|p| match &p.what {
            What::Reference(t) => {
                let entry = matches!(g.graph[p.from], Node::ChartEntry(..));
                cache
                    .entry((t, entry))
                    .or_insert_with(|| guess(&guessing, g, p))
                    .clone()
            }
            _ => guess(&guessing, g, p),
        })
        .collect();
    let defs: HashMap<usize, Def> = reps
        .iter()
        .filter(|(_, (_, size))| *size > 1)
        .filter_map(|(k, &(rep, _))| Some((rep, guessing.definition(k)?)))
        .collect();
    (guesses, defs)
}

/// The fix of a reference to a whole matrix is the rows of the one
/// matrix nothing uses: one edge to that matrix's node, as a real `@K`.
fn whole(g: &mut BookGraph, book: &Book, what: &What, targets: Vec<NodeIndex>) -> Vec<NodeIndex> {
    let (What::Reference(Target::Matrix(_)), Some(&first)) = (what, targets.first()) else {
        return targets;
    };
    let Node::Row(mi, _) = g.graph[first] else {
        return targets;
    };
    if targets.len() != book.matrices[mi].rows.len() {
        return targets;
    }
    g.matrix_node(book, mi).map_or(targets, |n| vec![n])
}

fn guess(guesser: &Guesser, g: &BookGraph, p: &Pending) -> Guess {
    match &p.what {
        What::Reference(t) => guesser.reference(t, matches!(g.graph[p.from], Node::ChartEntry(..))),
        What::Cell(n, at) => guesser.cell(*n, *at),
        What::Fan(_, n) => guesser.fan(*n, p.from),
    }
}

/// A fix `@M` said the way the reference was written: `Go to paragraph
/// 299` is told `Go to paragraph 29`, not `@29` (issue #23). Only the
/// locale's go-to phrases are echoed: a card's bare number, and a phrase
/// read as meant (`Go to 501`), are told `@M`.
fn as_written(book: &Book, written: &str, what: &What, help: &str) -> String {
    let What::Reference(Target::Paragraph(n)) = what else {
        return help.to_owned();
    };
    let Some(m) = help
        .strip_prefix("did you mean `@")
        .and_then(|r| r.split_once('`'))
        .map(|(m, _)| m)
        .filter(|m| m.bytes().all(|b| b.is_ascii_digit()))
    else {
        return help.to_owned();
    };
    match go_to_as_written(book, written, *n, m) {
        Some(said) => help.replacen(&format!("`@{m}`"), &format!("`{said}`"), 1),
        None => help.to_owned(),
    }
}

/// `written`, a go-to phrase of the book's locale naming paragraph `n`
/// (`Go to paragraph 299`, `Ve al párrafo 299`), with `m` in the number's
/// place, on one line (a phrase wrapped onto the next line is said on
/// one); `None` when it is no such phrase (`@299`, a card's number).
pub(crate) fn go_to_as_written(book: &Book, written: &str, n: u32, m: &str) -> Option<String> {
    let n = n.to_string();
    let words = written.split_whitespace().collect::<Vec<_>>().join(" ");
    let phrase = book
        .manifest
        .locale
        .spellings("go-to-item")
        .any(|p| crate::text::strip_prefix_ci(&words, p).is_some());
    let at = written.rfind(&n).filter(|_| phrase)?;
    let said = format!("{}{m}{}", &written[..at], &written[at + n.len()..]);
    Some(said.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The help of a dangling reference with no likely fix.
fn fallback(book: &Book, what: &What) -> String {
    match what {
        What::Reference(t) => fallback_help(book, t),
        What::Cell(n, _) | What::Fan(_, n) => write_missing(book, *n),
    }
}

/// The help of a cell sent to N with no likely fix: write what is missing
/// of the fan N-1, N, N+1, and only that (`write paragraph 201 (its header
/// `-201-` is missing)`), or fix the cell.
fn write_missing(book: &Book, n: u32) -> String {
    const DIE: &str = "the destiny die sends the reader to N-1, N or N+1";
    let write = match missing_of_fan(book, n).as_slice() {
        [m] => format!("write paragraph {m} (its header `-{m}-` is missing)"),
        [a, b] => format!("write paragraphs {a} and {b}"),
        [a, .., b] => format!("write paragraphs {a} to {b}"),
        // Paragraph N is there, but a chart: only the cell can change.
        [] => return format!("fix the cell: {DIE}, and {n} is a chart"),
    };
    format!("{write}, or fix the cell: {DIE}")
}

/// The paragraphs of the fan N-1, N, N+1 the book does not have.
fn missing_of_fan(book: &Book, n: u32) -> Vec<u32> {
    [n.checked_sub(1), Some(n), n.checked_add(1)]
        .into_iter()
        .flatten()
        .filter(|&m| book.paragraph(m).is_none())
        .collect()
}

/// What only each fix reaches, by its finding: how many paragraphs and
/// rows, and the words that say so ("6 paragraphs and 1 matrix row").
pub(super) type Only = HashMap<usize, (usize, String)>;

/// Count the paragraphs and rows that only each fix reaches.
fn attribute(g: &BookGraph, reached: &[bool], fixes: &[Fix]) -> Only {
    let mut claimed = reached.to_vec();
    // A matrix's node made for a fix is reached by no real edge.
    claimed.resize(g.graph.node_count(), false);
    let mut only = Only::new();
    for fix in fixes {
        let mut paragraphs = 0;
        let mut stack = Vec::new();
        let mut targets = fix.targets.clone();
        targets.sort_unstable();
        targets.dedup();
        let rows = rows_among(g, &targets)
            .into_iter()
            .filter(|&t| !has_real_incoming(g, t, &fix.from))
            .count();
        for t in targets {
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
        if !parts.is_empty() {
            only.insert(fix.diag, (paragraphs + rows, parts.join(" and ")));
        }
    }
    only
}

/// The rows among a fix's targets, a matrix's node standing for its
/// rows, each once.
fn rows_among(g: &BookGraph, targets: &[NodeIndex]) -> Vec<NodeIndex> {
    let mut rows: Vec<NodeIndex> = Vec::new();
    for &t in targets {
        match g.graph[t] {
            Node::Row(..) => rows.push(t),
            Node::Matrix(_) => rows.extend(g.graph.neighbors(t)),
            _ => {}
        }
    }
    rows.sort_unstable();
    rows.dedup();
    rows
}
