//! `--as` fixes keys of the character: an arm that no reader could take
//! because of one of them (a section of a skill `skills=` left out, a
//! condition on the gender `gender=` set) is a fact of that character,
//! not a defect of the book. Such arms are counted, not reported as
//! `never-reached` (docs/sim.md).

use super::decide::{Decision, Verdict};
use super::lives::Persona;
use super::tally::{ArmIndex, Tally};
use crate::graph::BookGraph;
use crate::ir::{Block, Book, Guard, Node, ParagraphBody, Target};
use crate::span::Span;
use serde_json::{Value, json};

/// The arms no reader could take (or too few visits tell) whose own guard
/// the persona's fixed keys make false: [`Verdict::ByPersona`].
pub fn reclassify(book: &Book, arms: &ArmIndex, decided: &mut [Decision], persona: &Persona) {
    for d in decided
        .iter_mut()
        .filter(|d| matches!(d.verdict, Verdict::Never | Verdict::Undecided))
    {
        let a = &arms.arms[d.arm];
        let guard = find(&book.paragraphs[a.paragraph].body, a.label).map(|arm| &arm.guard);
        if guard.is_some_and(|g| closed(book, persona, g)) {
            d.verdict = Verdict::ByPersona;
        }
    }
}

/// Whether the fixed keys alone shut an arm: every name of a section, or
/// the condition of a condition arm or a guarded option, is false by them.
fn closed(book: &Book, persona: &Persona, guard: &Guard) -> bool {
    let never = |e: &crate::ir::Expr| persona.fixed(book, e) == Some(false);
    match guard {
        Guard::Section(labels) => {
            !labels.is_empty()
                && labels.iter().all(|l| {
                    l.condition().is_some_and(|c| never(&c))
                        || l.qualifier.as_ref().is_some_and(never)
                })
        }
        Guard::Condition(e) | Guard::Option(e) => never(e),
        Guard::None | Guard::Else | Guard::Band(_) => false,
    }
}

/// The arm of a paragraph whose label is at `label`.
fn find(body: &ParagraphBody, label: Span) -> Option<&crate::ir::Arm> {
    let ParagraphBody::Result { intro, check } = body else {
        return None;
    };
    in_node(intro, label).or_else(|| check.as_ref().and_then(|b| in_block(b, label)))
}

fn in_node(n: &Node, label: Span) -> Option<&crate::ir::Arm> {
    n.block.as_deref().and_then(|b| in_block(b, label))
}

fn in_block(b: &Block, label: Span) -> Option<&crate::ir::Arm> {
    b.arms.iter().find_map(|a| {
        if a.label.span == label {
            Some(a)
        } else {
            in_node(&a.node, label)
        }
    })
}

/// The result paragraphs no reader read that only arms closed by `--as`
/// lead to: every way in is a reference of a paragraph (no chart, matrix
/// or status sends readers there), and each such reference is inside a
/// closed arm or a paragraph closed this way. By index, in book order.
pub fn paragraphs(
    book: &Book,
    graph: &BookGraph,
    arms: &ArmIndex,
    t: &Tally,
    decided: &[Decision],
) -> Vec<usize> {
    // The labels of the closed arms: their text is skipped.
    let shut: rustc_hash::FxHashSet<Span> = decided
        .iter()
        .filter(|d| d.verdict == Verdict::ByPersona)
        .map(|d| arms.arms[d.arm].label)
        .collect();
    if shut.is_empty() {
        return Vec::new();
    }
    let index: rustc_hash::FxHashMap<u32, usize> = book
        .paragraphs
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let walk = Walk {
        index: &index,
        shut: &shut,
    };
    // Each paragraph's open references: those outside its closed arms.
    let mut out_refs: Vec<Vec<usize>> = vec![Vec::new(); book.paragraphs.len()];
    for (i, p) in book.paragraphs.iter().enumerate() {
        if let ParagraphBody::Result { intro, check } = &p.body {
            walk.node(intro, &mut out_refs[i]);
            if let Some(b) = check {
                walk.block(b, &mut out_refs[i]);
            }
        }
    }
    let mut open = vec![0usize; book.paragraphs.len()];
    for &to in out_refs.iter().flatten() {
        open[to] += 1;
    }
    close(book, graph, t, &out_refs, &mut open)
}

/// Close the candidates whose open references are none, and what only
/// they lead to (a worklist: each paragraph closed once).
fn close(
    book: &Book,
    graph: &BookGraph,
    t: &Tally,
    out_refs: &[Vec<usize>],
    open: &mut [usize],
) -> Vec<usize> {
    let candidate: Vec<bool> = (0..book.paragraphs.len())
        .map(|i| only_from_paragraphs(book, graph, t, i))
        .collect();
    let mut closed = vec![false; book.paragraphs.len()];
    let mut work: Vec<usize> = (0..open.len())
        .filter(|&i| candidate[i] && open[i] == 0)
        .collect();
    for &i in &work {
        closed[i] = true;
    }
    while let Some(i) = work.pop() {
        // Its open references are inside a closed paragraph now.
        for &to in &out_refs[i] {
            open[to] -= 1;
            if open[to] == 0 && candidate[to] && !closed[to] {
                closed[to] = true;
                work.push(to);
            }
        }
    }
    (0..closed.len()).filter(|&i| closed[i]).collect()
}

/// A result paragraph no reader read that paragraphs alone lead to.
fn only_from_paragraphs(book: &Book, graph: &BookGraph, t: &Tally, i: usize) -> bool {
    let p = &book.paragraphs[i];
    if t.paragraphs[i] != 0 || p.is_chart() {
        return false;
    }
    let Some(&n) = graph.paragraphs.get(&p.number) else {
        return false;
    };
    let mut from = graph
        .graph
        .neighbors_directed(n, petgraph::Direction::Incoming)
        .peekable();
    from.peek().is_some()
        && from.all(|m| matches!(graph.graph[m], crate::graph::Node::Paragraph(_)))
}

/// The paragraphs a node and the blocks in it refer to, by index, but
/// inside the closed arms.
struct Walk<'a> {
    index: &'a rustc_hash::FxHashMap<u32, usize>,
    shut: &'a rustc_hash::FxHashSet<Span>,
}

impl Walk<'_> {
    fn node(&self, n: &Node, out: &mut Vec<usize>) {
        for r in &n.refs {
            if let Target::Paragraph(k) = r.target
                && let Some(&i) = self.index.get(&k)
            {
                out.push(i);
            }
        }
        if let Some(b) = &n.block {
            self.block(b, out);
        }
    }

    fn block(&self, b: &Block, out: &mut Vec<usize>) {
        for a in b.arms.iter().filter(|a| !self.shut.contains(&a.label.span)) {
            self.node(&a.node, out);
        }
    }
}

/// `excluded_by_as` of the JSON report: the arms closed by `--as`, and
/// the paragraphs only they lead to.
pub fn json(book: &Book, arms: &ArmIndex, decided: &[Decision], paragraphs: &[usize]) -> Value {
    let listed: Vec<Value> = decided
        .iter()
        .filter(|d| d.verdict == Verdict::ByPersona)
        .map(|d| {
            let a = &arms.arms[d.arm];
            json!({
                "paragraph": book.paragraphs[a.paragraph].number,
                "arm": book.sources.slice(a.label),
                "visits": d.visits,
                "targeted_visits": d.targeted_visits,
            })
        })
        .collect();
    let numbers: Vec<u32> = paragraphs
        .iter()
        .map(|&i| book.paragraphs[i].number)
        .collect();
    json!({"arms": listed, "paragraphs": numbers})
}

/// The report's line for `excluded_by_as` (none when nothing was).
pub fn line(spec: &str, excluded: &Value) -> String {
    let len = |k: &str| excluded[k].as_array().map_or(0, Vec::len);
    let (arms, paragraphs) = (len("arms"), len("paragraphs"));
    if arms == 0 {
        return String::new();
    }
    let s = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let also = match paragraphs {
        0 => String::new(),
        n => format!(
            " (and {n} {} only they lead to)",
            s(n, "paragraph", "paragraphs")
        ),
    };
    format!(
        "by --as: {arms} {} no reader could take {} what `{spec}` leaves out of the character{also}: not reported as never-reached (`excluded_by_as` in the JSON report lists them)\n",
        s(arms, "arm", "arms"),
        s(arms, "needs", "need"),
    )
}
