//! The command line: output formats, exit codes and flags, as golden files
//! under `tests/cli/` (`TALES_BLESS=1 cargo test` rewrites them).

use crate::common;
use common::{fixture, golden, tales};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    fixture("")
}

fn cli_golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cli")
        .join(name)
}

#[test]
fn check_clean_book_exits_0() {
    let out = tales(&["check", "spec-example"], &fixtures());
    assert_eq!(out.code, 0);
    golden(&cli_golden("check-clean.txt"), &out.stdout);
}

#[test]
fn check_without_path_uses_the_book_around_the_current_folder() {
    let out = tales(&["check"], &fixture("spec-example/tales"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("ok: 0 errors"), "{}", out.stdout);
}

#[test]
fn check_a_file_inside_a_book_checks_the_book() {
    let out = tales(&["check", "defects/tales/people.tales"], &fixtures());
    assert_eq!(out.code, 1);
    assert!(out.stdout.contains("paragraph 1010 does not exist"));
}

#[test]
fn human_report_of_a_book_with_defects() {
    let out = tales(&["check", "defects"], &fixtures());
    assert_eq!(out.code, 1);
    golden(&cli_golden("check-defects.txt"), &out.stdout);
}

#[test]
fn json_report() {
    let out = tales(&["check", "defects", "--format", "json"], &fixtures());
    assert_eq!(out.code, 1);
    golden(&cli_golden("check-defects.json"), &out.stdout);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let d = &v["diagnostics"][0];
    for key in [
        "code",
        "severity",
        "file",
        "line",
        "column",
        "end_line",
        "end_column",
        "message",
        "help",
    ] {
        assert!(d.get(key).is_some(), "diagnostic has no `{key}`");
    }
    assert_eq!(v["summary"]["errors"], 2);
    assert_eq!(v["summary"]["warnings"], 1);
    assert_eq!(v["summary"]["paragraphs"], 34);
    assert_eq!(v["summary"]["files"], 11);
}

#[test]
fn github_annotations() {
    let out = tales(&["check", "defects", "--format", "github"], &fixtures());
    assert_eq!(out.code, 1);
    golden(&cli_golden("check-defects.github"), &out.stdout);
    assert!(
        out.stdout
            .lines()
            .all(|l| l.starts_with("::error file=") || l.starts_with("::warning file="))
    );
}

#[test]
fn sarif_report() {
    let out = tales(&["check", "defects", "--format", "sarif"], &fixtures());
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["version"], "2.1.0");
    let run = &v["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), tales::lints::LINTS.len());
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    for r in results {
        let index = usize::try_from(r["ruleIndex"].as_u64().unwrap()).unwrap();
        assert_eq!(rules[index]["id"], r["ruleId"]);
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(uri.starts_with("defects/tales/"), "{uri}");
    }
}

#[test]
fn several_books_in_one_run() {
    let out = tales(
        &[
            "check",
            "spec-example",
            "spec-example-es",
            "defects",
            "--format",
            "json",
        ],
        &fixtures(),
    );
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["summary"]["paragraphs"], 33 + 33 + 34);
    assert!(
        v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["book"] == "defects")
    );
    let human = tales(&["check", "spec-example", "spec-example-es"], &fixtures());
    assert_eq!(human.code, 0);
    assert!(human.stdout.contains("in 2 books"), "{}", human.stdout);
}

#[test]
fn lint_levels_from_the_command_line() {
    let allow = tales(
        &[
            "check",
            "defects",
            "--allow",
            "dangling-reference",
            "--allow",
            "unknown-name",
            "--format",
            "json",
        ],
        &fixtures(),
    );
    assert_eq!(allow.code, 0, "{}", allow.stdout);
    let deny = tales(
        &[
            "check",
            "defects",
            "--allow",
            "dangling-reference",
            "--allow",
            "unknown-name",
            "--deny",
            "warnings",
        ],
        &fixtures(),
    );
    assert_eq!(
        deny.code, 1,
        "--deny warnings makes the unreachable paragraph an error"
    );
    let warn = tales(
        &[
            "check",
            "defects",
            "--warn",
            "dangling-reference",
            "--warn",
            "unknown-name",
        ],
        &fixtures(),
    );
    assert_eq!(warn.code, 0);
}

#[test]
fn lint_levels_from_book_yaml() {
    let d = common::book_with("defects", &[]);
    let book = d.path().join("book/book.yaml");
    let text = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, format!("{text}lints:\n  unreachable-paragraph: deny\n  dangling-reference: allow\n  unknown-name: allow\n")).unwrap();
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let diags = v["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0]["code"], "unreachable-paragraph");
    assert_eq!(diags[0]["severity"], "error");
    // The command line wins over book.yaml.
    let out = tales(
        &["check", "book", "--warn", "unreachable-paragraph"],
        d.path(),
    );
    assert_eq!(out.code, 0);
}

#[test]
fn explain_prints_the_doc_page() {
    for lint in tales::lints::LINTS {
        let out = tales(&["explain", lint.code], &fixtures());
        assert_eq!(out.code, 0);
        let page = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("lints")
                .join(format!("{}.md", lint.code)),
        )
        .unwrap();
        assert_eq!(out.stdout, page);
    }
}

#[test]
fn explain_an_unknown_code_suggests_one() {
    let out = tales(&["explain", "dangling-refs"], &fixtures());
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean `dangling-reference`?"),
        "{}",
        out.stderr
    );
}

#[test]
fn lints_lists_every_code() {
    let out = tales(&["lints"], &fixtures());
    assert_eq!(out.code, 0);
    golden(&cli_golden("lints.txt"), &out.stdout);
}

#[test]
fn commands_that_cannot_run_exit_2() {
    let f = fixtures();
    let no_such = tales(&["check", "no-such-book"], &f);
    assert_eq!(no_such.code, 2);
    assert!(
        no_such.stderr.contains("no such file or folder"),
        "{}",
        no_such.stderr
    );
    let empty = tempfile::tempdir().unwrap();
    let not_a_book = tales(&["check", "."], empty.path());
    assert_eq!(not_a_book.code, 2);
    assert!(
        not_a_book
            .stderr
            .contains("holds no book: no book.yaml in it, under it"),
        "{}",
        not_a_book.stderr
    );
    assert_eq!(
        tales(&["check", "spec-example", "--format", "xml"], &f).code,
        2
    );
    let unknown = tales(&["check", "spec-example", "--deny", "dangling-refs"], &f);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown
            .stderr
            .contains("did you mean `dangling-reference`?")
    );
    assert_eq!(tales(&["frobnicate"], &f).code, 2);
}

#[test]
fn a_folder_of_books_is_checked_book_by_book_with_a_total() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &fixtures().join("spec-example"),
        &dir.path().join("books/first"),
    );
    common::copy_dir(
        &fixtures().join("defects"),
        &dir.path().join("books/second"),
    );
    let out = tales(&["check", "books"], dir.path());
    assert_eq!(out.code, 1);
    let summary: Vec<&str> = out.stdout.lines().rev().take(3).collect();
    assert_eq!(
        summary,
        [
            "failed: 2 errors, 1 warning in 2 books (67 paragraphs, 21 files)",
            "books/second: failed: 2 errors, 1 warning (34 paragraphs, 11 files)",
            "books/first: ok: 0 errors, 0 warnings (33 paragraphs, 10 files)",
        ]
    );
}

#[test]
fn explain_format_prints_the_format_kept_in_step_with_the_shared_spec() {
    let out = tales(&["explain", "format"], &fixtures());
    assert_eq!(out.code, 0);
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/format.md");
    assert_eq!(out.stdout, std::fs::read_to_string(&ours).unwrap());
    assert!(
        out.stdout
            .starts_with("# The book format (contract, version 3)")
    );
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec/FORMAT.md");
    match std::fs::read_to_string(&shared) {
        Ok(spec) => assert_eq!(
            spec, out.stdout,
            "docs/format.md differs from ../shared/spec/FORMAT.md: copy it over"
        ),
        Err(_) => common::skip(
            "explain_format_prints_the_format_kept_in_step_with_the_shared_spec",
            &format!(
                "{} is not beside this clone, so docs/format.md is not compared with it",
                shared.display()
            ),
        ),
    }
}

/// With no path and no book around the current folder, `check` and `fmt`
/// say so and exit 2, as in an empty folder: they never walk into the
/// books below (a scratch folder of other work). A folder named on the
/// command line is still searched downward.
#[test]
fn no_path_and_no_book_around_is_exit_2_not_every_book_below() {
    let scratch = tempfile::tempdir().unwrap();
    common::copy_dir(&fixture("defects"), &scratch.path().join("old/defects"));
    common::copy_dir(
        &fixture("spec-example"),
        &scratch.path().join("spec-example"),
    );
    let check = tales(&["check"], scratch.path());
    assert_eq!(check.code, 2, "{}", check.stdout);
    assert_eq!(check.stdout, "");
    golden(&cli_golden("check-no-book.txt"), &check.stderr);
    let fmt = tales(&["fmt", "--check"], scratch.path());
    assert_eq!(fmt.code, 2, "{}", fmt.stderr);
    assert_eq!(fmt.stderr, check.stderr);
    let named = tales(&["check", "."], scratch.path());
    assert_eq!(named.code, 1, "{}", named.stderr);
    assert!(
        named
            .stdout
            .ends_with("in 2 books (67 paragraphs, 21 files)\n"),
        "{}",
        named.stdout
    );
}

/// `tales lsp --help` says how to set up an editor, and `tales play --help`
/// names every key of `--as`: goldens of the help a newcomer reads.
#[test]
fn help_of_lsp_and_play() {
    for (command, name) in [("lsp", "help-lsp.txt"), ("play", "help-play.txt")] {
        let out = tales(&[command, "--help"], &fixtures());
        assert_eq!(out.code, 0, "{}", out.stderr);
        golden(&cli_golden(name), &out.stdout);
    }
}

/// `sim`, `graph` and `render` find the book around the current folder
/// when no PATH is given, as `check`, `fmt` and `play` do.
#[test]
fn every_command_finds_the_book_around_the_current_folder() {
    let inside = fixture("spec-example/tales");
    for args in [
        &["sim", "--encounters", "100", "--format", "json"][..],
        &["graph", "--format", "json"],
        &["render"],
        &["play", "--at", "101", "--read"],
    ] {
        let out = tales(args, &inside);
        assert_eq!(out.code, 0, "tales {}: {}", args.join(" "), out.stderr);
        let there = tales(&[args, &[".."]].concat(), &inside);
        assert_eq!(out.stdout, there.stdout, "tales {}", args.join(" "));
    }
    let nowhere = tempfile::tempdir().unwrap();
    for command in ["sim", "graph", "render", "play"] {
        let out = tales(&[command], nowhere.path());
        assert_eq!(out.code, 2, "tales {command}");
        assert!(
            out.stderr.starts_with("error: no book here"),
            "{}",
            out.stderr
        );
    }
}

/// Hostile flags of `tales sim --games`: each refused with a clear error
/// and exit 2 (none panics), or, where it is a run, its line that says
/// what was played (a shard of a run, a single game).
#[test]
fn sim_games_hostile_flags_exit_2_with_a_clear_error() {
    use std::fmt::Write as _;
    let f = fixtures();
    let mut log = String::new();
    for flags in [
        "--games 0",
        "--games abc",
        "--games 5 --players 0",
        "--games 5 --players 9",
        "--games 5 --players abc",
        "--games 5 --goal 5",
        "--games 5 --goal 20/20/20",
        "--games 5 --goal 5/5",
        "--games 5 --shard 3/2",
        "--games 5 --shard 0/1",
        "--games 5 --threads 0",
        "--games 5 --baseline no-such.json",
        "--games 5 --baseline spec-example-v3/book.yaml",
        "--games 5 --baseline spec-example-v3",
        "--players 2",
        "--games 3 --shard 2/5",
        "--games 1",
    ] {
        let mut args = vec!["sim", "spec-example-v3"];
        args.extend(flags.split(' '));
        let out = tales(&args, &f);
        assert!(!out.stderr.contains("panicked"), "{flags}: {}", out.stderr);
        let first = out
            .stdout
            .lines()
            .find(|l| l.contains("(seed "))
            .unwrap_or("");
        let _ = writeln!(
            log,
            "$ tales sim spec-example-v3 {flags}\nexit {}\n{first}\n{}",
            out.code, out.stderr
        );
        if flags.starts_with("--games 3") || flags == "--games 1" {
            assert_eq!(out.code, 0, "{flags}: {}", out.stderr);
        } else {
            assert_eq!(out.code, 2, "{flags}");
        }
    }
    golden(&cli_golden("sim-games-flags.txt"), &log);
}
