//! The book-level overview: cards, places and statuses to the charts,
//! matrices and paragraphs where their encounters start, charts to the
//! matrices of their entries, and each matrix with its rows and the
//! paragraphs its cells send readers to.

use super::neighbourhood::describe_full;
use super::{Kind, Link, Map, Mark};
use crate::graph::{BookGraph, Edge, Node};
use crate::ir::Book;
use petgraph::graph::NodeIndex;
use std::collections::BTreeSet;

/// What the overview shows of a graph node, if anything: itself, or (a
/// row) its matrix.
enum Shown {
    Node(NodeIndex),
    Matrix(usize),
}

fn shown(graph: &BookGraph, n: NodeIndex) -> Option<Shown> {
    match graph.graph[n] {
        Node::Row(m, _) => Some(Shown::Matrix(m)),
        Node::CharacterCard(_)
        | Node::TerrainCard(_)
        | Node::CityCard(_)
        | Node::Place(_)
        | Node::Status(_)
        | Node::Quest(_)
        | Node::Paragraph(_) => Some(Shown::Node(n)),
        Node::ChartEntry(..) | Node::CityResult(..) | Node::Cell(..) | Node::Matrix(_) => None,
    }
}

pub fn overview(book: &Book, graph: &BookGraph) -> Map {
    let title = book
        .manifest
        .title
        .as_ref()
        .map_or("the book", |t| t.value.as_str());
    let mut map = Map::new(format!("{title}: cards, charts and matrices"));
    let reach = graph.reachable();
    let starts: Vec<NodeIndex> = graph
        .graph
        .node_indices()
        .filter(|&n| graph.graph[n].is_entry_point())
        .collect();
    let mut charts: BTreeSet<NodeIndex> = BTreeSet::new();
    for &n in &starts {
        let from = add(book, graph, &mut map, &Shown::Node(n), &reach);
        for to in next_shown(graph, n) {
            if let Shown::Node(t) = to
                && matches!(graph.graph[t], Node::Paragraph(i) if book.paragraphs[i].is_chart())
            {
                charts.insert(t);
            }
            let t = add(book, graph, &mut map, &to, &reach);
            map.edge(from, t, Link::Start);
        }
    }
    for &c in &charts {
        let from = add(book, graph, &mut map, &Shown::Node(c), &reach);
        for to in next_shown(graph, c) {
            let t = add(book, graph, &mut map, &to, &reach);
            map.edge(from, t, Link::Chart);
        }
    }
    map
}

/// The first shown nodes after `n`, through the hidden ones (chart
/// entries, city results).
fn next_shown(graph: &BookGraph, n: NodeIndex) -> Vec<Shown> {
    let mut out = Vec::new();
    let mut stack: Vec<NodeIndex> = vec![n];
    let mut seen = BTreeSet::new();
    while let Some(x) = stack.pop() {
        for (t, _) in (graph.out_edges(x).into_iter()).filter(|&(_, w)| w == Edge::Real) {
            if !seen.insert(t) {
                continue;
            }
            match shown(graph, t) {
                Some(s) => out.push(s),
                None => stack.push(t),
            }
        }
    }
    out.sort_by_key(|s| match s {
        Shown::Node(n) => (0, n.index()),
        Shown::Matrix(m) => (1, *m),
    });
    out
}

fn add(book: &Book, graph: &BookGraph, map: &mut Map, s: &Shown, reach: &[bool]) -> usize {
    match *s {
        Shown::Node(n) => {
            let (key, label, kind, span) = describe_full(book, graph.graph[n]);
            let i = map.node(key, kind, label, span);
            if !reach[n.index()] {
                map.nodes[i].mark = Mark::Unreachable;
            }
            i
        }
        Shown::Matrix(m) => {
            let matrix = &book.matrices[m];
            let label = format!(
                "matrix {}: {}, {}",
                matrix.letter.value,
                crate::text::count(matrix.rows.len(), "row"),
                crate::text::count(paragraphs_of(book, m), "paragraph")
            );
            let i = map.node(
                format!("matrix-{}", matrix.letter.value),
                Kind::Matrix,
                label,
                Some(matrix.span),
            );
            let any = (0..matrix.rows.len()).any(|r| reach[graph.rows[&(m, r)].index()]);
            if !any {
                map.nodes[i].mark = Mark::Unreachable;
            }
            i
        }
    }
}

/// The paragraphs a matrix's cells send readers to (N-1, N, N+1 that exist).
fn paragraphs_of(book: &Book, m: usize) -> usize {
    let mut set = BTreeSet::new();
    for row in &book.matrices[m].rows {
        for c in row.cells.iter().flatten() {
            for n in [c.value.saturating_sub(1), c.value, c.value + 1] {
                if book.paragraph_kind(n) == Some(false) {
                    set.insert(n);
                }
            }
        }
    }
    set.len()
}
