//! `tales play --game`: a hot-seat game (`crate::play::game`), its flags
//! checked, its transcript written, a replay held to its transcript.

use super::play::PlayArgs;
use crate::engine::Engine;
use crate::game::Setup;
use crate::play::game::{self, GameOptions};
use crate::play::transcript::Recording;
use crate::play::{End, Mode};
use crate::report::Checked;
use std::io::Write;
use std::process::ExitCode;

/// Play (or replay) a game.
pub(super) fn run(
    args: &PlayArgs,
    checked: &Checked,
    engine: &Engine<'_>,
    recording: Option<&Recording>,
    stdout: &mut dyn Write,
) -> ExitCode {
    if let Some(flag) = args.encounter_flag() {
        return super::fail(&format!(
            "{flag} is for a session of encounters, not for a game (`--game`, or the replay of one)"
        ));
    }
    let book = &checked.book;
    if let Err(e) = crate::game::board_of(book) {
        return super::fail(&e);
    }
    let opts = match options(args, book, recording) {
        Ok(o) => o,
        Err(e) => return super::fail(&e),
    };
    let (seed, players, bots) = (opts.seed, opts.setup.players, opts.bots);
    let _ = writeln!(
        stdout,
        "playing {} as a game of {players} {} ({bots} {}) with seed {seed} \
         (`--seed {seed}` plays it again); answer with a number, `back` undoes your last decision, `quit` stops",
        checked.display,
        if players == 1 { "player" } else { "players" },
        if bots == 1 { "bot" } else { "bots" }
    );
    let first = game::start_line(book, &opts);
    let mut input = std::io::stdin().lock();
    let (end, lines) = match game::run(engine, opts, &mut input, stdout) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    if let Some(file) = &args.transcript {
        let mut text = first;
        for line in &lines {
            text.push('\n');
            text.push_str(line);
        }
        text.push('\n');
        if let Err(e) = std::fs::write(file, text) {
            return super::fail(&format!("cannot write {}: {e}", file.display()));
        }
    }
    if let Some(r) = recording
        && let Some(code) = super::play::diverged(book, r.book.as_deref(), &r.steps, &lines, stdout)
    {
        return code;
    }
    match end {
        End::Quit if recording.is_none() => {
            let _ = writeln!(stdout, "you quit: the game stopped before its end");
            ExitCode::SUCCESS
        }
        End::Finished | End::Quit | End::Broken(_) => ExitCode::SUCCESS,
        End::RanOut => {
            let _ = writeln!(
                stdout,
                "the input ended at a question, with no answer: the game stopped there"
            );
            ExitCode::from(1)
        }
    }
}

/// The game's setup from the flags, or from the transcript replayed (whose
/// book, seed and setup the flags given with it must match).
fn options(
    args: &PlayArgs,
    book: &crate::ir::Book,
    recording: Option<&Recording>,
) -> Result<GameOptions, String> {
    let players = usize::try_from(args.players.unwrap_or(2)).unwrap_or(usize::MAX);
    let bots = usize::try_from(args.bots.unwrap_or(0)).unwrap_or(usize::MAX);
    if bots > players {
        return Err(format!(
            "--bots {bots} is more than the {players} players of the game (--players)"
        ));
    }
    check_goal(book, args.goal, "--goal")?;
    let setup = Setup {
        players,
        goal: args.goal,
    };
    let width = super::check::terminal_width().min(100);
    let echo = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    let Some(r) = recording else {
        let seed = args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| u64::from(d.subsec_nanos()) % 1_000_000)
        });
        let mode = if args.auto { Mode::Auto } else { Mode::Ask };
        return Ok(GameOptions {
            setup,
            bots,
            seed,
            width,
            mode,
            echo,
        });
    };
    let recorded = replayed_setup(args, book, r)?;
    Ok(GameOptions {
        setup: recorded.0,
        bots: recorded.1,
        seed: r.seed,
        width,
        mode: Mode::Replay(r.choices.clone()),
        echo,
    })
}

/// A game transcript's setup, refused when it is of another book, or
/// when a flag given with `--replay` says another seed or setup.
fn replayed_setup(
    args: &PlayArgs,
    book: &crate::ir::Book,
    r: &Recording,
) -> Result<(Setup, usize), String> {
    let Some(g) = &r.game else {
        return Err("--replay: the transcript is of encounters (`tales play`), not of a game (`tales play --game`)".to_owned());
    };
    if r.book.as_deref() != Some(crate::play::transcript::book_hash(book).as_str()) {
        return Err("--replay: the transcript is of another book, or of this book before it changed: a game replays only on the book it was played on".to_owned());
    }
    let num = |key: &str| g.get(key).and_then(serde_json::Value::as_u64);
    let (Some(players), Some(bots)) = (num("players"), num("bots")) else {
        return Err(
            "--replay: the transcript's start line has no game setup (`players`, `bots`)"
                .to_owned(),
        );
    };
    let goal = match g.get("goal").and_then(serde_json::Value::as_str) {
        Some(text) => {
            Some(crate::sim::games_report::parse_goal(text).map_err(|e| format!("--replay: {e}"))?)
        }
        None => None,
    };
    let differs = |flag: &str, given: String, was: String| {
        Err(format!(
            "--replay: the transcript's game was played with {flag} {was}, not {given}"
        ))
    };
    if let Some(s) = args.seed.filter(|&s| s != r.seed) {
        return differs("--seed", s.to_string(), r.seed.to_string());
    }
    if let Some(p) = args.players.filter(|&p| p != players) {
        return differs("--players", p.to_string(), players.to_string());
    }
    if let Some(b) = args.bots.filter(|&b| b != bots) {
        return differs("--bots", b.to_string(), bots.to_string());
    }
    if args.goal.is_some() && args.goal != goal {
        let show = |g: Option<(u32, u32)>| {
            g.map_or("a drawn goal".to_owned(), |(d, s)| format!("{d}/{s}"))
        };
        return differs("--goal", show(args.goal), show(goal));
    }
    let players = usize::try_from(players).unwrap_or(usize::MAX);
    let bots = usize::try_from(bots).unwrap_or(usize::MAX);
    if players == 0 || players > 6 || bots > players {
        return Err(format!(
            "--replay: the transcript's game has {players} players and {bots} bots"
        ));
    }
    check_goal(book, goal, "--replay: the transcript's goal")?;
    Ok((Setup { players, goal }, bots))
}

/// A goal split must add up to the book's victory points.
fn check_goal(book: &crate::ir::Book, goal: Option<(u32, u32)>, what: &str) -> Result<(), String> {
    let points = book.manifest.rules.victory_points.unwrap_or(20);
    match goal {
        Some((d, s)) if u64::from(d) + u64::from(s) != u64::from(points) => Err(format!(
            "{what} {d}/{s} adds up to {}, not to the book's victory points ({points})",
            u64::from(d) + u64::from(s)
        )),
        _ => Ok(()),
    }
}
