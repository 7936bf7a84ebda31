//! The book's tutorials run as they are written: each ```` ```sh ```` block
//! of a tutorial runs in a fresh folder holding a copy of the repository's
//! `content/`,
//! and each `$ COMMAND` of a ```` ```console ```` block prints what the page
//! shows after it (no colour, 80 columns), in order, with `tales` on the
//! `PATH`.

use crate::common;
use std::path::Path;
use std::process::Command;

/// The fenced blocks of a Markdown page: (info string, lines).
fn blocks(page: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in page.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(_), Some(block)) => out.push(block),
            (Some(info), None) => open = Some((info.trim().to_owned(), Vec::new())),
            (None, Some(mut block)) => {
                block.1.push(line.to_owned());
                open = Some(block);
            }
            (None, None) => {}
        }
    }
    out
}

/// `script` run by bash in `dir`: its exit status and standard output.
fn bash(dir: &Path, script: &str) -> (bool, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_tales")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", script])
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

/// Lines with their trailing white space dropped, and trailing blank lines.
fn tidy(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end().to_owned()
}

/// Run the page's blocks in order; each finding names the block's command.
fn run_tutorial(page: &str) -> Vec<String> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(repo.join(page)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&repo.join("content"), &dir.path().join("content"));
    let mut wrong = Vec::new();
    let mut ran = 0;
    for (info, lines) in blocks(&text) {
        if info == "sh" {
            let (ok, _) = bash(dir.path(), &lines.join("\n"));
            if !ok {
                wrong.push(format!("{page}: this block failed:\n{}", lines.join("\n")));
            }
            ran += 1;
        } else if info == "console" {
            for (command, shown) in commands(&lines) {
                let (_, printed) = bash(dir.path(), &command);
                if tidy(&printed) != tidy(&shown) {
                    wrong.push(format!(
                        "{page}: `{command}` prints\n{printed}\nbut the page shows\n{shown}"
                    ));
                }
                ran += 1;
            }
        }
    }
    assert!(ran >= 5, "{page} has commands to run");
    wrong
}

/// A console block's commands (`$ COMMAND`) with what the page shows each
/// print.
fn commands(lines: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in lines {
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_owned(), String::new()));
        } else if let Some((_, shown)) = out.last_mut() {
            shown.push_str(line);
            shown.push('\n');
        }
    }
    out
}

#[test]
fn a_designer_s_first_fan_encounter_runs_as_written() {
    let wrong = run_tutorial("docs/tutorials/first-encounter.md");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_translator_s_day_runs_as_written() {
    let wrong = run_tutorial("docs/tutorials/translator.md");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn ci_on_pull_requests_runs_as_written() {
    let wrong = run_tutorial("docs/tutorials/ci.md");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_tutorial_that_no_longer_prints_what_it_shows_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, printed) = bash(dir.path(), "tales --version");
    assert!(ok);
    let lines = vec!["$ tales --version".to_owned(), "tales 0.0.0".to_owned()];
    let (command, shown) = commands(&lines).pop().unwrap();
    assert_eq!(command, "tales --version");
    assert_ne!(tidy(&printed), tidy(&shown), "a wrong output is told apart");
    assert_eq!(
        tidy(&printed),
        format!("tales {}", env!("CARGO_PKG_VERSION"))
    );
}
