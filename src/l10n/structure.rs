//! The book's structure, which a translation keeps: glossary ids, the
//! wealth ladder, matrices, cards and places.

use super::{Compare, Norm, norm_target, same_target, same_targets};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Book, GlossaryEntry, Reference};
use crate::span::Span;
use std::collections::{HashMap, HashSet};

const GLOSSARY: &str = "l10n-glossary-mismatch";
const STRUCTURE: &str = "l10n-structure-mismatch";

/// A card of the translation that differs from the source's: where, the
/// source's card when there is one, and the message.
type Problem = (Span, Option<Span>, String);

impl Compare<'_> {
    /// The translation's `book.yaml`, for findings about the whole book.
    fn t_book_yaml(&self) -> Span {
        self.t
            .sources
            .iter()
            .find(|(_, f)| f.name == "book.yaml")
            .map_or(Span::new(crate::span::FileId(0), 0, 0), |(id, _)| {
                Span::file_start(id)
            })
    }

    pub(super) fn glossary(&mut self) {
        let (s, t) = (self.s, self.t);
        let misspelt = misspellings(s, t);
        let misspellings: HashSet<&str> =
            misspelt.values().map(|te| te.id.value.as_str()).collect();
        let next = next_kept(s, t);
        for (e, next) in s.glossary.entries.iter().zip(next) {
            match t.glossary.by_id(&e.id.value) {
                None => {
                    let d = self.missing_entry(e, misspelt.get(e.id.value.as_str()).copied(), next);
                    self.push(d);
                }
                Some(te) if te.kind != e.kind => {
                    let d = Diagnostic::new(
                        GLOSSARY,
                        te.id.span,
                        format!(
                            "`{}` is a {} in the translation but a {} in the source",
                            e.id.value,
                            te.kind.as_str(),
                            e.kind.as_str()
                        ),
                    )
                    .label("different kind")
                    .with_secondary(self.src(e.id.span), "in the source");
                    self.push(d);
                }
                Some(te) => {
                    let (se, tn) = (
                        e.encounters.as_ref().map(|r| norm_target(s, &r.target)),
                        te.encounters.as_ref().map(|r| norm_target(t, &r.target)),
                    );
                    if !same_targets(se.as_ref(), tn.as_ref()) {
                        let d = Diagnostic::new(
                            STRUCTURE,
                            te.id.span,
                            format!(
                                "the encounters of `{}` differ from the source's",
                                e.id.value
                            ),
                        )
                        .label("different encounters")
                        .with_secondary(self.src(e.id.span), "in the source");
                        self.push(d);
                    }
                }
            }
        }
        for te in &t.glossary.entries {
            if s.glossary.by_id(&te.id.value).is_none()
                && !misspellings.contains(te.id.value.as_str())
            {
                let d = Diagnostic::new(GLOSSARY, te.id.span, format!("glossary id `{}` is not in the source", te.id.value))
                    .label("in the translation only")
                    .with_help("a translation uses the source's ids; rename the id or add it to the source first");
                self.push(d);
            }
            // Two ids with one name are the translation's own `duplicate-name`.
        }
    }

    /// A source entry the translation's glossary lacks: its id misspelt
    /// (`pietty: Piedad` for `piety`), one finding at the misspelt id; or
    /// deleted, one finding where the entry belongs. About the entry, so
    /// `check::lost_names` says where the book still writes its name.
    fn missing_entry(
        &self,
        e: &GlossaryEntry,
        misspelt: Option<&GlossaryEntry>,
        next: Option<Span>,
    ) -> Diagnostic {
        let id = e.id.value.as_str();
        if let Some(te) = misspelt {
            return Diagnostic::new(
                GLOSSARY,
                te.id.span,
                format!("glossary id `{}` is not in the source", te.id.value),
            )
            .label("in the translation only")
            .with_help(format!(
                "did you mean `{id}`? rename `{}` to `{id}`: a translation uses the source's ids",
                te.id.value
            ))
            .about_entry(id);
        }
        let help = format!(
            "add `{id}: NAME` under `{}s` in the translation's glossary.yaml",
            e.kind.as_str()
        );
        let message = format!("glossary id `{id}` is missing from the translation");
        let Some(next) = next else {
            return Diagnostic::new(GLOSSARY, self.src(e.id.span), message)
                .label("in the source only")
                .with_help(help)
                .about_entry(id);
        };
        Diagnostic::new(
            GLOSSARY,
            Span {
                end: next.start,
                ..next
            },
            message,
        )
        .label(format!(
            "`{id}` belongs before this entry, as in the source"
        ))
        .with_secondary(self.src(e.id.span), "in the source")
        .with_help(help)
        .about_entry(id)
    }

    pub(super) fn ladder(&mut self) {
        let (sw, tw) = (&self.s.manifest.rules.wealth, &self.t.manifest.rules.wealth);
        let span = tw
            .first()
            .map_or_else(|| self.t_book_yaml(), |w| w.name.span);
        if sw.len() != tw.len() {
            let d = Diagnostic::new(
                STRUCTURE,
                span,
                format!(
                    "the wealth ladder has {}, the source's has {}",
                    crate::text::count(tw.len(), "level"),
                    sw.len()
                ),
            )
            .label("different ladder")
            .with_help("translate each level's name and keep the ladder's length and order");
            self.push(d);
            return;
        }
        for (a, b) in sw.iter().zip(tw) {
            if a.start != b.start || a.needs_treasure != b.needs_treasure {
                let d = Diagnostic::new(
                    STRUCTURE,
                    b.name.span,
                    format!(
                        "wealth level `{}` differs from the source's `{}`",
                        b.name.value, a.name.value
                    ),
                )
                .label("different flags")
                .with_secondary(self.src(a.name.span), "in the source")
                .with_help("`start` and `needs-treasure` stay where the source has them");
                self.push(d);
            }
        }
    }

    pub(super) fn matrices(&mut self) {
        let (s, t) = (self.s, self.t);
        for sm in &s.matrices {
            let Some(tm) = t.matrix(&sm.letter.value) else {
                let d = Diagnostic::new(
                    STRUCTURE,
                    self.src(sm.letter.span),
                    format!("matrix {} is missing from the translation", sm.letter.value),
                )
                .label("in the source only");
                self.push(d);
                continue;
            };
            let at = (tm.letter.span, self.src(sm.letter.span));
            let mut problems = Vec::new();
            if sm.reactions.len() != tm.reactions.len() {
                let p = format!(
                    "{}, the source has {}",
                    crate::text::count(tm.reactions.len(), "reaction"),
                    sm.reactions.len()
                );
                problems.push((at, p));
            }
            if sm.rows.len() != tm.rows.len() {
                let p = format!(
                    "{}, the source has {}",
                    crate::text::count(tm.rows.len(), "row"),
                    sm.rows.len()
                );
                problems.push((at, p));
            }
            for (i, (sr, tr)) in sm.rows.iter().zip(&tm.rows).enumerate() {
                problems.extend(self.row_cells(i, sr, tr));
            }
            for ((at, source), p) in problems {
                let d = Diagnostic::new(STRUCTURE, at, format!("matrix {}: {p}", tm.letter.value))
                    .label("differs from the source")
                    .with_secondary(source, "in the source")
                    .with_help("translate reaction and row names only; cells, their order and the rows' order stay");
                self.push(d);
            }
        }
        for tm in &t.matrices {
            if s.matrix(&tm.letter.value).is_none() {
                let d = Diagnostic::new(
                    STRUCTURE,
                    tm.letter.span,
                    format!("matrix {} is not in the source", tm.letter.value),
                )
                .label("in the translation only");
                self.push(d);
            }
        }
    }

    /// A translated row whose cells are not its source row's: the first
    /// cell that differs (the row when one has fewer cells), and the
    /// source's there.
    fn row_cells(
        &self,
        i: usize,
        sr: &crate::ir::Row,
        tr: &crate::ir::Row,
    ) -> Option<((crate::span::Span, crate::span::Span), String)> {
        let value = |c: &Option<crate::span::Spanned<u32>>| c.as_ref().map(|c| c.value);
        let j = (0..sr.cells.len().max(tr.cells.len()))
            .find(|&j| sr.cells.get(j).map(value) != tr.cells.get(j).map(value))?;
        let cell = |r: &crate::ir::Row| match r.cells.get(j) {
            Some(Some(c)) => (c.span, c.value.to_string()),
            Some(None) => (r.span, "~".to_owned()),
            None => (r.span, "no cell".to_owned()),
        };
        let ((t_at, t_cell), (s_at, s_cell)) = (cell(tr), cell(sr));
        let p = format!(
            "row {} (`{}`) has other cells than the source's `{}`: {t_cell} where the source has {s_cell}",
            i + 1,
            tr.name.value,
            sr.name.value
        );
        Some(((t_at, self.src(s_at)), p))
    }

    fn refs_differ(&self, a: Option<&Reference>, b: Option<&Reference>) -> bool {
        !same_targets(
            a.map(|r| norm_target(self.s, &r.target)).as_ref(),
            b.map(|r| norm_target(self.t, &r.target)).as_ref(),
        )
    }

    pub(super) fn cards(&mut self) {
        let mut problems = self.card_counts();
        self.character_cards(&mut problems);
        self.terrain_cards(&mut problems);
        let lost = self.city_cards(&mut problems);
        self.out.extend(lost);
        for (span, source, message) in problems {
            let mut d = Diagnostic::new(STRUCTURE, span, message)
                .label("differs from the source")
                .with_help("a translation keeps every card, in order, with the same paragraphs, rows and results");
            if let Some(sp) = source {
                d = d.with_secondary(self.src(sp), "in the source");
            }
            self.push(d);
        }
    }

    /// Each kind of card the translation has more or fewer of.
    fn card_counts(&self) -> Vec<Problem> {
        let (s, t) = (self.s, self.t);
        let mut problems: Vec<Problem> = Vec::new();
        let counts = [
            (
                "character",
                s.cards.character.len(),
                t.cards.character.len(),
            ),
            ("terrain", s.cards.terrain.len(), t.cards.terrain.len()),
            ("city", s.cards.city.len(), t.cards.city.len()),
        ];
        for (kind, a, b) in counts {
            if a != b {
                problems.push((
                    self.t_book_yaml(),
                    None,
                    format!(
                        "{}, the source has {a}",
                        crate::text::count(b, &format!("{kind} card"))
                    ),
                ));
            }
        }
        problems
    }

    /// Character cards, in order, that lead elsewhere than the source's.
    fn character_cards(&self, problems: &mut Vec<Problem>) {
        let (s, t) = (self.s, self.t);
        for (a, b) in s.cards.character.iter().zip(&t.cards.character) {
            let times = [
                (&a.morning, &b.morning),
                (&a.noon, &b.noon),
                (&a.night, &b.night),
            ];
            // At the first time of day that differs (`night: 1203`).
            let differs = times
                .into_iter()
                .find(|(x, y)| self.refs_differ(x.as_ref(), y.as_ref()));
            if let Some((x, y)) = differs {
                problems.push((
                    y.as_ref().map_or(b.name.span, |r| r.span),
                    Some(x.as_ref().map_or(a.name.span, |r| r.span)),
                    format!(
                        "character card `{}` leads elsewhere than the source's `{}`",
                        b.name.value, a.name.value
                    ),
                ));
            }
        }
    }

    /// Terrain cards, in order, whose terrains lead elsewhere than the
    /// source's.
    fn terrain_cards(&self, problems: &mut Vec<Problem>) {
        let (s, t) = (self.s, self.t);
        for (a, b) in s.cards.terrain.iter().zip(&t.cards.terrain) {
            let key = |book: &crate::ir::Book, c: &crate::ir::TerrainCard| -> Vec<(String, Norm)> {
                let mut v: Vec<(String, Norm)> = c
                    .entries
                    .iter()
                    .map(|(k, r)| (k.value.to_lowercase(), norm_target(book, &r.target)))
                    .collect();
                v.sort();
                v
            };
            let (ka, kb) = (key(s, a), key(t, b));
            let same = ka.len() == kb.len()
                && ka
                    .iter()
                    .zip(&kb)
                    .all(|((k1, n1), (k2, n2))| k1 == k2 && same_target(n1, n2));
            if !same {
                problems.push((
                    b.name.span,
                    Some(a.name.span),
                    format!(
                        "terrain card `{}` leads elsewhere than the source's `{}`",
                        b.name.value, a.name.value
                    ),
                ));
            }
        }
    }

    /// City cards, in order, with another paragraph or other results; the
    /// findings of results that only lost a glossary name are given back
    /// instead (`lost_items`).
    fn city_cards(&self, problems: &mut Vec<Problem>) -> Diagnostics {
        let (s, t) = (self.s, self.t);
        let mut lost = Diagnostics::new();
        for (a, b) in s.cards.city.iter().zip(&t.cards.city) {
            let same_results = a.results.len() == b.results.len()
                && a.results.iter().zip(&b.results).all(|((n1, x), (n2, y))| {
                    let (e1, e2) = (effects(x), effects(y));
                    n1.value == n2.value
                        && (super::effects_eq(s, &e1, t, &e2)
                            || self.lost_items(&items(x), &items(y)).is_some_and(|found| {
                                lost.extend(found);
                                true
                            }))
                });
            if self.refs_differ(a.paragraph.as_ref(), b.paragraph.as_ref()) || !same_results {
                problems.push((
                    b.city.span,
                    Some(a.city.span),
                    format!("city card `{}` differs from the source's", b.city.value),
                ));
            }
        }
        lost
    }

    pub(super) fn places(&mut self) {
        let (s, t) = (self.s, self.t);
        for sp in &s.manifest.world.places {
            match t
                .manifest
                .world
                .places
                .iter()
                .find(|p| p.id.value == sp.id.value)
            {
                None => {
                    let d = Diagnostic::new(
                        STRUCTURE,
                        self.src(sp.id.span),
                        format!("place `{}` is missing from the translation", sp.id.value),
                    )
                    .label("in the source only");
                    self.push(d);
                }
                Some(tp) if self.refs_differ(sp.paragraph.as_ref(), tp.paragraph.as_ref()) => {
                    let d = Diagnostic::new(
                        STRUCTURE,
                        tp.id.span,
                        format!(
                            "place `{}` starts at another paragraph than in the source",
                            tp.id.value
                        ),
                    )
                    .label("different paragraph")
                    .with_secondary(self.src(sp.id.span), "in the source");
                    self.push(d);
                }
                Some(_) => {}
            }
        }
        for tp in &t.manifest.world.places {
            if !s
                .manifest
                .world
                .places
                .iter()
                .any(|p| p.id.value == tp.id.value)
            {
                let d = Diagnostic::new(
                    STRUCTURE,
                    tp.id.span,
                    format!("place `{}` is not in the source", tp.id.value),
                )
                .label("in the translation only");
                self.push(d);
            }
        }
    }
}

/// A city card's results: die roll and effects.
/// A city card result's effects.
fn effects(aw: &crate::ir::Award) -> Vec<&crate::ir::Effect> {
    aw.items.iter().map(|i| &i.effect).collect()
}

/// A city card result's items.
fn items(aw: &crate::ir::Award) -> Vec<&crate::ir::AwardItem> {
    aw.items.iter().collect()
}

/// Each source entry the translation lacks, by id, paired with the
/// translation-only entry that misspells it: the same kind, its id a
/// couple of edits away. Tried for a few such entries only (a
/// translation's slips, not a different book).
pub(super) fn misspellings<'a>(s: &'a Book, t: &'a Book) -> HashMap<&'a str, &'a GlossaryEntry> {
    let (s, t) = (&s.glossary, &t.glossary);
    let only: Vec<&GlossaryEntry> = t
        .entries
        .iter()
        .filter(|te| s.by_id(&te.id.value).is_none())
        .collect();
    let missing: Vec<&GlossaryEntry> = s
        .entries
        .iter()
        .filter(|e| t.by_id(&e.id.value).is_none())
        .collect();
    if only.len() > 16 || missing.len() > 16 {
        return HashMap::new();
    }
    let mut taken: HashSet<&str> = HashSet::new();
    let mut pairs = HashMap::new();
    for e in missing {
        let near = only.iter().find(|te| {
            te.kind == e.kind
                && !taken.contains(te.id.value.as_str())
                && crate::text::edit_distance(te.id.value.as_str(), e.id.value.as_str()) <= 2
        });
        if let Some(te) = near {
            taken.insert(te.id.value.as_str());
            pairs.insert(e.id.value.as_str(), *te);
        }
    }
    pairs
}

/// For each source entry, by position, the id of the translation's entry
/// for the next source entry of the same kind that the translation has:
/// where a deleted entry belongs. One pass, from the end.
fn next_kept(s: &Book, t: &Book) -> Vec<Option<Span>> {
    let mut next: HashMap<crate::ir::EntryKind, Span> = HashMap::new();
    let mut out: Vec<Option<Span>> = s
        .glossary
        .entries
        .iter()
        .rev()
        .map(|e| {
            let here = next.get(&e.kind).copied();
            if let Some(te) = t.glossary.by_id(&e.id.value) {
                next.insert(e.kind, te.id.span);
            }
            here
        })
        .collect();
    out.reverse();
    out
}
