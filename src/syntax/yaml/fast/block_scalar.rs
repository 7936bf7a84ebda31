//! Literal (`|`) and folded (`>`) block scalars, clipped or stripped (`-`).

use super::Fast;
use crate::syntax::yaml::{Node, Value};

impl Fast<'_, '_> {
    /// A block scalar whose header is at `at` (its collection indented
    /// `indent`), and the start of the line that ends it. Gives up on an
    /// indentation indicator, keep chomping (`+`), leading blank lines,
    /// blank lines with more blanks than the text's indentation, folded
    /// lines indented more than the first, and text that ends the file
    /// without a line break.
    pub(super) fn block_scalar(&mut self, at: usize, indent: usize) -> Option<(Node, usize)> {
        let folded = self.b[at] == b'>';
        let strip = self.b.get(at + 1) == Some(&b'-');
        let after = at + 1 + usize::from(strip);
        let p = self.spaces_from(after);
        match self.b.get(p) {
            Some(b'\n') => {}
            Some(b'#') if p > after => {}
            _ => return None,
        }
        let first = self.next_line(p);
        let m = self.spaces_from(first) - first;
        if m <= indent || matches!(self.b.get(first + m), None | Some(b'\n')) {
            return None;
        }
        let mut value = String::new();
        let (mut line, mut blanks) = (first, 0usize);
        let (end, next) = loop {
            if line >= self.b.len() {
                break (self.b.len(), self.b.len());
            }
            let k = self.spaces_from(line) - line;
            match self.b.get(line + k) {
                None | Some(b'\n') if k > m => return None,
                None => break (self.b.len(), self.b.len()),
                Some(b'\n') => {
                    blanks += 1;
                    line += k + 1;
                    continue;
                }
                Some(_) if k < m => break (line + k, line),
                Some(_) => {}
            }
            if folded && k > m {
                return None;
            }
            let e = self.line_end(line);
            if e == self.b.len() {
                return None;
            }
            if line != first {
                join(&mut value, folded, blanks);
            }
            value.push_str(&self.text[line + m..e]);
            blanks = 0;
            line = e + 1;
        };
        if !strip {
            value.push('\n');
        }
        self.count()?;
        let node = Node {
            value: Value::Str(value),
            span: self.span(first + m, end),
        };
        Some((node, next))
    }
}

/// What joins two lines of text with `blanks` blank lines between them.
fn join(value: &mut String, folded: bool, blanks: usize) {
    if folded && blanks == 0 {
        value.push(' ');
    } else {
        let breaks = if folded { blanks } else { blanks + 1 };
        value.extend(std::iter::repeat_n('\n', breaks));
    }
}
