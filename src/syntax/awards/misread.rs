//! A go-to item whose paragraph number has a letter for a digit (`@5O1`,
//! `Go to paragraph 5O1`, `Go to 5O1`: the letter O for 0, l or I for 1,
//! [`crate::text::letters_for_digits`]). Read as the number meant and
//! reported once, at the number, with the item written right.
//!
//! The finding names the paragraph it read (`Diagnostic::naming`): when
//! that paragraph does not exist either, the graph's `dangling-reference`
//! on the item is the one finding (`check::misread_numbers`).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Effect, Target};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::text::{eq_ci, fold, letters_for_digits, near, slack};

/// The item read as a go-to, its number's letters read as digits; `None`
/// when its last word is no such number.
pub(crate) fn go_to(
    ctx: &Context,
    raw: &str,
    text: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let bare = text.trim_matches('*').trim();
    let bare = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    let (words, number) = bare.rsplit_once(' ').unwrap_or(("", bare));
    let (at, number) = match number.strip_prefix('@') {
        Some(n) if words.is_empty() => (true, n),
        _ => (false, number),
    };
    let digits = letters_for_digits(number)?;
    let n: u32 = digits.parse().ok()?;
    let l = ctx.locale;
    // The finding is on what its help replaces: `@24O`, the number after
    // the go-to phrase, or the whole item when the phrase is a slip too.
    let (code, fixed, shown) = if at {
        ("syntax-error", format!("@{digits}"), bare)
    } else if l.spellings("go-to-item").any(|g| eq_ci(words, g)) {
        ("syntax-error", digits.clone(), number)
    } else if near_phrase(words, &l.go_to) {
        ("unknown-name", format!("{} {digits}", l.go_to), "")
    } else {
        return None;
    };
    let span = raw
        .rfind(shown)
        .filter(|_| raw.len() == span.len() && !shown.is_empty())
        .map_or(span, |i| {
            let start = span.start as usize + i;
            Span::new(span.file, start, start + shown.len())
        });
    let written = number;
    let mut d = finding(code, span, written, n, &fixed);
    if code == "unknown-name" {
        d.message = format!("`{bare}` is no award word, and `{written}` has a letter for a digit");
    }
    diags.push(d);
    Some(Effect::Goto(Target::Paragraph(n)))
}

/// An item that is a paragraph's header (`[Wounded / -501-]`, its number
/// perhaps with a letter for a digit): one finding at the item, with the
/// go-to it may have meant. It stays free text (what it meant is a guess:
/// read as a go-to, it would send readers on and raise the graph's
/// findings about a jump nobody wrote).
pub(crate) fn header(
    ctx: &Context,
    text: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let bare = text.trim_matches('*').trim();
    let inner = bare.strip_prefix('-')?.strip_suffix('-')?.trim();
    let plain = (1..=9).contains(&inner.len()) && inner.bytes().all(|b| b.is_ascii_digit());
    let digits = if plain {
        inner.to_owned()
    } else {
        letters_for_digits(inner)?
    };
    let n: u32 = digits.parse().ok()?;
    let go_to = format!("{} {n}", ctx.locale.go_to);
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{bare}` is a paragraph's header, not an award item"),
        )
        .label("a header inside an award code")
        .with_help(format!(
            "a header starts a paragraph on a line of its own; to send the reader to paragraph {n}, write `{go_to}`"
        )),
    );
    Some(Effect::FreeText(text.to_owned()))
}

/// The finding of a paragraph number `written` with a letter for a digit,
/// read as `n`, at its span; `fixed` the item (or value) written right. It
/// names `n`, for `check::read_as_missing`.
pub(crate) fn finding(
    code: &'static str,
    span: Span,
    written: &str,
    n: u32,
    fixed: &str,
) -> Diagnostic {
    Diagnostic::new(
        code,
        span,
        format!("`{written}` is a paragraph number written with a letter for a digit"),
    )
    .label(format!("read as `{n}`"))
    .with_help(format!("did you mean `{fixed}`?"))
    .naming(n, n)
}

/// `@4O2` in prose or a chart entry, where the reference reader read `@4`
/// (`text[at..at + len]`): the number runs on in letters that are digits.
/// The number meant, what was written after the `@`, and the length of the
/// whole reference.
pub(crate) fn run_on(text: &str, at: usize, len: usize) -> Option<(u32, &str, usize)> {
    let end = at + len;
    let tail = text.get(end..)?;
    let more = tail.len()
        - tail
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
            .len();
    if more == 0 {
        return None;
    }
    let written = text.get(at + 1..end + more)?;
    let n = letters_for_digits(written)?.parse().ok()?;
    Some((n, written, len + more))
}

/// The `@` references of some text (spans into `text`) whose number runs
/// on in letters that are digits (`@4O2` read as `@4`): read as the number
/// meant, one finding each at the number.
pub(crate) fn references(text: &str, refs: &mut [crate::ir::Reference], diags: &mut Diagnostics) {
    for r in refs {
        if !matches!(r.target, Target::Paragraph(_)) {
            continue;
        }
        let (at, len) = (r.span.start as usize, r.span.len());
        if let Some((n, written, whole)) = run_on(text, at, len) {
            r.target = Target::Paragraph(n);
            r.span = Span::new(r.span.file, at, at + whole);
            diags.push(finding(
                "syntax-error",
                r.span,
                written,
                n,
                &format!("@{n}"),
            ));
        }
    }
}

/// The words before the number: none, the start of the go-to phrase, or
/// the phrase a few letters off (`Go to`, `Goto`, `Go to paragrph`).
pub(crate) fn near_phrase(words: &str, phrase: &str) -> bool {
    let (words, phrase) = (fold(words).replace(' ', ""), fold(phrase).replace(' ', ""));
    let start = phrase.get(..words.len()).filter(|_| words.len() >= 2);
    words.is_empty()
        || start == Some(words.as_str())
        || near(&words, &phrase, slack(phrase.len())).is_some()
}
