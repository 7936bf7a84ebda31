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
pub(super) struct L10nArgs {
    /// The source book (a folder, or a file inside it).
    source: PathBuf,
    /// The translation (a folder, or a file inside it).
    translation: PathBuf,
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

pub(super) fn run(args: &L10nArgs) -> ExitCode {
    let levels = match args.output.levels() {
        Ok(l) => l,
        Err(problem) => return super::fail(&problem),
    };
    let (source, translation) = match (
        find_book_root(&args.source),
        find_book_root(&args.translation),
    ) {
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
        match stamp(&translation, &s, &mut t, only) {
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
/// what was not, and why.
fn stamp(
    translation: &std::path::Path,
    s: &Checked,
    t: &mut Checked,
    only: &[(u32, u32)],
) -> std::io::Result<String> {
    let wanted = |n: u32| only.is_empty() || only.iter().any(|&(a, b)| (a..=b).contains(&n));
    let places = Places::of(&t.book);
    let blocked: HashSet<u32> = t
        .diagnostics
        .iter()
        .filter(|d| {
            d.code != "l10n-stale" && (d.code.starts_with("l10n-") || d.severity == Severity::Error)
        })
        .filter_map(|d| places.at(d.primary.span))
        .collect();
    let mut lock = load::read_lock(translation).unwrap_or_default();
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
        d.code != "l10n-stale" || places.at(d.primary.span).is_none_or(|n| !done.contains(&n))
    });
    if let Some(sum) = &mut t.l10n {
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
        translation.join(crate::l10n::lock::FILE).display()
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
    Ok(report)
}

/// The translation's paragraphs by position, to find the one a span is in
/// by binary search.
struct Places(Vec<(u32, usize, usize, u32)>);

impl Places {
    fn of(book: &crate::ir::Book) -> Places {
        let mut v: Vec<(u32, usize, usize, u32)> = book
            .paragraphs
            .iter()
            .map(|p| {
                (
                    p.header.file.0,
                    p.header.start as usize,
                    (p.span.end.max(p.header.end)) as usize,
                    p.number,
                )
            })
            .collect();
        v.sort_unstable();
        Places(v)
    }

    /// The number of the paragraph a span is in.
    fn at(&self, span: crate::span::Span) -> Option<u32> {
        let key = (span.file.0, span.start as usize);
        let i = self.0.partition_point(|&(f, s, _, _)| (f, s) <= key);
        let &(f, _, end, n) = self.0.get(i.checked_sub(1)?)?;
        (f == span.file.0 && span.end as usize <= end).then_some(n)
    }
}
