//! Headings set as the page sets them rather than as the format writes
//! them: a dash for the colon (`PIETY — You pray ...`, `NO SKILL – ...`,
//! `WISDOM - ...`), a colon misread as `;` or `.` (`PIETY; You pray`), and
//! the section note after the colon (`DETERMINED:
//! (mandatory) You ...`). Each is read as the heading meant, with one
//! `heading-like-line` (`lints/heading-like-line.md`): left alone, the
//! first joined its section to the one above, and the second made a
//! mandatory section optional without a word.

use super::near::{At, NearHeading};
use super::resolve::exact;
use super::scan::{Item, Scan, Shape, note_words, scan, skip_spaces};
use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::span::Span;
use crate::syntax::context::{Context, Range};

/// What a page (or its scan) sets between a heading and its text instead
/// of the colon.
#[derive(Clone, Copy)]
enum Mark {
    /// An em or en dash, spaces around it or not, or a hyphen with a
    /// space on each side (a hyphen inside a name, `SEX-CHANGED`, is none).
    Dash,
    /// `;` or `.` right after the label: a colon misread by OCR or by eye.
    Stop(char),
}

/// Where the first mark that may stand for a heading's colon starts in
/// `raw`, its width, and which it is.
fn mark(raw: &str) -> Option<(usize, usize, Mark)> {
    let (i, c) = raw
        .char_indices()
        .find(|&(i, c)| matches!(c, '—' | '–' | ';' | '.') || raw[i..].starts_with(" - "))?;
    Some(match c {
        '—' | '–' => (i, c.len_utf8(), Mark::Dash),
        ';' | '.' => (i, 1, Mark::Stop(c)),
        _ => (i + 1, 1, Mark::Dash),
    })
}

/// `PIETY — You pray ...`: a fresh line that starts, in capitals, with a
/// label of known names (each with its note, if any: `WISDOM (mandatory)
/// –`), then a dash (or `;` or `.` right after it) and a sentence, with no
/// `:` before it. Read as that heading, one finding at it.
pub(crate) fn dashed_heading(
    ctx: &Context,
    text: &str,
    line: Range,
    at: At,
) -> Option<NearHeading> {
    let (start, raw) = capitals_start(text, line, at)?;
    let (dash_at, width, mark) = mark(raw)?;
    let label = raw[..dash_at].trim_end();
    if matches!(mark, Mark::Stop(_)) && label.len() != dash_at {
        return None;
    }
    if label.contains([':', '.', '!', '?', '"', '“', '[', '{', '@', ';']) {
        return None;
    }
    let after = start + dash_at + width;
    let first = text[after..line.1].trim_start().chars().next()?;
    if !(first.is_uppercase() || matches!(first, '“' | '"' | '‘' | '\'')) {
        return None;
    }
    // The label alone, with the colon the page left out: read as the
    // format reads a heading, then moved to where it stands in the file.
    let items = known_names(ctx, &format!("{label}:"), start)?;
    let finding = Diagnostic::new(
        "heading-like-line",
        Span::new(ctx.file, start, after),
        match mark {
            Mark::Dash => format!(
                "`{}` is a section heading with a dash for its colon",
                &text[start..after]
            ),
            Mark::Stop(c) => format!(
                "`{}` is a section heading with `{c}` for its colon",
                &text[start..after]
            ),
        },
    )
    .label(format!("read as `{label}{}`", ctx.locale.label_colon))
    .with_help(format!(
        "write `{label}{}` (tales reads it so meanwhile); if the line is prose, reword its start",
        ctx.locale.label_colon
    ))
    .needs(Needs::GLOSSARY.and(Needs::MANIFEST));
    Some(NearHeading {
        scan: Scan {
            items,
            label: (start, start + label.len()),
            // The section's text starts after the dash.
            colon: after - 1,
        },
        finding,
        recover: true,
    })
}

/// An item of a name read at offset 0 of a copy of the label, moved to
/// `pos` in the file.
fn moved(item: &Item, pos: usize) -> Option<Item> {
    let at = |r: Range| (pos + r.0, pos + r.1);
    let Shape::Name { name, master, near } = item.shape else {
        return None;
    };
    Some(Item {
        shape: Shape::Name {
            name: at(name),
            master,
            near: near.map(at),
        },
        qualifier: item.qualifier.map(at),
        note: item.note.map(at),
        extra: item.extra.map(at),
        late: item.late,
        told: item.told,
    })
}

/// `DETERMINED: (mandatory) You demand ...`: the locale's `(mandatory)` or
/// `(all mandatory)` right after a heading's colon, where the page set it
/// (in parentheses or brackets: `WOUNDED: [mandatory]`),
/// is the last name's note: the scan takes it, the section's text starts
/// after it, one finding at it. So is one that starts the next line when
/// the colon ends its own (`WOUNDED:` / `(mandatory) You ...`). A label
/// whose last name has a note already is left as written.
pub(crate) fn note_after_colon(
    ctx: &Context,
    text: &str,
    s: &mut Scan,
    end: usize,
    diags: &mut Diagnostics,
) {
    let mut p = skip_spaces(text, s.colon + 1, end);
    // `WOUNDED:` ending its line, the note starting the next one.
    let (mut end, mut place) = (end, "after the colon");
    if p == end
        && let Some(next) = next_line(text, end)
    {
        (p, end, place) = (next.0, next.1, "on the line after the colon");
    }
    // A note a few letters off too (`WOUNDED: (mandatry)`): left as the
    // section's first words, the section was optional without a word.
    let Some(((_, note_end), words)) = note_words(ctx, text, p, end, true) else {
        return;
    };
    let Some(last) = s.items.last_mut().filter(|i| i.note.is_none()) else {
        return;
    };
    last.note = Some((p, note_end));
    last.late = true;
    let label = &text[s.label.0..s.label.1];
    let note = &text[p..note_end];
    diags.push(
        Diagnostic::new(
            "heading-like-line",
            Span::new(ctx.file, p, note_end),
            format!("`{note}` {place}: a section note goes before it"),
        )
        .label(format!("read as `{label} ({words}):`"))
        .with_help(format!(
            "write `{label} ({words}):`; tales reads it so meanwhile"
        ))
        .needs(Needs::GLOSSARY.and(Needs::MANIFEST)),
    );
    // The section's text starts after the note.
    s.colon = note_end - 1;
}

/// The line after the one ending at `end`: its first byte after spaces,
/// and its end (before a `\r`).
fn next_line(text: &str, end: usize) -> Option<Range> {
    let from = end + memchr::memchr(b'\n', text.get(end..)?.as_bytes())? + 1;
    let rest = &text[from..];
    let to = from + memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
    let to = if text[..to].ends_with('\r') {
        to - 1
    } else {
        to
    };
    Some((skip_spaces(text, from, to), to))
}

/// `WISDOM, (mandatory): ...` or `WISDOM - (mandatory): ...`: a comma or
/// a dash between a heading's last name and its note. Read as `WISDOM
/// (mandatory):`, one finding at the mark (left alone, the line was prose
/// and its section joined the one above). A printed condition there
/// (`APPEARANCE, [if the opposite sex]:`) is read as it; any other note
/// that is no section note (`WISDOM, (whatever):`) as none, told by the
/// same finding.
pub(crate) fn separated_note(
    ctx: &Context,
    text: &str,
    line: Range,
    at: At,
) -> Option<NearHeading> {
    let (start, raw) = capitals_start(text, line, at)?;
    let label = raw[..memchr::memchr(b':', raw.as_bytes())?].trim_end();
    let open = label.rfind(['(', '['])?;
    // The note a few letters off too (`WOUNDED, (mandatry):`).
    let words = note_words(ctx, label, open, label.len(), true)
        .filter(|(n, _)| n.1 == label.len())
        .map(|(_, w)| w);
    let shut = if label.as_bytes()[open] == b'(' {
        ')'
    } else {
        ']'
    };
    let closed = label.ends_with(shut) && label[open + 1..].find(shut)? + open + 2 == label.len();
    if words.is_none() && !closed {
        return None;
    }
    let before = label[..open].trim_end();
    let sep = before.chars().next_back()?;
    let at_sep = before.len() - sep.len_utf8();
    let spaced = before[..at_sep].ends_with(' ');
    if !(matches!(sep, ',' | '–' | '—') || sep == '-' && spaced) {
        return None;
    }
    let condition = words
        .is_none()
        .then(|| super::scan::bracketed_condition(label, open, label.len()))
        .flatten()
        .map(|(_, e)| super::lower::braced(&e));
    // The label with the mark (and a note read as none) as spaces, so
    // every offset stays the file's.
    let mut written = format!("{label}:");
    written.replace_range(at_sep..at_sep + sep.len_utf8(), &" ".repeat(sep.len_utf8()));
    if words.is_none() && condition.is_none() {
        written.replace_range(open..label.len(), &" ".repeat(label.len() - open));
    }
    let mut items = known_names(ctx, &written, start)?;
    let (name, note) = (before[..at_sep].trim_end(), &label[open..]);
    let last = items.last_mut()?;
    // Reported here, with the mark: not again as a note or a condition.
    last.late = words.as_ref().is_some_and(|w| format!("({w})") != note);
    last.told = condition.is_some();
    let mark = Span::new(ctx.file, start + at_sep, start + at_sep + sep.len_utf8());
    Some(NearHeading {
        scan: Scan {
            items,
            label: (start, start + label.len()),
            colon: start + label.len() + raw[label.len()..].find(':')?,
        },
        finding: separated_finding(ctx, mark, (sep, name, note), words.as_deref(), condition),
        recover: true,
    })
}

/// [`separated_note`]'s one finding, at the mark: what the note is read
/// as (the locale's words, a condition in braces, or none) and the fix.
fn separated_finding(
    ctx: &Context,
    mark: Span,
    (sep, name, note): (char, &str, &str),
    words: Option<&str>,
    condition: Option<&str>,
) -> Diagnostic {
    let read = match (words, condition) {
        (Some(w), _) => format!(" ({w})"),
        (None, Some(c)) => format!(" {c}"),
        (None, None) => String::new(),
    };
    let between = format!("`{sep}` between `{name}` and `{note}`");
    let fix = format!("write `{name}{read}:`; tales reads it so meanwhile");
    let (message, help) = match (words, condition) {
        (Some(_), _) => (format!("{between}: a section note follows its name"), fix),
        (None, Some(_)) => (
            format!("{between}: a condition follows its name, in braces"),
            fix,
        ),
        // `(if at sea)`: a condition, but none the format has.
        (None, None) if super::scan::bracketed_if(note, 0, note.len()).is_some() => (
            format!(
                "{between}: a condition follows its name, in braces, and `{note}` is none the format has"
            ),
            format!(
                "write the condition in braces after the name, such as `{name} {{female}}:`; tales reads `{name}:` meanwhile"
            ),
        ),
        (None, None) => (
            format!("{between}: a section note follows its name, and `{note}` is none"),
            format!(
                "a section note is `({m})`: write `{name} ({m}):` if the section must be taken, else `{name}:`, as tales reads it meanwhile",
                m = ctx.locale.mandatory
            ),
        ),
    };
    Diagnostic::new("heading-like-line", mark, message)
        .label(format!("read as `{name}{read}:`"))
        .with_help(help)
        .needs(Needs::GLOSSARY.and(Needs::MANIFEST))
}

/// A fresh line's start (spaces skipped) and its text, when it starts with
/// two capitals, as a heading does and prose (`You ...`) does not.
fn capitals_start(text: &str, line: Range, at: At) -> Option<(usize, &str)> {
    let start = skip_spaces(text, line.0, line.1);
    let raw = &text[start..line.1];
    let mut head = raw.chars();
    (at.fresh && head.next()?.is_uppercase() && head.next()?.is_uppercase()).then_some((start, raw))
}

/// `written`, a label as the format writes it (a copy, offsets as in the
/// file from `start`), read as a heading of known names only: its items,
/// moved to `start`.
fn known_names(
    ctx: &Context,
    written: &str,
    start: usize,
) -> Option<smallvec::SmallVec<[Item; 2]>> {
    let read = scan(ctx, written, 0, written.len(), true)?;
    let mut items = smallvec::SmallVec::new();
    for item in read.items {
        let Shape::Name { name, .. } = item.shape else {
            return None;
        };
        exact(ctx, &written[name.0..name.1])?;
        items.push(moved(&item, start)?);
    }
    Some(items)
}
