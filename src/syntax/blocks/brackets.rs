//! Brackets that do not pair up in a block's text: a `]` that closes no
//! `[`, a `(` or `{` never closed, a `)` or `}` that closes nothing. Each
//! kind is reported once per block (hostile text with a million of them
//! gets one finding). A `]` after award items whose `[` was forgotten
//! (`... feet. D1 / S2 / Wisdom]`) is read as that award code.
//!
//! Square brackets and braces are the book's markup (award codes,
//! conditions): one that does not pair up changes what the engine does and
//! is an `unbalanced-bracket` error. A parenthesis of the prose changes
//! nothing the engine reads: it is an `unbalanced-parenthesis` warning
//! (unless it stands inside braces, where it is a condition's).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, Effect};
use crate::span::Span;
use crate::syntax::awards::award::try_items;
use crate::syntax::blocks::pieces::Joined;
use crate::syntax::context::Context;

/// What the brackets of a block's text say: findings, and an award code
/// read from items that lack their `[` (with its range in the text).
pub(crate) struct Pairing {
    pub(crate) recovered: Option<(Award, (usize, usize))>,
}

/// Check the text `t` (award codes at `awards`, ascending, left out).
pub(crate) fn check(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    awards: &[(usize, usize)],
    unclosed: Option<usize>,
    diags: &mut Diagnostics,
) -> Pairing {
    let mut out = Pairing { recovered: None };
    let found = scan(t, awards, unclosed);
    let at = |i: usize| {
        let f = joined.to_file(i);
        Span::new(ctx.file, f, f + 1)
    };
    if let Some((i, _)) = found.stray[2] {
        match forgotten_open(ctx, t, joined, i) {
            Some((award, range)) => {
                let written = t[range.0..range.1].trim();
                diags.push(
                    Diagnostic::new(
                        "unbalanced-bracket",
                        award.span,
                        "an award code without its `[`",
                    )
                    .label(format!("read as `[{written}`"))
                    .with_help(format!("write `[{written}`")),
                );
                out.recovered = Some((award, range));
            }
            None => diags.push(
                Diagnostic::new("unbalanced-bracket", at(i), "`]` closes no `[`")
                    .label("no `[` before it")
                    .with_help("an award code is `[item / item]`; add its `[`, or remove the `]`"),
            ),
        }
    }
    report(&found, &at, diags);
    out
}

/// The brackets of a block's text that do not pair up.
struct Scan {
    /// Each `(` never closed, and whether it stands inside braces.
    parens: Vec<(usize, bool)>,
    /// Each `{` never closed.
    braces: Vec<usize>,
    /// The first `)`, `}` and `]` that closes nothing.
    stray: [Option<(usize, char)>; 3],
    /// Whether that `)` stands inside braces.
    stray_paren_in_braces: bool,
}

/// The offsets of the ASCII brackets of `bytes` (`(`, `)`, `[`, `]`, `{`,
/// `}`), in order: two vector searches, for the openers and for the
/// closers (`memchr3`), merged. A test of each byte was about 6
/// instructions a byte of every book.
fn brackets_in(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    crate::text::ascending_merge(
        memchr::memchr3_iter(b'(', b'[', b'{', bytes),
        memchr::memchr3_iter(b')', b']', b'}', bytes),
    )
}

/// The brackets of `t` paired up, award codes at `awards` left out; after
/// an unclosed `[` at `unclosed` (already reported), a `]` is its.
fn scan(t: &str, awards: &[(usize, usize)], unclosed: Option<usize>) -> Scan {
    let mut s = Scan {
        parens: Vec::new(),
        braces: Vec::new(),
        stray: [None; 3],
        stray_paren_in_braces: false,
    };
    let mut k = 0;
    // Brackets are ASCII, and a byte below 0x80 is never inside a longer
    // character: the text's bytes are searched for them, awards skipped.
    let bytes = t.as_bytes();
    for i in brackets_in(bytes) {
        let byte = bytes[i];
        while k < awards.len() && awards[k].1 <= i {
            k += 1;
        }
        if awards.get(k).is_some_and(|&(a, b)| i >= a && i < b) {
            continue;
        }
        let c = char::from(byte);
        match c {
            '(' => s.parens.push((i, !s.braces.is_empty())),
            '{' => s.braces.push(i),
            ')' if s.parens.pop().is_none() && s.stray[0].is_none() => {
                s.stray[0] = Some((i, c));
                s.stray_paren_in_braces = !s.braces.is_empty();
            }
            '}' if s.braces.pop().is_none() => {
                s.stray[1].get_or_insert((i, c));
            }
            ']' if unclosed.is_none_or(|u| i < u) => {
                s.stray[2].get_or_insert((i, c));
            }
            _ => {}
        }
    }
    s
}

/// The `)` and `}` that close nothing, and the first `(` and `{` never
/// closed: one finding each.
fn report(found: &Scan, at: &dyn Fn(usize) -> Span, diags: &mut Diagnostics) {
    let strays = [
        found.stray[0].map(|(i, c)| (i, c, paren_code(found.stray_paren_in_braces))),
        found.stray[1].map(|(i, c)| (i, c, "unbalanced-bracket")),
    ];
    for (i, c, code) in strays.into_iter().flatten() {
        let open = if c == ')' { '(' } else { '{' };
        diags.push(
            Diagnostic::new(code, at(i), format!("`{c}` closes no `{open}`"))
                .label(format!("no `{open}` before it"))
                .with_help(format!("add the `{open}` it closes, or remove the `{c}`")),
        );
    }
    let unclosed = [
        found
            .parens
            .first()
            .map(|&(i, inside)| (i, ')', paren_code(inside), "`(` is never closed")),
        found
            .braces
            .first()
            .map(|&i| (i, '}', "unbalanced-bracket", "`{` is never closed")),
    ];
    for (i, close, code, what) in unclosed.into_iter().flatten() {
        diags.push(
            Diagnostic::new(code, at(i), what)
                .label("unclosed")
                .with_help(format!("close it with `{close}`")),
        );
    }
}

/// A parenthesis of the prose is a warning; inside braces it is a
/// condition's, and an error.
fn paren_code(in_braces: bool) -> &'static str {
    if in_braces {
        "unbalanced-bracket"
    } else {
        "unbalanced-parenthesis"
    }
}

/// Award items that end at the `]` at `close` and start after the last
/// sentence before it (`... feet. D1 / S2 / Wisdom]`), every one of them an
/// item of the format (no free text).
fn forgotten_open(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    close: usize,
) -> Option<(Award, (usize, usize))> {
    let before = &t[..close];
    let start = before
        .rfind(['.', '!', '?', ':', '"', '”', ']', ')'])
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let piece = &t[start..close];
    let lead = piece.len() - piece.trim_start().len();
    let from = start + lead;
    let (items, found) = try_items(ctx, piece.trim(), joined.to_file(from))?;
    if items.is_empty()
        || items
            .iter()
            .any(|i| matches!(i.effect, Effect::FreeText(_)))
        || !found.is_empty()
    {
        return None;
    }
    let span = Span::new(ctx.file, joined.to_file(from), joined.to_file(close) + 1);
    Some((Award { items, span }, (from, close + 1)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// The two searches, merged, find every bracket in order, as a
        /// test of each byte does.
        #[test]
        fn brackets_in_finds_what_a_byte_at_a_time_finds(
            text in "([a-z \n.,]{0,70}|\\(|\\)|\\[|\\]|\\{|\\}|;|=|\\||\\^|é|\u{2014}){0,40}",
        ) {
            let bytes = text.as_bytes();
            let slow: Vec<usize> = bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| matches!(b, b'(' | b')' | b'[' | b']' | b'{' | b'}'))
                .map(|(i, _)| i)
                .collect();
            prop_assert_eq!(super::brackets_in(bytes).collect::<Vec<_>>(), slow);
        }
    }
}
