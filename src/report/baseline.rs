//! Baselines, for adopting `tales` on a book that already has findings:
//! `tales check --write-baseline FILE` records today's findings, and
//! `--baseline FILE` shows only the new ones. A finding is matched by its
//! code, its file and the text at its span (white space folded), not by
//! line, so edits elsewhere in the file keep the match; the same finding
//! several times is matched as many times. Findings the baseline hides are
//! counted in the summary, and those it names that are gone are counted as
//! fixed (write the baseline again to drop them).

use super::Checked;
use serde_json::{Value, json};
use std::collections::HashMap;

/// A finding's key: code, file, the text at its span.
fn key(c: &Checked, d: &crate::diagnostic::Diagnostic) -> (String, String, String) {
    let span = d.primary.span;
    let file = c.book.sources.get(span.file).name.clone();
    let text: String = c
        .book
        .sources
        .slice(span)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(200)
        .collect();
    (d.code.to_owned(), file, text)
}

/// The baseline of some checked books, as JSON text.
pub fn write(checked: &[Checked]) -> String {
    let mut counts: HashMap<(String, String, String), usize> = HashMap::new();
    for c in checked {
        for d in &c.diagnostics {
            *counts.entry(key(c, d)).or_default() += 1;
        }
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort();
    let findings: Vec<Value> = rows
        .into_iter()
        .map(|((code, file, text), count)| json!({"code": code, "file": file, "text": text, "count": count}))
        .collect();
    let mut out = serde_json::to_string_pretty(&json!({"tales-baseline": 1, "findings": findings}))
        .unwrap_or_default();
    out.push('\n');
    out
}

/// Hide what a baseline records; returns (hidden, fixed since).
///
/// # Errors
/// When the baseline is not one `--write-baseline` wrote.
pub fn apply(text: &str, checked: &mut [Checked]) -> Result<(usize, usize), String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let rows = v
        .get("findings")
        .and_then(Value::as_array)
        .ok_or("no `findings` list: write it with `tales check --write-baseline FILE`")?;
    let mut left: HashMap<(String, String, String), usize> = HashMap::new();
    for r in rows {
        let field = |k: &str| {
            r.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let count = r.get("count").and_then(Value::as_u64).unwrap_or(1);
        *left
            .entry((field("code"), field("file"), field("text")))
            .or_default() += usize::try_from(count).unwrap_or(usize::MAX);
    }
    let mut hidden = 0;
    for c in checked.iter_mut() {
        let before = hidden;
        let keys: Vec<_> = c.diagnostics.iter().map(|d| key(c, d)).collect();
        let mut keep = keys.iter().map(|k| match left.get_mut(k) {
            Some(n) if *n > 0 => {
                *n -= 1;
                hidden += 1;
                false
            }
            _ => true,
        });
        c.diagnostics.retain(|_| keep.next().unwrap_or(true));
        c.held_back.baseline = hidden - before;
    }
    let fixed = left.values().sum();
    for c in checked.iter_mut() {
        c.held_back.baseline_fixed = fixed;
    }
    Ok((hidden, fixed))
}
