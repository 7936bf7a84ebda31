//! The docs book (`book.toml`, `docs/SUMMARY.md`) holds every page: each
//! page of `docs/` is in the table of contents, each lint page of `lints/`
//! is included from `docs/lints/`, and the command-line reference
//! `docs/cli.md` is what the clap definitions print now
//! (`TALES_BLESS=1 cargo test --test it docs_book` writes the generated parts).

use crate::common;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bless() -> bool {
    std::env::var_os("TALES_BLESS").is_some()
}

fn summary() -> String {
    std::fs::read_to_string(repo().join("docs/SUMMARY.md")).unwrap()
}

/// The pages the table of contents names (`- [Title](page.md)`).
fn chapters(summary: &str) -> BTreeSet<String> {
    summary
        .lines()
        .filter_map(|l| l.split_once("](")?.1.split_once(')'))
        .map(|(page, _)| page.to_owned())
        .collect()
}

/// The lint codes that have a page in `lints/`.
fn lint_codes() -> Vec<String> {
    let mut codes: Vec<String> = std::fs::read_dir(repo().join("lints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".md").map(str::to_owned))
        .collect();
    codes.sort();
    codes
}

#[test]
fn the_cli_reference_is_what_clap_prints() {
    let page = tales::cli::reference();
    for command in [
        "## `tales check`",
        "### `tales l10n export`",
        "### `tales sim merge`",
    ] {
        assert!(page.contains(command), "docs/cli.md has {command}");
    }
    assert!(page.contains("--deny <CODE>"), "check's options are in it");
    common::golden(&repo().join("docs/cli.md"), &page);
}

/// Each command's block in `docs/cli.md` is what `tales COMMAND --help`
/// prints, byte for byte (trailing blanks aside): the compact form where a
/// command has no long help, not clap's long form forced on every command.
#[test]
fn the_cli_reference_is_what_the_binary_prints() {
    let page = std::fs::read_to_string(repo().join("docs/cli.md")).unwrap();
    let commands = [
        "",
        "check",
        "fmt",
        "l10n",
        "l10n export",
        "l10n import",
        "lsp",
        "play",
        "explain",
        "lints",
        "sim",
        "sim merge",
        "graph",
        "render",
    ];
    for command in commands {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tales"))
            .args(command.split_whitespace())
            .arg("--help")
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        let help: Vec<&str> = std::str::from_utf8(&out.stdout)
            .unwrap()
            .lines()
            .map(str::trim_end)
            .collect();
        let block = format!("```text\n{}\n```\n", help.join("\n").trim_end());
        assert!(
            page.contains(&block),
            "docs/cli.md shows `tales {command} --help` as it prints:\n{block}"
        );
    }
}

#[test]
fn every_lint_page_is_in_the_book() {
    let codes = lint_codes();
    assert!(codes.len() > 40, "{codes:?}");
    let mut block = String::new();
    for c in &codes {
        let _ = writeln!(block, "  - [{c}](lints/{c}.md)");
    }
    let summary = summary();
    let (before, rest) = summary.split_once("- [Lints](lints.md)\n").unwrap();
    let mut old_block = String::new();
    for line in rest.lines().take_while(|l| l.starts_with("  - ")) {
        old_block.push_str(line);
        old_block.push('\n');
    }
    let dir = repo().join("docs/lints");
    if bless() {
        let new = format!(
            "{before}- [Lints](lints.md)\n{block}{}",
            &rest[old_block.len()..]
        );
        std::fs::write(repo().join("docs/SUMMARY.md"), new).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for c in &codes {
            let include = format!("{{{{#include ../../lints/{c}.md}}}}\n");
            std::fs::write(dir.join(format!("{c}.md")), include).unwrap();
        }
        return;
    }
    assert_eq!(
        old_block, block,
        "docs/SUMMARY.md lists each lints/*.md under Lints (TALES_BLESS=1 cargo test --test it docs_book)"
    );
    let mut included: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    included.sort();
    let expected: Vec<String> = codes.iter().map(|c| format!("{c}.md")).collect();
    assert_eq!(included, expected, "docs/lints/ has one page a lint");
    for c in &codes {
        let text = std::fs::read_to_string(dir.join(format!("{c}.md"))).unwrap();
        assert_eq!(
            text,
            format!("{{{{#include ../../lints/{c}.md}}}}\n"),
            "docs/lints/{c}.md"
        );
    }
}

#[test]
fn every_page_of_docs_is_in_the_table_of_contents() {
    let listed = chapters(&summary());
    let mut orphans = Vec::new();
    for entry in walkdir_md(&repo().join("docs")) {
        let page = entry.strip_prefix(repo().join("docs")).unwrap();
        let page = page.to_string_lossy().replace('\\', "/");
        if page != "SUMMARY.md" && !listed.contains(&page) {
            orphans.push(page);
        }
    }
    assert!(
        orphans.is_empty(),
        "pages of docs/ that docs/SUMMARY.md does not list (mdBook would leave them out): {orphans:?}"
    );
    for page in &listed {
        assert!(
            repo().join("docs").join(page).is_file(),
            "docs/{page} exists"
        );
    }
    for part in [
        "# Tutorials",
        "# Reference",
        "(format.md)",
        "(cli.md)",
        "(web.md)",
    ] {
        assert!(summary().contains(part), "docs/SUMMARY.md has {part}");
    }
}

/// The `.md` files under `dir`.
fn walkdir_md(dir: &Path) -> Vec<std::path::PathBuf> {
    common::walk(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect()
}
