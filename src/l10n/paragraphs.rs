//! Paragraph by paragraph: presence, sections, awards, references, branch
//! blocks, untranslated text, numbers in the prose, staleness.

use super::text::{body, prose_stats};
use super::{Compare, Norm, Summary, effect_eq, effects_eq, norm_target, same_targets};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Effect, Paragraph, ParagraphBody};
use crate::par::prelude::*;
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
    pub(super) fn paragraphs(
        &mut self,
        lock: Option<&HashMap<u32, super::lock::Entry>>,
    ) -> Summary {
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
                        sum.missing.push(sp.number);
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
            summary.missing.extend(sum.missing);
        }
        for (d, count) in extra {
            self.out.extend(d);
            summary.translation_words += count;
        }
        summary.files = super::by_file(s, &summary.missing);
        self.in_progress(&summary);
        summary
    }

    /// A translation in progress: what is missing is one finding, on its
    /// `translation-status`, with the progress by file in the summary.
    fn in_progress(&mut self, summary: &Summary) {
        let Some(span) = self.t.manifest.in_progress else {
            return;
        };
        let left = summary.missing.len();
        if left == 0 {
            return;
        }
        let files = summary
            .files
            .iter()
            .filter(|f| !f.missing.is_empty())
            .count();
        self.push(
            Diagnostic::new(
                "l10n-in-progress",
                span,
                format!(
                    "{} of {} are not translated yet, in {}",
                    left,
                    crate::text::count(summary.total, "source paragraph"),
                    crate::text::count(files, "file"),
                ),
            )
            .label("in progress")
            .with_help("the progress by file below says what is left; when the translation is done, write `translation-status: complete`, and each missing paragraph is an error"),
        );
    }

    /// One source paragraph: is it translated, and how well.
    fn source_paragraph(
        &self,
        out: &mut Diagnostics,
        sum: &mut Summary,
        sp: &Paragraph,
        lock: Option<&HashMap<u32, super::lock::Entry>>,
    ) {
        sum.total += 1;
        let source_body = body(self.s_text(sp.span));
        let (source_words, mut source_numbers) = prose_stats(source_body);
        drop_ordinals(source_body, &mut source_numbers);
        drop_heading_numbers(sp, &mut source_numbers);
        drop_go_to_numbers(self.s, sp, &mut source_numbers);
        sum.source_words += source_words;
        let Some(tp) = self.t.paragraph(sp.number) else {
            sum.missing.push(sp.number);
            if self.t.manifest.in_progress.is_some() {
                return; // one finding for them all
            }
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
        let translation_body = body(self.t_text(tp.span));
        let (words, mut numbers) = prose_stats(translation_body);
        drop_ordinals(translation_body, &mut numbers);
        drop_heading_numbers(tp, &mut numbers);
        drop_go_to_numbers(self.t, tp, &mut numbers);
        sum.translation_words += words;
        let before = out.len();
        self.paragraph(out, sp, tp);
        // Text under an arm dropped, added or of another kind is that
        // finding's: its numbers are not counted again.
        let reshaped = out[before..]
            .iter()
            .any(|d| d.code == "l10n-structure-mismatch");
        if !tp.is_chart() && !reshaped {
            self.numbers(out, sp, tp, source_numbers, numbers);
        }
        if let Some(stamped) = lock.and_then(|l| l.get(&sp.number)) {
            let now = self.s_text(sp.span);
            if stamped.hash != super::lock::hash(now) {
                let help = if stamped.words.is_empty() {
                    "update the translation, then run `tales l10n SOURCE TRANSLATION --stamp N`"
                        .to_owned()
                } else {
                    format!(
                        "the source now reads, word by word since the stamp: {}; update the translation, then run `tales l10n SOURCE TRANSLATION --stamp {}`",
                        super::lock::word_diff(&stamped.words, now, 400),
                        sp.number
                    )
                };
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
                    .with_help(help),
                );
            }
        }
    }

    /// The first chart entry that differs from the source's: its range,
    /// its row or paragraph, or the gender of the one met.
    fn chart_entry(
        &self,
        sc: &crate::ir::Chart,
        tc: &crate::ir::Chart,
        i: usize,
        (a, b): (&EntryKey, &EntryKey),
    ) -> Diagnostic {
        let gender = |g: Option<crate::ir::Gender>| {
            g.map_or_else(
                || "none written".to_owned(),
                |g| format!("`{}`", g.as_str()),
            )
        };
        let (what, help) = if (a.0, a.1) != (b.0, b.1) {
            (
                "range",
                "keep every entry's range as in the source".to_owned(),
            )
        } else if !same_targets(a.2.as_ref(), b.2.as_ref()) {
            ("row or paragraph", "keep every entry's matrix row (by position) or paragraph, translating only the words".to_owned())
        } else {
            (
                "gender",
                format!(
                    "the one met is of the same gender in every language: the source has {}, here {}; `female` and `male` are markup, not translated",
                    gender(a.3),
                    gender(b.3)
                ),
            )
        };
        Diagnostic::new(
            "l10n-structure-mismatch",
            tc.entries[i].span,
            format!("this chart entry's {what} differs from the source's"),
        )
        .label(format!("other {what}"))
        .with_secondary(self.src(sc.entries[i].span), "the source's entry")
        .with_help(help)
    }

    fn paragraph(&self, out: &mut Diagnostics, sp: &Paragraph, tp: &Paragraph) {
        match (&sp.body, &tp.body) {
            (ParagraphBody::Chart(sc), ParagraphBody::Chart(tc)) => {
                let key = |book: &crate::ir::Book, c: &crate::ir::Chart| -> Vec<EntryKey> {
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
                            (e.lo, e.hi, target, e.gender)
                        })
                        .collect()
                };
                let (ks, kt) = (key(self.s, sc), key(self.t, tc));
                let first = ks.iter().zip(&kt).position(|(a, b)| !same_entry(a, b));
                match first {
                    Some(i) if ks.len() == kt.len() => {
                        out.push(self.chart_entry(sc, tc, i, (&ks[i], &kt[i])));
                    }
                    _ if ks.len() != kt.len() => {
                        let d = Diagnostic::new("l10n-structure-mismatch", tp.header, format!("chart {} differs from the source's", tp.number))
                            .label("other ranges or rows")
                            .with_secondary(self.src(sp.header), "the source's chart")
                            .with_help("keep every entry's range and its matrix row (by position), translating only the words");
                        out.push(d);
                    }
                    _ => {}
                }
            }
            (
                ParagraphBody::Result {
                    intro: si,
                    check: sc,
                },
                ParagraphBody::Result {
                    intro: ti,
                    check: tc,
                },
            ) => {
                self.node(out, si, ti, tp);
                self.blocks(out, sc.as_ref(), tc.as_ref(), (sp, tp), ti);
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
}

/// What a chart entry says, in any language: its range, its row or
/// paragraph, and the gender of the one met.
type EntryKey = (u32, u32, Option<Norm>, Option<crate::ir::Gender>);

/// The source's entry and the translation's say the same (a row that leads
/// nowhere in the translation is its own finding).
fn same_entry(a: &EntryKey, b: &EntryKey) -> bool {
    (a.0, a.1, a.3) == (b.0, b.1, b.3) && same_targets(a.2.as_ref(), b.2.as_ref())
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
pub(super) fn awards_match(
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
        return effects_eq(sb, &x, tb, &y);
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

/// The number of an `ANY N SKILLS` heading (FORMAT.md 2b) is compared by
/// meaning with its section; it is left out of the prose's numbers, so a
/// heading changed is one finding, not also a number that differs.
/// The numbers of go-to phrases left in the text (`Pasa al párrafo 202.`):
/// references, each reported by `go-to-in-prose`, and no count of the
/// prose's.
fn drop_go_to_numbers(book: &crate::ir::Book, p: &Paragraph, numbers: &mut Vec<&str>) {
    let locale = &book.manifest.locale;
    let mut drop: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for node in p.nodes() {
        for r in &node.refs {
            let in_award = (node.awards.iter())
                .any(|a| a.span.start <= r.span.start && r.span.end <= a.span.end);
            let text = book.sources.slice(r.span);
            let phrase = || {
                (locale.spellings("go-to-item"))
                    .any(|g| crate::text::strip_prefix_ci(text, g).is_some())
            };
            if let crate::ir::Target::Paragraph(n) = r.target
                && !in_award
                && phrase()
            {
                *drop.entry(n.to_string()).or_default() += 1;
            }
        }
    }
    drop_counted(numbers, drop);
}

/// Ordinals in the prose (`por 1.ª vez`, `su 2.º hijo`) are no count and
/// no die band, and the other side often spells them (`first`): left out.
fn drop_ordinals(text: &str, numbers: &mut Vec<&str>) {
    let base = text.as_ptr() as usize;
    numbers.retain(|n| {
        let Some(end) = (n.as_ptr() as usize)
            .checked_sub(base)
            .map(|at| at + n.len())
        else {
            return true;
        };
        let after = text.get(end..).unwrap_or("");
        ![".º", ".ª", "º", "ª", ".er"]
            .iter()
            .any(|o| after.starts_with(o))
    });
}

fn drop_heading_numbers(p: &Paragraph, numbers: &mut Vec<&str>) {
    use crate::ir::{Cmp, Expr, LabelKind};
    let mut drop = std::collections::HashMap::new();
    for arm in p.blocks().flat_map(|b| &b.arms) {
        for l in arm.labels() {
            match &l.kind {
                LabelKind::Condition(Expr::Skills(Cmp::Ge, n)) => {
                    *drop.entry(n.to_string()).or_default() += 1;
                }
                // A heading its book cannot read is its own finding: its
                // numbers (`ANY 0 SKILLS`) are not counted again.
                LabelKind::Unknown(raw) => {
                    let digits = raw.split(|c: char| !c.is_ascii_digit());
                    for n in digits.filter(|d| !d.is_empty()) {
                        *drop.entry(n.to_owned()).or_default() += 1;
                    }
                }
                _ => {}
            }
        }
    }
    drop_counted(numbers, drop);
}

/// `numbers` without as many of each number as `drop` counts, in one pass
/// (a paragraph of many numbers and many such labels stays linear).
fn drop_counted(numbers: &mut Vec<&str>, mut drop: std::collections::HashMap<String, usize>) {
    if drop.is_empty() {
        return;
    }
    numbers.retain(|x| match drop.get_mut(*x) {
        Some(c) if *c > 0 => {
            *c -= 1;
            false
        }
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::drop_counted;

    #[test]
    fn drop_counted_takes_as_many_of_each_number_as_it_counts() {
        let mut numbers = vec!["2", "5", "2", "7", "2"];
        let drop = [
            ("2".to_owned(), 2),
            ("7".to_owned(), 1),
            ("9".to_owned(), 1),
        ];
        drop_counted(&mut numbers, drop.into_iter().collect());
        assert_eq!(numbers, ["5", "2"]);
    }
}
