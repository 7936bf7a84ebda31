//! A translator's glossary slip: `quick-thinking: Sabiduría`, a name
//! `wisdom` already has. The glossary's `duplicate-name` is the cause; the
//! book still writes the entry's old name (`PERSPICACIA:`), which the
//! translation cannot read (an unknown heading each) and the comparison
//! found where the source names `quick-thinking` (a `duplicate-name` about
//! the entry each, see `l10n::tree`). One finding stays: the duplicate, on
//! the entry that lost its name, saying where the book still writes it.

use crate::diagnostic::{Diagnostic, Diagnostics, Label};
use crate::ir::Book;
use crate::span::Span;
use std::collections::{HashMap, HashSet};

/// The translation's finding about a source entry its glossary lacks.
const GLOSSARY: &str = "l10n-glossary-mismatch";

/// The places a folded finding shows as labels at most.
const MAX_LABELS: usize = 8;

pub(super) fn fold_into_the_duplicate(t: &Book, diags: &mut Diagnostics) {
    // The places where the book still writes each entry's lost name.
    let mut lost: HashMap<String, Vec<(Span, String)>> = HashMap::new();
    for d in diags.iter().filter(|d| d.code == "duplicate-name") {
        if let Some(id) = &d.entry {
            let written = t.sources.slice(d.primary.span).trim().to_owned();
            lost.entry(id.clone())
                .or_default()
                .push((d.primary.span, written));
        }
    }
    if lost.is_empty() {
        return;
    }
    for uses in lost.values_mut() {
        uses.sort_by_key(|(s, _)| (s.file, s.start));
    }
    // Each entry that lost its name, by where its name is.
    let at: HashMap<Span, &String> = lost
        .keys()
        .filter_map(|id| Some((t.glossary.by_id(id)?.name.span, id)))
        .collect();
    let mut folded: HashSet<String> = HashSet::new();
    // A deleted or misspelt entry: its glossary finding is about it.
    for d in diags.iter_mut().filter(|d| d.code == GLOSSARY) {
        if let Some(id) = d.entry.take().filter(|id| lost.contains_key(id)) {
            say_where_missing(t, d, &id, &lost[&id]);
            folded.insert(id);
        }
    }
    for d in diags.iter_mut() {
        if d.code != "duplicate-name" || d.entry.is_some() {
            continue;
        }
        let spans = std::iter::once(d.primary.span).chain(d.secondary.iter().map(|l| l.span));
        let entry = spans
            .filter_map(|s| Some((s, at.get(&s)?)))
            .find(|(_, id)| !folded.contains(**id));
        if let Some((span, id)) = entry {
            say_where(t, d, id, span, &lost[*id]);
            folded.insert((*id).clone());
        }
    }
    // What the folded findings say is not said again: the places, and the
    // unknown heading at each.
    let places: HashSet<Span> = folded
        .iter()
        .flat_map(|id| &lost[id])
        .map(|(s, _)| *s)
        .collect();
    diags.retain(|d| match (&d.entry, d.code) {
        (Some(id), "duplicate-name") => !folded.contains(id),
        (_, "unknown-name") => !places.contains(&d.primary.span),
        _ => true,
    });
    // One not folded (no glossary finding names the entry) stands alone.
    for d in diags.iter_mut().filter(|d| d.code == "duplicate-name") {
        d.entry = None;
    }
}

/// The name the book still writes for a lost entry, and where first
/// (`file:line`): the name alone (a heading, `[Sabiduría]`) rather than an
/// item that holds it (`Maestro Sabiduría`).
fn written_first<'u>(t: &Book, uses: &'u [(Span, String)]) -> (&'u str, String) {
    let written = uses
        .iter()
        .map(|(_, w)| w)
        .min_by_key(|w| w.chars().count())
        .unwrap_or(&uses[0].1);
    let first = uses[0].0;
    let file = &t.sources.get(first.file);
    let line = file.line_of(first.start as usize) + 1;
    (written, format!("{}:{line}", file.name))
}

/// The places, as labels of the one finding.
fn label_places(d: &mut Diagnostic, uses: &[(Span, String)]) {
    d.secondary
        .extend(uses.iter().take(MAX_LABELS).map(|(span, w)| Label {
            span: *span,
            text: format!("writes `{w}`"),
        }));
}

/// The glossary's finding about an entry deleted, misspelt or renamed
/// (`l10n::renamed`), saying where the book still writes its name: for a
/// misspelt id, the likely fix is the id; for a deleted entry, the entry
/// back with that name; for a renamed one, the name back or the book
/// changed.
fn say_where_missing(t: &Book, d: &mut Diagnostic, id: &str, uses: &[(Span, String)]) {
    let (written, first) = written_first(t, uses);
    let name = written.trim_end_matches(':').trim_matches('*');
    d.message = format!(
        "{}: the book still writes `{written}` for `{id}` ({}, first at {first})",
        d.message,
        crate::text::count(uses.len(), "place")
    );
    // A misspelt id's finding already says which id was meant; a renamed
    // entry's name is either side's to change.
    if d.message.contains("is missing from the translation") {
        d.help = Some(format!(
            "add `{id}: {}` back to the translation's glossary.yaml",
            title(name)
        ));
    } else if let Some(now) = d.message.split('`').nth(3).filter(|_| d.help.is_none()) {
        d.help = Some(format!(
            "name `{id}` `{}` again, as the book writes it; or write `{}` where the book names it",
            title(name),
            now.to_uppercase()
        ));
    }
    label_places(d, uses);
}

/// A name as a glossary writes it (`PIEDAD` → `Piedad`).
fn title(name: &str) -> String {
    let lower = name.to_lowercase();
    let mut cs = lower.chars();
    cs.next()
        .map(|c| c.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

/// The duplicate's finding, moved to the entry that lost its name and
/// saying where the book still writes it.
fn say_where(t: &Book, d: &mut Diagnostic, id: &str, at: Span, uses: &[(Span, String)]) {
    let (written, first) = written_first(t, uses);
    let other = if d.primary.span == at {
        d.secondary.first().map(|l| l.span)
    } else {
        Some(d.primary.span)
    };
    d.primary.span = at;
    d.secondary = other
        .map(|span| Label {
            span,
            text: "the entry that has the name".to_owned(),
        })
        .into_iter()
        .collect();
    d.primary.text = format!("`{id}` lost its name here");
    d.message = format!(
        "{}: the book still writes `{written}` for `{id}` ({})",
        d.message,
        crate::text::count(uses.len(), "place")
    );
    d.help = Some(format!(
        "give `{id}` back the name the book writes (`{written}`, first at {first}); every name of the glossary must be unique"
    ));
    label_places(d, uses);
}
