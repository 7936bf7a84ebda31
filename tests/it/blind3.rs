//! The third blind trial (docs/effects.md, "Third blind trial"): a book of
//! whole paragraphs typed as a transcriber types a printed page, written
//! before its author read the code, with its truth beside it
//! (`tests/fixtures/blind3-book/TRUTH.md`). The book's findings are the
//! truth's list, and what the trial found misread is read as meant.

use crate::common;
use tales::ir::{Area, Effect, Guard, Node, ParagraphBody, Typed, Way};

const BOOK: &str = "blind3-book";
const FILE: &str = "tales/blind.tales";

/// The truth's expected findings: the lines between `<!-- findings -->`
/// and `<!-- /findings -->`, each `code line`.
fn expected() -> Vec<(String, usize)> {
    let truth = std::fs::read_to_string(common::fixture(BOOK).join("TRUTH.md")).unwrap();
    let start = truth.find("<!-- findings -->").unwrap();
    let end = truth.find("<!-- /findings -->").unwrap();
    let list: Vec<(String, usize)> = truth[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (code, line) = l.split_once(' ').unwrap();
            (code.to_owned(), line.trim().parse().unwrap())
        })
        .collect();
    assert!(list.len() >= 20, "{list:?}");
    list
}

#[test]
fn the_blind3_book_gives_exactly_the_findings_its_truth_expects() {
    let checked = common::check(&common::fixture(BOOK));
    let mut found: Vec<(String, usize)> = common::codes(&checked)
        .into_iter()
        .map(|(code, file, line)| {
            assert_eq!(
                file, FILE,
                "a finding outside the blind paragraphs: {code} {line}"
            );
            (code, line)
        })
        .collect();
    let mut want = expected();
    found.sort_by_key(|f| f.1);
    want.sort_by_key(|f| f.1);
    assert_eq!(found, want, "{}", common::human(&checked));
}

/// With `--warn free-text-effect`, the items left free text are the two the
/// truth keeps free (paragraph 264) and the misnamed encounter of defect 15
/// (paragraph 247, whose `unknown-name` is the defect's finding).
#[test]
fn the_blind3_book_leaves_free_only_what_its_truth_keeps_free() {
    let levels = tales::lints::levels::CliLevels {
        warn: vec!["free-text-effect".to_owned()],
        ..Default::default()
    };
    let checked = common::check_with(&common::fixture(BOOK), &levels);
    let free: Vec<usize> = common::codes(&checked)
        .into_iter()
        .filter(|(code, _, _)| code == "free-text-effect")
        .map(|(_, _, line)| line)
        .collect();
    assert_eq!(free, [351, 474, 474]);
}

fn arms(book: &tales::ir::Book, n: u32) -> &[tales::ir::Arm] {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { intro, check } => {
            let block = intro.block.as_deref().or(check.as_ref()).unwrap();
            &block.arms
        }
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

fn text<'b>(book: &'b tales::ir::Book, node: &Node) -> &'b str {
    let span = node.span.unwrap();
    &book.sources.get(span.file).text[span.range()]
}

fn effects(node: &Node) -> Vec<&Effect> {
    node.awards
        .iter()
        .flat_map(|a| a.items.iter().map(|i| &i.effect))
        .collect()
}

/// 211: a condition's label wrapped onto the next line (`... and you are
/// not` / `Married: She asks ...`): the arm's text starts after the colon
/// (it kept the colon, `: She asks you to stay.`).
#[test]
fn a_condition_label_that_wraps_leaves_its_colon_out_of_the_text() {
    let checked = common::check(&common::fixture(BOOK));
    let arm = &arms(&checked.book, 211)[1];
    assert!(matches!(arm.guard, Guard::Condition(_)));
    assert!(
        arm.label.value.ends_with("Married"),
        "{:?}",
        arm.label.value
    );
    assert!(
        text(&checked.book, &arm.node).starts_with("She asks you to stay."),
        "{:?}",
        text(&checked.book, &arm.node)
    );
}

/// 242: `Move to any non-sea space except a Place of Power` is a move to a
/// space of both kinds (it was free text).
#[test]
fn a_kind_of_space_except_a_place_of_power_is_both() {
    let checked = common::check(&common::fixture(BOOK));
    let arm = &arms(&checked.book, 242)[3];
    let [Effect::Typed(t)] = effects(&arm.node)[..] else {
        panic!("{:?}", effects(&arm.node));
    };
    let Typed::Move {
        way: Way::Any(Area::Both(kind, except)),
        ..
    } = &**t
    else {
        panic!("{t:?}");
    };
    assert!(
        matches!(&**kind, Area::NonTerrain(n) if n.id == "sea"),
        "{kind:?}"
    );
    assert_eq!(**except, Area::ExceptPlaceOfPower);
}

/// 238: `Pursued [HUNTER]` is read as `Pursued (HUNTER)`, beside its one
/// finding, and the award's other items are kept.
#[test]
fn a_note_in_brackets_inside_an_award_is_read_as_meant() {
    let checked = common::check(&common::fixture(BOOK));
    let ParagraphBody::Result { intro, .. } = &checked.book.paragraph(238).unwrap().body else {
        panic!("238 is a chart");
    };
    let items: Vec<String> = intro.awards[0]
        .items
        .iter()
        .map(|i| format!("{:?}", i.effect))
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(
        items[1].contains("pursued") && items[1].contains("HUNTER"),
        "{items:?}"
    );
}
