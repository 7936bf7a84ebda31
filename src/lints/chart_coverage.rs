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
                            if e.lo == e.hi {
                                e.lo.to_string()
                            } else {
                                format!("{}-{}", e.lo, e.hi)
                            }
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
        if !missing.is_empty() {
            out.push(
                Diagnostic::new(
                    "chart-coverage",
                    p.header,
                    format!("chart {} has no entry for {}", p.number, list(&missing)),
                )
                .label("incomplete chart")
                .with_help("every roll from 1 to 12 needs exactly one entry"),
            );
        }
        if !twice.is_empty() {
            let mut d = Diagnostic::new(
                "chart-coverage",
                p.header,
                format!(
                    "chart {} has more than one entry for {}",
                    p.number,
                    list(&twice)
                ),
            )
            .label("overlapping entries")
            .with_help("every roll from 1 to 12 needs exactly one entry");
            for e in chart
                .entries
                .iter()
                .filter(|e| twice.iter().any(|&n| n >= e.lo && n <= e.hi))
            {
                d = d.with_secondary(e.span, "covers a roll another entry covers");
            }
            out.push(d);
        }
    }
}

/// `1, 2, 5-7` from sorted numbers.
pub(super) fn list(ns: &[u32]) -> String {
    crate::text::ranges(ns)
}
