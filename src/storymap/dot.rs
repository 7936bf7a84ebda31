//! The map as Graphviz DOT (`dot -Tsvg`), left to right, with a legend.

use super::{Kind, Link, Map, Mark};
use std::fmt::Write as _;

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Fill and border of a node by its kind and mark. A kind has its colour
/// (blue entry points, green charts, purple matrices, white paragraphs) and
/// a defect its own (red missing, grey unreachable, orange a cell with a
/// missing neighbour): no kind is drawn in a defect's colour.
pub(super) fn colours(kind: Kind, mark: Mark) -> (&'static str, &'static str) {
    match (mark, kind) {
        (Mark::Missing, _) | (_, Kind::Missing) => ("#f8d7da", "#c8372d"),
        (Mark::Unreachable, _) => ("#e4e4e4", "#9a9a9a"),
        (Mark::Gap, _) => ("#ffe0b2", "#e07b00"),
        (_, Kind::Card | Kind::Place | Kind::Status) => ("#e8f0fe", "#2f6fbf"),
        (_, Kind::Chart | Kind::ChartEntry) => ("#e0f2f1", "#2e7d6b"),
        (_, Kind::Matrix | Kind::Row | Kind::Cell) => ("#f3e8fd", "#7b3fb0"),
        (_, Kind::Paragraph) => ("#ffffff", "#444444"),
        (_, Kind::Space) => ("#eef6e4", "#4f7a28"),
        (_, Kind::Sea) => ("#e0f4f4", "#00838f"),
    }
}

/// Colour and style of an edge by its kind.
pub(super) fn stroke(link: Link) -> (&'static str, &'static str) {
    match link {
        Link::Start => ("#555555", "solid"),
        Link::Chart => ("#2e7d6b", "solid"),
        Link::Reaction => ("#7b3fb0", "solid"),
        Link::Destiny(0) => ("#2f6fbf", "solid"),
        Link::Destiny(_) => ("#2f6fbf", "dashed"),
        Link::Jump => ("#222222", "solid"),
        Link::Branch => ("#222222", "dotted"),
        Link::Contains => ("#999999", "dotted"),
        Link::Land => ("#6d4c2f", "solid"),
        Link::Sea => ("#0277bd", "dashed"),
        Link::Exit => ("#555555", "dotted"),
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
        let dir = if e.link.both_ways() { ", dir=none" } else { "" };
        let _ = writeln!(
            s,
            "  n{} -> n{} [color=\"{colour}\", style={style}{label}{dir}];",
            e.from, e.to
        );
    }
    s.push_str(
        "  subgraph cluster_legend {\n    label=\"legend\"; fontname=\"Helvetica\"; fontsize=10;\n",
    );
    let items: Vec<String> = map
        .legend
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

#[cfg(test)]
mod tests {
    use super::{Kind, Mark, colours};

    /// The hue of `#rrggbb` in degrees, `None` for a grey.
    fn hue(hex: &str) -> Option<f64> {
        let c = |i: usize| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        let (r, g, b) = (c(1), c(3), c(5));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        if max - min < 0.15 {
            return None;
        }
        let d = max - min;
        let h = if (max - r).abs() < f64::EPSILON {
            ((g - b) / d).rem_euclid(6.0)
        } else if (max - g).abs() < f64::EPSILON {
            (b - r) / d + 2.0
        } else {
            (r - g) / d + 4.0
        };
        Some(h * 60.0)
    }

    /// A matrix is never drawn in the orange of a cell with a missing
    /// neighbour (nor any kind in any defect's colour): a defect stands out.
    #[test]
    fn no_kind_is_drawn_in_a_defect_s_colour() {
        let kinds = [
            Kind::Card,
            Kind::Place,
            Kind::Status,
            Kind::Chart,
            Kind::ChartEntry,
            Kind::Matrix,
            Kind::Row,
            Kind::Cell,
            Kind::Paragraph,
            Kind::Space,
            Kind::Sea,
        ];
        for kind in kinds {
            let (fill, border) = colours(kind, Mark::None);
            for mark in [Mark::Missing, Mark::Unreachable, Mark::Gap] {
                let (defect_fill, defect_border) = colours(kind, mark);
                assert_ne!(fill, defect_fill, "{kind:?} and {mark:?}");
                if let (Some(a), Some(b)) = (hue(border), hue(defect_border)) {
                    let apart = (a - b).abs().min(360.0 - (a - b).abs());
                    assert!(
                        apart > 40.0,
                        "{kind:?} ({border}) looks like {mark:?} ({defect_border})"
                    );
                }
            }
        }
    }
}
