//! `tales check` as a library call: load, graph, lints, levels; and, for a
//! translation, the comparison with its source.

mod board_names;
mod board_places;
mod free_text;
mod lost_header;
mod lost_names;
mod misspelt_names;
mod read_as_missing;

use crate::diagnostic::Diagnostics;
use crate::diagnostic::Needs;
use crate::graph;
use crate::ir::Book;
use crate::l10n;
use crate::lints::{
    self,
    levels::{CliLevels, Levels},
};
use crate::load;
use crate::report::{Checked, HeldBack};
use std::path::Path;
use std::time::Instant;

/// Prints the time of each phase to standard error when `TALES_TIMINGS` is
/// set (for profiling; not part of any output format).
struct Clock(Option<Instant>);

impl Clock {
    fn start() -> Self {
        Self(std::env::var_os("TALES_TIMINGS").map(|_| Instant::now()))
    }

    fn lap(&mut self, phase: &str) {
        if let Some(t) = &mut self.0 {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let field = |name: &str| {
                status
                    .lines()
                    .find(|l| l.starts_with(name))
                    .map_or("", |l| l[name.len()..].trim())
                    .to_owned()
            };
            eprintln!(
                "{phase:>8}: {:.1} ms (resident {}, peak {})",
                t.elapsed().as_secs_f64() * 1e3,
                field("VmRSS:"),
                field("VmHWM:")
            );
            *t = Instant::now();
        }
    }
}

/// Check one book folder. A translation (`translation-of` in `book.yaml`)
/// is also compared with its source; the source's own findings are not
/// reported.
#[cfg(feature = "disk")]
pub fn check_book(root: &Path, display: String, cli: &CliLevels) -> Checked {
    check_named(root, display, cli, &[])
}

/// [`check_book`], the files read from `vfs` (the web page's files in
/// memory).
pub fn check_book_in(
    vfs: &dyn load::Vfs,
    root: &Path,
    display: String,
    cli: &CliLevels,
) -> Checked {
    let (book, diags) = load::load_book_in(vfs, root, &load::Overlays::new());
    check_loaded(vfs, book, diags, display, cli, &mut Clock(None))
}

/// [`check_book`], for a book some of whose files were named on the command
/// line: a named file that is not part of the book is a finding, not a
/// silent skip.
#[cfg(feature = "disk")]
pub fn check_named(
    root: &Path,
    display: String,
    cli: &CliLevels,
    named: &[std::path::PathBuf],
) -> Checked {
    let mut clock = Clock::start();
    let (mut book, mut diags) = load::load_book(root);
    diags.extend(load::stray_files(&mut book, named));
    check_loaded(&load::Disk, book, diags, display, cli, &mut clock)
}

/// [`check_book`] of a book already loaded (with `load::load_book_with`,
/// the language server's unsaved text included).
#[cfg(feature = "disk")]
pub fn check_loaded_book(book: Book, diags: Diagnostics, cli: &CliLevels) -> Checked {
    check_loaded(
        &load::Disk,
        book,
        diags,
        String::new(),
        cli,
        &mut Clock(None),
    )
}

/// The findings of a book already loaded that is not a translation: the
/// graph, the lints and the levels, with the book only borrowed (the
/// language server keeps it to answer requests).
pub fn findings(book: &Book, mut diags: Diagnostics, cli: &CliLevels) -> Diagnostics {
    diags.extend(analyze(book));
    lost_header::fold_into_the_missing_header(book, &mut diags);
    lost_header::fold_into_the_broken_header(book, &mut diags);
    lost_header::fold_the_letter_into_the_typo(book, &mut diags);
    read_as_missing::fold_into_the_dangling(book, &mut diags);
    misspelt_names::fold_into_the_glossary(book, &mut diags);
    diags.extend(lints::levels::unknown_allows(book));
    let levels = Levels::new(&book.manifest.lints, cli, &mut diags);
    let (diagnostics, _) = hold_back(book, levels.apply(book, diags));
    uncrowd(diagnostics).0
}

fn check_loaded(
    vfs: &dyn load::Vfs,
    mut book: Book,
    diags: Diagnostics,
    display: String,
    cli: &CliLevels,
    clock: &mut Clock,
) -> Checked {
    let root = book.root.clone();
    let Some(source_root) = load::translation_source_in(vfs, &book) else {
        clock.lap("load");
        let mut diags = diags;
        diags.extend(analyze(&book));
        clock.lap("lints");
        return finish(book, diags, display, cli, None);
    };
    let (source, _) = load::load_book_in(vfs, &source_root, &load::Overlays::new());
    let lock = load::read_lock_in(vfs, &root);
    let paths = (root.as_path(), source_root.as_path());
    let (diags, summary) = translation(&source, &mut book, diags, paths, lock.as_ref(), clock);
    finish(book, diags, display, cli, Some(summary))
}

/// The lints of a translation and its comparison with the source, side by
/// side: the comparison's chunks fill a core the lints leave idle.
fn translation(
    s: &Book,
    t: &mut Book,
    diags: Diagnostics,
    (root, source_root): (&Path, &Path),
    lock: Option<&l10n::lock::Lock>,
    clock: &mut Clock,
) -> (Diagnostics, l10n::Summary) {
    t.pending = l10n::pending(s, t);
    let prefix = format!("{}/", load::relative_path(root, source_root));
    let offset = l10n::adopt(s, t, &prefix);
    let lock_findings = lock_findings(t, lock);
    // The comparison is only as whole as the source: what it could not
    // read holds back the translation's l10n findings too.
    let source_damage = s
        .damaged
        .iter()
        .map(|&(file, _)| (crate::span::FileId(file.0 + offset), Needs::WHOLE));
    t.damaged.extend(source_damage);
    clock.lap("load");
    let tr = &*t;
    let (lints, (found, summary)) = crate::par::join(
        || analyze(tr),
        || l10n::compare_adopted(s, tr, offset, lock.map(|l| &l.entries)),
    );
    let found = not_what_its_own_errors_say(&diags, found);
    let mut diags = without_what_the_source_covers(diags);
    diags.extend(without_what_the_source_covers(lints));
    diags.extend(found);
    let mut diags = explained_by_the_comparison(t, diags);
    lost_names::fold_into_the_duplicate(t, &mut diags);
    diags.extend(lock_findings);
    // Checked as written; played and simulated with the source's rules
    // where the translation's glossary gives none.
    l10n::inherit_rules(s, t, offset);
    clock.lap("lints+l10n");
    (diags, summary)
}

/// What of the translation's `l10n.lock` did not read, the file added to
/// its source map (after the source's files: it is not one of the book's
/// own, which `fmt` tidies).
fn lock_findings(t: &mut Book, lock: Option<&l10n::lock::Lock>) -> Diagnostics {
    let Some(lock) = lock.filter(|l| !l.is_clean()) else {
        return Diagnostics::new();
    };
    let file = crate::source::SourceFile::new(
        l10n::lock::FILE.to_owned(),
        lock.path.clone(),
        lock.text.clone(),
    );
    lock.findings(t.sources.add(file))
}

/// `tales l10n SOURCE TRANSLATION`: check both books (in parallel, each read
/// once) and compare the translation with the source.
#[cfg(feature = "disk")]
pub fn check_pair(
    source: (&Path, String),
    translation: (&Path, String),
    cli: &CliLevels,
) -> (Checked, Checked) {
    check_pair_in(&load::Disk, source, translation, cli)
}

/// [`check_pair`], the files read from `vfs`.
pub fn check_pair_in(
    vfs: &dyn load::Vfs,
    source: (&Path, String),
    translation: (&Path, String),
    cli: &CliLevels,
) -> (Checked, Checked) {
    let mut clock = Clock::start();
    let none = load::Overlays::new();
    let ((s, mut sd), (mut t, td)) = crate::par::join(
        || load::load_book_in(vfs, source.0, &none),
        || load::load_book_in(vfs, translation.0, &none),
    );
    clock.lap("load");
    let lock = load::read_lock_in(vfs, translation.0);
    let paths = (translation.0, source.0);
    let (sl, (td, summary)) = crate::par::join(
        || analyze(&s),
        || self::translation(&s, &mut t, td, paths, lock.as_ref(), &mut Clock(None)),
    );
    sd.extend(sl);
    clock.lap("lints+l10n");
    (
        finish(s, sd, source.1, cli, None),
        finish(t, td, translation.1, cli, Some(summary)),
    )
}

/// The graph and the lints.
fn analyze(book: &Book) -> Diagnostics {
    let (graph, typed) = graph::build_walked(book);
    let mut diags = lints::run(book, &graph);
    diags.extend(board_names::check(book, &typed));
    diags
}

/// Levels, then the checked book.
fn finish(
    book: Book,
    mut diags: Diagnostics,
    display: String,
    cli: &CliLevels,
    mut summary: Option<l10n::Summary>,
) -> Checked {
    lost_header::fold_into_the_missing_header(&book, &mut diags);
    lost_header::fold_into_the_broken_header(&book, &mut diags);
    lost_header::fold_the_letter_into_the_typo(&book, &mut diags);
    read_as_missing::fold_into_the_dangling(&book, &mut diags);
    board_places::fold_into_the_definition(&book, &mut diags);
    misspelt_names::fold_into_the_glossary(&book, &mut diags);
    free_text::fold_into_the_slip(&mut diags);
    diags.extend(lints::levels::unknown_allows(&book));
    let levels = Levels::new(&book.manifest.lints, cli, &mut diags);
    let (diagnostics, mut held_back) = hold_back(&book, levels.apply(&book, diags));
    let (diagnostics, crowded) = uncrowd(diagnostics);
    held_back.crowded = crowded;
    if let Some(sum) = &mut summary {
        for d in diagnostics.iter().filter(|d| d.code.starts_with("l10n-")) {
            *sum.by_code.entry(d.code.to_owned()).or_default() += 1;
        }
    }
    Checked {
        display,
        book,
        diagnostics,
        l10n: summary,
        held_back,
    }
}

/// What the findings of a code take for granted, beyond what each says
/// for itself (a dangling reference says what kind of thing it names).
fn needs_of(code: &str) -> Needs {
    match code {
        "unknown-name" | "free-text-effect" => Needs::GLOSSARY.and(Needs::MANIFEST),
        "missing-no-skill" => Needs::MANIFEST,
        "missing-destiny-neighbour" => Needs::PARAGRAPHS,
        "unreachable-paragraph" | "unused-matrix-row" => Needs::WHOLE,
        c if c.starts_with("l10n-") => Needs::WHOLE,
        _ => Needs::NOTHING,
    }
}

/// The most findings of one code shown for one file.
pub const CROWD: usize = 1000;

/// Past [`CROWD`] findings of one code in one file, the rest are counted,
/// not shown: a file of a million copies of one slip is broken wholesale,
/// and its report would be all that anyone sees.
fn uncrowd(diags: Diagnostics) -> (Diagnostics, usize) {
    let mut seen: std::collections::HashMap<(crate::span::FileId, &'static str), usize> =
        std::collections::HashMap::new();
    let mut dropped = 0;
    let kept = diags
        .into_iter()
        .filter(|d| {
            let n = seen.entry((d.primary.span.file, d.code)).or_default();
            *n += 1;
            let keep = *n <= CROWD;
            if !keep {
                dropped += 1;
            }
            keep
        })
        .collect();
    (kept, dropped)
}

/// A comparison finding on an arm's label, chart entry or heading that
/// holds a name or shape the translation's own reading could not read (a
/// wealth level not on its ladder in `{wealth >= respetable}`) is that
/// error's consequence: the condition differs because it could not be read.
/// It is not reported again. So too an award code of the translation with
/// an item it could not read (`[HO]`, `[H1 / -201-]`): the item's error is
/// the one finding, and the comparison is made again once it is fixed.
/// (Structural findings go the other way: the comparison explains them,
/// `explained_by_the_comparison`.)
fn not_what_its_own_errors_say(own: &Diagnostics, found: Diagnostics) -> Diagnostics {
    let mut errors: Vec<(u32, u32)> = own
        .iter()
        .filter(|d| matches!(d.code, "unknown-name" | "syntax-error"))
        .map(|d| (d.primary.span.file.0, d.primary.span.start))
        .collect();
    if errors.is_empty() {
        return found;
    }
    errors.sort_unstable();
    found
        .into_iter()
        .filter(|d| {
            let s = d.primary.span;
            let first = errors.partition_point(|&e| e < (s.file.0, s.start));
            !(matches!(d.code, "l10n-structure-mismatch" | "l10n-award-mismatch")
                && errors
                    .get(first)
                    .is_some_and(|&(f, at)| f == s.file.0 && at < s.end))
        })
        .collect()
}

/// Findings that need a part of the book that could not be read may only
/// follow from that: they are counted, not shown.
fn hold_back(book: &Book, diags: Diagnostics) -> (Diagnostics, HeldBack) {
    let damaged = book
        .damaged
        .iter()
        .fold(Needs::NOTHING, |all, (_, part)| all.and(*part));
    if damaged == Needs::NOTHING {
        return (diags, HeldBack::default());
    }
    let (held, shown): (Diagnostics, Diagnostics) = diags
        .into_iter()
        .partition(|d| d.needs.and(needs_of(d.code)).meets(damaged));
    let because = book
        .damaged
        .iter()
        .map(|(file, _)| book.sources.get(*file).name.clone())
        .collect();
    (
        shown,
        HeldBack {
            count: held.len(),
            because,
            ..HeldBack::default()
        },
    )
}

/// In a translation, whether a paragraph is reachable or a row used is the
/// source's business: a translation in progress reaches less, and what it
/// lacks is reported once, as `l10n-missing-paragraph`; a paragraph or row
/// the source does not have is reported as `l10n-extra-paragraph` or
/// `l10n-structure-mismatch`, not again as unreachable or unused.
fn without_what_the_source_covers(diags: Diagnostics) -> Diagnostics {
    diags
        .into_iter()
        .filter(|d| !matches!(d.code, "unreachable-paragraph" | "unused-matrix-row"))
        .collect()
}

/// In a translation, a paragraph whose tree or references differ from the
/// source's is reported once, by the comparison, which names what the
/// source has: what follows from that in the paragraph itself (a band
/// missing from the roll, a choice left with one option, a skill check
/// without NO SKILL, a reference to a paragraph that does not exist) is
/// not reported again. Nor is a reference, or a section a go-to names
/// (`Ve al párrafo 83 y lee la sección SABIDURÍA`), that differs inside an
/// award code already reported as differing.
fn explained_by_the_comparison(t: &Book, diags: Diagnostics) -> Diagnostics {
    use std::collections::HashSet;
    let by_structure = [
        "roll-coverage",
        "single-choice",
        "missing-no-skill",
        "chart-coverage",
    ];
    if !diags.iter().any(|d| d.code.starts_with("l10n-")) {
        return diags;
    }
    let by_span = crate::ir::ParagraphsBySpan::of(&t.paragraphs);
    let paragraph = |s: crate::span::Span| by_span.at(s);
    let with = |code: &str| -> HashSet<usize> {
        diags
            .iter()
            .filter(|d| d.code == code)
            .filter_map(|d| paragraph(d.primary.span))
            .collect()
    };
    let structure = with("l10n-structure-mismatch");
    let references = with("l10n-reference-mismatch");
    let awards: Vec<crate::span::Span> = diags
        .iter()
        .filter(|d| d.code == "l10n-award-mismatch")
        .map(|d| d.primary.span)
        .collect();
    let overlaps = |a: crate::span::Span, b: crate::span::Span| {
        a.file == b.file && a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1)
    };
    diags
        .into_iter()
        .filter(|d| {
            let here = || paragraph(d.primary.span);
            match d.code {
                c if by_structure.contains(&c) => here().is_none_or(|p| !structure.contains(&p)),
                "dangling-reference" => {
                    here().is_none_or(|p| !references.contains(&p))
                        && !awards.iter().any(|a| overlaps(*a, d.primary.span))
                }
                "l10n-reference-mismatch" => !awards.iter().any(|a| overlaps(*a, d.primary.span)),
                _ => true,
            }
        })
        .collect()
}
