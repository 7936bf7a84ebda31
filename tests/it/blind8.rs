//! The eighth blind trial (docs/effects.md, "Eighth blind trial"): the
//! book's graph as a transcriber types it (charts, matrices, cards, the
//! destiny die's neighbours, go-tos with and without a section, a board and
//! quests), written before its author read the code, with its truth beside
//! it (`tests/fixtures/blind8-book/TRUTH.md`). Every planted slip is one
//! finding at its line, and every shape that looks odd and is right is
//! none.

use crate::common;
use tales::report::Checked;

const BOOK: &str = "blind8-book";

/// The truth's findings: the lines `code file:line` of `TRUTH.md` between
/// `<!-- findings -->` and `<!-- /findings -->` (this book spans files).
pub(crate) fn truth() -> Vec<(String, String, usize)> {
    (crate::blind3::truth_lines(BOOK).into_iter())
        .map(|(code, at)| {
            let (file, line) = at.rsplit_once(':').unwrap();
            (code, file.to_owned(), line.parse().unwrap())
        })
        .collect()
}

/// The help of the one finding of `code` whose message holds `says`.
fn help_of<'c>(checked: &'c Checked, code: &str, says: &str) -> &'c str {
    let mut found = checked
        .diagnostics
        .iter()
        .filter(|d| d.code == code && d.message.contains(says));
    let d = found
        .next()
        .unwrap_or_else(|| panic!("no {code} saying {says}"));
    assert!(found.next().is_none(), "two {code} saying {says}");
    d.help.as_deref().unwrap_or("")
}

#[test]
fn the_blind8_book_gives_exactly_the_findings_its_truth_expects() {
    let mut want = truth();
    assert_eq!(want.len(), 17, "{want:?}");
    let checked = common::check(&common::fixture(BOOK));
    let mut found = common::codes(&checked);
    found.sort();
    want.sort();
    assert_eq!(found, want, "{}", common::human(&checked));
}

/// Slip 6: `[S1 / @1202]` in a result paragraph, where 1202 is a chart, is
/// one warning at the item (was: nothing; `play` rolls a new encounter on
/// the chart there).
#[test]
fn a_go_to_to_a_chart_is_one_warning() {
    let checked = common::check(&common::fixture(BOOK));
    let help = help_of(&checked, "go-to-chart", "chart 1202");
    assert!(help.contains("allow(go-to-chart)"), "{help}");
}

/// Slip 7 and slip 1: cell 1205 (its -1 neighbour a chart) and cell 1253
/// (for 1235) both lie a keystroke from 1235, whose fan nothing covers.
/// Only 1253 is told so: moving 1205 would strand 1205 and 1206, which
/// nothing else reaches (was: both told "did you mean 1235?").
#[test]
fn the_fan_nothing_covers_is_the_fix_of_one_cell_only() {
    let checked = common::check(&common::fixture(BOOK));
    let chart = help_of(&checked, "missing-destiny-neighbour", "cell 1205");
    assert!(!chart.contains("1235"), "{chart}");
    assert!(
        chart.contains("paragraph 1204 is a chart: move the cell"),
        "{chart}"
    );
    let typo = help_of(&checked, "dangling-reference", "cell 1253");
    assert!(typo.contains("did you mean `1235`?"), "{typo}");
}

/// Slips 3 and 4: 1418 was never typed and 1419 was typed twice, the second
/// time alone in another file. The second 1419 is not read as 1418 (it does
/// not stand where 1418 belongs), so the missing 1418 is still reported at
/// its cell, and the duplicate's help asks rather than decides.
#[test]
fn a_duplicate_far_from_the_number_it_may_mean_is_not_read_as_it() {
    let checked = common::check(&common::fixture(BOOK));
    let dup = help_of(&checked, "duplicate-paragraph", "paragraph 1419");
    assert!(dup.contains("is this one `-1418-`?"), "{dup}");
    help_of(&checked, "missing-destiny-neighbour", "paragraph 1418");
}
