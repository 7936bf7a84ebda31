//! Reading YAML nodes with diagnostics: a value of the wrong shape is
//! reported and skipped, never a reason to stop.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Reference, Target};
use crate::span::{Span, Spanned};
use crate::syntax::yaml::{Node, Value};

fn wrong(node: &Node, expected: &str, what: &str) -> Diagnostic {
    Diagnostic::new(
        "syntax-error",
        node.span,
        format!("{what} must be {expected}, not {}", node.kind_name()),
    )
    .label(format!("expected {expected}"))
}

pub(crate) fn map<'n>(node: &'n Node, what: &str, diags: &mut Diagnostics) -> &'n [(Node, Node)] {
    match &node.value {
        Value::Map(m) => m,
        Value::Null => &[],
        _ => {
            diags.push(wrong(node, "a map", what));
            &[]
        }
    }
}

pub(crate) fn seq<'n>(node: &'n Node, what: &str, diags: &mut Diagnostics) -> &'n [Node] {
    match &node.value {
        Value::Seq(s) => s,
        Value::Null => &[],
        _ => {
            diags.push(wrong(node, "a list", what));
            &[]
        }
    }
}

pub(crate) fn string(node: &Node, what: &str, diags: &mut Diagnostics) -> Option<Spanned<String>> {
    match &node.value {
        Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) => {
            Some(Spanned::new(node.scalar().expect("scalar"), node.span))
        }
        _ => {
            diags.push(wrong(node, "a text", what));
            None
        }
    }
}

pub(crate) fn number(node: &Node, what: &str, diags: &mut Diagnostics) -> Option<u32> {
    if let Value::Int(i) = &node.value {
        u32::try_from(*i).ok().or_else(|| {
            diags.push(wrong(node, "a whole number from 0 to 4294967295", what));
            None
        })
    } else {
        diags.push(wrong(node, "a whole number", what));
        None
    }
}

pub(crate) fn boolean(node: &Node, what: &str, diags: &mut Diagnostics) -> bool {
    if let Value::Bool(b) = &node.value {
        *b
    } else {
        diags.push(wrong(node, "true or false", what));
        false
    }
}

/// The span of a key's text.
pub(crate) fn key(node: &Node) -> Spanned<String> {
    Spanned::new(node.scalar().unwrap_or_default(), node.span)
}

/// A map's entries with each key as the format spells it. A key within
/// two edits of a known one (`mornin`) is read as that one and reported as
/// `misspelt-key` (an error: what it sets would otherwise be lost); any
/// other unknown key is reported as `unknown-key` and kept as it is.
pub(crate) fn keys<'n>(
    entries: &'n [(Node, Node)],
    known: &[&'static str],
    what: &str,
    diags: &mut Diagnostics,
) -> Vec<(&'n str, &'n Node)> {
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        let name = match &k.value {
            Value::Str(s) => s.as_str(),
            _ => "",
        };
        if let Some(&same) = known.iter().find(|c| **c == name) {
            out.push((same, v));
            continue;
        }
        let close = near_key(name, known);
        let d = match close {
            Some(c) => Diagnostic::new(
                "misspelt-key",
                k.span,
                format!("`{name}` is no key of {what}: did you mean `{c}`?"),
            )
            .label(format!("read as `{c}`"))
            .with_help(format!(
                "write `{c}:`; tales reads this key as `{c}` meanwhile"
            )),
            None => Diagnostic::new(
                "unknown-key",
                k.span,
                format!("unknown key `{}` in {what}", k.scalar().unwrap_or_default()),
            )
            .label("unknown key")
            .with_help(format!("the keys of {what} are {}", known.join(", "))),
        };
        diags.push(d);
        out.push((close.unwrap_or(name), v));
    }
    out
}

/// The known key closest to a misspelt one: within two edits (one for a
/// key of four letters or fewer), or the same but for case, `_` or spaces.
pub(crate) fn near_key(name: &str, known: &[&'static str]) -> Option<&'static str> {
    let norm = |s: &str| s.to_lowercase().replace(['_', ' '], "-");
    let n = norm(name);
    if n.is_empty() {
        return None;
    }
    let limit = |k: &str| if k.len() <= 4 { 1 } else { 2 };
    known
        .iter()
        .map(|k| (crate::text::edit_distance(k, &n), *k))
        .filter(|(d, k)| *d <= limit(k))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The offset of a string scalar's text: after its opening quote, if any.
pub(crate) fn text_offset(source: &str, span: Span) -> usize {
    let start = span.start as usize;
    match source.as_bytes().get(start) {
        Some(b'"' | b'\'') => start + 1,
        _ => start,
    }
}

/// A paragraph number written with a letter for a digit, with an `@` or
/// without (`5OO`, `"@2O1"`): the number meant, and what was written.
fn misread(s: &str) -> Option<(u32, &str)> {
    let s = s.trim();
    let written = s.strip_prefix('@').unwrap_or(s);
    let n = crate::text::letters_for_digits(written)?.parse().ok()?;
    Some((n, written))
}

/// A paragraph number or an `@` reference, as a card or place value.
pub(crate) fn target(
    node: &Node,
    source: &str,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<Reference> {
    match &node.value {
        Value::Int(n) => {
            if let Ok(n) = u32::try_from(*n) {
                Some(Reference {
                    target: Target::Paragraph(n),
                    span: node.span,
                })
            } else {
                diags.push(wrong(node, "a paragraph number", what));
                None
            }
        }
        Value::Str(s) if let Some((n, written)) = misread(s) => {
            let start = text_offset(source, node.span) + s.len() - s.trim_start().len();
            let span = Span::new(node.span.file, start, start + s.trim().len());
            let fixed = if s.trim().starts_with('@') {
                format!("@{n}")
            } else {
                n.to_string()
            };
            diags.push(crate::syntax::awards::misread::finding(
                "syntax-error",
                span,
                written,
                n,
                &fixed,
            ));
            Some(Reference {
                target: Target::Paragraph(n),
                span,
            })
        }
        Value::Str(s) => {
            let t = crate::syntax::reference::parse_whole_reference(s);
            if t.is_none() {
                diags.push(
                    Diagnostic::new("syntax-error", node.span, format!("{what} must be a paragraph number or an `@` reference"))
                        .label("not a reference")
                        .with_help("write a number (`12`) or a reference (`\"@F:Terrible\"`, `\"@K\"`, `\"@city-of-brass\"`)"),
                );
            }
            let start = text_offset(source, node.span);
            t.map(|target| Reference {
                target,
                span: Span::new(node.span.file, start, start + s.trim().len()),
            })
        }
        _ => {
            diags.push(wrong(node, "a paragraph number or an `@` reference", what));
            None
        }
    }
}
