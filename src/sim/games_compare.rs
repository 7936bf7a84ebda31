//! `tales sim --games N --baseline old.json`: what moved between two runs
//! of whole games. The encounters' comparison (paragraphs read now and not
//! before, the economy per encounter, new outliers: [`super::compare`]),
//! then the games': the mean round a game ends in, each seat's share of
//! wins, the share of games each status was held in and the turns a
//! holding lasts, and the share of games each quest was completed in, each
//! with its change and a 95% confidence interval.

use serde_json::{Value, json};
use std::fmt::Write as _;

/// The difference between two reports of whole games, as text and JSON.
pub fn compare(old: &Value, new: &Value) -> Result<(String, Value), String> {
    if old["games"].as_u64().is_none() || old["wins"]["by_seat"].is_null() {
        return Err("the baseline is no `tales sim --games --format json` report".to_owned());
    }
    let (mut text, mut v) = super::compare::compare(old, new)?;
    let mean = |r: &Value| {
        Some((
            r["rounds_mean"].as_f64()?,
            r["rounds_standard_error"].as_f64()?,
        ))
    };
    if let (Some((m0, e0)), Some((m1, e1))) = (mean(old), mean(new)) {
        let half = 1.96 * (e0 * e0 + e1 * e1).sqrt();
        let (line, j) = moved(m0, m1, half, (1.0, 3, ""));
        let _ = writeln!(text, "  rounds   {m0:.2} → {m1:.2} a game: {line}");
        v["rounds"] = j;
    }
    let mut seats = serde_json::Map::new();
    let games = |r: &Value| r["games"].as_u64().unwrap_or(0) as f64;
    let (n0, n1) = (games(old), games(new));
    for (seat, w) in new["wins"]["by_seat"].as_object().into_iter().flatten() {
        let (Some(p1), Some(p0)) = (
            w["share"].as_f64(),
            old["wins"]["by_seat"][seat]["share"].as_f64(),
        ) else {
            continue;
        };
        if n0 == 0.0 || n1 == 0.0 {
            continue;
        }
        let half = 1.96 * (p0 * (1.0 - p0) / n0 + p1 * (1.0 - p1) / n1).sqrt();
        let (line, j) = moved(p0, p1, half, (100.0, 1, " points"));
        let _ = writeln!(
            text,
            "  wins of seat {seat}  {:.1}% → {:.1}%: {line}",
            100.0 * p0,
            100.0 * p1
        );
        seats.insert(seat.clone(), j);
    }
    v["wins_by_seat"] = Value::Object(seats);
    let (n0, n1) = (games(old), games(new));
    if n0 > 0.0 && n1 > 0.0 {
        v["statuses"] = statuses(old, new, (n0, n1), &mut text);
        v["quests"] = quests(old, new, (n0, n1), &mut text);
    }
    Ok((text, v))
}

/// The names of `key` in either report (a status held, a quest completed,
/// in one run only, is held or completed in no game of the other).
fn names<'v>(old: &'v Value, new: &'v Value, key: &str) -> Vec<&'v String> {
    let mut all: Vec<&String> = [old, new]
        .into_iter()
        .flat_map(|r| r[key].as_object().into_iter().flatten().map(|(k, _)| k))
        .collect();
    all.sort();
    all.dedup();
    all
}

/// A share of games (`p0` of `n0`, `p1` of `n1`): its change, the interval
/// of two proportions.
fn share(p0: f64, p1: f64, (n0, n1): (f64, f64)) -> (String, Value) {
    let half = 1.96 * (p0 * (1.0 - p0) / n0 + p1 * (1.0 - p1) / n1).sqrt();
    moved(p0, p1, half, (100.0, 1, " points"))
}

/// Each status: the share of games it was held in, and the turns a
/// holding lasts (when both runs held it and say their standard error).
/// The text says what moved beyond the noise, and how many did not.
fn statuses(old: &Value, new: &Value, n: (f64, f64), text: &mut String) -> Value {
    let mut out = serde_json::Map::new();
    // Statuses within the noise, and beyond it.
    let (mut lines, mut count) = (String::new(), [0, 0]);
    for k in names(old, new, "statuses") {
        let (a, b) = (&old["statuses"][k], &new["statuses"][k]);
        let p = |s: &Value| s["share_of_games"].as_f64().unwrap_or(0.0);
        let (line, j) = share(p(a), p(b), n);
        let mut entry = json!({ "share_of_games": j });
        let beyond = j["beyond_noise"] == true;
        if beyond {
            let _ = writeln!(
                lines,
                "    {k}  held in {:.1}% → {:.1}% of games: {line}",
                100.0 * p(a),
                100.0 * p(b)
            );
        }
        let turns = |s: &Value| {
            Some((
                s["turns_mean"].as_f64()?,
                s["turns_standard_error"].as_f64()?,
            ))
        };
        let mut turns_beyond = false;
        if let (Some((m0, e0)), Some((m1, e1))) = (turns(a), turns(b)) {
            let half = 1.96 * (e0 * e0 + e1 * e1).sqrt();
            let (line, j) = moved(m0, m1, half, (1.0, 2, " turns"));
            turns_beyond = j["beyond_noise"] == true;
            if turns_beyond {
                let _ = writeln!(
                    lines,
                    "    {k}  a holding lasts {m0:.2} → {m1:.2} turns: {line}"
                );
            }
            entry["turns_mean"] = j;
        }
        count[usize::from(beyond || turns_beyond)] += 1;
        out.insert(k.clone(), entry);
    }
    write_section(text, "statuses held", &lines, count);
    Value::Object(out)
}

/// Each quest: the share of games it was completed in.
fn quests(old: &Value, new: &Value, n: (f64, f64), text: &mut String) -> Value {
    let mut out = serde_json::Map::new();
    let (mut lines, mut count) = (String::new(), [0, 0]);
    for k in names(old, new, "quests") {
        let p = |r: &Value| r["quests"][k]["share_of_games"].as_f64().unwrap_or(0.0);
        let (line, j) = share(p(old), p(new), n);
        let beyond = j["beyond_noise"] == true;
        if beyond {
            let _ = writeln!(
                lines,
                "    {k}  completed in {:.1}% → {:.1}% of games: {line}",
                100.0 * p(old),
                100.0 * p(new)
            );
        }
        count[usize::from(beyond)] += 1;
        out.insert(k.clone(), json!({ "share_of_games": j }));
    }
    write_section(text, "quests completed", &lines, count);
    Value::Object(out)
}

/// `  statuses held: 2 beyond the noise, 7 within it:` and the lines of
/// the two; `[quiet, moved]` count them.
fn write_section(text: &mut String, what: &str, lines: &str, [quiet, moved]: [usize; 2]) {
    if moved + quiet == 0 {
        return;
    }
    let _ = writeln!(
        text,
        "  {what}: {moved} beyond the noise, {quiet} within it{}",
        if lines.is_empty() { "" } else { ":" }
    );
    text.push_str(lines);
}

/// A change with its 95% half-width: the words (shown times `scale`, to
/// `digits` decimals, in `unit`: "+9.0 ± 25.5 points (95%), within the
/// noise") and the JSON.
fn moved(
    old: f64,
    new: f64,
    half: f64,
    (scale, digits, unit): (f64, usize, &str),
) -> (String, Value) {
    let change = new - old;
    let beyond = change.abs() > half;
    let words = format!(
        "{:+.digits$} ± {:.digits$}{unit} (95%), {}",
        change * scale,
        half * scale,
        if beyond {
            "beyond the noise"
        } else {
            "within the noise"
        }
    );
    let j = json!({"old": old, "new": new, "change": change, "ci95": half, "beyond_noise": beyond});
    (words, j)
}
