//! Text lines that almost are a heading: one in another case
//! (`Courtly Graces:`) and one whose colon was lost (`WISDOM You tell
//! him ...`); what counts as "almost" is written in
//! `lints/heading-like-line.md`.

use super::resolve::{Resolved, exact, resolve};
use super::scan::{Item, Scan, Shape, scan, shape, skip_spaces};
use crate::diagnostic::{Diagnostic, Needs};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::context::Range;

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
    /// An arm's label where no choice can stand (beside a skill check's
    /// arm): names a few edits off are looked for whatever its case, as
    /// it is no prose.
    pub(crate) label: bool,
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
    if !title && !at.label && !names.iter().all(|n| exact(ctx, n).is_some()) {
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
    // The label as written, its colon too (`Piété :`).
    let written = raw[..=colon].trim();
    let needs = Needs::GLOSSARY.and(Needs::MANIFEST);
    let finding = match &fixed {
        Some(names) => in_another_case(ctx, text, &scan, names, written).needs(needs),
        // `Old Yusuf: "Never trust a camel."`: a speaker's line; `Note: the
        // camel is blind`: a section's text starts a sentence, this does not.
        None if speaker(rest) => return None,
        None if at.after_sections && title => Diagnostic::new(
            "heading-like-line",
            label_span,
            format!("`{written}` looks like a section heading but names no skill, status or treasure"),
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

/// The finding of a heading written in another case (`Courtly Graces:`)
/// or a few letters off (`Courtly Grace:`), `fixed` its names as the book
/// knows them, `written` the label as written with its colon.
fn in_another_case(
    ctx: &Context,
    text: &str,
    scan: &Scan,
    fixed: &[String],
    written: &str,
) -> Diagnostic {
    let exactly = fixed.len() == scan.items.len()
        && fixed.iter().zip(&scan.items).all(|(f, i)| {
            matches!(i.shape, Shape::Name { name, .. }
                if text[name.0..name.1].trim_matches('*').to_uppercase() == *f)
        });
    let label = printed_suffix(ctx, uppercase_label(text, scan, fixed));
    // The colon the locale prints after a label (French typography: ` :`).
    let colon = &ctx.locale.label_colon;
    let message = if exactly {
        format!("`{written}` is a section heading not written in capitals")
    } else {
        format!("`{written}` looks like the section heading `{label}{colon}`")
    };
    Diagnostic::new(
        "heading-like-line",
        Span::new(ctx.file, scan.label.0, scan.label.1),
        message,
    )
    .label(format!("read as `{label}{colon}`"))
    .with_help(format!(
        "write `{label}{colon}`, in capitals, at the start of the line; tales reads it so meanwhile"
    ))
}

/// The text after a label's colon as a speaker's or a note's: a quotation
/// mark or a dash, a small letter (no sentence starts), or a first
/// sentence that cries out or asks.
fn speaker(rest: &str) -> bool {
    rest.starts_with(['"', '“', '«', '—', '–'])
        || rest.starts_with(char::is_lowercase)
        || outcry(rest)
}

/// `Hassan: You fool, you have ruined us!`: a speaker's line without its
/// quotation marks, told by its first sentence, which cries out or asks
/// (ends in `!` or `?`), as a section's narration does not.
fn outcry(rest: &str) -> bool {
    rest.starts_with(['¡', '¿'])
        || rest
            .find(['.', '!', '?'])
            .is_some_and(|i| rest[i..].starts_with(['!', '?']))
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
    let (items, after) = colonless_names(ctx, text, start, line.1)?;
    // `WOUNDED (mandatory)` alone on its line, the text on the next: the
    // note makes it a heading as surely.
    let noted = items.last().is_some_and(|i| i.note.is_some());
    let alone = noted && text[after..line.1].trim().is_empty();
    let mut sentence = text[after..line.1].strip_prefix(' ').unwrap_or("").chars();
    let sentence = sentence.next().is_some_and(char::is_uppercase)
        && sentence.next().is_some_and(char::is_lowercase);
    if !(alone || sentence) {
        return None;
    }
    for i in &items {
        let Shape::Name { name, .. } = i.shape else {
            return None;
        };
        exact(ctx, &text[name.0..name.1])?;
    }
    let label = &text[start..after];
    let finding = Diagnostic::new(
        "heading-like-line",
        Span::new(ctx.file, start, after),
        format!("`{label}` starts the line like a section heading, but no `:` follows it"),
    )
    .label(format!("read as `{label}{}`", ctx.locale.label_colon))
    .with_help(format!(
        "write `{label}{}` if it is a heading (tales reads it so meanwhile); if it is prose, reword the start of the line",
        ctx.locale.label_colon
    ))
    .needs(Needs::GLOSSARY.and(Needs::MANIFEST));
    Some(NearHeading {
        scan: Scan {
            items,
            label: (start, after),
            colon: after,
        },
        finding,
        recover: true,
    })
}

/// The names in capitals at `start` of a line whose colon was lost, each
/// with its `(mandatory)` if any (`WOUNDED (mandatory) The cold ...`), one
/// or more joined by `, ` or ` / ` (`WISDOM / PIETY You ...`); where they
/// end.
fn colonless_names(
    ctx: &Context,
    text: &str,
    start: usize,
    end: usize,
) -> Option<(smallvec::SmallVec<[Item; 2]>, usize)> {
    let mut items = smallvec::SmallVec::new();
    let mut pos = start;
    loop {
        let (shape, after) = shape(ctx, text, pos, end, true)?;
        if !matches!(shape, Shape::Name { .. }) {
            return None;
        }
        let note = super::scan::locale_note(ctx, text, after + 1, end);
        let after = note.map_or(after, |n| n.1);
        items.push(Item {
            shape,
            qualifier: None,
            note,
            extra: None,
            late: false,
            told: false,
        });
        let rest = &text[after..end];
        let Some(n) = [", ", " / ", "/ "]
            .iter()
            .find_map(|sep| rest.starts_with(sep).then_some(sep.len()))
        else {
            return Some((items, after));
        };
        pos = skip_spaces(text, after + n, end);
    }
}

/// Whether a heading read in capitals names nothing the book knows, nor
/// anything a few letters off (`LEAVE POORER:`): each of its items a name
/// that resolves to nothing.
pub(crate) fn names_nothing(ctx: &Context, text: &str, scan: &Scan) -> bool {
    scan.items.iter().all(|i| match i.shape {
        Shape::Name { name, master, .. } => {
            !master && matches!(resolve(ctx, &text[name.0..name.1]), Resolved::Unknown)
        }
        _ => false,
    })
}

/// Whether the text after a label's colon goes on in capitals, as an
/// inscription or a shout does (`BEWARE, TRAVELLER: THE SAND REMEMBERS
/// ...`, `HERE LIES ABU SAID: HE PAID HIS DEBTS.`): its first two words on
/// the line have letters and no small one, three letters at least between
/// them (`NO SKILL: I am` is no shout). `text[from..end]` is the rest of
/// the line after the colon.
pub(crate) fn shouted(text: &str, from: usize, end: usize) -> bool {
    let mut words = text[from..end]
        .split_whitespace()
        .map(|w| w.trim_start_matches(['"', '“', '«', '\'', '(', '¡', '¿']));
    let (Some(a), Some(b)) = (words.next(), words.next()) else {
        return false;
    };
    let capitals =
        |w: &str| w.chars().any(char::is_alphabetic) && !w.chars().any(char::is_lowercase);
    let letters = a
        .chars()
        .chain(b.chars())
        .filter(|c| c.is_alphabetic())
        .count();
    capitals(a) && capitals(b) && letters >= 3
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

/// `label` with its Master suffix as the locale prints it (`at master
/// level` -> `at Master level`).
fn printed_suffix(ctx: &Context, label: String) -> String {
    let suffix = &ctx.locale.master_suffix;
    match crate::text::strip_suffix_ci(&label, suffix) {
        Some(head) if !label.ends_with(suffix.as_str()) => format!("{head}{suffix}"),
        _ => label,
    }
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
