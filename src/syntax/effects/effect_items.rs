//! Section 2's award items as a printed book words them (FORMAT.md 9.3:
//! "printed variants that mean the same are read as the same"): `Wealth
//! +1`, `Destiny +1`, `1 Destiny Point`, `a Treasure`, a wealth level alone
//! (`Rich`: the wealth becomes Rich), and `Lose one skill of your choice or
//! W-1` (a choice between a loss and a payment). The words are the
//! locale's `effects:` table.

use crate::diagnostic::Diagnostics;
use crate::effect_words::{EffectWords, starts_ci};
use crate::ir::{Effect, Typed};
use crate::syntax::context::Context;
use crate::syntax::effects::piece::{Piece, after_words, first_read, one};

/// The effect reader (`effect::typed`), passed in by it: a loss's arm is
/// read as a whole loss (`Lose` and the arm), and effects sit above this.
pub(crate) type ReadEffect = fn(
    &Context,
    &str,
    crate::span::Span,
    crate::syntax::effects::piece::ReadItems,
    &mut Diagnostics,
) -> Option<Effect>;

/// `Wealth +1 (max Rich)`, `Destiny -1`, `Story +2`: the track's word, then
/// the item as its letter writes it; and `1 Destiny Point`, `2 Story Points`.
pub(super) fn points(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let l = ctx.locale;
    for (words, letter) in [
        (&w.destiny_words, &l.destiny),
        (&w.story_words, &l.story),
        (&w.wealth_words, &l.wealth),
    ] {
        for word in words {
            if let Some(rest) = after_words(p.text, word)
                && rest.starts_with(['+', '-'])
            {
                let code = format!("{letter}{rest}");
                let at = (p.at + p.text.len() - rest.len()).saturating_sub(letter.len());
                return points_item(ctx, p, &code, at, diags);
            }
            if let Some(head) = crate::text::strip_suffix_ci(p.text, word)
                && let Some(n) = head.strip_suffix(' ')
                && !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
            {
                let code = format!("{letter}{n}");
                let at = p.at.saturating_sub(letter.len());
                return points_item(ctx, p, &code, at, diags);
            }
        }
    }
    None
}

/// `code` (a points item as its letter writes it) read as one item, at
/// `at` in the file, with the reader and end of `p`.
fn points_item(
    ctx: &Context,
    p: Piece,
    code: &str,
    at: usize,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let piece = Piece {
        text: code,
        at,
        end: p.end,
        read: p.read,
    };
    let e = one(ctx, piece, diags)?;
    matches!(
        e,
        Effect::Destiny(_) | Effect::Story(_) | Effect::Wealth { .. }
    )
    .then_some(e)
}

/// `a Treasure`, `Draw one Treasure`: a random treasure.
pub(super) fn random_treasure(w: &EffectWords, p: Piece) -> Option<Effect> {
    first_read(&w.random_treasure, p.text).map(|_| Effect::RandomTreasure)
}

/// `Rich`: a level of the book's wealth ladder alone, the wealth set to it
/// (unless a glossary entry has that name).
pub(super) fn bare_level(ctx: &Context, p: Piece) -> Option<Effect> {
    // Compared without the ladder's normalising (an allocation a level):
    // every glossary name an award writes comes this way.
    let level =
        (ctx.rules.wealth.iter()).position(|w| crate::text::eq_ci(&w.name.value, p.text))?;
    if ctx.glossary.resolve_name(p.text).is_some() {
        return None;
    }
    Some(Effect::Typed(Box::new(Typed::SetWealth {
        level,
        destiny_per_level: false,
    })))
}

/// `Lose one skill of your choice or W-1`: a choice between losses and
/// payments (points lost), each arm read as an item (`W-1`) or as a loss
/// (`Lose` and the arm). `verb` is how the item starts, `rest` what follows.
pub(super) fn loss_or_payment(
    ctx: &Context,
    verb: &str,
    p: Piece,
    rest_at: usize,
    typed: ReadEffect,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let rest = &p.text[rest_at..];
    let arms = crate::text::split_word(rest, &ctx.locale.or);
    if arms.len() < 2 {
        return None;
    }
    let mut quiet = Vec::new();
    let mut out = Vec::new();
    for arm in arms {
        let arm = arm.trim_end_matches(',').trim();
        let off = rest_at + (arm.as_ptr() as usize - rest.as_ptr() as usize);
        let item = p.sub_at(arm, off);
        let e = match points_item(ctx, p, arm, item.at, &mut quiet) {
            Some(e) => e,
            None => match points(ctx, &ctx.locale.effects, item, &mut quiet) {
                Some(e) => e,
                None => lost(ctx, verb, item, typed, &mut quiet)?,
            },
        };
        out.push(e);
    }
    // A payment among the arms: else it is `Lose A or B` of names.
    let payment = |e: &Effect| {
        matches!(
            e,
            Effect::Destiny(_) | Effect::Story(_) | Effect::Wealth { .. }
        )
    };
    if !out.iter().any(payment) {
        return None;
    }
    diags.append(&mut quiet);
    Some(Effect::Typed(Box::new(Typed::ChoiceOf(out))))
}

/// An arm of a loss: a glossary name (`Lose Wounded`) or a loss form.
fn lost(
    ctx: &Context,
    verb: &str,
    arm: Piece,
    typed: ReadEffect,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    if let Some(e) = ctx.glossary.resolve_name(arm.text) {
        return Some(Effect::Lose(e.id.value));
    }
    let text = format!("{verb} {}", arm.text);
    let at = arm.at.saturating_sub(verb.len() + 1);
    let span = crate::span::Span::new(ctx.file, at, arm.end.max(at));
    let e = typed(ctx, &text, span, arm.read, diags)?;
    matches!(&e, Effect::Typed(t) if matches!(**t, Typed::Lose { .. })).then_some(e)
}

/// `text` after one of `prefixes` (case aside) and a space or a colon.
pub(super) fn after_any<'t>(text: &'t str, prefixes: &[&str]) -> Option<&'t str> {
    prefixes.iter().find_map(|pre| {
        let n = starts_ci(text, pre)?;
        let rest = &text[n..];
        let rest = rest.strip_prefix(':').unwrap_or(rest);
        rest.strip_prefix(' ').map(str::trim_start)
    })
}
