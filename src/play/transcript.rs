//! `--transcript FILE`: one JSON object per step (JSON Lines), each with
//! the state after it; `--replay FILE` reads one back. The first line
//! (`"kind": "start"`) holds where the session started and the character
//! it started with, so a replay needs no `--at` or `--as` to be the same
//! session.

use crate::engine::{Character, Level, Start};
use crate::ir::Book;
use serde_json::{Value, json};

/// The first line: the seed, the start (`null` for a card draw) and the
/// character in the keys of `--as`.
pub fn start_line(seed: u64, start: &Start, c: &Character, book: &Book) -> String {
    let at = match start {
        Start::Card => Value::Null,
        Start::At(t) => Value::from(t.to_string()),
    };
    let skills: Vec<String> = c
        .skills
        .iter()
        .map(|(id, l)| format!("{id}{}", if *l == Level::Master { "*" } else { "" }))
        .collect();
    let time = c.time.as_str();
    json!({
        "step": 0,
        "kind": "start",
        "at": at,
        "seed": seed,
        "book": book_hash(book),
        "character": {
            "destiny": c.destiny.to_string(),
            "story": c.story.to_string(),
            "wealth": book.manifest.rules.wealth.get(c.wealth).map_or(Value::Null, |w| Value::from(w.name.value.as_str())),
            "skills": skills,
            "statuses": c.statuses.iter().map(|s| s.id.to_string()).collect::<Vec<_>>(),
            "treasures": c.treasures.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "gender": c.gender.as_str(),
            "space": c.space,
            "time": time,
        },
    })
    .to_string()
}

/// A hash of the book's files (names and text), so a replay can tell that
/// the book changed since its transcript was written.
pub fn book_hash(book: &Book) -> String {
    let mut all = String::new();
    for i in 0..book.sources.own_len() {
        let f = book
            .sources
            .get(crate::span::FileId(u32::try_from(i).unwrap_or(u32::MAX)));
        all.push_str(&f.name);
        all.push('\n');
        all.push_str(&f.text);
        all.push('\n');
    }
    crate::l10n::lock::hash(&all)
}

/// The start line's `at`: `None` when the transcript has no start line.
fn read_start(v: &Value) -> Result<Start, String> {
    match v.get("at") {
        None | Some(Value::Null) => Ok(Start::Card),
        Some(Value::String(at)) => crate::syntax::reference::parse_whole_reference(at)
            .map(Start::At)
            .ok_or_else(|| format!("the start line's `at` is no reference: `{at}`")),
        Some(other) => Err(format!("the start line's `at` is no reference: {other}")),
    }
}

/// The start line's character as `--as` keys and values.
fn read_character(v: &Value) -> Vec<(String, String)> {
    let Some(map) = v.get("character").and_then(Value::as_object) else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(k, v)| {
            let value = match v {
                Value::String(s) => s.clone(),
                Value::Array(items) => items
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join(","),
                Value::Number(n) => n.to_string(),
                _ => return None,
            };
            Some((k.clone(), value))
        })
        .collect()
}

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
    /// Where the session started, when the transcript says.
    pub start: Option<Start>,
    /// The character it started with (`--as` keys), when the transcript says.
    pub character: Vec<(String, String)>,
    /// The hash of the book it was played on, when the transcript says.
    pub book: Option<String>,
    /// A game's setup (`play --game`): players, bots and goal.
    pub game: Option<Value>,
    /// Each step after the start, as recorded (to tell where a replay
    /// parts from it): JSON values, so a transcript written again with
    /// other spacing or key order is the same transcript.
    pub steps: Vec<Value>,
}

/// Read a transcript back. Choices are recorded as 1-based `choice_index`.
pub fn read(text: &str) -> Result<Recording, String> {
    let mut seed = None;
    let mut choices = Vec::new();
    let mut encounters = 0;
    let (mut start, mut character, mut book, mut steps) = (None, Vec::new(), None, Vec::new());
    let mut game = None;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if v.get("kind").and_then(Value::as_str) == Some("start") {
            start = Some(read_start(&v).map_err(|e| format!("line {}: {e}", i + 1))?);
            character = read_character(&v);
            seed = v.get("seed").and_then(Value::as_u64);
            book = v.get("book").and_then(Value::as_str).map(str::to_owned);
            game = v.get("game").cloned();
            continue;
        }
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
        steps.push(v);
    }
    Ok(Recording {
        seed: seed.ok_or("the transcript has no seed")?,
        choices,
        encounters,
        start,
        character,
        book,
        game,
        steps,
    })
}
