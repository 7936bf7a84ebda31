//! `tales sim PATH --games N [...]` and the merge of its shards.

use super::sim::{Out, SimArgs, SimFormat};
use crate::diagnostic::Diagnostic;
use crate::engine::Engine;
use crate::game::tally::GameTally;
use crate::report::Checked;
use crate::sim::decide::Decision;
use crate::sim::games::{self, Counts, GamesOptions};
use crate::sim::games_decide;
use crate::sim::games_report::{self, GamesRun};
use crate::sim::report as sim_report;
use crate::sim::tally::{ArmIndex, Tally};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play the games and write the report.
pub(super) fn run(args: &SimArgs, root: &Path, games: u64) -> ExitCode {
    let checked = super::sim::check(root);
    let book = &checked.book;
    if checked.errors() > 0 {
        return refuse_errors(&checked);
    }
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
        Ok(counts) => write(checked, &arms, &counts, &run, &args.out),
        Err(e) => super::fail(&e),
    }
}

/// A book with errors plays no whole games: a game's numbers on a broken
/// board, deck or rule would be taken for the book's (exit 1, the errors
/// said, at most 10 of them).
fn refuse_errors(checked: &Checked) -> ExitCode {
    let n = checked.errors();
    eprintln!(
        "error: the book has {n} {}: whole games need a book without errors; fix {} first (`tales check` shows {}):",
        if n == 1 { "error" } else { "errors" },
        if n == 1 { "it" } else { "them" },
        if n == 1 { "it" } else { "them all" },
    );
    let errors = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error);
    for d in errors.take(10) {
        let at = crate::report::position_of(checked, d.primary.span);
        eprintln!("  error[{}] {at}: {}", d.code, d.message);
    }
    if n > 10 {
        eprintln!("  ... and {} more", n - 10);
    }
    ExitCode::from(1)
}

fn title(book: &crate::ir::Book) -> &str {
    book.manifest
        .title
        .as_ref()
        .map_or("a book", |t| t.value.as_str())
}

/// What the games never reached, decided with targeted games
/// (`sim::games_decide`), and the award outliers: the findings through the
/// book's levels, the decisions, and the targeted games played.
fn findings(checked: &Checked, arms: &ArmIndex, (games, tally): &Counts, run: &GamesRun) -> Found {
    let book = &checked.book;
    let graph = crate::graph::build(book);
    let engine = Engine::checked(book, &checked.diagnostics);
    let targets = games_decide::Targets {
        seed: run.seed,
        setup: run.setup(),
        budget: games_decide::budget(games.games),
    };
    let reached = games_decide::decide(&engine, arms, (tally, games), targets);
    let headers: std::collections::HashSet<crate::span::Span> = (0..book.paragraphs.len())
        .filter(|&i| reached.read[i])
        .chain(reached.unsure.iter().copied())
        .map(|i| book.paragraphs[i].header)
        .collect();
    let outliers = sim_report::outliers(book, tally);
    let within = format!(
        "{} games ({} encounters) and {} targeted games",
        sim_report::count(games.games),
        sim_report::count(tally.encounters),
        sim_report::count(reached.games)
    );
    let mut found =
        sim_report::never_reached(book, &graph, arms, (tally, Some(&within)), &reached.decided);
    found.retain(|d| !headers.contains(&d.primary.span));
    // The evidence of an arm is targeted games here, not lives.
    for d in &mut found {
        d.help = d
            .help
            .take()
            .map(|h| h.replace(" lives played towards ", " targeted games played towards "));
    }
    found.extend(sim_report::outlier_findings(book, &outliers));
    let cli = crate::lints::levels::CliLevels::default();
    let levels = crate::lints::levels::Levels::new(&book.manifest.lints, &cli, &mut Vec::new());
    Found {
        findings: levels.apply(book, found),
        decided: reached.decided,
        targeted: reached.games,
        unsure: reached.unsure.len(),
    }
}

/// The findings of a run of games and what decided them.
struct Found {
    findings: Vec<Diagnostic>,
    decided: Vec<Decision>,
    targeted: u64,
    /// Paragraphs no game read that the budget of targeted games left
    /// undecided (`games_decide::Reached::unsure`).
    unsure: usize,
}

/// The JSON report: an encounter run's keys, from the games' encounters
/// (visits, `never_reached` by the rules of whole games, `undecided`, the
/// economy, `raw`), and the games' (`games`, `rounds`, `wins`,
/// `points_by_source`, `raw_games`, `targeted_games`, and `run`,
/// `encounters`, `deaths` and `broken` as the games count them).
fn report(
    checked: &Checked,
    arms: &ArmIndex,
    (games, tally): &Counts,
    run: &GamesRun,
    found: &Found,
) -> Value {
    let book = &checked.book;
    let outliers = sim_report::outliers(book, tally);
    let encounters = sim_report::Run {
        book: run.book.clone(),
        seed: run.seed,
        length: 1,
        encounters: tally.encounters,
        shard: run.shard,
        from: None,
        persona: None,
    };
    let mut v = sim_report::json(
        book,
        arms,
        tally,
        &encounters,
        (&found.findings, &outliers, &found.decided),
    );
    if let Value::Object(m) = &mut v {
        // Lives' keys that whole games have no use for.
        m.remove("goal");
        if let Value::Object(g) = games_report::json(games, run) {
            m.extend(g);
        }
        m.insert("targeted_games".to_owned(), found.targeted.into());
        m.insert("undecided_paragraphs".to_owned(), found.unsure.into());
    }
    v
}

/// The report in the format asked for.
fn write(
    checked: Checked,
    arms: &ArmIndex,
    counts: &Counts,
    run: &GamesRun,
    out: &Out,
) -> ExitCode {
    let (games, tally) = counts;
    let found = findings(&checked, arms, counts, run);
    let mut v = report(&checked, arms, counts, run, &found);
    let mut difference = None;
    if let Some(file) = &out.baseline {
        match baseline(file, &v) {
            Ok(d) => difference = Some(d),
            Err(e) => return super::fail(&e),
        }
    }
    let moved = difference.as_ref().map_or("", |d| d.0.as_str());
    let book = &checked.book;
    let never = games_report::never_lines(
        book,
        arms,
        (&found.findings, &found.decided),
        found.targeted,
    );
    let text = match out.format {
        SimFormat::Json => {
            if let Some((_, d)) = difference {
                v["baseline"] = d;
            }
            serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
        }
        SimFormat::Html => games_report::html(title(book), games, run, &never, moved),
        SimFormat::Human => {
            let (read, results) = sim_report::coverage(book, tally);
            let summary = games_report::human(games, run)
                + &format!(
                    "coverage: {read}/{results} result paragraphs read in the games' encounters\n"
                )
                + &sim_report::undecided_lines(book, arms, &found.decided)
                + &format!("targeted games: {}\n", found.targeted)
                + &unsure_line(found.unsure)
                + moved;
            let opts = crate::report::HumanOptions {
                findings_only: true,
                ..crate::report::HumanOptions::default()
            };
            let shown = Checked {
                diagnostics: found.findings,
                ..checked
            };
            let text = crate::report::render(
                crate::report::Format::Human,
                std::slice::from_ref(&shown),
                &opts,
            ) + &summary;
            // As `tales sim` does: the book is dropped with the process.
            std::mem::forget(shown);
            text
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
    let Some((checked, arms, sum)) = encounters else {
        return super::fail("nothing to merge");
    };
    write(checked, &arms, &(tally, sum), &run, out)
}

/// The paragraphs the budget of targeted games left undecided, said when
/// there are any.
fn unsure_line(n: usize) -> String {
    if n == 0 {
        return String::new();
    }
    format!(
        "undecided: {n} paragraph{} no game read and the targeted games, cut short by their budget, did not decide (more --games gives them more)\n",
        if n == 1 { "" } else { "s" }
    )
}
