//! Section headings: what their names resolve to, and text lines that
//! almost are a heading (FORMAT.md section 2; what counts as "almost" is
//! written in `lints/heading-like-line.md`).

use super::Context;
use super::lines::Range;
use crate::diagnostic::{Diagnostic, Needs};
use crate::ir::{LabelKind, glossary_normalize};
use crate::span::Span;
use crate::text::{fold, near, slack};

/// What a heading's name resolves to.
pub(super) enum Resolved {
    Exact(LabelKind),
    /// Not a name, but close to one: read as that one. The name as the
    /// book writes it, in capitals.
    Near(LabelKind, String),
    Unknown,
}

/// A heading name: the NO SKILL keyword or a glossary name, exactly (case
/// and emphasis aside), or within a few edits (accents aside).
pub(super) fn resolve(ctx: &Context, raw: &str) -> Resolved {
    exact(ctx, raw).map_or_else(|| near_name(ctx, raw), Resolved::Exact)
}

/// The NO SKILL keyword or a glossary name, case and emphasis aside.
fn exact(ctx: &Context, raw: &str) -> Option<LabelKind> {
    let no_skill = &ctx.locale.no_skill;
    let bare = raw.trim().trim_matches('*');
    if crate::text::eq_ci(bare, no_skill)
        || bare.contains("  ") && glossary_normalize(raw) == glossary_normalize(no_skill)
    {
        return Some(LabelKind::NoSkill);
    }
    ctx.glossary
        .resolve(raw)
        .map(|e| LabelKind::Entry(e.id.value.clone()))
}

/// A name within a few edits of the NO SKILL keyword or a glossary name.
fn near_name(ctx: &Context, raw: &str) -> Resolved {
    let no_skill = &ctx.locale.no_skill;
    let folded = fold(raw.trim_matches('*'));
    let k = slack(folded.chars().count());
    if near(&folded, &fold(no_skill), k).is_some() {
        return Resolved::Near(LabelKind::NoSkill, no_skill.to_uppercase());
    }
    match ctx.glossary.suggest(raw) {
        Some(e) => Resolved::Near(
            LabelKind::Entry(e.id.value.clone()),
            e.name.value.to_uppercase(),
        ),
        None => Resolved::Unknown,
    }
}

/// A label's items as written: each name's range and its `(note)`, if any.
pub(super) type Items = Vec<(Range, Option<Range>)>;

/// Split a label (`Courtly Graces, Piety (mandatory)`) at `,` and `/`
/// outside parentheses. `at` is where the label starts in the file.
fn split(label: &str, at: usize) -> Option<Items> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut pieces = Vec::new();
    for (i, c) in label.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            ',' | '/' if depth == 0 => {
                pieces.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    pieces.push((start, label.len()));
    for (a, b) in pieces {
        let piece = &label[a..b];
        let lead = piece.len() - piece.trim_start().len();
        let t = piece.trim();
        if t.is_empty() {
            return None;
        }
        let (name, note) = match t.find('(') {
            Some(open) if t.ends_with(')') => (t[..open].trim_end(), Some((open, t.len()))),
            Some(_) => return None,
            None => (t, None),
        };
        let s = at + a + lead;
        items.push(((s, s + name.len()), note.map(|(o, e)| (s + o, s + e))));
    }
    Some(items)
}

/// A heading read from a line that is not in the canonical form, with the
/// one finding that says so.
pub(super) struct NearHeading {
    pub(super) items: Items,
    pub(super) label: Range,
    pub(super) rest: Range,
    pub(super) finding: Diagnostic,
    /// Whether the line is read as the heading (else it stays text).
    pub(super) recover: bool,
}

/// Where a text line stands: whether it starts a new stretch of text (after
/// a blank line, a header or a sentence's end) and whether its paragraph
/// already has a section.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) fresh: bool,
    pub(super) after_sections: bool,
}

/// A text line that is a heading but for its case (`Courtly Graces: ...`,
/// `No skill: ...`): read as the heading. A Title Case label naming
/// nothing, on a fresh line after the sections began, is reported but
/// left as text. Lines that go on a sentence (`... one for\nLuck: {1d6}`)
/// are never headings.
pub(super) fn near_heading(ctx: &Context, text: &str, line: Range, at: At) -> Option<NearHeading> {
    if !at.fresh {
        return None;
    }
    let raw = &text[line.0..line.1];
    let lead = raw.len() - raw.trim_start().len();
    let colon = raw.find(':')?;
    let label = raw[lead..colon].trim_end();
    let rest = raw[colon + 1..].trim_start();
    if label.is_empty()
        || label.len() > 80
        || rest.starts_with('{')
        || !label.starts_with(|c: char| c.is_alphabetic() || c == '*')
        || label.contains(['.', '!', '?', '"', '“', '[', '{', '@', ';'])
    {
        return None;
    }
    let label_at = line.0 + lead;
    let items = split(label, label_at)?;
    // A line of prose (`He says: ...`) is told cheaply: a heading written in
    // another case names only known names, and a misspelt one is in Title
    // Case; only then are names a few edits off looked for.
    let title = title_case(label);
    if !title
        && !items
            .iter()
            .all(|(n, _)| exact(ctx, &text[n.0..n.1]).is_some())
    {
        return None;
    }
    let rest_range = (line.0 + colon + 1, line.1);
    let label_range = (label_at, label_at + label.len());
    let resolved: Vec<Resolved> = items
        .iter()
        .map(|(n, _)| resolve(ctx, &text[n.0..n.1]))
        .collect();
    let canonical: Option<Vec<String>> = items
        .iter()
        .zip(&resolved)
        .map(|((n, note), r)| {
            let name = match r {
                Resolved::Exact(LabelKind::NoSkill) => ctx.locale.no_skill.to_uppercase(),
                Resolved::Exact(_) => text[n.0..n.1].trim_matches('*').to_uppercase(),
                Resolved::Near(_, name) => name.clone(),
                Resolved::Unknown => return None,
            };
            Some(match note {
                Some(o) => format!("{name} {}", text[o.0..o.1].to_lowercase()),
                None => name,
            })
        })
        .collect();
    let span = Span::new(ctx.file, label_range.0, label_range.1);
    let recover = canonical.is_some();
    let exact = resolved.iter().all(|r| matches!(r, Resolved::Exact(_)));
    let finding = match canonical {
        Some(names) => {
            let fixed = names.join(", ");
            let message = if exact {
                format!("`{label}:` is a section heading not written in capitals")
            } else {
                format!("`{label}:` looks like the section heading `{fixed}:`")
            };
            Diagnostic::new("heading-like-line", span, message)
            .label(format!("read as `{fixed}:`"))
            .with_help(format!(
                "write `{fixed}:`, in capitals, at the start of the line; tales reads it so meanwhile"
            ))
            .needs(Needs::GLOSSARY.and(Needs::MANIFEST))
        }
        None if at.after_sections && title_case(label) => Diagnostic::new(
            "heading-like-line",
            span,
            format!("`{label}:` looks like a section heading but names no skill, status or treasure"),
        )
        .label("read as text")
        .with_help(format!(
            "a heading is `{}:` or glossary names, in capitals; if this is prose, reword the start of the line",
            ctx.locale.no_skill
        ))
        .needs(Needs::GLOSSARY.and(Needs::MANIFEST)),
        None => return None,
    };
    Some(NearHeading {
        items,
        label: label_range,
        rest: rest_range,
        finding,
        recover,
    })
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
