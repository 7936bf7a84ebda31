//! `tales sim --games N --format html`: one self-contained page (inline CSS
//! and SVG, no script, nothing fetched), in the encounter page's style: the
//! run in tiles, the rounds a game lasts as a histogram by round, wins by
//! goal and points by source as bars, then the text report whole.

// Chart geometry: counts and means scaled to pixels.
#![allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]

use super::games_report::{GamesRun, human, pct, quantile};
use super::html::{BLUE, STYLE, esc};
use crate::game::{score::Source, tally::GameTally};
use std::fmt::Write as _;

/// The page: `moved` is what moved since a baseline (text; empty without).
#[must_use]
pub fn page(title: &str, t: &GameTally, run: &GamesRun, (never, moved): (&str, &str)) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>{t} — whole games</title><style>{STYLE}pre{{white-space:pre-wrap}}</style></head><body>\n\
         <h1>{t} — whole games</h1>\n",
        t = esc(title)
    );
    s.push_str(&tiles(t, run));
    s.push_str(&rounds(t));
    s.push_str(&goals(t));
    s.push_str(&sources(t));
    if !never.is_empty() {
        let _ = writeln!(
            s,
            "<h2>What the games never reached</h2><pre>{}</pre>",
            esc(never)
        );
    }
    if !moved.is_empty() {
        let _ = writeln!(
            s,
            "<h2>What moved since the baseline</h2><pre>{}</pre>",
            esc(moved)
        );
    }
    let _ = write!(
        s,
        "<h2>The whole report</h2><pre>{}</pre>\n</body></html>\n",
        esc(&human(t, run))
    );
    s
}

fn tiles(t: &GameTally, run: &GamesRun) -> String {
    let (mean, se) = t.rounds_mean();
    let players = crate::game::tally::total(t.seats.values()).max(1);
    let tiles = [
        (
            format!("{}", t.games),
            format!("games of {} players (seed {})", run.players, run.seed),
        ),
        (
            format!("{mean:.1}"),
            format!("rounds on average (± {se:.1})"),
        ),
        (
            format!("{}–{}", quantile(t, 0.1), quantile(t, 0.9)),
            format!("rounds, p10 to p90 (median {})", quantile(t, 0.5)),
        ),
        (
            format!("{:.1}", t.encounters as f64 / players as f64),
            "encounters a player a game".to_owned(),
        ),
        (
            format!("{:.2}", t.deaths as f64 / t.games.max(1) as f64),
            "deaths a game".to_owned(),
        ),
        (format!("{}", t.unfinished), "games unfinished".to_owned()),
    ];
    let mut s = String::from("<div class=\"tiles\">");
    for (big, small) in tiles {
        let _ = write!(
            s,
            "<div class=\"tile\"><b>{}</b>{}</div>",
            esc(&big),
            esc(&small)
        );
    }
    s.push_str("</div>\n");
    s
}

/// A bar for every round from the first a game ended in to the last, at
/// its round (a round no game ended in is a gap), the axis labelled every
/// 10, 20, 50, ... rounds; the chart is as wide as the page, its bars as
/// wide as the span of rounds leaves them (the text keeps its size).
fn rounds(t: &GameTally) -> String {
    let (Some(&first), Some(&last)) = (t.rounds.keys().next(), t.rounds.keys().next_back()) else {
        return String::new();
    };
    let most = t.rounds.values().copied().max().unwrap_or(1).max(1);
    let (width, h, left) = (1000.0_f64, 160u64, 40.0_f64);
    let bar = (width - left - 10.0) / (f64::from(last - first) + 1.0);
    let x = |r: u32| left + bar * f64::from(r - first);
    let mut s = format!(
        "<h2>Rounds a game lasts</h2><p class=\"muted\">Games that ended in each round \
         (the tallest bar: {most} games).</p>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {width} {}\" width=\"100%\" role=\"img\" aria-label=\"rounds a game lasts\">\
         <text x=\"{l}\" y=\"12\" text-anchor=\"end\">{most}</text>\
         <text x=\"{l}\" y=\"{h}\" text-anchor=\"end\">0</text>",
        h + 24,
        l = left - 4.0
    );
    for (&r, &c) in &t.rounds {
        let bh = u64::try_from(u128::from(c) * u128::from(h) / u128::from(most)).unwrap_or(0);
        let _ = write!(
            s,
            "<rect x=\"{:.2}\" y=\"{}\" width=\"{:.2}\" height=\"{bh}\" fill=\"{BLUE}\"><title>round {r}: {c} games</title></rect>",
            x(r),
            h - bh,
            (bar * 0.85).max(0.5)
        );
    }
    let step = tick_step(u64::from(last - first) + 1);
    let mut tick = u64::from(first).div_ceil(step) * step;
    while tick <= u64::from(last) {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{tick}</text>",
            left + bar * (tick - u64::from(first)) as f64 + bar / 2.0,
            h + 18
        );
        tick += step;
    }
    s.push_str("</svg>\n");
    s
}

/// Rounds between the axis's labels: 5, 10, 20, 50, 100, 200, 500, ...,
/// the first that leaves at most 12 labels on `span` rounds.
fn tick_step(span: u64) -> u64 {
    let mut ten = 1u64;
    loop {
        for m in [5, 10, 20] {
            let step = ten.saturating_mul(m);
            if span.div_ceil(step) <= 12 {
                return step;
            }
        }
        ten = ten.saturating_mul(10);
    }
}

/// Horizontal bars, one a row: a label, the bar, and what it says.
fn bars(items: &[(String, f64, String)], label: &str) -> String {
    let most = items
        .iter()
        .map(|i| i.1.abs())
        .fold(0.0_f64, f64::max)
        .max(0.01);
    let (lw, bw, rh) = (110, 420, 20);
    let h = items.len() * rh + 4;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{h}\" role=\"img\" \
         aria-label=\"{}\">",
        lw + bw + 200,
        esc(label)
    );
    for (i, (name, value, said)) in items.iter().enumerate() {
        let y = i * rh + 2;
        let len = ((value.abs() / most) * bw as f64).round() as usize;
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{n}</text>\
             <rect x=\"{lw}\" y=\"{y}\" width=\"{len}\" height=\"{}\" fill=\"{BLUE}\">\
             <title>{n}: {s}</title></rect><text x=\"{}\" y=\"{}\">{s}</text>",
            lw - 8,
            y + 14,
            rh - 4,
            lw + len + 6,
            y + 14,
            n = esc(name),
            s = esc(said),
        );
    }
    s.push_str("</svg>\n");
    s
}

fn goals(t: &GameTally) -> String {
    let items: Vec<_> = t
        .goals_in_order()
        .into_iter()
        .map(|(g, n)| {
            let w = t.wins_by_goal.get(g).copied().unwrap_or(0);
            let p = pct(w, n);
            (g.clone(), p, format!("{p:.1}% ({w} of {n})"))
        })
        .collect();
    format!(
        "<h2>Wins by goal</h2><p class=\"muted\">The share of players with each \
         destiny/story goal who won.</p>\n{}",
        bars(&items, "wins by goal")
    )
}

fn sources(t: &GameTally) -> String {
    let games = t.games.max(1) as f64;
    let items: Vec<_> = Source::ALL
        .iter()
        .map(|src| {
            let p = t.points_by_source.get(src.as_str()).copied().unwrap_or(0) as f64 / games;
            (src.as_str().replace('_', " "), p, format!("{p:.2}"))
        })
        .collect();
    format!(
        "<h2>Points by source</h2><p class=\"muted\">Destiny and story gained a game \
         (losses taken off), by where the award was read.</p>\n{}",
        bars(&items, "points by source")
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rounds_axis_has_at_most_12_labels_at_a_round_step() {
        assert_eq!(super::tick_step(40), 5);
        assert_eq!(super::tick_step(61), 10);
        assert_eq!(super::tick_step(300), 50);
        assert_eq!(super::tick_step(1000), 100);
        assert_eq!(super::tick_step(u64::from(u32::MAX)), 500_000_000);
        assert_eq!(super::tick_step(u64::MAX), 2_000_000_000_000_000_000);
    }
}
