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
        files += c.book.sources.len();
    }
    let out = json!({
        "diagnostics": diagnostics,
        "summary": {"errors": errors, "warnings": warnings, "paragraphs": paragraphs, "files": files},
    });
    let mut s = serde_json::to_string_pretty(&out).expect("json values serialize");
    s.push('\n');
    s
}
