//! The fast path of [`super::parse`]: the tree built straight from the YAML
//! parser's events (granit-parser, the parser serde-saphyr reads with),
//! with the parser options serde-saphyr gives it.
//!
//! serde-saphyr hands every node to serde as a struct of four fields (the
//! value and its locations): nine tenths of a written book's YAML time.
//! This reader builds the same nodes with the same spans from the same
//! events, and gives up (`None`) on anything it does not read exactly as
//! serde-saphyr does: an error of any kind, anchors, aliases, tags, merge
//! keys, a second document, nesting near the depth limit, counts near the
//! budget, and plain scalars that may be numbers other than plain integers.
//! [`super::parse`] then reads the file through serde-saphyr, so findings
//! and refusals are its own. A property test holds the two to the same
//! trees.

use super::{Lowering, Node, Value};
use crate::span::Span;
use granit_parser::{Event, Parser, ScalarStyle, StrInput};

/// The granit-parser options serde-saphyr uses for `budget`
/// (`Budget::parser_options`, with `Options::strict_indentation` off).
fn parser_options(budget: &serde_saphyr::Budget) -> granit_parser::Options {
    let block_nesting_limit = granit_parser::Options::default()
        .block_nesting_limit
        .max(budget.max_depth.saturating_add(1));
    granit_parser::options! {
        simple_key_max_lookahead: budget.simple_key_max_lookahead,
        flow_nesting_limit: budget.flow_nesting_limit,
        block_nesting_limit: block_nesting_limit,
        emit_comments: false,
        strict_indentation: false,
    }
}

/// Reads the events of one file into nodes.
struct Reader<'t, 'c> {
    parser: Parser<'t, StrInput<'t>>,
    cx: &'c mut Lowering<'t>,
    events: usize,
    /// The most events read before giving up (below the budget's).
    max_events: usize,
    max_depth: usize,
}

/// The file's tree, if this reader reads it as serde-saphyr would.
pub(super) fn read<'t>(
    cx: &mut Lowering<'t>,
    text: &'t str,
    budget: &serde_saphyr::Budget,
) -> Option<Node> {
    if text.len() >= budget.max_total_scalar_bytes {
        return None;
    }
    let mut r = Reader {
        parser: Parser::new_from_str_with_options(text, parser_options(budget)),
        cx,
        events: 0,
        max_events: budget.max_events.min(budget.max_nodes),
        max_depth: budget.max_depth,
    };
    if !matches!(r.next()?.0, Event::StreamStart) {
        return None;
    }
    if !matches!(r.next()?.0, Event::DocumentStart(_, None)) {
        return None;
    }
    let (event, span) = r.next()?;
    let root = r.node(event, span, 1)?;
    if !matches!(r.next()?.0, Event::DocumentEnd) || !matches!(r.next()?.0, Event::StreamEnd) {
        return None;
    }
    Some(root)
}

impl<'t> Reader<'t, '_> {
    fn next(&mut self) -> Option<(Event<'t>, granit_parser::Span)> {
        self.events += 1;
        if self.events >= self.max_events {
            return None;
        }
        self.parser.next()?.ok()
    }

    fn span(&self, span: &granit_parser::Span) -> Option<Span> {
        let len = self.cx.text.len();
        let start = span.start.byte_offset()?.min(len);
        let end = span.end.byte_offset()?.max(start).min(len);
        Some(Span::new(self.cx.file, start, end))
    }

    /// The node `event` starts, at `depth` (the root is 1).
    fn node(&mut self, event: Event<'t>, span: granit_parser::Span, depth: usize) -> Option<Node> {
        let at = self.span(&span)?;
        let value = match event {
            Event::Scalar(text, style, 0, None) => scalar(text, style)?,
            Event::SequenceStart(_, 0, None) if depth < self.max_depth => {
                let mut items = Vec::new();
                loop {
                    match self.next()? {
                        (Event::SequenceEnd, _) => break,
                        (e, s) => items.push(self.node(e, s, depth + 1)?),
                    }
                }
                Value::Seq(items)
            }
            Event::MappingStart(_, 0, None) if depth < self.max_depth => {
                let mut entries = Vec::new();
                loop {
                    let key = match self.next()? {
                        (Event::MappingEnd, _) => break,
                        (e, s) => self.node(e, s, depth + 1)?,
                    };
                    // `<<` merges a map into this one (serde-saphyr's
                    // `MergeKeyPolicy::Merge`).
                    if matches!(&key.value, Value::Str(k) if k == "<<") {
                        return None;
                    }
                    let (e, s) = self.next()?;
                    entries.push((key, self.node(e, s, depth + 1)?));
                }
                Value::Map(self.cx.dedup(entries))
            }
            _ => return None,
        };
        Some(Node { value, span: at })
    }
}

/// A scalar's value as serde-saphyr's `deserialize_any` reads it (YAML
/// 1.2 booleans, `Options::strict_booleans`), or `None` when it may be a
/// number other than a plain integer.
pub(super) fn scalar(text: std::borrow::Cow<'_, str>, style: ScalarStyle) -> Option<Value> {
    if !matches!(style, ScalarStyle::Plain) {
        return Some(Value::Str(text.into_owned()));
    }
    Some(match text.as_ref() {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        t => match plain(t) {
            Plain::Words => Value::Str(text.into_owned()),
            Plain::Int(i) => Value::Int(i),
            Plain::GiveUp => return None,
        },
    })
}

/// What a plain scalar other than null or a boolean is.
#[derive(Debug, PartialEq)]
enum Plain {
    Words,
    Int(i64),
    /// A number of another kind, or maybe one (`1.5`, `0x1F`, `007`,
    /// `.inf`, `nan`, `1_000`, `99999999999999999999`).
    GiveUp,
}

fn plain(t: &str) -> Plain {
    // A short plain integer (a card's `1003`, a cell's `-7`, the usual
    // number) at once: [`plain_full`] would say the same (a property test
    // holds the two to one answer).
    let digits = t.strip_prefix('-').unwrap_or(t);
    if (1..=18).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'))
    {
        let n = digits
            .bytes()
            .fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
        return Plain::Int(if t.len() > digits.len() { -n } else { n });
    }
    plain_full(t)
}

/// [`plain`] without its quick integers.
fn plain_full(t: &str) -> Plain {
    // A word (the usual case): a letter that starts no number, `inf` or
    // `nan` (the tests below would say the same).
    if t.as_bytes()
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() && !matches!(c, b'i' | b'I' | b'n' | b'N'))
    {
        return Plain::Words;
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    let is = |words: &[&str]| words.iter().any(|w| unsigned.eq_ignore_ascii_case(w));
    if is(&["inf", "infinity", "nan", ".inf", ".nan"]) {
        return Plain::GiveUp;
    }
    let numeric =
        t.len() > unsigned.len() || unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    // A number has no blank inside (`12 Rich`), and no letter but an
    // exponent's (`1d6`) unless a radix is written.
    if !numeric || t.bytes().any(|b| matches!(b, b' ' | b'\t')) {
        return Plain::Words;
    }
    let radix = unsigned
        .get(..2)
        .is_some_and(|p| ["0x", "0o", "0b"].iter().any(|r| p.eq_ignore_ascii_case(r)));
    if !radix && !unsigned.bytes().all(|b| b"0123456789_.eE+-".contains(&b)) {
        return Plain::Words;
    }
    // `0`, `42`, `-7`: a plain integer without a leading zero, in `i64`.
    let digits = t.strip_prefix('-').unwrap_or(t);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    match t.parse::<i64>() {
        Ok(i) if plain => Plain::Int(i),
        _ => Plain::GiveUp,
    }
}

#[cfg(test)]
mod tests {
    use super::{plain, plain_full};
    use proptest::prelude::*;

    proptest! {
        /// The quick integers are read as the full reading reads them:
        /// signs, leading zeros, 18, 19 and 20 digits, blanks, and words.
        #[test]
        fn quick_integers_read_as_the_full_reading(
            sign in prop_oneof![Just(""), Just("-"), Just("+"), Just("--")],
            digits in "[0-9]{0,20}",
            tail in prop_oneof![Just(""), Just(" "), Just("x"), Just(".5"), Just("_1"), Just("e3")],
        ) {
            let t = format!("{sign}{digits}{tail}");
            prop_assert_eq!(plain(&t), plain_full(&t), "{}", t);
        }
    }

    #[test]
    fn the_edges_of_the_quick_integers() {
        for t in [
            "0",
            "-0",
            "7",
            "-7",
            "1003",
            "007",
            "999999999999999999",
            "-999999999999999999",
        ] {
            assert_eq!(plain(t), plain_full(t), "{t}");
        }
        assert_eq!(plain("1003"), super::Plain::Int(1003));
        assert_eq!(plain("-7"), super::Plain::Int(-7));
    }
}
