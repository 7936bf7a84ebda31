//! The award economy beyond the per-encounter histograms: points an
//! encounter by matrix and reaction, by where the encounter started (a
//! card, a status, a place of power) and by chart, and how often each
//! skill, status and treasure is gained; as text lines and as JSON.

use super::report::count;
use super::tally::{ArmIndex, Tally};
use crate::ir::{Book, EntryKind};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// A name, its encounters and its points an encounter.
type Share = (String, u64, f64);

/// Each matrix's and reaction's encounters and points an encounter:
/// `(letter, encounters, mean, [(reaction, encounters, mean)])`.
pub(super) fn by_matrix(book: &Book, t: &Tally) -> Vec<(String, u64, f64, Vec<Share>)> {
    let mean = |n: u64, p: i64| if n == 0 { 0.0 } else { p as f64 / n as f64 };
    let mut slot = 0;
    let mut out = Vec::new();
    for m in &book.matrices {
        let mut reactions = Vec::new();
        let (mut n, mut p) = (0, 0);
        for r in &m.reactions {
            let (rn, rp) = t.reactions.get(slot).copied().unwrap_or((0, 0));
            slot += 1;
            reactions.push((r.value.clone(), rn, mean(rn, rp)));
            n += rn;
            p += rp;
        }
        out.push((m.letter.value.clone(), n, mean(n, p), reactions));
    }
    out
}

pub(super) fn matrix_lines(book: &Book, t: &Tally) -> String {
    let mut s = String::from("points an encounter (destiny and story), by matrix and reaction:\n");
    for (letter, n, mean, reactions) in by_matrix(book, t) {
        let each: Vec<String> = reactions
            .iter()
            .filter(|r| r.1 > 0)
            .map(|(name, _, m)| format!("{name} {m:.2}"))
            .collect();
        let _ = writeln!(
            s,
            "  {letter:<4} {:>11} encounters {mean:>6.2}  ({})",
            count(n),
            each.join(", ")
        );
    }
    s
}

pub(super) fn matrix_json(book: &Book, t: &Tally) -> Value {
    let m: serde_json::Map<String, Value> = by_matrix(book, t)
        .into_iter()
        .map(|(letter, n, mean, reactions)| {
            let reactions: serde_json::Map<String, Value> = reactions
                .into_iter()
                .map(|(name, rn, rm)| (name, json!({"encounters": rn, "points_mean": rm})))
                .collect();
            let v = json!({"encounters": n, "points_mean": mean, "reactions": reactions});
            (letter, v)
        })
        .collect();
    Value::Object(m)
}

fn rate(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// Encounters, points an encounter and deaths by where encounters start,
/// then by chart (the first an encounter rolled on).
pub(super) fn source_lines(book: &Book, arms: &ArmIndex, t: &Tally) -> String {
    let mut s = String::from("by where the encounter started:\n");
    for (src, n) in arms.slots.sources.iter().zip(&t.sources) {
        let name = format!("{} {}", src.kind, src.name);
        let _ = writeln!(
            s,
            "  {name:<34} {:>11} encounters {:>6.2} points  {:>5.2}% deaths",
            count(n.encounters),
            n.mean(),
            rate(n.deaths, n.encounters)
        );
    }
    if !arms.slots.charts.is_empty() {
        s.push_str("by chart:\n");
    }
    for (&i, n) in arms.slots.charts.iter().zip(&t.charts) {
        let name = format!("chart {}", book.paragraphs[i].number);
        let _ = writeln!(
            s,
            "  {name:<34} {:>11} encounters {:>6.2} points  {:>5.2}% deaths",
            count(n.encounters),
            n.mean(),
            rate(n.deaths, n.encounters)
        );
    }
    s
}

pub(super) fn source_json(arms: &ArmIndex, t: &Tally) -> Value {
    let v: Vec<Value> = arms
        .slots
        .sources
        .iter()
        .zip(&t.sources)
        .map(|(src, n)| {
            json!({"kind": src.kind, "name": src.name, "encounters": n.encounters,
                   "points_mean": n.mean(), "deaths": n.deaths})
        })
        .collect();
    Value::Array(v)
}

pub(super) fn chart_json(book: &Book, arms: &ArmIndex, t: &Tally) -> Value {
    let m: serde_json::Map<String, Value> = arms
        .slots
        .charts
        .iter()
        .zip(&t.charts)
        .map(|(&i, n)| {
            let v =
                json!({"encounters": n.encounters, "points_mean": n.mean(), "deaths": n.deaths});
            (book.paragraphs[i].number.to_string(), v)
        })
        .collect();
    Value::Object(m)
}

fn kind_name(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Skill => "skill",
        EntryKind::Status => "status",
        EntryKind::Treasure => "treasure",
    }
}

/// Gains of each skill, status and treasure, per 1,000 encounters (the
/// entries nobody gained left out of the text).
pub(super) fn gain_lines(book: &Book, t: &Tally) -> String {
    if t.gains.iter().all(|&n| n == 0) {
        return "gained: no skill, status or treasure\n".to_owned();
    }
    let mut s = String::from("gained per 1,000 encounters:\n");
    let mut line = String::new();
    for kind in [EntryKind::Skill, EntryKind::Status, EntryKind::Treasure] {
        let _ = write!(line, "  {:<9}", format!("{}:", kind_name(kind)));
        let mut any = false;
        for (e, &n) in book.glossary.entries.iter().zip(&t.gains) {
            if e.kind != kind || n == 0 {
                continue;
            }
            let item = format!(
                " {} {:.1},",
                e.name.value,
                1000.0 * n as f64 / t.encounters.max(1) as f64
            );
            if line.chars().count() + item.len() > 98 {
                s.push_str(line.trim_end_matches(','));
                s.push('\n');
                line = " ".repeat(11);
            }
            line.push_str(&item);
            any = true;
        }
        if !any {
            line.push_str(" none");
        }
        s.push_str(line.trim_end_matches(','));
        s.push('\n');
        line.clear();
    }
    s
}

pub(super) fn gain_json(book: &Book, t: &Tally) -> Value {
    let m: serde_json::Map<String, Value> = book
        .glossary
        .entries
        .iter()
        .zip(&t.gains)
        .map(|(e, &n)| {
            (
                e.id.value.to_string(),
                json!({"kind": kind_name(e.kind), "name": e.name.value, "gains": n}),
            )
        })
        .collect();
    Value::Object(m)
}
