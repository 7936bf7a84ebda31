//! `roll-coverage`: the bands of a die roll cover every total once.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Book, Guard};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for p in &book.paragraphs {
        for block in p.blocks() {
            let Some(bb) = &block.branches else { continue };
            let Some(spec) = &bb.roll else { continue };
            let (lo, hi) = spec.range();
            let bands: Vec<_> = bb
                .branches
                .iter()
                .filter_map(|b| match b.guard {
                    Guard::Band(band) => Some(band),
                    _ => None,
                })
                .collect();
            let mut missing = Vec::new();
            let mut twice = Vec::new();
            for total in lo..=hi {
                match bands.iter().filter(|b| b.contains(total)).count() {
                    0 => missing.push(total),
                    1 => {}
                    _ => twice.push(total),
                }
            }
            let dice = if spec.skills.is_empty() {
                format!("{}d{}", spec.dice, spec.sides)
            } else {
                format!("{}d{} + {}", spec.dice, spec.sides, spec.skills.join(" + "))
            };
            if !missing.is_empty() {
                out.push(
                    Diagnostic::new("roll-coverage", bb.span, format!("no band for {} on {dice} (totals {lo} to {hi})", super::chart_coverage::list(&missing)))
                        .label("uncovered totals")
                        .with_help("cover every possible total: widen a band or make the last one open-ended, like `8+`"),
                );
            }
            if !twice.is_empty() {
                out.push(
                    Diagnostic::new(
                        "roll-coverage",
                        bb.span,
                        format!(
                            "more than one band for {} on {dice}",
                            super::chart_coverage::list(&twice)
                        ),
                    )
                    .label("overlapping bands")
                    .with_help("make the bands disjoint, so each total has one outcome"),
                );
            }
        }
    }
}
