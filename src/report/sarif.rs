//! `--format sarif`: SARIF 2.1.0, one run, the lint codes as rules.

use super::{Checked, display_path, position};
use crate::diagnostic::Severity;
use crate::lints::{LINTS, Level};
use serde_json::json;

pub(super) fn render(checked: &[Checked]) -> String {
    let rules: Vec<_> = LINTS
        .iter()
        .map(|l| {
            json!({
                "id": l.code,
                "name": l.code,
                "shortDescription": {"text": l.summary},
                "fullDescription": {"text": l.summary},
                "help": {"text": l.doc, "markdown": l.doc},
                "defaultConfiguration": {"level": match l.level {
                    Level::Deny => "error",
                    Level::Warn => "warning",
                    Level::Allow => "none",
                }},
            })
        })
        .collect();
    let mut results = Vec::new();
    for c in checked {
        for d in &c.diagnostics {
            let p = position(&c.book, d.primary.span);
            let index = LINTS.iter().position(|l| l.code == d.code).unwrap_or(0);
            let mut text = d.message.clone();
            if let Some(h) = &d.help {
                text.push_str(" (help: ");
                text.push_str(h);
                text.push(')');
            }
            results.push(json!({
                "ruleId": d.code,
                "ruleIndex": index,
                "level": if d.severity == Severity::Error { "error" } else { "warning" },
                "message": {"text": text},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": display_path(c, &p.file)},
                        "region": {
                            "startLine": p.line,
                            "startColumn": p.column,
                            "endLine": p.end_line,
                            "endColumn": p.end_column,
                        },
                    },
                }],
            }));
        }
    }
    let out = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "tales",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    });
    let mut s = serde_json::to_string_pretty(&out).expect("json values serialize");
    s.push('\n');
    s
}
