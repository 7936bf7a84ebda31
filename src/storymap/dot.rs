//! The map as Graphviz DOT (`dot -Tsvg`), left to right, with a legend.

use super::{Kind, LEGEND, Link, Map, Mark};
use std::fmt::Write as _;

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Fill and border of a node by its kind and mark.
pub(super) fn colours(kind: Kind, mark: Mark) -> (&'static str, &'static str) {
    match (mark, kind) {
        (Mark::Missing, _) | (_, Kind::Missing) => ("#f8d7da", "#c8372d"),
        (Mark::Unreachable, _) => ("#e4e4e4", "#9a9a9a"),
        (Mark::Gap, _) => ("#fff8e1", "#e07b00"),
        (_, Kind::Card | Kind::Place | Kind::Status) => ("#e8f0fe", "#2f6fbf"),
        (_, Kind::Chart | Kind::ChartEntry) => ("#e0f2f1", "#2e7d6b"),
        (_, Kind::Matrix | Kind::Row | Kind::Cell) => ("#fff3e0", "#b26a00"),
        (_, Kind::Paragraph) => ("#ffffff", "#444444"),
    }
}

/// Colour and style of an edge by its kind.
pub(super) fn stroke(link: Link) -> (&'static str, &'static str) {
    match link {
        Link::Start => ("#555555", "solid"),
        Link::Chart => ("#2e7d6b", "solid"),
        Link::Reaction => ("#b26a00", "solid"),
        Link::Destiny(0) => ("#2f6fbf", "solid"),
        Link::Destiny(_) => ("#2f6fbf", "dashed"),
        Link::Jump => ("#222222", "solid"),
        Link::Branch => ("#222222", "dotted"),
        Link::Contains => ("#999999", "dotted"),
    }
}

pub fn write(map: &Map) -> String {
    let mut s = format!(
        "digraph {} {{\n  rankdir=LR;\n  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
        quote(&map.title)
    );
    for (i, n) in map.nodes.iter().enumerate() {
        let (fill, border) = colours(n.kind, n.mark);
        let width = if n.mark == Mark::Gap {
            ", penwidth=2"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  n{i} [label={}, fillcolor=\"{fill}\", color=\"{border}\"{width}, tooltip={}];",
            quote(&n.label),
            quote(&format!("{} ({})", n.key, n.mark.as_str()))
        );
    }
    for e in &map.edges {
        let (colour, style) = stroke(e.link);
        let label = e.link.label();
        let label = if label.is_empty() {
            String::new()
        } else {
            format!(", label={}", quote(label))
        };
        let _ = writeln!(
            s,
            "  n{} -> n{} [color=\"{colour}\", style={style}{label}];",
            e.from, e.to
        );
    }
    s.push_str(
        "  subgraph cluster_legend {\n    label=\"legend\"; fontname=\"Helvetica\"; fontsize=10;\n",
    );
    let items: Vec<String> = LEGEND
        .iter()
        .map(|(what, means)| format!("{what}: {means}"))
        .collect();
    let _ = writeln!(
        s,
        "    legend [shape=note, style=filled, fillcolor=\"#fafafa\", label={}];",
        quote(&items.join("\\l")).replace("\\\\l", "\\l")
    );
    s.push_str("  }\n}\n");
    s
}
