//! `chart-coverage`: a chart's entries cover 1..12 exactly once.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Book, ParagraphBody};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for p in &book.paragraphs {
        let ParagraphBody::Chart(chart) = &p.body else {
            continue;
        };
        let mut count = [0u32; 13];
        for e in &chart.entries {
            if e.lo < 1 || e.hi > 12 {
                out.push(
                    Diagnostic::new(
                        "chart-coverage",
                        e.span,
                        format!(
                            "chart entry `{}` is outside 1 to 12",
                            book.sources.slice(e.range)
                        ),
                    )
                    .label("outside 1..12")
                    .with_help("the modified roll is capped at 12, so entries run from 1 to 12"),
                );
            }
            for n in e.lo.max(1)..=e.hi.min(12) {
                count[n as usize] += 1;
            }
        }
        let missing: Vec<u32> = (1..=12).filter(|&n| count[n as usize] == 0).collect();
        let twice: Vec<u32> = (1..=12).filter(|&n| count[n as usize] > 1).collect();
        if let Some(d) = coverage(p, &chart.entries, &missing, &twice) {
            out.push(d);
        }
    }
}

/// One finding for a chart's gaps and overlaps (one slip of a range, `4-5`
/// for `3-4`, makes both), at the first entry that overlaps another.
fn coverage(
    p: &crate::ir::Paragraph,
    entries: &[crate::ir::ChartEntry],
    missing: &[u32],
    twice: &[u32],
) -> Option<Diagnostic> {
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("no entry for {}", list(missing)));
    }
    if !twice.is_empty() {
        parts.push(format!("more than one entry for {}", list(twice)));
    }
    if parts.is_empty() {
        return None;
    }
    let covers = |e: &crate::ir::ChartEntry| twice.iter().any(|&n| n >= e.lo && n <= e.hi);
    // The second entry to cover a doubled roll is the likely slip.
    let overlapping: Vec<&crate::ir::ChartEntry> = entries.iter().filter(|e| covers(e)).collect();
    let (span, label) = match overlapping.get(1) {
        Some(e) => (e.span, "overlaps an entry above"),
        None => (p.header, "incomplete chart"),
    };
    let mut d = Diagnostic::new(
        "chart-coverage",
        span,
        format!("chart {} has {}", p.number, parts.join(" and ")),
    )
    .label(label)
    .with_help("every roll from 1 to 12 needs exactly one entry");
    if let Some(first) = overlapping.first() {
        d = d.with_secondary(first.span, "covers the same roll");
    }
    Some(d)
}

/// `1, 2, 5-7` from sorted numbers.
pub(super) fn list(ns: &[u32]) -> String {
    crate::text::ranges(ns)
}
