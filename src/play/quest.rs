//! A player's quest in words, for the turn screen of `play --game`: the
//! card's name, the step to do next (its requirement said in words) and
//! the steps done so far.

use crate::game::Game;
use crate::game::quests::Current;
use crate::ir::{Book, Board, Found, Holdable, Requirement, Test, Track};

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

/// A requirement in words: `a successful encounter in Hind`, `hold Sunken
/// Lamp, at Basra`.
#[must_use]
pub(super) fn words(book: &Book, board: &Board, req: &Requirement) -> String {
    let join = |reqs: &[Requirement], sep: &str| {
        let parts: Vec<String> = reqs.iter().map(|r| words(book, board, r)).collect();
        parts.join(sep)
    };
    match &req.test {
        Test::All(all) => {
            // "a successful encounter" first, then where it is had.
            let (enc, rest): (Vec<&Requirement>, Vec<&Requirement>) = all
                .iter()
                .partition(|r| matches!(r.test, Test::Encounter));
            let mut parts: Vec<String> = enc.iter().map(|r| words(book, board, r)).collect();
            parts.extend(rest.iter().map(|r| words(book, board, r)));
            if enc.is_empty() {
                parts.join(", ")
            } else {
                parts.join(" ")
            }
        }
        Test::Any(any) => format!("one of: {}", join(any, "; or ")),
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
            Track::Destiny => format!("{at_least} destiny"),
            Track::Story => format!("{at_least} story"),
            Track::Both => format!("{at_least} points (destiny and story)"),
        },
    }
}

/// `hold Sunken Lamp`, `hold any treasure found outside Arabia`.
fn hold(book: &Book, what: Holdable, found: Option<&Found>) -> String {
    let thing = match what {
        Holdable::Entry(id) => book
            .glossary
            .by_id(&id)
            .map_or_else(|| id.to_string(), |e| e.name.value.clone()),
        Holdable::Any(kind) => format!("any {}", kind.as_str()),
    };
    match found {
        Some(f) if f.inside => format!("hold {thing} found in {}", f.region.value),
        Some(f) => format!("hold {thing} found outside {}", f.region.value),
        None => format!("hold {thing}"),
    }
}
