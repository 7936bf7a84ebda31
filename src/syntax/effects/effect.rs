//! Award items of FORMAT.md section 9.3, read by the patterns of the
//! locale's `effects:` table ([`crate::effect_words`]): movement, immediate
//! encounters, opportunities, markers, losses, choices, one-use skills, set
//! wealth, rolls, the treasure deck, reacting again; and the conditional
//! items of section 2b. The names inside are resolved here (one finding
//! each, with the likely name); [`super::effect_names`] resolves them, with the shared
//! [`super::piece`].

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::effect_index::{Families, Family};
use crate::effect_words::{EffectWords, read};
use crate::ir::{Effect, Loss, Typed, Way};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::effects::effect_names::{faces, level, number, place, row, where_};
use crate::syntax::effects::piece::{
    Best, Piece, ReadItems, after_words, best_read, first_read, items, one, slot,
};
use std::cell::Cell;

thread_local! {
    /// How deep items inside items go (`Choice of Roll one die: ...`).
    static DEPTH: Cell<u8> = const { Cell::new(0) };
}

/// The deepest nesting of items inside items that is read.
const MAX_DEPTH: u8 = 3;

/// The typed effect a phrase is, if it is one of section 9.3's forms.
pub(crate) fn typed(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let w = &ctx.locale.effects;
    if w.numbers.is_empty() {
        return None;
    }
    let text = text.strip_suffix('.').unwrap_or(text).trim_end();
    let p = Piece {
        text,
        at: span.start as usize,
        end: span.end as usize,
        read,
    };
    let depth = DEPTH.with(Cell::get);
    if depth >= MAX_DEPTH {
        return None;
    }
    DEPTH.with(|d| d.set(depth + 1));
    let e = forms(ctx, w, p, diags);
    DEPTH.with(|d| d.set(depth));
    e
}

/// `W+1 (if you are not Imprisoned)`, `D1 (if male)`: points with a
/// printed condition where a bound would stand (told by the condition's
/// first words, so a bound costs nothing more).
pub(crate) fn noted_points(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let w = &ctx.locale.effects;
    let open = text.find('(')?;
    let note = &text[open..];
    let is_note = w.if_note.iter().any(|pat| {
        let head = pat.split('{').next().unwrap_or("");
        !head.is_empty() && crate::effect_words::starts_ci(note, head).is_some()
    });
    if !is_note {
        return None;
    }
    typed(ctx, text, span, read, diags)
}

fn forms(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    if p.text.ends_with('}') {
        return crate::syntax::effects::effect_when::braced(ctx, p, diags);
    }
    if p.text.ends_with(')')
        && let Some(e) = crate::syntax::effects::effect_when::noted(ctx, w, p, diags)
    {
        return Some(e);
    }
    // `(your choice)`, and the suffixes that end in a word (`, a tu elección`).
    let worded =
        |s: &String| !s.ends_with(')') && crate::text::strip_suffix_ci(p.text, s).is_some();
    if (p.text.ends_with(')') || w.your_choice.iter().any(worded))
        && let Some(e) = names_choice(ctx, w, p, diags)
    {
        return Some(e);
    }
    // Only the readers whose forms can start with the item's first word.
    let may = families(ctx, p.text);
    let e = (may.has(Family::BySex))
        .then(|| super::effect_when::by_sex(ctx, w, p, diags))
        .flatten();
    let e = e.or_else(|| may.has(Family::Move).then(|| movement(ctx, w, p, diags))?);
    let e = e.or_else(|| {
        may.has(Family::Encounter)
            .then(|| encounter(ctx, w, p, diags))?
    });
    let e = e.or_else(|| may.has(Family::Marker).then(|| marker(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::Loss).then(|| loss(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::Choice).then(|| choice(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::OneUse).then(|| one_use(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::Wealth).then(|| wealth(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::Roll).then(|| roll(ctx, w, p, diags))?);
    let e = e.or_else(|| may.has(Family::Deck).then(|| deck(w, p))?);
    let e = e.or_else(|| {
        may.has(Family::RandomTreasure)
            .then(|| super::effect_items::random_treasure(w, p))?
    });
    let e = e.or_else(|| {
        may.has(Family::Points)
            .then(|| super::effect_items::points(ctx, w, p, diags))?
    });
    e.or_else(|| super::effect_items::bare_level(ctx, p))
        .or_else(|| {
            if !may.has(Family::Half) {
                return None;
            }
            diags.push(super::effect_half::half(ctx, w, p)?);
            Some(Effect::FreeText(p.text.to_owned()))
        })
}

/// The readers worth trying on `text` (all of them when a test asks).
fn families(ctx: &Context, text: &str) -> Families {
    #[cfg(test)]
    if crate::effect_index::UNINDEXED.with(Cell::get) {
        return Families::ALL;
    }
    ctx.locale.effect_index().families(text)
}

/// `Piety or Luck (your choice)` (beyond 9.3): the choice of names that
/// `Choice of Piety or Luck` is, when every arm is a glossary name.
/// Names with the random Treasure among them (`Treasure or Magic Carpet, a
/// tu elección`) are the typed choice `Choice of` makes of them.
fn names_choice(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let (text, cut) = strip_any_suffix(p.text, &w.your_choice);
    if !cut {
        return None;
    }
    let arms: Vec<&str> = (choice_arms(text, &ctx.locale.or, &w.or_words).into_iter())
        .map(|a| named_arm(ctx, w, a))
        .collect();
    if arms.len() < 2 {
        return None;
    }
    let ids = glossary_ids(ctx, &arms);
    if let Some(ids) = ids {
        return Some(Effect::Choice(ids));
    }
    // Names and the random Treasure only: an arm with a verb (`Lose A or B
    // (your choice)`) is another form's.
    let treasure = |a: &&str| {
        crate::text::eq_ci(a, &ctx.locale.treasure)
            || w.random_treasure.iter().any(|t| crate::text::eq_ci(a, t))
    };
    (arms.iter())
        .all(|a| treasure(a) || ctx.glossary.resolve_name(a).is_some())
        .then(|| typed_choice(ctx, p, &arms, diags))?
}

/// The glossary ids of `arms` when every arm is a glossary name.
fn glossary_ids(ctx: &Context, arms: &[&str]) -> Option<Vec<crate::ir::Id>> {
    (arms.iter())
        .map(|a| ctx.glossary.resolve_name(a).map(|e| e.id.value))
        .collect()
}

/// `text` without one of `suffixes` (case aside), and whether it had one.
fn strip_any_suffix<'t>(text: &'t str, suffixes: &[String]) -> (&'t str, bool) {
    for s in suffixes {
        if let Some(head) = crate::text::strip_suffix_ci(text, s) {
            return (head, true);
        }
    }
    (text, false)
}

fn movement(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    let (text, encounter) = strip_any_suffix(p.text, &w.and_encounter);
    let p = p.sub_at(text.trim_end_matches(',').trim_end(), 0);
    for (patterns, by_other, slot_name, optional) in [
        (&w.r#move, false, "way", false),
        (&w.move_other, true, "way", false),
        (&w.place_other, true, "where", false),
        (&w.may_move, false, "way", true),
    ] {
        for slots in patterns.iter().filter_map(|pat| read(pat, p.text)) {
            let Some((t, at)) = slot(&slots, slot_name) else {
                continue;
            };
            let way = if slot_name == "way" {
                way(ctx, w, p.sub_at(t, at), diags)
            } else {
                where_(ctx, w, p.sub_at(t, at), diags)
            };
            if let Some(way) = way {
                return Piece::typed(Typed::Move {
                    way,
                    by_other,
                    encounter,
                    optional,
                });
            }
        }
    }
    None
}

/// `to SPACE`, `to any TARGET`, `N spaces`, `up to N spaces`, `exactly N
/// spaces in any direction`, and a count along one kind of route (`three
/// spaces by sea`).
pub(crate) fn way(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Way> {
    // Before `to {where}`, which would take `to any space within 3` whole.
    if let Some(way) = counted(ctx, p, diags, &[(&w.within, Way::UpTo)]) {
        return Some(way);
    }
    if first_read(&w.anywhere, p.text).is_some() {
        return Some(Way::Any(crate::ir::Area::Space));
    }
    if let Some(slots) = first_read(&w.to, p.text) {
        let (t, at) = slot(&slots, "where")?;
        return where_(ctx, w, p.sub_at(t, at), diags);
    }
    if let Some(way) = count(ctx, w, p, diags) {
        return Some(way);
    }
    for (suffixes, route) in [
        (&w.by_sea, crate::ir::RouteKind::Sea),
        (&w.by_land, crate::ir::RouteKind::Land),
    ] {
        let (text, cut) = strip_any_suffix(p.text, suffixes);
        if cut {
            let way = count(ctx, w, p.sub_at(text, 0), diags)?;
            return Some(Way::Along(Box::new(way), route));
        }
    }
    None
}

/// `N spaces`, `up to N spaces`, `exactly N spaces in any direction`.
fn count(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Way> {
    let forms = [
        (&w.exactly, Way::Exactly as fn(u32) -> Way),
        (&w.up_to, Way::UpTo),
        (&w.spaces, Way::Spaces),
    ];
    counted(ctx, p, diags, &forms)
}

/// A count's patterns and the way they make of its `{n}`.
type CountForm<'w> = (&'w Vec<String>, fn(u32) -> Way);

/// The first of `forms` whose patterns read `p`, with its count `{n}`.
fn counted(
    ctx: &Context,
    p: Piece,
    diags: &mut Diagnostics,
    forms: &[CountForm<'_>],
) -> Option<Way> {
    let w = &ctx.locale.effects;
    for &(patterns, make) in forms {
        if let Some(slots) = first_read(patterns, p.text) {
            let (t, at) = slot(&slots, "n")?;
            let Some(n) = number(w, t) else {
                let n = beyond(w, t)?;
                diags.push(too_far(ctx, p.sub_at(t, at), n));
                return None;
            };
            if n > MAX_SPACES {
                diags.push(too_far(ctx, p.sub_at(t, at), i64::from(n)));
                return None;
            }
            return Some(make(n));
        }
    }
    None
}

/// The most spaces a movement names: FORMAT.md 9.3's `N`, one to six.
const MAX_SPACES: u32 = 6;

/// A count no movement names, which [`number`] does not read: `0`, `00`,
/// `-1`, `100`, and the locale's `numbers-beyond` (`zero`, `seven` .. `twelve`).
/// Read only to say so: it is the same slip as `Move 7 spaces`.
fn beyond(w: &EffectWords, text: &str) -> Option<i64> {
    let t = text.trim();
    if let Some(i) = w
        .numbers_beyond
        .iter()
        .position(|n| crate::text::eq_ci(n, t))
    {
        // `zero`, then `seven` onwards.
        let i = i64::try_from(i).ok()?;
        return Some(if i == 0 { 0 } else { i + i64::from(MAX_SPACES) });
    }
    let (minus, digits) = match t.strip_prefix(['-', '\u{2212}', '\u{2013}']) {
        Some(d) => (true, d),
        None => (false, t),
    };
    // Up to 18 digits (an `i64`): `Move 100 spaces` is the same slip as
    // `Move 7 spaces`; 1 to 99 are [`number`]'s.
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    match (minus, n) {
        (false, 0) => Some(0),
        (true, _) => Some(-n),
        (false, n) if n > 99 => Some(n),
        _ => None,
    }
}

/// A count of spaces outside 1 to 6: `Move 0 spaces`, `Move 7 spaces`,
/// `Move -1 spaces`.
fn too_far(ctx: &Context, p: Piece, n: i64) -> Diagnostic {
    let names = format!("a movement names 1 to {MAX_SPACES} spaces");
    let (message, label, help) = if n <= 0 {
        (
            format!("a movement of {n} spaces moves no one"),
            format!("not 1 to {MAX_SPACES}"),
            format!("{names}; where no one moves, leave the item out"),
        )
    } else {
        (
            format!("a movement of {n} spaces is more than one names"),
            format!("more than {MAX_SPACES}"),
            format!("{names}; a longer way is `Move to SPACE` or `Move to any TARGET`"),
        )
    };
    Diagnostic::new("syntax-error", p.span(ctx), message)
        .label(label)
        .with_help(help)
}

fn encounter(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    for (patterns, next_turn) in [(&w.encounter_now, false), (&w.encounter_next, true)] {
        if let Some(slots) = first_read(patterns, p.text) {
            let (r, r_at) = slot(&slots, "row")?;
            let (m, m_at) = slot(&slots, "matrix")?;
            let Some(row) = row(ctx, w, p.sub_at(r, r_at), p.sub_at(m, m_at), diags) else {
                return Some(Effect::FreeText(p.text.to_owned()));
            };
            return Piece::typed(Typed::Encounter { row, next_turn });
        }
    }
    // `(another player chooses)` which place (beyond 9.3): only where
    // there is a pick, any Place of Power.
    let (text, by_other) = strip_any_suffix(p.text, &w.by_other);
    if first_read(&w.opportunity_any, text).is_some() {
        return Piece::typed(Typed::Opportunity {
            place: None,
            by_other,
        });
    }
    let read = best_read(&w.opportunity, p.text, diags, |slots, d| {
        let (t, at) = slot(slots, "place")?;
        place(ctx, w, p.sub_at(t, at), d, true)
    });
    match read {
        Best::Made(n) => Piece::typed(Typed::Opportunity {
            place: Some(n),
            by_other: false,
        }),
        Best::Failed => Some(Effect::FreeText(p.text.to_owned())),
        Best::Unread => None,
    }
}

fn marker(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    for (patterns, by_other) in [(&w.destination, false), (&w.destination_other, true)] {
        if let Some(slots) = first_read(patterns, p.text) {
            let (t, at) = slot(&slots, "where")?;
            let way = where_(ctx, w, p.sub_at(t, at), diags)?;
            let (t, at) = slot(&slots, "items")?;
            let Some(arrival) = arrival(ctx, w, p.sub_at(t, at), diags) else {
                return Some(Effect::FreeText(p.text.to_owned()));
            };
            return Piece::typed(Typed::Destination {
                way,
                by_other,
                arrival,
            });
        }
    }
    // The marker alone, no award on arrival (beyond 9.3): tried only when
    // no arrival form reads the item, so it never shadows one. On a place
    // of power it is that place's opportunity to enter (the rules: "place
    // your destination marker" there).
    for (patterns, by_other) in [
        (&w.destination_bare, false),
        (&w.destination_other_bare, true),
    ] {
        if let Some(slots) = first_read(patterns, p.text) {
            let (t, at) = slot(&slots, "where")?;
            return Piece::typed(match where_(ctx, w, p.sub_at(t, at), diags)? {
                Way::Place(n) => Typed::Opportunity {
                    place: Some(n),
                    by_other: false,
                },
                Way::Any(crate::ir::Area::PlaceOfPower) => Typed::Opportunity {
                    place: None,
                    by_other,
                },
                way => Typed::Destination {
                    way,
                    by_other,
                    arrival: Vec::new(),
                },
            });
        }
    }
    None
}

/// The items taken on arrival: award items, or (beyond 9.3) items in words
/// joined by `and` after a `gain` (`gain S2 and W+1`), each an item read
/// whole; `None` when any is no item.
fn arrival(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Vec<Effect>> {
    let mut quiet = Vec::new();
    let whole = items(ctx, p, &mut quiet)?;
    if !whole.iter().any(|e| matches!(e, Effect::FreeText(_))) {
        diags.append(&mut quiet);
        return Some(whole);
    }
    let rest = (w.arrival_gain.iter())
        .find_map(|g| after_words(p.text, g))
        .unwrap_or(p.text);
    let mut quiet = Vec::new();
    let mut out = Vec::new();
    for part in crate::text::split_word(rest, &ctx.locale.and) {
        for piece in part.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let off = piece.as_ptr() as usize - p.text.as_ptr() as usize;
            let e = one(ctx, p.sub_at(piece, off), &mut quiet)?;
            if matches!(e, Effect::FreeText(_)) {
                return None;
            }
            out.push(e);
        }
    }
    diags.append(&mut quiet);
    (!out.is_empty()).then_some(out)
}

fn loss(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    // `Lose one skill (another player chooses)`: what is lost is picked by
    // another player (beyond 9.3); only a loss with a pick takes it.
    let (text, by_other) = strip_any_suffix(p.text, &w.by_other);
    let (loss, optional) = match lost(ctx, w, p.sub_at(text, 0), diags)? {
        Lost::Loss(loss, optional) => (loss, optional),
        Lost::Other(_) if by_other => return None,
        Lost::Other(e) => return Some(e),
    };
    let loss = match (loss, by_other) {
        (Loss::OneTreasure { .. }, true) => Loss::OneTreasure { choice: true },
        (l @ (Loss::OneStatus | Loss::OneSkill | Loss::Either(_)), true) | (l, false) => l,
        (_, true) => return None,
    };
    Piece::typed(Typed::Lose {
        loss,
        optional,
        by_other,
    })
}

/// What a loss item reads as.
enum Lost {
    /// What it takes, and whether it is optional (`You may lose ...`).
    Loss(Loss, bool),
    /// Another effect: `Lose A or W-1` is a choice of a loss or a payment.
    Other(Effect),
}

fn lost(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Lost> {
    let l = ctx.locale;
    let (verb, rest, optional) = w
        .may_lose
        .iter()
        .find_map(|v| after_words(p.text, v).map(|r| (v, r, true)))
        .or_else(|| {
            std::iter::once(&l.lose)
                .chain(&w.lose)
                .find_map(|v| after_words(p.text, v).map(|r| (v, r, false)))
        })?;
    let at = p.text.len() - rest.len();
    // `Lose either A or B`: the arms after `either`.
    let arms_at = (w.either.iter())
        .find_map(|e| after_words(rest, e))
        .map_or(at, |r| p.text.len() - r.len());
    let fixed = [
        (&w.loss_one_status, Loss::OneStatus),
        (&w.loss_any_statuses, Loss::AnyStatuses),
        (&w.loss_one_skill, Loss::OneSkill),
        (
            &w.loss_one_treasure_choice,
            Loss::OneTreasure { choice: true },
        ),
        (&w.loss_one_treasure, Loss::OneTreasure { choice: false }),
        (&w.loss_all_treasures, Loss::AllTreasures),
        (&w.loss_all_statuses, Loss::AllStatuses),
        (&w.loss_all_skills, Loss::AllSkills),
    ];
    let loss = if let Some((_, l)) = fixed
        .iter()
        .find(|(pats, _)| first_read(pats, rest).is_some())
    {
        l.clone()
    } else if let Some(l) = chosen_loss(w, rest, &fixed) {
        l
    } else if let Some(slots) = first_read(&w.loss_all_levels, rest) {
        let (t, t_at) = slot(&slots, "name")?;
        Loss::AllLevels(crate::syntax::effects::effect_names::glossary(
            ctx,
            p.sub_at(t, at + t_at),
            diags,
        )?)
    } else if !optional
        && let Some(e) = super::effect_items::loss_or_payment(ctx, verb, p, arms_at, typed, diags)
    {
        return Some(Lost::Other(e));
    } else {
        let (rest, at) = (&p.text[arms_at..], arms_at);
        let (rest, _) = strip_any_suffix(rest, &w.your_choice);
        names_loss(ctx, p.sub_at(rest, at), optional, diags)?
    };
    Some(Lost::Loss(loss, optional))
}

/// `a Treasure (your choice)`, `a skill (you choose)`: the loss of one
/// thing, or of any statuses, with the locale's `your-choice` note after
/// it, is the player's pick (a treasure too, which `a Treasure` alone is
/// not). Nothing else takes the note.
fn chosen_loss(w: &EffectWords, rest: &str, fixed: &[(&Vec<String>, Loss)]) -> Option<Loss> {
    let (bare, noted) = strip_any_suffix(rest, &w.your_choice);
    if !noted {
        return None;
    }
    let (_, l) = fixed
        .iter()
        .find(|(pats, _)| first_read(pats, bare).is_some())?;
    match l {
        Loss::OneTreasure { .. } => Some(Loss::OneTreasure { choice: true }),
        Loss::OneStatus | Loss::OneSkill | Loss::AnyStatuses => Some(l.clone()),
        _ => None,
    }
}

/// `Lose A, B, and C`, `Lose A or B`, and (optional) `You may lose A`:
/// every piece a glossary name.
fn names_loss(ctx: &Context, p: Piece, optional: bool, diags: &mut Diagnostics) -> Option<Loss> {
    let l = ctx.locale;
    let or = crate::text::split_word(p.text, &l.or);
    let either = or.len() > 1;
    let pieces: Vec<&str> = if either {
        or
    } else {
        let mut v = Vec::new();
        for part in p.text.split(", ") {
            let part = crate::text::strip_prefix_ci(part, &format!("{} ", l.and)).unwrap_or(part);
            v.extend(crate::text::split_word(part, &l.and));
        }
        v
    };
    if pieces.len() < 2 && !optional {
        return None;
    }
    let mut quiet = Vec::new();
    let mut names = Vec::new();
    for piece in pieces {
        let off = piece.as_ptr() as usize - p.text.as_ptr() as usize;
        names.push(crate::syntax::effects::effect_names::glossary(
            ctx,
            p.sub_at(piece.trim(), off),
            &mut quiet,
        )?);
    }
    diags.append(&mut quiet);
    Some(if either {
        Loss::Either(names)
    } else {
        Loss::All(names)
    })
}

fn choice(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    for (patterns, one_use, new) in [
        (&w.any_skill_new, false, true),
        (&w.any_skill_one_use, true, false),
        (&w.any_skill, false, false),
    ] {
        if first_read(patterns, p.text).is_some() {
            return Piece::typed(Typed::AnySkill { one_use, new });
        }
    }
    let prefixes: Vec<&str> = std::iter::once(ctx.locale.choice_of.as_str())
        .chain(w.choice_of.iter().map(String::as_str))
        .collect();
    let rest = super::effect_items::after_any(p.text, &prefixes)?;
    // `Choice of either A or B`, `Choice of one of A, B, or C`.
    let rest = (w.either.iter())
        .find_map(|e| after_words(rest, e))
        .unwrap_or(rest);
    let arms: Vec<&str> = choice_arms(rest, &ctx.locale.or, &w.or_words)
        .into_iter()
        .map(|a| named_arm(ctx, w, a))
        .collect();
    if arms.len() < 2 {
        return between(ctx, w, p, rest, diags).or_else(|| lone_arm(ctx, p, &arms, diags));
    }
    let ids = glossary_ids(ctx, &arms);
    if let Some(ids) = ids {
        return Some(Effect::Choice(ids));
    }
    typed_choice(ctx, p, &arms, diags).or_else(|| between(ctx, w, p, rest, diags))
}

/// `A elegir entre Piedad y Sabiduría`, `Choice of Piety and Wisdom`: the
/// arms of a choice joined by the locale's `and`, as a choice *between*
/// them is worded (`Choice of Piety, Luck and Wisdom`); read so only when
/// the arms split at `or` alone are not all names or typed items, the
/// whole is no glossary name (`y` is also the `and` inside `Negociar y
/// evaluar`), and every arm is a name or a typed item.
fn between(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    rest: &str,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    if ctx
        .glossary
        .resolve_name(named_arm(ctx, w, rest.trim()))
        .is_some()
    {
        return None;
    }
    let and = [ctx.locale.and.clone()];
    let arms: Vec<&str> = (choice_arms(rest, &ctx.locale.or, &and).into_iter())
        .map(|a| named_arm(ctx, w, a))
        .collect();
    if arms.len() < 2 {
        return None;
    }
    let ids = glossary_ids(ctx, &arms);
    match ids {
        Some(ids) => Some(Effect::Choice(ids)),
        None => typed_choice(ctx, p, &arms, diags),
    }
}

/// A choice whose arms (slices of `p.text`) are items, not names alone
/// (`Choice of Treasure or Magic Carpet`): typed, unless an arm is free
/// text or every arm is a name (section 2's choice).
fn typed_choice(ctx: &Context, p: Piece, arms: &[&str], diags: &mut Diagnostics) -> Option<Effect> {
    let mut quiet = Vec::new();
    let mut out = Vec::new();
    for arm in arms {
        let off = arm.as_ptr() as usize - p.text.as_ptr() as usize;
        let e = one(ctx, p.sub_at(arm, off), &mut quiet)?;
        if matches!(e, Effect::FreeText(_)) {
            return None;
        }
        out.push(e);
    }
    // Names alone are the choice of section 2 (`Effect::Choice`).
    if out
        .iter()
        .all(|e| matches!(e, Effect::Gain { note: None, .. }))
    {
        return None;
    }
    diags.append(&mut quiet);
    Piece::typed(Typed::ChoiceOf(out))
}

fn one_use(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    for (patterns, gain) in [(&w.gain_level, true), (&w.lose_level, false)] {
        if let Some(slots) = first_read(patterns, p.text) {
            // `Gain a level of Wealth`, `Lose one Wealth level`: `W+1`, `W-1`.
            let (t, _) = slot(&slots, "name")?;
            if w.wealth_words
                .iter()
                .any(|x| crate::text::eq_ci(t.trim(), x))
            {
                let delta = if gain { 1 } else { -1 };
                return Some(Effect::Wealth { delta, bound: None });
            }
            return skill_level(ctx, p, &slots, gain, diags);
        }
    }
    for (patterns, master, once) in [
        (&w.master_one_use, true, true),
        (&w.one_use, false, true),
        (&w.master_level, true, false),
    ] {
        if let Some(slots) = first_read(patterns, p.text) {
            let (t, at) = slot(&slots, "name")?;
            let (t, at) = match named_arm(ctx, w, t) {
                n if n.len() < t.len() => (n, at + t.len() - n.len()),
                _ => (t, at),
            };
            let mut quiet = Vec::new();
            let id =
                crate::syntax::effects::effect_names::glossary(ctx, p.sub_at(t, at), &mut quiet)?;
            diags.append(&mut quiet);
            if !once {
                return Some(Effect::Master(vec![crate::ir::Id::from(id.id.as_str())]));
            }
            return Piece::typed(Typed::OneUse { id, master });
        }
    }
    None
}

/// `Gain a level in Weapon Use`: the rules' "gain a level" in a skill is
/// the skill gained as section 2 gains it (Talent, or Master if held);
/// `Lose a level of Luck` (`gain` false) is `Lose Luck` (Master to Talent,
/// Talent to none). Only a skill has levels (and Wealth, read by the
/// caller): another name leaves the item in words.
fn skill_level(
    ctx: &Context,
    p: Piece,
    slots: &[(&'static str, &str, usize)],
    gain: bool,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let (t, at) = slot(slots, "name")?;
    let mut quiet = Vec::new();
    let named = crate::syntax::effects::effect_names::glossary(ctx, p.sub_at(t, at), &mut quiet)?;
    let entry = ctx.glossary.by_id(named.id.as_str())?;
    if entry.kind != crate::ir::EntryKind::Skill {
        diags.push(not_a_skill(ctx, (p.text, gain), &named, entry.kind));
        return Some(Effect::FreeText(p.text.to_owned()));
    }
    diags.append(&mut quiet);
    let id = crate::ir::Id::from(named.id.as_str());
    Some(if gain {
        Effect::Gain { id, note: None }
    } else {
        Effect::Lose(id)
    })
}

/// `Gain a level in Wounded`: a status or treasure has no levels. One
/// finding at the name; the item stays in words.
fn not_a_skill(
    ctx: &Context,
    (written, gain): (&str, bool),
    named: &crate::ir::Named,
    kind: crate::ir::EntryKind,
) -> Diagnostic {
    let name = &named.name;
    let meant = if gain {
        name.clone()
    } else {
        format!("{} {name}", ctx.locale.lose)
    };
    Diagnostic::new(
        "unknown-name",
        named.span,
        format!(
            "`{name}` is a {}, and only a skill has levels: `{written}`",
            kind.as_str()
        ),
    )
    .label("not a skill")
    .with_help(format!(
        "write `{meant}`, or name a skill here (a level in a skill is gained or lost as its name is: Talent, or Master if held)"
    ))
    .needs(crate::diagnostic::Needs::GLOSSARY)
}

fn wealth(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    let (text, destiny_per_level) = strip_any_suffix(p.text, &w.per_level_lost);
    let slots = first_read(&w.set_wealth, text)?;
    let (t, at) = slot(&slots, "level")?;
    match level(ctx, p.sub_at(t.trim(), at), diags) {
        Some(level) => Piece::typed(Typed::SetWealth {
            level,
            destiny_per_level,
        }),
        None => Some(Effect::FreeText(p.text.to_owned())),
    }
}

fn roll(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    if let Some(slots) = first_read(&w.roll_wealth_max, p.text) {
        let (t, at) = slot(&slots, "level")?;
        return match level(ctx, p.sub_at(t.trim(), at), diags) {
            Some(l) => Piece::typed(Typed::RollWealth { max: Some(l) }),
            None => Some(Effect::FreeText(p.text.to_owned())),
        };
    }
    if first_read(&w.roll_wealth, p.text).is_some() {
        return Piece::typed(Typed::RollWealth { max: None });
    }
    let read = best_read(&w.roll, p.text, diags, |slots, d| {
        let (_, f_at) = slot(slots, "faces")?;
        let (mut t, mut at) = slot(slots, "items")?;
        // `on a 1, 3 or 4, D1`: the faces run on past a comma while what
        // follows it is faces too.
        while let Some(i) = t.find(", ")
            && is_faces(&t[..i], &ctx.locale.or)
        {
            at += i + 2;
            t = &t[i + 2..];
        }
        let f = &p.text[f_at..at - 2];
        let faces = faces(ctx, p.sub_at(f, f_at), d)?;
        Some((faces, t, at))
    });
    let (faces, t, at) = match read {
        Best::Made(r) => r,
        Best::Failed => return Some(Effect::FreeText(p.text.to_owned())),
        Best::Unread => return None,
    };
    let items = items(ctx, p.sub_at(t, at), diags)?;
    // An item in no form inside the roll leaves the roll in words: a
    // typed roll would give it to the player as free text.
    if items.iter().any(|e| matches!(e, Effect::FreeText(_))) {
        return Some(Effect::FreeText(p.text.to_owned()));
    }
    Piece::typed(Typed::Roll { faces, items })
}

/// An arm without its article when that leaves a glossary name (`the
/// Ebony Horse`); else the arm as written (`a Treasure`).
fn named_arm<'t>(ctx: &Context, w: &EffectWords, arm: &'t str) -> &'t str {
    let (name, _) = super::effect_names::strip_article(w, arm);
    if name.len() < arm.len()
        && ctx.glossary.resolve_name(arm).is_none()
        && ctx.glossary.resolve_name(name).is_some()
    {
        name
    } else {
        arm
    }
}

/// The arms of `A or B`, `A, B or C`, `A, B, or C`, trimmed.
/// `Choice of W+1 (max Rich)`: a choice of one item, its other arm lost.
/// One finding, and the item read as that one arm (a choice of one is no
/// choice); `None` when the arm is no item.
fn lone_arm(ctx: &Context, p: Piece, arms: &[&str], diags: &mut Diagnostics) -> Option<Effect> {
    let [arm] = arms else { return None };
    // `Choice of W+1 or`, `Choice of W+1 and`: the arm after the last `or`
    // (or `and`, as a choice between arms is worded) left out.
    let (or, and) = (
        format!(" {}", ctx.locale.or),
        format!(" {}", ctx.locale.and),
    );
    let arm = (crate::text::strip_suffix_ci(arm, &or))
        .or_else(|| crate::text::strip_suffix_ci(arm, &and))
        .map_or(*arm, str::trim_end);
    let off = arm.as_ptr() as usize - p.text.as_ptr() as usize;
    let mut quiet = Vec::new();
    let e = one(ctx, p.sub_at(arm, off), &mut quiet)?;
    if matches!(e, Effect::FreeText(_)) {
        return None;
    }
    diags.push(
        Diagnostic::new(
            "syntax-error",
            p.span(ctx),
            format!("`{}` offers one item: a choice takes two or more", p.text),
        )
        .label("one arm")
        .with_help(format!(
            "add the other items with `{or}` (`{} {arm} {or} ...`), or write `{arm}` alone",
            p.text[..off].trim_end(),
            or = ctx.locale.or
        )),
    );
    diags.append(&mut quiet);
    Some(e)
}

fn choice_arms<'t>(text: &'t str, or: &str, or_words: &[String]) -> Vec<&'t str> {
    let mut parts = crate::text::split_word(text, or);
    for word in or_words {
        parts = (parts.into_iter())
            .flat_map(|p| crate::text::split_word(p, word))
            .collect();
    }
    let mut out = Vec::new();
    for part in parts {
        out.extend(part.split(',').map(str::trim).filter(|a| !a.is_empty()));
    }
    out
}

/// `3`, `3 or 4`: die faces written as digits.
fn is_faces(text: &str, or: &str) -> bool {
    let text = crate::effect_words::starts_ci(text, or)
        .and_then(|n| text[n..].strip_prefix(' '))
        .unwrap_or(text);
    crate::text::split_word(text, or).iter().all(|f| {
        let f = f.trim();
        (f.len() == 1 && f.bytes().all(|b| b.is_ascii_digit()))
            || super::effect_names::face_range(f).is_some()
    })
}

fn deck(w: &EffectWords, p: Piece) -> Option<Effect> {
    let t = if first_read(&w.draw_keep, p.text).is_some() {
        Typed::DrawTreasures { keep_one: true }
    } else if first_read(&w.draw, p.text).is_some() {
        Typed::DrawTreasures { keep_one: false }
    } else if first_read(&w.search, p.text).is_some() {
        Typed::SearchTreasures
    } else if first_read(&w.react_spend, p.text).is_some() {
        Typed::ReactAgain { cost: 1 }
    } else if first_read(&w.react_again, p.text).is_some() {
        Typed::ReactAgain { cost: 0 }
    } else {
        return None;
    };
    Piece::typed(t)
}
