//! Paragraph by paragraph: presence, sections, awards, references, branch
//! blocks, untranslated text, numbers in the prose, staleness.

use super::text::{body, prose_stats};
use super::{Compare, Norm, Summary, effect_eq, multiset_eq, norm_target, target_eq};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Block, Effect, LabelKind, Paragraph, ParagraphBody, Section, glossary_normalize};
use crate::syntax::print;
use rayon::prelude::*;
use std::collections::HashMap;

/// Translated paragraphs whose number is a keystroke off an untranslated
/// source paragraph (`-220-` for `-22-`): source number -> translation's.
/// Reported once, as the extra paragraph, not also as a missing one.
fn misnumbered(s: &crate::ir::Book, t: &crate::ir::Book) -> HashMap<u32, u32> {
    let mut out = HashMap::new();
    for tp in &t.paragraphs {
        if s.index.contains_key(&tp.number) {
            continue;
        }
        let meant: Vec<u32> = crate::text::one_digit_off(tp.number)
            .into_iter()
            .filter(|m| s.index.contains_key(m) && !t.index.contains_key(m) && !out.contains_key(m))
            .collect();
        if let [m] = meant.as_slice() {
            out.insert(*m, tp.number);
        }
    }
    out
}

impl Compare<'_> {
    pub(super) fn paragraphs(&mut self, lock: Option<&HashMap<u32, String>>) -> Summary {
        let (s, t) = (self.s, self.t);
        let misnumbered = misnumbered(s, t);
        let misnumbered = &misnumbered;
        // Paragraphs compare independently: in parallel, in chunks, each
        // with its own findings, joined in the source's order.
        let this = &*self;
        let per_source: Vec<(Diagnostics, Summary)> = s
            .paragraphs
            .par_chunks(256)
            .enumerate()
            .map(|(chunk, paragraphs)| {
                let mut out = Vec::new();
                let mut sum = Summary::default();
                for (k, sp) in paragraphs.iter().enumerate() {
                    if s.index.get(&sp.number) != Some(&(chunk * 256 + k)) {
                        continue; // a duplicate: reported by the source's own check
                    }
                    if misnumbered.contains_key(&sp.number) {
                        sum.total += 1; // reported once, on the translation's header
                        continue;
                    }
                    this.source_paragraph(&mut out, &mut sum, sp, lock);
                }
                (out, sum)
            })
            .collect();
        let extra: Vec<(Diagnostics, usize)> = t
            .paragraphs
            .par_chunks(256)
            .enumerate()
            .map(|(chunk, paragraphs)| {
                let mut out = Vec::new();
                let mut count = 0;
                for (k, tp) in paragraphs.iter().enumerate() {
                    if t.index.get(&tp.number) != Some(&(chunk * 256 + k)) {
                        continue;
                    }
                    if s.paragraph(tp.number).is_none() {
                        // (Paired paragraphs were counted with their source.)
                        count += prose_stats(this.t_text(tp.span)).0;
                        let meant = misnumbered.iter().find(|(_, t)| **t == tp.number).map(|(s, _)| *s);
                        let d = Diagnostic::new("l10n-extra-paragraph", tp.header, format!("paragraph {} is not in the source", tp.number));
                        out.push(match meant {
                            Some(m) => d
                                .label(format!("paragraph {m} of the source?"))
                                .with_help(format!("did you mean `-{m}-`? The source's paragraph {m} is not translated, and this is the one number a keystroke from it")),
                            None => d
                                .label("in the translation only")
                                .with_help("a translation has the source's paragraphs, with the same numbers; remove it or fix its number"),
                        });
                    }
                }
                (out, count)
            })
            .collect();
        let mut summary = Summary::default();
        for (d, sum) in per_source {
            self.out.extend(d);
            summary.total += sum.total;
            summary.translated += sum.translated;
            summary.source_words += sum.source_words;
            summary.translation_words += sum.translation_words;
        }
        for (d, count) in extra {
            self.out.extend(d);
            summary.translation_words += count;
        }
        summary
    }

    /// One source paragraph: is it translated, and how well.
    fn source_paragraph(
        &self,
        out: &mut Diagnostics,
        sum: &mut Summary,
        sp: &Paragraph,
        lock: Option<&HashMap<u32, String>>,
    ) {
        sum.total += 1;
        let (source_words, source_numbers) = prose_stats(body(self.s_text(sp.span)));
        sum.source_words += source_words;
        let Some(tp) = self.t.paragraph(sp.number) else {
            out.push(
                Diagnostic::new(
                    "l10n-missing-paragraph",
                    self.src(sp.header),
                    format!("paragraph {} is not translated", sp.number),
                )
                .label("in the source only")
                .with_help(
                    "translate it into the translation's `tales/` folder, under the same number",
                ),
            );
            return;
        };
        sum.translated += 1;
        let (words, numbers) = prose_stats(body(self.t_text(tp.span)));
        sum.translation_words += words;
        self.paragraph(out, sp, tp);
        if !tp.is_chart() {
            self.numbers(out, sp, tp, source_numbers, numbers);
        }
        if let Some(h) = lock.and_then(|l| l.get(&sp.number)) {
            if *h != super::lock::hash(self.s_text(sp.span)) {
                out.push(
                    Diagnostic::new(
                        "l10n-stale",
                        tp.header,
                        format!(
                            "paragraph {} changed in the source after it was translated",
                            sp.number
                        ),
                    )
                    .label("translated from an older source")
                    .with_secondary(self.src(sp.header), "changed here")
                    .with_help(
                        "update the translation, then run `tales l10n SOURCE TRANSLATION --stamp`",
                    ),
                );
            }
        }
    }

    fn paragraph(&self, out: &mut Diagnostics, sp: &Paragraph, tp: &Paragraph) {
        match (&sp.body, &tp.body) {
            (ParagraphBody::Chart(sc), ParagraphBody::Chart(tc)) => {
                let key = |book: &crate::ir::Book,
                           c: &crate::ir::Chart|
                 -> Vec<(u32, u32, Option<Norm>)> {
                    c.entries
                        .iter()
                        .map(|e| {
                            let target = match &e.target {
                                crate::ir::ChartTarget::Row { matrix, row } => Some(norm_target(
                                    book,
                                    &crate::ir::Target::Row {
                                        matrix: matrix.value.clone(),
                                        row: row.value.clone(),
                                    },
                                )),
                                crate::ir::ChartTarget::Paragraph(r) => {
                                    Some(norm_target(book, &r.target))
                                }
                                crate::ir::ChartTarget::None => None,
                            };
                            (e.lo, e.hi, target)
                        })
                        .collect()
                };
                if key(self.s, sc) != key(self.t, tc) {
                    let d = Diagnostic::new("l10n-structure-mismatch", tp.header, format!("chart {} differs from the source's", tp.number))
                        .label("other ranges or rows")
                        .with_secondary(self.src(sp.header), "the source's chart")
                        .with_help("keep every entry's range and its matrix row (by position), translating only the words");
                    out.push(d);
                }
            }
            (
                ParagraphBody::Result {
                    intro: si,
                    sections: ss,
                },
                ParagraphBody::Result {
                    intro: ti,
                    sections: ts,
                },
            ) => {
                self.block(out, si, ti, tp);
                if ss.len() != ts.len() {
                    let d = Diagnostic::new(
                        "l10n-section-mismatch",
                        tp.header,
                        format!(
                            "paragraph {} has {}, the source has {}",
                            tp.number,
                            crate::text::count(ts.len(), "section"),
                            ss.len()
                        ),
                    )
                    .label("other sections")
                    .with_secondary(self.src(sp.header), "the source")
                    .with_help("keep the source's sections, in its order");
                    out.push(d);
                }
                for (a, b) in ss.iter().zip(ts) {
                    self.section(out, a, b);
                    self.block(out, &a.body, &b.body, tp);
                }
            }
            _ => {
                let d = Diagnostic::new(
                    "l10n-structure-mismatch",
                    tp.header,
                    format!(
                        "paragraph {} is a chart in one book and a result in the other",
                        tp.number
                    ),
                )
                .label("different kind")
                .with_secondary(self.src(sp.header), "the source");
                out.push(d);
            }
        }
    }

    fn section(&self, out: &mut Diagnostics, a: &Section, b: &Section) {
        let same = a.labels.len() == b.labels.len()
            && a.labels
                .iter()
                .zip(&b.labels)
                .all(|(x, y)| x.kind == y.kind && x.mandatory == y.mandatory);
        if !same {
            let expected = self.heading(a);
            let d = Diagnostic::new(
                "l10n-section-mismatch",
                b.span,
                format!("expected {expected} (= source `{}:`), found `{}:`", self.s_text(a.span).trim(), self.t_text(b.span).trim()),
            )
            .label("other section")
            .with_secondary(self.src(a.span), "the source's section")
            .with_help("sections keep the source's skills, statuses and treasures, order and `(mandatory)` flags");
            out.push(d);
            return;
        }
        // Same ids: is a heading still in the source's language?
        for (sl, tl) in a.labels.iter().zip(&b.labels) {
            let LabelKind::Entry(id) = &tl.kind else {
                continue;
            };
            let (Some(se), Some(te)) = (self.s.glossary.by_id(id), self.t.glossary.by_id(id))
            else {
                continue;
            };
            let written = self.t_text(tl.span);
            if crate::text::eq_ci(written, &te.name.value) {
                continue; // the usual case: translated
            }
            let written = glossary_normalize(written);
            if written == glossary_normalize(&se.name.value)
                && written != glossary_normalize(&te.name.value)
            {
                let d = Diagnostic::new(
                    "l10n-untranslated",
                    tl.span,
                    format!(
                        "heading `{}` is still in the source's language",
                        self.t_text(tl.span)
                    ),
                )
                .label("untranslated heading")
                .with_secondary(self.src(sl.span), "the source's heading")
                .with_help(format!("write `{}`", te.name.value.to_uppercase()));
                out.push(d);
            }
        }
    }

    /// A section heading as the translation should write it.
    fn heading(&self, source: &Section) -> String {
        let t = self.t;
        let names: Vec<String> = source
            .labels
            .iter()
            .map(|l| {
                let name = match &l.kind {
                    LabelKind::NoSkill => t.manifest.locale.no_skill.clone(),
                    LabelKind::Entry(id) => t
                        .glossary
                        .by_id(id)
                        .map_or_else(|| id.to_string(), |e| e.name.value.to_uppercase()),
                    LabelKind::Unknown(s) => s.clone(),
                };
                if l.mandatory {
                    format!("{name} ({})", t.manifest.locale.mandatory)
                } else {
                    name
                }
            })
            .collect();
        format!("`{}:`", names.join(" / "))
    }

    /// Awards, references, branches and text of two paired blocks.
    fn block(&self, out: &mut Diagnostics, a: &Block, b: &Block, tp: &Paragraph) {
        let (s, t) = (self.s, self.t);
        let at = b
            .awards
            .first()
            .map(|aw| aw.span)
            .or(b.span)
            .unwrap_or(tp.header);
        // `@` items are references: compared below, once.
        if !awards_match(s, &a.awards, t, &b.awards) {
            let raw_s: Vec<Effect> = a
                .awards
                .iter()
                .flat_map(|aw| aw.items.iter().map(|i| i.effect.clone()))
                .collect();
            let raw_t: Vec<Effect> = b
                .awards
                .iter()
                .flat_map(|aw| aw.items.iter().map(|i| i.effect.clone()))
                .collect();
            let expected = print::award(&raw_s, &t.manifest.locale, &t.glossary, &t.manifest.rules);
            let source = print::award(&raw_s, &s.manifest.locale, &s.glossary, &s.manifest.rules);
            let found = print::award(&raw_t, &t.manifest.locale, &t.glossary, &t.manifest.rules);
            let mut d = Diagnostic::new("l10n-award-mismatch", at, format!("expected {expected} (= source {source}), found {found}"))
                .label("award differs from the source")
                .with_help("an award says the same in every language: same points, wealth and bounds, same names, as many free-text effects");
            if let Some(src) = a.awards.first().map(|aw| aw.span).or(a.span) {
                d = d.with_secondary(self.src(src), "the source's award");
            }
            out.push(d);
        }
        if !multiset_eq(&a.refs, &b.refs, |x, y| {
            target_eq(s, &x.target, t, &y.target)
        }) {
            let list = |refs: &[crate::ir::Reference]| {
                let v: Vec<String> = refs.iter().map(|r| r.target.to_string()).collect();
                if v.is_empty() {
                    "none".to_owned()
                } else {
                    v.join(", ")
                }
            };
            let span = b
                .refs
                .first()
                .map(|r| r.span)
                .or(b.span)
                .unwrap_or(tp.header);
            let mut d = Diagnostic::new(
                "l10n-reference-mismatch",
                span,
                format!(
                    "references differ: the source has {}, the translation {}",
                    list(&a.refs),
                    list(&b.refs)
                ),
            )
            .label("other references")
            .with_help("`@` references are not translated: keep every one of the source's");
            if let Some(r) = a.refs.first() {
                d = d.with_secondary(self.src(r.span), "the source's reference");
            }
            out.push(d);
        }
        self.untranslated(out, a, b);
        match (&a.branches, &b.branches) {
            (None, None) => {}
            (Some(x), Some(y)) if x.kind == y.kind && x.branches.len() == y.branches.len() => {
                let same_guards = x
                    .branches
                    .iter()
                    .zip(&y.branches)
                    .all(|(p, q)| p.guard == q.guard);
                let same_roll = x.roll.as_ref().map(|r| (r.dice, r.sides, r.skills.clone()))
                    == y.roll.as_ref().map(|r| (r.dice, r.sides, r.skills.clone()));
                if !same_guards || !same_roll {
                    let d = Diagnostic::new(
                        "l10n-structure-mismatch",
                        y.span,
                        "branch conditions, bands or dice differ from the source's",
                    )
                    .label("other branches")
                    .with_secondary(self.src(x.span), "the source's branches")
                    .with_help(
                        "keep every `{condition}`, die band and `{roll spec}` as in the source",
                    );
                    out.push(d);
                }
                for (p, q) in x.branches.iter().zip(&y.branches) {
                    self.block(out, &p.body, &q.body, tp);
                }
            }
            (x, y) => {
                let span = y
                    .as_ref()
                    .map_or_else(|| b.span.unwrap_or(tp.header), |y| y.span);
                let describe = |bb: &Option<Box<crate::ir::BranchBlock>>| {
                    bb.as_ref().map_or_else(
                        || "no branches".to_owned(),
                        |bb| format!("{} {:?} branches", bb.branches.len(), bb.kind).to_lowercase(),
                    )
                };
                let mut d = Diagnostic::new(
                    "l10n-structure-mismatch",
                    span,
                    format!(
                        "the translation has {}, the source {}",
                        describe(y),
                        describe(x)
                    ),
                )
                .label("other branches")
                .with_help("keep the source's branches: choices, conditions and die bands");
                if let Some(x) = x {
                    d = d.with_secondary(self.src(x.span), "the source's branches");
                }
                out.push(d);
            }
        }
    }
}

/// A block's award items but its references.
fn award_meaning(awards: &[crate::ir::Award]) -> impl Iterator<Item = &Effect> + Clone {
    awards
        .iter()
        .flat_map(|aw| aw.items.iter())
        .map(|i| &i.effect)
        .filter(|e| !matches!(e, Effect::Goto(_)))
}

/// Two blocks' awards mean the same (as multisets of effects), without
/// allocating: award codes are short.
fn awards_match(
    sb: &crate::ir::Book,
    a: &[crate::ir::Award],
    tb: &crate::ir::Book,
    b: &[crate::ir::Award],
) -> bool {
    let n = award_meaning(a).count();
    if n != award_meaning(b).count() {
        return false;
    }
    if n > 64 {
        let (x, y): (Vec<&Effect>, Vec<&Effect>) =
            (award_meaning(a).collect(), award_meaning(b).collect());
        return multiset_eq(&x, &y, |p, q| effect_eq(sb, p, tb, q));
    }
    let mut used = 0u64;
    award_meaning(a).all(|x| {
        let found = award_meaning(b)
            .enumerate()
            .find(|&(j, y)| used & (1 << j) == 0 && effect_eq(sb, x, tb, y));
        found.is_some_and(|(j, _)| {
            used |= 1 << j;
            true
        })
    })
}
