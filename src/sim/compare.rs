//! `tales sim --baseline old.json`: what moved between two runs (of two
//! versions of a book, say): paragraphs read now and not before and the
//! reverse, each track's mean per encounter with its change and a 95%
//! confidence interval (beyond the sampling noise or not), and outliers
//! that are new. Both runs are read from their JSON reports, so the old one
//! may be of a book that no longer exists.

use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Mean and variance of a track's changes per encounter, from `raw`.
fn moments(raw: &Value, track: &str) -> Option<(f64, f64, f64)> {
    let counts: Vec<u64> = serde_json::from_value(raw[track].clone()).ok()?;
    let span = (counts.len() / 2) as f64;
    let n = super::tally::total(counts.iter().copied())?;
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let value = |i: usize| i as f64 - span;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| value(i) * c as f64)
        .sum::<f64>()
        / n;
    let var = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (value(i) - mean).powi(2) * c as f64)
        .sum::<f64>()
        / n;
    Some((mean, var, n))
}

fn read_paragraphs(report: &Value) -> BTreeSet<u64> {
    report["paragraphs"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, p)| p["visits"].as_u64().unwrap_or(0) > 0)
        .filter_map(|(n, _)| n.parse().ok())
        .collect()
}

fn outliers(report: &Value) -> BTreeSet<u64> {
    report["outliers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["paragraph"].as_u64())
        .collect()
}

/// The difference between two reports, as text and as JSON.
pub fn compare(old: &Value, new: &Value) -> Result<(String, Value), String> {
    if old["raw"].is_null() {
        return Err("the baseline is no `tales sim --format json` report".to_owned());
    }
    if let Some(track) = ["destiny", "story", "wealth"].into_iter().find(|t| {
        serde_json::from_value::<Vec<u64>>(old["raw"][*t].clone())
            .is_ok_and(|c| super::tally::total(c).is_none())
    }) {
        return Err(format!(
            "the baseline's counts `raw.{track}` add up to more than 2^53, which no run reaches"
        ));
    }
    let (was, now) = (read_paragraphs(old), read_paragraphs(new));
    let gained: Vec<u64> = now.difference(&was).copied().collect();
    let lost: Vec<u64> = was.difference(&now).copied().collect();
    let new_outliers: Vec<u64> = outliers(new).difference(&outliers(old)).copied().collect();
    let mut text = String::from("compared with the baseline:\n");
    let _ = writeln!(
        text,
        "  paragraphs read now and not before: {}",
        list(&gained)
    );
    let _ = writeln!(
        text,
        "  paragraphs read before and not now: {}",
        list(&lost)
    );
    let mut economy = serde_json::Map::new();
    for track in ["destiny", "story", "wealth"] {
        let (Some((m0, v0, n0)), Some((m1, v1, n1))) =
            (moments(&old["raw"], track), moments(&new["raw"], track))
        else {
            continue;
        };
        let change = m1 - m0;
        let half = 1.96 * (v0 / n0 + v1 / n1).sqrt();
        let beyond = change.abs() > half;
        let _ = writeln!(
            text,
            "  {track:<8} {m0:.3} → {m1:.3} per encounter: {change:+.3} ± {half:.3} (95%){}",
            if beyond {
                ", beyond the noise"
            } else {
                ", within the noise"
            }
        );
        economy.insert(
            track.to_owned(),
            json!({"old": m0, "new": m1, "change": change, "ci95": half, "beyond_noise": beyond}),
        );
    }
    let _ = writeln!(
        text,
        "  paragraphs whose awards are new outliers: {}",
        list(&new_outliers)
    );
    let v =
        json!({"gained": gained, "lost": lost, "economy": economy, "new_outliers": new_outliers});
    Ok((text, v))
}

fn list(ns: &[u64]) -> String {
    if ns.is_empty() {
        return "none".to_owned();
    }
    let ns: Vec<u32> = ns.iter().filter_map(|&n| u32::try_from(n).ok()).collect();
    crate::text::ranges(&ns)
}
