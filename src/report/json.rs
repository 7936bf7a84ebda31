//! `--format json`.

use super::{Checked, position};
use serde_json::{Value, json};

pub(super) fn render(checked: &[Checked]) -> String {
    let many = checked.len() > 1;
    let mut diagnostics = Vec::new();
    let (mut errors, mut warnings, mut paragraphs, mut files) = (0, 0, 0, 0);
    for c in checked {
        for d in &c.diagnostics {
            let p = position(&c.book, d.primary.span);
            let mut o = json!({
                "code": d.code,
                "severity": d.severity.as_str(),
                "file": p.file,
                "line": p.line,
                "column": p.column,
                "end_line": p.end_line,
                "end_column": p.end_column,
                "message": d.message,
                "help": d.help,
            });
            if many {
                o["book"] = Value::String(c.display.clone());
            }
            diagnostics.push(o);
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
            }))
        })
        .collect();
    if l10n.len() == 1 {
        summary["l10n"] = l10n.into_iter().next().expect("one");
    } else if !l10n.is_empty() {
        summary["l10n"] = Value::Array(l10n);
    }
    let out = json!({
        "diagnostics": diagnostics,
        "summary": summary,
    });
    let mut s = serde_json::to_string_pretty(&out).expect("json values serialize");
    s.push('\n');
    s
}
