//! A block's arms paired with the source's by what they hold, not only by
//! position: an arm the translation dropped is named as the source's arm it
//! lacks, and arms in another order are one finding that names them, their
//! contents then compared with the source arm each one is.

use super::paragraphs::awards_match;
use super::{Compare, refs_eq};
use crate::diagnostic::Diagnostic;
use crate::ir::{Arm, Block};

/// The most arms a block may have for the translation's order to be
/// worked out (see [`Compare::reorder`]).
const MAX_REORDER: usize = 16;

impl Compare<'_> {
    /// Two arms say the same thing: the same guard (condition, band or
    /// section names), the same awards and references, and a nested block
    /// of the same kind and size. A choice's label is prose, so its options
    /// are told apart by what they give.
    pub(super) fn arm_eq(&self, p: &Arm, q: &Arm) -> bool {
        let (s, t) = (self.s, self.t);
        let shape = |a: &Arm| a.node.block.as_ref().map(|b| (b.kind, b.arms.len()));
        self.same_guard(&p.guard, &q.guard)
            && shape(p) == shape(q)
            && awards_match(s, &p.node.awards, t, &q.node.awards)
            && refs_eq(s, &p.node.refs, t, &q.node.refs)
    }

    /// For each of the translation's arms, the source arm it is, when the
    /// translation has the source's arms in another order; `None` when the
    /// arms are in the source's order or are not all the source's.
    pub(super) fn reorder(&self, x: &Block, y: &Block) -> Option<Vec<usize>> {
        // Printed blocks have a handful of arms; pairing is quadratic, so
        // a block of more than `MAX_REORDER` is compared by position only.
        let n = x.arms.len();
        if n != y.arms.len() || n > MAX_REORDER {
            return None;
        }
        if x.arms.iter().zip(&y.arms).all(|(p, q)| self.arm_eq(p, q)) {
            return None;
        }
        let mut used = 0u64;
        let mut order = Vec::with_capacity(n);
        for q in &y.arms {
            let i = (0..n).find(|&i| used & (1 << i) == 0 && self.arm_eq(&x.arms[i], q))?;
            used |= 1 << i;
            order.push(i);
        }
        Some(order)
    }

    /// The one finding of arms in another order, at the first arm out of
    /// place: "the translation swaps arms 1 and 2 of this choice".
    pub(super) fn reordered(&self, x: &Block, y: &Block, order: &[usize]) -> Diagnostic {
        let moved: Vec<usize> = (0..order.len()).filter(|&j| order[j] != j).collect();
        let first = moved.first().copied().unwrap_or(0);
        let kind = y.kind.as_str();
        let message = if let [a, b] = moved.as_slice() {
            format!(
                "the translation swaps arms {} and {} of this {kind}",
                a + 1,
                b + 1
            )
        } else {
            let list: Vec<String> = order.iter().map(|i| (i + 1).to_string()).collect();
            format!(
                "the translation has the arms of this {kind} in another order: the source's {}",
                list.join(", ")
            )
        };
        Diagnostic::new("l10n-structure-mismatch", y.arms[first].label.span, message)
            .label(format!("the source's arm {}", order[first] + 1))
            .with_secondary(
                self.src(x.arms[first].label.span),
                format!("the source's arm {}", first + 1),
            )
            .with_help(
                "keep the source's arms in the source's order: a reader meets them in that order",
            )
    }

    /// The source's arm a translated block of the same kind lacks: the
    /// first that is not the translation's arm at its place.
    pub(super) fn lacked<'b>(&self, x: &'b Block, y: &Block) -> &'b Arm {
        let i = x
            .arms
            .iter()
            .zip(&y.arms)
            .position(|(p, q)| !self.arm_eq(p, q))
            .unwrap_or(y.arms.len());
        &x.arms[i.min(x.arms.len() - 1)]
    }
}
