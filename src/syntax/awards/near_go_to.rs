//! The go-to with a section (FORMAT.md 2b) with its fixed words a few
//! letters off: `Go to paragraph 83 and reed the PIETY paragraph`, `Read
//! the PIETY paragrph below`. Read as the form meant (each word within
//! [`crate::text::slack`]) and reported once by [`super::phrase`].

use crate::syntax::context::Context;
use crate::text::strip_prefix_ci;

/// The item as the format writes it (the caller reads it as the effect meant).
pub(crate) fn near_section(ctx: &Context, bare: &str) -> Option<String> {
    let l = ctx.locale;
    let bare = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    if let Some((p, name)) = closest(&l.read_below, bare) {
        let fixed = crate::effect_words::fill(p, &[("name", name)]);
        return Some(fixed);
    }
    // Any of the locale's go-to spellings (`Vaya al párrafo` too), kept
    // as written; or words a few letters off one (`Got to paragraph`, `Ve
    // al parrafo`, `Vaya a párrafo`), written as that spelling.
    let (go_to, rest) = l
        .spellings("go-to-item")
        .find_map(|g| Some((g, strip_prefix_ci(bare, g)?.strip_prefix(' ')?)))
        .or_else(|| near_go_to_words(ctx, bare))?;
    let rest = rest.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let tail = rest[digits..].trim_start_matches([',', ' ']);
    if digits == 0 || tail.is_empty() {
        return None;
    }
    let (p, name) = closest(&l.read_section, tail)?;
    let filled = crate::effect_words::fill(p, &[("name", name)]);
    let fixed = format!("{go_to} {} {filled}", &rest[..digits]);
    Some(fixed)
}

/// The go-to spelling that the words before the item's first number are a
/// few letters off, and the text from that number on; `None` when the item
/// has no number after a word (nearly every item: a byte search tells).
fn near_go_to_words<'l, 't>(ctx: &'l Context, bare: &'t str) -> Option<(&'l str, &'t str)> {
    let at = bare.bytes().position(|b| b.is_ascii_digit())?;
    let head = bare[..at].strip_suffix(' ')?.trim_end();
    let go_to = (ctx.locale.spellings("go-to-item"))
        .find(|g| !head.is_empty() && super::misread::near_phrase(head, g))?;
    Some((go_to, &bare[at..]))
}

/// Of `patterns`, the one `text` is fewest edits off, with its name (of
/// those, the shortest name, as [`super::phrase::with_section`] reads):
/// `y lea la seccion` is the formal `y lea la sección`, not `y lee la
/// sección`.
fn closest<'p, 't>(patterns: &'p [String], text: &'t str) -> Option<(&'p String, &'t str)> {
    patterns
        .iter()
        .filter_map(|p| Some((p, near_filled(p, text)?)))
        .min_by_key(|(_, (name, edits))| (*edits, name.len()))
        .map(|(p, (name, _))| (p, name))
}

/// The `{name}` of `pattern` in `text`, the words around it each a few
/// letters off at most, and the edits they are off in all; `None` when a
/// word is further off or no name is left between them.
fn near_filled<'t>(pattern: &str, text: &'t str) -> Option<(&'t str, usize)> {
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
    let edits = |(p, (_, w)): (&&str, &(usize, &str))| {
        let p = crate::text::fold(p);
        crate::text::near(
            &crate::text::fold(w),
            &p,
            crate::text::slack(p.chars().count()),
        )
    };
    let edits = pairs.map(edits).sum::<Option<usize>>()?;
    let first = words[before.len()].0;
    let (last, w) = words[words.len() - after.len() - 1];
    Some((&text[first..last + w.len()], edits))
}
