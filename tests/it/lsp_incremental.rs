//! The language server reads only the file that changed; its findings must
//! still be exactly those of `tales check` on the same text saved. Random
//! edits to the sample book, each made both ways.

use crate::common;
use proptest::prelude::*;
use std::path::Path;
use std::sync::Arc;
use tales::lints::levels::CliLevels;
use tales::lsp::book::OpenBook;

/// What a finding is, for comparing: code, file, span, message.
fn key(book: &tales::ir::Book, d: &tales::diagnostic::Diagnostic) -> String {
    let s = d.primary.span;
    let file = &book.sources.get(s.file).name;
    format!("{} {file}:{}-{} {}", d.code, s.start, s.end, d.message)
}

fn keys(book: &tales::ir::Book, ds: &[tales::diagnostic::Diagnostic]) -> Vec<String> {
    let mut v: Vec<String> = ds.iter().map(|d| key(book, d)).collect();
    v.sort();
    v
}

/// Tokens a tired designer types by mistake.
const TOKENS: &[&str] = &[
    "@9999",
    "@20",
    "\n-40-\n",
    "[S1 / D",
    "]",
    "\n> If you run: ",
    "\nNO SKILL: ",
    "{",
    "é",
    "\n",
    "W+1 (max Riche)",
];

fn edit(text: &str, at: usize, cut: usize, token: &str) -> String {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + cut).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{token}{}", &text[..at], &text[end..])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_server_finds_what_check_finds_after_every_edit(
        edits in proptest::collection::vec((0usize..11, 0usize..100_000, 0usize..40, 0usize..11), 1..6)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        common::copy_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp").as_path(), &root);
        let root = std::fs::canonicalize(root).unwrap();
        let cli = CliLevels::default();
        let mut open = OpenBook::load(&root, &tales::load::Overlays::new(), &cli);
        let files: Vec<_> = common::walk(&root.join("tales"));
        for (f, at, cut, t) in edits {
            let path = &files[f % files.len()];
            let text = std::fs::read_to_string(path).unwrap();
            let new = edit(&text, at, cut, TOKENS[t]);
            std::fs::write(path, &new).unwrap();
            prop_assert!(open.edit(path, Arc::from(new.as_str()), &cli));
            let checked = tales::check::check_book(&root, "book".into(), &cli);
            prop_assert_eq!(keys(&open.book, &open.findings), keys(&checked.book, &checked.diagnostics));
        }
    }
}
