//! What `sim --games` counts of statuses, quests and treasures: how long
//! each status is held, the quests completed and when, the treasures
//! gained, the rules that acted between encounters. Integers that add up in any order (shards and threads merge).

use super::Record;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The counts, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HeldTally {
    /// Status -> games it appeared in.
    pub status_games: BTreeMap<String, u64>,
    /// Status -> times it was held (from gain to loss or the game's end).
    pub status_holds: BTreeMap<String, u64>,
    /// Status -> turns held, over all holdings.
    pub status_turns: BTreeMap<String, u64>,
    /// Status -> the squares of the turns each holding lasted (for the
    /// standard error of the mean, which `--baseline` compares).
    pub status_turns_sq: BTreeMap<String, u64>,
    /// Quest -> games it was completed in.
    pub quest_games: BTreeMap<String, u64>,
    /// Quest -> times completed, and the sum of the rounds it was.
    pub quest_done: BTreeMap<String, u64>,
    pub quest_rounds: BTreeMap<String, u64>,
    /// Treasure -> times gained.
    pub treasures: BTreeMap<String, u64>,
    /// `Entry: rule` -> times a rule of the game acted between encounters.
    pub acted: BTreeMap<String, u64>,
}

fn bump(m: &mut BTreeMap<String, u64>, k: &str, n: u64) {
    let e = m.entry(k.to_owned()).or_default();
    *e = e.saturating_add(n);
}

fn merge(a: &mut BTreeMap<String, u64>, b: BTreeMap<String, u64>) {
    for (k, v) in b {
        bump(a, &k, v);
    }
}

#[allow(clippy::cast_precision_loss)]
fn ratio(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

/// The standard error of a mean, from the sum and the sum of squares of
/// `n` values.
#[allow(clippy::cast_precision_loss)]
fn standard_error(sum: u64, sq: u64, n: u64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let (n, mean) = (n as f64, ratio(sum, n));
    let var = (sq as f64 / n - mean * mean).max(0.0);
    (var / n).sqrt()
}

impl HeldTally {
    /// Count one game.
    pub fn add(&mut self, r: &Record) {
        let mut seen = BTreeSet::new();
        for (name, turns) in &r.statuses {
            bump(&mut self.status_holds, name, 1);
            bump(&mut self.status_turns, name, u64::from(*turns));
            bump(
                &mut self.status_turns_sq,
                name,
                u64::from(*turns).saturating_mul(u64::from(*turns)),
            );
            if seen.insert(name.as_str()) {
                bump(&mut self.status_games, name, 1);
            }
        }
        let mut seen = BTreeSet::new();
        for (name, round) in &r.quests {
            bump(&mut self.quest_done, name, 1);
            bump(&mut self.quest_rounds, name, u64::from(*round));
            if seen.insert(name.as_str()) {
                bump(&mut self.quest_games, name, 1);
            }
        }
        for t in &r.treasures {
            bump(&mut self.treasures, t, 1);
        }
        for a in &r.acted {
            bump(&mut self.acted, a, 1);
        }
    }

    /// Two tallies added up.
    pub fn merge(&mut self, o: HeldTally) {
        merge(&mut self.status_games, o.status_games);
        merge(&mut self.status_holds, o.status_holds);
        merge(&mut self.status_turns, o.status_turns);
        merge(&mut self.status_turns_sq, o.status_turns_sq);
        merge(&mut self.quest_games, o.quest_games);
        merge(&mut self.quest_done, o.quest_done);
        merge(&mut self.quest_rounds, o.quest_rounds);
        merge(&mut self.treasures, o.treasures);
        merge(&mut self.acted, o.acted);
    }

    /// The report's `statuses`, `quests` and `treasures` (of `games`).
    #[must_use]
    pub fn json(&self, games: u64) -> Value {
        let statuses: serde_json::Map<String, Value> = self
            .status_holds
            .iter()
            .map(|(k, &n)| {
                let turns = self.status_turns.get(k).copied().unwrap_or(0);
                let sq = self.status_turns_sq.get(k).copied().unwrap_or(0);
                let g = self.status_games.get(k).copied().unwrap_or(0);
                let v = json!({"holds": n, "turns_mean": ratio(turns, n),
                    "turns_standard_error": standard_error(turns, sq, n), "share_of_games": ratio(g, games)});
                (k.clone(), v)
            })
            .collect();
        let quests: serde_json::Map<String, Value> = self
            .quest_done
            .iter()
            .map(|(k, &n)| {
                let rounds = self.quest_rounds.get(k).copied().unwrap_or(0);
                let g = self.quest_games.get(k).copied().unwrap_or(0);
                let v = json!({"completed": n, "round_mean": ratio(rounds, n), "share_of_games": ratio(g, games)});
                (k.clone(), v)
            })
            .collect();
        json!({"statuses": statuses, "quests": quests, "treasures": self.treasures, "rules_acted": self.acted})
    }

    /// The text report's lines (none when nothing was held or done).
    #[must_use]
    pub fn human(&self, games: u64) -> String {
        let mut s = String::new();
        if !self.status_holds.is_empty() {
            let _ = writeln!(s, "statuses held (turns a holding; share of games):");
        }
        for (k, &n) in &self.status_holds {
            let turns = ratio(self.status_turns.get(k).copied().unwrap_or(0), n);
            let g = ratio(self.status_games.get(k).copied().unwrap_or(0), games);
            let _ = writeln!(s, "  {k:<24} {turns:>6.2} turns  {:>5.1}%", 100.0 * g);
        }
        if !self.quest_done.is_empty() {
            let _ = writeln!(s, "quests completed (share of games; mean round):");
        }
        for (k, &n) in &self.quest_done {
            let round = ratio(self.quest_rounds.get(k).copied().unwrap_or(0), n);
            let g = ratio(self.quest_games.get(k).copied().unwrap_or(0), games);
            let _ = writeln!(s, "  {k:<32} {:>5.1}%  round {round:.1}", 100.0 * g);
        }
        if !self.treasures.is_empty() {
            let _ = writeln!(s, "treasures gained (a game):");
        }
        for (k, &n) in &self.treasures {
            let _ = writeln!(s, "  {k:<32} {:.3}", ratio(n, games));
        }
        if !self.acted.is_empty() {
            let _ = writeln!(s, "rules acted between encounters (a game):");
        }
        for (k, &n) in &self.acted {
            let _ = writeln!(s, "  {k:<32} {:.3}", ratio(n, games));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_quests_and_treasures_add_up_in_any_order() {
        let a = Record {
            statuses: vec![("Lost".into(), 2), ("Lost".into(), 4)],
            quests: vec![("Road".into(), 6)],
            treasures: vec!["Lamp".into()],
            acted: vec!["Vizier: home".into()],
            ..Record::default()
        };
        let b = Record {
            statuses: vec![("Lost".into(), 3)],
            ..Record::default()
        };
        let (mut x, mut y) = (HeldTally::default(), HeldTally::default());
        x.add(&a);
        y.add(&b);
        let mut xy = x.clone();
        xy.merge(y.clone());
        y.merge(x);
        assert_eq!(xy, y);
        let v = xy.json(2);
        assert_eq!(v["statuses"]["Lost"]["holds"], 3);
        assert_eq!(v["statuses"]["Lost"]["turns_mean"], 3.0);
        // Turns 2, 4 and 3: variance 2/3, over 3 holdings.
        let se = v["statuses"]["Lost"]["turns_standard_error"]
            .as_f64()
            .unwrap();
        assert!((se - (2.0_f64 / 9.0).sqrt()).abs() < 1e-12, "{se}");
        assert_eq!(v["statuses"]["Lost"]["share_of_games"], 1.0);
        assert_eq!(v["quests"]["Road"]["round_mean"], 6.0);
        assert_eq!(v["quests"]["Road"]["share_of_games"], 0.5);
        assert_eq!(v["treasures"]["Lamp"], 1);
        assert_eq!(v["rules_acted"]["Vizier: home"], 1);
        assert!(
            xy.human(2)
                .contains("  Lost                       3.00 turns  100.0%")
        );
    }
}
