//! `roll-coverage`: the bands of a die roll, at every depth, cover every
//! total the roll can reach exactly once. The totals are the dice's range
//! shifted by every sum the spec's terms can make (every combination of
//! their atoms; `x:master` implies `x`).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::rules::RuleKind;
use crate::ir::{Block, Book, Guard, RollSpec};
use std::collections::BTreeSet;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    let shifts = bonus_sums(book);
    for p in &book.paragraphs {
        for b in p.blocks() {
            if let Some(spec) = &b.roll {
                coverage(book, b, spec, &shifts, out);
            }
        }
    }
}

/// Past this many different sums, a glossary's roll bonuses are taken as
/// every shift between their least and greatest sum (linear on hostile
/// glossaries).
const MAX_SUMS: usize = 256;

/// Sorted, disjoint, inclusive intervals of totals.
type Spans = Vec<(i64, i64)>;

/// What the glossary's `roll-bonus` rules can add to a roll, together:
/// every sum of some of them (0 left out), each an interval of one, or,
/// past [`MAX_SUMS`], the one interval from the least to the greatest.
fn bonus_sums(book: &Book) -> Spans {
    let bonuses = book.glossary.entries.iter().flat_map(|e| {
        e.rules.iter().filter_map(|r| match r.kind {
            RuleKind::RollBonus(n) => Some(i64::from(n)),
            _ => None,
        })
    });
    let mut sums = BTreeSet::from([0i64]);
    let (mut lo, mut hi) = (0i64, 0i64);
    for n in bonuses {
        (lo, hi) = (lo + n.min(0), hi + n.max(0));
        if sums.len() <= MAX_SUMS {
            let more: Vec<i64> = sums.iter().map(|s| s + n).collect();
            sums.extend(more);
        }
    }
    if sums.len() > MAX_SUMS {
        return vec![(lo, hi)];
    }
    sums.into_iter()
        .filter(|&s| s != 0)
        .map(|s| (s, s))
        .collect()
}

/// Sorted intervals merged where they touch or overlap.
fn merged(mut v: Spans) -> Spans {
    v.sort_unstable();
    let mut out: Spans = Vec::new();
    for (a, z) in v {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(z),
            _ => out.push((a, z)),
        }
    }
    out
}

/// The parts of `a` that `b` covers (both sorted and disjoint), or, with
/// `keep: false`, the parts it does not.
fn meet(a: &Spans, b: &Spans, keep: bool) -> Spans {
    let mut out = Vec::new();
    let mut j = 0;
    for &(lo, hi) in a {
        let mut at = lo;
        while j < b.len() && b[j].1 < lo {
            j += 1;
        }
        let mut k = j;
        while k < b.len() && b[k].0 <= hi && at <= hi {
            let (blo, bhi) = (b[k].0.max(at), b[k].1.min(hi));
            if keep {
                out.push((blo, bhi));
            } else if blo > at {
                out.push((at, blo - 1));
            }
            at = bhi.saturating_add(1);
            k += 1;
        }
        if !keep && at <= hi {
            out.push((at, hi));
        }
    }
    out
}

/// The totals a roll bonus reaches in a gap between the bands, which no
/// band covers and which are not past them all (the engine takes those as
/// the end band: docs/rules.md, `roll-bonus`); the dice's own totals left
/// out (they are `no band for` already). Intervals throughout.
fn bonus_gaps(b: &Block, totals: &[i64], shifts: &Spans) -> Spans {
    let bands = merged(
        b.arms
            .iter()
            .filter_map(|a| match a.guard {
                Guard::Band(band) => {
                    Some((i64::from(band.lo), band.hi.map_or(i64::MAX, i64::from)))
                }
                _ => None,
            })
            .collect(),
    );
    let gaps: Spans = bands.windows(2).map(|w| (w[0].1 + 1, w[1].0 - 1)).collect();
    if gaps.is_empty() || shifts.is_empty() {
        return Vec::new();
    }
    let runs = merged(totals.iter().map(|&t| (t, t)).collect());
    let shifted = merged(
        runs.iter()
            .flat_map(|&(a, z)| shifts.iter().map(move |&(lo, hi)| (a + lo, z + hi)))
            .collect(),
    );
    meet(&meet(&shifted, &gaps, true), &runs, false)
}

/// Intervals as a report writes totals: `8`, `8-9, 12`.
fn spans_text(v: &Spans) -> String {
    v.iter()
        .map(|&(a, z)| {
            if a == z {
                a.to_string()
            } else {
                format!("{a}-{z}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn coverage(book: &Book, b: &Block, spec: &RollSpec, shifts: &Spans, out: &mut Diagnostics) {
    let totals = spec.totals();
    let (Some(&lo), Some(&hi)) = (totals.first(), totals.last()) else {
        return;
    };
    // How many bands cover each total from `lo` to `hi`: a sweep, linear in
    // the bands and the range however many bands a hostile roll has.
    let width = usize::try_from(hi - lo + 2).unwrap_or(0);
    let mut delta = vec![0i64; width];
    for a in &b.arms {
        let Guard::Band(band) = a.guard else { continue };
        let from = i64::from(band.lo).max(lo);
        let to = band.hi.map_or(hi, |h| i64::from(h).min(hi));
        if from <= to {
            delta[usize::try_from(from - lo).unwrap_or(0)] += 1;
            delta[usize::try_from(to - lo + 1).unwrap_or(0)] -= 1;
        }
    }
    let mut covered = vec![0i64; width];
    let mut run = 0;
    for (i, d) in delta.iter().enumerate() {
        run += d;
        covered[i] = run;
    }
    let at = |t: i64| covered[usize::try_from(t - lo).unwrap_or(0)];
    let as_u32 = |v: Vec<i64>| -> Vec<u32> {
        v.into_iter()
            .map(|t| u32::try_from(t.max(0)).unwrap_or(u32::MAX))
            .collect()
    };
    let missing = as_u32(totals.iter().copied().filter(|&t| at(t) == 0).collect());
    let twice: Vec<i64> = totals.iter().copied().filter(|&t| at(t) > 1).collect();
    let gaps = bonus_gaps(b, &totals, shifts);
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("no band for {}", crate::text::ranges(&missing)));
    }
    if !gaps.is_empty() {
        parts.push(format!(
            "no band for {}, reached with a roll bonus",
            spans_text(&gaps)
        ));
    }
    if !twice.is_empty() {
        parts.push(format!(
            "more than one band for {}",
            crate::text::ranges(&as_u32(twice.clone()))
        ));
    }
    if parts.is_empty() {
        return;
    }
    // The second band to cover a doubled total is the likely slip.
    let overlapping: Vec<_> = b
        .arms
        .iter()
        .filter(|a| matches!(a.guard, Guard::Band(band) if twice.iter().any(|&t| band.contains(t))))
        .collect();
    let (span, label) = match overlapping.get(1) {
        Some(a) => (a.label.span, "overlaps a band above"),
        None => (b.span, "uncovered totals"),
    };
    let dice = match spec.span {
        Some(s) => book.sources.slice(s).to_owned(),
        None => format!("{}d{}", spec.dice, spec.sides),
    };
    out.push(
        Diagnostic::new(
            "roll-coverage",
            span,
            format!("{} on {dice} (totals {})", parts.join(" and "), crate::text::ranges(&as_u32(totals))),
        )
        .label(label)
        .with_help(if missing.is_empty() && twice.is_empty() {
            "close the gap between the bands: a roll bonus of the glossary reaches it (a total past every band takes the end band)"
        } else {
            "cover every total the roll can reach once: make the bands disjoint, and the last one open-ended, like `8+`"
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_meet_and_part() {
        let a = vec![(1, 10), (20, 30)];
        let b = vec![(0, 2), (5, 6), (9, 22)];
        assert_eq!(meet(&a, &b, true), [(1, 2), (5, 6), (9, 10), (20, 22)]);
        assert_eq!(meet(&a, &b, false), [(3, 4), (7, 8), (23, 30)]);
        assert_eq!(
            merged(vec![(5, 6), (1, 2), (3, 3), (4, 4), (9, 9)]),
            [(1, 6), (9, 9)]
        );
        assert_eq!(spans_text(&vec![(8, 8), (10, 12)]), "8, 10-12");
    }
}
