//! Award items in a shape that almost reads: `@ 366`, `D 1`, a bare `S`,
//! `W+2 (max Rich` without its `)`, items joined by `,` or with a `/`
//! missing. Each is one `syntax-error` with the fix, and (but for the bare
//! letter) read as the fix.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{AwardItem, Effect};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::effects::piece::ReadItems;

/// An item in a shape that almost reads, as the effect it almost is.
pub(crate) fn almost_item(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    if let Some(e) = spaced_reference(text, span, diags) {
        return Some(e);
    }
    // A bare letter, or one with its bound but no amount (`W (max Rich)`).
    let letter = text.trim();
    let letter = match letter.split_once(" (") {
        Some((l, _))
            if ctx
                .locale
                .track(l.trim_end().trim_end_matches(['+', '-']))
                .is_some() =>
        {
            l.trim_end()
        }
        _ => letter,
    };
    // A sign with no amount after it (`W+`) is the letter without one too.
    let written = letter;
    let letter = letter.trim_end_matches(['+', '-']);
    if ctx.locale.track(letter).is_some() {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                span,
                format!("`{written}` is an award letter without a number"),
            )
            .label("which amount?")
            .with_help(format!(
                "write the amount right after the letter: `{letter}1`, `{letter}-1`"
            )),
        );
        return Some(Effect::FreeText(text.to_owned()));
    }
    if let Some(e) = spaced_points(ctx, text, span, read, diags) {
        return Some(e);
    }
    if let Some(e) = misread_points(ctx, text, span, read, diags) {
        return Some(e);
    }
    if let Some(e) = doubled_sign(ctx, text, span, read, diags) {
        return Some(e);
    }
    if let Some(e) = unclosed_bound(ctx, text, span, read, diags) {
        return Some(e);
    }
    extra_close(ctx, text, span, read, diags)
}

/// `W+1 (max Rich))`: a bound closed twice.
fn extra_close(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let t = text.trim_end();
    if !t.ends_with("))") || t.matches('(').count() != 1 || t.matches(')').count() != 2 {
        return None;
    }
    let fixed = &t[..t.len() - 1];
    let effect = one_points(ctx, fixed, span, read)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{t}`: the bound is closed twice"),
        )
        .label("one `)` too many")
        .with_help(format!("write `{fixed}`")),
    );
    Some(effect)
}

/// `@ 366`: a reference with a space after its `@`.
fn spaced_reference(text: &str, span: Span, diags: &mut Diagnostics) -> Option<Effect> {
    let rest = text.strip_prefix('@')?;
    let target = rest.trim_start();
    if target.len() == rest.len() {
        return None;
    }
    let t = crate::syntax::awards::reference::parse_whole_reference(&format!("@{target}"))?;
    let fixed = format!("@{target}");
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{text}`: a reference has no space after its `@`"),
        )
        .label(format!("read as `{fixed}`"))
        .with_help(format!("write `{fixed}`")),
    );
    Some(Effect::Goto(t))
}

/// `D 1`, `W +1 (max Poor)`: points with a space after the letter.
fn spaced_points(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let (letter, rest) = text.split_once(' ')?;
    ctx.locale.track(letter)?;
    let rest = rest.trim_start();
    if !rest.starts_with(|c: char| c.is_ascii_digit() || "+-−–".contains(c)) {
        return None;
    }
    let fixed = format!("{letter}{rest}");
    let effect = one_points(ctx, &fixed, span, read)?;
    let shown: String = fixed.split(" (").next().unwrap_or(&fixed).to_owned();
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{text}`: a space between an award letter and its amount"),
        )
        .label(format!("read as `{shown}`"))
        .with_help(format!("write `{fixed}`")),
    );
    Some(effect)
}

/// `Sl`, `W+l (max Rich)`, `DO`: an amount written with a letter for a
/// digit (`l` or `I` for 1, `O` or `o` for 0), read as the points meant.
fn misread_points(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let amount = text.split(' ').next()?;
    let (letter, rest) = (1..=3.min(amount.len()))
        .filter_map(|k| Some((amount.get(..k)?, amount.get(k..)?)))
        .find(|(l, _)| ctx.locale.track(l).is_some())?;
    let sign = rest.len() - rest.trim_start_matches(['+', '-']).len();
    let number = &rest[sign..];
    // A digit besides, a lone `l` or `I`, a capital `O` after a capital
    // letter, or letters after a sign (`So`, `Sol` are words; `W-O`,
    // `DO` are not).
    let some_digit = number.bytes().any(|b| b.is_ascii_digit())
        || matches!(number, "l" | "I")
        || (number == "O" && letter.chars().all(char::is_uppercase))
        || (sign > 0 && !number.is_empty());
    if !some_digit || !number.chars().all(|c| "0123456789OolI".contains(c)) {
        return None;
    }
    let digits: String = number
        .chars()
        .map(|c| match c {
            'O' | 'o' => '0',
            'l' | 'I' => '1',
            c => c,
        })
        .collect();
    if digits == number {
        return None;
    }
    let meant = format!("{letter}{}{digits}", &rest[..sign]);
    let fixed = format!("{meant}{}", &text[amount.len()..]);
    let effect = one_points(ctx, &fixed, span, read)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{amount}`: an amount written with a letter for a digit"),
        )
        .label(format!("read as `{meant}`"))
        .with_help(if digits.bytes().all(|b| b == b'0') {
            // `DO` read as `D0` is an award of nothing: the digit meant is
            // not known, so the help does not offer `D0`.
            format!("`{meant}` would give nothing: write the amount meant, in digits")
        } else {
            format!("write `{fixed}`")
        }),
    );
    Some(effect)
}

/// `W++1`, `S--2`, `W+-1`: more than one sign before an amount. The same
/// sign twice is read as one; `+-` is a finding with no reading (which
/// was meant is not known).
fn doubled_sign(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let amount = text.split(' ').next()?;
    let letters = amount.find(['+', '-'])?;
    let letter = &amount[..letters];
    ctx.locale.track(letter)?;
    let rest = &amount[letters..];
    let number = rest.trim_start_matches(['+', '-']);
    let signs = &rest[..rest.len() - number.len()];
    if signs.len() < 2 || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let one = signs.chars().all(|c| c == '+') || signs.chars().all(|c| c == '-');
    let first = &signs[..1];
    let fixed = format!("{letter}{first}{number}{}", &text[amount.len()..]);
    let effect = if one {
        one_points(ctx, &fixed, span, read)?
    } else {
        Effect::FreeText(text.to_owned())
    };
    let help = if one {
        format!("write `{fixed}`")
    } else {
        format!("write one sign: `{letter}+{number}` to gain, `{letter}-{number}` to lose")
    };
    let d = Diagnostic::new(
        "syntax-error",
        span,
        format!("`{amount}`: more than one sign before the amount"),
    )
    .label(if one {
        format!("read as `{letter}{first}{number}`")
    } else {
        "gain or loss?".to_owned()
    })
    .with_help(help);
    diags.push(d);
    Some(effect)
}

/// `W+2 (max Rich`: a bound without its `)`.
fn unclosed_bound(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    // Only a points item with one `(` left open: `W+2 (max Rich`. (Reading
    // any text with more `(` than `)` again with one more `)` recursed once
    // per `(`, quadratic on a long one: a fuzz finding.)
    let letters = text
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(text.len());
    let after = &text[letters..];
    if letters == 0
        || letters > 3
        || !after.starts_with(|c: char| c.is_ascii_digit() || "+-−–".contains(c))
        || text.matches('(').count() != 1
        || text.contains(')')
    {
        return None;
    }
    let fixed = format!("{})", text.trim_end());
    let effect = one_points(ctx, &fixed, span, read)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{text}`: the bound has no `)`"),
        )
        .label("unclosed `(`")
        .with_help(format!("write `{fixed}`")),
    );
    Some(effect)
}

/// The text read as one points item (`D1`, `W+1 (max Poor)`), if it is one.
fn one_points(ctx: &Context, text: &str, span: Span, read: ReadItems) -> Option<Effect> {
    let (items, _) = read(ctx, text, span.start as usize)?;
    match items.as_slice() {
        [item]
            if matches!(
                item.effect,
                Effect::Destiny(_) | Effect::Story(_) | Effect::Wealth { .. }
            ) =>
        {
            Some(item.effect.clone())
        }
        _ => None,
    }
}

/// Items that are free text only because they are two or more items with
/// a `,` between them (`D-1, S1`) or no `/` at all (`S1 Wounded`): split,
/// reported once, and read as the items they are. `text` is the award's
/// text (or a city result's), starting at byte `offset` of the file.
pub(crate) fn split_joined(
    ctx: &Context,
    items: Vec<AwardItem>,
    text: &str,
    offset: usize,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Vec<AwardItem> {
    if !items
        .iter()
        .any(|i| matches!(&i.effect, Effect::FreeText(s) if s.contains([',', ';', ' '])))
    {
        return items;
    }
    let mut out = Vec::with_capacity(items.len() + 1);
    for item in items {
        let Effect::FreeText(_) = &item.effect else {
            out.push(item);
            continue;
        };
        let at = item.span.start as usize;
        let raw = text
            .get(at - offset..item.span.end as usize - offset)
            .unwrap_or("");
        // The item's span runs to the next `/`, its spaces included.
        let raw = raw.trim_end();
        let span = Span::new(item.span.file, at, at + raw.len());
        let Some((pieces, found, sep)) = joined(ctx, raw, at, read) else {
            // Without a space or a comma, `phrase` has reported it.
            if let Effect::FreeText(t) = &item.effect
                && t.contains([',', ';', ' '])
                && !has_words(t)
            {
                diags.push(wordless(ctx, t, span));
            }
            out.push(item);
            continue;
        };
        let fixed = pieces
            .iter()
            .map(|p| {
                text.get(p.span.start as usize - offset..p.span.end as usize - offset)
                    .unwrap_or("")
            })
            .collect::<Vec<_>>()
            .join(" / ");
        diags.push(joined_finding(raw, span, sep, &fixed));
        diags.extend(found);
        out.extend(pieces);
    }
    out
}

/// `D-1, S1` (`sep` `,`) or `S1 Wounded` (`sep` a space) at `span`, to be
/// written `fixed`.
fn joined_finding(raw: &str, span: Span, sep: char, fixed: &str) -> Diagnostic {
    let message = if sep == ' ' {
        format!("`{raw}`: a `/` is missing between award items")
    } else {
        format!("`{raw}`: award items are separated by `/`, not `{sep}`")
    };
    Diagnostic::new("syntax-error", span, message)
        .label(format!("read as `{fixed}`"))
        .with_help(format!("write `{fixed}`"))
}

/// The pieces of an item that is several items joined, each read exactly
/// (none free text), with their findings and the separator found.
fn joined(
    ctx: &Context,
    raw: &str,
    at: usize,
    read: ReadItems,
) -> Option<(Vec<AwardItem>, Diagnostics, char)> {
    // `,` and `;` anywhere; `+` and `&` between spaces (`W+1` is one item).
    let Some((sep, cut_at)) = [(',', ","), (';', ";"), ('+', " + "), ('&', " & ")]
        .into_iter()
        .find(|(_, s)| raw.contains(s))
    else {
        return unslashed(ctx, raw, at, read);
    };
    let cuts: Vec<usize> = raw.match_indices(cut_at).map(|(i, _)| i).collect();
    let mut pieces = Vec::new();
    let mut found = Vec::new();
    let mut start = 0;
    for cut in cuts.into_iter().chain(std::iter::once(raw.len())) {
        let piece = &raw[start..cut];
        let lead = piece.len() - piece.trim_start().len();
        let (mut items, diags) = read(ctx, piece.trim(), at + start + lead)?;
        if items.len() != 1 || matches!(items[0].effect, Effect::FreeText(_)) {
            return None;
        }
        pieces.append(&mut items);
        found.extend(diags);
        start = (cut + cut_at.len()).min(raw.len());
    }
    Some((pieces, found, sep))
}

/// Whether text could be one exact award item, by cheap looks (free text
/// has many spaces to cut at, and reading each part in full is costly).
fn may_be_item(ctx: &Context, s: &str) -> bool {
    let l = ctx.locale;
    let letters: String = s.chars().take_while(|c| c.is_alphabetic()).collect();
    let after = &s[letters.len()..];
    s.starts_with('@')
        || (ctx.locale.track(&letters).is_some()
            && after.starts_with(|c: char| c.is_ascii_digit() || "+-−–".contains(c)))
        || ctx
            .glossary
            .resolve(s.split(" (").next().unwrap_or(s))
            .is_some()
        || crate::text::eq_ci(s, &l.treasure)
        || crate::text::eq_ci(s, &l.death)
        || crate::text::strip_prefix_ci(s, &l.lose).is_some()
        || crate::text::strip_prefix_ci(s, &l.master).is_some()
}

/// `S1 Wounded`, `Wounded (1 turn) S1`: two or more items with no `/`
/// between them. Cut at a space where the part before reads as one item
/// and the rest (cut again, if need be) as items, none of them free text.
/// The longest text read as award items with their `/` missing.
const MAX_JOINED: usize = 160;

fn unslashed(
    ctx: &Context,
    raw: &str,
    at: usize,
    read: ReadItems,
) -> Option<(Vec<AwardItem>, Diagnostics, char)> {
    // Items run together are a few short words; a long text is free text,
    // and reading the rest again at each cut was quadratic on it (a fuzz
    // finding: 35 KB took seconds).
    if raw.len() > MAX_JOINED {
        return None;
    }
    let spaces: Vec<usize> = raw.match_indices(' ').map(|(i, _)| i).take(12).collect();
    for cut in spaces {
        let (a, b) = (&raw[..cut], &raw[cut + 1..]);
        if a.trim().is_empty() || b.trim().is_empty() {
            continue;
        }
        let lead = a.len() - a.trim_start().len();
        if !may_be_item(ctx, a.trim()) {
            continue;
        }
        let Some((mut first, mut found)) = read(ctx, a.trim(), at + lead) else {
            continue;
        };
        if first.len() != 1 || matches!(first[0].effect, Effect::FreeText(_)) || !found.is_empty() {
            continue;
        }
        let rest_at = at + cut + 1 + (b.len() - b.trim_start().len());
        let rest = match read(ctx, b.trim(), rest_at) {
            Some((items, d))
                if items.len() == 1
                    && !matches!(items[0].effect, Effect::FreeText(_))
                    && d.is_empty() =>
            {
                Some((items, d))
            }
            _ => unslashed(ctx, b.trim(), rest_at, read).map(|(i, d, _)| (i, d)),
        };
        if let Some((mut items, mut d)) = rest {
            first.append(&mut items);
            found.append(&mut d);
            return Some((first, found, ' '));
        }
    }
    None
}

/// Whether free text holds a word: two letters together, or one letter of
/// a script without spaces (`+1`, `-2x4-`, `??`, `1D` hold none).
pub(crate) fn has_words(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        if c.is_alphabetic() {
            run += 1;
            if run >= 2 || !c.is_ascii() {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// An item that is neither a code, a name nor words: a keystroke slip
/// (`+1` for `W+1`, `1D` for `D1`), never an effect in words.
pub(crate) fn wordless(ctx: &Context, text: &str, span: Span) -> Diagnostic {
    let l = ctx.locale;
    if let Some(fixed) = crate::text::other_digits_as_ascii(text) {
        return other_digits(text, &fixed, span);
    }
    Diagnostic::new(
        "syntax-error",
        span,
        format!("`{text}` is no award item"),
    )
    .label("neither a code, a name nor words")
    .with_help(format!(
        "an award item is a code with its letter first (`{d}1`, `{s}-1`, `{w}+1`), a glossary name, or an effect in words",
        d = l.destiny,
        s = l.story,
        w = l.wealth
    ))
}

/// `@١٢٣`, `D２`: a number in the digits of another script (or a
/// full-width `＠`), which no award code reads; one error with the item in
/// the digits 0 to 9.
pub(crate) fn other_digits(text: &str, fixed: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "syntax-error",
        span,
        format!("`{text}` is written with digits (or an `@`) of another script"),
    )
    .label("not the digits 0 to 9")
    .with_help(format!("write `{fixed}`"))
}
