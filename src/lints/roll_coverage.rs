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
            let mut parts = Vec::new();
            if !missing.is_empty() {
                parts.push(format!(
                    "no band for {}",
                    super::chart_coverage::list(&missing)
                ));
            }
            if !twice.is_empty() {
                parts.push(format!(
                    "more than one band for {}",
                    super::chart_coverage::list(&twice)
                ));
            }
            if parts.is_empty() {
                continue;
            }
            // The second band to cover a doubled total is the likely slip.
            let overlapping: Vec<_> = bb
                .branches
                .iter()
                .filter(|b| matches!(b.guard, Guard::Band(band) if twice.iter().any(|&t| band.contains(t))))
                .collect();
            let (span, label) = match overlapping.get(1) {
                Some(b) => (b.label.span, "overlaps a band above"),
                None => (bb.span, "uncovered totals"),
            };
            out.push(
                Diagnostic::new(
                    "roll-coverage",
                    span,
                    format!("{} on {dice} (totals {lo} to {hi})", parts.join(" and ")),
                )
                .label(label)
                .with_help("cover every possible total once: make the bands disjoint, and the last one open-ended, like `8+`"),
            );
        }
    }
}
