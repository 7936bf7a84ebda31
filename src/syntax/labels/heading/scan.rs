//! A line read for a section heading up to its colon: the names, each
//! with its `{expr}` qualifier and `(mandatory)` note, `at Master level`
//! (and what almost is it), wealth labels (`WEALTH: RICH or greater`) and
//! the printed `[if ...]` note.

use crate::ir::Cmp;
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::text::{fold, near, slack, strip_prefix_ci};

/// One name of a label, as written.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub(crate) shape: Shape,
    /// `{expr}` after the name, braces included.
    pub(crate) qualifier: Option<Range>,
    /// `(mandatory)`, parentheses included.
    pub(crate) note: Option<Range>,
    /// A second note beside it (`WOUNDED [at night] (mandatory):`,
    /// `WOUNDED (mandatory) [at night]:`): the heading still, the odd
    /// one of the two reported by the lowering.
    pub(crate) extra: Option<Range>,
    /// The note stood after the colon (`WOUNDED: [mandatory]`), was read
    /// as the locale's own words and reported there: no other finding.
    pub(crate) late: bool,
    /// The qualifier (a printed `[if ...]`) was reported with the
    /// heading's finding (`SEAMANSHIP, [if male]:`): no other finding.
    pub(crate) told: bool,
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
pub(super) fn scan_full(
    ctx: &Context,
    text: &str,
    start: usize,
    end: usize,
    strict: bool,
) -> Option<Scan> {
    let mut pos = start;
    let mut items = smallvec::SmallVec::new();
    loop {
        pos = skip_spaces(text, pos, end);
        let (shape, after) = shape(ctx, text, pos, end, strict)?;
        let mut item = Item {
            shape,
            qualifier: None,
            note: None,
            extra: None,
            late: false,
            told: false,
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
        if item.note.is_some()
            && let Some(close) = second_note(ctx, text, p, end)
        {
            item.extra = Some((p, close));
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

/// `[mandatory]`, `[whatever]`: a section note in brackets (reported by
/// the lowering's `note`), when its word is the locale's note or near it,
/// or any few words followed by the colon or the next name (`SEAMANSHIP
/// [at sea]:`, a heading still, its note none); where it ends. Brackets that hold an
/// award (`[S1 / D1]`, digits or a slash) are no note.
fn bracketed_note(ctx: &Context, text: &str, p: usize, end: usize) -> Option<usize> {
    let rest = text[p..end].strip_prefix('[')?;
    let close = rest.find(']')?;
    let after = p + 1 + close + 1;
    let raw = rest[..close].trim();
    // `[]` too, and a note before another (`[at night] (mandatory)`).
    let worded = raw.len() <= 48
        && !raw.contains(|c: char| c.is_ascii_digit() || "/[{(".contains(c))
        && text[skip_spaces(text, after, end)..end].starts_with([':', ',', '/', '(']);
    if worded {
        return Some(after);
    }
    let inner = fold(raw);
    let l = ctx.locale;
    (l.spellings("mandatory").chain(l.spellings("all-mandatory")))
        .any(|w| {
            let w = fold(w);
            near(&inner, &w, slack(w.chars().count())).is_some()
        })
        .then_some(after)
}

/// A note right after a name's note, in parentheses (any words, or none)
/// or in brackets as [`bracketed_note`] reads them; where it ends.
fn second_note(ctx: &Context, text: &str, p: usize, end: usize) -> Option<usize> {
    if text[p..end].starts_with('(') {
        let close = p + text[p..end].find(')')? + 1;
        let next = skip_spaces(text, close, end);
        return text[next..end]
            .starts_with([':', ',', '/'])
            .then_some(close);
    }
    bracketed_note(ctx, text, p, end)
}

/// `[if ...]`, `(if ...)`: a printed note in brackets or parentheses after
/// a name that starts with `if` (`si`); where it ends. What it means is
/// [`bracketed_condition`]'s,
/// and a note it cannot read is still the heading's (one error, at it).
pub(super) fn bracketed_if(text: &str, p: usize, end: usize) -> Option<usize> {
    let rest = &text[p..end];
    let shut = match rest.chars().next()? {
        '[' => ']',
        '(' => ')',
        _ => return None,
    };
    let rest = &rest[1..];
    // `(mandatory)`, the common note, is told from `(if ...)` without
    // folding its words.
    let head = rest.trim_start().as_bytes();
    if shut == ')'
        && !head
            .get(..2)
            .is_some_and(|h| h.eq_ignore_ascii_case(b"if") || h.eq_ignore_ascii_case(b"si"))
    {
        return None;
    }
    let close = rest.find(shut)?;
    let inner = fold(rest[..close].trim());
    let first = inner.split_whitespace().next()?;
    ["if", "si"].contains(&first).then_some(p + 1 + close + 1)
}

/// `[if opposite sex]`, `[if the opposite sex from the other]` (FORMAT.md
/// 2b): a printed note that is a condition on the one encountered, in
/// brackets after a name; where it ends and what it means. Its words may
/// be a few letters off (`[if oposite sx]`); `[if you are female]` and
/// `[if male]` are the reader's sex.
pub(super) fn bracketed_condition(
    text: &str,
    p: usize,
    end: usize,
) -> Option<(usize, crate::ir::Expr)> {
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
pub(super) fn shape(
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

/// The locale's `(mandatory)` or `(all mandatory)`, in parentheses or
/// brackets, case aside, starting at `p`: its range, brackets included.
pub(super) fn locale_note(ctx: &Context, text: &str, p: usize, end: usize) -> Option<Range> {
    note_words(ctx, text, p, end, false).map(|(r, _)| r)
}

/// [`locale_note`], or, when `near`, one a few letters off (`(mandatry)`):
/// its range and the locale's words it stands for.
pub(super) fn note_words(
    ctx: &Context,
    text: &str,
    p: usize,
    end: usize,
    near: bool,
) -> Option<(Range, String)> {
    let rest = text.get(p + 1..end)?;
    let close = match text.as_bytes().get(p)? {
        b'(' => rest.find(')'),
        b'[' => rest.find(']'),
        _ => None,
    }?;
    let inner = crate::text::fold(&rest[..close]);
    let l = ctx.locale;
    let reads = |w: &str| {
        let w = crate::text::fold(w);
        w == inner
            || near
                && crate::text::near(&inner, &w, crate::text::slack(w.chars().count())).is_some()
    };
    // The words it stands for are the key's first spelling, the one
    // printed (`(obligatoria)` stands for `(obligatorio)`).
    let words = [
        ("mandatory", &l.mandatory),
        ("all-mandatory", &l.all_mandatory),
    ]
    .into_iter()
    .find(|(key, _)| l.spellings(key).any(reads))?
    .1;
    Some(((p, p + close + 2), words.clone()))
}
