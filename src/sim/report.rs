//! A simulation's report: coverage and the `never-reached` findings, the
//! award economy, as text for people and JSON for tools.

use super::decide::{self, Decision, Verdict};
use super::economy;
use super::tally::{Arm, ArmIndex, Histogram, Tally};
use crate::diagnostic::Diagnostic;
use crate::graph::{BookGraph, Node};
use crate::ir::{BlockKind, Book, ParagraphBody};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// `never-reached`: a result paragraph the graph reaches but no simulated
/// reader did, and an arm that the evidence says no reader can take
/// ([`decide`]: only the outermost, and only [`Verdict::Never`]).
/// `within`: the run a paragraph was read in by nobody (`None`: its
/// encounters).
pub fn never_reached(
    book: &Book,
    graph: &BookGraph,
    arms: &ArmIndex,
    (t, within): (&Tally, Option<&str>),
    decided: &[Decision],
) -> Vec<Diagnostic> {
    let within = within.map_or_else(
        || format!("{} encounters", count(t.encounters)),
        str::to_owned,
    );
    let reach = graph.reach(false);
    let by_as = super::by_persona::paragraphs(book, graph, arms, t, decided);
    let mut out = Vec::new();
    for n in graph.graph.node_indices().filter(|n| reach[n.index()]) {
        let Node::Paragraph(i) = graph.graph[n] else {
            continue;
        };
        let p = &book.paragraphs[i];
        if t.paragraphs[i] == 0 && !p.is_chart() && by_as.binary_search(&i).is_err() {
            out.push(
                Diagnostic::new(
                    "never-reached",
                    p.header,
                    format!("paragraph {} was read by no reader in {within}", p.number),
                )
                .label("never read")
                .with_help("the graph reaches it, so some roll, reaction or condition on the way never happens as written; play it with `tales play --at` to see why"),
            );
        }
    }
    for d in decided.iter().filter(|d| d.verdict == Verdict::Never) {
        let a = &arms.arms[d.arm];
        let p = &book.paragraphs[a.paragraph];
        let label = book.sources.slice(a.label);
        let total = d.visits.saturating_add(d.targeted_visits);
        out.push(
            Diagnostic::new(
                "never-reached",
                a.label,
                format!(
                    "{} `{label}` of paragraph {} could be taken by no reader in {} visits",
                    arm_kind(a.kind),
                    p.number,
                    count(total)
                ),
            )
            .label("never open to a reader")
            .with_help(format!("{}; {}", cause(a, label, d), evidence(p.number, d))),
        );
    }
    out.sort_by_key(|d| (d.primary.span.file, d.primary.span.start));
    out
}

/// Why no reader could take an arm, from the counts.
fn cause(a: &Arm, label: &str, d: &Decision) -> String {
    let total = d.visits.saturating_add(d.targeted_visits);
    // `all` happened at `n` of the visits, `none` at the others.
    let part = |n: u64, all: &str, none: &str| match n {
        0 => none.to_owned(),
        n if n >= total => format!("{all} at every visit"),
        n => format!(
            "{all} at {} visits, and {none} at the other {}",
            count(n),
            count(total - n)
        ),
    };
    match a.kind {
        BlockKind::SkillCheck => part(
            d.forced,
            "a mandatory section came first",
            &format!("no reader there qualified for `{label}`"),
        ),
        BlockKind::Condition => {
            let condition = label.find('}').map_or(label, |end| &label[..=end]);
            part(
                d.above,
                "an arm above it was taken",
                &format!("its condition `{condition}` never held"),
            )
        }
        BlockKind::Roll => {
            let (n, sides) = (i64::from(a.dice.0), i64::from(a.dice.1));
            let (lo, hi) = d.modifiers.unwrap_or((0, 0));
            let terms = match (lo, hi) {
                (0, 0) => String::new(),
                (lo, hi) if lo == hi => format!(" with the terms readers had here ({lo:+})"),
                (lo, hi) => format!(" with the terms readers had here ({lo:+} to {hi:+})"),
            };
            format!(
                "{n}d{sides}{terms} rolls {} to {}: no total falls in `{label}`",
                n.saturating_add(lo),
                (n * sides).saturating_add(hi)
            )
        }
        BlockKind::Choice => "it was never offered".to_owned(),
    }
}

/// The visits behind a finding, and what they rule out.
fn evidence(number: u32, d: &Decision) -> String {
    let targeted = if d.lives == 0 {
        String::new()
    } else {
        format!(
            " and {} in {} lives played towards {number}",
            count(d.targeted_visits),
            count(d.lives)
        )
    };
    format!(
        "{} visits in the run{targeted}: were one reader in {} there able to take it, the chance that none of them could would be under 1 in 1,000",
        count(d.visits),
        decide::FLOOR
    )
}

/// The arms the run could not decide (docs/sim.md: "undecided"), one line each.
pub fn undecided_lines(book: &Book, arms: &ArmIndex, decided: &[Decision]) -> String {
    let mut s = String::new();
    for d in decided.iter().filter(|d| d.verdict == Verdict::Undecided) {
        let a = &arms.arms[d.arm];
        let _ = writeln!(
            s,
            "undecided: {} `{}` of paragraph {}: no reader could take it in {} visits and {} in {} lives played towards it, too few to tell ({} are needed)",
            arm_kind(a.kind),
            book.sources.slice(a.label),
            book.paragraphs[a.paragraph].number,
            count(d.visits),
            count(d.targeted_visits),
            count(d.lives),
            count(decide::VISITS)
        );
    }
    s
}

/// The undecided arms in the JSON report.
fn undecided_json(book: &Book, arms: &ArmIndex, decided: &[Decision]) -> Vec<Value> {
    decided
        .iter()
        .filter(|d| d.verdict == Verdict::Undecided)
        .map(|d| {
            let a = &arms.arms[d.arm];
            json!({
                "paragraph": book.paragraphs[a.paragraph].number,
                "arm": book.sources.slice(a.label),
                "visits": d.visits,
                "targeted_visits": d.targeted_visits,
                "lives": d.lives,
            })
        })
        .collect()
}

fn arm_kind(k: BlockKind) -> &'static str {
    match k {
        BlockKind::SkillCheck => "section",
        BlockKind::Choice => "choice",
        BlockKind::Condition => "condition arm",
        BlockKind::Roll => "die band",
    }
}

pub fn count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Result paragraphs read, of those there are.
pub fn coverage(book: &Book, t: &Tally) -> (usize, usize) {
    let results: Vec<usize> = (0..book.paragraphs.len())
        .filter(|&i| !book.paragraphs[i].is_chart())
        .collect();
    let read = results.iter().filter(|&&i| t.paragraphs[i] > 0).count();
    (read, results.len())
}

fn economy_line(name: &str, h: &Histogram) -> String {
    format!(
        "  {name:<8} {:>7.3} {:>5} {:>5} {:>5}",
        h.mean(),
        h.quantile(0.1),
        h.quantile(0.5),
        h.quantile(0.9)
    )
}

/// The text summary (the findings are printed before it).
pub fn human(
    book: &Book,
    arms: &ArmIndex,
    t: &Tally,
    run: &Run,
    (outliers, decided): (&[Outlier], &[Decision]),
) -> String {
    let (read, results) = coverage(book, t);
    let taken = t.arms.iter().filter(|&&n| n > 0).count();
    let pct = |a: usize, b: usize| {
        if b == 0 {
            100.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    let mut s = format!(
        "{} encounters (seed {}, lives of {}{}{})\n",
        count(t.encounters),
        run.seed,
        run.length,
        run.from
            .as_ref()
            .map_or_else(String::new, |f| format!(", each from {f}")),
        run.persona
            .as_ref()
            .map_or_else(String::new, |a| format!(", as `{a}`")),
    );
    let _ = writeln!(
        s,
        "coverage: {read}/{results} result paragraphs read ({:.1}%), {taken}/{} arms taken ({:.1}%)",
        pct(read, results),
        arms.arms.len(),
        pct(taken, arms.arms.len())
    );
    let _ = writeln!(s, "per encounter:  mean   p10   p50   p90");
    for (name, h) in [
        ("destiny", &t.destiny),
        ("story", &t.story),
        ("wealth", &t.wealth),
    ] {
        s.push_str(&economy_line(name, h));
        s.push('\n');
    }
    let broken: u64 = t.broken.values().sum();
    let _ = writeln!(
        s,
        "deaths: {} ({:.2}%), stopped at a broken node: {}",
        count(t.deaths),
        100.0 * t.deaths as f64 / t.encounters.max(1) as f64,
        count(broken)
    );
    if !t.board.is_empty() {
        let kinds: Vec<String> = t
            .board
            .iter()
            .map(|(k, n)| format!("{k} {}", count(*n)))
            .collect();
        let _ = writeln!(
            s,
            "board effects (a whole game applies them): {}",
            kinds.join(", ")
        );
    }
    s.push_str(&economy::matrix_lines(book, t));
    s.push_str(&economy::source_lines(book, arms, t));
    s.push_str(&economy::gain_lines(book, t));
    s.push_str(&goal_lines(book, t));
    s.push_str(&undecided_lines(book, arms, decided));
    for o in outliers {
        let _ = writeln!(
            s,
            "award outlier: paragraph {} gives {:.1} points a visit, {} {:.1} (median)",
            book.paragraphs[o.paragraph].number, o.per_visit, o.group, o.median
        );
    }
    s
}

/// How many whole lives made the victory points, and by which encounter,
/// as a histogram of unicode bars.
fn goal_lines(book: &Book, t: &Tally) -> String {
    let points = book.manifest.rules.victory_points.unwrap_or(20);
    let length = t.goal.len().saturating_sub(1);
    let reached: u64 = t.goal[..length].iter().sum();
    let lives = reached + t.goal[length];
    let mut s = format!(
        "lives making {points} points (destiny and story): {} of {} ({:.1}%) within {length} encounters\n",
        count(reached),
        count(lives),
        100.0 * reached as f64 / lives.max(1) as f64
    );
    if reached == 0 {
        return s;
    }
    let width = length.div_ceil(10).max(1);
    let buckets: Vec<(usize, u64)> = (0..length)
        .step_by(width)
        .map(|a| (a, t.goal[a..(a + width).min(length)].iter().sum()))
        .collect();
    let most = buckets.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    for (a, n) in buckets {
        let bar = "█".repeat(((n * 40).div_ceil(most)) as usize);
        let range = format!("{}-{}", a + 1, (a + width).min(length));
        let _ = writeln!(s, "  {range:>7} {bar} {}", count(n));
    }
    s
}

/// The JSON report (schema in docs/sim.md).
/// Which run a report is of: what `tales sim merge` checks the shards
/// agree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The book folder, as given.
    pub book: String,
    pub seed: u64,
    pub length: u64,
    /// Encounters of the whole run (all shards).
    pub encounters: u64,
    /// Part `k` of `n`; `(1, 1)` for a whole run.
    pub shard: (u64, u64),
    /// `--from` and `--as`, as given.
    pub from: Option<String>,
    pub persona: Option<String>,
}

impl Run {
    /// The run a report was written for.
    pub fn of(v: &Value) -> Option<Run> {
        let r = &v["run"];
        let (k, n) = r["shard"].as_str()?.split_once('/')?;
        let (k, n): (u64, u64) = (k.parse().ok()?, n.parse().ok()?);
        // `K/N` as `--shard` takes it: a part that is no part (`0/2`,
        // `3/2`) would make two shards pass for the whole run.
        if k == 0 || k > n {
            return None;
        }
        Some(Run {
            book: r["book"].as_str()?.to_owned(),
            seed: r["seed"].as_u64()?,
            length: r["length"].as_u64()?,
            encounters: r["encounters"].as_u64()?,
            shard: (k, n),
            from: r["from"].as_str().map(str::to_owned),
            persona: r["as"].as_str().map(str::to_owned),
        })
    }
}

/// The JSON report.
pub fn json(
    book: &Book,
    arms: &ArmIndex,
    t: &Tally,
    run: &Run,
    (findings, outliers, decided): (&[Diagnostic], &[Outlier], &[Decision]),
) -> Value {
    let seed = run.seed;
    let paragraphs = paragraphs_json(book, arms, t);
    let econ = |h: &Histogram| json!({"mean": h.mean(), "p10": h.quantile(0.1), "p50": h.quantile(0.5), "p90": h.quantile(0.9)});
    let never = never_json(book, findings);
    let broken: Vec<Value> = t
        .broken
        .iter()
        .map(|(m, n)| json!({"count": n, "message": m}))
        .collect();
    json!({
        "encounters": t.encounters,
        "seed": seed,
        "paragraphs": paragraphs,
        "never_reached": never,
        "undecided": undecided_json(book, arms, decided),
        "economy": {"destiny": econ(&t.destiny), "story": econ(&t.story), "wealth": econ(&t.wealth)},
        "deaths": t.deaths,
        "broken": broken,
        "run": {"book": run.book, "seed": run.seed, "length": run.length,
                "encounters": run.encounters, "shard": format!("{}/{}", run.shard.0, run.shard.1),
                "from": run.from, "as": run.persona},
        "goal": {
            "points": book.manifest.rules.victory_points.unwrap_or(20),
            "by_encounter": &t.goal[..t.goal.len().saturating_sub(1)],
            "never": t.goal.last().copied().unwrap_or(0),
        },
        "by_matrix": economy::matrix_json(book, t),
        "by_source": economy::source_json(arms, t),
        "by_chart": economy::chart_json(book, arms, t),
        "gains": economy::gain_json(book, t),
        "raw": t.raw(),
        "outliers": outliers_json(book, outliers),
    })
}

/// Each paragraph's visits and its arms' counts, an arm keyed by its
/// depth marks and label (` #2` after a label said twice).
fn paragraphs_json(book: &Book, arms: &ArmIndex, t: &Tally) -> serde_json::Map<String, Value> {
    let mut paragraphs = serde_json::Map::new();
    // Each paragraph's arms, found in one pass (not a pass a paragraph).
    let mut of: Vec<Vec<usize>> = vec![Vec::new(); book.paragraphs.len()];
    for (id, a) in arms.arms.iter().enumerate() {
        of[a.paragraph].push(id);
    }
    for (i, p) in book.paragraphs.iter().enumerate() {
        if matches!(p.body, ParagraphBody::Chart(_)) {
            continue;
        }
        let mut sections = serde_json::Map::new();
        for &id in &of[i] {
            let a = &arms.arms[id];
            let mut key = format!(
                "{}{}",
                ">".repeat(usize::from(a.depth)),
                if a.depth > 0 { " " } else { "" }
            );
            key.push_str(book.sources.slice(a.label));
            let mut unique = key.clone();
            let mut k = 2;
            while sections.contains_key(&unique) {
                unique = format!("{key} #{k}");
                k += 1;
            }
            sections.insert(unique, json!(t.arms[id]));
        }
        paragraphs.insert(
            p.number.to_string(),
            json!({"visits": t.paragraphs[i], "sections": sections}),
        );
    }
    paragraphs
}

/// The `never-reached` findings, each with its file, line and column.
fn never_json(book: &Book, findings: &[Diagnostic]) -> Vec<Value> {
    findings
        .iter()
        .map(|d| {
            let f = book.sources.get(d.primary.span.file);
            let (line, column) = f.line_col(d.primary.span.start as usize);
            json!({"file": f.name, "line": line, "column": column, "code": d.code, "message": d.message})
        })
        .collect()
}

/// The award outliers, each with its siblings.
fn outliers_json(book: &Book, outliers: &[Outlier]) -> Vec<Value> {
    outliers.iter().map(|o| json!({
        "paragraph": book.paragraphs[o.paragraph].number,
        "points_per_visit": o.per_visit,
        "median": o.median,
        "siblings": o.group.to_string(),
        "matrix": match &o.group { Siblings::Row { matrix, .. } => json!(matrix), Siblings::Chart(_) => Value::Null },
        "row": match &o.group { Siblings::Row { row, .. } => json!(row), Siblings::Chart(_) => Value::Null },
        "chart": match &o.group { Siblings::Chart(n) => json!(n), Siblings::Row { .. } => Value::Null },
    })).collect()
}

/// Readers a paragraph needs before its points a visit are compared.
const MIN_VISITS: u64 = 50;

/// A paragraph whose points a visit sit far from its siblings'.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlier {
    pub paragraph: usize,
    pub per_visit: f64,
    pub median: f64,
    /// The siblings it is compared with.
    pub group: Siblings,
}

/// Paragraphs read in the same place: a matrix row's fans, or the
/// paragraphs a chart's entries lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Siblings {
    Row { matrix: String, row: String },
    Chart(u32),
}

impl std::fmt::Display for Siblings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Siblings::Row { matrix, row } => write!(f, "row `{row}` of matrix {matrix}"),
            Siblings::Chart(n) => write!(f, "the entries of chart {n}"),
        }
    }
}

/// Points a visit farther than this from a row's median are far: a row's
/// N-1 paragraphs often give a point less than its N+1 by design.
const FAR: f64 = 2.5;

/// Each matrix row's fans (N-1, N, N+1 of every cell) and each chart's
/// paragraph entries, as paragraph indices.
fn sibling_groups(book: &Book) -> Vec<(Siblings, Vec<usize>)> {
    let mut groups = Vec::new();
    for m in &book.matrices {
        for row in &m.rows {
            let fan = row
                .cells
                .iter()
                .flatten()
                .flat_map(|c| [c.value.saturating_sub(1), c.value, c.value + 1])
                .filter_map(|n| book.index.get(&n).copied())
                .collect();
            let s = Siblings::Row {
                matrix: m.letter.value.clone(),
                row: row.name.value.clone(),
            };
            groups.push((s, fan));
        }
    }
    for p in &book.paragraphs {
        if let ParagraphBody::Chart(chart) = &p.body {
            let entries = chart
                .entries
                .iter()
                .filter_map(|e| match &e.target {
                    crate::ir::ChartTarget::Paragraph(r) => match r.target {
                        crate::ir::Target::Paragraph(n) => book.index.get(&n).copied(),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            groups.push((Siblings::Chart(p.number), entries));
        }
    }
    groups
}

/// Points (destiny and story) a visit of each paragraph of a group of
/// siblings ([`sibling_groups`]), against the group's median: three times
/// it and [`FAR`] above, or [`FAR`] below.
pub fn outliers(book: &Book, t: &Tally) -> Vec<Outlier> {
    let mut out: Vec<Outlier> = Vec::new();
    for (group, mut fan) in sibling_groups(book) {
        fan.retain(|&i| t.paragraphs[i] >= MIN_VISITS && !book.paragraphs[i].is_chart());
        fan.sort_unstable();
        fan.dedup();
        if fan.len() < 3 {
            continue;
        }
        let value = |i: usize| t.points[i] as f64 / t.paragraphs[i] as f64;
        let mut values: Vec<f64> = fan.iter().map(|&i| value(i)).collect();
        values.sort_by(f64::total_cmp);
        let median = values[values.len() / 2];
        for &i in &fan {
            let v = value(i);
            let high = v >= 3.0 * median && v - median >= FAR;
            let low = median - v >= FAR;
            if (high || low) && !out.iter().any(|o| o.paragraph == i) {
                out.push(Outlier {
                    paragraph: i,
                    per_visit: v,
                    median,
                    group: group.clone(),
                });
            }
        }
    }
    out
}

/// `award-outlier` for each outlier (allowed unless the book turns it on).
pub fn outlier_findings(book: &Book, outliers: &[Outlier]) -> Vec<Diagnostic> {
    outliers
        .iter()
        .map(|o| {
            let p = &book.paragraphs[o.paragraph];
            Diagnostic::new(
                "award-outlier",
                p.header,
                format!(
                    "paragraph {} gives {:.1} points a visit; the paragraphs of {} give {:.1} (median)",
                    p.number, o.per_visit, o.group, o.median
                ),
            )
            .label("far from its row")
            .with_help("if the difference is meant, allow it with `# tales: allow(award-outlier)`; otherwise bring its awards in line with its row's")
        })
        .collect()
}
