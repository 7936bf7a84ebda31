//! A book read from files in memory (`load::MemFiles`, what the web page
//! reads) is checked exactly as the same book read from disk: every book
//! of tests/fixtures, and a translation with its source.

use crate::common;
use std::path::{Path, PathBuf};
use tales::check;
use tales::lints::levels::CliLevels;
use tales::load::MemFiles;

/// Every file under `dir`, put under `at` in `files`.
fn add(files: &mut MemFiles, dir: &Path, at: &Path) {
    for path in common::walk(dir) {
        let rel = path.strip_prefix(dir).unwrap();
        files.insert_bytes(at.join(rel), &std::fs::read(&path).unwrap());
    }
}

/// Code, file and line of each finding.
fn found(checked: &tales::report::Checked) -> Vec<(String, String, usize)> {
    common::codes(checked)
}

#[test]
fn every_fixture_book_reads_the_same_from_memory_as_from_disk() {
    let mut compared = 0;
    let mut cases: Vec<PathBuf> = common::walk(Path::new("tests/fixtures"))
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "book.yaml"))
        .filter_map(|p| p.parent().map(Path::to_owned))
        .collect();
    cases.sort();
    for case in cases {
        let mut files = MemFiles::new();
        add(&mut files, &case, Path::new("/book"));
        let disk = check::check_book(&case, String::new(), &CliLevels::default());
        let memory = check::check_book_in(
            &files,
            Path::new("/book"),
            String::new(),
            &CliLevels::default(),
        );
        if disk.book.manifest.translation_of.is_some() {
            continue; // its source is outside the case: compared below
        }
        assert_eq!(found(&memory), found(&disk), "{}", case.display());
        compared += 1;
    }
    assert!(compared >= 15, "only {compared} fixtures compared");
}

#[test]
fn a_translation_reads_its_source_and_lock_from_memory() {
    let mut files = MemFiles::new();
    add(
        &mut files,
        Path::new("content/sunken-lamp"),
        Path::new("/sunken-lamp"),
    );
    add(
        &mut files,
        Path::new("content/sunken-lamp-es"),
        Path::new("/sunken-lamp-es"),
    );
    // A paragraph dropped from the translation: an l10n finding, as on disk.
    let path = Path::new("/sunken-lamp-es/tales/beasts.tales");
    let text = std::fs::read_to_string("content/sunken-lamp-es/tales/beasts.tales").unwrap();
    let cut = &text[..=text.rfind("\n-").unwrap()];
    files.insert(path, cut);
    let memory = check::check_book_in(
        &files,
        Path::new("/sunken-lamp-es"),
        String::new(),
        &CliLevels::default(),
    );
    let codes: Vec<_> = found(&memory).into_iter().map(|(c, _, _)| c).collect();
    assert!(codes.iter().any(|c| c.starts_with("l10n-")), "{codes:?}");
    assert!(memory.l10n.is_some(), "compared with its source");
}
