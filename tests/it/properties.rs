//! Property tests for the grammars: award codes round-trip through the
//! printer and the parser, in every language; arbitrary input never panics.

use crate::common;
use common::{check, fixture};
use proptest::prelude::*;
use tales::diagnostic::Diagnostics;
use tales::ir::{Book, Bound, Effect, Id, Note, Target};
use tales::span::FileId;
use tales::syntax::{Context, award, print, tales as tales_syntax, yaml};

fn books() -> &'static [Book; 3] {
    static BOOKS: std::sync::OnceLock<[Book; 3]> = std::sync::OnceLock::new();
    BOOKS.get_or_init(|| {
        [
            check(&fixture("spec-example")).book,
            check(&fixture("spec-example-es")).book,
            check(&fixture("fr-mini")).book,
        ]
    })
}

fn ctx(book: &Book) -> Context<'_> {
    Context::of(book, FileId(0))
}

fn effect(ids: Vec<Id>, levels: usize) -> impl Strategy<Value = Effect> {
    let id = proptest::sample::select(ids.clone());
    let two = proptest::sample::subsequence(ids, 2).prop_shuffle();
    prop_oneof![
        (-50i32..50).prop_map(Effect::Destiny),
        (-50i32..50).prop_map(Effect::Story),
        (-9i32..9, proptest::option::of((any::<bool>(), 0..levels))).prop_map(|(delta, b)| {
            Effect::Wealth {
                delta,
                bound: b.map(|(max, level)| Bound { max, level }),
            }
        }),
        (id.clone(), proptest::option::of(1u32..9)).prop_map(|(id, n)| Effect::Gain {
            id,
            note: n.map(Note::Turns)
        }),
        id.clone().prop_map(Effect::Lose),
        id.prop_map(|i| Effect::Master(vec![i])),
        two.clone().prop_map(Effect::Master),
        two.prop_map(Effect::Choice),
        Just(Effect::RandomTreasure),
        Just(Effect::Death),
        (1u32..999_999).prop_map(|n| Effect::Goto(Target::Paragraph(n))),
        Just(Effect::Goto(Target::Row {
            matrix: "F".into(),
            row: "Terrible".into()
        })),
        Just(Effect::Goto(Target::Matrix("K".into()))),
        Just(Effect::Goto(Target::Place("city-of-brass".into()))),
    ]
}

fn awards() -> impl Strategy<Value = (usize, Vec<Effect>)> {
    (0usize..3).prop_flat_map(|b| {
        let book = &books()[b];
        let ids: Vec<Id> = book.glossary.entries.iter().map(|e| e.id.value).collect();
        (
            Just(b),
            proptest::collection::vec(effect(ids, book.manifest.rules.wealth.len()), 1..8),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn award_codes_round_trip((b, effects) in awards()) {
        let book = &books()[b];
        let text = print::award(&effects, &book.manifest.locale, &book.glossary, &book.manifest.rules);
        let mut diags: Diagnostics = Vec::new();
        let parsed = award::parse_award(&ctx(book), &text, 0, &mut diags).expect("parses");
        let codes: Vec<_> = diags.iter().map(|d| d.message.clone()).collect();
        prop_assert!(diags.is_empty(), "{text}: {codes:?}");
        let back: Vec<Effect> = parsed.items.into_iter().map(|i| i.effect).collect();
        prop_assert_eq!(back, effects, "{}", text);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_parsers(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        for book in books() {
            let c = ctx(book);
            let _ = tales_syntax::parse_file(&c, &text);
            let _ = award::parse_award(&c, &format!("[{text}]"), 0, &mut Vec::new());
            let _ = award::parse_items(&c, &text, 0, &mut Vec::new());
        }
        let _ = yaml::parse(FileId(0), &text);
    }

    #[test]
    fn format_shaped_noise_never_panics(text in "([-\\[\\]@{}>:/()!&|~*#\n 0-9DSWHRFo+]|NO SKILL|PIETY|chart|else|Lose |Master |Wounded|2d6|❖|−|–|á|\r\n){0,200}") {
        for book in books() {
            let c = ctx(book);
            let _ = tales_syntax::parse_file(&c, &text);
            let _ = award::parse_award(&c, &format!("[{text}]"), 0, &mut Vec::new());
        }
        let _ = yaml::parse(FileId(0), &text);
    }
}

#[test]
fn names_that_contain_the_joining_word_still_resolve() {
    // "Stealth and Stealing" contains " and ": the longest run of pieces wins.
    let d = common::book_with(
        "spec-example",
        &[(
            "glossary.yaml",
            "skills:\n  stealth-and-stealing: Stealth and Stealing\n  magic: Magic\n  piety: Piety\n",
        )],
    );
    let book = check(&d.path().join("book")).book;
    let mut diags = Vec::new();
    let a = award::parse_award(&ctx(&book), "[Stealth and Stealing and Magic at Master level / Choice of Piety or Stealth and Stealing]", 0, &mut diags).unwrap();
    let effects: Vec<Effect> = a.items.into_iter().map(|i| i.effect).collect();
    assert_eq!(
        effects,
        vec![
            Effect::Master(vec!["stealth-and-stealing".into(), "magic".into()]),
            Effect::Choice(vec!["piety".into(), "stealth-and-stealing".into()]),
        ]
    );
}
