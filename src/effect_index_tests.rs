//! The effect readers tried by the first-word index
//! ([`crate::effect_index`]) read every award item as trying every reader
//! does: the locale tables' forms filled with the book's names, the same
//! cut and mangled, and random words.

use crate::effect_index::UNINDEXED;
use crate::ir::Book;
use crate::span::FileId;
use crate::syntax::Context;
use proptest::prelude::*;

struct Case {
    book: Book,
    /// Every form of the locale's `effects:` table, and the section 2
    /// words the readers start with.
    forms: Vec<String>,
    /// What fills a slot: the book's names, numbers, items.
    fills: Vec<String>,
}

fn cases() -> &'static [Case] {
    static CASES: std::sync::OnceLock<Vec<Case>> = std::sync::OnceLock::new();
    CASES.get_or_init(|| {
        ["spec-example-v3", "spec-example-v3-es", "fr-mini"]
            .iter()
            .map(|name| {
                let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/fixtures")
                    .join(name);
                let book = crate::load::load_book(&root).0;
                let forms = forms(&book.manifest.locale.id);
                let fills = fills(&book);
                Case { book, forms, fills }
            })
            .collect()
    })
}

/// The strings under `effects:` of a built-in locale's table, with the
/// locale's `lose` and `choice-of`.
fn forms(id: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("content/locales")
        .join(format!("{id}.yaml"));
    let text = std::fs::read_to_string(path).unwrap();
    let (node, _) = crate::syntax::yaml::parse(FileId(0), &text).unwrap();
    let mut out = Vec::new();
    for (_, v) in node.get("effects").and_then(|e| e.as_map()).unwrap() {
        match v.as_seq() {
            Some(items) => out.extend(items.iter().filter_map(crate::syntax::yaml::Node::scalar)),
            None => out.extend(v.scalar()),
        }
    }
    for key in ["lose", "choice-of", "treasure", "death", "go-to"] {
        out.extend(node.get(key).and_then(crate::syntax::yaml::Node::scalar));
    }
    assert!(out.len() > 50, "the {id} table's forms are read");
    out
}

fn fills(book: &Book) -> Vec<String> {
    let mut out: Vec<String> = ["1", "2", "6", "7", "1 or 2", "D1", "W+1", "S2", "@12"]
        .map(str::to_owned)
        .to_vec();
    out.extend(book.glossary.entries.iter().map(|e| e.name.value.clone()));
    out.extend(
        book.manifest
            .rules
            .wealth
            .iter()
            .map(|w| w.name.value.clone()),
    );
    out.extend(book.manifest.locale.effects.numbers.iter().cloned());
    out.extend(book.manifest.locale.effects.area_city.iter().cloned());
    out.extend(book.manifest.world.terrains.iter().map(|t| t.value.clone()));
    for m in &book.matrices {
        out.push(m.letter.value.clone());
        out.extend(m.rows.iter().map(|r| r.name.value.clone()));
    }
    out.extend(
        (book.manifest.world.places.iter()).filter_map(|p| Some(p.name.as_ref()?.value.clone())),
    );
    out
}

/// `form` with each `{slot}` filled from `fills`, one pick a slot.
fn filled(form: &str, fills: &[String], picks: &[usize]) -> String {
    let mut out = String::new();
    let mut rest = form;
    let mut pick = picks.iter().cycle();
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&fills[pick.next().unwrap() % fills.len()]);
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The award items read from `text`, and their findings, as text.
fn read(case: &Case, text: &str, unindexed: bool) -> String {
    UNINDEXED.with(|u| u.set(unindexed));
    let ctx = Context::of(&case.book, FileId(0));
    let mut diags = Vec::new();
    let award = crate::syntax::award::parse_items(&ctx, text, 0, &mut diags);
    UNINDEXED.with(|u| u.set(false));
    format!("{award:?}\n{diags:?}")
}

/// An item made of a form: whole, its first word changed in case, cut
/// after its first word, behind a random word, or random words alone.
fn item(case: &Case, form: usize, picks: &[usize], junk: &str, how: u8) -> String {
    let form = &case.forms[form % case.forms.len()];
    let whole = filled(form, &case.fills, picks);
    match how {
        0 => whole,
        1 => whole.to_uppercase(),
        2 => {
            let first = whole.split(' ').next().unwrap_or("");
            format!("{first}{junk}")
        }
        3 => format!("{junk}{whole}"),
        4 => format!("{whole}{junk}"),
        5 => format!("{} {junk}", case.fills[picks[0] % case.fills.len()]),
        _ => junk.to_owned(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_index_reads_every_item_as_trying_every_reader_does(
        b in 0..3usize,
        form in 0usize..1000,
        picks in proptest::collection::vec(0usize..1000, 3),
        junk in "[a-zA-Z0-9éÉßẞİıK\u{212a}\u{2003}\u{a0}\u{301}\u{2026} .;!:,()+{}/-]{0,10}",
        how in 0u8..7,
    ) {
        let case = &cases()[b];
        let text = item(case, form, &picks, &junk, how);
        prop_assert_eq!(read(case, &text, false), read(case, &text, true), "{}", text);
    }
}

#[test]
fn every_form_of_every_table_reads_the_same_indexed() {
    for case in cases() {
        for (i, form) in case.forms.iter().enumerate() {
            let picks: Vec<usize> = (0..3).map(|k| i * 7 + k).collect();
            let text = filled(form, &case.fills, &picks);
            assert_eq!(read(case, &text, false), read(case, &text, true), "{text}");
        }
    }
}

#[test]
fn an_item_that_starts_no_form_tries_no_reader_of_forms() {
    let case = &cases()[0];
    let index = case.book.manifest.locale.effect_index();
    let wounded = index.families("Wounded");
    for f in [
        crate::effect_index::Family::Move,
        crate::effect_index::Family::Loss,
        crate::effect_index::Family::Choice,
        crate::effect_index::Family::Roll,
    ] {
        assert!(!wounded.has(f), "{f:?}");
    }
    assert!(
        index
            .families("Move two spaces")
            .has(crate::effect_index::Family::Move)
    );
    assert!(
        index
            .families("2 Destiny Points")
            .has(crate::effect_index::Family::Points)
    );
    // The one-use forms start with a name and end with their own words:
    // an item that ends otherwise is not tried by them.
    let one_use = crate::effect_index::Family::OneUse;
    assert!(!wounded.has(one_use));
    assert!(!index.families("D1").has(one_use));
    for item in [
        "Luck (1 use)",
        "Luck (ONCE ONLY)",
        "Luck for one use",
        "Luck at Master level",
    ] {
        assert!(index.families(item).has(one_use), "{item}");
    }
}

/// Every word of a locale's patterns within two edits of `word`, found by
/// asking each (what [`crate::effect_vocabulary::Vocabulary::near`] must not miss).
fn near_by_every_word(vocab: &[String], word: &str, k: usize) -> Vec<usize> {
    (0..vocab.len())
        .filter(|&i| crate::text::near(&vocab[i], word, k).is_some())
        .collect()
}

proptest! {
    /// The words near a word, found by its deletions, are those found by
    /// comparing it with every word of the patterns, in every built-in
    /// locale: near misses of the patterns' own words (a letter changed,
    /// dropped, added or two swapped, twice) and other words.
    #[test]
    fn near_words_by_deletions_are_the_words_near_by_comparison(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec((0usize..4, any::<prop::sample::Index>(), "[a-zé]"), 0..3),
        other in "[a-zéñ]{1,12}",
        use_other in any::<bool>(),
    ) {
        for locale in crate::locale::Locale::all_built_in() {
            let vocabulary = locale.effect_vocabulary();
            let vocab = vocabulary.words();
            let mut word: Vec<char> = if use_other || vocab.is_empty() {
                other.chars().collect()
            } else {
                vocab[pick.index(vocab.len())].chars().collect()
            };
            for (kind, at, c) in &edits {
                let c = c.chars().next().unwrap();
                let i = at.index(word.len() + 1);
                match kind {
                    0 if i < word.len() => word[i] = c,
                    1 if i < word.len() => { word.remove(i); }
                    2 => word.insert(i, c),
                    _ if i + 1 < word.len() => word.swap(i, i + 1),
                    _ => {}
                }
            }
            let word: String = word.into_iter().collect();
            for k in 1..=2 {
                let found: Vec<usize> = (vocabulary.near(&word).into_iter())
                    .filter(|&i| crate::text::near(&vocab[i], &word, k).is_some())
                    .collect();
                prop_assert_eq!(found, near_by_every_word(vocab, &word, k), "{} k={}", word, k);
            }
        }
    }
}
