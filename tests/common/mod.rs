//! Helpers shared by the integration tests.
#![allow(dead_code, unreachable_pub)]

pub mod browser;

use std::path::{Path, PathBuf};
use std::process::Command;
use tales::lints::levels::CliLevels;
use tales::report::{self, Checked, Format, HumanOptions};

/// Say that `test` is skipped and why, where a person running `cargo test`
/// sees it: straight to the standard error, which the test harness does not
/// capture (it captures `println!` and `eprintln!`, shown only for a failing
/// test or with `--nocapture`), and once more through `println!` for
/// `--nocapture` runs that read the standard output.
pub fn skip(test: &str, why: &str) {
    use std::io::Write as _;
    let line = format!("{test}: skipped: {why}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
    print!("{line}");
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Copy a folder tree.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// A copy of a fixture book in a temporary folder, with some files
/// replaced or added (`(path, contents)`).
pub fn book_with(base: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture(base), &dir.path().join("book"));
    for (path, text) in files {
        let p = dir.path().join("book").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// Check a book folder through the library, shown as `book`.
pub fn check(root: &Path) -> Checked {
    check_with(root, &CliLevels::default())
}

pub fn check_with(root: &Path, levels: &CliLevels) -> Checked {
    let root = std::fs::canonicalize(root).unwrap();
    tales::check::check_book(&root, "book".into(), levels)
}

/// The human report as tests compare it: no colour, 80 columns.
pub fn human(checked: &Checked) -> String {
    report::render(
        Format::Human,
        std::slice::from_ref(checked),
        &HumanOptions {
            color: false,
            width: 80,
            summary_only: false,
            findings_only: false,
        },
    )
}

/// `(code, line)` of every finding, for compact assertions.
pub fn codes(checked: &Checked) -> Vec<(String, String, usize)> {
    let json = report::render(
        Format::Json,
        std::slice::from_ref(checked),
        &HumanOptions::default(),
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_owned(),
                d["file"].as_str().unwrap().to_owned(),
                usize::try_from(d["line"].as_u64().unwrap()).unwrap(),
            )
        })
        .collect()
}

pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Run the `tales` binary.
pub fn tales(args: &[&str], cwd: &Path) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_tales"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Compare with a golden file; `TALES_BLESS=1` writes it.
pub fn golden(path: &Path, actual: &str) {
    if std::env::var_os("TALES_BLESS").is_some() || !path.exists() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        assert!(
            std::env::var_os("TALES_BLESS").is_some() || std::env::var_os("CI").is_none(),
            "golden file {} was missing; run the tests locally and commit it",
            path.display()
        );
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        expected.replace("\r\n", "\n"),
        actual,
        "output differs from {} (TALES_BLESS=1 cargo test to update)",
        path.display()
    );
}

/// Every file under `dir`, at any depth.
pub fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The numbers of a text as written (runs of ASCII digits), in order.
pub fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Run `fmt` on a book in place (through the library, with the findings
/// `tales check` gives) and check what `fmt` promises of any book, clean
/// or not: a file with an error is byte for byte as it was; every other
/// file keeps every number and every header line's number as written, and
/// every word but for case; no file is refused (that would be a bug in
/// `fmt`).
pub fn fmt_keeps_what_is_written(root: &Path) -> Result<(), String> {
    let checked = check(root);
    let book = &checked.book;
    let outcomes = tales::fmt::format_book(book, &checked.diagnostics);
    let mut kept = Vec::new();
    for f in &outcomes {
        let source = book.sources.get(f.file);
        let bytes = std::fs::read(&source.path).map_err(|e| e.to_string())?;
        let name = &source.name;
        match &f.outcome {
            tales::fmt::Outcome::Formatted(new) => {
                tales::fmt::write::replace(&source.path, &source.text, new)
                    .map_err(|e| format!("{name}: {e}"))?;
                kept.push((
                    name,
                    source.text.to_string(),
                    std::fs::read_to_string(&source.path).map_err(|e| e.to_string())?,
                ));
            }
            tales::fmt::Outcome::Refused { before, after } => {
                return Err(format!("{name}: refused: {before} -> {after}"));
            }
            tales::fmt::Outcome::HasErrors(_) | tales::fmt::Outcome::Unreadable => {
                if std::fs::read(&source.path).map_err(|e| e.to_string())? != bytes {
                    return Err(format!("{name} has errors and was changed"));
                }
            }
            tales::fmt::Outcome::Unchanged => {}
        }
    }
    for (name, before, after) in kept {
        if numbers(&before) != numbers(&after) {
            return Err(format!("{name}: a number changed:\n{before}\n---\n{after}"));
        }
        let headers = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| tales::fmt::lines::is_header(l))
                .map(|l| numbers(l).join(" "))
                .collect()
        };
        if headers(&before) != headers(&after) {
            return Err(format!("{name}: a header changed"));
        }
        let words = |t: &str| -> Vec<String> {
            t.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect()
        };
        if words(&before) != words(&after) {
            return Err(format!("{name}: a word changed"));
        }
    }
    Ok(())
}
