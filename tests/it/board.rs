//! The board of FORMAT.md 9.1 as the IR gives it to the rest of the
//! toolchain (the engine, `sim`, `play`, the effects that name spaces): the
//! spec example's `board.yaml`, read through `load_book`.

use crate::common;
use tales::ir::{Board, RouteKind};

fn example_board() -> (tales::ir::Book, Board) {
    let root = std::fs::canonicalize(common::fixture("board-example")).unwrap();
    let (mut book, diags) = tales::load::load_book(&root);
    assert!(diags.is_empty(), "{diags:?}");
    let board = book.board.take().expect("the book has a board");
    (book, board)
}

#[test]
fn spaces_are_found_by_name_in_any_case_and_places_by_their_id() {
    let (_, board) = example_board();
    let dunes = board.space("dUNES").unwrap();
    assert_eq!(dunes.name.value, "Dunes");
    assert_eq!(dunes.number_or_zero(), 2);
    assert!(dunes.has_terrain("Desert"));
    assert_eq!(board.position("city of  brass"), Some(4));
    assert!(board.space("Dunez").is_none());
    assert_eq!(board.close("Dunez"), Some("Dunes"));
    let brass = board.place("city-of-brass").unwrap();
    assert_eq!(brass.name.value, "City of Brass");
    assert_eq!(brass.exit.as_ref().unwrap().value, "Bantu");
    assert!(board.space("Qalat").unwrap().island);
}

#[test]
fn neighbours_and_coastal_spaces_follow_the_routes() {
    let (_, board) = example_board();
    let at = |name: &str| board.position(name).unwrap();
    let mut next: Vec<(usize, RouteKind)> = board.neighbours(at("Bantu")).collect();
    next.sort_by_key(|(i, _)| *i);
    assert_eq!(
        next,
        [
            (at("Dunes"), RouteKind::Land),
            (at("Shoals"), RouteKind::Sea)
        ]
    );
    assert_eq!(board.neighbours(at("City of Brass")).count(), 0);
    // Coastal: a sea route touches it and it is not sea.
    assert!(board.is_coastal(at("Bantu")));
    assert!(board.is_coastal(at("Qalat")));
    assert!(!board.is_coastal(at("Shoals")));
    assert!(!board.is_coastal(at("Dunes")));
}

#[test]
fn the_board_s_spaces_stand_for_world_spaces_and_the_engine_starts_there() {
    let (book, _) = example_board();
    let names: Vec<(&str, Option<u32>)> = book
        .manifest
        .world
        .spaces
        .iter()
        .map(|s| (s.name.value.as_str(), s.gem))
        .collect();
    // The places of power are not walked to: they are not among them.
    assert_eq!(
        names,
        [
            ("Bantu", None),
            ("Dunes", Some(2)),
            ("Shoals", Some(1)),
            ("Qalat", None)
        ]
    );
    let c = tales::engine::Character::new(&book);
    assert_eq!(c.space.as_deref(), Some("Bantu"));
    assert_eq!(c.terrain(&book), Some("city"));
}

/// A space an award names is checked wherever the award is: under a
/// condition, in a choice, and in a second paragraph of the same number
/// (which the graph leaves out, and whose items the graph's walk still
/// keeps for this check).
#[test]
fn an_unknown_space_is_found_in_every_paragraph_and_at_any_depth() {
    let extra = "-70-\nYou sail. [Move to Atlantis]\n\n-71-\nYou choose. [Choice of Move to Lemuria or Move to Dunes]\n\n-70-\nAgain. [Move to Mu]\n";
    let dir = common::book_with("board-example", &[("tales/zz.tales", extra)]);
    let checked = common::check(&dir.path().join("book"));
    let unknown: Vec<usize> = (common::codes(&checked).into_iter())
        .filter(|(code, file, _)| code == "unknown-name" && file.ends_with("zz.tales"))
        .map(|(.., line)| line)
        .collect();
    assert_eq!(unknown, [2, 5, 8], "{}", common::human(&checked));
}
