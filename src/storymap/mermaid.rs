//! The map as a Mermaid flowchart, which GitHub draws in a pull request's
//! comment.

use super::{Kind, Link, Map, Mark};
use std::fmt::Write as _;

/// A label inside `["..."]`: Mermaid's entity codes for what would end it.
fn label(s: &str) -> String {
    s.replace('&', "#amp;")
        .replace('"', "#quot;")
        .replace('<', "#lt;")
        .replace('>', "#gt;")
}

pub fn write(map: &Map) -> String {
    let mut s = format!("---\ntitle: \"{}\"\n---\nflowchart LR\n", label(&map.title));
    for (i, n) in map.nodes.iter().enumerate() {
        let (open, close) = match n.kind {
            Kind::Card | Kind::Place | Kind::Status => ("([", "])"),
            Kind::Sea => ("[/", "/]"),
            Kind::Chart | Kind::Matrix => ("[[", "]]"),
            Kind::Missing => ("{{", "}}"),
            _ => ("[", "]"),
        };
        let _ = writeln!(s, "  n{i}{open}\"{}\"{close}", label(&n.label));
    }
    for e in &map.edges {
        let arrow = match e.link {
            Link::Land => "---",
            Link::Sea => "-.-",
            Link::Branch | Link::Contains | Link::Exit => "-.->",
            Link::Destiny(d) if d != 0 => "-.->",
            _ => "-->",
        };
        let text = e.link.label();
        if text.is_empty() {
            let _ = writeln!(s, "  n{} {arrow} n{}", e.from, e.to);
        } else {
            let _ = writeln!(s, "  n{} {arrow}|\"{}\"| n{}", e.from, label(text), e.to);
        }
    }
    for (link, style) in [
        (Link::Land, "stroke:#6d4c2f,stroke-width:2px"),
        (Link::Sea, "stroke:#0277bd,stroke-width:2px"),
    ] {
        let ids: Vec<String> = (map.edges.iter().enumerate())
            .filter(|(_, e)| e.link == link)
            .map(|(i, _)| i.to_string())
            .collect();
        if !ids.is_empty() {
            let _ = writeln!(s, "  linkStyle {} {style}", ids.join(","));
        }
    }
    s.push_str("  classDef missing fill:#f8d7da,stroke:#c8372d,color:#7a1c14\n");
    s.push_str("  classDef unreachable fill:#e4e4e4,stroke:#9a9a9a,color:#666666\n");
    s.push_str("  classDef gap fill:#ffe0b2,stroke:#e07b00,stroke-width:2px\n");
    for (class, mark) in [
        ("missing", Mark::Missing),
        ("unreachable", Mark::Unreachable),
        ("gap", Mark::Gap),
    ] {
        let ids: Vec<String> = (map.nodes.iter().enumerate())
            .filter(|(_, n)| n.mark == mark)
            .map(|(i, _)| format!("n{i}"))
            .collect();
        if !ids.is_empty() {
            let _ = writeln!(s, "  class {} {class}", ids.join(","));
        }
    }
    s
}
