use crate::lints::levels::CliLevels;
use crate::load::{find_book_root, find_books};
use crate::report::{self, Checked, Format, HumanOptions};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct CheckArgs {
    /// Book folders, files inside books (the book is found by walking up to
    /// `book.yaml`), or folders of books (every book below, four levels
    /// deep). Default: the book around the current folder (never the books
    /// below it).
    paths: Vec<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Output format and lint levels, shared by `check` and `l10n`.
#[derive(clap::Args, Debug)]
pub(super) struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Make a lint an error (`warnings` makes every warning an error).
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
    /// Make a lint a warning.
    #[arg(long, value_name = "CODE")]
    warn: Vec<String>,
    /// Silence a lint.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Show only findings that FILE (written by `--write-baseline`) does not
    /// record; the summary counts those it hides and those since fixed.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write the report (in `--format`) to FILE, and only the human summary
    /// to the terminal: one run gives SARIF and a readable log.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Record today's findings in FILE, for `--baseline` (exit 0).
    #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
    write_baseline: Option<PathBuf>,
}

impl OutputArgs {
    /// The levels, or the message for an unknown code.
    pub(super) fn levels(&self) -> Result<CliLevels, String> {
        let levels = CliLevels {
            allow: self.allow.clone(),
            warn: self.warn.clone(),
            deny: self.deny.clone(),
        };
        match levels.unknown().into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(levels),
        }
    }

    /// Print the report and give the exit code.
    pub(super) fn finish(&self, mut checked: Vec<Checked>) -> ExitCode {
        if let Some(file) = &self.write_baseline {
            let n: usize = checked.iter().map(|c| c.diagnostics.len()).sum();
            if let Err(e) = std::fs::write(file, report::baseline::write(&checked)) {
                return super::fail(&format!("cannot write {}: {e}", file.display()));
            }
            eprintln!(
                "recorded {} in {}",
                crate::text::count(n, "finding"),
                file.display()
            );
            return ExitCode::SUCCESS;
        }
        if let Some(file) = &self.baseline {
            let applied = std::fs::read_to_string(file)
                .map_err(|e| e.to_string())
                .and_then(|t| report::baseline::apply(&t, &mut checked));
            if let Err(e) = applied {
                return super::fail(&format!("cannot use the baseline {}: {e}", file.display()));
            }
        }
        let human = HumanOptions {
            color: std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            width: terminal_width(),
            summary_only: false,
            findings_only: false,
        };
        let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        if let Some(path) = &self.output {
            let written = std::fs::File::create(path).and_then(|f| {
                let mut f = std::io::BufWriter::new(f);
                let plain = HumanOptions {
                    color: false,
                    ..HumanOptions::default()
                };
                report::write(self.format, &checked, &plain, &mut f)?;
                f.flush()
            });
            if let Err(e) = written {
                return super::fail(&format!("cannot write {}: {e}", path.display()));
            }
            let summary = HumanOptions {
                summary_only: true,
                findings_only: false,
                ..human
            };
            let _ = report::write(Format::Human, &checked, &summary, &mut stdout);
            let _ = writeln!(stdout, "the report is in {}", path.display());
        } else {
            // A closed pipe (`tales check | head`) ends the report, not the run.
            let _ = report::write(self.format, &checked, &human, &mut stdout);
        }
        let _ = stdout.flush();
        let code = if checked.iter().any(|c| c.errors() > 0) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        };
        // The process ends here: let the OS take the books back rather than
        // freeing a few million small allocations one by one.
        std::mem::forget(checked);
        code
    }
}

pub(super) fn run(args: &CheckArgs) -> ExitCode {
    let levels = match args.output.levels() {
        Ok(l) => l,
        Err(problem) => return super::fail(&problem),
    };
    // Each book, with the files named inside it. No path: the book around
    // the current folder, never the books below it.
    let mut roots: Vec<(PathBuf, Vec<PathBuf>)> = Vec::new();
    if args.paths.is_empty() {
        match super::book_here() {
            Ok(root) => roots.push((root, Vec::new())),
            Err(e) => return super::fail(&e),
        }
    }
    for p in &args.paths {
        // A file names its book; a folder is a book, or holds books.
        let found = if p.is_file() {
            find_book_root(p).map(|r| vec![r])
        } else {
            find_books(p)
        };
        let found = match found {
            Ok(found) => found,
            Err(e) => return super::fail(&e.to_string()),
        };
        for root in found {
            let i = roots
                .iter()
                .position(|(r, _)| *r == root)
                .unwrap_or_else(|| {
                    roots.push((root, Vec::new()));
                    roots.len() - 1
                });
            if p.is_file() {
                roots[i].1.push(p.clone());
            }
        }
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let checked: Vec<_> = roots
        .par_iter()
        .map(|(root, named)| crate::check::check_named(root, display(&cwd, root), &levels, named))
        .collect();
    args.output.finish(checked)
}

/// A book folder relative to the current folder (`content/book`,
/// `../shared/spec/example`), `/` as separator.
pub(super) fn display(cwd: &Path, root: &Path) -> String {
    let cwd = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_owned());
    crate::load::relative_path(&cwd, root)
}

/// The width to wrap to: `COLUMNS` when set, else the terminal's, else 100.
pub(super) fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .filter(|&w: &usize| w >= 40)
        .unwrap_or(100)
}
