//! The command line: argument parsing and exit codes.
//!
//! Exit codes: 0 no error, 1 errors found, 2 the command could not run (no
//! such folder, not a book, bad flags).

mod check;
mod explain;
mod fmt;
mod graph;
mod l10n;
mod play;
mod play_game;
mod reference;
mod render;
mod sim;
mod sim_games;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "tales",
    version,
    about = "Check, play and translate paragraph-book game content"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Read whole books and check their reference graph.
    Check(check::CheckArgs),
    /// Put a book's files in canonical form (never changing what they mean).
    Fmt(fmt::FmtArgs),
    /// Compare a translated book with its source, paragraph by paragraph.
    L10n(l10n::L10nArgs),
    /// Serve the books of the workspace to an editor (Language Server
    /// Protocol over standard input and output).
    #[command(long_about = LSP_HELP)]
    Lsp,
    /// Play a book (or any file of one) by the game's rules.
    Play(play::PlayArgs),
    /// Print the documentation of a lint code, or the book format.
    Explain {
        /// A lint code, e.g. `dangling-reference`, or `format` for the book
        /// format itself.
        code: String,
    },
    /// List every lint code with its default level.
    Lints,
    /// Play a book many times at random and report what its readers meet.
    Sim(sim::SimArgs),
    /// Draw the book's map: a neighbourhood (`--from`) or the overview, as
    /// DOT, Mermaid, SVG or JSON.
    Graph(graph::GraphArgs),
    /// Print the book as one HTML page (two columns, tables, links; a
    /// print stylesheet for A4).
    Render(render::RenderArgs),
}

/// `tales lsp --help`: what the server is, and how to set up an editor.
const LSP_HELP: &str = "\
Serve the books of the workspace to an editor: the Language Server Protocol
over standard input and output. The editor starts `tales lsp` itself; run by
hand, it waits for a client's messages.

It gives every `tales check` finding as you type, go to definition, find
references, hover, completion, symbols and code actions, for `.tales` files
and the YAML files of a book (the folder with `book.yaml` is its root).

Set up an editor (the files are in the `editors/` folder of tales' source):
  Neovim 0.11 or later  editors/neovim/tales.lua into init.lua
  Neovim 0.7 to 0.10    editors/neovim/tales-0.7.lua into init.lua
  VS Code               editors/vscode: npm ci && npm run package, then
                        code --install-extension tales.vsix
  Helix, Zed, others    run `tales lsp` for `.tales` files (and a book's YAML
                        files), with the folder holding `book.yaml` as root
The book's page \"Editor set-up\" (docs/tutorials/editors.md) has each
setup in full.";

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::L10n(args) => l10n::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Lsp => match crate::lsp::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("the language server stopped: {e}")),
        },
        Command::Sim(args) => sim::run(&args),
        Command::Graph(args) => graph::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Explain { code } => explain::explain(&code),
        Command::Lints => explain::list(),
    }
}

/// The book's command-line reference (`docs/cli.md`): every command's
/// `--help` as Markdown, from the clap definitions.
pub fn reference() -> String {
    use clap::CommandFactory as _;
    reference::markdown(&Cli::command())
}

/// The book around the current folder (it or a folder above it holds
/// `book.yaml`), for a command given no path: never the books below it.
fn book_here() -> Result<std::path::PathBuf, String> {
    crate::load::find_book_root(std::path::Path::new(".")).map_err(|_| {
        "no book here: no book.yaml in the current folder or any folder above it \
         (name a book folder, a file of one, or a folder of books)"
            .to_owned()
    })
}

/// The book `path` names (the book around it), or the book around the
/// current folder when there is no path.
fn book_at(path: Option<&std::path::Path>) -> Result<std::path::PathBuf, String> {
    match path {
        Some(p) => crate::load::find_book_root(p).map_err(|e| e.to_string()),
        None => book_here(),
    }
}

/// Write a command's output to `file`, or to standard output.
fn write_out(file: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    use std::io::Write as _;
    if let Some(f) = file {
        std::fs::write(f, text).map_err(|e| format!("cannot write {}: {e}", f.display()))
    } else {
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        Ok(())
    }
}

/// Print a message for a command that could not run, and exit 2.
fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory as _;

    /// Every command under `tales`, with its path (`tales sim merge`);
    /// clap's own `help` commands left out.
    fn commands() -> Vec<(String, clap::Command)> {
        let mut out = Vec::new();
        let mut todo = vec![("tales".to_owned(), Cli::command())];
        while let Some((path, cmd)) = todo.pop() {
            for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
                todo.push((format!("{path} {}", sub.get_name()), sub.clone()));
            }
            out.push((path, cmd));
        }
        out
    }

    /// `tales X --help` describes every command, every argument and every
    /// value a `--format` (or any choice) takes: a new one without its
    /// words fails here.
    #[test]
    fn every_command_argument_and_value_has_help() {
        let mut missing = Vec::new();
        for (path, cmd) in commands() {
            if path != "tales" && cmd.get_about().is_none() {
                missing.push(path.clone());
            }
            for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
                let name = arg.get_id().as_str();
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {name}"));
                }
                let values = if arg.get_action().takes_values() {
                    arg.get_possible_values()
                } else {
                    Vec::new()
                };
                for value in values {
                    if !value.is_hide_set() && value.get_help().is_none() {
                        missing.push(format!("{path} {name}={}", value.get_name()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }

    /// A command that writes a report in a `--format` can write it to a
    /// file with `--output FILE`; so can `play --read`'s proofread.
    #[test]
    fn every_command_that_writes_a_report_takes_output() {
        let mut missing = Vec::new();
        for (path, cmd) in commands() {
            let has = |id: &str| cmd.get_arguments().any(|a| a.get_id().as_str() == id);
            if (has("format") || has("read")) && !has("output") {
                missing.push(path);
            }
        }
        assert!(missing.is_empty(), "no --output: {missing:?}");
    }

    /// `play --as` names every key a spec takes.
    #[test]
    fn play_as_names_every_key() {
        let play = Cli::command().find_subcommand("play").cloned().unwrap();
        let spec = play
            .get_arguments()
            .find(|a| a.get_id() == "character")
            .unwrap();
        let help = spec.get_help().unwrap().to_string();
        for key in crate::play::spec::KEYS {
            assert!(
                help.contains(&format!("`{key}=")),
                "`--as` does not name `{key}=`"
            );
        }
    }

    /// Every command that reads one book takes its path as optional and
    /// finds the book around the current folder without it.
    #[test]
    fn no_command_requires_the_book_s_path() {
        for (path, cmd) in commands() {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "path" || id == "paths" {
                    assert!(!arg.is_required_set(), "`{path}` requires its PATH");
                }
            }
        }
    }
}
