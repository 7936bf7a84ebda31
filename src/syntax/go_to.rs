//! The go-to phrase (`Go to paragraph 513`) written in prose instead of in
//! the award code. A printed book puts it among the award items, where it
//! moves the reader; in the text it moves no one. It is read as a
//! reference (so the paragraph it names is not reported unreachable as
//! well) and reported once, with the award code it belongs in.

use super::Context;
use super::block::Joined;
use super::lines::Range;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Effect, Id, Node, Reference, Target};
use crate::span::Span;
use crate::text::strip_prefix_ci;

/// Find the locale's go-to phrase and a number in the text `t`, outside
/// the award codes at `awards` (ascending). Occurrences after `quiet_from`
/// (text already reported as following a misplaced award code) are read
/// but not reported again.
pub(super) fn in_prose(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    awards: &[Range],
    quiet_from: Option<usize>,
    node: &mut Node,
    diags: &mut Diagnostics,
) {
    let phrase = ctx.locale.go_to.as_str();
    let Some(first) = phrase.chars().next() else {
        return;
    };
    let mut k = 0;
    for i in starts(t, first) {
        let Some(rest) = strip_prefix_ci(&t[i..], phrase) else {
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
        let span = Span::new(ctx.file, joined.to_file(i), joined.to_file(end));
        node.refs.push(Reference {
            target: Target::Paragraph(n),
            span,
        });
        if quiet_from.is_some_and(|q| i >= q) {
            continue;
        }
        diags.push(
            Diagnostic::new(
                "go-to-in-prose",
                span,
                format!("`{}` is in the text, so it moves no one", &t[i..end]),
            )
            .label("not in an award code")
            .with_help(format!(
                "put it in the award code at the end of the text, as an item: `[... / {phrase} {n}]` (or `[... / @{n}]`)"
            )),
        );
    }
}

/// Where a character that may be `first` in any case starts. An ASCII
/// letter (the phrase of every built-in locale starts with one) is looked
/// for a byte at a time, which the compiler turns into vector compares.
fn starts(t: &str, first: char) -> Box<dyn Iterator<Item = usize> + '_> {
    if first.is_ascii() {
        let lo = first.to_ascii_lowercase() as u8;
        return Box::new(
            t.bytes()
                .enumerate()
                .filter(move |&(_, b)| b | 0x20 == lo)
                .map(|(i, _)| i),
        );
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

/// `Go to paragraph N and read the NAME paragraph` and `Read the NAME
/// paragraph below` (FORMAT.md 2b, the locale's `read-section` and
/// `read-below`): NAME a glossary name (else kept as written, for the
/// graph to report with the sections the paragraph has).
pub(super) fn with_section(ctx: &Context, bare: &str) -> Option<Effect> {
    let l = ctx.locale;
    let bare = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    let section = |name: &str| match super::heading::resolve(ctx, name) {
        super::heading::Resolved::Exact(kind) => {
            kind.key().map_or_else(|| Id::from(name), |k| Id::from(&*k))
        }
        _ => ctx
            .glossary
            .resolve(name)
            .map_or_else(|| Id::from(name), |e| e.id.value),
    };
    if let Some(name) = l
        .read_below
        .iter()
        .find_map(|p| crate::locale::filled(p, bare))
    {
        return Some(Effect::GotoSection {
            paragraph: None,
            section: section(name),
        });
    }
    let rest = crate::text::strip_prefix_ci(bare, &l.go_to)?.strip_prefix(' ')?;
    let rest = rest.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let n = super::phrase::go_to_number(&rest[..digits])?;
    let tail = rest[digits..].trim_start_matches([',', ' ']);
    let name = l
        .read_section
        .iter()
        .find_map(|p| crate::locale::filled(p, tail))?;
    Some(Effect::GotoSection {
        paragraph: Some(n),
        section: section(name),
    })
}

/// `Go to paragraph 83 and reed the PIETY paragraph`, `Read the PIETY
/// paragrph below`: the section forms of [`with_section`] with their fixed
/// words a few letters off (each word within [`crate::text::slack`]); the
/// effect meant and the item as the format writes it.
pub(super) fn near_section(ctx: &Context, bare: &str) -> Option<(Effect, String)> {
    let l = ctx.locale;
    let bare = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    if let Some((p, name)) = l.read_below.iter().find_map(|p| Some((p, near_filled(p, bare)?))) {
        let fixed = crate::effect_words::fill(p, &[("name", name)]);
        return Some((with_section(ctx, &fixed)?, fixed));
    }
    let rest = strip_prefix_ci(bare, &l.go_to)?.strip_prefix(' ')?.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let tail = rest[digits..].trim_start_matches([',', ' ']);
    if digits == 0 || tail.is_empty() {
        return None;
    }
    let (p, name) = l.read_section.iter().find_map(|p| Some((p, near_filled(p, tail)?)))?;
    let filled = crate::effect_words::fill(p, &[("name", name)]);
    let fixed = format!("{} {} {filled}", l.go_to, &rest[..digits]);
    Some((with_section(ctx, &fixed)?, fixed))
}

/// The `{name}` of `pattern` in `text`, the words around it each a few
/// letters off at most; `None` when a word is further off or no name is
/// left between them.
fn near_filled<'t>(pattern: &str, text: &'t str) -> Option<&'t str> {
    let (before, after) = pattern.split_once("{name}")?;
    let (before, after): (Vec<&str>, Vec<&str>) = (
        before.split_whitespace().collect(),
        after.split_whitespace().collect(),
    );
    let words: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    if words.len() <= before.len() + after.len() {
        return None;
    }
    let tail = &words[words.len() - after.len()..];
    let pairs = before.iter().zip(&words).chain(after.iter().zip(tail));
    let close = |(p, (_, w)): (&&str, &(usize, &str))| {
        let p = crate::text::fold(p);
        crate::text::near(&crate::text::fold(w), &p, crate::text::slack(p.chars().count())).is_some()
    };
    if !pairs.into_iter().all(close) {
        return None;
    }
    let first = words[before.len()].0;
    let (last, w) = words[words.len() - after.len() - 1];
    Some(&text[first..last + w.len()])
}
