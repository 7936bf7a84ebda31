//! `matrices.yaml` -> [`Matrix`] list.

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Matrix, Row};
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

pub fn lower(root: &Node, diags: &mut Diagnostics) -> Vec<Matrix> {
    let mut out: Vec<Matrix> = Vec::new();
    for (letter, body) in read::map(root, "matrices.yaml", diags) {
        let letter = read::key(letter);
        if !letter.value.chars().all(|c| c.is_ascii_alphanumeric())
            || !letter.value.starts_with(|c: char| c.is_ascii_uppercase())
        {
            diags.push(
                Diagnostic::new("syntax-error", letter.span, format!("matrix name `{}` is not a capital letter", letter.value))
                    .label("not a matrix letter")
                    .with_help("matrices are named by capital letters (A, B, ..., O, or longer like AA), so that `@F:Terrible` can name them"),
            );
        }
        let what = format!("matrix {}", letter.value);
        let entries = read::map(body, &what, diags);
        let keyed = read::keys(entries, &["reactions", "rows"], &what, diags);
        let mut m = Matrix {
            letter: letter.clone(),
            reactions: Vec::new(),
            rows: Vec::new(),
            span: letter.span.to(body.span),
            names: rustc_hash::FxHashMap::default(),
            folded: rustc_hash::FxHashMap::default(),
        };
        for (k, v) in keyed {
            match k {
                "reactions" => {
                    m.reactions = read::seq(v, "`reactions`", diags)
                        .iter()
                        .filter_map(|r| read::string(r, "a reaction", diags))
                        .collect();
                }
                "rows" => {
                    for (name, cells) in read::map(v, "`rows`", diags) {
                        m.rows.push(row(name, cells, diags));
                    }
                }
                _ => {}
            }
        }
        m.index_rows();
        out.push(m);
    }
    out
}

fn row(name: &Node, cells: &Node, diags: &mut Diagnostics) -> Row {
    let name = read::key(name);
    // The row's name for a message only when it is not a list (a format a
    // row was most of the rows' cost).
    let list = match &cells.value {
        Value::Seq(list) => list.as_slice(),
        _ => read::seq(cells, &format!("row `{}`", name.value), diags),
    };
    let cells = list
        .iter()
        .map(|c| match &c.value {
            Value::Null => None,
            Value::Int(n) if (1..=i64::from(crate::syntax::limits::MAX_PARAGRAPH)).contains(n) => {
                Some(Spanned::new(u32::try_from(*n).expect("in range"), c.span))
            }
            Value::Str(s) if let Some(n) = misread(s) => {
                diags.push(crate::syntax::awards::misread::finding(
                    "syntax-error",
                    c.span,
                    s.trim(),
                    n,
                    &n.to_string(),
                ));
                Some(Spanned::new(n, c.span))
            }
            _ => {
                diags.push(
                    Diagnostic::new("syntax-error", c.span, "a matrix cell is a paragraph number or `~`")
                        .label(format!("found {}", c.kind_name()))
                        .with_help("write the cell's paragraph number (1 to 999999), or `~` where the reaction is not offered"),
                );
                None
            }
        })
        .collect();
    let span = name.span.to(list.last().map_or(name.span, |n| n.span));
    Row { name, cells, span }
}

/// A cell written with a letter for a digit (`2O1`): the number meant, in
/// range.
fn misread(s: &str) -> Option<u32> {
    crate::text::letters_for_digits(s.trim())?
        .parse()
        .ok()
        .filter(|n| (1..=crate::syntax::limits::MAX_PARAGRAPH).contains(n))
}
