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
mod render;
mod sim;

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

/// The book around the current folder (it or a folder above it holds
/// `book.yaml`), for a command given no path: never the books below it.
fn book_here() -> Result<std::path::PathBuf, String> {
    crate::load::find_book_root(std::path::Path::new(".")).map_err(|_| {
        "no book here: no book.yaml in the current folder or any folder above it \
         (name a book folder, a file of one, or a folder of books)"
            .to_owned()
    })
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
