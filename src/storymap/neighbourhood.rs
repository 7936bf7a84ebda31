//! A node's neighbourhood: where it leads within a number of steps, what
//! leads to it, and the targets that do not exist.

use super::{Kind, Link, Map, Mark};
use crate::graph::{BookGraph, Edge, Node};
use crate::ir::{Book, ParagraphBody};
use petgraph::graph::NodeIndex;
use std::collections::HashMap;

/// The nodes `depth` steps from `from` (following the book), the nodes one
/// step before them, and the edges between; red nodes for targets that do
/// not exist, grey for what no entry point reaches.
pub fn neighbourhood(book: &Book, graph: &BookGraph, from: &[NodeIndex], depth: usize) -> Map {
    let mut dist: HashMap<NodeIndex, usize> = from.iter().map(|&n| (n, 0)).collect();
    let mut order: Vec<NodeIndex> = from.to_vec();
    let mut i = 0;
    while i < order.len() {
        let n = order[i];
        i += 1;
        let d = dist[&n];
        if d == depth {
            continue;
        }
        for (to, _) in real_out(graph, n) {
            if let std::collections::hash_map::Entry::Vacant(v) = dist.entry(to) {
                v.insert(d + 1);
                order.push(to);
            }
        }
    }
    let before: Vec<NodeIndex> = from
        .iter()
        .flat_map(|&n| graph.in_edges(n).into_iter().map(|(m, _)| m))
        .collect();
    for n in before {
        dist.entry(n).or_insert_with(|| {
            order.push(n);
            depth
        });
    }
    let title = from
        .first()
        .map_or_else(String::new, |&n| describe(book, graph.graph[n]).1);
    let steps = if depth == 1 { "step" } else { "steps" };
    let mut map = Map::new(format!("{title}, {depth} {steps} around"));
    let reach = graph.reachable();
    let mut at: HashMap<NodeIndex, usize> = HashMap::new();
    for &n in &order {
        let (key, label, kind, span) = describe_full(book, graph.graph[n]);
        let i = map.node(key, kind, label, span);
        if !reach[n.index()] {
            map.nodes[i].mark = Mark::Unreachable;
        }
        at.insert(n, i);
    }
    for &n in &order {
        for (t, _) in real_out(graph, n) {
            if let Some(&to) = at.get(&t) {
                let link = classify(book, graph, graph.graph[n], t);
                map.edge(at[&n], to, link);
            }
        }
        if dist[&n] < depth {
            missing(book, graph, graph.graph[n], at[&n], &mut map);
        }
    }
    map
}

/// The real edges out of `n`, a matrix's node read through.
fn real_out(graph: &BookGraph, n: NodeIndex) -> impl Iterator<Item = (NodeIndex, Edge)> {
    (graph.out_edges(n).into_iter()).filter(|&(_, w)| w == Edge::Real)
}

/// How an edge from `from` to `to` sends the reader.
fn classify(book: &Book, graph: &BookGraph, from: Node, to: NodeIndex) -> Link {
    match (from, graph.graph[to]) {
        (Node::Cell(m, r, c), Node::Paragraph(i)) => {
            let cell = book.matrices[m].rows[r].cells[c]
                .as_ref()
                .map_or(0, |c| c.value);
            let d = i64::from(book.paragraphs[i].number) - i64::from(cell);
            Link::Destiny(i8::try_from(d).unwrap_or(0))
        }
        (Node::Row(..), Node::Cell(..)) => Link::Reaction,
        (Node::ChartEntry(..), _) | (Node::Paragraph(_), Node::ChartEntry(..)) => Link::Chart,
        (Node::Paragraph(i), _) => {
            let intro = match &book.paragraphs[i].body {
                ParagraphBody::Result { intro, .. } => intro.refs.as_slice(),
                ParagraphBody::Chart(_) => &[],
            };
            let jump = intro.iter().any(|r| {
                graph
                    .resolve(book, &r.target)
                    .is_some_and(|t| t.contains(&to))
            });
            if jump { Link::Jump } else { Link::Branch }
        }
        _ => Link::Start,
    }
}

/// Red nodes for what a paragraph or cell names and the book lacks; a cell
/// missing a neighbour is marked.
fn missing(book: &Book, graph: &BookGraph, n: Node, i: usize, map: &mut Map) {
    match n {
        Node::Paragraph(p) => {
            let para = &book.paragraphs[p];
            for (k, node) in para.nodes().enumerate() {
                for r in &node.refs {
                    if graph.resolve(book, &r.target).is_none() {
                        let to = map.node(
                            format!("missing-{}", r.target),
                            Kind::Missing,
                            format!("{} (missing)", r.target),
                            Some(r.span),
                        );
                        map.edge(i, to, if k == 0 { Link::Jump } else { Link::Branch });
                    }
                }
            }
        }
        Node::Cell(m, r, c) => {
            let Some(cell) = &book.matrices[m].rows[r].cells[c] else {
                return;
            };
            let n = cell.value;
            for (t, d) in [(n.checked_sub(1), -1), (Some(n), 0), (n.checked_add(1), 1)] {
                let Some(t) = t else { continue };
                if graph.paragraphs.contains_key(&t) || book.pending.contains_key(&t) {
                    continue;
                }
                // The gap is the finding to fix: it outranks grey.
                map.nodes[i].mark = Mark::Gap;
                let to = map.node(
                    format!("missing-@{t}"),
                    Kind::Missing,
                    format!("@{t} (missing)"),
                    Some(cell.span),
                );
                map.edge(i, to, Link::Destiny(d));
            }
        }
        _ => {}
    }
}

/// A node's key and label.
pub(super) fn describe(book: &Book, n: Node) -> (String, String) {
    let (key, label, _, _) = describe_full(book, n);
    (key, label)
}

/// A node's key, label, kind and span.
pub(super) fn describe_full(
    book: &Book,
    n: Node,
) -> (String, String, Kind, Option<crate::span::Span>) {
    let cards = &book.cards;
    match n {
        Node::CharacterCard(i) => (
            format!("card-{i}"),
            format!("card: {}", cards.character[i].name.value),
            Kind::Card,
            Some(cards.character[i].name.span),
        ),
        Node::TerrainCard(i) => (
            format!("terrain-{i}"),
            format!("terrain card: {}", cards.terrain[i].name.value),
            Kind::Card,
            Some(cards.terrain[i].name.span),
        ),
        Node::CityCard(i) => (
            format!("city-{i}"),
            format!("city card: {}", cards.city[i].city.value),
            Kind::Card,
            Some(cards.city[i].city.span),
        ),
        Node::CityResult(i, j) => (
            format!("city-{i}-{}", j + 1),
            format!("{}: result {}", cards.city[i].city.value, j + 1),
            Kind::Card,
            Some(cards.city[i].span),
        ),
        Node::Place(i) => {
            let p = &book.manifest.world.places[i];
            let name = p.name.as_ref().map_or(&p.id.value, |n| &n.value);
            (
                format!("place-{}", p.id.value),
                format!("place: {name}"),
                Kind::Place,
                Some(p.span),
            )
        }
        Node::Quest(i) => {
            let q = &book.quests[i];
            (
                format!("quest-{i}"),
                format!("quest: {}", q.name.value),
                Kind::Card,
                Some(q.name.span),
            )
        }
        Node::Status(i) => {
            let e = &book.glossary.entries[i];
            (
                format!("status-{}", e.id.value),
                format!("status: {}", e.name.value),
                Kind::Status,
                Some(e.name.span),
            )
        }
        Node::Paragraph(i) => {
            let p = &book.paragraphs[i];
            let (kind, label) = if p.is_chart() {
                (Kind::Chart, format!("chart {}", p.number))
            } else {
                (Kind::Paragraph, format!("¶ {}", p.number))
            };
            (format!("p{}", p.number), label, kind, Some(p.header))
        }
        Node::ChartEntry(i, j) => chart_entry(book, i, j),
        Node::Row(m, r) => row(book, m, r),
        Node::Matrix(m) => matrix(book, m),
        Node::Cell(m, r, c) => cell(book, m, r, c),
    }
}

/// A matrix row's key, label, kind and span.
fn row(book: &Book, m: usize, r: usize) -> (String, String, Kind, Option<crate::span::Span>) {
    let (matrix, row) = (&book.matrices[m], &book.matrices[m].rows[r]);
    (
        format!("row-{}-{}", matrix.letter.value, row.name.value),
        format!("{}: {}", matrix.letter.value, row.name.value),
        Kind::Row,
        Some(row.span),
    )
}

/// A matrix's key, label, kind and span: never drawn (its edges are drawn
/// from what references it), but named as the overview names a matrix.
fn matrix(book: &Book, m: usize) -> (String, String, Kind, Option<crate::span::Span>) {
    let matrix = &book.matrices[m];
    (
        format!("matrix-{}", matrix.letter.value),
        format!("matrix {}", matrix.letter.value),
        Kind::Matrix,
        Some(matrix.span),
    )
}

/// A matrix cell's key, label (its reaction and number), kind and span.
fn cell(
    book: &Book,
    m: usize,
    r: usize,
    c: usize,
) -> (String, String, Kind, Option<crate::span::Span>) {
    let (matrix, row) = (&book.matrices[m], &book.matrices[m].rows[r]);
    let reaction = matrix.reactions.get(c).map_or("?", |x| x.value.as_str());
    let (n, span) = row.cells[c]
        .as_ref()
        .map_or((0, None), |x| (x.value, Some(x.span)));
    (
        format!("cell-{}-{}-{reaction}", matrix.letter.value, row.name.value),
        format!("{reaction} {n}"),
        Kind::Cell,
        span,
    )
}

/// A chart entry's key, label (its range and where it leads), kind and span.
fn chart_entry(
    book: &Book,
    i: usize,
    j: usize,
) -> (String, String, Kind, Option<crate::span::Span>) {
    let p = &book.paragraphs[i];
    let entry = match &p.body {
        ParagraphBody::Chart(chart) => chart.entries.get(j),
        ParagraphBody::Result { .. } => None,
    };
    let Some(e) = entry else {
        return (
            format!("entry-{}-{}", p.number, j + 1),
            format!("entry {}", j + 1),
            Kind::ChartEntry,
            None,
        );
    };
    let range = if e.lo == e.hi {
        e.lo.to_string()
    } else {
        format!("{}-{}", e.lo, e.hi)
    };
    let to = match &e.target {
        crate::ir::ChartTarget::Row { matrix, row } => {
            format!("{} ({})", row.value, matrix.value)
        }
        crate::ir::ChartTarget::Paragraph(r) => r.target.to_string(),
        crate::ir::ChartTarget::None => String::from("?"),
    };
    (
        format!("entry-{}-{}", p.number, j + 1),
        format!("{range}: {to}"),
        Kind::ChartEntry,
        Some(e.span),
    )
}
