//! Section and branch lines as FORMAT.md writes them: the depth marks at
//! the start of the line and one space after them (`>> NO SKILL:`), the
//! label, the locale's colon (`:`, French ` :`), one space, the text.
//!
//! Inside a label only what is not prose is respaced: a section's names
//! (`PERCEPTION/WISDOM` is `PERCEPTION / WISDOM`, `WOUNDED(mandatory)` is
//! `WOUNDED (mandatory)`) and a die band (`2 - 7` is `2-7`). A choice's or
//! a condition's label is the reader's text and stays as written, and so
//! does every `{condition}`.

use super::Edit;
use crate::ir::{Arm, Guard};
use crate::locale::Locale;

/// The edit of an arm's line, from the line's start to its text.
pub(super) fn edit(arm: &Arm, depth: u8, text: &str, locale: &Locale) -> Option<Edit> {
    let (label_start, label_end) = (arm.label.span.start as usize, arm.label.span.end as usize);
    let line_start = text[..label_start].rfind('\n').map_or(0, |i| i + 1);
    let prefix = &text[line_start..label_start];
    // Marks together (`>>`), with spaces only around them.
    let space = |c: char| c == ' ' || c == '\t' || crate::text::is_other_space(c);
    let marks = prefix.trim_matches(space);
    if !marks.bytes().all(|b| b == b'>') || marks.len() != usize::from(depth) {
        return None;
    }
    let marks = marks.len();
    let label = text.get(label_start..label_end)?;
    let after = &text[label_end..];
    let colon = after.find(|c: char| !space(c))?;
    if !after[colon..].starts_with(':') {
        return None;
    }
    let rest = &after[colon + 1..];
    let gap = rest.len() - rest.trim_start_matches(space).len();
    let ends_line = rest[gap..].is_empty() || rest[gap..].starts_with(['\n', '\r']);
    let end = label_end + colon + 1 + gap;
    let mut with = ">".repeat(marks);
    if marks > 0 {
        with.push(' ');
    }
    with.push_str(&label_text(&arm.guard, label));
    with.push_str(&locale.label_colon);
    if !ends_line {
        with.push(' ');
    }
    (text[line_start..end] != with).then_some(Edit {
        start: line_start,
        end,
        with,
    })
}

/// A label respaced where it is markup.
fn label_text(guard: &Guard, label: &str) -> String {
    if label.contains('\n') {
        return label.to_owned();
    }
    match guard {
        Guard::Section(_) => section(label),
        // A band in words (`9 or more`, read as `9+` with a finding) is
        // the user's words: kept as written, as below.
        Guard::Band(_) if !label.chars().any(char::is_alphabetic) => band(label),
        _ => label.to_owned(),
    }
}

/// `2 - 7` is `2-7`, `❖8+` is `❖ 8+`; the dash as written.
fn band(label: &str) -> String {
    let (mark, rest) = match label.strip_prefix('❖') {
        Some(r) => ("❖ ", r),
        None => ("", label),
    };
    let bare: String = rest.split_whitespace().collect();
    format!("{mark}{bare}")
}

/// A section's names with canonical spacing; `{...}` kept as written.
fn section(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    let mut depth = 0usize;
    for c in label.chars() {
        if depth > 0 {
            out.push(c);
            depth += usize::from(c == '{');
            depth -= usize::from(c == '}');
            continue;
        }
        match c {
            '{' => {
                space_before(&mut out);
                out.push(c);
                depth = 1;
            }
            ',' => {
                trim_end(&mut out);
                out.push_str(", ");
            }
            '/' => {
                trim_end(&mut out);
                out.push_str(" / ");
            }
            '(' => {
                space_before(&mut out);
                out.push(c);
            }
            ')' => {
                trim_end(&mut out);
                out.push(c);
            }
            c if c.is_whitespace() => {
                if !out.is_empty() && !out.ends_with([' ', '(']) {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
    }
    trim_end(&mut out);
    out
}

fn trim_end(s: &mut String) {
    let keep = s.trim_end().len();
    s.truncate(keep);
}

/// One space before `(` or `{`, unless the label or a list item starts
/// there.
fn space_before(out: &mut String) {
    trim_end(out);
    if !out.is_empty() && !out.ends_with(['(', ',']) {
        out.push(' ');
    }
    if out.ends_with(',') {
        out.push(' ');
    }
}
