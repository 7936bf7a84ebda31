//! `--format json`.

use super::{Checked, position_with};
use serde::Serialize;
use serde_json::{Value, json};

/// One finding. A typed struct rather than a `Value`: a report of a
/// million findings stays a fraction of the memory.
#[derive(Serialize)]
struct Finding<'a> {
    code: &'a str,
    severity: &'a str,
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: &'a str,
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<&'a str>,
}

/// The whole report.
#[derive(Serialize)]
struct Out<'a> {
    diagnostics: Vec<Finding<'a>>,
    summary: Value,
}

pub(super) fn write(checked: &[Checked], out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let many = checked.len() > 1;
    let mut diagnostics = Vec::new();
    let (mut errors, mut warnings, mut paragraphs, mut files) = (0, 0, 0, 0);
    for c in checked {
        let mut columns = super::Columns::default();
        for d in &c.diagnostics {
            let p = position_with(&c.book, d.primary.span, &mut columns);
            diagnostics.push(Finding {
                code: d.code,
                severity: d.severity.as_str(),
                file: p.file,
                line: p.line,
                column: p.column,
                end_line: p.end_line,
                end_column: p.end_column,
                message: &d.message,
                help: d.help.as_deref(),
                book: many.then_some(c.display.as_str()),
            });
        }
        errors += c.errors();
        warnings += c.warnings();
        paragraphs += c.book.paragraph_count();
        files += c.book.sources.own_len();
    }
    let mut summary =
        json!({"errors": errors, "warnings": warnings, "paragraphs": paragraphs, "files": files});
    let l10n: Vec<Value> = checked
        .iter()
        .filter_map(|c| {
            let l = c.l10n.as_ref()?;
            Some(json!({
                "book": c.display,
                "translated": l.translated,
                "total": l.total,
                "source_words": l.source_words,
                "translation_words": l.translation_words,
                "findings": l.by_code,
                "files": l.files.iter().map(|f| json!({
                    "file": f.file,
                    "translated": f.translated,
                    "total": f.total,
                    "missing": f.missing.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            }))
        })
        .collect();
    let held: Vec<Value> = checked
        .iter()
        .filter(|c| c.held_back.count > 0 || c.held_back.crowded > 0 || c.held_back.baseline > 0 || c.held_back.baseline_fixed > 0)
        .map(|c| json!({"book": c.display, "count": c.held_back.count, "because": c.held_back.because, "crowded": c.held_back.crowded, "baseline": c.held_back.baseline, "baseline_fixed": c.held_back.baseline_fixed}))
        .collect();
    if held.len() == 1 {
        summary["held_back"] = held.into_iter().next().expect("one");
    } else if !held.is_empty() {
        summary["held_back"] = Value::Array(held);
    }
    if l10n.len() == 1 {
        summary["l10n"] = l10n.into_iter().next().expect("one");
    } else if !l10n.is_empty() {
        summary["l10n"] = Value::Array(l10n);
    }
    let report = Out {
        diagnostics,
        summary,
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    out.write_all(b"\n")
}
