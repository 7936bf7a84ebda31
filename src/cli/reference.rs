//! The book's command-line reference (`docs/cli.md`), written from the clap
//! definitions themselves, so the page cannot drift from `--help`
//! (`tests/it/docs_book.rs` holds the file to this text).

use clap::Command;
use std::fmt::Write as _;

/// The reference page: each command's `--help` in full, `tales` first, then
/// its commands in the order `tales --help` lists them, each followed by
/// its own commands (`tales l10n export`).
pub(super) fn markdown(mut tales: Command) -> String {
    tales.build();
    let mut out = String::from(
        "# Command-line reference\n\n\
         <!-- Generated from the clap definitions in src/cli/ by \
         `TALES_BLESS=1 cargo test --test it docs_book`: do not edit by hand. -->\n\n\
         Every command's `--help`, as `tales` prints it. Exit codes: 0 no \
         error, 1 errors found, 2 the command could not run (no such folder, \
         not a book, bad flags).\n",
    );
    section(&mut out, &mut tales, "tales", 1);
    out
}

/// `cmd`'s heading and long help, then its commands' (clap's own `help`
/// command and hidden ones left out).
fn section(out: &mut String, cmd: &mut Command, path: &str, depth: usize) {
    if depth > 1 {
        let hashes = "#".repeat(depth.min(4));
        let _ = write!(out, "\n{hashes} `{path}`\n");
    }
    let help = cmd.render_long_help().to_string();
    let help: Vec<&str> = help.lines().map(str::trim_end).collect();
    let _ = write!(out, "\n```text\n{}\n```\n", help.join("\n").trim_end());
    for sub in cmd
        .get_subcommands_mut()
        .filter(|s| s.get_name() != "help" && !s.is_hide_set())
    {
        let name = format!("{path} {}", sub.get_name());
        section(out, sub, &name, depth + 1);
    }
}
