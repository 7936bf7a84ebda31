//! The book-wide cache of what files read clean ([`syntax::BookCache`]):
//! a book's files read through it, in any order, give what each gives
//! read alone, spans and findings included.

use super::{parse_tales, parse_tales_in};
use crate::diagnostic::Diagnostics;
use crate::ir::{Book, Paragraph};
use crate::span::FileId;
use crate::syntax::BookCache;
use proptest::prelude::*;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A file read: its paragraphs and findings, in full (spans included).
fn shown(read: &(Vec<Paragraph>, Diagnostics)) -> String {
    format!("{read:?}")
}

/// Each file of `texts` read alone, and through one shared cache in
/// `order`: the two, in the files' order.
fn both(book: &Book, texts: &[(FileId, String)], order: &[usize]) -> (Vec<String>, Vec<String>) {
    let alone = texts
        .iter()
        .map(|(id, t)| shown(&parse_tales(book, t, *id)))
        .collect();
    let shared = Arc::new(BookCache::default());
    let mut through = vec![String::new(); texts.len()];
    for &i in order {
        let (id, t) = &texts[i];
        through[i] = shown(&parse_tales_in(book, t, *id, Some(&shared)));
    }
    (alone, through)
}

/// A book's `.tales` files, with their ids.
fn tales_of(book: &Book) -> Vec<(FileId, String)> {
    book.sources
        .iter()
        .filter(|(_, f)| Path::new(&f.name).extension().is_some_and(|e| e == "tales"))
        .map(|(id, f)| (id, f.text.to_string()))
        .collect()
}

/// The written books and the spec's examples, their files read forwards
/// and backwards through one cache, read as each file reads alone; and
/// the cache was used.
#[test]
fn written_books_read_the_same_through_the_book_cache() {
    for dir in [
        "content/sunken-lamp",
        "content/silver-caravan",
        "content/sunken-lamp-es",
        "content/sunken-lamp-fr",
        "tests/fixtures/spec-example-v3",
        "tests/fixtures/spec-example-v3-es",
        "tests/fixtures/spec-example-v2",
        "tests/fixtures/defects",
    ] {
        let (book, _) = crate::load::load_book(Path::new(dir));
        let texts = tales_of(&book);
        assert!(!texts.is_empty(), "{dir}");
        let forwards: Vec<usize> = (0..texts.len()).collect();
        let backwards: Vec<usize> = forwards.iter().rev().copied().collect();
        for order in [forwards, backwards] {
            let (alone, shared) = both(&book, &texts, &order);
            assert_eq!(alone, shared, "{dir}");
        }
    }
}

/// The second file takes the award codes, items in words and headings
/// the first read clean, moved to its own file and place; a code with a
/// finding is read again.
#[test]
fn a_second_file_takes_what_the_first_read_clean() {
    let (book, _) = crate::load::load_book(Path::new("content/sunken-lamp"));
    let first = "-900-\nProse. [S1 / Lose Wounded]\n\nWILDERNESS LORE: Prose. [D1 / Woundd]\n";
    let second = "-901-\nMore prose here.\n\nWILDERNESS LORE: Again. [S1 / Lose Wounded]\n\n-902-\nA slip. [D1 / Woundd]\n";
    let texts = vec![
        (FileId(90), first.to_string()),
        (FileId(91), second.to_string()),
    ];
    let (alone, shared) = both(&book, &texts, &[0, 1]);
    assert_eq!(alone, shared);
    let cache = Arc::new(BookCache::default());
    let _ = parse_tales_in(&book, first, FileId(90), Some(&cache));
    assert_eq!(
        cache.kept(),
        (1, 1, 1),
        "one clean code, one item in words, one heading"
    );
    let (paragraphs, diags) = parse_tales_in(&book, second, FileId(91), Some(&cache));
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].primary.span.file, FileId(91));
    assert!(format!("{paragraphs:?}").contains("file: FileId(91)"));
    assert!(!format!("{paragraphs:?}").contains("FileId(90)"));
}

/// The sunken-lamp book, loaded once.
fn lamp() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| crate::load::load_book(Path::new("content/sunken-lamp")).0)
}

/// Award items as the book writes them, near misses (a finding, a "did
/// you mean"), free text and shapes left to the grammar.
const ITEM: &str = concat!(
    "S1|D-1|W\\+1 \\(max Rich\\)|W-1 \\(min Beggar\\)|@240|Treasure|Death|Deth",
    "|Wounded|Woundd|Lose Wounded|Lose Wounde|Wounded \\(2 turns\\)|Courtly Graces",
    "|Choice of Wisdom or Luck|Choice of Wisdm or Luck|Lose a status of your choice",
    "|Master Magic|Mastr Magic|Go to paragraph 240|Go to 24x|free words|\\*Luck\\*|Lost",
);

/// Headings: names, near misses, the heading words, unknown names.
const HEADING: &str = "NO SKILL|WILDERNESS LORE|WILDERNES LORE|MAGIC / BEGUILING|FEMALE|ANY 2 SKILLS|SEAMANSHIP|GRAND VIZIER";

/// Roll terms, parenthesised ones (the grammar's) among them.
const ROLL: &str = "luck|2 wisdom - wounded|\\(wounded \\| lost\\)|\\(woundd \\| lost\\)|luck \\+ \\(wisdom & female\\)";

/// A paragraph: prose with an award code, and sections with theirs.
fn paragraph() -> impl Strategy<Value = String> {
    let award = proptest::collection::vec(ITEM, 1..4).prop_map(|v| format!("[{}]", v.join(" / ")));
    let section = (HEADING, award.clone()).prop_map(|(h, a)| format!("{h}: Prose. {a}\n"));
    let roll = proptest::option::of(ROLL).prop_map(|r| {
        r.map_or_else(String::new, |r| {
            format!("Roll: {{2d6 + {r}}}\n> 2-7: Prose. [S1]\n> 8-12: Prose. [D1]\n")
        })
    });
    (award, proptest::collection::vec(section, 0..3), roll).prop_map(|(a, sections, roll)| {
        let mut p = format!("Prose. {a}\n");
        if !roll.is_empty() {
            p.push('\n');
            p.push_str(&roll);
        }
        for s in sections {
            p.push('\n');
            p.push_str(&s);
        }
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Files of award codes and headings, clean and not, read through one
    /// cache in any order, read as each reads alone.
    #[test]
    fn random_files_read_the_same_through_the_book_cache(
        files in proptest::collection::vec(proptest::collection::vec(paragraph(), 1..6), 1..5)
            .prop_flat_map(|files| {
                let order: Vec<usize> = (0..files.len()).collect();
                (Just(files), Just(order).prop_shuffle())
            })
    ) {
        let (files, order) = files;
        let mut n = 900;
        let texts: Vec<(FileId, String)> = files
            .iter()
            .enumerate()
            .map(|(i, paragraphs)| {
                let mut text = String::new();
                for p in paragraphs {
                    n += 1;
                    writeln!(text, "-{n}-\n{p}").unwrap();
                }
                (FileId(900 + u32::try_from(i).unwrap()), text)
            })
            .collect();
        let (alone, shared) = both(lamp(), &texts, &order);
        prop_assert_eq!(alone, shared);
    }
}
