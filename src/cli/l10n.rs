use super::check::{OutputArgs, display};
use crate::load::{self, find_book_root};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct L10nArgs {
    /// The source book (a folder, or a file inside it).
    source: PathBuf,
    /// The translation (a folder, or a file inside it).
    translation: PathBuf,
    /// Record a hash of each translated source paragraph in the
    /// translation's `l10n.lock`, so later runs report the paragraphs whose
    /// source changed (`l10n-stale`).
    #[arg(long)]
    stamp: bool,
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
    if args.stamp {
        match stamp(&source, &translation) {
            Ok(n) => eprintln!(
                "stamped {n} paragraphs in {}",
                translation.join(crate::l10n::lock::FILE).display()
            ),
            Err(e) => {
                return super::fail(&format!("cannot write {}: {e}", crate::l10n::lock::FILE));
            }
        }
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let (s, t) = crate::check::check_pair(
        (&source, display(&cwd, &source)),
        (&translation, display(&cwd, &translation)),
        &levels,
    );
    args.output.finish(vec![s, t])
}

/// Write the translation's lock: the hash of every source paragraph that
/// the translation has.
fn stamp(source: &std::path::Path, translation: &std::path::Path) -> std::io::Result<usize> {
    let (s, _) = load::load_book(source);
    let (t, _) = load::load_book(translation);
    let entries: Vec<(u32, String)> = s
        .paragraphs
        .iter()
        .filter(|p| t.paragraph(p.number).is_some())
        .map(|p| (p.number, crate::l10n::lock::hash(s.sources.slice(p.span))))
        .collect();
    std::fs::write(
        translation.join(crate::l10n::lock::FILE),
        crate::l10n::lock::format(&entries),
    )?;
    Ok(entries.len())
}
