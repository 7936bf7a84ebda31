//! Award codes, references, roll specs, bands and conditions: matched by
//! `grammar/award.pest`, resolved against the book's locale and glossary.

use super::Context;
use super::award_grammar::{AwardParser, Rule};
use super::reference::lower_reference;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, AwardItem, Bound, Effect, Id, Note};
use crate::locale::Track;
use crate::span::Span;
use crate::text::{fold_space, split_word, strip_prefix_ci, strip_suffix_ci};
use pest::Parser;
use pest::iterators::Pair;

/// The largest number an award item may carry.
pub const MAX_AMOUNT: u32 = 999;

/// Parse an award code `[ ... ]` that starts at byte `offset` of the file.
pub fn parse_award(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Award> {
    // `(Max : Riche)` with a no-break space: see `parse_file`.
    parse_spaced_award(ctx, &crate::text::nbsp_as_spaces(text), offset, diags)
}

/// [`parse_award`] on text whose no-break spaces are already spaces (a
/// `.tales` file's, by `parse_file`).
pub(super) fn parse_spaced_award(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Award> {
    let span = Span::new(ctx.file, offset, offset + text.len());
    match AwardParser::parse(Rule::award, text) {
        Ok(mut pairs) => {
            let award = pairs.next()?;
            if award.as_str().len() != text.len() {
                diags.push(malformed(span, "malformed award code"));
                return None;
            }
            let mut items: Vec<AwardItem> = award
                .into_inner()
                .map(|p| lower_item(ctx, p, offset, diags))
                .collect();
            // The IR is kept for the whole run: no spare capacity.
            items.shrink_to_fit();
            Some(Award { items, span })
        }
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
            let inner = text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .unwrap_or(text);
            let d = if inner.trim().is_empty() {
                malformed(span, "empty award code")
            } else {
                malformed(
                    Span::new(ctx.file, offset + at, offset + at + 1),
                    "malformed award code",
                )
                .with_help(
                    "an award code is `[item / item / ...]`, e.g. `[D1 / S2 / W+1 (max Poor)]`",
                )
            };
            diags.push(d);
            None
        }
    }
}

/// Parse an item list without brackets (a city-card result) at `offset`.
pub fn parse_items(ctx: &Context, text: &str, offset: usize, diags: &mut Diagnostics) -> Award {
    let span = Span::new(ctx.file, offset, offset + text.len());
    let owned = crate::text::nbsp_as_spaces(text);
    let text: &str = &owned;
    let items = if let Ok(mut pairs) = AwardParser::parse(Rule::items, text) {
        pairs
            .next()
            .map(|p| {
                p.into_inner()
                    .filter(|p| p.as_rule() != Rule::EOI)
                    .map(|p| lower_item(ctx, p, offset, diags))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        diags.push(
            malformed(span, "malformed award items")
                .with_help("write award items separated by `/`, e.g. `W+1 (max Rich) / S1`"),
        );
        Vec::new()
    };
    Award { items, span }
}

fn malformed(span: Span, message: &str) -> Diagnostic {
    Diagnostic::new("syntax-error", span, message).label("here")
}

fn pair_span(ctx: &Context, pair: &Pair<Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    Span::new(ctx.file, offset + s.start(), offset + s.end())
}

fn lower_item(
    ctx: &Context,
    pair: Pair<Rule>,
    offset: usize,
    diags: &mut Diagnostics,
) -> AwardItem {
    let span = pair_span(ctx, &pair, offset);
    let effect = match pair.as_rule() {
        Rule::points => lower_points(ctx, pair, offset, span, diags),
        Rule::reference_item => {
            let r = pair
                .into_inner()
                .next()
                .expect("reference_item has a reference");
            Effect::Goto(lower_reference(r))
        }
        _ => lower_phrase(ctx, pair.as_str(), span, diags),
    };
    AwardItem { effect, span }
}

fn lower_points(
    ctx: &Context,
    pair: Pair<Rule>,
    offset: usize,
    span: Span,
    diags: &mut Diagnostics,
) -> Effect {
    let text = pair.as_str().to_owned();
    let mut letters = "";
    let mut negative = false;
    let mut amount = 0;
    let mut bound = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::letters => letters = p.as_str(),
            Rule::sign => negative = p.as_str() != "+",
            Rule::amount => {
                amount = match p.as_str().parse::<u32>() {
                    Ok(n) if n <= MAX_AMOUNT => n,
                    _ => {
                        diags.push(
                            Diagnostic::new(
                                "syntax-error",
                                pair_span(ctx, &p, offset),
                                format!("number `{}` is too large", p.as_str()),
                            )
                            .label("too large")
                            .with_help(format!("award amounts go up to {MAX_AMOUNT}")),
                        );
                        0
                    }
                }
            }
            Rule::bound => bound = lower_bound(ctx, p, offset, diags),
            _ => {}
        }
    }
    let amount = i32::try_from(amount).unwrap_or(0);
    let delta = if negative { -amount } else { amount };
    match ctx.locale.track(letters) {
        Some(Track::Wealth) => Effect::Wealth { delta, bound },
        Some(track) => {
            if bound.is_some() {
                diags.push(
                    Diagnostic::new("syntax-error", span, "only wealth takes a bound")
                        .label("bound on points")
                        .with_help(format!("bounds go on `{}` items", ctx.locale.wealth)),
                );
            }
            if track == Track::Destiny {
                Effect::Destiny(delta)
            } else {
                Effect::Story(delta)
            }
        }
        None => {
            let l = ctx.locale;
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    span,
                    format!(
                        "`{letters}` is no award letter in this book's locale ({})",
                        l.id
                    ),
                )
                .label("unknown letter")
                .with_help(format!(
                    "award letters are `{}` (destiny), `{}` (story) and `{}` (wealth)",
                    l.destiny, l.story, l.wealth
                )),
            );
            Effect::FreeText(text)
        }
    }
}

fn lower_bound(
    ctx: &Context,
    pair: Pair<Rule>,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Bound> {
    let mut max = None;
    let mut level = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::bound_kw => {
                max = ctx.locale.bound_is_max(p.as_str());
                if max.is_none() {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            pair_span(ctx, &p, offset),
                            format!("unknown bound keyword `{}`", p.as_str()),
                        )
                        .label("not a bound keyword")
                        .with_help(format!(
                            "write `({} LEVEL)` or `({} LEVEL)`",
                            ctx.locale.max.first().map_or("max", String::as_str),
                            ctx.locale.min.first().map_or("min", String::as_str)
                        )),
                    );
                }
            }
            Rule::level => {
                let name = p.as_str().trim();
                level = ctx.rules.wealth_level(name);
                if level.is_none() && !ctx.rules.wealth.is_empty() {
                    let s = p.as_span();
                    let span = Span::new(
                        ctx.file,
                        offset + s.start(),
                        offset + s.start() + name.len(),
                    );
                    diags.push(unknown_level(ctx, name, span));
                }
            }
            _ => {}
        }
    }
    Some(Bound {
        max: max?,
        level: level?,
    })
}

/// `unknown-name` for a wealth level that is not on the book's ladder.
pub fn unknown_level(ctx: &Context, name: &str, span: Span) -> Diagnostic {
    let names: Vec<&str> = ctx
        .rules
        .wealth
        .iter()
        .map(|w| w.name.value.as_str())
        .collect();
    let close = names
        .iter()
        .copied()
        .filter(|n| crate::text::edit_distance(&n.to_lowercase(), &name.to_lowercase()) <= 2)
        .min_by_key(|n| crate::text::edit_distance(&n.to_lowercase(), &name.to_lowercase()));
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

/// A name, `Lose NAME`, `Death`, ... or free text.
fn lower_phrase(ctx: &Context, raw: &str, span: Span, diags: &mut Diagnostics) -> Effect {
    let text = fold_space(raw.trim());
    let l = ctx.locale;
    let bare = text.trim_matches('*').trim();
    if crate::text::eq_ci(bare, &l.treasure) {
        return Effect::RandomTreasure;
    }
    if crate::text::eq_ci(bare, &l.death) {
        return Effect::Death;
    }
    if let Some(rest) = strip_prefix_ci(&text, &l.choice_of) {
        let rest = rest.trim_start_matches(':').trim();
        if let Some(ids) = resolve_list(ctx, rest, &l.or, span, diags) {
            return Effect::Choice(ids);
        }
        return Effect::FreeText(text.into_owned());
    }
    if let Some(head) = strip_suffix_ci(&text, &l.master_suffix).and_then(|h| h.strip_suffix(' ')) {
        if let Some(ids) = resolve_list(ctx, head, &l.and, span, diags) {
            return Effect::Master(ids);
        }
        return Effect::FreeText(text.into_owned());
    }
    if let Some(rest) = strip_prefix_ci(&text, &l.lose).and_then(|r| r.strip_prefix(' ')) {
        if let Some(id) = resolve_one(ctx, rest, span, diags) {
            return Effect::Lose(id);
        }
        return Effect::FreeText(text.into_owned());
    }
    if let Some(rest) = strip_prefix_ci(&text, &l.master).and_then(|r| r.strip_prefix(' ')) {
        if let Some(id) = resolve_one(ctx, rest, span, diags) {
            return Effect::Master(vec![id]);
        }
        return Effect::FreeText(text.into_owned());
    }
    let (name, note) = split_note(&text);
    if let Some(e) = ctx.glossary.resolve(name) {
        let note = note.map(|n| parse_note(ctx, n));
        return Effect::Gain {
            id: e.id.value.clone(),
            note,
        };
    }
    if let Some(e) = ctx.glossary.suggest(name) {
        diags.push(near_miss(name, &e.name.value, span));
    }
    Effect::FreeText(text.into_owned())
}

/// Resolve a list of names joined by a word (`or`, `and`), or none:
/// `None` when one is no glossary name (a near miss is reported). Names that
/// contain the word themselves (`Stealth and Stealing`) are found by trying
/// the longest run of pieces first.
fn resolve_list(
    ctx: &Context,
    text: &str,
    word: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<Vec<Id>> {
    let pieces = split_word(text, word);
    let glue = format!(" {word} ");
    let mut ids = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let found = (i + 1..=pieces.len()).rev().find_map(|j| {
            ctx.glossary
                .resolve(split_note(&pieces[i..j].join(&glue)).0)
                .map(|e| (j, e.id.value.clone()))
        });
        let Some((j, id)) = found else {
            // Report a near miss, if any, then give up.
            resolve_one(ctx, pieces[i], span, diags);
            return None;
        };
        ids.push(id);
        i = j;
    }
    Some(ids)
}

fn resolve_one(ctx: &Context, name: &str, span: Span, diags: &mut Diagnostics) -> Option<Id> {
    let (name, _) = split_note(name.trim());
    if let Some(e) = ctx.glossary.resolve(name) {
        return Some(e.id.value.clone());
    }
    if let Some(e) = ctx.glossary.suggest(name) {
        diags.push(near_miss(name, &e.name.value, span));
    }
    None
}

fn near_miss(name: &str, suggestion: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` is no name of the glossary"),
    )
    .label("unknown name")
    .with_help(format!("did you mean `{suggestion}`?"))
}

/// `Scorned (1 turn)` -> (`Scorned`, `Some("1 turn")`).
fn split_note(text: &str) -> (&str, Option<&str>) {
    let t = text.trim();
    if t.ends_with(')') {
        if let Some(open) = t.rfind('(') {
            let name = t[..open].trim();
            if !name.is_empty() {
                return (name, Some(t[open + 1..t.len() - 1].trim()));
            }
        }
    }
    (t, None)
}

fn parse_note(ctx: &Context, note: &str) -> Note {
    let mut words = note.split_whitespace();
    if let (Some(n), Some(unit), None) = (words.next(), words.next(), words.next()) {
        if let Ok(n) = n.parse::<u32>() {
            if crate::text::eq_ci(unit, &ctx.locale.turn)
                || crate::text::eq_ci(unit, &ctx.locale.turns)
            {
                return Note::Turns(n);
            }
        }
    }
    Note::Text(note.to_owned())
}
