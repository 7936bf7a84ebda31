//! The map as JSON: nodes (with their spans) and edges, for other tools.

use super::Map;
use crate::ir::Book;
use serde_json::{Value, json};

pub fn write(book: &Book, map: &Map) -> String {
    let nodes: Vec<Value> = map
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let at = n.span.map(|sp| {
                let f = book.sources.get(sp.file);
                let (line, column) = f.line_col(sp.start as usize);
                json!({"file": f.name, "line": line, "column": column})
            });
            json!({"id": i, "key": n.key, "label": n.label, "kind": n.kind.as_str(),
                   "mark": n.mark.as_str(), "span": at})
        })
        .collect();
    let edges: Vec<Value> = map
        .edges
        .iter()
        .map(|e| json!({"from": e.from, "to": e.to, "kind": e.link.as_str()}))
        .collect();
    let legend: serde_json::Map<String, Value> = map
        .legend
        .iter()
        .map(|(k, v)| ((*k).to_owned(), json!(v)))
        .collect();
    let v = json!({"title": map.title, "nodes": nodes, "edges": edges, "legend": legend});
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}
