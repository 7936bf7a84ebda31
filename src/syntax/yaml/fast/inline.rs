//! What one line of a block holds: keys, scalars, one-line flow
//! collections, and block scalars (which take the lines after theirs).

use super::{Fast, Key, MAX_DEPTH, MAX_KEY};
use crate::syntax::yaml::events::scalar as resolve;
use crate::syntax::yaml::{Node, Value};
use granit_parser::ScalarStyle;
use std::borrow::Cow;

/// Whether a plain scalar may start with `c` (followed by `next`): not an
/// indicator, but `-1` is a plain scalar.
fn plain_start(c: u8, next: Option<&u8>) -> bool {
    match c {
        b'-' => next.is_some_and(u8::is_ascii_alphanumeric),
        b'?' | b':' | b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|'
        | b'>' | b'\'' | b'"' | b'%' | b'@' | b'`' | b' ' | b'\n' => false,
        _ => true,
    }
}

impl Fast<'_, '_> {
    pub(super) fn spaces_from(&self, at: usize) -> usize {
        at + self.b[at..].iter().take_while(|&&c| c == b' ').count()
    }

    fn scalar_node(&mut self, start: usize, end: usize, value: Value) -> Option<Node> {
        self.count()?;
        Some(Node {
            value,
            span: self.span(start, end),
        })
    }

    /// A plain scalar's node from its text.
    fn plain_node(&mut self, start: usize, end: usize) -> Option<Node> {
        let value = resolve(Cow::Borrowed(&self.text[start..end]), ScalarStyle::Plain)?;
        self.scalar_node(start, end, value)
    }

    /// A block mapping's key at `at` and its colon, or [`Key::Absent`];
    /// `None` to give up.
    pub(super) fn key(&mut self, at: usize) -> Option<Key> {
        let line_start = at == 0 || self.b[at - 1] == b'\n';
        if line_start && (self.b[at..].starts_with(b"---") || self.b[at..].starts_with(b"...")) {
            return None;
        }
        let c = self.b[at];
        let (node, colon) = if c == b'"' || c == b'\'' {
            let (node, end) = self.quoted(at)?;
            if self.b.get(end) != Some(&b':') {
                return Some(Key::Absent);
            }
            (node, end)
        } else if plain_start(c, self.b.get(at + 1)) {
            let Some(colon) = self.plain_key_end(at) else {
                return Some(Key::Absent);
            };
            if self.b[colon - 1] == b' ' {
                return None;
            }
            (self.plain_node(at, colon)?, colon)
        } else {
            return Some(Key::Absent);
        };
        if colon - at > MAX_KEY || !matches!(self.b.get(colon + 1), None | Some(b' ' | b'\n')) {
            return None;
        }
        Some(Key::At(node, colon))
    }

    /// The colon ending a plain key that starts at `at`, if the line has one
    /// before its end or a comment.
    fn plain_key_end(&self, at: usize) -> Option<usize> {
        let mut i = at;
        while let Some(&c) = self.b.get(i) {
            match c {
                b'\n' => return None,
                b':' if matches!(self.b.get(i + 1), None | Some(b' ' | b'\n')) => return Some(i),
                b'#' if self.b[i - 1] == b' ' => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The value written on a block line at `at` (its collection indented
    /// `indent`), and the start of the line after it.
    pub(super) fn inline(
        &mut self,
        at: usize,
        indent: usize,
        depth: usize,
    ) -> Option<(Node, usize)> {
        let (node, end) = match self.b[at] {
            b'[' | b'{' => self.flow(at, depth)?,
            b'"' | b'\'' => self.quoted(at)?,
            b'|' | b'>' => return self.block_scalar(at, indent),
            c if plain_start(c, self.b.get(at + 1)) => {
                let end = self.plain_end(at)?;
                (self.plain_node(at, end)?, end)
            }
            _ => return None,
        };
        Some((node, self.line_rest(end)?))
    }

    /// After a value ending at `end`: blanks and a comment to the line's
    /// end. The start of the next line.
    fn line_rest(&self, end: usize) -> Option<usize> {
        let p = self.spaces_from(end);
        match self.b.get(p) {
            None => Some(self.b.len()),
            Some(b'\n') => Some(p + 1),
            Some(b'#') if p > end => Some(self.next_line(p)),
            _ => None,
        }
    }

    /// The end of a plain scalar on a block line (trailing blanks left
    /// out); `None` at `: ` (a key where a value is, an error).
    fn plain_end(&self, at: usize) -> Option<usize> {
        let mut i = at;
        while let Some(&c) = self.b.get(i) {
            match c {
                b'\n' => break,
                b':' if matches!(self.b.get(i + 1), None | Some(b' ' | b'\n')) => return None,
                b'#' if self.b[i - 1] == b' ' => break,
                _ => {}
            }
            i += 1;
        }
        while self.b[i - 1] == b' ' {
            i -= 1;
        }
        Some(i)
    }

    /// A quoted scalar on one line at `at`, and the end of its closing quote.
    fn quoted(&mut self, at: usize) -> Option<(Node, usize)> {
        let quote = self.b[at];
        let mut out: Option<String> = None;
        let mut run = at + 1;
        let mut i = at + 1;
        loop {
            let c = *self.b.get(i)?;
            let escaped = match c {
                b'\n' => return None,
                b'\'' if quote == b'\'' => {
                    if self.b.get(i + 1) != Some(&b'\'') {
                        break;
                    }
                    '\''
                }
                b'"' if quote == b'"' => break,
                b'\\' if quote == b'"' => match self.b.get(i + 1)? {
                    b'\\' => '\\',
                    b'"' => '"',
                    b'/' => '/',
                    b't' => '\t',
                    b'n' => '\n',
                    _ => return None,
                },
                _ => {
                    i += 1;
                    continue;
                }
            };
            let s = out.get_or_insert_with(String::new);
            s.push_str(&self.text[run..i]);
            s.push(escaped);
            i += 2;
            run = i;
        }
        let value = match out {
            Some(mut s) => {
                s.push_str(&self.text[run..i]);
                s
            }
            None => self.text[at + 1..i].to_owned(),
        };
        let node = self.scalar_node(at, i + 1, Value::Str(value))?;
        Some((node, i + 1))
    }

    /// A flow sequence or mapping on one line at `at`, and the end of its
    /// closing bracket.
    fn flow(&mut self, at: usize, depth: usize) -> Option<(Node, usize)> {
        if depth >= MAX_DEPTH {
            return None;
        }
        self.count()?;
        let map = self.b[at] == b'{';
        let close = if map { b'}' } else { b']' };
        let mut items = Vec::new();
        let mut entries = Vec::new();
        let mut p = self.spaces_from(at + 1);
        if self.b.get(p) != Some(&close) {
            loop {
                if map {
                    let (key, end) = self.flow_item(p, depth + 1, true)?;
                    if matches!(&key.value, Value::Str(k) if k == "<<")
                        || self.b.get(end) != Some(&b':')
                        || self.b.get(end + 1) != Some(&b' ')
                    {
                        return None;
                    }
                    let (value, end) =
                        self.flow_item(self.spaces_from(end + 1), depth + 1, false)?;
                    entries.push((key, value));
                    p = self.spaces_from(end);
                } else {
                    let (item, end) = self.flow_item(p, depth + 1, false)?;
                    items.push(item);
                    p = self.spaces_from(end);
                }
                match self.b.get(p) {
                    Some(b',') => p = self.spaces_from(p + 1),
                    Some(&c) if c == close => break,
                    _ => return None,
                }
                if self.b.get(p) == Some(&close) {
                    return None;
                }
            }
        }
        let value = if map {
            Value::Map(self.cx.dedup(entries))
        } else {
            Value::Seq(items)
        };
        let node = Node {
            value,
            span: self.span(at, at + 1),
        };
        Some((node, p + 1))
    }

    /// A node inside a flow collection at `at` (a key's when `key`), and
    /// where it ends.
    fn flow_item(&mut self, at: usize, depth: usize, key: bool) -> Option<(Node, usize)> {
        match *self.b.get(at)? {
            b'[' | b'{' if !key => self.flow(at, depth),
            b'"' | b'\'' => self.quoted(at),
            c if plain_start(c, self.b.get(at + 1)) => {
                let mut i = at;
                loop {
                    match *self.b.get(i)? {
                        b',' | b']' | b'}' => break,
                        b':' if key && self.b.get(i + 1) == Some(&b' ') => break,
                        b'\n' | b'[' | b'{' | b'#' | b':' => return None,
                        _ => i += 1,
                    }
                }
                while self.b[i - 1] == b' ' {
                    i -= 1;
                }
                if i - at > MAX_KEY {
                    return None;
                }
                Some((self.plain_node(at, i)?, i))
            }
            _ => None,
        }
    }
}
