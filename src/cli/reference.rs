//! The book's command-line reference (`docs/cli.md`), written from the clap
//! definitions themselves, so the page cannot drift from `--help`
//! (`tests/it/docs_book.rs` holds the file to this text).

use clap::Command;
use std::fmt::Write as _;

/// The reference page: each command's `--help` in full, `tales` first, then
/// its commands in the order `tales --help` lists them, each followed by
/// its own commands (`tales l10n export`).
pub(super) fn markdown(tales: &Command) -> String {
    let mut out = String::from(
        "# Command-line reference\n\n\
         <!-- Generated from the clap definitions in src/cli/ by \
         `TALES_BLESS=1 cargo test --test it docs_book`: do not edit by hand. -->\n\n\
         Every command's `--help`, as `tales` prints it. Exit codes: 0 no \
         error, 1 errors found, 2 the command could not run (no such folder, \
         not a book, bad flags).\n",
    );
    let mut paths = Vec::new();
    command_paths(tales, &mut vec![], &mut paths);
    for path in paths {
        if !path.is_empty() {
            let hashes = "#".repeat((path.len() + 1).min(4));
            let _ = write!(out, "\n{hashes} `tales {}`\n", path.join(" "));
        }
        let help = help_text(tales, &path);
        let help: Vec<&str> = help.lines().map(str::trim_end).collect();
        let _ = write!(out, "\n```text\n{}\n```\n", help.join("\n").trim_end());
    }
    out
}

/// The command paths under `cmd` (`[]` for `tales` itself, then `["check"]`,
/// ..., each followed by its own commands: `["l10n", "export"]`), in the
/// order `--help` lists them; clap's own `help` command and hidden ones left
/// out.
fn command_paths(cmd: &Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(path.clone());
    for sub in cmd
        .get_subcommands()
        .filter(|s| s.get_name() != "help" && !s.is_hide_set())
    {
        path.push(sub.get_name().to_owned());
        command_paths(sub, path, out);
        path.pop();
    }
}

/// What `tales PATH... --help` prints: clap's answer to that very command
/// line (the long form only where a command has long help, as `--help`
/// chooses; `render_long_help` would force it on every command).
fn help_text(tales: &Command, path: &[String]) -> String {
    let args = std::iter::once("tales")
        .chain(path.iter().map(String::as_str))
        .chain(std::iter::once("--help"));
    // `--help` always ends the parse with the help, as an "error"
    tales
        .clone()
        .try_get_matches_from(args)
        .map_or_else(|e| e.render().to_string(), |_| String::new())
}
