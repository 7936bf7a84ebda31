//! Space names inside typed effects (`Move to Dunes`, `Place your
//! Destination marker in Qalat; ...`), checked against `board.yaml` when
//! the book has one (FORMAT.md section 9.3): an unknown space is one
//! `unknown-name` error at the name, with the likely space. Without a board
//! they are not checked, and nothing is reported.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{AwardItem, Board, Book, Effect, Typed, Way};

/// Every space an award names that the board does not have. `typed`: the
/// paragraphs' typed award items (and those under a condition or a
/// choice), in the book's order, as the graph's walk found them.
pub(super) fn check(book: &Book, typed: &[&AwardItem]) -> Diagnostics {
    let mut out = Vec::new();
    let Some(board) = &book.board else {
        return out;
    };
    for item in typed {
        effect(board, &item.effect, &mut out);
    }
    // The awards of quests.yaml (FORMAT.md 9.4): `begins: "Move to Basra"`.
    for q in &book.quests {
        let steps = q.steps.iter().filter_map(|s| s.award.as_ref());
        for item in q.begins.iter().chain(steps).flat_map(|a| &a.items) {
            effect(board, &item.effect, &mut out);
        }
    }
    out
}

fn effect(board: &Board, e: &Effect, out: &mut Diagnostics) {
    match e {
        Effect::When { item, .. } => effect(board, item, out),
        Effect::BySex { opposite, same } => {
            effect(board, opposite, out);
            effect(board, same, out);
        }
        Effect::Typed(t) => match &**t {
            Typed::Move { way, .. } => space(board, way, out),
            Typed::Destination { way, arrival, .. } => {
                space(board, way, out);
                for e in arrival {
                    effect(board, e, out);
                }
            }
            Typed::ChoiceOf(items) | Typed::Roll { items, .. } => {
                for e in items {
                    effect(board, e, out);
                }
            }
            _ => {}
        },
        _ => {}
    }
}

fn space(board: &Board, way: &Way, out: &mut Diagnostics) {
    let Way::To(n) = way else { return };
    if board.space(&n.id).is_some() || board.place(&n.id).is_some() {
        return;
    }
    let d = Diagnostic::new(
        "unknown-name",
        n.span,
        format!("`{}` is no space of the board", n.name),
    )
    .label("unknown space");
    out.push(match board.close(&n.name) {
        Some(c) => d.with_help(format!("did you mean `{c}`?")),
        None => d.with_help("the spaces are listed in board.yaml"),
    });
}
