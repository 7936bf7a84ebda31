//! `tales sim PATH --games N [...]` and the merge of its shards.

use super::sim::{Out, SimArgs, SimFormat};
use crate::engine::Engine;
use crate::game::tally::GameTally;
use crate::sim::games::{self, GamesOptions};
use crate::sim::games_report::{self, GamesRun};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play the games and write the report.
pub(super) fn run(args: &SimArgs, root: &Path, games: u64) -> ExitCode {
    let checked = super::sim::check(root);
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
    match pool.install(|| games::run(&engine, &opts)) {
        Ok(tally) => write(&tally, &run, title(book), &args.out),
        Err(e) => super::fail(&e),
    }
}

fn title(book: &crate::ir::Book) -> &str {
    book.manifest
        .title
        .as_ref()
        .map_or("a book", |t| t.value.as_str())
}

/// The report in the format asked for.
fn write(tally: &GameTally, run: &GamesRun, title: &str, out: &Out) -> ExitCode {
    let text = match out.format {
        SimFormat::Json => {
            serde_json::to_string_pretty(&games_report::json(tally, run)).unwrap_or_default() + "\n"
        }
        SimFormat::Html => games_report::html(title, tally, run),
        SimFormat::Human => games_report::human(tally, run),
    };
    match super::write_out(out.output.as_deref(), &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&e),
    }
}

/// `tales sim merge` of `--games` shards: the same run (book, seed, games,
/// players, goal, N), each K once; their counts added up.
pub(super) fn merge(files: &[PathBuf], out: &Out) -> ExitCode {
    let mut first: Option<GamesRun> = None;
    let mut parts = Vec::new();
    let mut tally = GameTally::default();
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
    }
    let Some(first) = first else {
        return super::fail("nothing to merge");
    };
    let whole = u64::try_from(parts.len()).unwrap_or(0) == first.shard.1;
    let run = GamesRun {
        shard: if whole { (1, 1) } else { first.shard },
        ..first
    };
    let checked = super::sim::check(Path::new(&run.book));
    write(&tally, &run, title(&checked.book), out)
}
