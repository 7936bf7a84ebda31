//! A reference to a whole matrix is one edge, to the matrix's node, which
//! has one edge to each row: references plus rows, not their product.

use super::{BookGraph, Edge, Node, build};
use crate::ir::Book;
use petgraph::graph::NodeIndex;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The spec example with some of its files' text replaced: (file, what
/// it writes, what to write instead).
fn book(edits: &[(&str, &str, &str)]) -> Book {
    let root: PathBuf = Path::new("tests/fixtures/spec-example")
        .canonicalize()
        .unwrap();
    let mut overlays = crate::load::Overlays::new();
    for &(file, old, new) in edits {
        let path = root.join(file);
        let text = match overlays.get(&path) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(&path).unwrap(),
        };
        assert!(text.contains(old), "{file} writes no {old:?}");
        overlays.insert(path, text.replacen(old, new, 1).into());
    }
    crate::load::load_book_with(&root, &overlays).0
}

fn matrix_nodes(g: &BookGraph) -> Vec<NodeIndex> {
    (g.graph.node_indices())
        .filter(|&n| matches!(g.graph[n], Node::Matrix(_)))
        .collect()
}

fn status(book: &Book, g: &BookGraph, id: &str) -> NodeIndex {
    let i = (book.glossary.entries.iter())
        .position(|e| e.id.value == id)
        .unwrap();
    (g.graph.node_indices())
        .find(|&n| g.graph[n] == Node::Status(i))
        .unwrap()
}

#[test]
fn a_matrix_referenced_whole_n_times_is_n_edges_and_one_a_row() {
    const IMPRISONED: &str = "  imprisoned: {name: Imprisoned, encounters: \"@K\"}\n";
    let n = 40;
    let mut more = String::new();
    for i in 0..n {
        writeln!(more, "  lost-{i}: {{name: Lost {i}, encounters: \"@F\"}}").unwrap();
    }
    let base = book(&[]);
    let book = book(&[("glossary.yaml", IMPRISONED, &format!("{IMPRISONED}{more}"))]);
    let f = book.matrix_position("F").unwrap();
    let rows = book.matrices[f].rows.len();
    assert_eq!(rows, 2);
    let (g0, g) = (build(&base), build(&book));
    // Each status is a node of its own; its `@F` one edge, and F's node
    // one edge a row.
    assert_eq!(g.graph.node_count(), g0.graph.node_count() + n + 1);
    assert_eq!(g.graph.edge_count(), g0.graph.edge_count() + n + rows);
    let hub = g.matrices[f].unwrap();
    assert_eq!(matrix_nodes(&g).len(), 2, "F's node and K's");
    assert_eq!(g.graph.neighbors(hub).count(), rows);
    let into = g
        .graph
        .neighbors_directed(hub, petgraph::Direction::Incoming);
    assert_eq!(into.count(), n);
    // A reader following a status still goes to each row, by a real edge.
    let lost = status(&book, &g, "lost-7");
    let to: Vec<(NodeIndex, Edge)> = g.out_edges(lost);
    assert_eq!(
        to,
        [(g.rows[&(f, 1)], Edge::Real), (g.rows[&(f, 0)], Edge::Real)]
    );
    // Into a row: what names it (the terrain card's `@F:Terrible` among
    // them), and each status, newest first.
    let row = g.rows[&(f, 0)];
    let from: Vec<NodeIndex> = g.in_edges(row).into_iter().map(|e| e.0).collect();
    let named = g
        .graph
        .neighbors_directed(row, petgraph::Direction::Incoming);
    assert_eq!(from.len(), named.count() - 1 + n);
    let card = (g.graph.node_indices())
        .find(|&n| g.graph[n] == Node::TerrainCard(0))
        .unwrap();
    assert!(from.contains(&card));
    let statuses: Vec<NodeIndex> = (from.iter().copied())
        .filter(|&m| matches!(g.graph[m], Node::Status(_)))
        .collect();
    let mut want: Vec<NodeIndex> = (0..n)
        .map(|i| status(&book, &g, &format!("lost-{i}")))
        .collect();
    want.reverse();
    assert_eq!(statuses, want);
    assert!((0..rows).all(|r| g.is_used(g.rows[&(f, r)])));
}

#[test]
fn rows_reached_only_through_a_fixed_whole_matrix_are_counted_in_its_help() {
    let book = book(&[
        ("glossary.yaml", "encounters: \"@K\"", "encounters: \"@J\""),
        (
            "matrices.yaml",
            "    Evil: [61, 64]\n",
            "    Evil: [61, 64]\n    Cruel: [61, 64]\n",
        ),
    ]);
    let g = build(&book);
    let k = book.matrix_position("K").unwrap();
    let hub = g.matrices[k].expect("the fix's edge goes to K's node");
    let into: Vec<Edge> = (g.graph)
        .edges_directed(hub, petgraph::Direction::Incoming)
        .map(|e| *e.weight())
        .collect();
    assert_eq!(into, [Edge::Fix]);
    let (real, fixed) = (g.reach(false), g.reach(true));
    for r in 0..2 {
        let row = g.rows[&(k, r)];
        assert!(!real[row.index()] && fixed[row.index()]);
        // Used (no `unused-matrix-row`): its one finding is the `@J`.
        assert!(g.is_used(row));
        assert_eq!(g.in_edges(row).len(), 1);
    }
    let found: Vec<_> = (g.dangling.iter())
        .map(|d| (d.message.as_str(), d.help.as_deref()))
        .collect();
    assert_eq!(
        found,
        [(
            "matrix J does not exist",
            Some("did you mean `@K`? (6 paragraphs and 2 matrix rows are reached only through it)")
        )]
    );
}
