//! Award codes, references, roll specs, bands and conditions: matched by
//! `grammar/award.pest`, resolved against the book's locale and glossary.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, AwardItem, Bound, Effect};
use crate::locale::Track;
use crate::span::Span;
use crate::syntax::awards::reference::lower_reference;
use crate::syntax::context::Context;
use crate::syntax::grammar::award::{AwardParser, Rule};
use crate::syntax::limits::MAX_AMOUNT;
use crate::syntax::names::unknown_level;
use pest::Parser;
use pest::iterators::Pair;

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
pub(crate) fn parse_spaced_award(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Award> {
    let span = Span::new(ctx.file, offset, offset + text.len());
    if let Some(items) = crate::syntax::awards::quick_award::items(ctx, text, offset, try_items) {
        return Some(Award { items, span });
    }
    parse_with_grammar(ctx, text, offset, diags)
}

/// [`parse_spaced_award`] by `grammar/award.pest` alone.
pub(crate) fn parse_with_grammar(
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
            let items: Vec<AwardItem> = award
                .into_inner()
                .map(|p| lower_item(ctx, p, offset, diags))
                .collect();
            let mut items = crate::syntax::awards::shape::split_joined(
                ctx, items, text, offset, try_items, diags,
            );
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
            if let Some(award) = without_empty_items(ctx, text, offset, diags) {
                return Some(award);
            }
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
    if let Some(items) = crate::syntax::awards::quick_award::bare(ctx, &owned, offset, try_items) {
        return Award { items, span };
    }
    parse_items_with_grammar(ctx, &owned, offset, diags)
}

/// [`parse_items`] by `grammar/award.pest` alone, on text whose no-break
/// spaces are spaces.
pub(crate) fn parse_items_with_grammar(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Award {
    let span = Span::new(ctx.file, offset, offset + text.len());
    let items = if let Ok(mut pairs) = AwardParser::parse(Rule::items, text) {
        let items = pairs
            .next()
            .map(|p| {
                p.into_inner()
                    .filter(|p| p.as_rule() != Rule::EOI)
                    .map(|p| lower_item(ctx, p, offset, diags))
                    .collect()
            })
            .unwrap_or_default();
        crate::syntax::awards::shape::split_joined(ctx, items, text, offset, try_items, diags)
    } else {
        diags.push(
            malformed(span, "malformed award items")
                .with_help("write award items separated by `/`, e.g. `W+1 (max Rich) / S1`"),
        );
        Vec::new()
    };
    Award { items, span }
}

/// Items read from some text, if the text reads as items at all, with the
/// findings they make (kept apart: the caller decides whether the reading
/// is the one meant).
pub(crate) fn try_items(
    ctx: &Context,
    text: &str,
    offset: usize,
) -> Option<(Vec<AwardItem>, Diagnostics)> {
    let mut diags = Vec::new();
    let pair = AwardParser::parse(Rule::items, text).ok()?.next()?;
    let items = pair
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| lower_item(ctx, p, offset, &mut diags))
        .collect();
    Some((items, diags))
}

/// `[S1 / / Pursued (VIZIER)]`, `[/ D1]`, `[D1 /]`: a `/` with no item on
/// one side (a doubled ` / `, as a typist makes it). Each such `/` is read
/// as a space (the text keeps its length, so every item keeps its span)
/// and, when the rest then reads clean, the award is kept with one
/// finding at the first stray `/`.
fn without_empty_items(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Award> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut fixed = String::with_capacity(text.len());
    fixed.push('[');
    let mut stray = None;
    let mut seen_item = false;
    for (i, piece) in inner.split('/').enumerate() {
        if i > 0 {
            // The `/` before this piece: stray when no item stands before it
            // or when this piece is empty (the one after it gives the item).
            let at = fixed.len();
            if !seen_item || piece.trim().is_empty() {
                stray.get_or_insert(at);
                fixed.push(' ');
            } else {
                fixed.push('/');
            }
        }
        seen_item |= !piece.trim().is_empty();
        fixed.push_str(piece);
    }
    fixed.push(']');
    let stray = stray?;
    if !seen_item {
        return None;
    }
    let mut quiet = Diagnostics::default();
    let award = parse_spaced_award(ctx, &fixed, offset, &mut quiet)?;
    if !quiet.is_empty() {
        return None;
    }
    let written = award
        .items
        .iter()
        .filter_map(|i| {
            let start = usize::try_from(i.span.start).ok()?.checked_sub(offset)?;
            let end = usize::try_from(i.span.end).ok()?.checked_sub(offset)?;
            text.get(start..end)
        })
        .collect::<Vec<_>>()
        .join(" / ");
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, offset + stray, offset + stray + 1),
            "a `/` with no award item on one side",
        )
        .label("read as if it were not there")
        .with_help(format!("remove the extra `/`: `[{written}]`")),
    );
    Some(award)
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
        Rule::points => match crate::syntax::effects::effect::noted_points(
            ctx,
            pair.as_str(),
            span,
            try_items,
            diags,
        ) {
            Some(e) => e,
            None => lower_points(ctx, pair, offset, span, diags),
        },
        Rule::reference_item => {
            let r = pair
                .into_inner()
                .next()
                .expect("reference_item has a reference");
            Effect::Goto(lower_reference(r))
        }
        _ => {
            crate::syntax::awards::phrase::lower_phrase(ctx, pair.as_str(), span, try_items, diags)
        }
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
                    // Reported, and read as the level meant, so nothing
                    // downstream (`l10n`'s award compare) reports it again.
                    level = crate::syntax::names::close_level(ctx, name);
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
