//! The map as SVG, laid out in Rust (no Graphviz): boxes in layers left to
//! right ([`super::layout`]), curved edges coloured by kind, the legend
//! below. Text is escaped; the file parses as XML.

// Geometry: counts of characters and nodes into pixels.
#![allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]

use super::dot::{colours, stroke};
use super::layout::{Layout, layout};
use super::{Map, Mark};
use crate::text::escape_xml as esc;
use std::fmt::Write as _;

const ROW: f64 = 34.0;
const BOX: f64 = 24.0;
const GAP: f64 = 70.0;
const MARGIN: f64 = 20.0;

/// A box's width for its label (12px text, about 7px a character).
fn width(label: &str) -> f64 {
    label.chars().count() as f64 * 7.0 + 18.0
}

/// Each node's top-left corner and width.
fn boxes(map: &Map, l: &Layout) -> Vec<(f64, f64, f64)> {
    let mut x = MARGIN;
    let mut out = vec![(0.0, 0.0, 0.0); map.nodes.len()];
    for layer in &l.layers {
        let w = layer
            .iter()
            .map(|&v| width(&map.nodes[v].label))
            .fold(0.0, f64::max);
        for &v in layer {
            let y = MARGIN + 30.0 + l.rank[v] as f64 * ROW;
            out[v] = (x, y, width(&map.nodes[v].label));
        }
        x += w + GAP;
    }
    out
}

/// The map as one SVG file: its title, the edges, the boxes and the legend.
pub fn write(map: &Map) -> String {
    let l = layout(map);
    let b = boxes(map, &l);
    let tall = l.layers.iter().map(Vec::len).max().unwrap_or(0) as f64;
    let wide = b.iter().map(|(x, _, w)| x + w).fold(300.0, f64::max) + MARGIN;
    let legend_top = MARGIN + 30.0 + tall * ROW + 20.0;
    let high = legend_top + map.legend.len() as f64 * 18.0 + MARGIN;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{wide:.0}\" height=\"{high:.0}\" viewBox=\"0 0 {wide:.0} {high:.0}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n<text x=\"{MARGIN}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>\n",
        esc(&map.title),
        MARGIN + 8.0,
        esc(&map.title)
    );
    s.push_str(&markers());
    edges(&mut s, map, &l, &b);
    nodes(&mut s, map, &b);
    for (k, (what, means)) in map.legend.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{MARGIN}\" y=\"{:.1}\" fill=\"#444444\"><tspan font-weight=\"bold\">{}</tspan>: {}</text>",
            legend_top + 14.0 + k as f64 * 18.0,
            esc(what),
            esc(means)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Each edge a curve from its box to the next (back edges loop above),
/// dashed or dotted and with an arrowhead by its kind, labelled.
fn edges(s: &mut String, map: &Map, l: &Layout, b: &[(f64, f64, f64)]) {
    for (e, edge) in map.edges.iter().enumerate() {
        let (colour, style) = stroke(edge.link);
        let (fx, fy, fw) = b[edge.from];
        let (tx, ty, _) = b[edge.to];
        let (x1, y1, x2, y2) = (fx + fw, fy + BOX / 2.0, tx, ty + BOX / 2.0);
        let path = if l.back[e] || x2 <= x1 {
            // Back (or same-layer) edges loop above the boxes.
            let top = fy.min(ty) - 14.0;
            format!(
                "M{x1:.1},{y1:.1} C{:.1},{top:.1} {:.1},{top:.1} {x2:.1},{y2:.1}",
                x1 + 40.0,
                x2 - 40.0
            )
        } else {
            let mid = f64::midpoint(x1, x2);
            format!("M{x1:.1},{y1:.1} C{mid:.1},{y1:.1} {mid:.1},{y2:.1} {x2:.1},{y2:.1}")
        };
        let dash = match style {
            "dashed" => " stroke-dasharray=\"6 4\"",
            "dotted" => " stroke-dasharray=\"2 3\"",
            _ => "",
        };
        let (width, arrow) = if edge.link.both_ways() {
            ("2.2", String::new())
        } else {
            ("1.3", format!(" marker-end=\"url(#a{})\"", &colour[1..]))
        };
        let _ = writeln!(
            s,
            "<path d=\"{path}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\"{dash}{arrow}><title>{}</title></path>",
            edge.link.as_str()
        );
        let label = edge.link.label();
        if !label.is_empty() {
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"{colour}\">{}</text>",
                x2 - 22.0,
                y2 - 4.0,
                esc(label)
            );
        }
    }
}

/// Each node a box in its colours, its key and mark as its title.
fn nodes(s: &mut String, map: &Map, b: &[(f64, f64, f64)]) {
    for (i, n) in map.nodes.iter().enumerate() {
        let (fill, border) = colours(n.kind, n.mark);
        let (x, y, w) = b[i];
        let width = if n.mark == Mark::Gap { 2.5 } else { 1.0 };
        let ink = if n.mark == Mark::Unreachable {
            "#666666"
        } else {
            "#1d2330"
        };
        let _ = writeln!(
            s,
            "<g><title>{} ({})</title><rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{BOX}\" rx=\"5\" fill=\"{fill}\" stroke=\"{border}\" stroke-width=\"{width}\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{ink}\">{}</text></g>",
            esc(&n.key),
            n.mark.as_str(),
            x + 9.0,
            y + 16.0,
            esc(&n.label)
        );
    }
}

/// Arrowheads, one per edge colour.
fn markers() -> String {
    let mut s = String::from("<defs>");
    for colour in ["555555", "2e7d6b", "b26a00", "2f6fbf", "222222", "999999"] {
        let _ = write!(
            s,
            "<marker id=\"a{colour}\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#{colour}\"/></marker>"
        );
    }
    s.push_str("</defs>\n");
    s
}
