//! The first path of [`super::parse`]: the YAML a book writes, read by hand.
//!
//! granit-parser's scanner and parser cost about 345 instructions a byte of
//! a written book's YAML, which is a tenth of a written book's bytes. Books
//! write a small part of YAML: block mappings and sequences, one-line flow
//! sequences and maps of scalars, one-line plain and quoted scalars,
//! literal and folded block scalars, comments and blank lines. This reader
//! reads that part straight into the nodes [`super::events`] builds (the
//! same values, the same spans, its quirks included: a block mapping's span
//! is its first key, an empty value's is its colon, a sequence written at
//! its key's indentation starts at its first item), and gives up (`None`)
//! on anything else: tabs, carriage returns and other controls, anchors,
//! aliases, tags, merge keys, directives and document markers, explicit
//! keys, scalars over several lines, a block scalar it does not read
//! exactly (an indentation indicator, keep chomping, more-indented folded
//! lines), escapes other than `\\ \" \/ \t \n`, odd indentation, nesting
//! past [`MAX_DEPTH`] and any error. The file is then read by the events,
//! so every finding and refusal is still theirs (and serde-saphyr's). A
//! property test holds the two readers to the same trees.
//!
//! Every line is looked at a bounded number of times and the nesting is
//! bounded, so the reader is linear in the file, hostile files included.

mod block_scalar;
mod inline;
#[cfg(test)]
mod tests;

use super::{Lowering, Node, Value};
use crate::span::Span;

/// The deepest nesting read here (below the events' limit, [`super::MAX_DEPTH`]).
const MAX_DEPTH: usize = 20;
/// The most nodes read here (far below the budget's).
const MAX_NODES: usize = 5_000_000;
/// The longest key read here (granit-parser looks 1,024 characters ahead for
/// a key's colon).
const MAX_KEY: usize = 512;

/// What a block line holds where a key may be.
enum Key {
    /// A key, and its colon.
    At(Node, usize),
    /// No key: a value.
    Absent,
}

struct Fast<'t, 'c> {
    text: &'t str,
    b: &'t [u8],
    cx: &'c mut Lowering<'t>,
    nodes: usize,
}

/// The file's tree, if this reader reads it exactly as the events do.
pub(super) fn read<'t>(cx: &mut Lowering<'t>, text: &'t str) -> Option<Node> {
    if !plain_text(text.as_bytes()) {
        return None;
    }
    let mut r = Fast {
        text,
        b: text.as_bytes(),
        cx,
        nodes: 0,
    };
    let (line, indent) = r.content_line(0)?;
    if indent != 0 || r.at_marker(line) {
        return None;
    }
    let (root, next) = r.block(line, 0, 1)?;
    // Nothing may follow the root but blank lines and comments.
    if r.content_line(next).is_some() {
        return None;
    }
    Some(root)
}

/// No byte that YAML treats specially or refuses: tabs, carriage returns,
/// other controls, a byte order mark, C1 controls (NEL among them), the
/// Unicode line and paragraph separators, and the non-characters U+FFFE/F.
fn plain_text(b: &[u8]) -> bool {
    // A book's YAML is mostly printable ASCII and line breaks: whole runs of
    // 64 such bytes are passed by a test without a branch a byte (vector
    // code), and the bytes from the first other run on are looked at one by
    // one. That run starts a character: the byte before it is ASCII.
    let ascii = b
        .chunks(64)
        .take_while(|run| {
            run.iter().fold(true, |ok, &c| {
                ok & ((c == b'\n') | (0x20..0x7f).contains(&c))
            })
        })
        .count()
        * 64;
    plain_from(b, ascii.min(b.len()))
}

/// [`plain_text`] for the bytes from `i` on (a character's start), byte by
/// byte.
fn plain_from(b: &[u8], mut i: usize) -> bool {
    while i < b.len() {
        match b[i] {
            b'\n' | 0x20..=0x7e | 0x80..=0xc1 | 0xc3..=0xe1 | 0xe3..=0xee | 0xf0..=0xff => {}
            0xc2 => {
                if b.get(i + 1).is_some_and(|&c| (0x80..=0x9f).contains(&c)) {
                    return false;
                }
            }
            0xe2 => {
                if b.get(i + 1) == Some(&0x80) && matches!(b.get(i + 2), Some(0xa8 | 0xa9)) {
                    return false;
                }
            }
            0xef => {
                let next = (b.get(i + 1), b.get(i + 2));
                if matches!(
                    next,
                    (Some(0xbb), Some(0xbf)) | (Some(0xbf), Some(0xbe | 0xbf))
                ) {
                    return false;
                }
            }
            _ => return false,
        }
        i += 1;
    }
    true
}

impl Fast<'_, '_> {
    /// The end of the line holding `at` (its `\n`, or the end of the text).
    fn line_end(&self, at: usize) -> usize {
        self.b[at..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(self.b.len(), |i| at + i)
    }

    /// The start of the line after the one holding `at`.
    fn next_line(&self, at: usize) -> usize {
        (self.line_end(at) + 1).min(self.b.len())
    }

    /// The first line from the line start `line` on that is neither blank
    /// nor a comment: its start and indentation; `None` at the end.
    fn content_line(&self, mut line: usize) -> Option<(usize, usize)> {
        while line < self.b.len() {
            let indent = self.b[line..].iter().take_while(|&&c| c == b' ').count();
            match self.b.get(line + indent) {
                None => return None,
                Some(b'\n' | b'#') => line = self.next_line(line + indent),
                Some(_) => return Some((line, indent)),
            }
        }
        None
    }

    /// `---`, `...` or a directive at the start of a line.
    fn at_marker(&self, line: usize) -> bool {
        let rest = &self.b[line..];
        rest.starts_with(b"---") || rest.starts_with(b"...") || rest.starts_with(b"%")
    }

    /// `- ` (or `-` ending the line) at `at`: a block sequence's entry.
    fn is_entry(&self, at: usize) -> bool {
        self.b.get(at) == Some(&b'-') && matches!(self.b.get(at + 1), None | Some(b' ' | b'\n'))
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.cx.file, start, end)
    }

    /// Count a node; `None` past the budget.
    fn count(&mut self) -> Option<()> {
        self.nodes += 1;
        (self.nodes < MAX_NODES).then_some(())
    }

    /// The block node whose first line starts at `line`, indented `indent`:
    /// the node and the start of the first line after it.
    fn block(&mut self, line: usize, indent: usize, depth: usize) -> Option<(Node, usize)> {
        let at = line + indent;
        if self.is_entry(at) {
            self.sequence(line, indent, at, depth)
        } else {
            self.mapping(line, indent, depth)
        }
    }

    /// A block sequence whose entries are at `indent`, the first on `line`;
    /// its span starts at `from`.
    fn sequence(
        &mut self,
        mut line: usize,
        indent: usize,
        from: usize,
        depth: usize,
    ) -> Option<(Node, usize)> {
        if depth >= MAX_DEPTH {
            return None;
        }
        self.count()?;
        let mut items = Vec::new();
        loop {
            let dash = line + indent;
            if !self.is_entry(dash) {
                return None;
            }
            let (item, next) = self.entry(dash, indent, depth + 1)?;
            items.push(item);
            match self.content_line(next) {
                Some((l, i)) if i == indent && self.is_entry(l + i) => line = l,
                Some((_, i)) if i > indent => return None,
                _ => {
                    let node = Node {
                        value: Value::Seq(items),
                        span: self.span(from, from),
                    };
                    return Some((node, next));
                }
            }
        }
    }

    /// The node after a sequence entry's `-` at `dash` (its sequence
    /// indented `indent`), and the start of the line after it.
    fn entry(&mut self, dash: usize, indent: usize, depth: usize) -> Option<(Node, usize)> {
        let at = dash
            + 1
            + self.b[dash + 1..]
                .iter()
                .take_while(|&&c| c == b' ')
                .count();
        match self.b.get(at) {
            None | Some(b'\n' | b'#') => return None,
            _ => {}
        }
        let line = dash - indent;
        let column = at - line;
        // The readers look at a line from its indentation on, so the entry's
        // line is read as if indented to the node's column.
        if self.is_entry(at) {
            // `- - x`: a sequence in a sequence, at the second dash.
            return self.sequence(line, column, at, depth);
        }
        match self.key(at)? {
            Key::At(..) => self.mapping(line, column, depth),
            Key::Absent => self.inline(at, indent, depth),
        }
    }

    /// A block mapping whose keys are at `indent`, the first on `line`.
    fn mapping(&mut self, mut line: usize, indent: usize, depth: usize) -> Option<(Node, usize)> {
        if depth >= MAX_DEPTH {
            return None;
        }
        self.count()?;
        let from = line + indent;
        let mut entries = Vec::new();
        loop {
            let at = line + indent;
            let Key::At(key, colon) = self.key(at)? else {
                return None;
            };
            if matches!(&key.value, Value::Str(k) if k == "<<") {
                return None;
            }
            let (value, next) = self.value(colon, indent, depth + 1)?;
            entries.push((key, value));
            match self.content_line(next) {
                Some((l, i)) if i == indent && !self.is_entry(l + i) => line = l,
                Some((_, i)) if i >= indent => return None,
                _ => {
                    let node = Node {
                        value: Value::Map(self.cx.dedup(entries)),
                        span: self.span(from, from),
                    };
                    return Some((node, next));
                }
            }
        }
    }

    /// The value after a block key's colon at `colon` (its mapping indented
    /// `indent`), and the start of the line after it.
    fn value(&mut self, colon: usize, indent: usize, depth: usize) -> Option<(Node, usize)> {
        let at = colon
            + 1
            + self.b[colon + 1..]
                .iter()
                .take_while(|&&c| c == b' ')
                .count();
        if !matches!(self.b.get(at), None | Some(b'\n' | b'#')) {
            return self.inline(at, indent, depth);
        }
        let next = self.next_line(at);
        match self.content_line(next) {
            Some((l, i)) if i > indent => {
                if self.is_entry(l + i) {
                    self.sequence(l, i, l + i, depth)
                } else {
                    self.mapping(l, i, depth)
                }
            }
            // A sequence at its key's indentation starts at its first item.
            Some((l, i)) if i == indent && self.is_entry(l + i) => {
                let first = l
                    + i
                    + 1
                    + self.b[l + i + 1..]
                        .iter()
                        .take_while(|&&c| c == b' ')
                        .count();
                self.sequence(l, i, first, depth)
            }
            _ => {
                self.count()?;
                let node = Node {
                    value: Value::Null,
                    span: self.span(colon, colon),
                };
                Some((node, next))
            }
        }
    }
}
