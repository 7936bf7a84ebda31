//! `glossary.yaml` -> [`Glossary`].

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{EntryKind, Glossary, GlossaryEntry, Rules};
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

/// The glossary, and each entry's `rules:` node (by the entry's place),
/// lowered by [`super::rules::lower`] once the glossary and the matrices are
/// known.
pub fn lower(
    root: &Node,
    source: &str,
    rules: &Rules,
    diags: &mut Diagnostics,
) -> (Glossary, Vec<(usize, Node)>) {
    let mut g = Glossary::default();
    let mut pending = Vec::new();
    let entries = read::map(root, "glossary.yaml", diags);
    let keyed = read::keys(
        entries,
        &["skills", "statuses", "treasures"],
        "glossary.yaml",
        diags,
    );
    for (k, v) in keyed {
        let kind = match k {
            "skills" => EntryKind::Skill,
            "statuses" => EntryKind::Status,
            "treasures" => EntryKind::Treasure,
            _ => continue,
        };
        for (id, value) in read::map(v, &format!("`{k}`"), diags) {
            if let Some((e, rules_node)) = entry(kind, id, value, source, rules, diags) {
                if let Some(n) = rules_node {
                    pending.push((g.entries.len(), n.clone()));
                }
                let (name, span) = (e.name.value.clone(), e.name.span);
                if let Some(first) = g.push(e) {
                    let earlier = &g.entries[first];
                    let id = &g.entries[g.entries.len() - 1].id.value;
                    let message = if earlier.id.value == *id {
                        format!("`{name}` is already in the glossary")
                    } else {
                        format!("`{name}` names both `{}` and `{id}`", earlier.id.value)
                    };
                    diags.push(
                        Diagnostic::new("duplicate-name", span, message)
                            .label("second definition")
                            .with_secondary(earlier.name.span, "first defined here")
                            .with_help("every id and every name of the glossary must be unique, or a name in the book could mean two things"),
                    );
                }
            }
        }
    }
    (g, pending)
}

fn entry<'n>(
    kind: EntryKind,
    id: &Node,
    value: &'n Node,
    source: &str,
    rules: &Rules,
    diags: &mut Diagnostics,
) -> Option<(GlossaryEntry, Option<&'n Node>)> {
    let id = read::key(id);
    let mut e = GlossaryEntry {
        id: Spanned::new(id.value.as_str().into(), id.span),
        name: id.clone(),
        kind,
        encounters: None,
        sell: None,
        toggle: false,
        flips_gender: false,
        text: None,
        rules: Vec::new(),
    };
    let mut rules_node = None;
    match &value.value {
        Value::Map(entries) => {
            let keyed = read::keys(
                entries,
                &[
                    "name",
                    "encounters",
                    "sell",
                    "toggle",
                    "flips-gender",
                    "text",
                    "rules",
                ],
                &format!("glossary entry `{}`", id.value),
                diags,
            );
            let mut name = None;
            for (k, v) in keyed {
                match k {
                    "name" => name = read::string(v, "a glossary `name`", diags),
                    "encounters" => {
                        e.encounters = read::target(v, source, "`encounters`", diags);
                    }
                    "text" => e.text = read::string(v, "`text`", diags),
                    "rules" => rules_node = Some(v),
                    "toggle" => e.toggle = read::boolean(v, "`toggle`", diags),
                    "flips-gender" => {
                        e.flips_gender = read::boolean(v, "`flips-gender`", diags);
                    }
                    "sell" => {
                        if let Some(level) = read::string(v, "`sell`", diags) {
                            e.sell = sell_level(&level, rules, diags);
                        }
                    }
                    _ => {}
                }
            }
            if let Some(n) = name {
                e.name = n;
            } else {
                diags.push(
                    Diagnostic::new(
                        "syntax-error",
                        value.span,
                        format!("glossary entry `{}` needs a `name`", id.value),
                    )
                    .label("no name"),
                );
                return None;
            }
        }
        _ => {
            e.name = read::string(value, "a glossary name", diags)
                .unwrap_or_else(|| Spanned::new(id.value.clone(), id.span));
        }
    }
    Some((e, rules_node))
}

/// `sell: RICH`: the wealth level a treasure sells for; a name that is no
/// level of the ladder is reported (and sells for nothing).
fn sell_level(level: &Spanned<String>, rules: &Rules, diags: &mut Diagnostics) -> Option<usize> {
    let sell = rules.wealth_level(&level.value);
    if sell.is_none() && !rules.wealth.is_empty() {
        let ctx_names: Vec<&str> = rules.wealth.iter().map(|w| w.name.value.as_str()).collect();
        diags.push(
            Diagnostic::new(
                "unknown-name",
                level.span,
                format!("`{}` is no wealth level of this book", level.value),
            )
            .label("unknown wealth level")
            .with_help(format!(
                "the wealth levels of this book are {}",
                ctx_names.join(", ")
            )),
        );
    }
    sell
}
