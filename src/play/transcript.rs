//! `--transcript FILE`: one JSON object per step (JSON Lines), each with
//! the state after it; `--replay FILE` reads one back.

use crate::engine::{Character, Level};
use crate::ir::Book;
use serde_json::{Value, json};

/// The state as the transcript shows it: wealth by the level's name,
/// skills, statuses and treasures by glossary id.
pub fn state(c: &Character, book: &Book) -> Value {
    let skills: serde_json::Map<String, Value> = c
        .skills
        .iter()
        .map(|(id, l)| {
            (
                id.to_string(),
                Value::from(if *l == Level::Master {
                    "master"
                } else {
                    "talent"
                }),
            )
        })
        .collect();
    json!({
        "destiny": c.destiny,
        "story": c.story,
        "gender": c.gender.as_str(),
        "wealth": book.manifest.rules.wealth.get(c.wealth).map_or(Value::Null, |w| Value::from(w.name.value.as_str())),
        "skills": skills,
        "statuses": c.statuses.iter().map(|s| s.id.to_string()).collect::<Vec<_>>(),
        "treasures": c.treasures.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}

/// A recorded session: its seed and the player's choices, in order.
pub struct Recording {
    pub seed: u64,
    pub choices: Vec<usize>,
    /// How many encounters were played.
    pub encounters: usize,
}

/// Read a transcript back. Choices are recorded as 1-based `choice_index`.
pub fn read(text: &str) -> Result<Recording, String> {
    let mut seed = None;
    let mut choices = Vec::new();
    let mut encounters = 0;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if seed.is_none() {
            seed = v.get("seed").and_then(Value::as_u64);
        }
        if let Some(e) = v.get("encounter").and_then(Value::as_u64) {
            // Each line is one step of at most one encounter.
            let e = usize::try_from(e)
                .ok()
                .filter(|&e| e <= i)
                .ok_or_else(|| format!("line {}: encounter {e} is out of range", i + 1))?;
            encounters = encounters.max(e + 1);
        }
        if let Some(k) = v.get("choice_index").and_then(Value::as_u64) {
            choices.push(usize::try_from(k).unwrap_or(1).saturating_sub(1));
        }
    }
    Ok(Recording {
        seed: seed.ok_or("the transcript has no seed")?,
        choices,
        encounters,
    })
}
