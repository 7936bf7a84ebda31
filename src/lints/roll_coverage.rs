//! `roll-coverage`: the bands of a die roll, at every depth, cover every
//! total the roll can reach exactly once. The totals are the dice's range
//! shifted by every sum the spec's terms can make (every combination of
//! their atoms; `x:master` implies `x`).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Block, Book, Guard, RollSpec};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for p in &book.paragraphs {
        for b in p.blocks() {
            if let Some(spec) = &b.roll {
                coverage(book, b, spec, out);
            }
        }
    }
}

fn coverage(book: &Book, b: &Block, spec: &RollSpec, out: &mut Diagnostics) {
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
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("no band for {}", crate::text::ranges(&missing)));
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
        .with_help("cover every total the roll can reach once: make the bands disjoint, and the last one open-ended, like `8+`"),
    );
}
