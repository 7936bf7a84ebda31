//! The ninth blind trial (docs/effects.md, "Ninth blind trial"): 150
//! ordinary paragraphs of story prose whose lines look like structure
//! (speakers' colons, capitalised skill and status words, numbers, go-to,
//! brackets, dashes, `If you ...`, lines in capitals), written before their
//! author read the code, with the truth beside them
//! (`tests/fixtures/blind9-book/TRUTH.md`). Every planted slip is one
//! finding at its line, and the prose is none.

use crate::blind3::{assert_findings_are, text, truth_findings};
use crate::common;
use tales::ir::ParagraphBody;

const BOOK: &str = "blind9-book";

#[test]
fn the_blind9_book_gives_exactly_the_findings_its_truth_expects() {
    let want = truth_findings(BOOK);
    assert_eq!(want.len(), 11, "{want:?}");
    assert_findings_are(BOOK, "tales/storyteller/bazaar.tales", want);
}

/// The paragraphs whose intro has a line in capitals with a colon (an
/// inscription, a shout), each with that line.
fn inscriptions() -> Vec<(u32, String)> {
    let mut found = Vec::new();
    let dir = common::fixture(BOOK).join("tales/storyteller");
    for file in ["bazaar", "desert", "harbour"] {
        let source = std::fs::read_to_string(dir.join(format!("{file}.tales"))).unwrap();
        let mut paragraph = 0;
        for line in source.lines() {
            if let Some(n) = line.strip_prefix('-').and_then(|l| l.strip_suffix('-')) {
                paragraph = n.parse().unwrap();
            } else if line.starts_with("BEWARE, TRAVELLER:") || line.starts_with("HERE LIES") {
                found.push((paragraph, line.to_owned()));
            }
        }
    }
    found
}

/// `BEWARE, TRAVELLER: THE SAND REMEMBERS EVERY FOOTSTEP.` and `HERE LIES
/// ABU SAID: HE PAID HIS DEBTS.`: a line in capitals naming nothing, its
/// text after the colon in capitals too, is the intro's prose (was: a
/// section heading, an `unknown-name` for each of its words before the
/// colon, and the rest of the intro moved into that section).
#[test]
fn a_line_in_capitals_naming_nothing_is_prose_when_its_text_shouts_too() {
    let checked = common::check(&common::fixture(BOOK));
    let lines = inscriptions();
    assert_eq!(lines.len(), 13, "{lines:?}");
    for (n, line) in lines {
        let ParagraphBody::Result { intro, check } = &checked.book.paragraph(n).unwrap().body
        else {
            panic!("{n} is a chart");
        };
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let intro_text = words(text(&checked.book, intro));
        assert!(intro_text.contains(&words(&line)), "{n}: {intro_text}");
        let head = line.split(':').next().unwrap();
        for arm in intro
            .block
            .as_deref()
            .into_iter()
            .chain(check)
            .flat_map(|b| &b.arms)
        {
            assert!(!arm.label.value.contains(head), "{n}: {}", arm.label.value);
        }
    }
}
