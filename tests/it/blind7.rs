//! The seventh blind trial (docs/effects.md, "Seventh blind trial"):
//! paragraph shapes as a transcriber of the printed book lays them out
//! (headings with notes and conditions, nested choices, guarded options,
//! rolls inside sections, quotations, dialogue, speakers, `Note:` lines,
//! hard-wrapped prose), written before its author read the code, with its
//! truth beside it (`tests/fixtures/blind7-book/TRUTH.md`). The book's
//! findings are the truth's list, and the prose the trial found read as
//! headings stays prose.

use crate::blind3::{arms, text};
use crate::common;
use tales::ir::{Expr, Guard, ParagraphBody};

const BOOK: &str = "blind7-book";
const FILE: &str = "tales/blind7.tales";

#[test]
fn the_blind7_book_gives_exactly_the_findings_its_truth_expects() {
    let want = crate::blind3::truth_findings(BOOK);
    assert_eq!(want.len(), 15, "{want:?}");
    crate::blind3::assert_findings_are(BOOK, FILE, want);
}

/// The section names of a paragraph's own skill check, as written.
pub(crate) fn sections(book: &tales::ir::Book, n: u32) -> Vec<String> {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { check, .. } => check
            .iter()
            .flat_map(|b| b.arms.iter().map(|a| a.label.value.clone()))
            .collect(),
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

pub(crate) fn intro_text(book: &tales::ir::Book, n: u32) -> &str {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { intro, .. } => text(book, intro),
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

/// 719: a quotation in capitals wrapped onto the next line (`"WHOEVER
/// ENTERS HERE SHALL` / `LEAVE POORER: THE DEAD KEEP ..."`) is the intro's
/// prose, not a section named `LEAVE POORER` (was: one, and an error).
#[test]
fn a_quotation_in_capitals_wrapped_onto_a_line_stays_prose() {
    let checked = common::check(&common::fixture(BOOK));
    assert_eq!(sections(&checked.book, 719), ["NO SKILL", "MAGIC"]);
    assert!(intro_text(&checked.book, 719).contains("SHALL\nLEAVE POORER: THE DEAD KEEP"));
}

/// 729: a wrapped line of prose that starts with a skill's name in
/// another case and a colon (`Luck: the one thing no captain can buy`),
/// in a paragraph with no section before or after it, is prose (was: the
/// paragraph's only section, and two errors).
#[test]
fn a_lone_heading_in_another_case_in_a_paragraph_of_prose_stays_prose() {
    let checked = common::check(&common::fixture(BOOK));
    assert!(sections(&checked.book, 729).is_empty());
    assert!(intro_text(&checked.book, 729).contains("prayer.\nLuck: the one thing"));
    // With sections around it, a heading in another case still reads as
    // one (the lint fixture `heading-like-line/title-case`).
}

/// 732: a speaker's line inside a section (`Old Yusuf: "Never trust a
/// camel that smiles."`) is the section's text, with no finding (was: a
/// `heading-like-line`).
#[test]
fn a_speakers_line_inside_a_section_is_its_text() {
    let checked = common::check(&common::fixture(BOOK));
    let storytelling = &arms(&checked.book, 732)[1];
    assert_eq!(storytelling.label.value, "STORYTELLING");
    assert!(text(&checked.book, &storytelling.node).contains("Old Yusuf: \"Never trust"));
}

/// 752: `PIETY (if you are not Wounded):` is PIETY for a reader who is not
/// Wounded, one error with the braces to write (was: PIETY for everyone,
/// the note dropped).
#[test]
fn a_condition_written_as_a_printed_note_in_a_heading_is_read_as_meant() {
    let checked = common::check(&common::fixture(BOOK));
    let piety = &arms(&checked.book, 752)[1];
    let Guard::Section(labels) = &piety.guard else {
        panic!("{:?}", piety.guard);
    };
    assert!(
        matches!(&labels[0].qualifier, Some(Expr::Not(e)) if matches!(**e, Expr::Has(_))),
        "{:?}",
        labels[0].qualifier
    );
    assert!(common::human(&checked).contains("write `{!wounded}` after the name"));
}

/// `--read` names a roll told by its bands alone (709: `Roll one die:`) by
/// its dice (was `a roll of , totals 1 to 6`).
#[test]
fn read_names_the_dice_of_a_roll_with_no_spec() {
    let out = common::tales(&["play", "--at", "709", "--read"], &common::fixture(BOOK));
    assert!(
        out.stdout.contains("[a roll of 1d6, totals 1 to 6]"),
        "{}",
        out.stdout
    );
}
