//! What a heading's name resolves to: the NO SKILL keyword, ANY TREASURE,
//! FEMALE, MALE, `ANY N SKILLS` or a glossary name, exactly or a few
//! edits off (a keyword of another built-in language, a glossary id).

use crate::ir::{Cmp, Gender, LabelKind, glossary_normalize};
use crate::syntax::context::Context;
use crate::text::{eq_ci, fold, near, slack};

/// What a heading's name resolves to.
pub(crate) enum Resolved {
    Exact(LabelKind),
    /// Not a name, but close to one: read as that one. The name as the
    /// book writes it, in capitals.
    Near(LabelKind, String),
    Unknown,
}

/// A heading name: the NO SKILL keyword, ANY TREASURE, FEMALE, MALE or a
/// glossary name, exactly (case and emphasis aside), or within a few edits
/// (accents aside).
pub(crate) fn resolve(ctx: &Context, raw: &str) -> Resolved {
    exact(ctx, raw).map_or_else(|| near_name(ctx, raw), Resolved::Exact)
}

/// The words of the format a heading may be, with what they mean.
fn words<'a>(ctx: &Context<'a>) -> [(&'a str, LabelKind); 4] {
    let l = ctx.locale;
    [
        (l.no_skill.as_str(), LabelKind::NoSkill),
        (l.any_treasure.as_str(), LabelKind::AnyTreasure),
        (l.female.as_str(), LabelKind::Gender(Gender::Female)),
        (l.male.as_str(), LabelKind::Gender(Gender::Male)),
    ]
}

/// [`exact_uncached`], through the file's cache when it has one.
pub(crate) fn exact(ctx: &Context, raw: &str) -> Option<LabelKind> {
    match ctx.awards {
        Some(cache) => cache.heading(raw, || exact_uncached(ctx, raw)),
        None => exact_uncached(ctx, raw),
    }
}

pub(crate) fn exact_uncached(ctx: &Context, raw: &str) -> Option<LabelKind> {
    let bare = raw.trim().trim_matches('*');
    for (word, kind) in words(ctx) {
        if eq_ci(bare, word)
            || bare.contains("  ") && glossary_normalize(raw) == glossary_normalize(word)
        {
            return Some(kind);
        }
    }
    if let Some(n) = any_skills_number(ctx, raw)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n <= crate::syntax::limits::MAX_AMOUNT)
    {
        // `ANY 4 SKILLS` (FORMAT.md 2b) is `{skills >= 4}`.
        return Some(LabelKind::Condition(crate::ir::Expr::Skills(Cmp::Ge, n)));
    }
    ctx.glossary
        .resolve_name(raw)
        .map(|e| LabelKind::Entry(e.id.value))
}

/// The digits of an `ANY N SKILLS` heading in any of the locale's
/// spellings, whatever their number.
pub(super) fn any_skills_number<'t>(ctx: &Context, raw: &'t str) -> Option<&'t str> {
    // Most headings hold no digit: they are told at once.
    if !raw.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let bare = raw.trim().trim_matches('*');
    (ctx.locale.spellings("any-skills"))
        .find_map(|p| crate::locale::filled(p, bare))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A heading keyword of another built-in language (`NO SKILL` in a Spanish
/// book): what it means, and the language's id.
pub(super) fn foreign_word(ctx: &Context, raw: &str) -> Option<(LabelKind, &'static str)> {
    let bare = raw.trim().trim_matches('*');
    crate::locale::Locale::all_built_in()
        .iter()
        .filter(|other| other.id != ctx.locale.id)
        .find_map(|other| {
            [
                (&other.no_skill, LabelKind::NoSkill),
                (&other.any_treasure, LabelKind::AnyTreasure),
                (&other.female, LabelKind::Gender(Gender::Female)),
                (&other.male, LabelKind::Gender(Gender::Male)),
            ]
            .into_iter()
            .find(|(word, _)| eq_ci(bare, word))
            .map(|(_, kind)| (kind, other.id.as_str()))
        })
}

/// `ANY 4 SKILS`, `ANY 4 SKILL`, `ANY FOUR SKILLS`: the `any-skills`
/// heading a few edits off, or with its number in words, read as it.
fn near_any_skills(ctx: &Context, raw: &str) -> Option<Resolved> {
    let (start, len, n, in_words) = if let Some(start) = raw.find(|c: char| c.is_ascii_digit()) {
        let len = raw[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(raw.len() - start);
        (start, len, raw[start..start + len].parse().ok()?, false)
    } else {
        let (start, len, n) = number_word(ctx, raw)?;
        (start, len, n, true)
    };
    let pattern = &ctx.locale.any_skills;
    let shape = format!("{}{{n}}{}", &raw[..start], &raw[start + len..]);
    let (a, b) = (fold(&shape), fold(pattern));
    near(&a, &b, slack(b.chars().count())).filter(|&d| d > 0 || in_words)?;
    let fixed = crate::locale::fill(pattern, &n.to_string()).to_uppercase();
    let kind = LabelKind::Condition(crate::ir::Expr::Skills(Cmp::Ge, n));
    Some(Resolved::Near(kind, fixed))
}

/// A number word of the locale (`four`, `cuatro`) as a whole word of
/// `raw`: where it starts, its length, and its number.
fn number_word(ctx: &Context, raw: &str) -> Option<(usize, usize, u32)> {
    raw.split_whitespace().find_map(|w| {
        let i = ctx
            .locale
            .effects
            .numbers
            .iter()
            .position(|n| crate::text::eq_ci(n, w))?;
        let start = w.as_ptr() as usize - raw.as_ptr() as usize;
        Some((start, w.len(), u32::try_from(i + 1).ok()?))
    })
}

fn near_name(ctx: &Context, raw: &str) -> Resolved {
    if let Some((kind, _)) = foreign_word(ctx, raw) {
        let ours = words(ctx)
            .into_iter()
            .find(|(_, k)| *k == kind)
            .map_or_else(String::new, |(w, _)| w.to_uppercase());
        return Resolved::Near(kind, ours);
    }
    let folded = fold(raw.trim_matches('*'));
    let k = slack(folded.chars().count());
    for (word, kind) in words(ctx) {
        if near(&folded, &fold(word), k).is_some() {
            return Resolved::Near(kind, word.to_uppercase());
        }
    }
    if let Some(near) = near_any_skills(ctx, raw) {
        return near;
    }
    // A glossary id where the book's name goes (`WISDOM` in a Spanish book
    // whose glossary says `wisdom: Sabiduría`): read as that name.
    if let Some(e) = ctx.glossary.by_id_written(raw) {
        return Resolved::Near(LabelKind::Entry(e.id.value), e.name.value.to_uppercase());
    }
    match ctx.suggest(raw) {
        Some(e) => Resolved::Near(LabelKind::Entry(e.id.value), e.name.value.to_uppercase()),
        None => Resolved::Unknown,
    }
}
