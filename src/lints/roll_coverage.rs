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

/// What the glossary's `roll-bonus` rules can add to a roll, together
/// (every sum of some of them, 0 left out), sorted.
fn bonus_sums(book: &Book) -> Vec<i64> {
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
        sums = (lo..=hi).collect();
    }
    sums.remove(&0);
    sums.into_iter().collect()
}

/// The totals a roll bonus reaches in a gap between the bands, which no
/// band covers and which are not past them all (the engine takes those as
/// the end band: docs/rules.md, `roll-bonus`). Intervals throughout: runs
/// of totals, shifted, against the gaps.
fn bonus_gaps(b: &Block, totals: &[i64], shifts: &[i64]) -> Vec<i64> {
    let mut bands: Vec<(i64, i64)> = b
        .arms
        .iter()
        .filter_map(|a| match a.guard {
            Guard::Band(band) => Some((i64::from(band.lo), band.hi.map_or(i64::MAX, i64::from))),
            _ => None,
        })
        .collect();
    bands.sort_unstable();
    let mut gaps = Vec::new();
    let Some(&(_, mut reach)) = bands.first() else {
        return Vec::new();
    };
    for &(lo, hi) in &bands[1..] {
        if lo > reach.saturating_add(1) {
            gaps.push((reach + 1, lo - 1));
        }
        reach = reach.max(hi);
    }
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &t in totals {
        match runs.last_mut() {
            Some(r) if r.1 + 1 == t => r.1 = t,
            _ => runs.push((t, t)),
        }
    }
    let mut shifted: Vec<(i64, i64)> = runs
        .iter()
        .flat_map(|&(a, z)| shifts.iter().map(move |&s| (a + s, z + s)))
        .collect();
    shifted.sort_unstable();
    // Both lists sorted: walk them together, each gap against the shifted
    // runs that may meet it.
    let mut hit = BTreeSet::new();
    let mut first = 0;
    for &(glo, ghi) in &gaps {
        while first < shifted.len() && shifted[first].1 < glo && shifted[first].0 < glo {
            first += 1;
        }
        for &(a, z) in shifted[first..].iter().take_while(|r| r.0 <= ghi) {
            hit.extend(a.max(glo)..=z.min(ghi));
        }
    }
    hit.into_iter()
        .filter(|t| totals.binary_search(t).is_err())
        .collect()
}

fn coverage(book: &Book, b: &Block, spec: &RollSpec, shifts: &[i64], out: &mut Diagnostics) {
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
    let gaps = as_u32(bonus_gaps(b, &totals, shifts));
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("no band for {}", crate::text::ranges(&missing)));
    }
    if !gaps.is_empty() {
        parts.push(format!(
            "no band for {}, reached with a roll bonus",
            crate::text::ranges(&gaps)
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
