//! A player's quest in words, for the turn screen of `play --game`: the
//! card's name, the step to do next (its requirement said in words) and
//! the steps done so far.

use crate::game::Game;
use crate::game::quests::Current;
use crate::ir::{Board, Book, Found, Holdable, Requirement, Test, Track};

/// `quest: NAME, step K of N: REQUIREMENT (D done)`; a quest of one step
/// drops the counts; `None` when the player holds no quest.
pub(super) fn line(game: &Game<'_, '_>, seat: usize) -> Option<String> {
    let book = game.engine.book;
    let q = game.players[seat].quest.as_ref()?;
    let quest = book.quests.get(q.quest)?;
    Some(format!(
        "quest: {}{}\n",
        quest.name.value,
        step_words(book, game.board, q)
    ))
}

/// The next step to do, and the progress.
fn step_words(book: &Book, board: &Board, q: &Current) -> String {
    let quest = &book.quests[q.quest];
    let n = quest.steps.len();
    let done = q.paid.iter().filter(|&&p| p).count();
    let Some(k) = q.paid.iter().position(|&p| !p) else {
        return String::new();
    };
    let what = words(book, board, &quest.steps[k].when);
    if n == 1 {
        format!(": {what}")
    } else {
        format!(", step {} of {n}: {what} ({done} of {n} done)", k + 1)
    }
}

/// A requirement in words: `a successful encounter in Hind`, `at Basra,
/// holding Sunken Lamp`, `holding Blessed or holding On Pilgrimage`.
#[must_use]
pub(super) fn words(book: &Book, board: &Board, req: &Requirement) -> String {
    match &req.test {
        Test::All(all) => all_words(book, board, all),
        Test::Any(any) => {
            let parts: Vec<String> = any.iter().map(|r| words(book, board, r)).collect();
            parts.join(" or ")
        }
        Test::Encounter => "a successful encounter".to_owned(),
        Test::At { name, .. } => format!("at {}", name.value),
        Test::In(region) => format!("in {}", region.value),
        Test::On(terrain) => format!("on {} terrain", terrain.value),
        Test::Place(None) => "a successful encounter at any place of power".to_owned(),
        Test::Place(Some(id)) => {
            let name = board
                .place(&id.value)
                .map_or(id.value.as_str(), |s| s.name.value.as_str());
            format!("a successful encounter at {name}")
        }
        Test::Hold { what, found } => hold(book, *what, found.as_ref()),
        Test::Points { track, at_least } => match track {
            Track::Destiny => format!("at least {at_least} destiny"),
            Track::Story => format!("at least {at_least} story"),
            Track::Both => format!("at least {at_least} points (destiny and story)"),
        },
    }
}

/// The keys of one map: the encounter first, then where (`a successful
/// encounter in Hind`), then the rest after commas.
fn all_words(book: &Book, board: &Board, all: &[Requirement]) -> String {
    let rank = |r: &Requirement| match r.test {
        Test::Encounter | Test::Place(_) => 0,
        Test::At { .. } | Test::In(_) | Test::On(_) => 1,
        _ => 2,
    };
    let mut sorted: Vec<&Requirement> = all.iter().collect();
    sorted.sort_by_key(|r| rank(r));
    let mut text = String::new();
    for r in sorted {
        let sep = match (text.is_empty(), rank(r)) {
            (true, _) => "",
            (false, 1) => " ",
            (false, _) => ", ",
        };
        text.push_str(sep);
        text.push_str(&words(book, board, r));
    }
    text
}

/// `holding Sunken Lamp`, `holding any treasure found outside Arabia`.
fn hold(book: &Book, what: Holdable, found: Option<&Found>) -> String {
    let thing = match what {
        Holdable::Entry(id) => book
            .glossary
            .by_id(&id)
            .map_or_else(|| id.to_string(), |e| e.name.value.clone()),
        Holdable::Any(kind) => format!("any {}", kind.as_str()),
    };
    match found {
        Some(f) if f.inside => format!("holding {thing} found in {}", f.region.value),
        Some(f) => format!("holding {thing} found outside {}", f.region.value),
        None => format!("holding {thing}"),
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn each_quest_of_the_sample_book_in_words() {
        let book = crate::load::load_book(std::path::Path::new("content/sunken-lamp")).0;
        let board = book.board.as_ref().unwrap();
        let said: Vec<String> = book
            .quests
            .iter()
            .map(|q| {
                let steps: Vec<String> = q
                    .steps
                    .iter()
                    .map(|s| words(&book, board, &s.when))
                    .collect();
                format!("{}: {}", q.name.value, steps.join(" / "))
            })
            .collect();
        let expected = [
            "The Lamp Beneath the Waves: holding Sunken Lamp / at Basra, holding Sunken Lamp",
            "The Keeper's Letter: a successful encounter at The Valley of Ash",
            "The Pepper Road: a successful encounter in Hind / a successful encounter in Zanj",
            "The Cartographer's Wager: a successful encounter at The Roof of the World",
            "The Mountain Vow: a successful encounter on mountain terrain, \
             holding Blessed or holding On Pilgrimage",
            "A Gift for the Sultan of Kilwa: at Kilwa, holding any treasure found outside Zanj",
            "Tales Told in Persia: in Persia, at least 8 story",
        ];
        assert_eq!(said, expected);
    }
}
