//! YAML files as a tree of spanned nodes.
//!
//! serde-saphyr does the YAML parsing (with its resource budget, which is
//! what refuses alias bombs) and gives every node its location; the lowering
//! passes in [`crate::lower`] then read the tree by hand, so that one bad
//! value is one diagnostic and the rest of the file is still checked.
//! Two faster readers come first and give the same tree or give up: the
//! YAML books write read by hand ([`fast`]), then any YAML read from the
//! parser's events ([`events`]).

mod error;
mod events;
#[cfg(test)]
mod events_tests;
mod fast;

use crate::diagnostic::Diagnostic;
use crate::span::{FileId, Span};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// A YAML value with its span.
#[derive(Clone, Debug)]
pub struct Node {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// The node's scalar text (strings, numbers and booleans as written),
    /// `None` for null, sequences and maps.
    pub fn scalar(&self) -> Option<String> {
        match &self.value {
            Value::Str(s) => Some(s.clone()),
            Value::Int(i) => Some(i.to_string()),
            Value::Float(f) => Some(f.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    pub fn as_map(&self) -> Option<&[(Node, Node)]> {
        match &self.value {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.value, Value::Null)
    }

    /// Look a key up in a map node.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?
            .iter()
            // A string key is compared where it is (a key is most often
            // one): no copy of it a key looked at.
            .find(|(k, _)| match &k.value {
                Value::Str(s) => s == key,
                _ => k.scalar().as_deref() == Some(key),
            })
            .map(|(_, v)| v)
    }

    /// What kind of node this is, for messages ("a list", "a map", ...).
    pub fn kind_name(&self) -> &'static str {
        match self.value {
            Value::Null => "nothing",
            Value::Bool(_) => "a boolean",
            Value::Int(_) | Value::Float(_) => "a number",
            Value::Str(_) => "a string",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a map",
        }
    }
}

/// The deepest nesting of lists and maps read.
pub const MAX_DEPTH: usize = 24;

/// Resource limits for untrusted YAML. Generous for real books (a book of
/// 300,000 paragraphs has about 100,000 matrix cells), small for aliases,
/// which real books do not need and alias bombs abuse.
fn budget() -> serde_saphyr::Budget {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_events = 40_000_000;
    budget.max_nodes = 20_000_000;
    budget.max_aliases = 1_000;
    budget.max_anchors = 1_000;
    budget.max_recorded_anchor_events = 100_000;
    // The format nests four or five levels; a debug build's serde frames
    // are large, and deep nesting must not reach the stack's end.
    budget.max_depth = MAX_DEPTH;
    budget.max_documents = 1;
    budget.max_total_scalar_bytes = 512 * 1024 * 1024;
    budget
}

#[allow(clippy::field_reassign_with_default)]
fn options(budget: serde_saphyr::Budget) -> serde_saphyr::Options {
    let mut aliases = serde_saphyr::options::AliasLimits::default();
    aliases.max_total_replayed_events = 100_000;
    let mut options = serde_saphyr::Options::default();
    options.budget = Some(budget);
    options.alias_limits = aliases;
    // YAML 1.2 booleans only: matrices N and Y stay letters, not `false`/`true`.
    options.strict_booleans = true;
    // Duplicate keys reach the tree, which reports them with both lines.
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::PassThrough;
    options
}

/// Parse one YAML file. An empty file is an empty map. A key given twice in
/// a map is reported (the first one is kept), not a reason to refuse the
/// file: the rest of it is still checked.
pub fn parse(file: FileId, text: &str) -> Result<(Node, Vec<Diagnostic>), Box<Diagnostic>> {
    if text.trim().is_empty() {
        return Ok((
            Node {
                value: Value::Map(Vec::new()),
                span: Span::new(file, 0, 0),
            },
            Vec::new(),
        ));
    }
    // The YAML books write, read by hand; the parser's events read into
    // nodes when that reader gives up; serde-saphyr when the events reader
    // gives up (on errors too: their findings are serde-saphyr's).
    let mut cx = Lowering::new(file, text);
    if let Some(node) = fast::read(&mut cx, text) {
        return Ok((node, cx.diags));
    }
    let budget = budget();
    let mut cx = Lowering::new(file, text);
    if let Some(node) = events::read(&mut cx, text, &budget) {
        return Ok((node, cx.diags));
    }
    parse_by_serde(file, text, budget)
}

/// [`parse`] through serde-saphyr alone.
fn parse_by_serde(
    file: FileId,
    text: &str,
    budget: serde_saphyr::Budget,
) -> Result<(Node, Vec<Diagnostic>), Box<Diagnostic>> {
    match serde_saphyr::from_str_with_options::<Raw>(text, options(budget)) {
        Ok(raw) => {
            let mut cx = Lowering::new(file, text);
            let node = raw.into_node(&mut cx);
            Ok((node, cx.diags))
        }
        Err(err) => Err(Box::new(yaml_error(file, text, &err))),
    }
}

/// What turning serde-saphyr's values into nodes needs.
struct Lowering<'a> {
    file: FileId,
    text: &'a str,
    /// Line starts, made when a duplicate key needs a line number.
    lines: Option<Vec<usize>>,
    diags: Vec<Diagnostic>,
}

impl<'a> Lowering<'a> {
    fn new(file: FileId, text: &'a str) -> Self {
        Lowering {
            file,
            text,
            lines: None,
            diags: Vec::new(),
        }
    }

    fn line_of(&mut self, offset: usize) -> usize {
        let text = self.text;
        let lines = self.lines.get_or_insert_with(|| {
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        lines.partition_point(|&s| s <= offset)
    }

    /// Keep the first of each key, report the others. The keys are
    /// compared by their borrowed text (a map of one entry needs no
    /// comparing): a real book's cards and matrices are thousands of small
    /// maps, and a `String` made for every key was near half of their
    /// lowering. A map of up to [`SMALL_MAP`] keys compares each key with
    /// the ones before it (no table to build or hash); a larger one keeps a
    /// table, hashed by std's `SipHash`: these keys are the file's own, and
    /// a hostile file must not choose their collisions.
    fn dedup(&mut self, entries: Vec<(Node, Node)>) -> Vec<(Node, Node)> {
        if entries.len() < 2 {
            return entries;
        }
        let again = if entries.len() <= SMALL_MAP {
            repeated_keys_small(&entries)
        } else {
            repeated_keys(&entries)
        };
        if again.is_empty() {
            return entries;
        }
        let mut out = Vec::with_capacity(entries.len());
        let mut dropped = again.into_iter().peekable();
        for (i, (k, v)) in entries.into_iter().enumerate() {
            if let Some((_, first, name)) = dropped.next_if(|(at, _, _)| *at == i) {
                let line = self.line_of(first.start as usize);
                self.diags.push(
                    Diagnostic::new(
                        "syntax-error",
                        k.span,
                        format!("key `{name}` is defined twice (first at line {line})"),
                    )
                    .label("defined again")
                    .with_secondary(first, "first defined here")
                    .with_help("merge the two, or rename one; tales reads the first"),
                );
                continue;
            }
            out.push((k, v));
        }
        out
    }
}

/// The most keys a map may have for [`Lowering::dedup`] to compare each
/// with the ones before it: at most 120 comparisons, cheaper than a table.
const SMALL_MAP: usize = 16;

/// Each key given again in `entries`: its index, the first one's span and
/// its text, in order; each key compared with the ones before it.
fn repeated_keys_small(entries: &[(Node, Node)]) -> Vec<(usize, Span, String)> {
    let mut names: smallvec::SmallVec<[Option<std::borrow::Cow<'_, str>>; SMALL_MAP]> =
        smallvec::SmallVec::new();
    let mut again = Vec::new();
    for (i, (k, _)) in entries.iter().enumerate() {
        let name = scalar_text(k);
        if let Some(n) = &name
            && let Some(first) = names.iter().position(|m| m.as_ref() == Some(n))
        {
            again.push((i, entries[first].0.span, n.clone().into_owned()));
            // Only a key's first time is compared again (as the table keeps
            // only the first).
            names.push(None);
            continue;
        }
        names.push(name);
    }
    again
}

/// [`repeated_keys_small`] for a map of any size, by a table.
fn repeated_keys(entries: &[(Node, Node)]) -> Vec<(usize, Span, String)> {
    let mut again: Vec<(usize, Span, String)> = Vec::new();
    let mut seen: std::collections::HashMap<std::borrow::Cow<'_, str>, Span> =
        std::collections::HashMap::with_capacity(entries.len());
    for (i, (k, _)) in entries.iter().enumerate() {
        let Some(name) = scalar_text(k) else { continue };
        match seen.entry(name) {
            std::collections::hash_map::Entry::Occupied(first) => {
                again.push((i, *first.get(), first.key().clone().into_owned()));
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(k.span);
            }
        }
    }
    again
}

/// [`Node::scalar`] borrowed when the key is a string (the usual case).
fn scalar_text(k: &Node) -> Option<std::borrow::Cow<'_, str>> {
    match &k.value {
        Value::Str(s) => Some(std::borrow::Cow::Borrowed(s)),
        _ => k.scalar().map(std::borrow::Cow::Owned),
    }
}

fn yaml_error(file: FileId, text: &str, err: &serde_saphyr::Error) -> Diagnostic {
    let span = err
        .location()
        .and_then(|loc| location_span(file, text, &loc))
        .unwrap_or_else(|| Span::new(file, 0, 0));
    if format!("{err:?}").contains("Depth {") {
        return Diagnostic::new(
            "syntax-error",
            span,
            format!("invalid yaml: lists and maps nested deeper than {MAX_DEPTH} levels"),
        )
        .label("too deep")
        .with_help("the book format nests a few levels; this is not a book file, or a run of `-` or `[` was pasted in");
    }
    crate::syntax::yaml::error::explain(file, text, span, &err.without_snippet().to_string())
}

fn location_span(file: FileId, text: &str, loc: &serde_saphyr::Location) -> Option<Span> {
    let span = loc.span();
    if let (Some(start), Some(len)) = (span.byte_offset(), span.byte_len()) {
        let start = usize::try_from(start).ok()?.min(text.len());
        let end = (start + usize::try_from(len).ok()?).min(text.len());
        return Some(Span::new(file, start, end));
    }
    // Fall back on line and column.
    let line = usize::try_from(loc.line()).ok()?;
    let column = usize::try_from(loc.column()).ok()?;
    if line == 0 {
        return None;
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let line_text = text.get(line_start..)?.lines().next().unwrap_or("");
    let col_bytes: usize = line_text
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    let start = (line_start + col_bytes).min(text.len());
    Some(Span::new(file, start, start))
}

/// What serde-saphyr gives us: values with character and byte locations.
struct Raw(serde_saphyr::Spanned<RawValue>);

enum RawValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Raw>),
    Map(Vec<(Raw, Raw)>),
}

impl Raw {
    fn into_node(self, cx: &mut Lowering) -> Node {
        let span = location_span(cx.file, cx.text, &self.0.referenced)
            .unwrap_or_else(|| Span::new(cx.file, 0, 0));
        let value = match self.0.value {
            RawValue::Null => Value::Null,
            RawValue::Bool(b) => Value::Bool(b),
            RawValue::Int(i) => Value::Int(i),
            RawValue::Float(f) => Value::Float(f),
            RawValue::Str(s) => Value::Str(s),
            RawValue::Seq(items) => {
                Value::Seq(items.into_iter().map(|r| r.into_node(cx)).collect())
            }
            RawValue::Map(entries) => {
                let entries = entries
                    .into_iter()
                    .map(|(k, v)| (k.into_node(cx), v.into_node(cx)))
                    .collect();
                Value::Map(cx.dedup(entries))
            }
        };
        Node { value, span }
    }
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_saphyr::Spanned::<RawValue>::deserialize(d).map(Raw)
    }
}

impl<'de> Deserialize<'de> for RawValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = RawValue;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any yaml value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<RawValue, E> {
        Ok(RawValue::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<RawValue, E> {
        Ok(RawValue::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<RawValue, D::Error> {
        RawValue::deserialize(d)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawValue, E> {
        Ok(RawValue::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawValue, E> {
        Ok(RawValue::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawValue, E> {
        Ok(i64::try_from(v).map_or(RawValue::Str(v.to_string()), RawValue::Int))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<RawValue, E> {
        Ok(i64::try_from(v).map_or(RawValue::Str(v.to_string()), RawValue::Int))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<RawValue, E> {
        Ok(i64::try_from(v).map_or(RawValue::Str(v.to_string()), RawValue::Int))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawValue, E> {
        Ok(RawValue::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<RawValue, E> {
        Ok(RawValue::Str(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<RawValue, E> {
        Ok(RawValue::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawValue, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Raw>()? {
            items.push(item);
        }
        Ok(RawValue::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawValue, A::Error> {
        let mut entries = Vec::new();
        while let Some((k, v)) = map.next_entry::<Raw, Raw>()? {
            entries.push((k, v));
        }
        Ok(RawValue::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(node: &Node) -> Vec<String> {
        match &node.value {
            Value::Map(entries) => entries.iter().filter_map(|(k, _)| k.scalar()).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn a_key_given_again_is_one_finding_each_time_and_the_first_is_kept() {
        let text = "a: 1\nb: 2\na: 3\n7: x\nc: 4\na: 5\n7: y\n";
        let (node, diags) = parse(FileId(0), text).unwrap();
        assert_eq!(keys(&node), ["a", "b", "7", "c"]);
        let Value::Map(entries) = &node.value else {
            panic!("a map")
        };
        assert!(
            matches!(entries[0].1.value, Value::Int(1)),
            "the first `a` is kept"
        );
        let said: Vec<_> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            said,
            [
                "key `a` is defined twice (first at line 1)",
                "key `a` is defined twice (first at line 1)",
                "key `7` is defined twice (first at line 4)",
            ]
        );
        assert_eq!(&text[diags[2].primary.span.range()], "7");
        assert_eq!(&text[diags[0].secondary[0].span.range()], "a");
    }

    fn key(text: &str, at: usize) -> (Node, Node) {
        let span = Span::new(FileId(0), at, at + 1);
        let k = match text.parse::<i64>() {
            Ok(i) => Value::Int(i),
            Err(_) if text == "~" => Value::Null,
            Err(_) => Value::Str(text.to_owned()),
        };
        let v = Node {
            value: Value::Null,
            span,
        };
        (Node { value: k, span }, v)
    }

    proptest::proptest! {
        /// A small map's keys compared one by one find the same keys given
        /// again as the table: the same places, first spans and names.
        #[test]
        fn small_maps_find_the_keys_given_again_as_the_table_does(
            names in proptest::collection::vec("[ab17~]{0,2}", 0..=SMALL_MAP)
        ) {
            let entries: Vec<_> = names.iter().enumerate().map(|(i, n)| key(n, i)).collect();
            proptest::prop_assert_eq!(repeated_keys_small(&entries), repeated_keys(&entries));
        }
    }

    #[test]
    fn a_key_given_again_in_a_large_map_is_found_by_the_table() {
        use std::fmt::Write as _;
        let mut text = String::new();
        for i in 0..40 {
            writeln!(text, "k{i}: {i}").unwrap();
        }
        text.push_str("k3: again\nk39: again\n");
        let (node, diags) = parse(FileId(0), &text).unwrap();
        assert_eq!(keys(&node).len(), 40);
        let said: Vec<_> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            said,
            [
                "key `k3` is defined twice (first at line 4)",
                "key `k39` is defined twice (first at line 40)",
            ]
        );
    }

    #[test]
    fn keys_that_differ_in_kind_but_not_in_text_are_the_same_key() {
        // `1` (a number) and `"1"` (a string) read as the same name.
        let (node, diags) = parse(FileId(0), "1: a\n\"1\": b\nx: {}\n").unwrap();
        assert_eq!(keys(&node), ["1", "x"]);
        assert_eq!(diags.len(), 1);
    }
}
