//! `free-text-effect`: award items the engine shows but cannot apply.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Award, Book, Effect};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    let mut award = |a: &Award| {
        for item in &a.items {
            if let Effect::FreeText(text) = &item.effect {
                out.push(
                    Diagnostic::new("free-text-effect", item.span, format!("`{text}` is a free-text effect"))
                        .label("shown to the player, not applied")
                        .with_help("the engine shows free text and logs it; write a glossary name or an award letter if the effect should apply"),
                );
            }
        }
    };
    for p in &book.paragraphs {
        for n in p.nodes() {
            n.awards.iter().for_each(&mut award);
        }
    }
    for c in &book.cards.city {
        c.results.iter().for_each(|(_, a)| award(a));
    }
    for q in &book.quests {
        q.begins.iter().for_each(&mut award);
        q.steps
            .iter()
            .filter_map(|s| s.award.as_ref())
            .for_each(&mut award);
    }
}
