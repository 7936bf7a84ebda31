//! Award items that are words: a glossary name, `Lose NAME`, `Master NAME`,
//! `NAME and NAME at Master level`, `Choice of NAME or NAME`, `Treasure`,
//! `Death`, or free text; and the items that almost are one of those.
//!
//! An item is free text only when it looks like no award word. One that is
//! a few edits from a keyword or a name (`Deth`, `Mastr Wisdom`, `Pursed`)
//! is reported with the likely fix and read as that fix, so `play` and the
//! later checks see what the author meant. What counts as "a few edits" is
//! [`crate::text::slack`]: none below four letters, one up to five, two
//! beyond; accents and case aside.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::{Effect, Id, Note, Target};
use crate::span::Span;
use crate::syntax::awards::shape::{has_words, wordless};
use crate::syntax::context::Context;
use crate::syntax::effects::piece::ReadItems;
use crate::syntax::names::{close, named, near_miss, resolve_one, split_note};
use crate::text::{fold_space, split_word, strip_prefix_ci, strip_suffix_ci};

/// A name, `Lose NAME`, `Death`, ... or free text.
pub(crate) fn lower_phrase(
    ctx: &Context,
    raw: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Effect {
    let text = fold_space(raw.trim());
    if let Some(e) = crate::syntax::effects::effect::typed(ctx, &text, span, read, diags) {
        return e;
    }
    if let Some(e) = super::misread::go_to(ctx, raw, &text, span, diags) {
        return e;
    }
    if let Some(e) = super::misread::header(ctx, &text, span, diags) {
        return e;
    }
    let before = diags.len();
    if let Some(e) = exact(ctx, &text, span, diags) {
        // `Lose all statusses`, `Luck (1 uses)`: a verb's words, or a
        // name's note, that are a form's but one word.
        let loose = matches!(
            e,
            Effect::FreeText(_)
                | Effect::Gain {
                    note: Some(Note::Text(_)),
                    ..
                }
        );
        if loose && diags.len() == before {
            return crate::syntax::effects::near_form::near_form(ctx, &text, span, read, diags)
                .unwrap_or(e);
        }
        return e;
    }
    if let Some(e) = almost(ctx, &text, span, read, diags) {
        return e;
    }
    if let Some(e) = crate::syntax::effects::near_form::near_form(ctx, &text, span, read, diags) {
        return e;
    }
    // An item with a space or a comma may be items joined without a `/`:
    // `shape::split_joined` reports it then, whichever it is.
    if !text.is_empty() && !has_words(&text) && !text.contains([',', ';', ' ']) {
        // At the item's words, not the spaces up to the next `/`.
        let start = span.start as usize + (raw.len() - raw.trim_start().len());
        let at = Span::new(span.file, start, start + raw.trim().len());
        diags.push(wordless(
            ctx,
            &text,
            if raw.len() == span.len() { at } else { span },
        ));
    }
    Effect::FreeText(text.into_owned())
}

/// The phrase as the format spells it. Names inside it may be near misses
/// (reported, read as the name meant). `Some(FreeText)` for a verb with
/// words that are no names (`Lose a status of your choice`).
fn exact(ctx: &Context, text: &str, span: Span, diags: &mut Diagnostics) -> Option<Effect> {
    let l = ctx.locale;
    let free = || Some(Effect::FreeText(text.to_owned()));
    let bare = text.trim_matches('*').trim();
    if crate::text::eq_ci(bare, &l.treasure) {
        return Some(Effect::RandomTreasure);
    }
    if crate::text::eq_ci(bare, &l.death) {
        return Some(Effect::Death);
    }
    if let Some(e) = with_section(ctx, bare) {
        return Some(e);
    }
    if let Some((e, fixed)) = super::near_go_to::near_section(ctx, bare)
        .and_then(|fixed| Some((with_section(ctx, &fixed)?, fixed)))
    {
        diags.push(misspelt(text, &fixed, span));
        return Some(e);
    }
    // `Ve al párrafo 340.º y lee la sección PIEDAD`: as without the
    // ordinal's sign, one finding.
    if let Some((e, fixed)) =
        without_ordinal_sign(ctx, bare).and_then(|fixed| Some((with_section(ctx, &fixed)?, fixed)))
    {
        diags.push(ordinal_go_to(text, &fixed, span));
        return Some(e);
    }
    if let Some(rest) = l
        .spellings("go-to-item")
        .find_map(|g| strip_prefix_ci(bare, g))
    {
        if let Some(n) = rest.strip_prefix(' ').and_then(go_to_number) {
            return Some(Effect::Goto(Target::Paragraph(n)));
        }
        if let Some(n) = rest.strip_prefix(' ').and_then(ordinal_number) {
            let fixed = format!("{} {n}", l.go_to);
            diags.push(ordinal_go_to(text, &fixed, span));
            return Some(Effect::Goto(Target::Paragraph(n)));
        }
        if rest.is_empty() || rest.starts_with(' ') {
            diags.push(bad_go_to(ctx, text, rest, span));
            // `Go to paragraph 83 then read the PIETY paragraph`: the
            // paragraph is certain, only the section is not; its reference
            // is kept (else the slip is also a reference the source has and
            // the translation lacks, or a paragraph no one reaches).
            let t = without_number_sign(rest.trim_start());
            let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            return match go_to_number(&t[..digits]) {
                Some(n) if n != u32::MAX => Some(Effect::Goto(Target::Paragraph(n))),
                _ => free(),
            };
        }
    }
    if let Some(e) = verb(ctx, text, span, diags) {
        return Some(e);
    }
    let (name, note) = split_note(text);
    let e = named(ctx, name, span, diags).or_else(|| {
        let e = ctx.suggest(name)?;
        diags.push(near_miss(name, &e.name.value, span));
        Some(e)
    })?;
    Some(Effect::Gain {
        id: e.id.value,
        note: note.map(|n| parse_note(ctx, n)),
    })
}

/// `Choice of A or B`, `A and B at Master level`, `Lose A`, `Master A`,
/// with names of the glossary (near misses reported); `None` when the text
/// starts with no such verb. A note in brackets on a name of these forms
/// (`Lose Respected (twice)`) is no part of what they hold: the item stays
/// in words, whole, rather than read without it.
fn verb(ctx: &Context, text: &str, span: Span, diags: &mut Diagnostics) -> Option<Effect> {
    let l = ctx.locale;
    let free = || Some(Effect::FreeText(text.to_owned()));
    let noted = |names: &str, word: &str| {
        split_word(names, word)
            .iter()
            .any(|n| split_note(n).1.is_some())
    };
    if let Some(rest) = strip_prefix_ci(text, &l.choice_of) {
        let rest = rest.trim_start_matches(':').trim();
        if noted(rest, &l.or) {
            return free();
        }
        return choice_names(ctx, rest, span, diags)
            .map(Effect::Choice)
            .or_else(free);
    }
    if let Some(head) = strip_suffix_ci(text, &l.master_suffix).and_then(|h| h.strip_suffix(' ')) {
        if noted(head, &l.and) {
            return free();
        }
        return resolve_list(ctx, head, &l.and, span, diags)
            .map(Effect::Master)
            .or_else(free);
    }
    // The verb's printed variants too (`Perder Herido`, `Discard Wounded`).
    let lose = std::iter::once(&l.lose)
        .chain(&l.effects.lose)
        .find_map(|v| strip_prefix_ci(text, v)?.strip_prefix(' '));
    if let Some(rest) = lose {
        if split_note(rest).1.is_some() {
            return free();
        }
        return resolve_one(ctx, without_article(ctx, rest), span, diags)
            .map(Effect::Lose)
            .or_else(free);
    }
    if let Some(rest) = strip_prefix_ci(text, &l.master).and_then(|r| r.strip_prefix(' ')) {
        if split_note(rest).1.is_some() {
            return free();
        }
        return resolve_one(ctx, without_article(ctx, rest), span, diags)
            .map(|id| Effect::Master(vec![id]))
            .or_else(free);
    }
    None
}

/// The names of `Choice of A or B`; when its arms split at `or` are no
/// names, those of a choice worded as one between them (`Choice of Pietty
/// and Wisdom`, `Choice of Piety, Luck and Wisdom`): near misses reported
/// as with `or` (the arms all names is [`crate::syntax::effects`]'s).
fn choice_names(ctx: &Context, rest: &str, span: Span, diags: &mut Diagnostics) -> Option<Vec<Id>> {
    let l = ctx.locale;
    let mut quiet = Vec::new();
    if let Some(ids) = resolve_list(ctx, rest, &l.or, span, &mut quiet) {
        diags.append(&mut quiet);
        return Some(ids);
    }
    let after_and = crate::syntax::effects::piece::after_words;
    let arms: Vec<&str> = (rest.split(','))
        .map(|a| after_and(a.trim(), &l.and).unwrap_or(a).trim())
        .filter(|a| !a.is_empty())
        .collect();
    let mut between = Vec::new();
    match resolve_list(
        ctx,
        &arms.join(&format!(" {} ", l.and)),
        &l.and,
        span,
        &mut between,
    ) {
        Some(ids) if ids.len() > 1 => {
            diags.append(&mut between);
            Some(ids)
        }
        _ => {
            diags.append(&mut quiet);
            None
        }
    }
}

/// A name after an article of the locale (`Lose the Ebony Horse`): the
/// name, when the words are no name of the glossary and the name is.
fn without_article<'t>(ctx: &Context, text: &'t str) -> &'t str {
    if ctx.glossary.resolve_name(text).is_some() {
        return text;
    }
    let (bare, _) = crate::syntax::effects::effect_names::strip_article(&ctx.locale.effects, text);
    if ctx.glossary.resolve_name(bare).is_some() {
        bare
    } else {
        text
    }
}

/// A keyword written a few edits off (`Deth`, `Tresure`, `Loose Wounded`,
/// `Mastr Wisdom`, `Choise of A or B`, `A at Mastr level`), or an item in a
/// shape that almost reads (`@ 366`, `D 1`, a bare `S`).
fn almost(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let l = ctx.locale;
    let bare = text.trim_matches('*').trim();
    for (word, effect) in [
        (&l.treasure, Effect::RandomTreasure),
        (&l.death, Effect::Death),
    ] {
        if close(bare, word) {
            diags.push(misspelt(text, word, span));
            return Some(effect);
        }
    }
    if let Some(e) = almost_verb(ctx, text, span, diags) {
        return Some(e);
    }
    if let Some(n) = near_go_to(bare, &l.go_to) {
        diags.push(misspelt(text, &format!("{} {n}", l.go_to), span).naming(n, n));
        return Some(Effect::Goto(Target::Paragraph(n)));
    }
    if let Some(e) = crate::syntax::awards::shape::almost_item(ctx, text, span, read, diags) {
        return Some(e);
    }
    unclosed(ctx, text, span, read, diags)
}

/// `Wounded (2 turns`, `W+1 {wealth <= poor`: a note or a condition whose
/// `)` or `}` was forgotten. Read as closed when that reads (reported
/// either way: an unclosed `(` or `{` is never free text).
fn unclosed(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    let open = ['(', '{']
        .into_iter()
        .zip([')', '}'])
        .find(|&(o, c)| text.matches(o).count() > text.matches(c).count());
    let (open, shut) = open?;
    let fixed = format!("{}{shut}", text.trim_end());
    let mut quiet = Vec::new();
    let read = match shut {
        ')' => exact(ctx, &fixed, span, &mut quiet),
        _ => crate::syntax::effects::effect::typed(ctx, &fixed, span, read, &mut quiet),
    }
    .filter(|e| !matches!(e, Effect::FreeText(_)));
    let d = Diagnostic::new(
        "syntax-error",
        span,
        format!("`{text}`: a `{open}` is never closed"),
    )
    .with_help(format!("write `{fixed}`"));
    diags.push(match read {
        Some(_) => d.label(format!("read as `{fixed}`")),
        None => d.label(format!("unclosed `{open}`")),
    });
    diags.append(&mut quiet);
    Some(read.unwrap_or_else(|| Effect::FreeText(text.to_owned())))
}

/// `Loose X`, `Mastr X`, `Choise of X or Y`, `X at Mastr level`: the verb
/// near the locale's, and every name after it a name (or near one).
fn almost_verb(ctx: &Context, text: &str, span: Span, diags: &mut Diagnostics) -> Option<Effect> {
    let l = ctx.locale;
    let mut quiet = Vec::new();
    let fixed = |verb: &str, rest: &str| format!("{verb} {rest}");
    if let Some(rest) = near_prefix(text, &l.choice_of) {
        let ids = resolve_list(
            ctx,
            rest.trim_start_matches(':').trim(),
            &l.or,
            span,
            &mut quiet,
        )?;
        diags.push(misspelt(text, &fixed(&l.choice_of, rest), span));
        diags.append(&mut quiet);
        return Some(Effect::Choice(ids));
    }
    if let Some(head) = near_suffix(text, &l.master_suffix) {
        let ids = resolve_list(ctx, head, &l.and, span, &mut quiet)?;
        diags.push(misspelt(text, &format!("{head} {}", l.master_suffix), span));
        diags.append(&mut quiet);
        return Some(Effect::Master(ids));
    }
    for (verb, master) in [(&l.lose, false), (&l.master, true)] {
        if let Some(rest) = near_prefix(text, verb) {
            let id = resolve_one(ctx, rest, span, &mut quiet)?;
            diags.push(misspelt(text, &fixed(verb, rest), span));
            diags.append(&mut quiet);
            return Some(if master {
                Effect::Master(vec![id])
            } else {
                Effect::Lose(id)
            });
        }
    }
    None
}

/// The paragraph number after the go-to phrase: `513` or `513.` (as
/// printed). One too large to read is `u32::MAX`, past any paragraph, as
/// an `@` reference's is: its finding quotes it as written.
pub(crate) fn go_to_number(rest: &str) -> Option<u32> {
    let digits = without_number_sign(rest.trim());
    let digits = digits.strip_suffix('.').unwrap_or(digits).trim_end();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(u32::MAX))
}

/// The printed number sign before a paragraph number, if any, and the
/// spaces after it (a no-break space too): `n.º 399`, `nº 399`, `No. 399`
/// are `399`. Spanish typography writes `Ve al párrafo n.º 399`.
pub(crate) fn without_number_sign(t: &str) -> &str {
    const SIGNS: [&str; 7] = ["n.º", "n.°", "nº", "n°", "núm.", "num.", "no."];
    SIGNS
        .iter()
        .find_map(|s| crate::text::strip_prefix_ci(t, s))
        .map_or(t, str::trim_start)
}

/// The signs an ordinal is written with after its digits (the degree
/// sign `°` is typed for `º` as often as not).
const ORDINAL_SIGNS: [&str; 6] = [".º", ".ª", ".°", "º", "ª", "°"];

/// The number of an ordinal written where the go-to phrase takes a
/// paragraph number: `340.º`, `340º`, `340.ª`, `340°`.
fn ordinal_number(rest: &str) -> Option<u32> {
    let t = rest.trim();
    let digits = ORDINAL_SIGNS.iter().find_map(|o| t.strip_suffix(o))?;
    go_to_number(digits)
}

/// A go-to phrase whose paragraph number is an ordinal followed by more
/// words (`Ve al párrafo 340.º y lee la sección PIEDAD`), without the
/// ordinal's sign; `None` for any other text.
fn without_ordinal_sign(ctx: &Context, bare: &str) -> Option<String> {
    // Every sign starts with byte C2 (`º` C2 BA, `ª` C2 AA, `°` C2 B0):
    // an item without it, nearly every one, is told at once.
    memchr::memchr(0xC2, bare.as_bytes())?;
    let rest = (ctx.locale.spellings("go-to-item"))
        .find_map(|g| strip_prefix_ci(bare, g)?.strip_prefix(' '))?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &rest[digits..];
    let sign = ORDINAL_SIGNS.iter().find(|o| after.starts_with(**o))?;
    let at = bare.len() - after.len();
    (digits > 0 && after[sign.len()..].starts_with(' '))
        .then(|| format!("{}{}", &bare[..at], &bare[at + sign.len()..]))
}

/// One finding for `Ve al párrafo 340.º`: the item is read as the go-to
/// to 340 (so its reference is the source's), and the help names the fix
/// (`fixed`: the item without the ordinal's sign).
fn ordinal_go_to(text: &str, fixed: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "syntax-error",
        span,
        format!("`{text}`: an ordinal where the go-to phrase takes a paragraph number"),
    )
    .label(format!("read as `{fixed}`"))
    .with_help(format!("write `{fixed}`"))
}

/// `Go to paragraph` with no number, or a number and words that are no
/// section form (`Go to paragraph 83 then read the PIETY paragraph`).
fn bad_go_to(ctx: &Context, text: &str, rest: &str, span: Span) -> Diagnostic {
    let l = ctx.locale;
    let rest = rest.trim_start();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let form = l
            .read_section
            .first()
            .map_or_else(String::new, |f| f.replace("{name}", "NAME"));
        return Diagnostic::new(
            "syntax-error",
            span,
            format!("`{text}`: after its paragraph number the go-to phrase takes only a section"),
        )
        .label("words after the number")
        .with_help(format!(
            "write `{} {} {form}` (NAME a section of paragraph {}), or end the item at the number",
            l.go_to,
            &rest[..digits],
            &rest[..digits]
        ));
    }
    if let Some(fixed) = crate::text::other_digits_as_ascii(text) {
        return super::shape::other_digits(text, &fixed, span);
    }
    Diagnostic::new(
        "syntax-error",
        span,
        format!("`{text}`: the go-to phrase takes a paragraph number"),
    )
    .label("no paragraph number")
    .with_help(format!(
        "write `{} N`, N a paragraph's number, or `@N`",
        l.go_to
    ))
}

/// `Go to paragrph 75`, `Go to 75`, `Goto 75`, `75`: words a few edits
/// from the go-to phrase, or the start of it, then a paragraph number.
fn near_go_to(text: &str, phrase: &str) -> Option<u32> {
    let (words, number) = text.rsplit_once(' ').unwrap_or(("", text));
    let n = go_to_number(number)?;
    super::misread::near_phrase(words, phrase).then_some(n)
}

/// The rest of `text` after its first words, when they are close to a
/// phrase of as many words (`Choise of`, `Loose`).
fn near_prefix<'t>(text: &'t str, phrase: &str) -> Option<&'t str> {
    let n = phrase.split_whitespace().count();
    let mut cut = 0;
    let mut words = text.split(' ');
    for _ in 0..n {
        cut += words.next()?.len() + 1;
    }
    let head = text.get(..cut - 1)?;
    let rest = text.get(cut..)?.trim();
    (close(head, phrase) && !rest.is_empty()).then_some(rest)
}

/// The start of `text` before its last words, when they are close to a
/// phrase of as many words (`at Mastr level`).
fn near_suffix<'t>(text: &'t str, phrase: &str) -> Option<&'t str> {
    let n = phrase.split_whitespace().count();
    let mut cut = text.len();
    for _ in 0..n {
        cut = text[..cut].rfind(' ')?;
    }
    let tail = &text[cut + 1..];
    let head = text[..cut].trim();
    (close(tail, phrase) && !head.is_empty()).then_some(head)
}

/// `unknown-name` for a misspelt award word, read as the fix.
pub(crate) fn misspelt(written: &str, fixed: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{written}` is no award word or glossary name"),
    )
    .label(format!("read as `{fixed}`"))
    .with_help(format!("did you mean `{fixed}`?"))
    .needs(Needs::GLOSSARY.and(Needs::MANIFEST))
}

/// The most pieces one name joins (`Stealth and Stealing` is two): a run is
/// never tried longer, so a list of thousands of `or`s is read in linear
/// time (it was cubic: every run joined and looked up).
const MAX_NAME_PIECES: usize = 4;

/// Resolve a list of names joined by a word (`or`, `and`), or none:
/// `None` when one is no glossary name nor near one. Names that contain the
/// word themselves (`Stealth and Stealing`) are found by trying the longest
/// run of pieces first. Near misses are reported and read as the name.
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
        let found = (i + 1..=pieces.len().min(i + MAX_NAME_PIECES))
            .rev()
            .find_map(|j| {
                ctx.glossary
                    .resolve_name(split_note(&pieces[i..j].join(&glue)).0)
                    .map(|e| (j, e.id.value))
            });
        let (j, id) = match found {
            Some(f) => f,
            None => (i + 1, resolve_one(ctx, pieces[i], span, diags)?),
        };
        ids.push(id);
        i = j;
    }
    Some(ids)
}

/// `2 turns`, and in words `two turns`, `un turno`, `durante 1 turno` (the
/// locale's `duration` words before the count): a number of turns; any
/// other note is text.
fn parse_note(ctx: &Context, note: &str) -> Note {
    let w = &ctx.locale.effects;
    let bare = (w.duration.iter())
        .find_map(|d| crate::syntax::effects::piece::after_words(note, d))
        .unwrap_or(note);
    let mut words = bare.split_whitespace();
    let count = |n: &str| {
        n.parse::<u32>().ok().or_else(|| {
            let one = w.one.iter().any(|o| crate::text::eq_ci(o, n));
            (one.then_some(1)).or_else(|| crate::syntax::effects::effect_names::number(w, n))
        })
    };
    if let (Some(n), Some(unit), None) = (words.next(), words.next(), words.next())
        && let Some(n) = count(n)
        && (crate::text::eq_ci(unit, &ctx.locale.turn)
            || crate::text::eq_ci(unit, &ctx.locale.turns))
    {
        return Note::Turns(n);
    }
    Note::Text(note.to_owned())
}

/// A section's name between quotation marks, as a Spanish book may cite
/// it (`lee la sección «PIEDAD»`, `read the "PIETY" paragraph`): the name.
fn unquoted(name: &str) -> &str {
    [('«', '»'), ('“', '”'), ('"', '"')]
        .iter()
        .find_map(|&(open, close)| name.strip_prefix(open)?.strip_suffix(close))
        .map_or(name, str::trim)
}

/// `Go to paragraph N and read the NAME paragraph` and `Read the NAME
/// paragraph below` (FORMAT.md 2b, the locale's `read-section` and
/// `read-below`): NAME a glossary name (else kept as written, for the
/// graph to report with the sections the paragraph has).
pub(crate) fn with_section(ctx: &Context, bare: &str) -> Option<Effect> {
    let l = ctx.locale;
    let bare = bare.strip_suffix('.').unwrap_or(bare).trim_end();
    let section = |name: &str| {
        let name = unquoted(name);
        match crate::syntax::labels::heading::resolve(ctx, name) {
            crate::syntax::labels::heading::Resolved::Exact(kind) => {
                kind.key().map_or_else(|| Id::from(name), |k| Id::from(&*k))
            }
            _ => ctx
                .glossary
                .resolve(name)
                .map_or_else(|| Id::from(name), |e| e.id.value),
        }
    };
    // As below: the pattern that leaves the shortest name is the one meant.
    if let Some(name) = (l.read_below.iter())
        .filter_map(|p| crate::locale::filled(p, bare))
        .min_by_key(|name| name.len())
    {
        return Some(Effect::GotoSection {
            paragraph: None,
            section: section(name),
        });
    }
    let rest = (l.spellings("go-to-item"))
        .find_map(|g| crate::text::strip_prefix_ci(bare, g)?.strip_prefix(' '))?;
    let rest = without_number_sign(rest.trim_start());
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let n = go_to_number(&rest[..digits])?;
    let tail = rest[digits..].trim_start_matches([',', ' ']);
    // The pattern that leaves the shortest name is the one meant: `y lee
    // la sección de PIEDAD` is `PIEDAD`, not `de PIEDAD`.
    let name = l
        .read_section
        .iter()
        .filter_map(|p| crate::locale::filled(p, tail))
        .min_by_key(|name| name.len())?;
    Some(Effect::GotoSection {
        paragraph: Some(n),
        section: section(name),
    })
}
