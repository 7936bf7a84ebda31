//! Baselines, for adopting `tales` on a book that already has findings:
//! `tales check --write-baseline FILE` records today's findings, and
//! `--baseline FILE` shows only the new ones. A finding is matched by its
//! code, its file and the text at its span (white space folded), not by
//! line, so edits elsewhere in the file keep the match; the same finding
//! several times is matched as many times. Findings the baseline hides are
//! counted in the summary, and those it names that are gone are counted as
//! fixed (write the baseline again to drop them).
//!
//! A finding that names a run of paragraphs (`paragraphs 300 and 301 are
//! unreachable`) is matched by the run too: its span is the first header,
//! and the run may have grown by a new defect that must not be hidden. Such
//! a finding is shown, saying which paragraphs are new since the baseline.
//! A baseline written before runs were recorded matches a run of one
//! paragraph only.

use super::Checked;
use serde_json::{Value, json};
use std::collections::HashMap;

/// A finding's key: code, file, the text at its span, the run of
/// paragraphs it names.
type Key = (String, String, String, Option<(u32, u32)>);

fn key(c: &Checked, d: &crate::diagnostic::Diagnostic) -> Key {
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
    (d.code.to_owned(), file, text, d.run)
}

/// The baseline of some checked books, as JSON text.
pub fn write(checked: &[Checked]) -> String {
    let mut counts: HashMap<Key, usize> = HashMap::new();
    for c in checked {
        for d in &c.diagnostics {
            *counts.entry(key(c, d)).or_default() += 1;
        }
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort();
    let findings: Vec<Value> = rows
        .into_iter()
        .map(|((code, file, text, run), count)| {
            let mut row = json!({"code": code, "file": file, "text": text, "count": count});
            if let Some((first, last)) = run {
                row["paragraphs"] = json!([first, last]);
            }
            row
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&json!({"tales-baseline": 1, "findings": findings}))
        .unwrap_or_default();
    out.push('\n');
    out
}

/// What a baseline records of one code, file and text: how many of each
/// run of paragraphs (`None`: the finding names no run, or the baseline
/// did not record it) are left to match.
type Left = HashMap<(String, String, String), Vec<(Option<(u32, u32)>, usize)>>;

/// The rows of a baseline.
fn rows(text: &str) -> Result<Left, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let rows = v
        .get("findings")
        .and_then(Value::as_array)
        .ok_or("no `findings` list: write it with `tales check --write-baseline FILE`")?;
    let mut left = Left::new();
    for r in rows {
        let field = |k: &str| {
            r.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let number = |i: usize| {
            r.get("paragraphs")
                .and_then(|p| p.get(i))
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
        };
        let run = number(0).zip(number(1));
        let count = r.get("count").and_then(Value::as_u64).unwrap_or(1);
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let runs = left
            .entry((field("code"), field("file"), field("text")))
            .or_default();
        match runs.iter_mut().find(|(r, _)| *r == run) {
            Some((_, n)) => *n = n.saturating_add(count),
            None => runs.push((run, count)),
        }
    }
    Ok(left)
}

/// Whether the baseline records the finding of key `k` (and if so, one of
/// it is taken): the same run, or a longer one (a paragraph of it reached
/// since); a run of one paragraph also matches a row of a baseline that
/// did not record runs.
fn recorded(left: &mut Left, k: &Key) -> bool {
    let Some(runs) = left.get_mut(&(k.0.clone(), k.1.clone(), k.2.clone())) else {
        return false;
    };
    let covers = |r: Option<(u32, u32)>| match (r, k.3) {
        (Some((x, y)), Some((a, b))) => x <= a && b <= y,
        (None, Some((a, b))) => a == b,
        (r, run) => r == run,
    };
    let exact = runs.iter().position(|&(r, n)| n > 0 && r == k.3);
    match exact.or_else(|| runs.iter().position(|&(r, n)| n > 0 && covers(r))) {
        Some(i) => {
            runs[i].1 -= 1;
            true
        }
        None => false,
    }
}

/// Hide what a baseline records; returns (hidden, fixed since).
///
/// # Errors
/// When the baseline is not one `--write-baseline` wrote.
pub fn apply(text: &str, checked: &mut [Checked]) -> Result<(usize, usize), String> {
    let mut left = rows(text)?;
    let mut hidden = 0;
    for c in checked.iter_mut() {
        let before = hidden;
        let keys: Vec<_> = c.diagnostics.iter().map(|d| key(c, d)).collect();
        let mut shown = Vec::with_capacity(keys.len());
        for (mut d, k) in std::mem::take(&mut c.diagnostics).into_iter().zip(&keys) {
            if recorded(&mut left, k) {
                hidden += 1;
            } else {
                grown(&mut left, k, &mut d);
                shown.push(d);
            }
        }
        c.diagnostics = shown;
        c.held_back.baseline = hidden - before;
    }
    let fixed = left
        .values()
        .flatten()
        .fold(0usize, |a, &(_, n)| a.saturating_add(n));
    for c in checked.iter_mut() {
        c.held_back.baseline_fixed = fixed;
    }
    Ok((hidden, fixed))
}

/// A run of paragraphs the baseline records part of (`300` of `300 and
/// 301`): the finding is shown, saying which paragraphs are new, and the
/// row it grew from is not counted as fixed.
fn grown(left: &mut Left, k: &Key, d: &mut crate::diagnostic::Diagnostic) {
    let Some((a, b)) = k.3 else {
        return;
    };
    let Some(runs) = left.get_mut(&(k.0.clone(), k.1.clone(), k.2.clone())) else {
        return;
    };
    let Some((run, n)) = runs
        .iter_mut()
        .find(|(r, n)| *n > 0 && r.is_none_or(|(x, y)| x <= b && a <= y))
    else {
        return;
    };
    *n -= 1;
    // A baseline that did not record runs does not say which are new.
    let Some((x, y)) = *run else {
        return;
    };
    let new: Vec<String> = [(a, x.saturating_sub(1)), (y.saturating_add(1), b)]
        .into_iter()
        .filter(|&(from, to)| from <= to && (from < x || from > y))
        .map(|(from, to)| match to - from {
            0 => from.to_string(),
            1 => format!("{from} and {to}"),
            _ => format!("{from} to {to}"),
        })
        .collect();
    let verb = if new.len() == 1 && !new[0].contains(' ') {
        "is"
    } else {
        "are"
    };
    if !new.is_empty() {
        d.message = format!(
            "{} ({} {verb} new since the baseline)",
            d.message,
            new.join(" and ")
        );
    }
}
