//! A book typed in one file is read in parts of `PART` bytes, in parallel
//! (`tales::syntax::tales::parse_book_file`). The parts must read exactly
//! what one reading of the whole file reads: the same paragraphs, and the
//! same findings in the same order, spans and all.

use std::path::Path;
use tales::span::FileId;
use tales::syntax::Context;
use tales::syntax::tales::{PART, parse_book_file, parse_file_in};

/// Every `.tales` file of a book, in name order, repeated until the text
/// holds at least `parts` parts.
fn one_file(root: &Path, parts: usize) -> String {
    let mut names: Vec<_> = std::fs::read_dir(root.join("tales"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tales"))
        .collect();
    names.sort();
    let once: String = names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap() + "\n")
        .collect();
    once.repeat((parts * PART).div_ceil(once.len()))
}

#[test]
fn a_book_in_one_file_reads_the_same_in_parts_as_whole() {
    // Books with slips of every kind (their truths plant them), and the
    // sample books.
    let mut findings = 0;
    for book in [
        "tests/fixtures/blind3-book",
        "tests/fixtures/blind5-book",
        "tests/fixtures/blind6-book",
        "tests/fixtures/blind7-book",
        "tests/fixtures/blind8-book",
        "tests/fixtures/blind9-book",
        "tests/fixtures/blind7-book-es",
        "content/sunken-lamp",
    ] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(book);
        let (b, _) = tales::load::load_book(&root);
        let text = one_file(&root, 5);
        let whole = parse_file_in(&Context::of(&b, FileId(0)), &text, None);
        let parts = parse_book_file(&b, FileId(0), &text, None);
        findings += whole.1.len();
        assert_eq!(whole.0.len(), parts.0.len(), "{book}: paragraphs");
        assert_eq!(whole.1.len(), parts.1.len(), "{book}: findings");
        assert_eq!(format!("{whole:?}"), format!("{parts:?}"), "{book}");
    }
    // The slips, each repeated with its book: parts cut between them.
    assert!(findings > 1000, "{findings} findings");
}
