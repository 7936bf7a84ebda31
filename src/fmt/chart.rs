//! Encounter charts as a table: the roll numbers right-aligned to two
//! digits, the entries' text in one column (as FORMAT.md prints them).
//!
//! ```text
//!  1-2  A {Mild} Squall (F)
//!  9-10 A {Lost} Pearl Diver (L)
//! 11-12 A {Terrible} Waterspout (F)
//! ```

use super::Edit;
use crate::ir::{Chart, Paragraph, ParagraphBody};

/// An entry line split into its roll numbers (`3-4`, `3 – 4`, `12`) and
/// the rest (its text, untouched).
pub fn split_range(line: &str) -> (&str, &str) {
    let trimmed = line.trim_start();
    let lead = line.len() - trimmed.len();
    let mut end = digits(trimmed, 0);
    if end == 0 {
        return ("", line);
    }
    let after = skip_space(trimmed, end);
    let dash = ["-", "–", "−"]
        .iter()
        .find(|d| trimmed[after..].starts_with(**d));
    if let Some(d) = dash {
        let from = skip_space(trimmed, after + d.len());
        let to = digits(trimmed, from);
        if to > from {
            end = to;
        }
    }
    (&line[lead..lead + end], trimmed[end..].trim_start())
}

fn digits(s: &str, from: usize) -> usize {
    from + s[from..].bytes().take_while(u8::is_ascii_digit).count()
}

/// Past the spaces (any white space but a line break, as the reader reads
/// them) from `from`.
fn skip_space(s: &str, from: usize) -> usize {
    from + s[from..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t' || crate::text::is_other_space(*c))
        .map(char::len_utf8)
        .sum::<usize>()
}

/// The canonical roll numbers of an entry from the numbers as written (`3 –
/// 4` is ` 3-4`, `12` is `12`, `01-02` stays `01-02`): never a number as
/// read, which may be a guess.
fn range(written: &str) -> String {
    let mut numbers = written
        .split(|c: char| !c.is_ascii_digit())
        .filter(|d| !d.is_empty());
    let lo = numbers.next().unwrap_or("");
    match numbers.next() {
        Some(hi) => format!("{lo:>2}-{hi}"),
        None => format!("{lo:>2}"),
    }
}

/// The edits that lay out a chart's entries.
pub fn edits(p: &Paragraph, text: &str, out: &mut Vec<Edit>) {
    let ParagraphBody::Chart(Chart { entries, .. }) = &p.body else {
        return;
    };
    let ranges: Vec<String> = entries
        .iter()
        .map(|e| {
            range(
                text.get(e.range.start as usize..e.range.end as usize)
                    .unwrap_or(""),
            )
        })
        .collect();
    let width = ranges.iter().map(String::len).max().unwrap_or(0);
    for (e, r) in entries.iter().zip(&ranges) {
        let (start, end) = (e.span.start as usize, e.span.end as usize);
        let Some(line) = text.get(start..end) else {
            continue;
        };
        if line.contains('\n') {
            continue;
        }
        let (written, rest) = split_range(line);
        if written.is_empty()
            || Some(written) != text.get(e.range.start as usize..e.range.end as usize)
        {
            continue;
        }
        let line_text = if rest.is_empty() {
            r.clone()
        } else {
            format!("{r:<width$} {rest}")
        };
        out.push(Edit {
            start,
            end,
            with: line_text,
        });
    }
}
