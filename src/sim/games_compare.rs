//! `tales sim --games N --baseline old.json`: what moved between two runs
//! of whole games. The encounters' comparison (paragraphs read now and not
//! before, the economy per encounter, new outliers: [`super::compare`]),
//! then the games': the mean round a game ends in and each seat's share of
//! wins, each with its change and a 95% confidence interval.

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
    Ok((text, v))
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
