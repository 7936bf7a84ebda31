//! `--format sarif`: SARIF 2.1.0, one run, the lint codes as rules.

use super::{Checked, display_path, position_with};
use crate::diagnostic::Severity;
use crate::lints::{LINTS, Level};
use serde::Serialize;
use serde_json::json;

/// One result, typed (see `json.rs`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Finding {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [Location; 1],
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: Physical,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Physical {
    artifact_location: Artifact,
    region: Region,
}

#[derive(Serialize)]
struct Artifact {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

/// The log: one run.
#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
struct Run {
    tool: serde_json::Value,
    results: Vec<Finding>,
    /// Held-back findings, as tool notifications.
    #[serde(skip_serializing_if = "Option::is_none")]
    invocations: Option<serde_json::Value>,
}

pub(super) fn write(checked: &[Checked], out: &mut dyn std::io::Write) -> std::io::Result<()> {
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
        let mut columns = super::Columns::default();
        for d in &c.diagnostics {
            let p = position_with(&c.book, d.primary.span, &mut columns);
            let index = LINTS.iter().position(|l| l.code == d.code).unwrap_or(0);
            let mut text = d.message.clone();
            if let Some(h) = &d.help {
                text.push_str(" (help: ");
                text.push_str(h);
                text.push(')');
            }
            results.push(Finding {
                rule_id: d.code,
                rule_index: index,
                level: if d.severity == Severity::Error {
                    "error"
                } else {
                    "warning"
                },
                message: Text { text },
                locations: [Location {
                    physical_location: Physical {
                        artifact_location: Artifact {
                            uri: display_path(c, &p.file),
                        },
                        region: Region {
                            start_line: p.line,
                            start_column: p.column,
                            end_line: p.end_line,
                            end_column: p.end_column,
                        },
                    },
                }],
            });
        }
    }
    let notes: Vec<_> = checked
        .iter()
        .filter_map(|c| c.held_back.line())
        .map(|line| json!({"level": "note", "message": {"text": line}}))
        .collect();
    let invocations = (!notes.is_empty())
        .then(|| json!([{"executionSuccessful": true, "toolExecutionNotifications": notes}]));
    let log = Log {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: [Run {
            tool: json!({"driver": {
                "name": "tales",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }}),
            results,
            invocations,
        }],
    };
    serde_json::to_writer_pretty(&mut *out, &log)?;
    out.write_all(b"\n")
}
