//! The sample book in `content/` is what the README's first command checks:
//! it checks clean and has the size a newcomer can learn from.

use crate::common;
use std::path::Path;

#[test]
fn the_sample_book_checks_clean_and_is_complete() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let c = common::check(&root);
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    let book = &c.book;
    let charts = book.paragraphs.iter().filter(|p| p.is_chart()).count();
    let results = book.paragraphs.len() - charts;
    assert!(book.matrices.len() >= 8, "{} matrices", book.matrices.len());
    assert!(results >= 100, "{results} result paragraphs");
    assert!(charts >= 4, "{charts} charts");
    assert!(
        !book.cards.character.is_empty()
            && !book.cards.terrain.is_empty()
            && !book.cards.city.is_empty()
    );
    assert!(book.manifest.world.places.len() >= 2);
    assert!(
        book.glossary
            .entries
            .iter()
            .filter(|e| e.encounters.is_some())
            .count()
            >= 2
    );
}

#[test]
fn the_sample_book_uses_no_free_text_effects() {
    // Everything in the sample book is something the engine can apply.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let levels = tales::lints::levels::CliLevels {
        warn: vec!["free-text-effect".into()],
        ..Default::default()
    };
    let c = common::check_with(&root, &levels);
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
}
