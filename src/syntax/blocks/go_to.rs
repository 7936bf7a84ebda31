//! The go-to phrase (`Go to paragraph 513`) written in prose instead of in
//! the award code. A printed book puts it among the award items, where it
//! moves the reader; in the text it moves no one. It is read as a
//! reference (so the paragraph it names is not reported unreachable as
//! well) and reported once, with the award code it belongs in.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::effect_index::GoToGroup;
use crate::ir::{Node, Reference, Target};
use crate::span::Span;
use crate::syntax::blocks::pieces::Joined;
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::text::strip_prefix_ci;

/// Find the locale's go-to phrase (each of its spellings: `Ve al párrafo`,
/// `Pasa al párrafo`) and a number in the text `t`, outside the award codes
/// at `awards` (ascending). Occurrences after `quiet_from` (text already
/// reported as following a misplaced award code) are read but not reported
/// again.
///
/// Called once a text, from one place (`block::lower_text`): inlined
/// there, 3 to 10 M instructions less on a 30k book, and the same code
/// whichever unit the compiler builds it in (it was inlined in some builds
/// and not in others, which moved the benchmarks' counts as much).
#[inline]
pub(crate) fn in_prose(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    awards: &[Range],
    quiet_from: Option<usize>,
    node: &mut Node,
    diags: &mut Diagnostics,
) {
    let prose = Prose {
        t,
        joined,
        awards,
        quiet_from,
    };
    let from = node.refs.len();
    // Spellings that start with the same letter (`Ve al`, `Vaya al`) are
    // tried at the places of one search for it: the text is searched once
    // a first letter, however many spellings the locale reads.
    let groups = ctx.locale.effect_index().go_to_groups();
    for group in groups {
        prose.phrases(ctx, group, node, diags);
    }
    // A second spelling's references are found after the first's: put
    // them back in the text's order.
    if groups.len() > 1 || groups.first().is_some_and(|g| g.spellings.len() > 1) {
        node.refs[from..].sort_by_key(|r| r.span.start);
    }
}

/// A text searched for go-to phrases, outside its award codes.
struct Prose<'a> {
    t: &'a str,
    joined: &'a Joined<'a>,
    awards: &'a [Range],
    quiet_from: Option<usize>,
}

impl Prose<'_> {
    /// Each `phrase N` of the text, for the locale's spellings of `group`
    /// (those that start with one letter, in the locale's order): a
    /// reference, and one warning.
    fn phrases(&self, ctx: &Context, group: &GoToGroup, node: &mut Node, diags: &mut Diagnostics) {
        let (t, awards) = (self.t, self.awards);
        let (common, spellings) = (group.common, &group.spellings);
        let mut k = 0;
        for i in starts(t, group.first) {
            // What every spelling of the group starts with, once; then what
            // each has after it.
            let Some(after) = strip_prefix_ci(&t[i..], &spellings[0][..common]) else {
                continue;
            };
            let Some((phrase, rest)) = (spellings.iter())
                .find_map(|p| Some((p.as_str(), strip_prefix_ci(after, &p[common..])?)))
            else {
                continue;
            };
            while k < awards.len() && awards[k].1 <= i {
                k += 1;
            }
            if awards.get(k).is_some_and(|&(a, b)| i >= a && i < b)
                || t[..i]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            let Some((n, len)) = number(rest) else {
                continue;
            };
            let end = t.len() - rest.len() + len;
            let span = Span::new(ctx.file, self.joined.to_file(i), self.joined.to_file(end));
            node.refs.push(Reference {
                target: Target::Paragraph(n),
                span,
            });
            if self.quiet_from.is_some_and(|q| i >= q) {
                continue;
            }
            diags.push(misplaced(&t[i..end], phrase, n, span));
        }
    }
}

/// The warning for a go-to phrase in the text.
fn misplaced(written: &str, phrase: &str, n: u32, span: Span) -> Diagnostic {
    Diagnostic::new(
        "go-to-in-prose",
        span,
        format!("`{written}` is in the text, so it moves no one"),
    )
    .label("not in an award code")
    .with_help(format!(
        "put it in the award code at the end of the text, as an item: `[... / {phrase} {n}]` (or `[... / @{n}]`)"
    ))
}

/// Where a character that may be `first` in any case starts. An ASCII
/// letter (the phrase of every built-in locale starts with one) is looked
/// for by a vector search for either case.
fn starts(t: &str, first: char) -> Box<dyn Iterator<Item = usize> + '_> {
    if first.is_ascii() {
        // `b | 0x20 == lo`: the byte `lo` and the one without its 0x20 bit
        // (the capital of a letter), or none when `lo` has no such bit;
        // found by a vector search for either (a test of each byte through
        // an iterator chain was 11 instructions a byte of version 2).
        let lo = first.to_ascii_lowercase() as u8;
        if lo & 0x20 == 0 {
            return Box::new(std::iter::empty());
        }
        return Box::new(memchr::memchr2_iter(lo, lo & !0x20, t.as_bytes()));
    }
    let (lo, up) = (first.to_lowercase().next(), first.to_uppercase().next());
    Box::new(
        t.match_indices(move |c: char| Some(c) == lo || Some(c) == up)
            .map(|(i, _)| i),
    )
}

/// ` 513` (one space or more, then digits not followed by a letter or
/// digit): the number and the length read.
fn number(rest: &str) -> Option<(u32, usize)> {
    let digits_at = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if digits_at == 0 {
        return None;
    }
    // `Pasa al párrafo n.º 202`: the number sign is read past.
    let signed = crate::syntax::awards::phrase::without_number_sign(&rest[digits_at..]);
    let digits_at = rest.len() - signed.len();
    let digits = rest[digits_at..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let end = digits_at + digits;
    if rest[end..].starts_with(char::is_alphanumeric) {
        return None;
    }
    Some((rest[digits_at..end].parse().ok()?, end))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// The vector search finds the bytes a test of each byte finds
        /// (`b | 0x20 == lo`): both cases of a letter, and for a character
        /// that is not one, what that test finds (nothing, or `-` and CR).
        #[test]
        fn starts_finds_each_byte_a_byte_test_finds(
            text in "[gGoO \\r\\-@.é\\u{2014}]{0,80}",
            first in prop::sample::select(vec!['g', 'G', 'o', '-', '@', 'é']),
        ) {
            let slow: Vec<usize> = if first.is_ascii() {
                let lo = first.to_ascii_lowercase() as u8;
                text.bytes().enumerate().filter(|&(_, b)| b | 0x20 == lo).map(|(i, _)| i).collect()
            } else {
                text.match_indices(['é', 'É']).map(|(i, _)| i).collect()
            };
            prop_assert_eq!(super::starts(&text, first).collect::<Vec<_>>(), slow);
        }
    }
}
