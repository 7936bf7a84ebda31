//! `tales fmt [PATH...] [--check] [--diff]`.

use crate::check::check_book;
use crate::fmt::{Formatted, Outcome};
use crate::ir::Book;
use crate::lints::levels::CliLevels;
use crate::load::{find_book_root, find_books};
use crate::report::{self, Checked, Format, HeldBack, HumanOptions};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct FmtArgs {
    /// Book folders, files inside books, or folders of books (every book
    /// below). Default: the book around the current folder (never the books
    /// below it).
    paths: Vec<PathBuf>,
    /// Write nothing: list the files that are not formatted, and exit 1 if
    /// there are any.
    #[arg(long)]
    check: bool,
    /// Write nothing: show what would change, as a unified diff (exit 1 if
    /// anything would).
    #[arg(long)]
    diff: bool,
}

/// One book to format, and the files of it named on the command line
/// (none: all of them).
struct Target {
    root: PathBuf,
    named: Vec<PathBuf>,
}

pub(super) fn run(args: &FmtArgs) -> ExitCode {
    let targets = match targets(&args.paths) {
        Ok(t) => t,
        Err(e) => return super::fail(&e),
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let books: Vec<(Book, Vec<Formatted>)> = targets
        .par_iter()
        .map(|t| {
            let t0 = std::time::Instant::now();
            // The book's findings as `tales check` gives them: a file with
            // an error is left as it is.
            let checked = check_book(&t.root, String::new(), &CliLevels::default());
            let (book, diags) = (checked.book, checked.diagnostics);
            let t1 = std::time::Instant::now();
            let mut out = crate::fmt::format_book(&book, &diags);
            if std::env::var_os("TALES_TIMINGS").is_some() {
                eprintln!("check {:?} format {:?}", t1 - t0, t1.elapsed());
            }
            if !t.named.is_empty() {
                out.retain(|f| t.named.contains(&book.sources.get(f.file).path));
            }
            (book, out)
        })
        .collect();
    let mut tally = Tally::default();
    let mut stdout = std::io::stdout().lock();
    let mut with_errors = Vec::new();
    for (book, files) in books {
        let mut errors = Vec::new();
        for f in files {
            let source = book.sources.get(f.file);
            let shown = super::check::display(&cwd, &source.path);
            if let Outcome::HasErrors(d) = f.outcome {
                errors.extend(d);
                tally.untouched.push(shown);
                continue;
            }
            if let Err(e) = tally.file(
                args,
                &shown,
                &source.text,
                &source.path,
                &f.outcome,
                &mut stdout,
            ) {
                return super::fail(&e);
            }
        }
        if errors.is_empty() {
            // The process ends soon: let the OS take the book back rather
            // than freeing a few million small allocations one by one.
            std::mem::forget(book);
        } else {
            with_errors.push(Checked {
                display: super::check::display(&cwd, &book.root),
                book,
                diagnostics: errors,
                l10n: None,
                held_back: HeldBack::default(),
            });
        }
    }
    let _ = stdout.flush();
    if !with_errors.is_empty() {
        let human = HumanOptions {
            color: std::io::stderr().is_terminal(),
            width: super::check::terminal_width(),
            summary_only: false,
            findings_only: true,
        };
        eprint!("{}", report::render(Format::Human, &with_errors, &human));
    }
    eprintln!("{}", tally.summary(args.check || args.diff));
    let code = tally.exit_code(args.check || args.diff);
    // The process ends here; the books need not be freed one by one.
    std::mem::forget(with_errors);
    code
}

/// The books the paths name, each with its named files.
fn targets(paths: &[PathBuf]) -> Result<Vec<Target>, String> {
    if paths.is_empty() {
        // The book around the current folder, never the books below it.
        let root = super::book_here()?;
        return Ok(vec![Target {
            root,
            named: Vec::new(),
        }]);
    }
    let mut targets: Vec<Target> = Vec::new();
    for p in paths {
        let roots = if p.is_file() {
            find_book_root(p).map(|r| vec![r])
        } else {
            find_books(p)
        };
        for root in roots.map_err(|e| e.to_string())? {
            let i = targets
                .iter()
                .position(|t| t.root == root)
                .unwrap_or_else(|| {
                    targets.push(Target {
                        root,
                        named: Vec::new(),
                    });
                    targets.len() - 1
                });
            if p.is_file() {
                let abs = std::fs::canonicalize(p).map_err(|e| e.to_string())?;
                let named = named_path(&targets[i].root, &abs);
                if !is_book_file(&targets[i].root, &named) {
                    return Err(format!(
                        "{} is not a file of the book in {}: `tales fmt` formats the `.tales` files under `tales/` and the book's YAML files",
                        p.display(),
                        targets[i].root.display()
                    ));
                }
                targets[i].named.push(named);
            }
        }
    }
    Ok(targets)
}

/// A file `load` reads as part of the book at `root`.
fn is_book_file(root: &Path, file: &Path) -> bool {
    let Ok(rel) = file.strip_prefix(root) else {
        return false;
    };
    let yaml = ["book.yaml", "glossary.yaml", "matrices.yaml", "cards.yaml"];
    let tales = rel.starts_with("tales") && rel.extension().is_some_and(|e| e == "tales");
    tales || yaml.iter().any(|y| rel == Path::new(y))
}

/// A named file as `load` records its path (the book root joined with the
/// path inside it).
fn named_path(root: &Path, abs: &Path) -> PathBuf {
    abs.strip_prefix(root)
        .map_or_else(|_| abs.to_owned(), |rel| root.join(rel))
}

#[derive(Default)]
struct Tally {
    formatted: usize,
    unchanged: usize,
    untouched: Vec<String>,
    refused: usize,
}

impl Tally {
    fn file(
        &mut self,
        args: &FmtArgs,
        shown: &str,
        read: &str,
        path: &Path,
        outcome: &Outcome,
        out: &mut impl std::io::Write,
    ) -> Result<(), String> {
        match outcome {
            Outcome::Unchanged => self.unchanged += 1,
            Outcome::Formatted(new) => {
                self.formatted += 1;
                if args.diff {
                    let _ = write!(out, "{}", unified(shown, read, new));
                } else if args.check {
                    let _ = writeln!(out, "{shown}");
                } else {
                    crate::fmt::write::replace(path, read, new)
                        .map_err(|e| format!("cannot write {shown}: {e}"))?;
                }
            }
            Outcome::HasErrors(_) => self.untouched.push(shown.to_owned()),
            Outcome::Unreadable => {
                eprintln!("{shown}: not UTF-8 text; left as it is");
                self.untouched.push(shown.to_owned());
            }
            Outcome::Refused { before, after } => {
                eprintln!(
                    "{shown}: not formatted: the formatted file would read differently (a bug in `tales fmt`; please report it)\n  before: {before}\n  after:  {after}"
                );
                self.refused += 1;
                self.untouched.push(shown.to_owned());
            }
        }
        Ok(())
    }

    fn summary(&self, dry: bool) -> String {
        let verb = if dry {
            "would be formatted"
        } else {
            "formatted"
        };
        let mut s = format!(
            "{} {verb}, {} already formatted",
            crate::text::count(self.formatted, "file"),
            self.unchanged
        );
        if !self.untouched.is_empty() {
            let _ = write!(
                s,
                ", {} left as {} (fix the errors above, then run `tales fmt` again)",
                self.untouched.len(),
                if self.untouched.len() == 1 {
                    "it is"
                } else {
                    "they are"
                }
            );
        }
        s
    }

    fn exit_code(&self, dry: bool) -> ExitCode {
        if !self.untouched.is_empty() || (dry && self.formatted > 0) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// A unified diff of one file, `a/` and `b/` as git writes them.
fn unified(shown: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{shown}"), &format!("b/{shown}"))
        .to_string()
}
