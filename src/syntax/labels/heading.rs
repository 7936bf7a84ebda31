//! Section headings (FORMAT.md sections 2 and 2a): `NO SKILL:`,
//! `PERCEPTION / WISDOM:`, `WOUNDED (mandatory):`, `PIETY at Master level:`,
//! `ANY TREASURE:`, `FEMALE:`, `WEALTH: RICH or greater (mandatory):`,
//! `SEDUCTION {opposite-sex}, APPEARANCE:`, `{terrain = sea} (mandatory):`;
//! what their names resolve to; and text lines that almost are a heading
//! (what counts as "almost" is written in `lints/heading-like-line.md`).

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::{Cmp, Gender, LabelKind, SectionLabel, glossary_normalize};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::text::{eq_ci, fold, near, slack, strip_prefix_ci};

/// One name of a label, as written.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub(crate) shape: Shape,
    /// `{expr}` after the name, braces included.
    pub(crate) qualifier: Option<Range>,
    /// `(mandatory)`, parentheses included.
    pub(crate) note: Option<Range>,
}

#[derive(Clone, Debug)]
pub(crate) enum Shape {
    /// Words (`COURTLY GRACES`), maybe `at Master level` after them.
    /// `near`: the Master suffix a few letters off (`at Mastr level`),
    /// read as it and reported.
    Name {
        name: Range,
        master: bool,
        near: Option<Range>,
    },
    /// `{expr}` alone.
    Condition(Range),
    /// `WEALTH: POOR or less`, `WEALTH: RICH or greater`; `colon` where
    /// the `:` after `WEALTH` goes when it was left out (`WEALTH RICH or
    /// greater`).
    Wealth {
        level: Range,
        cmp: Cmp,
        colon: Option<usize>,
    },
    /// `WEALTH: RICH or more`: a wealth label whose comparison is not the
    /// locale's (`words`); `guess` when the words say which.
    BadWealth {
        level: Range,
        words: Range,
        guess: Option<Cmp>,
    },
}

/// A label read up to its colon.
#[derive(Debug)]
pub(crate) struct Scan {
    /// A heading names one or two things (`LUCK:`, `STORM, SEA:`): kept
    /// inline, as each text line is scanned.
    pub(crate) items: smallvec::SmallVec<[Item; 2]>,
    /// From the first name to the last character before the colon.
    pub(crate) label: Range,
    /// Where the label's `:` is.
    pub(crate) colon: usize,
}

/// A section label at `text[start..end]` (a line, or a branch's body).
/// `strict`: each name in capitals, as the format writes headings (a line
/// of prose is no heading); else any case (for lines that almost are).
///
/// Every text line is asked, and most lines of prose hold no `:`: a label
/// ends at its colon, so such a line is none at once ([`scan_full`] would
/// say the same, a property test holds the two to one answer).
pub(crate) fn scan(
    ctx: &Context,
    text: &str,
    start: usize,
    end: usize,
    strict: bool,
) -> Option<Scan> {
    memchr::memchr(b':', &text.as_bytes()[start..end])?;
    scan_full(ctx, text, start, end, strict)
}

/// [`scan`] without its quick reject: the label read name by name.
fn scan_full(ctx: &Context, text: &str, start: usize, end: usize, strict: bool) -> Option<Scan> {
    let mut pos = start;
    let mut items = smallvec::SmallVec::new();
    loop {
        pos = skip_spaces(text, pos, end);
        let (shape, after) = shape(ctx, text, pos, end, strict)?;
        let mut item = Item {
            shape,
            qualifier: None,
            note: None,
        };
        let mut p = skip_spaces(text, after, end);
        if text[p..end].starts_with('{') && !matches!(item.shape, Shape::Condition(_)) {
            let close = p + text[p..end].find('}')? + 1;
            item.qualifier = Some((p, close));
            p = skip_spaces(text, close, end);
        } else if let Some(close) = bracketed_if(text, p, end) {
            item.qualifier = Some((p, close));
            p = skip_spaces(text, close, end);
        }
        if text[p..end].starts_with('(') {
            let close = p + text[p..end].find(')')? + 1;
            item.note = Some((p, close));
            p = skip_spaces(text, close, end);
        } else if let Some(close) = bracketed_note(ctx, text, p, end) {
            item.note = Some((p, close));
            p = skip_spaces(text, close, end);
        }
        // Prose that starts with a word in capitals (`A`, `I`) ends here,
        // before its item is kept.
        let next = text[p..end].chars().next()?;
        if !matches!(next, ',' | '/' | ':') {
            return None;
        }
        items.push(item);
        match next {
            ',' | '/' => pos = p + 1,
            ':' => {
                let last = text[start..p].trim_end().len() + start;
                let first = skip_spaces(text, start, end);
                return Some(Scan {
                    items,
                    label: (first, last),
                    colon: p,
                });
            }
            _ => return None,
        }
    }
}

/// `[mandatory]`: a section note in brackets (reported by [`note`]), when
/// its word is the locale's note or near it; where it ends.
fn bracketed_note(ctx: &Context, text: &str, p: usize, end: usize) -> Option<usize> {
    let rest = text[p..end].strip_prefix('[')?;
    let close = rest.find(']')?;
    let inner = fold(rest[..close].trim());
    let l = ctx.locale;
    [&l.mandatory, &l.all_mandatory]
        .iter()
        .any(|w| {
            let w = fold(w);
            near(&inner, &w, slack(w.chars().count())).is_some()
        })
        .then_some(p + 1 + close + 1)
}

/// `[if ...]`: a printed note in brackets after a name that starts with
/// `if` (`si`); where it ends. What it means is [`bracketed_condition`]'s,
/// and a note it cannot read is still the heading's (one error, at it).
fn bracketed_if(text: &str, p: usize, end: usize) -> Option<usize> {
    let rest = text[p..end].strip_prefix('[')?;
    let close = rest.find(']')?;
    let inner = fold(rest[..close].trim());
    let first = inner.split_whitespace().next()?;
    ["if", "si"].contains(&first).then_some(p + 1 + close + 1)
}

/// `[if opposite sex]`, `[if the opposite sex from the other]` (FORMAT.md
/// 2b): a printed note that is a condition on the one encountered, in
/// brackets after a name; where it ends and what it means. Its words may
/// be a few letters off (`[if oposite sx]`); `[if you are female]` and
/// `[if male]` are the reader's sex.
fn bracketed_condition(text: &str, p: usize, end: usize) -> Option<(usize, crate::ir::Expr)> {
    use crate::ir::Expr;
    let end_at = bracketed_if(text, p, end)?;
    let inner = fold(text[p + 1..end_at - 1].trim());
    let words: Vec<&str> = inner.split_whitespace().skip(1).collect();
    let has = |known: &[&str]| {
        words.iter().any(|x| {
            known
                .iter()
                .any(|k| near(x, k, slack(k.chars().count())).is_some())
        })
    };
    let exactly = |known: &[&str]| words.iter().any(|x| known.contains(x));
    let opposite = has(&["opposite", "opuesto", "oppose"]);
    let same = has(&["same", "mismo", "meme"]);
    if has(&["sex", "gender", "sexo", "genero", "sexe", "genre"]) && opposite != same {
        let e = if opposite {
            Expr::OppositeSex
        } else {
            Expr::Not(Box::new(Expr::OppositeSex))
        };
        return Some((end_at, e));
    }
    let female = exactly(&["female", "woman", "mujer", "femme"]);
    let male = exactly(&["male", "man", "hombre", "varon", "homme"]);
    let gender = match (female, male) {
        (true, false) => crate::ir::Gender::Female,
        (false, true) => crate::ir::Gender::Male,
        _ => return None,
    };
    Some((end_at, Expr::Gender(gender)))
}

pub(super) fn skip_spaces(text: &str, mut pos: usize, end: usize) -> usize {
    while pos < end && matches!(text.as_bytes()[pos], b' ' | b'\t') {
        pos += 1;
    }
    pos
}

/// One item's shape at `pos`, and where it ends.
fn shape(
    ctx: &Context,
    text: &str,
    pos: usize,
    end: usize,
    strict: bool,
) -> Option<(Shape, usize)> {
    let rest = &text[pos..end];
    if rest.starts_with('{') {
        let close = pos + rest.find('}')? + 1;
        return Some((Shape::Condition((pos, close)), close));
    }
    if let WealthLabel::Label(shape, len) = wealth_label(ctx, rest, strict) {
        return Some((moved(shape, pos), pos + len));
    }
    let suffix = &ctx.locale.master_suffix;
    let name_end = name_words(text, pos, end, strict, suffix);
    // A name has a letter (a band `2-7` or a number is no name).
    if name_end == pos || !text[pos..name_end].chars().any(char::is_alphabetic) {
        return None;
    }
    // ` at Master level` after the name.
    let after = skip_spaces(text, name_end, end);
    if let Some(r) = strip_prefix_ci(&text[after..end], suffix) {
        return Some((
            Shape::Name {
                name: (pos, name_end),
                master: true,
                near: None,
            },
            end - r.len(),
        ));
    }
    if let Some(near_end) = near_master(text, after, end, suffix) {
        return Some((
            Shape::Name {
                name: (pos, name_end),
                master: true,
                near: Some((after, near_end)),
            },
            near_end,
        ));
    }
    Some((
        Shape::Name {
            name: (pos, name_end),
            master: false,
            near: None,
        },
        name_end,
    ))
}

/// A wealth label's shape read at the start of `text[pos..]`, its ranges
/// moved to file offsets.
fn moved(shape: Shape, pos: usize) -> Shape {
    let at = |r: Range| (pos + r.0, pos + r.1);
    match shape {
        Shape::Wealth { level, cmp, colon } => Shape::Wealth {
            level: at(level),
            cmp,
            colon: colon.map(|c| pos + c),
        },
        Shape::BadWealth {
            level,
            words,
            guess,
        } => Shape::BadWealth {
            level: at(level),
            words: at(words),
            guess,
        },
        other => other,
    }
}

/// Where the words of a name at `pos` end: letters (capitals when
/// `strict`), digits, `- ' ’ & . *`, up to the Master suffix.
fn name_words(text: &str, pos: usize, end: usize, strict: bool, suffix: &str) -> usize {
    let mut at = pos;
    let mut name_end = pos;
    loop {
        if at > pos && strip_prefix_ci(&text[at..end], suffix).is_some() {
            break;
        }
        let (word_end, w) = word_at(text, at, end);
        if word_end == at || !w.letters && !w.digits_only || strict && w.lowercase {
            break;
        }
        name_end = word_end;
        let next = skip_spaces(text, word_end, end);
        if next == word_end || next >= end {
            break;
        }
        at = next;
    }
    name_end
}

/// What a word of a heading's name holds, read in one pass.
struct Word {
    /// A letter (a band `2-7` or a number is no name).
    letters: bool,
    /// A lowercase letter (a heading writes its names in capitals).
    lowercase: bool,
    /// Only ASCII digits.
    digits_only: bool,
}

/// Where the word at `at` ends (letters, digits, `- ' ’ & . *`), and what
/// it holds. Every text line is asked whether it is a heading, so this
/// reads each character once, ASCII without Unicode's tables.
fn word_at(text: &str, at: usize, end: usize) -> (usize, Word) {
    let mut w = Word {
        letters: false,
        lowercase: false,
        digits_only: true,
    };
    for (i, c) in text[at..end].char_indices() {
        if c.is_ascii() {
            match c {
                'a'..='z' => (w.letters, w.lowercase, w.digits_only) = (true, true, false),
                'A'..='Z' => (w.letters, w.digits_only) = (true, false),
                '0'..='9' => {}
                '-' | '\'' | '&' | '.' | '*' => w.digits_only = false,
                _ => return (at + i, w),
            }
        } else if c.is_alphanumeric() || c == '’' {
            w.letters |= c.is_alphabetic();
            w.lowercase |= c.is_lowercase();
            w.digits_only = false;
        } else {
            return (at + i, w);
        }
    }
    (end, w)
}

/// Where the words at `at` end when they are as many as the Master suffix's
/// and a few letters from it (`at Mastr level`, `at master levl`), up to a
/// `:`, `(` or `{`.
fn near_master(text: &str, at: usize, end: usize, suffix: &str) -> Option<usize> {
    let n = suffix.split_whitespace().count();
    let rest = &text[at..end];
    // The words up to the label's next mark, read only as far as one word
    // more than the suffix has: a heading of many names is read once.
    let (mut count, mut words_end, mut in_word) = (0, 0, false);
    for (i, c) in rest.char_indices() {
        if matches!(c, ':' | '(' | '{' | ',') {
            break;
        }
        if c.is_whitespace() {
            in_word = false;
            continue;
        }
        if !in_word {
            count += 1;
            if count > n {
                return None;
            }
            in_word = true;
        }
        words_end = i + c.len_utf8();
    }
    let words = &rest[..words_end];
    (count == n && crate::syntax::names::close(words, suffix)).then_some(at + words_end)
}

/// What a label that may start `WEALTH:` is.
enum WealthLabel {
    /// Not a wealth label.
    No,
    /// `WEALTH: RICH or greater`, or one with other words after the level:
    /// its shape (ranges relative) and length.
    Label(Shape, usize),
}

/// `WEALTH:` (the locale's word), then a level and ` or less` / ` or
/// greater`, up to the label's note, qualifier, next name or colon.
fn wealth_label(ctx: &Context, rest: &str, strict: bool) -> WealthLabel {
    let l = ctx.locale;
    let Some(after) = strip_prefix_ci(rest, &l.wealth_label) else {
        return WealthLabel::No;
    };
    if strict
        && !rest[..rest.len() - after.len()]
            .chars()
            .any(char::is_uppercase)
    {
        return WealthLabel::No;
    }
    let colon = after.trim_start_matches([' ', '\t']);
    // `WEALTH RICH or greater`: read as the label when the rest is one.
    let (after_colon, left_out) = match colon.strip_prefix(':') {
        Some(a) => (a, None),
        None if colon.len() < after.len() => (after, Some(rest.len() - after.len())),
        None => return WealthLabel::No,
    };
    let level_start =
        rest.len() - after_colon.len() + (after_colon.len() - after_colon.trim_start().len());
    let tail = &rest[level_start..];
    let segment = tail[..tail
        .find(['(', '{', '[', ',', '/', ':'])
        .unwrap_or(tail.len())]
        .trim_end();
    let len = level_start + segment.len();
    let spelt = |key, cmp| l.spellings(key).map(move |w| (w, cmp));
    for (words, cmp) in spelt("or-less", Cmp::Le).chain(spelt("or-greater", Cmp::Ge)) {
        if let Some(head) =
            crate::text::strip_suffix_ci(segment, words).and_then(|h| h.strip_suffix(' '))
        {
            let level = (level_start, level_start + head.trim_end().len());
            let shape = Shape::Wealth {
                level,
                cmp,
                colon: left_out,
            };
            return WealthLabel::Label(shape, len);
        }
    }
    if left_out.is_some() {
        return WealthLabel::No;
    }
    // Other words: the level is the first word, the rest the comparison.
    let level_len = segment.find([' ', '\t']).unwrap_or(segment.len());
    let words_start = level_start
        + level_len
        + (segment[level_len..].len() - segment[level_len..].trim_start().len());
    let shape = Shape::BadWealth {
        level: (level_start, level_start + level_len),
        words: (words_start, len.max(words_start)),
        guess: guess_cmp(ctx, &segment[level_len..]),
    };
    WealthLabel::Label(shape, len)
}

/// Which way words other than the locale's compare (`or more`, `or
/// below`, `o más`), if they say.
fn guess_cmp(ctx: &Context, words: &str) -> Option<Cmp> {
    const GE: [&str; 8] = [
        "more", "greater", "higher", "above", "better", "up", "más", "plus",
    ];
    const LE: [&str; 8] = [
        "less", "fewer", "lower", "below", "worse", "down", "menos", "moins",
    ];
    let folded = fold(words.trim());
    let l = ctx.locale;
    for (phrase, cmp) in [(&l.or_less, Cmp::Le), (&l.or_greater, Cmp::Ge)] {
        let p = fold(phrase);
        if near(&folded, &p, slack(p.chars().count())).is_some() {
            return Some(cmp);
        }
    }
    let has = |list: &[&str]| {
        folded
            .split_whitespace()
            .any(|w| list.iter().any(|x| fold(x) == w))
    };
    match (has(&GE), has(&LE)) {
        (true, false) => Some(Cmp::Ge),
        (false, true) => Some(Cmp::Le),
        _ => None,
    }
}

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
pub(super) fn exact(ctx: &Context, raw: &str) -> Option<LabelKind> {
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
    if let Some(n) = (ctx.locale.spellings("any-skills"))
        .find_map(|p| crate::locale::filled(p, bare))
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

/// A heading keyword of another built-in language (`NO SKILL` in a Spanish
/// book): what it means, and the language's id.
fn foreign_word(ctx: &Context, raw: &str) -> Option<(LabelKind, &'static str)> {
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

/// The labels of a heading, resolved. `quiet`: the names were reported
/// already (a near heading), so a near miss is read without a word.
pub(crate) fn lower_labels(
    ctx: &Context,
    text: &str,
    items: &[Item],
    quiet: bool,
    diags: &mut Diagnostics,
) -> Vec<SectionLabel> {
    let mut labels = Vec::with_capacity(items.len());
    let mut all_mandatory = false;
    for (i, item) in items.iter().enumerate() {
        let (mut kind, span) = kind(ctx, text, &item.shape, quiet, diags);
        let qualifier = item.qualifier.map(|r| condition_expr(ctx, text, r, diags));
        let last = i + 1 == items.len();
        let master = item.note.filter(|&n| master_note(ctx, text, n));
        if let (Some(n), LabelKind::Entry(id)) = (master, &kind) {
            if !quiet {
                diags.push(master_in_parentheses(ctx, text, n, span));
            }
            kind = LabelKind::Master(*id);
        }
        let (mandatory, all) = item
            .note
            .filter(|_| master.is_none())
            .map_or((false, false), |n| note(ctx, text, n, last, quiet, diags));
        all_mandatory |= all;
        labels.push(SectionLabel {
            kind,
            qualifier,
            mandatory,
            span,
        });
    }
    if all_mandatory {
        for label in &mut labels {
            label.mandatory = true;
        }
    }
    labels
}

/// A note that is the locale's master suffix (`(a nivel de maestro)`).
fn master_note(ctx: &Context, text: &str, n: Range) -> bool {
    let inner = &text[n.0 + 1..n.1 - 1];
    text[n.0..n.1].starts_with('(')
        && glossary_normalize(inner.trim()) == glossary_normalize(&ctx.locale.master_suffix)
}

/// `WISDOM (at Master level):`: one finding, read as the name at Master
/// level.
fn master_in_parentheses(ctx: &Context, text: &str, n: Range, name: Span) -> Diagnostic {
    let suffix = &ctx.locale.master_suffix;
    let written = text[name.start as usize..name.end as usize].trim();
    Diagnostic::new(
        "unknown-name",
        Span::new(ctx.file, n.0, n.1),
        format!("`{}` is no section note", &text[n.0..n.1]),
    )
    .label(format!("read as `{suffix}`"))
    .with_help(format!(
        "write `{written} {suffix}`, without the parentheses"
    ))
}

/// The expression of a `{...}` at `r` (braces included); a malformed one
/// is reported and read as always true.
fn condition_expr(ctx: &Context, text: &str, r: Range, diags: &mut Diagnostics) -> crate::ir::Expr {
    if text[r.0..r.1].starts_with('[') {
        return bracketed_expr(ctx, text, r, diags);
    }
    if let crate::syntax::conditions::written::GuardSyntax::Expr(e) =
        crate::syntax::conditions::condition::parse_guard(&text[r.0..r.1])
    {
        crate::syntax::conditions::condition::resolve_expr(ctx, e, r.0, diags)
    } else {
        diags.push(malformed_condition(ctx, r));
        crate::ir::Expr::All(Vec::new())
    }
}

/// `[if opposite sex]` after a name: one error at the bracket, read as
/// the condition it means, or, when its words are no condition the format
/// has, as none (the heading still reads).
fn bracketed_expr(ctx: &Context, text: &str, r: Range, diags: &mut Diagnostics) -> crate::ir::Expr {
    use crate::ir::{Expr, Gender};
    let written = &text[r.0..r.1];
    let message = format!("`{written}`: a condition in a heading is written in braces");
    let span = Span::new(ctx.file, r.0, r.1);
    let Some((_, e)) = bracketed_condition(text, r.0, r.1) else {
        diags.push(
            Diagnostic::new("syntax-error", span, message)
                .label("no condition of the format: read as none")
                .with_help("write the condition in braces after the name, such as `{opposite-sex}`, `{female}` or `{married}`"),
        );
        return Expr::All(Vec::new());
    };
    let meant = match &e {
        Expr::OppositeSex => "{opposite-sex}",
        Expr::Gender(Gender::Female) => "{female}",
        Expr::Gender(Gender::Male) => "{male}",
        _ => "{!opposite-sex}",
    };
    diags.push(
        Diagnostic::new("syntax-error", span, message)
            .label(format!("read as `{meant}`"))
            .with_help(format!("write `{meant}` after the name")),
    );
    e
}

pub(crate) fn malformed_condition(ctx: &Context, r: Range) -> Diagnostic {
    Diagnostic::new("syntax-error", Span::new(ctx.file, r.0, r.1), "malformed condition")
        .label("expected `{expr}`")
        .with_help("a condition is `{id}`, `{!id}`, `{a & b}`, `{a | b}`, `{wealth >= rich}`, `{female}`, ... or `{else}`")
}

/// `WEALTH: RICH or more`: reported once, read with the comparison the
/// words say (a level that is not on the ladder is not reported again).
fn bad_wealth(
    ctx: &Context,
    text: &str,
    level: Range,
    words: Range,
    guess: Option<Cmp>,
    diags: &mut Diagnostics,
) -> (LabelKind, Span) {
    let l = ctx.locale;
    let span = Span::new(ctx.file, level.0, words.1.max(level.1));
    let name = text[level.0..level.1].trim();
    let written = text[words.0..words.1].trim();
    let mut d = Diagnostic::new(
        "syntax-error",
        span,
        if written.is_empty() {
            format!(
                "`{name}`: a wealth label says `{}` or `{}` after the level",
                l.or_less, l.or_greater
            )
        } else {
            format!("`{written}` is no comparison of a wealth label")
        },
    );
    let level_span = Span::new(ctx.file, level.0, level.1);
    let level = ctx.rules.wealth_level(name);
    let words_at = words;
    let fixed = |cmp: Cmp| {
        let words = if cmp == Cmp::Le {
            &l.or_less
        } else {
            &l.or_greater
        };
        format!("{} {words}", name.to_uppercase())
    };
    let kind = match (guess, level) {
        (Some(cmp), Some(i)) => {
            d = d
                .label(format!("read as `{}`", fixed(cmp)))
                .with_help(format!("write `{}: {}`", l.wealth_label, fixed(cmp)));
            LabelKind::Wealth(cmp, i)
        }
        (Some(cmp), None) => {
            // Two slips: the words, and a level not on the ladder.
            let words = if cmp == Cmp::Le {
                &l.or_less
            } else {
                &l.or_greater
            };
            d = d
                .label(format!("read as `{words}`"))
                .with_help(format!("write `{words}`"));
            d.primary.span = Span::new(ctx.file, words_at.0, words_at.1);
            diags.push(crate::syntax::names::unknown_level(ctx, name, level_span));
            LabelKind::Unknown(name.to_owned())
        }
        _ => {
            d = d.label("no comparison read").with_help(format!(
                "write `{0}: LEVEL {1}` or `{0}: LEVEL {2}`, LEVEL a wealth level of book.yaml",
                l.wealth_label, l.or_less, l.or_greater
            ));
            LabelKind::Unknown(name.to_owned())
        }
    };
    diags.push(d);
    (kind, span)
}

/// `WEALTH RICH or greater`: the `:` after the locale's word left out
/// (read as there).
fn wealth_colon(ctx: &Context, text: &str, at: usize, level: Range, cmp: Cmp) -> Diagnostic {
    let l = ctx.locale;
    let word = (at.checked_sub(l.wealth_label.len()))
        .and_then(|from| text.get(from..at))
        .unwrap_or(&l.wealth_label);
    let words = if cmp == Cmp::Le {
        &l.or_less
    } else {
        &l.or_greater
    };
    let meant = format!("{word}: {} {words}", text[level.0..level.1].trim());
    Diagnostic::new(
        "syntax-error",
        Span::new(ctx.file, at.saturating_sub(word.len()), at),
        format!("`{word}` is followed by no `:` before its level"),
    )
    .label(format!("read as `{meant}`"))
    .with_help(format!("write `{meant}`"))
}

/// What one item names.
fn kind(
    ctx: &Context,
    text: &str,
    shape: &Shape,
    quiet: bool,
    diags: &mut Diagnostics,
) -> (LabelKind, Span) {
    match shape {
        Shape::Condition(r) => {
            let span = Span::new(ctx.file, r.0, r.1);
            (
                LabelKind::Condition(condition_expr(ctx, text, *r, diags)),
                span,
            )
        }
        Shape::Wealth { level, cmp, colon } => {
            let span = Span::new(ctx.file, level.0, level.1);
            let name = text[level.0..level.1].trim();
            if let Some(at) = *colon {
                diags.push(wealth_colon(ctx, text, at, *level, *cmp));
            }
            if let Some(i) = ctx.rules.wealth_level(name) {
                (LabelKind::Wealth(*cmp, i), span)
            } else {
                diags.push(crate::syntax::names::unknown_level(ctx, name, span));
                (LabelKind::Unknown(name.to_owned()), span)
            }
        }
        Shape::BadWealth {
            level,
            words,
            guess,
        } => bad_wealth(ctx, text, *level, *words, *guess, diags),
        Shape::Name { name, master, near } => {
            let raw = &text[name.0..name.1];
            let span = Span::new(ctx.file, name.0, name.1);
            if let Some(r) = near.filter(|_| !quiet) {
                let suffix = &ctx.locale.master_suffix;
                diags.push(
                    Diagnostic::new(
                        "unknown-name",
                        Span::new(ctx.file, r.0, r.1),
                        format!("`{}` is not `{suffix}`", &text[r.0..r.1]),
                    )
                    .label(format!("read as `{suffix}`"))
                    .with_help(format!("did you mean `{suffix}`?")),
                );
            }
            let kind = name_kind(ctx, raw, span, quiet, diags);
            match (kind, master) {
                (LabelKind::Entry(id), true) => (LabelKind::Master(id), span),
                (LabelKind::Unknown(s), _) => (LabelKind::Unknown(s), span),
                (k, true) => {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            span,
                            format!("`{}` has no Master level", raw.trim_matches('*')),
                        )
                        .label("not a skill")
                        .with_help(format!(
                            "`{}` follows a skill's name only",
                            ctx.locale.master_suffix
                        )),
                    );
                    (k, span)
                }
                (k, false) => (k, span),
            }
        }
    }
}

fn name_kind(
    ctx: &Context,
    raw: &str,
    span: Span,
    quiet: bool,
    diags: &mut Diagnostics,
) -> LabelKind {
    let shown = raw.trim_matches('*');
    match resolve(ctx, raw) {
        Resolved::Exact(kind) => kind,
        Resolved::Near(kind, fixed) => {
            if !quiet {
                // A glossary id where the book's name goes is another slip
                // than a misspelling: say which.
                let as_id = ctx.glossary.by_id_written(raw);
                let foreign = foreign_word(ctx, raw);
                let message = match (&foreign, as_id) {
                    (Some((_, id)), _) => format!(
                        "section heading `{shown}` is the keyword of another language ({id}), not how this book ({}) writes it",
                        ctx.locale.id
                    ),
                    (None, Some(_)) => format!(
                        "section heading `{shown}` is a glossary id, not how this book writes the name"
                    ),
                    (None, None) => {
                        format!("section heading `{shown}` is no skill, status or treasure")
                    }
                };
                let mut d = Diagnostic::new("unknown-name", span, message)
                    .label(format!("read as `{fixed}`"))
                    .with_help(format!("did you mean `{fixed}`?"))
                    .needs(Needs::GLOSSARY.and(Needs::MANIFEST));
                if let (None, Some(e)) = (&foreign, as_id) {
                    d = d.about_entry(&e.id.value);
                }
                diags.push(d);
            }
            kind
        }
        Resolved::Unknown => {
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    span,
                    format!("section heading `{shown}` is no skill, status or treasure"),
                )
                .label("unknown heading")
                .with_help(format!(
                    "a heading is `{}` or a glossary name, in capitals",
                    ctx.locale.no_skill
                )),
            );
            LabelKind::Unknown(raw.to_owned())
        }
    }
}

/// `(mandatory)` or `(all mandatory)` (the latter after the last name), or
/// a few edits from one (read as meant): (mandatory, all mandatory).
fn note(
    ctx: &Context,
    text: &str,
    n: Range,
    last: bool,
    quiet: bool,
    diags: &mut Diagnostics,
) -> (bool, bool) {
    let l = ctx.locale;
    let inner = glossary_normalize(text[n.0 + 1..n.1 - 1].trim());
    let in_brackets = text[n.0..n.1].starts_with('[');
    let exact = |word: &str| inner == glossary_normalize(word);
    if !in_brackets && exact(&l.mandatory) {
        return (true, false);
    }
    if !in_brackets && exact(&l.all_mandatory) && last {
        return (false, true);
    }
    let close = |word: &str| {
        let w = fold(word);
        near(&fold(&inner), &w, slack(w.chars().count())).is_some()
    };
    let span = Span::new(ctx.file, n.0, n.1);
    let message = if in_brackets {
        format!(
            "`{}`: a section note is written in parentheses",
            &text[n.0..n.1]
        )
    } else {
        format!("unknown section note `{}`", &text[n.0..n.1])
    };
    // Another word for `all` before the plural of `all mandatory`
    // (`(ambos obligatorios)`, `(both mandatory)`): read as it; never a
    // word of negation (`(not mandatory)` is no guess at all).
    let negation = |first: &str| {
        ctx.locale
            .effects
            .not
            .iter()
            .any(|w| crate::text::eq_ci(w, first))
    };
    let all_tail = |word: &str| {
        let word = glossary_normalize(word);
        let (_, tail) = word.rsplit_once(' ').unwrap_or(("", &word));
        let mut words = inner.split(' ');
        let first = words.next().unwrap_or_default();
        words.count() == 1 && inner.ends_with(&format!(" {tail}")) && !negation(first)
    };
    if close(&l.mandatory) || (close(&l.all_mandatory) || all_tail(&l.all_mandatory)) && last {
        let mandatory = close(&l.mandatory);
        let meant = if mandatory {
            &l.mandatory
        } else {
            &l.all_mandatory
        };
        if !quiet || in_brackets {
            diags.push(
                Diagnostic::new("unknown-name", span, message)
                    .label(format!("read as `({meant})`"))
                    .with_help(format!("did you mean `({meant})`?")),
            );
        }
        return (mandatory, !mandatory);
    }
    let bracketed = if text[n.0..n.1].starts_with('[') {
        " in brackets"
    } else {
        ""
    };
    diags.push(
        Diagnostic::new("unknown-name", span, message)
            .label(format!("not a section note{bracketed}"))
            .with_help(format!(
                "a section note is `({})`, or `({})` after the last name",
                l.mandatory, l.all_mandatory
            )),
    );
    (false, false)
}

/// A heading read from a line that is not in the canonical form, with the
/// one finding that says so.
pub(crate) struct NearHeading {
    pub(crate) scan: Scan,
    pub(crate) finding: Diagnostic,
    /// Whether the line is read as the heading (else it stays text).
    pub(crate) recover: bool,
}

/// Where a text line stands: whether it starts a new stretch of text (after
/// a blank line, a header or a sentence's end) and whether its paragraph
/// already has a section.
#[derive(Clone, Copy)]
pub(crate) struct At {
    pub(crate) fresh: bool,
    pub(crate) after_sections: bool,
}

/// A text line that is a heading but for its case (`Courtly Graces: ...`,
/// `No skill: ...`): read as the heading. A Title Case label naming
/// nothing, on a fresh line after the sections began, is reported but
/// left as text. Lines that go on a sentence (`... one for\nLuck: {1d6}`)
/// are never headings.
pub(crate) fn near_heading(ctx: &Context, text: &str, line: Range, at: At) -> Option<NearHeading> {
    if !at.fresh {
        return None;
    }
    let raw = &text[line.0..line.1];
    let colon = raw.find(':')?;
    let label = raw[..colon].trim();
    let rest = raw[colon + 1..].trim_start();
    if label.is_empty()
        || label.len() > 80
        || rest.starts_with('{')
        || !label.starts_with(|c: char| c.is_alphabetic() || c == '*')
        || label.contains(['.', '!', '?', '"', '“', '[', '{', '@', ';'])
    {
        return None;
    }
    let scan = scan(ctx, text, line.0, line.1, false)?;
    let names: Vec<&str> = scan
        .items
        .iter()
        .filter_map(|i| match i.shape {
            Shape::Name { name, .. } => Some(&text[name.0..name.1]),
            _ => None,
        })
        .collect();
    // A line of prose (`He says: ...`) is told cheaply: a heading written in
    // another case names only known names, and a misspelt one is in Title
    // Case; only then are names a few edits off looked for.
    let title = title_case(label);
    if !title && !names.iter().all(|n| exact(ctx, n).is_some()) {
        return None;
    }
    let fixed: Option<Vec<String>> = names
        .iter()
        .map(|n| match resolve(ctx, n) {
            Resolved::Exact(_) => Some(n.trim_matches('*').to_uppercase()),
            Resolved::Near(_, fixed) => Some(fixed),
            Resolved::Unknown => None,
        })
        .collect();
    let label_span = Span::new(ctx.file, scan.label.0, scan.label.1);
    let needs = Needs::GLOSSARY.and(Needs::MANIFEST);
    let finding = match &fixed {
        Some(names) => {
            let exactly = names.len() == scan.items.len() && names.iter().zip(&scan.items).all(|(f, i)| matches!(i.shape, Shape::Name { name, .. } if text[name.0..name.1].trim_matches('*').to_uppercase() == *f));
            let fixed = uppercase_label(text, &scan, names);
            let message = if exactly {
                format!("`{label}:` is a section heading not written in capitals")
            } else {
                format!("`{label}:` looks like the section heading `{fixed}:`")
            };
            Diagnostic::new("heading-like-line", label_span, message)
                .label(format!("read as `{fixed}:`"))
                .with_help(format!("write `{fixed}:`, in capitals, at the start of the line; tales reads it so meanwhile"))
                .needs(needs)
        }
        None if at.after_sections && title => Diagnostic::new(
            "heading-like-line",
            label_span,
            format!("`{label}:` looks like a section heading but names no skill, status or treasure"),
        )
        .label("read as text")
        .with_help(format!(
            "a heading is `{}:` or glossary names, in capitals; if this is prose, reword the start of the line",
            ctx.locale.no_skill
        ))
        .needs(needs),
        None => return None,
    };
    Some(NearHeading {
        recover: fixed.is_some(),
        scan,
        finding,
    })
}

/// `WISDOM You tell him ...`: a fresh line that starts, in capitals, with
/// one heading name (the NO SKILL keyword, a glossary name, `ANY TREASURE`),
/// then a space and a sentence, with no `:` between: a heading whose colon
/// was lost. Read as the heading, one finding at it (else the section's
/// text and award would join the section above).
pub(crate) fn colonless_heading(
    ctx: &Context,
    text: &str,
    line: Range,
    at: At,
) -> Option<NearHeading> {
    let start = skip_spaces(text, line.0, line.1);
    // Prose starts `You ...`: two capitals first, or no heading.
    let mut head = text[start..line.1].chars();
    if !(at.fresh && head.next()?.is_uppercase() && head.next()?.is_uppercase()) {
        return None;
    }
    let (shape, after) = shape(ctx, text, start, line.1, true)?;
    let Shape::Name { name, .. } = shape else {
        return None;
    };
    let mut sentence = text[after..line.1].strip_prefix(' ')?.chars();
    if !(sentence.next()?.is_uppercase() && sentence.next()?.is_lowercase()) {
        return None;
    }
    exact(ctx, &text[name.0..name.1])?;
    let label = &text[start..after];
    let finding = Diagnostic::new(
        "heading-like-line",
        Span::new(ctx.file, start, after),
        format!("`{label}` starts the line like a section heading, but no `:` follows it"),
    )
    .label(format!("read as `{label}:`"))
    .with_help(format!(
        "write `{label}:` if it is a heading (tales reads it so meanwhile); if it is prose, reword the start of the line"
    ))
    .needs(Needs::GLOSSARY.and(Needs::MANIFEST));
    let item = Item {
        shape,
        qualifier: None,
        note: None,
    };
    Some(NearHeading {
        scan: Scan {
            items: smallvec::smallvec![item],
            label: (start, after),
            colon: after,
        },
        finding,
        recover: true,
    })
}

/// The label as the book should write it: names in capitals (as fixed),
/// the rest as written.
fn uppercase_label(text: &str, scan: &Scan, fixed: &[String]) -> String {
    let mut out = String::new();
    let mut names = fixed.iter();
    let mut pos = scan.label.0;
    for item in &scan.items {
        if let Shape::Name { name, .. } = item.shape {
            out.push_str(&text[pos..name.0]);
            out.push_str(names.next().map_or("", String::as_str));
            pos = name.1;
        }
    }
    out.push_str(&text[pos..scan.label.1]);
    out.replace("(Mandatory)", "(mandatory)")
}

/// One to four words, each starting with a capital (`of`, `and`, `at`,
/// `de`, `y`... may stay small).
fn title_case(label: &str) -> bool {
    let words: Vec<&str> = label
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|w| !w.is_empty())
        .collect();
    (1..=4).contains(&words.len())
        && words.iter().all(|w| {
            w.starts_with(char::is_uppercase)
                || w.starts_with('(')
                || matches!(
                    *w,
                    "of" | "and" | "at" | "the" | "de" | "del" | "y" | "et" | "du" | "la" | "le"
                )
        })
}

#[cfg(test)]
mod tests {
    use super::{exact, exact_uncached};
    use crate::ir::{Book, EntryKind, GlossaryEntry};
    use crate::span::{FileId, Span, Spanned};
    use crate::syntax::context::Context;
    use proptest::prelude::*;

    fn book() -> Book {
        let mut b = Book::default();
        for (id, name) in [("wisdom", "Wisdom"), ("wilderness-lore", "Wilderness Lore")] {
            let s = Span::new(FileId(0), 0, 0);
            b.glossary.push(GlossaryEntry {
                id: Spanned::new(id.into(), s),
                name: Spanned::new(name.into(), s),
                kind: EntryKind::Skill,
                encounters: None,
                sell: None,
                toggle: false,
                flips_gender: false,
                text: None,
                rules: Vec::new(),
            });
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Heading names resolved through a file's cache, in any order and
        /// repeated, resolve as each does alone.
        #[test]
        fn cached_headings_resolve_as_uncached(
            names in proptest::collection::vec(
                "WISDOM|Wisdom|\\*\\*WISDOM\\*\\*|WILDERNESS LORE|WILDERNESS  LORE|WILDERNES LORE|NO SKILL|No  Skill|ANY TREASURE|FEMALE|MALE|ANY [0-9]{1,3} SKILLS|ANY X SKILLS|WISDOM |Ñ|",
                1..12,
            ),
        ) {
            let b = book();
            let cache = crate::syntax::AwardCache::default();
            let plain = Context::of(&b, FileId(0));
            let cached = Context { awards: Some(&cache), ..plain };
            for name in names.iter().chain(names.iter()) {
                prop_assert_eq!(exact(&cached, name), exact_uncached(&plain, name), "{}", name);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The quick reject of a line without a `:` gives the full scan's
        /// answer on any line, headings and near-headings included, read
        /// strictly or not, inside a longer text.
        #[test]
        fn the_quick_reject_answers_as_the_full_scan(
            before in "[a-z\n ]{0,3}",
            pieces in proptest::collection::vec(
                "WISDOM|Wisdom|WEALTH|RICH|or greater|or more|at Master level|at Mastr level|NO SKILL|A|I|the|2-7|\\*\\*| |, |/|:|\\{|\\}|\\(mandatory\\)|\\(|\\)|\\[mandatory\\]|\\[if male\\]|\\[|\\]|é|’|\\.|[a-zA-Z:]{1,3}",
                0..10,
            ),
            after in "[a-z\n :]{0,3}",
        ) {
            let b = book();
            let ctx = Context::of(&b, FileId(0));
            let line = pieces.concat();
            let text = format!("{before}{line}{after}");
            let (start, end) = (before.len(), before.len() + line.len());
            for strict in [true, false] {
                let quick = super::scan(&ctx, &text, start, end, strict);
                let full = super::scan_full(&ctx, &text, start, end, strict);
                prop_assert_eq!(format!("{quick:?}"), format!("{full:?}"), "{:?}", line);
            }
        }
    }

    /// A line of prose without a colon is no heading, and a heading still is.
    #[test]
    fn a_line_without_a_colon_is_no_heading() {
        let b = book();
        let ctx = Context::of(&b, FileId(0));
        let prose = "WISDOM (mandatory) and more";
        assert!(super::scan(&ctx, prose, 0, prose.len(), true).is_none());
        let heading = "WISDOM (mandatory): you see";
        let s = super::scan(&ctx, heading, 0, heading.len(), true).expect("a heading");
        assert_eq!(s.colon, heading.find(':').unwrap());
    }

    /// A name resolved once in a file is not resolved again.
    #[test]
    fn a_heading_name_is_resolved_once_a_file() {
        let b = book();
        let cache = crate::syntax::AwardCache::default();
        let ctx = Context {
            awards: Some(&cache),
            ..Context::of(&b, FileId(0))
        };
        let first = exact(&ctx, "WILDERNESS LORE");
        assert!(first.is_some());
        let again = cache.heading("WILDERNESS LORE", || panic!("read again"));
        assert_eq!(again, first);
        assert_eq!(exact(&ctx, "WISDUM"), None);
        assert_eq!(cache.heading("WISDUM", || panic!("read again")), None);
    }
}
