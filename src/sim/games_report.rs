//! The report of `tales sim --games`: text, JSON and an HTML page, all
//! from one [`GameTally`] and the run that made it.

use crate::game::tally::GameTally;
use crate::game::{Setup, score::Source};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// A run of games, as the report and `tales sim merge` know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamesRun {
    pub book: String,
    pub seed: u64,
    pub games: u64,
    pub players: usize,
    /// `--goal D/S`, as given.
    pub goal: Option<(u32, u32)>,
    pub shard: (u64, u64),
}

impl GamesRun {
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            players: self.players,
            goal: self.goal,
        }
    }

    /// The run a games report was written for (`None`: not one).
    #[must_use]
    pub fn of(v: &Value) -> Option<GamesRun> {
        let r = &v["run"];
        let (k, n) = r["shard"].as_str()?.split_once('/')?;
        let (k, n): (u64, u64) = (k.parse().ok()?, n.parse().ok()?);
        if k == 0 || k > n {
            return None;
        }
        let goal = match r["goal"].as_str() {
            Some(g) => Some(parse_goal(g).ok()?),
            None => None,
        };
        Some(GamesRun {
            book: r["book"].as_str()?.to_owned(),
            seed: r["seed"].as_u64()?,
            games: r["games"].as_u64()?,
            players: usize::try_from(r["players"].as_u64()?).ok()?,
            goal,
            shard: (k, n),
        })
    }
}

/// `D/S` into its two numbers.
pub fn parse_goal(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}` is no goal: write DESTINY/STORY, e.g. 8/12");
    let (d, st) = s.split_once('/').ok_or_else(bad)?;
    Ok((
        d.trim().parse().map_err(|_| bad())?,
        st.trim().parse().map_err(|_| bad())?,
    ))
}

/// The JSON report: the keys every sim report has (`encounters`, `seed`,
/// `deaths`, `broken`, `run`), the games' (`games`, `rounds`, `wins`,
/// `points_by_source`, ...), and the raw counts `tales sim merge` adds.
#[must_use]
pub fn json(t: &GameTally, run: &GamesRun) -> Value {
    let mut v = t.json();
    v["encounters"] = json!(t.encounters);
    v["seed"] = json!(run.seed);
    v["deaths"] = json!(t.deaths);
    v["broken"] = t
        .broken
        .iter()
        .map(|(m, n)| json!({"count": n, "message": m}))
        .collect();
    v["run"] = json!({
        "book": run.book, "seed": run.seed, "games": run.games, "players": run.players,
        "goal": run.goal.map(crate::game::tally::goal_key),
        "shard": format!("{}/{}", run.shard.0, run.shard.1),
    });
    let held = t.held.json(t.games);
    for k in ["statuses", "quests", "treasures"] {
        v[k] = held[k].clone();
    }
    v["raw_games"] = serde_json::to_value(t).unwrap_or(Value::Null);
    v
}

#[allow(clippy::cast_precision_loss)]
pub(super) fn pct(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// The round below which `q` of the ended games ended.
pub(super) fn quantile(t: &GameTally, q: f64) -> u32 {
    let n = crate::game::tally::total(t.rounds.values());
    let mut seen: u64 = 0;
    for (&r, &c) in &t.rounds {
        seen = seen.saturating_add(c);
        #[allow(clippy::cast_precision_loss)]
        if seen as f64 >= q * n as f64 {
            return r;
        }
    }
    0
}

/// `n` and the word for it: "1 game", "2 games".
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The text report.
#[must_use]
pub fn human(t: &GameTally, run: &GamesRun) -> String {
    let mut s = String::new();
    summary(&mut s, t, run);
    wins(&mut s, t);
    points(&mut s, t);
    s.push_str(&t.held.human(t.games));
    for (m, n) in &t.broken {
        let _ = writeln!(s, "broken ({n} times): {m}");
    }
    s
}

/// The report's first lines: how many games of how many players, their
/// rounds, and the encounters a player had.
#[allow(clippy::cast_precision_loss)]
fn summary(s: &mut String, t: &GameTally, run: &GamesRun) {
    let (mean, se) = t.rounds_mean();
    let _ = writeln!(
        s,
        "{} of {} (seed {}{})",
        count(t.games, "game", "games"),
        count(u64::try_from(run.players).unwrap_or(0), "player", "players"),
        run.seed,
        if run.shard == (1, 1) {
            String::new()
        } else {
            format!(
                ", shard {}/{} of {} games",
                run.shard.0, run.shard.1, run.games
            )
        }
    );
    let _ = writeln!(
        s,
        "rounds: {mean:.2} ± {se:.2} on average (p10 {}, median {}, p90 {}); {} unfinished after {} rounds",
        quantile(t, 0.1),
        quantile(t, 0.5),
        quantile(t, 0.9),
        t.unfinished,
        crate::game::MAX_ROUNDS
    );
    let players = crate::game::tally::total(t.seats.values());
    let _ = writeln!(
        s,
        "encounters: {:.2} a player a game",
        if players == 0 {
            0.0
        } else {
            t.encounters as f64 / players as f64
        }
    );
}

/// Wins by seat, by secret goal and by starting skill.
fn wins(s: &mut String, t: &GameTally) {
    let _ = write!(s, "wins by seat:");
    for seat in t.seats.keys() {
        let w = t.wins_by_seat.get(seat).copied().unwrap_or(0);
        let _ = write!(s, "  {seat}: {:.1}%", pct(w, t.games));
    }
    let _ = writeln!(s, "  (shared: {})", t.shared);
    let _ = writeln!(s, "wins by goal (destiny/story: won/players):");
    for (g, n) in t.goals_in_order() {
        let w = t.wins_by_goal.get(g).copied().unwrap_or(0);
        let _ = writeln!(s, "  {g:>7}  {w}/{n} ({:.1}%)", pct(w, n));
    }
    let _ = writeln!(
        s,
        "wins by starting skill (won/players who started with it):"
    );
    let wide = t
        .skills
        .keys()
        .map(|k| k.chars().count())
        .max()
        .unwrap_or(0);
    for (k, &n) in &t.skills {
        let w = t.wins_by_skill.get(k).copied().unwrap_or(0);
        let _ = writeln!(s, "  {k:<wide$}  {w}/{n} ({:.1}%)", pct(w, n));
    }
}

/// Points by source, deaths and treasures sold, a game.
#[allow(clippy::cast_precision_loss)]
fn points(s: &mut String, t: &GameTally) {
    let per = |x: f64| {
        if t.games == 0 {
            0.0
        } else {
            x / t.games as f64
        }
    };
    let _ = write!(s, "points by source (a game):");
    for src in Source::ALL {
        let p = t.points_by_source.get(src.as_str()).copied().unwrap_or(0);
        let _ = write!(s, "  {} {:.2}", src.as_str(), per(p as f64));
    }
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "deaths: {} ({:.2} a game)",
        t.deaths,
        per(t.deaths as f64)
    );
    let _ = writeln!(
        s,
        "treasures sold: {} ({:.2} a game)",
        t.sold,
        per(t.sold as f64)
    );
}

/// One self-contained page (`super::games_html`): `never` is what the
/// games never reached ([`never_lines`]), `moved` what moved since a
/// baseline (text; empty without one).
#[must_use]
pub fn html(title: &str, t: &GameTally, run: &GamesRun, never: &str, moved: &str) -> String {
    super::games_html::page(title, t, run, (never, moved))
}

/// What the games never reached (`never-reached` findings, by the rules of
/// whole games) and what the targeted games could not decide, as lines
/// for the HTML page (the text report prints the findings themselves).
#[must_use]
pub fn never_lines(
    book: &crate::ir::Book,
    arms: &crate::sim::tally::ArmIndex,
    (findings, decided): (
        &[crate::diagnostic::Diagnostic],
        &[crate::sim::decide::Decision],
    ),
    targeted: u64,
) -> String {
    let never: Vec<&crate::diagnostic::Diagnostic> = findings
        .iter()
        .filter(|d| d.code == "never-reached")
        .collect();
    let mut s = format!(
        "never reached in any game ({} after {targeted} targeted games):\n",
        never.len()
    );
    for d in never {
        let _ = writeln!(s, "  never-reached: {}", d.message);
    }
    s.push_str(&crate::sim::report::undecided_lines(book, arms, decided));
    s
}
