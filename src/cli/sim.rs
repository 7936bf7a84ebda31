//! `tales sim PATH [--encounters N] [--seed S] [--length L] [--threads T]
//! [--format human|json] [--output FILE] [--fail-under COVERAGE]`.

use crate::engine::Engine;
use crate::load::find_book_root;
use crate::report::{self, Checked, Format, HumanOptions};
use crate::sim::{self, report as sim_report, tally::ArmIndex};
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SimFormat {
    Human,
    Json,
}

#[derive(clap::Args, Debug)]
pub(super) struct SimArgs {
    /// A book folder, or any file inside one.
    path: PathBuf,
    /// How many encounters to play.
    #[arg(long, default_value_t = 1_000_000)]
    encounters: u64,
    /// The seed: the same seed gives the same report, whatever the threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Encounters a life: each life starts from a fresh character.
    #[arg(long, default_value_t = 20)]
    length: u64,
    /// Threads to play on (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    format: SimFormat,
    /// Write the report to FILE.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Exit 1 when fewer than this share of result paragraphs is read (0 to 1).
    #[arg(long, value_name = "COVERAGE")]
    fail_under: Option<f64>,
}

pub(super) fn run(args: &SimArgs) -> ExitCode {
    let root = match find_book_root(&args.path) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut checked = crate::check::check_book(
        &root,
        super::check::display(&cwd, &root),
        &crate::lints::levels::CliLevels::default(),
    );
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => return super::fail(&format!("cannot start threads: {e}")),
    };
    let (findings, summary, below) = pool.install(|| simulate(&checked, args));
    let text = match args.format {
        SimFormat::Json => summary,
        SimFormat::Human => {
            checked.diagnostics = findings;
            let opts = HumanOptions {
                findings_only: true,
                ..HumanOptions::default()
            };
            report::render(Format::Human, std::slice::from_ref(&checked), &opts) + &summary
        }
    };
    let written = if let Some(f) = &args.output {
        std::fs::write(f, &text).map_err(|e| format!("cannot write {}: {e}", f.display()))
    } else {
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        Ok(())
    };
    std::mem::forget(checked);
    match written {
        Err(e) => super::fail(&e),
        Ok(()) if below => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// Play the book; its `never-reached` findings, the report (the summary
/// for `human`, everything for `json`) and whether coverage is below
/// `--fail-under`.
fn simulate(
    checked: &Checked,
    args: &SimArgs,
) -> (Vec<crate::diagnostic::Diagnostic>, String, bool) {
    let book = &checked.book;
    let engine = Engine::checked(book, &checked.diagnostics);
    let arms = ArmIndex::of(book);
    let opts = sim::Options {
        encounters: args.encounters,
        seed: args.seed,
        length: args.length,
    };
    let start = Instant::now();
    let tally = sim::run(&engine, &arms, &opts);
    if std::io::stderr().is_terminal() {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "played in {secs:.2} s ({:.0} encounters/s)",
            f64::from(u32::try_from(tally.encounters).unwrap_or(u32::MAX)) / secs
        );
    }
    let graph = crate::graph::build(book);
    let outliers = sim_report::outliers(book, &tally);
    let mut found = sim_report::never_reached(book, &graph, &arms, &tally);
    found.extend(sim_report::outlier_findings(book, &outliers));
    // The book's levels and `allow` comments, as for `check`'s findings.
    let cli = crate::lints::levels::CliLevels::default();
    let levels = crate::lints::levels::Levels::new(&book.manifest.lints, &cli, &mut Vec::new());
    let findings = levels.apply(book, found);
    let summary = match args.format {
        SimFormat::Json => {
            let v = sim_report::json(book, &arms, &tally, args.seed, (&findings, &outliers));
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
        }
        SimFormat::Human => {
            sim_report::human(book, &arms, &tally, (args.seed, args.length), &outliers)
        }
    };
    let (read, results) = sim_report::coverage(book, &tally);
    let below = args.fail_under.is_some_and(|min| {
        let (read, results) = (
            u32::try_from(read).unwrap_or(u32::MAX),
            u32::try_from(results).unwrap_or(u32::MAX),
        );
        f64::from(read) < min * f64::from(results)
    });
    (findings, summary, below)
}
