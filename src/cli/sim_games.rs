//! `tales sim PATH --games N [...]` and the merge of its shards.

use super::sim::{Out, SimArgs, SimFormat};
use crate::engine::Engine;
use crate::game::tally::GameTally;
use crate::report::{Checked, Format, HumanOptions};
use crate::sim::games::{self, Counts, GamesOptions};
use crate::sim::games_report::{self, GamesRun};
use crate::sim::report as sim_report;
use crate::sim::tally::{ArmIndex, Tally};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play the games and write the report.
pub(super) fn run(args: &SimArgs, root: &Path, games: u64) -> ExitCode {
    let mut checked = super::sim::check(root);
    let book = &checked.book;
    if let Err(e) = crate::game::board_of(book) {
        return super::fail(&e);
    }
    let points = book.manifest.rules.victory_points.unwrap_or(20);
    if let Some((d, s)) = args.goal
        && u64::from(d) + u64::from(s) != u64::from(points)
    {
        return super::fail(&format!(
            "--goal {d}/{s} adds up to {}, not to the book's victory points ({points})",
            u64::from(d) + u64::from(s)
        ));
    }
    let run = GamesRun {
        book: root.display().to_string(),
        seed: args.seed,
        games,
        players: usize::try_from(args.players).unwrap_or(1),
        goal: args.goal,
        shard: args.shard.unwrap_or((1, 1)),
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => return super::fail(&format!("cannot start threads: {e}")),
    };
    let engine = Engine::checked(book, &checked.diagnostics);
    let opts = GamesOptions {
        games,
        seed: run.seed,
        setup: run.setup(),
        shard: run.shard,
    };
    let arms = ArmIndex::of(book);
    match pool.install(|| games::run(&engine, &arms, &opts)) {
        Ok(counts) => write(&mut checked, &arms, &counts, &run, &args.out),
        Err(e) => super::fail(&e),
    }
}

fn title(book: &crate::ir::Book) -> &str {
    book.manifest
        .title
        .as_ref()
        .map_or("a book", |t| t.value.as_str())
}

/// The JSON report: an encounter run's keys, from the games' encounters
/// (visits, `never_reached` paragraphs, the economy, `raw`), and the
/// games' (`games`, `rounds`, `wins`, `points_by_source`, `raw_games`, and
/// `run`, `encounters`, `deaths` and `broken` as the games count them).
fn report(checked: &Checked, arms: &ArmIndex, (games, tally): &Counts, run: &GamesRun) -> Value {
    let book = &checked.book;
    let (findings, outliers) = findings(book, arms, tally);
    let encounters = sim_report::Run {
        book: run.book.clone(),
        seed: run.seed,
        length: 1,
        encounters: tally.encounters,
        shard: run.shard,
        from: None,
        persona: None,
    };
    let mut v = sim_report::json(book, arms, tally, &encounters, (&findings, &outliers, &[]));
    if let Value::Object(m) = &mut v {
        // Lives' keys that whole games have no use for.
        m.remove("goal");
        m.remove("undecided");
        if let Value::Object(g) = games_report::json(games, run) {
            m.extend(g);
        }
    }
    v
}

/// The games' findings (`never-reached`, outliers) through the book's
/// levels, and the outliers.
fn findings(
    book: &crate::ir::Book,
    arms: &ArmIndex,
    tally: &Tally,
) -> (Vec<crate::diagnostic::Diagnostic>, Vec<sim_report::Outlier>) {
    let graph = crate::graph::build(book);
    let outliers = sim_report::outliers(book, tally);
    let mut found = sim_report::never_reached(book, &graph, arms, tally, &[]);
    found.extend(sim_report::outlier_findings(book, &outliers));
    let cli = crate::lints::levels::CliLevels::default();
    let levels = crate::lints::levels::Levels::new(&book.manifest.lints, &cli, &mut Vec::new());
    (levels.apply(book, found), outliers)
}

/// The report in the format asked for: the text report shows the games'
/// findings first, as an encounter run's does (they replace the check's
/// in `checked`).
fn write(
    checked: &mut Checked,
    arms: &ArmIndex,
    counts: &Counts,
    run: &GamesRun,
    out: &Out,
) -> ExitCode {
    let (games, tally) = counts;
    let title = title(&checked.book);
    let mut v = Value::Null;
    let mut difference = None;
    if let Some(file) = &out.baseline {
        v = report(checked, arms, counts, run);
        match baseline(file, &v) {
            Ok(d) => difference = Some(d),
            Err(e) => return super::fail(&e),
        }
    }
    let moved = difference.as_ref().map_or("", |d| d.0.as_str());
    let text = match out.format {
        SimFormat::Json => {
            if v.is_null() {
                v = report(checked, arms, counts, run);
            }
            if let Some((_, d)) = difference {
                v["baseline"] = d;
            }
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
        }
        SimFormat::Html => games_report::html(title, games, run, moved),
        SimFormat::Human => {
            checked.diagnostics = findings(&checked.book, arms, tally).0;
            let opts = HumanOptions {
                findings_only: true,
                ..HumanOptions::default()
            };
            let (read, results) = sim_report::coverage(&checked.book, tally);
            crate::report::render(Format::Human, std::slice::from_ref(checked), &opts)
                + &games_report::human(games, run)
                + &format!(
                    "coverage: {read}/{results} result paragraphs read in the games' encounters\n"
                )
                + moved
        }
    };
    match super::write_out(out.output.as_deref(), &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&e),
    }
}

/// What moved since the games whose JSON report is `file`.
fn baseline(file: &Path, now: &Value) -> Result<(String, Value), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read the baseline {}: {e}", file.display()))?;
    let old: Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}: the baseline is no JSON ({e}): give a `tales sim --games --format json` report",
            file.display()
        )
    })?;
    crate::sim::games_compare::compare(&old, now).map_err(|e| format!("{}: {e}", file.display()))
}

/// `tales sim merge` of `--games` shards: the same run (book, seed, games,
/// players, goal, N), each K once; their counts added up.
pub(super) fn merge(files: &[PathBuf], out: &Out) -> ExitCode {
    let mut first: Option<GamesRun> = None;
    let mut parts = Vec::new();
    let mut tally = GameTally::default();
    let mut encounters: Option<(Checked, ArmIndex, Tally)> = None;
    for f in files {
        let v = match std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string()))
        {
            Ok(v) => v,
            Err(e) => return super::fail(&format!("cannot read {}: {e}", f.display())),
        };
        let Some(run) = GamesRun::of(&v) else {
            return super::fail(&format!(
                "{} is no `tales sim --games --format json` report",
                f.display()
            ));
        };
        let base = first.get_or_insert_with(|| run.clone());
        let same = GamesRun {
            shard: (run.shard.0, base.shard.1),
            ..base.clone()
        } == run;
        if !same || parts.contains(&run.shard.0) {
            return super::fail(&format!(
                "{} is not another shard of the run of {} (the same book, seed, games, players, goal and N, another K)",
                f.display(),
                files[0].display()
            ));
        }
        parts.push(run.shard.0);
        match serde_json::from_value::<GameTally>(v["raw_games"].clone()) {
            Ok(t) => tally = tally.merge(t),
            Err(e) => return super::fail(&format!("cannot merge {}: {e}", f.display())),
        }
        let (checked, arms, sum) = encounters.get_or_insert_with(|| {
            let checked = super::sim::check(Path::new(&run.book));
            let arms = ArmIndex::of(&checked.book);
            let sum = Tally::new(&checked.book, &arms, 1);
            (checked, arms, sum)
        });
        let n = checked.book.paragraphs.len();
        match Tally::from_raw(&v["raw"], n, (arms.arms.len(), arms.rolls)) {
            Ok(t) => *sum = std::mem::replace(sum, Tally::new(&checked.book, arms, 1)).merge(t),
            Err(e) => return super::fail(&format!("cannot merge {}: {e}", f.display())),
        }
        if let Err(e) = sum.within_bounds() {
            return super::fail(&format!("cannot merge {}: {e}", f.display()));
        }
    }
    let Some(first) = first else {
        return super::fail("nothing to merge");
    };
    let whole = u64::try_from(parts.len()).unwrap_or(0) == first.shard.1;
    let run = GamesRun {
        shard: if whole { (1, 1) } else { first.shard },
        ..first
    };
    let Some((mut checked, arms, sum)) = encounters else {
        return super::fail("nothing to merge");
    };
    write(&mut checked, &arms, &(tally, sum), &run, out)
}
