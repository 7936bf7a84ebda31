//! Conditional award items (FORMAT.md section 2b): `ITEM {expr}`, the
//! printed notes `ITEM (if not Married)`, `(if you are male)`, `(if you
//! are female and not Married)`, `(if appropriate)` (= `{opposite-sex}`),
//! and `A if opposite gender or B if same gender`.

use crate::diagnostic::Diagnostics;
use crate::effect_words::EffectWords;
use crate::ir::{Effect, Expr, Gender};
use crate::syntax::conditions::condition::{parse_guard, resolve_expr};
use crate::syntax::conditions::written::GuardSyntax;
use crate::syntax::context::Context;
use crate::syntax::effects::piece::{Piece, after_words, first_read, one, slot};
use crate::text::eq_ci;

/// `Beloved {!married}`.
pub(crate) fn braced(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    let open = p.text.rfind('{')?;
    let head = p.text[..open].trim_end();
    if head.is_empty() {
        return None;
    }
    let GuardSyntax::Expr(raw) = parse_guard(&p.text[open..]) else {
        return None;
    };
    let when = resolve_expr(ctx, raw, p.at + open, diags);
    let item = one(ctx, p.sub_at(head, 0), diags)?;
    Some(Effect::When {
        item: Box::new(item),
        when,
    })
}

/// `Beloved (if not Married)`, and `Married (if not already)` (the
/// locale's `not-already`: the item's own name).
pub(crate) fn noted(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let (slots, cond, at) = w.if_note.iter().find_map(|pat| {
        let slots = crate::effect_words::read(&format!("{{a}} {pat}"), p.text)?;
        let (c, at) = slot(&slots, "cond")?;
        Some((slots, c, at))
    })?;
    let (head, _) = slot(&slots, "a")?;
    // `Casado (si no lo estás ya)`: the item's own name, not held yet.
    let when = if w.not_already.iter().any(|a| eq_ci(a, cond))
        && ctx.glossary.resolve(head).is_some()
    {
        let span = p.sub_at(head, 0).span(ctx);
        let owned = crate::syntax::conditions::condition::atom(ctx, head, span, "condition", diags);
        Expr::Not(Box::new(owned))
    } else {
        condition(ctx, w, p.sub_at(cond, at), diags)?
    };
    let item = one(ctx, p.sub_at(head, 0), diags)?;
    Some(Effect::When {
        item: Box::new(item),
        when,
    })
}

/// `not Married`, `you are female and not Married`, `appropriate`.
fn condition<'a>(
    ctx: &Context,
    w: &EffectWords,
    p: Piece<'a>,
    diags: &mut Diagnostics,
) -> Option<Expr> {
    let l = ctx.locale;
    // `you are` before `not` (en) or after it (es `no estás Casado`).
    let you_are = |s: &'a str| -> &'a str {
        let s = s.trim();
        w.you_are
            .iter()
            .find_map(|y| after_words(s, y))
            .unwrap_or(s)
            .trim()
    };
    let mut all = Vec::new();
    for part in crate::text::split_word(you_are(p.text), &l.and) {
        let part = you_are(part);
        let (negated, word) = match w.not.iter().find_map(|n| after_words(part, n)) {
            Some(rest) => (true, you_are(rest)),
            None => (false, part),
        };
        let off = word.as_ptr() as usize - p.text.as_ptr() as usize;
        let e = if w.appropriate.iter().any(|a| eq_ci(a, word)) {
            Expr::OppositeSex
        } else if eq_ci(word, &l.female) || eq_ci(word, "female") {
            Expr::Gender(Gender::Female)
        } else if eq_ci(word, &l.male) || eq_ci(word, "male") {
            Expr::Gender(Gender::Male)
        } else if let Some(name) = masculine(ctx, w, word) {
            let span = p.sub_at(word, off).span(ctx);
            crate::syntax::conditions::condition::atom(ctx, &name, span, "condition", diags)
        } else if ctx.glossary.resolve(word).is_some() || near_name(ctx, word) {
            // A name a few letters off (`if not Maried`) is reported and
            // read as the name meant, not left a note that gives the item
            // to everyone.
            crate::syntax::conditions::condition::atom(
                ctx,
                word,
                p.sub_at(word, off).span(ctx),
                "condition",
                diags,
            )
        } else {
            return None;
        };
        all.push(if negated { Expr::Not(Box::new(e)) } else { e });
    }
    match all.len() {
        0 => None,
        1 => all.pop(),
        _ => Some(Expr::All(all)),
    }
}

/// A glossary name written in its feminine form (es `Casada` for
/// `Casado`, by the locale's `feminine-endings`), as the name; `None` for a
/// word that is a name as it is, or no name in any form.
fn masculine(ctx: &Context, w: &EffectWords, word: &str) -> Option<String> {
    if ctx.glossary.resolve(word).is_some() {
        return None;
    }
    w.feminine_endings.iter().find_map(|(m, fs)| {
        fs.iter().find_map(|f| {
            let stem = word.strip_suffix(f.as_str())?;
            let name = format!("{stem}{m}");
            ctx.glossary.resolve(&name).is_some().then_some(name)
        })
    })
}

/// A name a few letters off a glossary name, and not that name with a
/// prefix (`unmarried` is no slip for `Married`: it means the opposite).
fn near_name(ctx: &Context, word: &str) -> bool {
    ctx.suggest(word).is_some_and(|e| {
        let name = e.name.value.to_lowercase();
        let word = word.to_lowercase();
        !(word.len() > name.len() && word.ends_with(&name))
    })
}

/// `Respected if opposite gender or Married if same gender`.
pub(crate) fn by_sex(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let slots = first_read(&w.by_sex, p.text)?;
    let (a, a_at) = slot(&slots, "a")?;
    let (b, b_at) = slot(&slots, "b")?;
    let opposite = one(ctx, p.sub_at(a, a_at), diags)?;
    let same = one(ctx, p.sub_at(b, b_at), diags)?;
    Some(Effect::BySex {
        opposite: Box::new(opposite),
        same: Box::new(same),
    })
}
