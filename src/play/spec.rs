//! `--as SPEC`: a character from `key=value` words or a YAML file.
//! `wealth=Poor destiny=3 story=1 skills=piety*,seamanship statuses=wounded
//! treasures=ebony-horse gender=female space=Basra time=noon` (`*` = Master;
//! ids or names).

use crate::engine::{Character, Gender, Held, Level, TimeOfDay};
use crate::ir::{Book, EntryKind};

/// Every key of a spec (`tales play --help` names each).
pub const KEYS: [&str; 9] = [
    "wealth",
    "destiny",
    "story",
    "skills",
    "statuses",
    "treasures",
    "gender",
    "space",
    "time",
];

/// Apply a spec to a character; the error says what is wrong, with a
/// suggestion where one is close.
pub fn apply(c: &mut Character, book: &Book, spec: &str) -> Result<(), String> {
    apply_pairs(c, book, &pairs(spec)?)
}

/// Apply a YAML map of the same keys (values as text or lists).
pub fn apply_yaml(c: &mut Character, book: &Book, text: &str) -> Result<(), String> {
    apply_pairs(c, book, &yaml_pairs(text)?)
}

/// Set each key of a spec, in order.
pub fn apply_pairs(
    c: &mut Character,
    book: &Book,
    pairs: &[(String, String)],
) -> Result<(), String> {
    for (key, value) in pairs {
        set(c, book, key, value)?;
    }
    Ok(())
}

/// The `key=value` words of a spec, as written.
pub fn pairs(spec: &str) -> Result<Vec<(String, String)>, String> {
    spec.split_whitespace()
        .map(|word| {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("`{word}` is not `key=value`"))?;
            Ok((key.to_owned(), value.to_owned()))
        })
        .collect()
}

/// The keys of a YAML map (a list's values joined with commas).
pub fn yaml_pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    let (node, found) =
        crate::syntax::yaml::parse(crate::span::FileId(0), text).map_err(|d| d.message)?;
    if let Some(d) = found.first() {
        return Err(d.message.clone());
    }
    let entries = node.as_map().ok_or("the character file must be a map")?;
    Ok(entries
        .iter()
        .map(|(k, v)| {
            let key = k.scalar().unwrap_or_default();
            let value = match v.as_seq() {
                Some(items) => items
                    .iter()
                    .filter_map(crate::syntax::yaml::Node::scalar)
                    .collect::<Vec<_>>()
                    .join(","),
                None => v.scalar().unwrap_or_default(),
            };
            (key, value)
        })
        .collect())
}

/// Set one key (`wealth`, `skills`, ...) from its text.
pub fn set(c: &mut Character, book: &Book, key: &str, value: &str) -> Result<(), String> {
    let number = || {
        value
            .parse::<u32>()
            .map_err(|_| format!("`{key}` takes a number, not `{value}`"))
    };
    match key {
        "destiny" => c.destiny = number()?,
        "story" => c.story = number()?,
        "wealth" => c.wealth = wealth_level(book, value)?,
        "skills" | "statuses" | "treasures" => entries(c, book, key, value)?,
        "gender" => {
            c.gender = match value.to_lowercase().as_str() {
                "male" | "m" => Gender::Male,
                "female" | "f" => Gender::Female,
                _ => return Err(format!("gender is `male` or `female`, not `{value}`")),
            };
        }
        "space" => c.space = Some(space(book, value)?),
        "time" => {
            c.time = match value.to_lowercase().as_str() {
                "morning" => TimeOfDay::Morning,
                "noon" => TimeOfDay::Noon,
                "night" => TimeOfDay::Night,
                _ => {
                    return Err(format!(
                        "time is `morning`, `noon` or `night`, not `{value}`"
                    ));
                }
            };
        }
        _ => return Err(unknown_key(key)),
    }
    Ok(())
}

/// `wealth=Poor`: a level of the book's wealth ladder.
fn wealth_level(book: &Book, value: &str) -> Result<usize, String> {
    book.manifest.rules.wealth_level(value).ok_or_else(|| {
        let names: Vec<&str> = book
            .manifest
            .rules
            .wealth
            .iter()
            .map(|w| w.name.value.as_str())
            .collect();
        format!(
            "`{value}` is no wealth level of this book ({})",
            names.join(", ")
        )
    })
}

/// `skills=piety*,seamanship`, `statuses=...`, `treasures=...`: glossary
/// entries of the key's kind (`*` a skill at Master level), each held.
fn entries(c: &mut Character, book: &Book, key: &str, value: &str) -> Result<(), String> {
    let kind = match key {
        "skills" => EntryKind::Skill,
        "statuses" => EntryKind::Status,
        _ => EntryKind::Treasure,
    };
    for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (name, master) = item.strip_suffix('*').map_or((item, false), |n| (n, true));
        let name = name.replace('_', " ");
        let entry = book
            .glossary
            .resolve(&name)
            .filter(|e| e.kind == kind)
            .ok_or_else(|| {
                let hint = book.glossary.suggest(&name).map_or_else(String::new, |e| {
                    format!(" (did you mean `{}`?)", e.id.value)
                });
                format!("`{name}` is no {} of this book{hint}", kind.as_str())
            })?;
        let id = entry.id.value;
        match kind {
            EntryKind::Skill => {
                c.skills
                    .insert(id, if master { Level::Master } else { Level::Talent });
            }
            EntryKind::Status => {
                if !c.has_status(id) {
                    c.statuses.push(Held {
                        id,
                        turns_left: None,
                        fresh: false,
                    });
                }
            }
            EntryKind::Treasure => {
                if !c.treasures.contains(&id) {
                    c.treasures.push(id);
                }
            }
        }
    }
    Ok(())
}

/// A key `--as` does not know: the error names the closest, or them all.
fn unknown_key(key: &str) -> String {
    let keys = KEYS;
    let close = keys
        .iter()
        .find(|k| crate::text::edit_distance(k, key) <= 2);
    match close {
        Some(k) => format!("unknown key `{key}` (did you mean `{k}`?)"),
        None => format!("unknown key `{key}`; keys are {}", keys.join(", ")),
    }
}

/// `space=The_Red_Waste`: a space of `world.spaces` (underscores for
/// spaces), when the book lists them; the error names the closest.
fn space(book: &Book, value: &str) -> Result<String, String> {
    let name = value.replace('_', " ");
    let spaces = &book.manifest.world.spaces;
    if spaces.is_empty() {
        return Ok(name);
    }
    if let Some(found) = spaces
        .iter()
        .find(|s| crate::text::eq_ci(&s.name.value, &name))
    {
        return Ok(found.name.value.clone());
    }
    let folded = crate::text::fold(&name);
    let hint = spaces
        .iter()
        .filter_map(|s| {
            crate::text::near(&folded, &crate::text::fold(&s.name.value), 3)
                .map(|d| (d, s.name.value.as_str()))
        })
        .min()
        .map_or_else(String::new, |(_, n)| {
            format!(" (did you mean `{}`?)", n.replace(' ', "_"))
        });
    let all: Vec<String> = spaces
        .iter()
        .map(|s| s.name.value.replace(' ', "_"))
        .collect();
    Err(format!(
        "`{value}` is no space of this book{hint}; its spaces: {}",
        all.join(", ")
    ))
}
