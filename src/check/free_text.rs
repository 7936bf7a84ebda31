//! An award item left in words because of a slip inside it (`a Lonely
//! Princess (Matrix F)`, where matrix F has no such row): the slip's
//! finding is the one finding, and the item's `free-text-effect` (when that
//! lint is on) is dropped. Mend the slip and the item reads as its form.

use crate::diagnostic::Diagnostics;
use crate::span::FileId;

/// Drop each `free-text-effect` whose item holds another finding's place.
pub(super) fn fold_into_the_slip(diags: &mut Diagnostics) {
    // Where every other finding starts, sorted: one search an item (a book
    // of many items and many findings is not compared each with each).
    let mut slips: Vec<(FileId, u32)> = (diags.iter())
        .filter(|d| d.code != "free-text-effect")
        .map(|d| (d.primary.span.file, d.primary.span.start))
        .collect();
    if slips.is_empty() {
        return;
    }
    slips.sort_unstable();
    diags.retain(|d| {
        if d.code != "free-text-effect" {
            return true;
        }
        let s = d.primary.span;
        let i = slips.partition_point(|&x| x < (s.file, s.start));
        !slips
            .get(i)
            .is_some_and(|&(file, at)| file == s.file && at < s.end)
    });
}
