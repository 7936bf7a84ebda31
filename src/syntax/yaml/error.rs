//! A YAML file that does not parse: one finding, at its cause, in the
//! book's words rather than the YAML library's.
//!
//! The library reports where it gave up, which for a missing `]` is the
//! start of the next key, a line or more below the slip. The lines up to
//! that point are read again for the slips a hand makes (an unclosed
//! bracket or quote, a tab in the indentation) and the finding is put there.

use crate::diagnostic::Diagnostic;
use crate::span::{FileId, Span};

/// The finding for a YAML parse error at `at` with the library's message.
pub(crate) fn explain(file: FileId, text: &str, at: Span, message: &str) -> Diagnostic {
    let message = strip_location(message.trim().trim_end_matches('.'));
    let low = message.to_lowercase();
    if low.contains("budget") || low.contains("recursion") && low.contains("alias") {
        return Diagnostic::new(
            "syntax-error",
            at,
            "invalid yaml: aliases expand beyond the safety budget",
        )
        .label("expansion stopped here")
        .with_help(
            "tales refuses YAML whose anchors and aliases expand past a small budget (an alias bomb); write the values out",
        );
    }
    if low.contains("alias") || low.contains("anchor") {
        return Diagnostic::new("syntax-error", at, "invalid yaml: `*` names no `&` anchor")
            .label("unknown alias")
            .with_help(
                "define the anchor (`&name`) before the alias (`*name`), or write the value out",
            );
    }
    let line = line_bounds(text, at.start as usize);
    // The slip is on the line where the library stopped or the two above.
    for (start, end) in [line, prev(text, line.0), prev(text, prev(text, line.0).0)] {
        if let Some(d) = slip_on_line(file, text, start, end) {
            return d;
        }
    }
    let (text_msg, help) = if low.contains("did not find expected key") {
        (
            "invalid yaml: this line is not indented like the keys around it".to_owned(),
            Some("indent a key as far as the other keys of its map"),
        )
    } else if low.contains("mapping values are not allowed") {
        (
            "invalid yaml: a `:` where no key can start".to_owned(),
            Some("indent the key under its parent, or quote a text that holds `: `"),
        )
    } else if low.contains("misplaced bracket") {
        (
            "invalid yaml: a closing bracket that closes nothing".to_owned(),
            Some("remove the extra `]` or `}`"),
        )
    } else {
        (format!("invalid yaml: {}", lowercase_first(&message)), None)
    };
    let d = Diagnostic::new("syntax-error", at, text_msg).label("here");
    match help {
        Some(h) => d.with_help(h),
        None => d,
    }
}

/// `... at line 10, column 2` -> `...`.
fn strip_location(message: &str) -> String {
    let first = message.lines().next().unwrap_or("invalid yaml");
    match first.rfind(" at line ") {
        Some(i) if first[i..].contains("column") => first[..i].to_owned(),
        _ => first.to_owned(),
    }
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The line around an offset: (start, end without the line break).
fn line_bounds(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    (start, text[start..end].trim_end_matches('\r').len() + start)
}

/// The line before the one starting at `start` (itself at the first line).
fn prev(text: &str, start: usize) -> (usize, usize) {
    if start == 0 {
        return (0, 0);
    }
    line_bounds(text, start - 1)
}

/// An unclosed bracket or quote, or a tab in the indentation, on a line.
fn slip_on_line(file: FileId, text: &str, start: usize, end: usize) -> Option<Diagnostic> {
    let line = &text[start..end];
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    if let Some(i) = line[..indent].find('\t') {
        let at = Span::new(file, start + i, start + i + 1);
        return Some(
            Diagnostic::new("syntax-error", at, "invalid yaml: a tab in the indentation")
                .label("tab")
                .with_help("YAML indents with spaces only; replace the tab with spaces"),
        );
    }
    if let Some(i) = line.find(":\t").or_else(|| line.find("-\t")) {
        let at = Span::new(file, start + i + 1, start + i + 2);
        return Some(
            Diagnostic::new("syntax-error", at, "invalid yaml: a tab after `:` or `-`")
                .label("tab")
                .with_help("YAML separates with spaces only; replace the tab with a space"),
        );
    }
    let mut open: Vec<(usize, char)> = Vec::new();
    let mut quote: Option<(usize, char)> = None;
    for (i, c) in line.char_indices() {
        if let Some((_, q)) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '#' if i == 0 || line[..i].ends_with([' ', '\t']) => break,
            '"' | '\'' if i == 0 || !line[..i].ends_with(|p: char| p.is_alphanumeric()) => {
                quote = Some((i, c));
            }
            '[' | '{' => open.push((i, c)),
            ']' | '}' if open.pop().is_none() => {
                let at = Span::new(file, start + i, start + i + 1);
                return Some(
                    Diagnostic::new(
                        "syntax-error",
                        at,
                        format!("invalid yaml: `{c}` closes nothing"),
                    )
                    .label("no bracket to close")
                    .with_help(format!(
                        "remove the `{c}`, or open the list or map it closes"
                    )),
                );
            }
            _ => {}
        }
    }
    if let Some((i, q)) = quote {
        let at = Span::new(file, start + i, start + i + 1);
        return Some(
            Diagnostic::new(
                "syntax-error",
                at,
                format!("invalid yaml: `{q}` is never closed"),
            )
            .label("unclosed quote")
            .with_help(format!("end the text with `{q}` on the same line")),
        );
    }
    let (i, c) = open.pop()?;
    let close = if c == '[' { ']' } else { '}' };
    let at = Span::new(file, start + i, start + i + 1);
    Some(
        Diagnostic::new(
            "syntax-error",
            at,
            format!("invalid yaml: `{c}` is never closed"),
        )
        .label("unclosed")
        .with_help(format!("close it with `{close}` at the end of the line")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, needle: &str) -> Span {
        let i = text.find(needle).unwrap();
        Span::new(FileId(0), i, i)
    }

    #[test]
    fn a_missing_bracket_is_found_on_the_line_above_the_error() {
        let text = "L:\n  rows:\n    Lost: [41, 44, 47\nK:\n  reactions: []\n";
        let d = explain(
            FileId(0),
            text,
            at(text, "K:"),
            "illegal placement of ':' indicator at line 4, column 2",
        );
        assert_eq!(d.message, "invalid yaml: `[` is never closed");
        assert_eq!(d.primary.span.start as usize, text.find('[').unwrap());
    }

    #[test]
    fn library_words_and_positions_are_dropped() {
        let text = "a: 1\n b: 2\n";
        let d = explain(
            FileId(0),
            text,
            at(text, "b:"),
            "while parsing a block mapping, did not find expected key at line 2, column 2",
        );
        assert_eq!(
            d.message,
            "invalid yaml: this line is not indented like the keys around it"
        );
        assert!(!d.message.contains("line 2"));
    }

    #[test]
    fn a_tab_and_an_unclosed_quote() {
        let text = "a:\n\tb: 1\n";
        assert_eq!(
            explain(FileId(0), text, at(text, "b"), "x").message,
            "invalid yaml: a tab in the indentation"
        );
        let text = "a: \"open\nb: 1\n";
        assert_eq!(
            explain(FileId(0), text, at(text, "b"), "x").message,
            "invalid yaml: `\"` is never closed"
        );
        let text = "a: don't\nb: [1]]\n";
        assert_eq!(
            explain(FileId(0), text, at(text, "]]"), "misplaced bracket").message,
            "invalid yaml: `]` closes nothing"
        );
    }
}
