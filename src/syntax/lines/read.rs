//! A file into its classified lines: in chunks by `grammar/tales.pest`,
//! with blank and prose lines (most of a book) told without it; property
//! tests hold the two readings together.

use crate::syntax::grammar::tales::{Rule, TalesParser};
use crate::syntax::lines::classify::{ClassifiedLine, Line, classify};
use pest::Parser;

/// Bytes of a file the grammar reads at a time: pest keeps every token of
/// a parse in one vector, and a file of a million short lines grew it by
/// copying tens of megabytes; lines do not depend on each other, so the
/// file is read in chunks that end at a line break.
const CHUNK: usize = 64 * 1024;

/// Bytes of blank and prose lines in a row that are told without the
/// grammar (shorter runs are read with the lines around them).
const RUN: usize = 2048;

/// The classified lines of a file, or where the grammar failed (a bug).
pub(crate) fn lines_of(text: &str) -> Result<Vec<ClassifiedLine>, usize> {
    lines_in_chunks(text, CHUNK)
}

fn lines_in_chunks(text: &str, chunk: usize) -> Result<Vec<ClassifiedLine>, usize> {
    let bytes = text.as_bytes();
    // The line breaks counted by a vector search (a count of a test of each
    // byte, which the compiler did not vectorise, was 2.5 instructions a
    // byte).
    let mut lines = Vec::with_capacity(memchr::memchr_iter(b'\n', bytes).count() + 1);
    // A carriage return left in a line is the grammar's to read: asked once
    // of the text, not of each line, when the text has none.
    let returns = memchr::memchr(b'\r', bytes).is_some();
    // Lines waiting for the grammar: from here to the current line.
    let mut waiting: Option<usize> = None;
    // Blank and prose lines after those: the grammar reads them with the
    // others (one parse has a cost of its own) unless they run long.
    let mut quick: Vec<ClassifiedLine> = Vec::new();
    let mut pos = 0;
    loop {
        let nl = memchr::memchr(b'\n', &bytes[pos..]).map(|i| pos + i);
        let end = nl.map_or(text.len(), |n| {
            if n > pos && bytes[n - 1] == b'\r' {
                n - 1
            } else {
                n
            }
        });
        match (trivial(&text[pos..end], pos, returns), waiting) {
            (Some(kind), None) => lines.push(ClassifiedLine {
                kind,
                span: (pos, end),
            }),
            (Some(kind), Some(from)) => {
                quick.push(ClassifiedLine {
                    kind,
                    span: (pos, end),
                });
                if end - quick[0].span.0 >= RUN {
                    grammar(text, from, quick[0].span.0, &mut lines)?;
                    lines.append(&mut quick);
                    waiting = None;
                }
            }
            (None, _) => {
                quick.clear();
                let from = *waiting.get_or_insert(pos);
                if nl.is_some_and(|n| n + 1 - from >= chunk) {
                    grammar(text, from, nl.map_or(text.len(), |n| n + 1), &mut lines)?;
                    waiting = None;
                }
            }
        }
        match nl {
            Some(n) => pos = n + 1,
            None => break,
        }
    }
    if let Some(from) = waiting {
        // To the end: the grammar reads the last lines, the empty one after
        // a final line break included.
        grammar_lines(text, from, text.len(), false, &mut lines)?;
    }
    Ok(lines)
}

/// A line the grammar would read as blank, prose, a comment or a branch
/// (indented or not), told without it: most lines of a book are. (`text`'s `prose` rule says the same; a
/// property test holds the two together.) `returns`: whether the text the
/// line is in has a carriage return anywhere.
fn trivial(line: &str, at: usize, returns: bool) -> Option<Line> {
    if returns && memchr::memchr(b'\r', line.as_bytes()).is_some() {
        return None;
    }
    // `-328-` and what follows it: the grammar's `header`.
    if let Some(rest) = line.strip_prefix('-') {
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 && rest.as_bytes().get(n) == Some(&b'-') {
            return Some(Line::Header {
                number: (at + 1, at + 1 + n),
                rest: (at + 2 + n, at + line.len()),
                near: false,
            });
        }
        return None;
    }
    // Blank, or indented: what follows the spaces decides, as in the grammar
    // (a header is at the start of its line; the others may be indented).
    let body = line.trim_start_matches([' ', '\t']);
    let lead = line.len() - body.len();
    // `>>` and the rest: the grammar's `branch`.
    if body.starts_with('>') {
        let depth = body.bytes().take_while(|&b| b == b'>').count();
        let after = &body[depth..];
        let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
        return Some(Line::Branch {
            depth,
            body: (at + lead + depth + gap, at + line.len()),
        });
    }
    // `# ...`: the grammar's `comment` (its text after the `#`).
    if body.starts_with('#') {
        return Some(Line::Comment((at + lead + 1, at + line.len())));
    }
    if body.is_empty() {
        return Some(Line::Blank);
    }
    // (A line starting with a dash after its spaces, or with another dash,
    // may be a header a keystroke off: the grammar's `text` and a look.)
    let dash = body.starts_with(['-', '–', '—', '−']);
    (!dash).then_some(Line::Text)
}

/// The grammar on the lines from `from` to `to` (a line start, or the end).
fn grammar(
    text: &str,
    from: usize,
    to: usize,
    lines: &mut Vec<ClassifiedLine>,
) -> Result<(), usize> {
    grammar_lines(text, from, to, true, lines)
}

/// [`grammar`]; `joined` drops the empty line after a final line break
/// (the next line's start, read by the caller).
fn grammar_lines(
    text: &str,
    from: usize,
    to: usize,
    joined: bool,
    lines: &mut Vec<ClassifiedLine>,
) -> Result<(), usize> {
    match TalesParser::parse(Rule::file, &text[from..to]) {
        Ok(mut pairs) => {
            let before = lines.len();
            classify(text, from, pairs.next().expect("file rule matched"), lines);
            // Text that ends with a line break ends with an empty line that
            // is the next line's start, not a line of its own.
            let broken = joined && to > from && text.as_bytes()[to - 1] == b'\n';
            if broken && lines.len() > before && lines.last().is_some_and(|l| l.span == (to, to)) {
                lines.pop();
            }
            Ok(())
        }
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
            Err(from + at)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Rule, TalesParser};
    use pest::Parser;
    use proptest::prelude::*;

    /// Every pair of a parse, depth first, as (rule, start, end).
    fn pairs(rule: Rule, text: &str) -> Vec<(Rule, usize, usize)> {
        let parsed = TalesParser::parse(rule, text).expect("the grammar accepts any text");
        parsed
            .flatten()
            .map(|p| {
                let r = match p.as_rule() {
                    Rule::file_plain => Rule::file,
                    r => r,
                };
                (r, p.as_span().start(), p.as_span().end())
            })
            .collect()
    }

    #[test]
    fn a_final_empty_line_is_blank_not_text() {
        let lines = pairs(Rule::file, "-1-\nSome text.\n");
        assert!(lines.contains(&(Rule::blank, 15, 15)));
        assert!(!lines.iter().any(|&(r, s, e)| r == Rule::text && s == e));
    }

    /// Lines as (kind, span), comparable.
    fn kinds(lines: &[super::ClassifiedLine]) -> Vec<(String, usize, usize)> {
        lines
            .iter()
            .map(|l| {
                let kind = match &l.kind {
                    super::Line::Header { near, number, rest } => {
                        format!("header {near} {number:?} {rest:?}")
                    }
                    super::Line::BadHeader => "bad header".into(),
                    super::Line::Comment(_) => "comment".into(),
                    super::Line::Branch { depth, body } => format!("branch {depth} {body:?}"),
                    super::Line::Blank => "blank".into(),
                    super::Line::Text => "text".into(),
                };
                (kind, l.span.0, l.span.1)
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// A file read in chunks of any size, its blank and prose lines told
        /// without the grammar, has the lines the grammar reads in the whole
        /// file (CRLF, lone CR, blank lines and no final line break included).
        #[test]
        fn chunks_and_the_fast_path_change_no_line(text in "(-12-|-1|–1–|# x|#|  # x|\t#|> If: a|>> b|>| > a| \t>>b|>>>|NO SKILL: x|a: b| 1-2  A \\{Calm\\} x \\(E\\)| -12-| – 3 –|\t−4|[a-zé]{1,5}| |\t|\n|\r\n|\r|ẞ|\u{a0}){0,40}", chunk in 1usize..40) {
            let mut whole = Vec::new();
            super::grammar_lines(&text, 0, text.len(), false, &mut whole).unwrap();
            let chunked = super::lines_in_chunks(&text, chunk).unwrap();
            prop_assert_eq!(kinds(&whole), kinds(&chunked));
        }

        #[test]
        fn the_fast_path_changes_no_line_of_any_text(text in "\\PC{0,120}") {
            let mut whole = Vec::new();
            super::grammar_lines(&text, 0, text.len(), false, &mut whole).unwrap();
            prop_assert_eq!(kinds(&whole), kinds(&super::lines_in_chunks(&text, 64).unwrap()));
        }

        /// The shortcuts for prose lines and for lines without `:` read
        /// every text exactly as trying each kind of line in turn does.
        #[test]
        fn shortcuts_change_no_line(text in "(-12-|-1a-|# x|> If: a|>|NO SKILL|PIETY (mandatory)|, |/ |:|\\(x\\)|[a-z]{1,4}|[A-Z]{1,4}|\\*| |\t|\n|\r\n|\r|1-2|@5|\\[D1\\]|é|É|ǅ|\u{a0}|\u{202f}|\u{a0}#|\u{202f}> a: b){0,40}") {
            prop_assert_eq!(pairs(Rule::file, &text), pairs(Rule::file_plain, &text));
        }

        #[test]
        fn shortcuts_change_no_line_of_any_text(text in "\\PC{0,120}") {
            prop_assert_eq!(pairs(Rule::file, &text), pairs(Rule::file_plain, &text));
        }
    }
}
