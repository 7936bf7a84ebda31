//! Counts over many games, integers that add up in any order (so shards
//! and threads merge into the same report), and the report's JSON values.

use super::Record;
use super::score::Source;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// What `sim --games` counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTally {
    pub games: u64,
    /// Games not ended after `MAX_ROUNDS` rounds.
    pub unfinished: u64,
    /// Round the game ended in -> games.
    pub rounds: BTreeMap<u32, u64>,
    /// Encounters a player had in a game -> players.
    pub encounters_per_player: BTreeMap<u32, u64>,
    pub encounters: u64,
    /// Seat (1-based) -> games that seat won (a shared win counts for each).
    pub wins_by_seat: BTreeMap<u32, u64>,
    /// Seat -> games played in it.
    pub seats: BTreeMap<u32, u64>,
    /// `D/S` -> players who had that goal.
    pub goals: BTreeMap<String, u64>,
    /// `D/S` -> those who won.
    pub wins_by_goal: BTreeMap<String, u64>,
    /// Skill -> players who started with it.
    #[serde(default)]
    pub skills: BTreeMap<String, u64>,
    /// Skill -> those of them who won.
    #[serde(default)]
    pub wins_by_skill: BTreeMap<String, u64>,
    /// Games won by more than one player.
    pub shared: u64,
    pub deaths: u64,
    /// Treasures sold.
    #[serde(default)]
    pub sold: u64,
    /// Source -> destiny and story points gained (losses subtracted).
    pub points_by_source: BTreeMap<String, i64>,
    /// Broken encounters, by message.
    pub broken: BTreeMap<String, u64>,
}

impl GameTally {
    /// Count one game.
    pub fn add(&mut self, r: &Record) {
        self.games += 1;
        match r.rounds {
            Some(n) => *self.rounds.entry(n).or_default() += 1,
            None => self.unfinished += 1,
        }
        for (seat, (&e, goal)) in r.encounters.iter().zip(&r.goals).enumerate() {
            let seat = u32::try_from(seat + 1).unwrap_or(u32::MAX);
            *self.encounters_per_player.entry(e).or_default() += 1;
            self.encounters += u64::from(e);
            *self.seats.entry(seat).or_default() += 1;
            *self.goals.entry(goal_key(*goal)).or_default() += 1;
        }
        for skill in r.skills.iter().flatten() {
            *self.skills.entry(skill.clone()).or_default() += 1;
        }
        for &w in &r.winners {
            for skill in r.skills.get(w).into_iter().flatten() {
                *self.wins_by_skill.entry(skill.clone()).or_default() += 1;
            }
            let seat = u32::try_from(w + 1).unwrap_or(u32::MAX);
            *self.wins_by_seat.entry(seat).or_default() += 1;
            if let Some(&goal) = r.goals.get(w) {
                *self.wins_by_goal.entry(goal_key(goal)).or_default() += 1;
            }
        }
        if r.winners.len() > 1 {
            self.shared += 1;
        }
        self.deaths += u64::from(r.deaths);
        self.sold += u64::from(r.sold);
        for (s, p) in Source::ALL.iter().zip(r.points) {
            *self
                .points_by_source
                .entry(s.as_str().to_owned())
                .or_default() += p;
        }
        for b in &r.broken {
            *self.broken.entry(b.clone()).or_default() += 1;
        }
    }

    /// Two tallies added up (of shards, or of threads).
    #[must_use]
    pub fn merge(mut self, o: GameTally) -> GameTally {
        // Counts read from a shard may be anything: added without overflow.
        fn add<K: Ord, V: Saturating>(a: &mut BTreeMap<K, V>, b: BTreeMap<K, V>) {
            for (k, v) in b {
                let e = a.entry(k).or_insert(V::ZERO);
                *e = e.plus(v);
            }
        }
        self.games = self.games.saturating_add(o.games);
        self.unfinished = self.unfinished.saturating_add(o.unfinished);
        self.encounters = self.encounters.saturating_add(o.encounters);
        self.shared = self.shared.saturating_add(o.shared);
        self.deaths = self.deaths.saturating_add(o.deaths);
        self.sold = self.sold.saturating_add(o.sold);
        add(&mut self.rounds, o.rounds);
        add(&mut self.encounters_per_player, o.encounters_per_player);
        add(&mut self.wins_by_seat, o.wins_by_seat);
        add(&mut self.seats, o.seats);
        add(&mut self.goals, o.goals);
        add(&mut self.wins_by_goal, o.wins_by_goal);
        add(&mut self.skills, o.skills);
        add(&mut self.wins_by_skill, o.wins_by_skill);
        add(&mut self.points_by_source, o.points_by_source);
        add(&mut self.broken, o.broken);
        self
    }

    /// The goal splits played and their players, by destiny then story.
    #[must_use]
    pub fn goals_in_order(&self) -> Vec<(&String, u64)> {
        let mut out: Vec<(&String, u64)> = self.goals.iter().map(|(g, &n)| (g, n)).collect();
        out.sort_by_key(|(g, _)| {
            let (d, s) = g.split_once('/').unwrap_or((g, ""));
            (
                d.parse::<u32>().unwrap_or(u32::MAX),
                s.parse::<u32>().unwrap_or(u32::MAX),
            )
        });
        out
    }

    /// The mean and the standard error of the mean of the rounds of the
    /// games that ended.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn rounds_mean(&self) -> (f64, f64) {
        let n = total(self.rounds.values());
        if n == 0 {
            return (0.0, 0.0);
        }
        let n = n as f64;
        let mean = self
            .rounds
            .iter()
            .map(|(&r, &c)| f64::from(r) * c as f64)
            .sum::<f64>()
            / n;
        let var = self
            .rounds
            .iter()
            .map(|(&r, &c)| (f64::from(r) - mean).powi(2) * c as f64)
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        (mean, (var / n).sqrt())
    }

    /// The report's game keys (`games`, `rounds`, `wins`,
    /// `points_by_source`, ...), shares as fractions of 1.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn json(&self) -> Value {
        let share = |n: u64, of: u64| if of == 0 { 0.0 } else { n as f64 / of as f64 };
        let by_seat: serde_json::Map<String, Value> = self
            .seats
            .keys()
            .map(|s| {
                let w = self.wins_by_seat.get(s).copied().unwrap_or(0);
                (
                    s.to_string(),
                    json!({"wins": w, "share": share(w, self.games)}),
                )
            })
            .collect();
        let by_goal: serde_json::Map<String, Value> = self
            .goals_in_order()
            .into_iter()
            .map(|(g, n)| {
                let w = self.wins_by_goal.get(g).copied().unwrap_or(0);
                (
                    g.clone(),
                    json!({"players": n, "wins": w, "share": share(w, n)}),
                )
            })
            .collect();
        let by_skill: serde_json::Map<String, Value> = self
            .skills
            .iter()
            .map(|(k, &n)| {
                let w = self.wins_by_skill.get(k).copied().unwrap_or(0);
                (
                    k.clone(),
                    json!({"players": n, "wins": w, "share": share(w, n)}),
                )
            })
            .collect();
        let (mean, se) = self.rounds_mean();
        json!({
            "games": self.games,
            "unfinished": self.unfinished,
            "rounds": self.rounds.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "rounds_mean": mean,
            "rounds_standard_error": se,
            "encounters_per_player": self.encounters_per_player.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "wins": {"by_seat": by_seat, "by_goal": by_goal, "by_skill": by_skill, "shared": self.shared},
            "treasures_sold": self.sold,
            "points_by_source": Source::ALL.iter().map(|s| (s.as_str().to_owned(), json!(self.points_by_source.get(s.as_str()).copied().unwrap_or(0)))).collect::<serde_json::Map<_, _>>(),
        })
    }
}

/// Numbers that add up without overflow.
trait Saturating: Copy {
    const ZERO: Self;
    fn plus(self, other: Self) -> Self;
}

impl Saturating for u64 {
    const ZERO: Self = 0;
    fn plus(self, other: Self) -> Self {
        self.saturating_add(other)
    }
}

impl Saturating for i64 {
    const ZERO: Self = 0;
    fn plus(self, other: Self) -> Self {
        self.saturating_add(other)
    }
}

/// The sum of counts, saturating.
pub fn total<'a>(counts: impl Iterator<Item = &'a u64>) -> u64 {
    counts.fold(0, |a, &b| a.saturating_add(b))
}

/// A goal split as the report keys it: `D/S`.
#[must_use]
pub fn goal_key((d, s): (u32, u32)) -> String {
    format!("{d}/{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(skills: &[&[&str]], winners: &[usize]) -> Record {
        Record {
            rounds: Some(5),
            winners: winners.to_vec(),
            goals: vec![(10, 10); skills.len()],
            skills: skills
                .iter()
                .map(|s| s.iter().map(|&k| k.to_owned()).collect())
                .collect(),
            encounters: vec![5; skills.len()],
            ..Record::default()
        }
    }

    #[test]
    fn wins_by_starting_skill_count_the_players_who_started_with_it() {
        let mut t = GameTally::default();
        // Game 1: the Luck and Piety player wins; game 2: a shared win.
        t.add(&record(&[&["Luck", "Piety"], &["Luck", "Wisdom"]], &[0]));
        t.add(&record(&[&["Piety"], &["Wisdom"]], &[0, 1]));
        let v = t.json();
        let skill = |k: &str| &v["wins"]["by_skill"][k];
        assert_eq!(skill("Luck")["players"], 2);
        assert_eq!(skill("Luck")["wins"], 1);
        assert_eq!(skill("Piety")["wins"], 2);
        assert_eq!(skill("Piety")["share"], 1.0);
        assert_eq!(skill("Wisdom")["players"], 2);
        assert_eq!(skill("Wisdom")["wins"], 1);
        // Shards add up to the same counts.
        let mut a = GameTally::default();
        a.add(&record(&[&["Luck", "Piety"], &["Luck", "Wisdom"]], &[0]));
        let mut b = GameTally::default();
        b.add(&record(&[&["Piety"], &["Wisdom"]], &[0, 1]));
        assert_eq!(a.merge(b), t);
    }
}
