//! `tales sim [PATH] [...]` and `tales sim merge SHARD.json... [--format F]`.

use crate::engine::{Engine, Start};
use crate::report::{self, Checked, Format, HumanOptions};
use crate::sim::report::{self as sim_report, Run};
use crate::sim::{self, Lives, Persona, tally::ArmIndex, tally::Tally};
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SimFormat {
    /// Text for the terminal: tables, and bars for the points.
    Human,
    /// One JSON object, for `--baseline`, `tales sim merge` and scripts.
    Json,
    /// One self-contained page with SVG charts.
    Html,
}

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct SimArgs {
    #[command(subcommand)]
    merge: Option<SimCommand>,
    /// A book folder, or any file inside one. Default: the book around the
    /// current folder.
    path: Option<PathBuf>,
    /// How many encounters to play.
    #[arg(long, default_value_t = 1_000_000)]
    encounters: u64,
    /// The seed: the same seed gives the same report, whatever the threads.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Encounters a life: each life starts from a fresh character.
    #[arg(long, default_value_t = 20)]
    length: u64,
    /// Start every life here (targeted lives), as `play --at` takes it:
    /// `328`, `@F:Terrible`, `@K`, `@city-of-brass`, or a status with
    /// encounters (`imprisoned`).
    #[arg(long, value_name = "REF")]
    from: Option<String>,
    /// The character of every life, as `play --as` takes it: `skills=piety*,seamanship
    /// gender=female space=Basra time=noon wealth=Poor destiny=3 story=1
    /// statuses=wounded treasures=ebony-horse` (`*` = Master), or a YAML
    /// file of those keys; the keys left out stay random.
    #[arg(long = "as", value_name = "SPEC")]
    character: Option<String>,
    /// Threads to play on (default: every core).
    #[arg(long, value_name = "T", value_parser = parse_threads)]
    pub(super) threads: Option<usize>,
    /// Play only the Kth of N equal parts of the run (`tales sim merge` adds
    /// the parts' JSON reports up to the whole run's, count for count).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub(super) shard: Option<(u64, u64)>,
    #[command(flatten)]
    pub(super) out: Out,
    /// Play N whole games instead of encounters (FORMAT.md 9.5; the book
    /// needs board.yaml): game length, wins by seat and goal, points by
    /// source, deaths.
    #[arg(long, value_name = "N", value_parser = parse_games, conflicts_with_all = ["from", "character", "fail_under"])]
    pub(super) games: Option<u64>,
    /// Players a game, with --games (1 to 6; a simulation may play one alone).
    #[arg(long, default_value_t = 3, requires = "games", value_parser = parse_players)]
    pub(super) players: u64,
    /// Every player's secret split of `rules.victory-points`, DESTINY/STORY
    /// (e.g. 8/12), with --games; drawn for each player when left out.
    #[arg(long, value_name = "D/S", requires = "games", value_parser = crate::sim::games_report::parse_goal)]
    pub(super) goal: Option<(u32, u32)>,
    /// Exit 1 when fewer than this share of result paragraphs is read (0 to 1).
    #[arg(long, value_name = "COVERAGE")]
    fail_under: Option<f64>,
}

#[derive(clap::Subcommand, Debug)]
enum SimCommand {
    /// Add up shards' JSON reports (`--shard K/N --format json`) and print
    /// the report of the whole run.
    Merge {
        /// The shards' JSON reports, one a shard (`--shard K/N --format
        /// json --output FILE`).
        #[arg(required = true, value_name = "SHARD.json")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        out: Out,
    },
}

#[derive(clap::Args, Debug)]
pub(super) struct Out {
    /// How to write the report.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub(super) format: SimFormat,
    /// Write the report to FILE.
    #[arg(long, value_name = "FILE")]
    pub(super) output: Option<PathBuf>,
    /// An earlier run's JSON report: say what moved since.
    #[arg(long, value_name = "FILE")]
    pub(super) baseline: Option<PathBuf>,
}

/// `--threads T`: 1 or more (left out, every core).
fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err(
            "0 threads play nothing: give 1 or more, or leave --threads out for every core"
                .to_owned(),
        ),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is no number of threads: give 1 or more")),
    }
}

/// `--players P`: 1 to 6.
fn parse_players(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n @ 1..=6) => Ok(n),
        _ => Err(format!("`{s}` is no number of players: give 1 to 6")),
    }
}

/// `--games N`: 1 or more (a shard of a run may still hold none).
fn parse_games(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("0 games tell nothing: give 1 or more".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is no number of games: give 1 or more")),
    }
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{s}` is no shard: write K/N, 1 ≤ K ≤ N, e.g. 2/4");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub(super) fn run(args: &SimArgs) -> ExitCode {
    if let Some(SimCommand::Merge { files, out }) = &args.merge {
        return merge(files, out);
    }
    let root = match super::book_at(args.path.as_deref()) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    if let Some(games) = args.games {
        return super::sim_games::run(args, &root, games);
    }
    let checked = check(&root);
    let lives = match lives(
        &checked.book,
        args.from.as_deref(),
        args.character.as_deref(),
    ) {
        Ok(l) => l,
        Err(e) => return super::fail(&e),
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => return super::fail(&format!("cannot start threads: {e}")),
    };
    let run = Run {
        book: root.display().to_string(),
        seed: args.seed,
        length: args.length,
        encounters: args.encounters,
        shard: args.shard.unwrap_or((1, 1)),
        from: args.from.clone(),
        persona: args.character.clone(),
    };
    let arms = ArmIndex::of(&checked.book);
    let tally = pool.install(|| play(&checked, &arms, &run, &lives));
    let decided = pool.install(|| decide(&checked, &arms, &tally, &run, &lives));
    finish(
        checked,
        (&arms, &tally, &decided),
        &run,
        &args.out,
        args.fail_under,
    )
}

pub(super) fn check(root: &std::path::Path) -> Checked {
    let cwd = std::env::current_dir().unwrap_or_default();
    let levels = crate::lints::levels::CliLevels::default();
    crate::check::check_book(root, super::check::display(&cwd, root), &levels)
}

/// `--from` and `--as`, read against the book: a usage error when either
/// names nothing in it.
fn lives(book: &crate::ir::Book, from: Option<&str>, spec: Option<&str>) -> Result<Lives, String> {
    let from = match from {
        Some(at) => Some(Start::At(super::play::named_target(book, at, "--from")?)),
        None => None,
    };
    let persona = match spec {
        Some(spec) => Some(
            super::play::as_pairs(spec)
                .and_then(|pairs| Persona::new(book, &pairs))
                .map_err(|e| format!("--as: {e}"))?,
        ),
        None => None,
    };
    Ok(Lives { from, persona })
}

fn play(checked: &Checked, arms: &ArmIndex, run: &Run, lives: &Lives) -> Tally {
    let engine = Engine::checked(&checked.book, &checked.diagnostics);
    let opts = sim::Options {
        encounters: run.encounters,
        seed: run.seed,
        length: run.length,
        shard: run.shard,
        lives: lives.clone(),
    };
    let start = Instant::now();
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let tally = std::thread::scope(|scope| {
        if std::io::stderr().is_terminal() {
            scope.spawn(|| progress(&done, &finished, run));
        }
        let tally = sim::run_counting(&engine, arms, &opts, &done);
        finished.store(true, Ordering::Relaxed);
        tally
    });
    if std::io::stderr().is_terminal() {
        let secs = start.elapsed().as_secs_f64();
        let n = f64::from(u32::try_from(tally.encounters).unwrap_or(u32::MAX));
        eprintln!("played in {secs:.2} s ({:.0} encounters/s)", n / secs);
    }
    tally
}

/// The arms no reader took, decided (targeted lives played where the run
/// alone cannot tell).
fn decide(
    checked: &Checked,
    arms: &ArmIndex,
    tally: &Tally,
    run: &Run,
    lives: &Lives,
) -> Vec<sim::decide::Decision> {
    let engine = Engine::checked(&checked.book, &checked.diagnostics);
    let budget = sim::decide::budget(run.encounters / run.length.max(1));
    let mut decided =
        sim::decide::decide(&engine, arms, tally, lives, (run.seed, run.length, budget));
    if let Some(persona) = &lives.persona {
        sim::by_persona::reclassify(&checked.book, arms, &mut decided, persona);
    }
    decided
}

/// A progress bar on the terminal, once a run has taken a second.
fn progress(done: &AtomicU64, finished: &AtomicBool, run: &Run) {
    let tick = std::time::Duration::from_millis(100);
    for _ in 0..10 {
        if finished.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(tick);
    }
    let total = sim::shard_encounters(run.encounters, run.length, run.shard);
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} encounters, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    while !finished.load(Ordering::Relaxed) {
        bar.set_position(done.load(Ordering::Relaxed));
        std::thread::sleep(tick);
    }
    bar.finish_and_clear();
}

/// The report of a tally: findings through the book's levels, then the
/// format asked for; the exit code.
fn finish(
    mut checked: Checked,
    (arms, tally, decided): (&ArmIndex, &Tally, &[sim::decide::Decision]),
    run: &Run,
    out: &Out,
    fail_under: Option<f64>,
) -> ExitCode {
    let book = &checked.book;
    let graph = crate::graph::build(book);
    let outliers = sim_report::outliers(book, tally);
    let mut found = sim_report::never_reached(book, &graph, arms, tally, decided);
    found.extend(sim_report::outlier_findings(book, &outliers));
    let cli = crate::lints::levels::CliLevels::default();
    let levels = crate::lints::levels::Levels::new(&book.manifest.lints, &cli, &mut Vec::new());
    let findings = levels.apply(book, found);
    let (read, results) = sim_report::coverage(book, tally);
    let below = fail_under.is_some_and(|min| {
        let read = f64::from(u32::try_from(read).unwrap_or(u32::MAX));
        read < min * f64::from(u32::try_from(results).unwrap_or(u32::MAX))
    });
    let mut v = sim_report::json(book, arms, tally, run, (&findings, &outliers, decided));
    if run.persona.is_some() {
        let closed = sim::by_persona::paragraphs(book, &graph, arms, tally, decided);
        v["excluded_by_as"] = sim::by_persona::json(book, arms, decided, &closed);
    }
    let difference = match &out.baseline {
        Some(f) => match baseline(f, &v) {
            Ok(d) => Some(d),
            Err(e) => return super::fail(&e),
        },
        None => None,
    };
    checked.diagnostics = findings;
    let text = render(
        out.format,
        &checked,
        (arms, tally, run),
        v,
        difference.as_ref(),
        (&outliers, decided),
    );
    std::mem::forget(checked);
    let written = super::write_out(out.output.as_deref(), &text);
    match written {
        Err(e) => super::fail(&e),
        Ok(()) if below => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// The report in the format asked for: `v` is the JSON report, the
/// difference a baseline made is added to it.
fn render(
    format: SimFormat,
    checked: &Checked,
    (arms, tally, run): (&ArmIndex, &Tally, &Run),
    mut v: serde_json::Value,
    difference: Option<&(String, serde_json::Value)>,
    found: (&[sim_report::Outlier], &[sim::decide::Decision]),
) -> String {
    let book = &checked.book;
    match format {
        SimFormat::Json => {
            if let Some((_, d)) = difference {
                v["baseline"] = d.clone();
            }
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
        }
        SimFormat::Html => {
            let title = book
                .manifest
                .title
                .as_ref()
                .map_or("a book", |t| t.value.as_str());
            crate::sim::html::page(
                title,
                &checked.display,
                &v,
                difference.map(|d| d.0.as_str()),
            )
        }
        SimFormat::Human => {
            let mut summary = sim_report::human(book, arms, tally, run, found);
            if let Some(spec) = &run.persona {
                summary.push_str(&sim::by_persona::line(spec, &v["excluded_by_as"]));
            }
            if let Some((t, _)) = difference {
                summary.push_str(t);
            }
            let opts = HumanOptions {
                findings_only: true,
                ..HumanOptions::default()
            };
            report::render(Format::Human, std::slice::from_ref(checked), &opts) + &summary
        }
    }
}

/// What moved since the run whose JSON report is `file`.
fn baseline(
    file: &std::path::Path,
    now: &serde_json::Value,
) -> Result<(String, serde_json::Value), String> {
    let old: serde_json::Value = std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        .map_err(|e| format!("cannot read the baseline {}: {e}", file.display()))?;
    crate::sim::compare::compare(&old, now).map_err(|e| format!("{}: {e}", file.display()))
}

/// `tales sim merge`: shards of one run, added up.
fn merge(files: &[PathBuf], out: &Out) -> ExitCode {
    let mut shards = Vec::new();
    for f in files {
        let read = std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string()));
        // The first report is of whole games: they merge as games.
        if shards.is_empty()
            && let Ok(v) = &read
            && v.get("games").is_some()
        {
            return super::sim_games::merge(files, out);
        }
        match read.map(|v| (Run::of(&v), v)) {
            Ok((Some(run), v)) => shards.push((f, run, v)),
            Ok((None, _)) => {
                return super::fail(&format!(
                    "{} is no `tales sim --format json` report (its `run` needs a book, seed, length, encounters and shard K/N, 1 ≤ K ≤ N)",
                    f.display()
                ));
            }
            Err(e) => return super::fail(&format!("cannot read {}: {e}", f.display())),
        }
    }
    let first = shards[0].1.clone();
    let mut parts: Vec<u64> = Vec::new();
    for (f, run, _) in &shards {
        let same = run.book == first.book
            && run.seed == first.seed
            && run.length == first.length
            && run.encounters == first.encounters
            && run.shard.1 == first.shard.1
            && run.from == first.from
            && run.persona == first.persona;
        if !same || parts.contains(&run.shard.0) {
            return super::fail(&format!(
                "{} is not another shard of the run of {} (the same book, seed, length, encounters, --from, --as and N, another K)",
                f.display(),
                files[0].display()
            ));
        }
        parts.push(run.shard.0);
    }
    let checked = check(std::path::Path::new(&first.book));
    let arms = ArmIndex::of(&checked.book);
    let mut tally = Tally::new(&checked.book, &arms, first.length);
    for (f, _, v) in &shards {
        match Tally::from_raw(
            &v["raw"],
            checked.book.paragraphs.len(),
            (arms.arms.len(), arms.rolls),
        ) {
            Ok(t) if t.goal.len() == tally.goal.len() => {
                tally = tally.merge(t);
                if let Err(e) = tally.within_bounds() {
                    return super::fail(&format!("cannot merge {}: {e}", f.display()));
                }
            }
            Ok(_) => {
                return super::fail(&format!(
                    "cannot merge {}: its lives are of another length",
                    f.display()
                ));
            }
            Err(e) => return super::fail(&format!("cannot merge {}: {e}", f.display())),
        }
    }
    // Every part of the run: the report of the whole run.
    let whole = u64::try_from(parts.len()).unwrap_or(0) == first.shard.1;
    let run = Run {
        shard: if whole { (1, 1) } else { first.shard },
        ..first
    };
    let lives = match lives(&checked.book, run.from.as_deref(), run.persona.as_deref()) {
        Ok(l) => l,
        Err(e) => return super::fail(&format!("cannot merge: {e}")),
    };
    let decided = decide(&checked, &arms, &tally, &run, &lives);
    finish(checked, (&arms, &tally, &decided), &run, out, None)
}
