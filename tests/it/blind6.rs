//! The sixth blind trial (docs/effects.md, "Sixth blind trial"): award
//! items worded as the game's rules word them (`place your destination
//! marker on`, `Gain a level in`, `Lose any one status you choose`,
//! `Choice of one skill`), not as FORMAT.md's examples do, written before
//! its author read the code, with its truth beside it
//! (`tests/fixtures/blind6-book/TRUTH.md`). The book's findings are the
//! truth's list, and every item the truth says 9.3 covers is typed.

use crate::common;
use tales::ir::{Area, Effect, Loss, RouteKind, Typed, Way};

const BOOK: &str = "blind6-book";
const FILE: &str = "tales/blind6.tales";

/// The truth's expected findings (`TRUTH.md`, `code line` each).
fn expected() -> Vec<(String, usize)> {
    let list = crate::blind3::truth_findings(BOOK);
    assert_eq!(list.len(), 11, "{list:?}");
    list
}

#[test]
fn the_blind6_book_gives_exactly_the_findings_its_truth_expects() {
    crate::blind3::assert_findings_are(BOOK, FILE, expected());
}

/// With `--warn free-text-effect`, the items left in words are five of the
/// seven the truth puts beyond 9.3 (a lost turn, a treasure taken from or
/// given to another player, wealth per treasure held, the start space);
/// the other two are forms the project reads beyond 9.3 (`the nearest
/// city`, `by sea`), held below.
#[test]
fn the_blind6_book_leaves_free_only_what_its_truth_keeps_free() {
    assert_eq!(
        crate::blind3::free_text_lines(BOOK),
        [483, 485, 492, 497, 499]
    );
}

/// The truth's items in words: `(line, item, kind)` of its table, kind `T`
/// (9.3 covers it) or `F` (beyond 9.3).
fn truth_items() -> Vec<(usize, String, String)> {
    let truth = std::fs::read_to_string(common::fixture(BOOK).join("TRUTH.md")).unwrap();
    let start = truth.find("## Items in words").unwrap();
    truth[start..]
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            let line = f.get(1)?.parse().ok()?;
            let item = f.get(4)?.trim_matches('`').to_owned();
            Some((line, item, (*f.get(5)?).to_owned()))
        })
        .collect()
}

/// Every award item of the book: its line, its text as written, its effect.
fn book_items() -> Vec<(usize, String, Effect)> {
    let checked = common::check(&common::fixture(BOOK));
    let text = std::fs::read_to_string(common::fixture(BOOK).join(FILE)).unwrap();
    let mut out = Vec::new();
    for p in &checked.book.paragraphs {
        for item in p.nodes().flat_map(|n| &n.awards).flat_map(|a| &a.items) {
            let (s, e) = (item.span.start as usize, item.span.end as usize);
            let line = text[..s].matches('\n').count() + 1;
            out.push((line, text[s..e].to_owned(), item.effect.clone()));
        }
    }
    out
}

/// The effect of the item written `item` at `line`.
fn effect_at(items: &[(usize, String, Effect)], line: usize, item: &str) -> Effect {
    let found = items.iter().find(|(l, t, _)| *l == line && t == item);
    let Some((_, _, e)) = found else {
        panic!("no item `{item}` at line {line}");
    };
    e.clone()
}

/// All 143 items that 9.3 covers are typed (the trial found four in
/// words: line 350, 420, 434 and 709).
#[test]
fn every_item_the_truth_says_9_3_covers_is_typed() {
    let items = book_items();
    let truth = truth_items();
    let covered: Vec<_> = truth.iter().filter(|(_, _, k)| k == "T").collect();
    assert_eq!(covered.len(), 143, "{truth:?}");
    let free: Vec<_> = covered
        .iter()
        .filter(|(line, item, _)| matches!(effect_at(&items, *line, item), Effect::FreeText(_)))
        .collect();
    assert!(free.is_empty(), "{free:#?}");
}

fn typed(e: &Effect) -> &Typed {
    match e {
        Effect::Typed(t) => t,
        other => panic!("not typed: {other:?}"),
    }
}

/// The four the trial found in words read as they mean, and the two
/// beyond 9.3 that the project's forms read.
#[test]
fn the_rules_wordings_the_trial_found_read_as_meant() {
    let items = book_items();
    let e = effect_at(
        &items,
        350,
        "Draw 2 treasures, keep one and discard the other",
    );
    assert_eq!(typed(&e), &Typed::DrawTreasures { keep_one: true });
    let e = effect_at(&items, 420, "Lose any one status you choose");
    assert!(
        matches!(
            typed(&e),
            Typed::Lose {
                loss: Loss::OneStatus,
                optional: false,
                by_other: false
            }
        ),
        "{e:?}"
    );
    let e = effect_at(&items, 434, "Choice of one skill");
    assert_eq!(
        typed(&e),
        &Typed::AnySkill {
            one_use: false,
            new: false
        }
    );
    let e = effect_at(&items, 709, "Gain a level in Weapon Use");
    assert!(
        matches!(&e, Effect::Gain { id, note: None } if id.as_str() == "weapon-use"),
        "{e:?}"
    );
    let e = effect_at(&items, 383, "Move to the nearest city");
    assert!(
        matches!(
            typed(&e),
            Typed::Move {
                way: Way::Nearest(Area::City),
                ..
            }
        ),
        "{e:?}"
    );
    let e = effect_at(&items, 441, "Move up to three spaces by sea");
    assert!(
        matches!(typed(&e), Typed::Move { way: Way::Along(w, RouteKind::Sea), .. } if **w == Way::UpTo(3)),
        "{e:?}"
    );
}
