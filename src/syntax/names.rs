//! Names the readers share: glossary names as the book writes them (and
//! the one a near miss meant), wealth levels, keywords a few edits off.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::Id;
use crate::span::Span;
use crate::syntax::context::Context;
use crate::text::{fold, near, slack};

/// Whether a word is a few edits from a keyword (but not the keyword).
pub(crate) fn close(word: &str, keyword: &str) -> bool {
    // Most free text is much longer or shorter than a keyword: told by length.
    if word.len().abs_diff(keyword.len()) > 6 {
        return false;
    }
    let (a, b) = (fold(word), fold(keyword));
    a != b && near(&a, &b, slack(b.chars().count())).is_some()
}

/// A glossary name as the book writes it. An id written for a name that
/// differs (`Wisdom` in a Spanish book whose glossary says `wisdom:
/// Sabiduría`) is read as that entry and reported: award items are the
/// book's printed words.
pub(crate) fn named<'g>(
    ctx: &Context<'g>,
    name: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<&'g crate::ir::GlossaryEntry> {
    if let Some(e) = ctx.glossary.resolve_name(name) {
        return Some(e);
    }
    let e = ctx.glossary.by_id_written(name)?;
    diags.push(written_as_id(name.trim(), &e.name.value, span).about_entry(&e.id.value));
    Some(e)
}

/// `unknown-name` for a glossary id written where the book's name goes.
pub(crate) fn written_as_id(written: &str, name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{written}` is not how this book writes `{name}`"),
    )
    .label("a glossary id, not the book's name")
    .with_help(format!(
        "write `{name}`, as glossary.yaml names it in this book's language"
    ))
    .needs(Needs::GLOSSARY)
}

/// A glossary name, or the one a near miss meant (reported).
pub(crate) fn resolve_one(
    ctx: &Context,
    name: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<Id> {
    let (name, _) = split_note(name.trim());
    if let Some(e) = named(ctx, name, span, diags) {
        return Some(e.id.value);
    }
    let e = ctx.suggest(name)?;
    diags.push(near_miss(name, &e.name.value, span));
    Some(e.id.value)
}

pub(crate) fn near_miss(name: &str, suggestion: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` is no name of the glossary"),
    )
    .label(format!("read as `{suggestion}`"))
    .with_help(format!("did you mean `{suggestion}`?"))
    .needs(Needs::GLOSSARY)
}

/// `Scorned (1 turn)` -> (`Scorned`, `Some("1 turn")`).
pub(crate) fn split_note(text: &str) -> (&str, Option<&str>) {
    let t = text.trim();
    if t.ends_with(')')
        && let Some(open) = t.rfind('(')
    {
        let name = t[..open].trim();
        if !name.is_empty() {
            return (name, Some(t[open + 1..t.len() - 1].trim()));
        }
    }
    (t, None)
}

/// The level of the book's ladder that `name` is a few edits from (the
/// one [`unknown_level`] suggests).
pub(crate) fn close_level(ctx: &Context, name: &str) -> Option<usize> {
    let close = ctx
        .rules
        .wealth
        .iter()
        .map(|w| w.name.value.as_str())
        .filter(|n| crate::text::edit_distance(&n.to_lowercase(), &name.to_lowercase()) <= 2)
        .min_by_key(|n| crate::text::edit_distance(&n.to_lowercase(), &name.to_lowercase()))?;
    ctx.rules.wealth_level(close)
}

/// `unknown-name` for a wealth level that is not on the book's ladder.
pub(crate) fn unknown_level(ctx: &Context, name: &str, span: Span) -> Diagnostic {
    let names: Vec<&str> = ctx
        .rules
        .wealth
        .iter()
        .map(|w| w.name.value.as_str())
        .collect();
    let close = close_level(ctx, name).and_then(|i| names.get(i).copied());
    let help = match close {
        Some(n) => format!("did you mean `{n}`?"),
        None => format!("the wealth levels of this book are {}", names.join(", ")),
    };
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` is no wealth level of this book"),
    )
    .label("unknown wealth level")
    .with_help(help)
}
