//! The YAML files: a matrix's rows as a table (`Mild:     [706, 2177]`,
//! the `[` of every row of a matrix in one column, as FORMAT.md prints
//! them), flow lists as `[a, b, c]`, and a city card's results as award
//! items in canonical spacing. Nothing else in a YAML file is touched:
//! comments, quoting, block scalars and key order stay as written.

use super::Edit;
use crate::ir::Book;
use crate::syntax::yaml::{Node, Value};

/// The edits of `matrices.yaml`.
pub(super) fn matrices(root: &Node, text: &str, out: &mut Vec<Edit>) {
    for (_, m) in root.as_map().unwrap_or(&[]) {
        let Some(fields) = m.as_map() else { continue };
        for (k, v) in fields {
            match k.scalar().as_deref() {
                Some("rows") => rows(v, text, out),
                Some("reactions") => out.extend(flow(k, v, text, 0)),
                _ => {}
            }
        }
    }
}

fn rows(v: &Node, text: &str, out: &mut Vec<Edit>) {
    let Some(rows) = v.as_map() else { return };
    let width = rows
        .iter()
        .filter_map(|(k, _)| text.get(k.span.start as usize..k.span.end as usize))
        .map(|k| k.chars().count())
        .max()
        .unwrap_or(0);
    for (k, v) in rows {
        out.extend(flow(k, v, text, width));
    }
}

/// `key: [a, b]`, the `[` after `width` characters of key (0: right after
/// `: `), when the list is a flow list on the key's line.
fn flow(k: &Node, v: &Node, text: &str, width: usize) -> Option<Edit> {
    let key_end = k.span.end as usize;
    let line_end = text[key_end..]
        .find('\n')
        .map_or(text.len(), |i| key_end + i);
    let line = &text[key_end..line_end];
    let between = line.strip_prefix(':')?;
    let open = between.find(|c: char| c != ' ')?;
    let list = between[open..].strip_prefix('[')?;
    let close = list.find(']')?;
    let inner = &list[..close];
    if !matches!(v.value, Value::Seq(_)) || inner.contains(['[', '{', '"', '\'', '#']) {
        return None;
    }
    // YAML's spaces are the space and the tab: a no-break space is part
    // of a value, so it is kept (and the row left alone).
    let yaml_trim = |c: &'_ str| c.trim_matches([' ', '\t']).to_owned();
    let cells: Vec<String> = inner.split(',').map(yaml_trim).collect();
    if cells
        .iter()
        .any(|c| c.chars().any(char::is_whitespace) && c.trim() != c)
    {
        return None;
    }
    if cells.iter().any(String::is_empty) && !(cells.len() == 1 && yaml_trim(inner).is_empty()) {
        return None;
    }
    let key = text.get(k.span.start as usize..key_end)?.chars().count();
    let pad = " ".repeat(width.saturating_sub(key) + 1);
    let row = if yaml_trim(inner).is_empty() {
        format!(":{pad}[]")
    } else {
        format!(":{pad}[{}]", cells.join(", "))
    };
    let end = key_end + 1 + open + 1 + close + 1;
    (text[key_end..end] != row).then_some(Edit {
        start: key_end,
        end,
        with: row,
    })
}

/// The edits of `cards.yaml`: each city result's award items.
pub(super) fn cards(book: &Book, text: &str, out: &mut Vec<Edit>) {
    for card in &book.cards.city {
        for (_, award) in &card.results {
            out.extend(result(book, award, text));
        }
    }
}

/// A result `"W+1  (max rich)/S1"` as `"W+1 (max Rich) / S1"`, when it is a
/// double-quoted string on one line with no escapes (so the items' spans
/// are where the file has them).
fn result(book: &Book, award: &crate::ir::Award, text: &str) -> Option<Edit> {
    let first = award.items.first()?.span.start as usize;
    let open = text[..first].rfind('"')?;
    let close = open + 1 + text[open + 1..].find('"')?;
    let inner = &text[open + 1..close];
    if inner.contains(['\\', '\n']) || !text[open + 1..first].trim_matches([' ', '\t']).is_empty() {
        return None;
    }
    let items = super::award::items(book, award, text)?;
    let with = super::award::joined(award, &items, text);
    let bare = super::award::bare;
    (with != inner && bare(&with) == bare(inner)).then_some(Edit {
        start: open + 1,
        end: close,
        with,
    })
}

/// No trailing spaces, except inside a block scalar (`|`, `>`), where they
/// are part of the value; one final newline. The line endings as written.
pub(super) fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    // The indent of the key whose block scalar the lines belong to.
    let mut block: Option<usize> = None;
    for raw in text.split_inclusive('\n') {
        let (line, eol) = match raw.strip_suffix("\r\n") {
            Some(l) => (l, "\r\n"),
            None => raw.strip_suffix('\n').map_or((raw, ""), |l| (l, "\n")),
        };
        let indent = line.len() - line.trim_start_matches(' ').len();
        let blank = line.trim().is_empty();
        if let Some(key) = block {
            if blank || indent > key {
                out.push_str(raw);
                continue;
            }
            block = None;
        }
        let kept = line.trim_end_matches([' ', '\t']);
        if starts_block_scalar(kept) {
            block = Some(indent);
        }
        out.push_str(kept);
        out.push_str(eol);
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// `key: |`, `- >-`, `key: |2 # note`: a line whose value is a block scalar.
fn starts_block_scalar(line: &str) -> bool {
    let value = line.split(" #").next().unwrap_or(line).trim_end();
    let last = value.rsplit([' ', '\t']).next().unwrap_or(value);
    let mut chars = last.chars();
    matches!(chars.next(), Some('|' | '>'))
        && chars.all(|c| matches!(c, '-' | '+' | '1'..='9'))
        && value.len() > last.len()
}
