use super::check::{OutputArgs, display};
use crate::diagnostic::Severity;
use crate::l10n::lock::Entry;
use crate::load::{self, find_book_root};
use crate::report::Checked;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct L10nArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// The source book (a folder, or a file inside it).
    #[arg(required = true)]
    source: Option<PathBuf>,
    /// The translation (a folder, or a file inside it).
    #[arg(required = true)]
    translation: Option<PathBuf>,
    /// Record each translated source paragraph (a hash and its words) in
    /// the translation's `l10n.lock`, so later runs report the paragraphs
    /// whose source changed since (`l10n-stale`, with a word diff). Only
    /// paragraphs that compare clean are stamped; give numbers or ranges
    /// (`--stamp 220 231-240`) to stamp just those.
    #[arg(long, num_args = 0.., value_name = "N|N-M")]
    stamp: Option<Vec<String>>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Exchange with CAT tools (Weblate, Crowdin, `OmegaT`, memoQ, Trados).
#[derive(clap::Subcommand, Debug)]
enum Action {
    /// Write the source's text as translation units (one a paragraph's
    /// intro, section or arm, and one a choice's or condition's label),
    /// award codes and references as protected placeholders.
    Export {
        /// The source book.
        source: PathBuf,
        /// A translation whose text becomes the units' targets.
        #[arg(long, value_name = "TRANSLATION")]
        to: Option<PathBuf>,
        /// The exchange format the CAT tool reads.
        #[arg(long, value_enum)]
        format: CatFormat,
        /// Write to FILE instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Write translated units (XLIFF 1.2 or PO, told by the file's
    /// content) into the translation's `.tales` files, then check it.
    Import {
        /// The translated units: an XLIFF 1.2 or PO file, as exported by
        /// `tales l10n export` and translated in a CAT tool.
        file: PathBuf,
        /// The translation to write into (its `translation-of` is the source).
        #[arg(long, value_name = "TRANSLATION")]
        into: PathBuf,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum CatFormat {
    /// XLIFF 1.2 (`OmegaT`, memoQ, Trados, Crowdin).
    Xliff,
    /// Gettext PO (Weblate, Poedit, Crowdin).
    Po,
}

pub(super) fn run(args: &L10nArgs) -> ExitCode {
    match &args.action {
        Some(Action::Export {
            source,
            to,
            format,
            output,
        }) => {
            return export(source, to.as_deref(), *format, output.as_deref());
        }
        Some(Action::Import { file, into }) => return import(file, into),
        None => {}
    }
    let (Some(source_arg), Some(translation_arg)) = (&args.source, &args.translation) else {
        return super::fail("give SOURCE and TRANSLATION, or `export` or `import`");
    };
    let levels = match args.output.levels() {
        Ok(l) => l,
        Err(problem) => return super::fail(&problem),
    };
    let (source, translation) = match (find_book_root(source_arg), find_book_root(translation_arg))
    {
        (Ok(s), Ok(t)) => (s, t),
        (Err(e), _) | (_, Err(e)) => return super::fail(&e.to_string()),
    };
    let only = match args.stamp.as_deref().map(parse_ranges).transpose() {
        Ok(o) => o,
        Err(e) => return super::fail(&format!("--stamp: {e}")),
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let (s, t) = crate::check::check_pair(
        (&source, display(&cwd, &source)),
        (&translation, display(&cwd, &translation)),
        &levels,
    );
    let mut t = t;
    if let Some(only) = &only {
        let shown = display(&cwd, &translation);
        match stamp((&translation, &shown), &s, &mut t, only) {
            Ok(report) => eprintln!("{report}"),
            Err(e) => {
                return super::fail(&format!("cannot write {}: {e}", crate::l10n::lock::FILE));
            }
        }
    }
    args.output.finish(vec![s, t])
}

/// `--stamp 220 231-240`: the numbers to stamp (empty: all).
fn parse_ranges(specs: &[String]) -> Result<Vec<(u32, u32)>, String> {
    specs
        .iter()
        .flat_map(|s| s.split(','))
        .filter(|s| !s.trim().is_empty())
        .map(|spec| {
            let number = |t: &str| {
                t.trim().parse::<u32>().map_err(|_| {
                    format!("`{spec}` is not a paragraph number or a range like `231-240`")
                })
            };
            match spec.split_once(['-', '–']) {
                Some((a, b)) => {
                    let (a, b) = (number(a)?, number(b)?);
                    if a > b {
                        return Err(format!("`{spec}`: a range goes from the lower number up"));
                    }
                    Ok((a, b))
                }
                None => number(spec).map(|n| (n, n)),
            }
        })
        .collect()
}

/// Stamp the translated paragraphs (those in `only`, or all) that compare
/// clean: no finding of the comparison but `l10n-stale` (which the stamp
/// resolves) and no error of `check` inside them. Their `l10n-stale`
/// findings are dropped from the report; a line says what was stamped and
/// what was not, and why, naming the lock as the user names the book
/// (`shown`: relative to the current folder, not the absolute path).
fn stamp(
    (translation, shown): (&std::path::Path, &str),
    s: &Checked,
    t: &mut Checked,
    only: &[(u32, u32)],
) -> std::io::Result<String> {
    let wanted = |n: u32| only.is_empty() || only.iter().any(|&(a, b)| (a..=b).contains(&n));
    let by_span = crate::ir::ParagraphsBySpan::of(&t.book.paragraphs);
    let paragraphs = &t.book.paragraphs;
    let number = |span| by_span.at(span).map(|i| paragraphs[i].number);
    let blocked: HashSet<u32> = t
        .diagnostics
        .iter()
        .filter(|d| {
            d.code != "l10n-stale" && (d.code.starts_with("l10n-") || d.severity == Severity::Error)
        })
        .filter_map(|d| number(d.primary.span))
        .collect();
    let read = load::read_lock(translation).unwrap_or_default();
    let mut lock = read.entries.clone();
    let (mut stamped, mut refused) = (Vec::new(), Vec::new());
    for p in &s.book.paragraphs {
        if !wanted(p.number) || t.book.paragraph(p.number).is_none() {
            continue;
        }
        if blocked.contains(&p.number) {
            refused.push(p.number);
            continue;
        }
        lock.insert(p.number, Entry::of(s.book.sources.slice(p.span)));
        stamped.push(p.number);
    }
    std::fs::write(
        translation.join(crate::l10n::lock::FILE),
        crate::l10n::lock::format(&lock),
    )?;
    let done: HashSet<u32> = stamped.iter().copied().collect();
    t.diagnostics.retain(|d| {
        d.code != crate::l10n::lock::CODE
            && (d.code != "l10n-stale" || number(d.primary.span).is_none_or(|n| !done.contains(&n)))
    });
    if let Some(sum) = &mut t.l10n {
        sum.by_code.remove(crate::l10n::lock::CODE);
        let stale = t
            .diagnostics
            .iter()
            .filter(|d| d.code == "l10n-stale")
            .count();
        if stale == 0 {
            sum.by_code.remove("l10n-stale");
        } else {
            sum.by_code.insert("l10n-stale".to_owned(), stale);
        }
    }
    let mut report = format!(
        "stamped {} in {}",
        crate::text::count(stamped.len(), "paragraph"),
        std::path::Path::new(shown)
            .join(crate::l10n::lock::FILE)
            .display()
    );
    if !refused.is_empty() {
        refused.sort_unstable();
        let _ = write!(
            report,
            "; not stamped, as they have findings: {}",
            refused
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    report.push_str(&dropped(&read, &done));
    Ok(report)
}

/// What the stamp dropped of a lock that did not read all clean (its
/// `l10n-lock-unreadable` findings are then no longer true): said in the
/// stamp's line, with the paragraphs of a merge conflict left unstamped.
fn dropped(read: &crate::l10n::lock::Lock, done: &HashSet<u32>) -> String {
    use crate::l10n::lock::Unread;
    if read.is_clean() {
        return String::new();
    }
    let mut out = format!(
        "; what of {} was not a stamp is dropped",
        crate::l10n::lock::FILE
    );
    let unstamped: Vec<String> = (read.unread.iter())
        .filter_map(|u| match u {
            Unread::Conflict { doubtful, .. } => Some(doubtful),
            Unread::Lines { .. } => None,
        })
        .flatten()
        .filter(|n| !done.contains(n))
        .map(u32::to_string)
        .collect();
    if !unstamped.is_empty() {
        let _ = write!(
            out,
            " (not stamped, as the two sides of its merge conflict differ: {}; stamp them with --stamp {})",
            unstamped.join(", "),
            unstamped.join(",")
        );
    }
    out
}

/// `tales l10n export SOURCE [--to TRANSLATION] --format xliff|po`.
fn export(
    source: &std::path::Path,
    to: Option<&std::path::Path>,
    format: CatFormat,
    output: Option<&std::path::Path>,
) -> ExitCode {
    let root = match find_book_root(source) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
    };
    let (s, _) = load::load_book(&root);
    let t = match to.map(find_book_root).transpose() {
        Ok(t) => t.map(|t| load::load_book(&t).0),
        Err(e) => return super::fail(&e.to_string()),
    };
    let units = crate::l10n::cat::units(&s, t.as_ref());
    let (sl, tl) = (
        &s.manifest.locale.id,
        t.as_ref()
            .map_or("x-target", |t| t.manifest.locale.id.as_str()),
    );
    let text = match format {
        CatFormat::Xliff => crate::l10n::cat::xliff::write(&units, sl, tl),
        CatFormat::Po => crate::l10n::cat::po::write(&units, sl, tl),
    };
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                return super::fail(&format!("cannot write {}: {e}", path.display()));
            }
            let translated = units.iter().filter(|u| u.target.is_some()).count();
            eprintln!(
                "wrote {} units ({translated} with a translation) to {}",
                units.len(),
                path.display()
            );
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}

/// `tales l10n import FILE --into TRANSLATION`.
fn import(file: &std::path::Path, into: &std::path::Path) -> ExitCode {
    let root = match find_book_root(into) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
    };
    let (t, _) = load::load_book(&root);
    let Some(of) = t.manifest.translation_of.as_ref() else {
        return super::fail(&format!(
            "{} says no `translation-of:` in its book.yaml",
            root.display()
        ));
    };
    let source_root = root.join(&of.value);
    let (s, _) = load::load_book(&source_root);
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => return super::fail(&format!("cannot read {}: {e}", file.display())),
    };
    let read = match crate::l10n::cat::import::read(&bytes, &s) {
        Ok(r) => r,
        Err(e) => return super::fail(&format!("cannot read {}: {e}", file.display())),
    };
    let done = match crate::l10n::cat::import::apply(&s, &t, &root, &read.targets) {
        Ok(d) => d,
        Err(e) => return super::fail(&format!("cannot write into {}: {e}", root.display())),
    };
    say_imported(file, &read, &done);
    unknown_units(&read.unknown, &s.root);
    let cwd = std::env::current_dir().unwrap_or_default();
    let checked = crate::check::check_book(
        &root,
        display(&cwd, &root),
        &crate::lints::levels::CliLevels::default(),
    );
    let mut out = std::io::stdout().lock();
    let _ = crate::report::write(
        crate::report::Format::Human,
        std::slice::from_ref(&checked),
        &crate::report::HumanOptions::default(),
        &mut out,
    );
    let refused = !(done.rejected.is_empty() && done.refused.is_empty() && read.unknown.is_empty());
    if checked.errors() > 0 || refused {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What an import wrote, left as it was and refused, on standard error.
fn say_imported(
    file: &std::path::Path,
    read: &crate::l10n::cat::import::Units,
    done: &crate::l10n::cat::import::Imported,
) {
    let mut line = format!(
        "imported {}: {} written, {} unchanged",
        file.display(),
        crate::text::count(done.written.len(), "paragraph"),
        done.unchanged
    );
    if !done.partial.is_empty() {
        let _ = write!(
            line,
            ", {} left as they were (some of their units are not translated: {})",
            done.partial.len(),
            done.partial
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    eprintln!("{line}");
    if read.absent > 0 {
        // Nothing is lost (their paragraphs stay as they are), but a file
        // cut at a unit's end reads like a partial translation.
        eprintln!(
            "note: {} of the source's {} units are not in {} (a file cut short, or an export of part of the book?): their paragraphs were left as they were",
            read.absent,
            read.source_units,
            file.display()
        );
    }
    for (id, why) in &done.rejected {
        eprintln!("error: unit {id}: {why}; its paragraph was left as it was");
    }
    for (path, why, paragraphs) in &done.refused {
        let which = match paragraphs.as_slice() {
            [n] => format!("its paragraph {n} was left as it was"),
            _ => format!(
                "its paragraphs {} were left as they were",
                crate::text::ranges(paragraphs)
            ),
        };
        eprintln!("error: {}: {why}; {which}", path.display());
    }
}

/// The units of an imported file that the source does not have: named (the
/// first ten), and the import exits 1.
fn unknown_units(ids: &[String], source: &std::path::Path) {
    if ids.is_empty() {
        return;
    }
    let shown: Vec<String> = ids
        .iter()
        .take(10)
        .map(|id| format!("`{}`", crate::text::shorten(id, 40)))
        .collect();
    let more = ids.len().saturating_sub(shown.len());
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    eprintln!(
        "error: {} of the file {} no unit of {} (a paragraph it does not have: is the file of another book, or an older export?): {}{more}; ignored",
        crate::text::count(ids.len(), "unit"),
        if ids.len() == 1 { "is" } else { "are" },
        source.display(),
        shown.join(", "),
    );
}
