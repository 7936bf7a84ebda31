//! Lint fixtures: `tests/lints/<code>/<case>/` is a copy of the spec example
//! with one planted defect, and `expected.txt` is what `tales check` prints
//! for it (no colour, 80 columns). `TALES_BLESS=1 cargo test` rewrites the
//! expected files.
//!
//! A case folder holds:
//! - `edits`: replacements in the example's files, as blocks of three lines
//!   `path` / `- old` / `+ new` (`\n` in old or new is a line break); the
//!   old text must occur exactly once;
//! - any other file: added to the book, or replacing the example's;
//! - `levels`: lines `warn CODE`, `allow CODE` or `deny CODE`;
//! - `links`: lines `path -> target`, symlinks to create;
//! - `named`: paths in the book, one a line, named on the command line;
//! - `base`: the fixture book to start from (default `spec-example`;
//!   `spec-example-es` is a translation, with the English example beside it
//!   as its source);
//! - `expected.txt`: the golden output.

use crate::common;
use std::path::{Path, PathBuf};
use tales::lints::LINTS;
use tales::lints::levels::CliLevels;

const SPECIAL: [&str; 6] = ["base", "edits", "levels", "links", "named", "expected.txt"];

fn cases() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lints");
    let mut out = Vec::new();
    for code in std::fs::read_dir(&root).unwrap() {
        let code = code.unwrap().path();
        for case in std::fs::read_dir(&code).unwrap() {
            let case = case.unwrap().path();
            out.push((
                code.file_name().unwrap().to_string_lossy().into_owned(),
                case,
            ));
        }
    }
    out.sort();
    out
}

fn overlay(case: &Path, rel: &Path, book: &Path) {
    for e in std::fs::read_dir(case.join(rel)).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = rel.join(&name);
        if rel.parent() == Some(Path::new("")) && SPECIAL.contains(&name.as_str()) {
            continue;
        }
        if e.file_type().unwrap().is_dir() {
            overlay(case, &rel, book);
        } else {
            std::fs::create_dir_all(book.join(&rel).parent().unwrap()).unwrap();
            std::fs::copy(e.path(), book.join(&rel)).unwrap();
        }
    }
}

fn apply_edits(case: &Path, book: &Path) {
    let Ok(edits) = std::fs::read_to_string(case.join("edits")) else {
        return;
    };
    let lines: Vec<&str> = edits.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        lines.len() % 3,
        0,
        "{}: edits come in blocks of three lines",
        case.display()
    );
    for block in lines.chunks(3) {
        let path = book.join(block[0].trim());
        let old = block[1]
            .strip_prefix("- ")
            .expect("`- old`")
            .replace("\\n", "\n");
        let new = block[2]
            .strip_prefix("+ ")
            .or_else(|| block[2].strip_prefix('+'))
            .expect("`+ new`")
            .replace("\\n", "\n");
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text.matches(&old).count(),
            1,
            "{}: `{old}` must occur once in {}",
            case.display(),
            block[0]
        );
        std::fs::write(&path, text.replace(&old, &new)).unwrap();
    }
}

fn levels(case: &Path) -> CliLevels {
    let mut l = CliLevels::default();
    if let Ok(text) = std::fs::read_to_string(case.join("levels")) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (level, code) = line.trim().split_once(' ').expect("`LEVEL CODE`");
            let list = match level {
                "allow" => &mut l.allow,
                "warn" => &mut l.warn,
                "deny" => &mut l.deny,
                other => panic!("unknown level {other}"),
            };
            list.push(code.trim().to_owned());
        }
    }
    l
}

#[cfg(unix)]
fn links(case: &Path, book: &Path) {
    let Ok(text) = std::fs::read_to_string(case.join("links")) else {
        return;
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (path, target) = line.split_once("->").expect("`path -> target`");
        let p = book.join(path.trim());
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target.trim(), p).unwrap();
    }
}

#[cfg(not(unix))]
fn links(_: &Path, _: &Path) {}

/// A case's book, in a temporary folder (with the English example beside
/// it), and the files it names.
fn book_of(case: &Path) -> (tempfile::TempDir, PathBuf, Vec<PathBuf>) {
    let base = std::fs::read_to_string(case.join("base"))
        .map_or_else(|_| "spec-example".to_owned(), |b| b.trim().to_owned());
    let dir = common::book_with(&base, &[]);
    common::copy_dir(
        &common::fixture("spec-example"),
        &dir.path().join("spec-example"),
    );
    let book = dir.path().join("book");
    overlay(case, Path::new(""), &book);
    apply_edits(case, &book);
    links(case, &book);
    let named: Vec<PathBuf> = std::fs::read_to_string(case.join("named"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| book.join(l.trim()))
        .collect();
    (dir, book, named)
}

#[test]
fn every_lint_fixture_reports_its_code_as_expected() {
    let mut failures = Vec::new();
    for (code, case) in cases() {
        let (_dir, book, named) = book_of(&case);
        let root = std::fs::canonicalize(&book).unwrap();
        let checked = tales::check::check_named(&root, "book".into(), &levels(&case), &named);
        let out = common::human(&checked);
        if !checked.diagnostics.iter().any(|d| d.code == code) {
            failures.push(format!("{}: no `{code}` finding:\n{out}", case.display()));
            continue;
        }
        let result = std::panic::catch_unwind(|| common::golden(&case.join("expected.txt"), &out));
        if result.is_err() {
            failures.push(format!(
                "{}: output differs from expected.txt:\n{out}",
                case.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `fmt` on every fixture (each a book with a defect planted): a file with
/// an error is left byte for byte, and the others keep every number, header
/// and word as written (issue #25: a duplicate header was renumbered).
#[test]
fn fmt_leaves_what_every_fixture_says_as_written() {
    let mut failures = Vec::new();
    for (_, case) in cases() {
        let (_dir, book, _) = book_of(&case);
        if let Err(e) = common::fmt_keeps_what_is_written(&book) {
            failures.push(format!("{}: {e}", case.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_lint_has_a_doc_page_and_a_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixtures: Vec<String> = cases().into_iter().map(|(c, _)| c).collect();
    for lint in LINTS {
        assert!(
            root.join("lints")
                .join(format!("{}.md", lint.code))
                .is_file(),
            "lints/{}.md is missing",
            lint.code
        );
        // Findings of `tales sim`, not `check`: their fixture is a book
        // played in tests/it/sim.rs (tests/fixtures/sim-dice).
        let by_sim = ["never-reached", "award-outlier"].contains(&lint.code);
        assert!(
            by_sim || fixtures.contains(&lint.code.to_owned()),
            "tests/lints/{}/ has no fixture",
            lint.code
        );
        assert!(
            lint.doc.starts_with(&format!("# {}\n", lint.code)),
            "lints/{}.md starts with its code",
            lint.code
        );
        for heading in [
            "## What it finds",
            "## Why it matters",
            "## Example",
            "## How to fix",
        ] {
            assert!(
                lint.doc.contains(heading),
                "lints/{}.md has no `{heading}`",
                lint.code
            );
        }
    }
    for code in &fixtures {
        assert!(
            LINTS.iter().any(|l| l.code == code),
            "tests/lints/{code}/ names no lint"
        );
    }
    for page in std::fs::read_dir(root.join("lints")).unwrap() {
        let name = page.unwrap().file_name().to_string_lossy().into_owned();
        let code = name.trim_end_matches(".md");
        assert!(
            LINTS.iter().any(|l| l.code == code),
            "lints/{name} documents no lint"
        );
    }
}

#[test]
fn messages_are_lowercase_without_a_trailing_period() {
    for (_, case) in cases() {
        let Ok(expected) = std::fs::read_to_string(case.join("expected.txt")) else {
            continue;
        };
        for line in expected.lines() {
            let t = line.trim_start();
            if let Some(msg) = t.strip_prefix("× ").or_else(|| t.strip_prefix("⚠ ")) {
                let first = msg.chars().next().unwrap();
                assert!(
                    !first.is_uppercase(),
                    "{}: message starts uppercase: {msg}",
                    case.display()
                );
                assert!(
                    !msg.ends_with('.'),
                    "{}: message ends with a period: {msg}",
                    case.display()
                );
            }
        }
    }
}
