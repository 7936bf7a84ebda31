//! The words of a translation: text copied from the source, numbers in the
//! prose, and the counts for the progress summary.

use super::Compare;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Block, Paragraph};

impl Compare<'_> {
    /// A block whose text is the source's, word for word.
    pub(super) fn untranslated(&self, out: &mut Diagnostics, a: &Block, b: &Block) {
        let (Some(sa), Some(sb)) = (a.span, b.span) else {
            return;
        };
        let (x, y) = (self.s_text(sa), self.t_text(sb));
        // Translated text differs at once; only a possible copy is split into words.
        if first_word(x) != first_word(y) {
            return;
        }
        let (x, y) = (prose_words(x), prose_words(y));
        if x != y
            || x.iter()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count()
                <= 3
        {
            return;
        }
        out.push(
            Diagnostic::new(
                "l10n-untranslated",
                sb,
                "this text is the source's, untranslated",
            )
            .label("same words as the source")
            .with_secondary(self.src(sa), "the source's text")
            .with_help("translate it; names and numbers alone may stay as they are"),
        );
    }

    /// Numbers in the prose (die bands written out, counts), not in award
    /// codes, references or roll specs.
    pub(super) fn numbers(
        &self,
        out: &mut Diagnostics,
        sp: &Paragraph,
        tp: &Paragraph,
        mut x: Vec<&str>,
        mut y: Vec<&str>,
    ) {
        x.sort_unstable();
        y.sort_unstable();
        if x != y {
            let d = Diagnostic::new(
                "l10n-number-mismatch",
                tp.header,
                format!(
                    "numbers in the text differ: the source has {}, the translation {}",
                    list_or_none(&x),
                    list_or_none(&y)
                ),
            )
            .label("other numbers")
            .with_secondary(self.src(sp.header), "the source")
            .with_help("die bands and counts written in the prose keep the source's numbers");
            out.push(d);
        }
    }
}

/// The first word of some prose, for a quick "not the same text".
pub(super) fn first_word(text: &str) -> Option<&str> {
    text.split_whitespace()
        .find(|w| !w.starts_with(['[', '@']))
        .map(|w| w.trim_end_matches([']', '[']))
}

/// A paragraph's text without its header line.
pub(super) fn body(text: &str) -> &str {
    text.split_once('\n').map_or("", |(_, rest)| rest)
}

/// The words of some text outside `[...]` award codes, references left out.
fn prose_words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    for (i, c) in text.char_indices() {
        let boundary = c.is_whitespace() || c == '[' || c == ']';
        if boundary {
            if let Some(s) = start.take() {
                if depth == 0 {
                    out.push(&text[s..i]);
                }
            }
        }
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if !boundary && start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        if depth == 0 {
            out.push(&text[s..]);
        }
    }
    out.retain(|w| !w.contains('@'));
    out
}

/// One pass over some prose: how many words (runs of non-space with a
/// letter, any non-ASCII character counted as one), and the runs of digits
/// outside `[...]`, `{...}` and `@` references.
pub(super) fn prose_stats(text: &str) -> (usize, Vec<&str>) {
    let bytes = text.as_bytes();
    let (mut words, mut numbers) = (0, Vec::new());
    let (mut depth, mut in_word, mut lettered) = (0usize, false, false);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            if in_word && lettered {
                words += 1;
            }
            (in_word, lettered) = (false, false);
            i += 1;
            continue;
        }
        in_word = true;
        lettered |= b.is_ascii_alphabetic() || b >= 0x80;
        match b {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'@' => {
                i += 1;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b':' || bytes[i] == b'-')
                {
                    i += 1;
                }
                continue;
            }
            b'0'..=b'9' if depth == 0 => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                numbers.push(&text[start..i]);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if in_word && lettered {
        words += 1;
    }
    (words, numbers)
}

fn list_or_none(v: &[&str]) -> String {
    if v.is_empty() {
        "none".to_owned()
    } else {
        v.join(", ")
    }
}
