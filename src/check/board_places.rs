//! A place of power's id misspelt where book.yaml defines it, while the
//! board (and the book's references) write it right: the graph's
//! `dangling-reference` at the definition is the one finding, and the
//! board's `unknown-name` for its `place:` (read as the misspelt id) is
//! folded into it.

use crate::diagnostic::Diagnostics;
use crate::ir::Book;

/// Drop a board `place:`'s `unknown-name` when the place it was read as
/// has a `dangling-reference` at its definition.
pub(super) fn fold_into_the_definition(book: &Book, diags: &mut Diagnostics) {
    let Some(board) = &book.board else {
        return;
    };
    // Sets, not lists: a book of thousands of places and thousands of
    // findings compared each with each.
    let dangling: std::collections::HashSet<crate::span::Span> = (diags.iter())
        .filter(|d| d.code == "dangling-reference")
        .map(|d| d.primary.span)
        .collect();
    let at_definition: std::collections::HashSet<&str> = (book.manifest.world.places.iter())
        .filter(|p| dangling.contains(&p.id.span))
        .map(|p| p.id.value.as_str())
        .collect();
    if at_definition.is_empty() {
        return;
    }
    let folded: std::collections::HashSet<crate::span::Span> = (board.spaces.iter())
        .filter_map(|s| s.place.as_ref())
        .filter(|p| at_definition.contains(p.value.as_str()))
        .map(|p| p.span)
        .collect();
    diags.retain(|d| !(d.code == "unknown-name" && folded.contains(&d.primary.span)));
}
