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
    let mut check = Check {
        board,
        budget: SUGGESTIONS,
        out: &mut out,
    };
    for item in typed {
        check.effect(&item.effect);
    }
    // The awards of quests.yaml (FORMAT.md 9.4): `begins: "Move to Basra"`.
    for q in &book.quests {
        let steps = q.steps.iter().filter_map(|s| s.award.as_ref());
        for item in q.begins.iter().chain(steps).flat_map(|a| &a.items) {
            check.effect(&item.effect);
        }
    }
    out
}

/// The comparisons the likely spaces of unknown names may cost a check
/// (each unknown name compared with every space spends one a space): past
/// it, an unknown space is still found, without a "did you mean".
const SUGGESTIONS: usize = 1 << 18;

/// The walk of the typed effects: the board, the findings, and what is
/// left of the budget of suggestions.
struct Check<'b, 'o> {
    board: &'b Board,
    budget: usize,
    out: &'o mut Diagnostics,
}

impl Check<'_, '_> {
    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::When { item, .. } => self.effect(item),
            Effect::BySex { opposite, same } => {
                self.effect(opposite);
                self.effect(same);
            }
            Effect::Typed(t) => match &**t {
                Typed::Move { way, .. } => self.space(way),
                Typed::Destination { way, arrival, .. } => {
                    self.space(way);
                    for e in arrival {
                        self.effect(e);
                    }
                }
                Typed::ChoiceOf(items) | Typed::Roll { items, .. } => {
                    for e in items {
                        self.effect(e);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }

    fn space(&mut self, way: &Way) {
        let Way::To(n) = way else { return };
        let board = self.board;
        if board.space(&n.id).is_some() || board.place(&n.id).is_some() {
            return;
        }
        let d = Diagnostic::new(
            "unknown-name",
            n.span,
            format!("`{}` is no space of the board", n.name),
        )
        .label("unknown space");
        self.out
            .push(match board.close_within(&n.name, &mut self.budget) {
                Some(c) => d.with_help(format!("did you mean `{c}`?")),
                None => d.with_help("the spaces are listed in board.yaml"),
            });
    }
}
