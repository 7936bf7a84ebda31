//! Roll specs the grammar reads (a parenthesised term) are kept by their
//! text to the first `}`, in the file's cache and the book's: read again
//! from there, at any place of any file, they are what reading them there
//! gives, spans and findings included.

use super::roll_spec;
use crate::ir::Book;
use crate::span::FileId;
use crate::syntax::award_cache::{AwardCache, BookCache};
use crate::syntax::context::Context;
use crate::syntax::suggestions::Suggestions;
use proptest::prelude::*;
use std::path::Path;
use std::sync::{Arc, OnceLock};

fn caravan() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| crate::load::load_book(Path::new("content/silver-caravan")).0)
}

/// `roll_spec` of `text` at `offset` in `ctx`, in full.
fn read(ctx: &Context, text: &str, offset: usize) -> String {
    let mut diags = Vec::new();
    let spec = roll_spec(ctx, text, offset, &mut diags);
    format!("{spec:?} {diags:?}")
}

/// A term: a name of the book, a near miss, a parenthesised condition.
const TERM: &str = concat!(
    "(wounded|crippled|luck|wisdom|female|woundd|lucky|weapon-use:master|2 luck|3 protective-talisman",
    "|\\(wounded \\| crippled\\)|\\(seduction & female\\)|\\(woundd \\| crippled\\)|\\(!married\\)",
    "|\\(wounded|\\(\\)|\\(a & \\(b \\| c\\)\\))",
);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Read through a file's cache twice, and through another file's
    /// that shares the book's, a roll spec reads as it does alone.
    #[test]
    fn roll_specs_read_the_same_through_the_caches(
        dice in "(2d6|1d6|d6|0d6|2d600|x)",
        terms in proptest::collection::vec(("( ?[+\\-−] ?)", TERM), 0..4),
        tail in "(\\}|\\}\\} x| \\}|\\} \\{luck\\}|)",
    ) {
        let mut text = format!("{{{dice}");
        for (sign, term) in &terms {
            text.push_str(sign);
            text.push_str(term);
        }
        text.push_str(&tail);
        let b = caravan();
        let plain = |file| Context::of(b, file);
        let book = Arc::new(BookCache::default());
        let (one, two) = (AwardCache::sharing(Arc::clone(&book), FileId(1)), AwardCache::sharing(book, FileId(2)));
        let budget = Suggestions::for_file(1000);
        let first = Context { awards: Some(&one), suggestions: Some(&budget), ..plain(FileId(1)) };
        let second = Context { awards: Some(&two), ..plain(FileId(2)) };
        for (ctx, at) in [(&first, 5), (&first, 70), (&second, 9), (&second, 9)] {
            prop_assert_eq!(read(ctx, &text, at), read(&plain(ctx.file), &text, at), "{}", text);
        }
    }
}

/// A parenthesised term is read by the grammar once a book.
#[test]
fn a_parenthesised_roll_spec_is_read_once_a_book() {
    let b = caravan();
    let book = Arc::new(BookCache::default());
    let one = AwardCache::sharing(Arc::clone(&book), FileId(1));
    let ctx = Context {
        awards: Some(&one),
        ..Context::of(b, FileId(1))
    };
    let text = "{2d6 + appearance + (seduction & female)} and prose";
    let mut diags = Vec::new();
    let (spec, len) = roll_spec(&ctx, text, 40, &mut diags).unwrap();
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(len, 41);
    let two = AwardCache::sharing(book, FileId(2));
    let key = &text[..len];
    let (kept, _) = two
        .roll(key)
        .expect("the second file takes it from the book");
    assert_eq!(kept.terms, spec.terms);
    let ctx = Context {
        awards: Some(&two),
        ..Context::of(b, FileId(2))
    };
    let (again, _) = roll_spec(&ctx, text, 7, &mut diags).unwrap();
    assert_eq!(again.span, Some(crate::span::Span::new(FileId(2), 7, 48)));
}
