//! Award items back to text, in a book's language: the inverse of
//! [`crate::syntax::awards::award`]. Used by the round-trip property test and by messages
//! that show an award as the book would print it.

pub mod effect;
pub mod effect_text;

use crate::ir::{Bound, Effect, Glossary, Note, Rules};
use crate::locale::Locale;
use std::fmt::Write as _;

/// `[D2 / S1 / W+1 (max Poor)]` for these effects.
pub fn award(effects: &[Effect], locale: &Locale, glossary: &Glossary, rules: &Rules) -> String {
    let items: Vec<String> = effects
        .iter()
        .map(|e| item(e, locale, glossary, rules))
        .collect();
    format!("[{}]", items.join(" / "))
}

fn signed(n: i32) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

fn name(id: &str, glossary: &Glossary) -> String {
    glossary
        .by_id(id)
        .map_or_else(|| id.to_owned(), |e| e.name.value.clone())
}

/// One item as the book would print it.
pub fn item(effect: &Effect, locale: &Locale, glossary: &Glossary, rules: &Rules) -> String {
    match effect {
        Effect::Destiny(n) => format!("{}{n}", locale.destiny),
        Effect::Story(n) => format!("{}{n}", locale.story),
        Effect::Wealth { delta, bound } => {
            let mut s = format!("{}{}", locale.wealth, signed(*delta));
            if let Some(Bound { max, level }) = bound {
                let kw = if *max { &locale.max } else { &locale.min };
                let kw = kw.first().map_or("max", String::as_str);
                let level = rules
                    .wealth
                    .get(*level)
                    .map_or("?", |w| w.name.value.as_str());
                let _ = write!(s, " ({kw}{}{level})", locale.bound_separator);
            }
            s
        }
        Effect::Gain { id, note } => match note {
            None => name(id, glossary),
            Some(Note::Turns(n)) => {
                let unit = if *n == 1 { &locale.turn } else { &locale.turns };
                format!("{} ({n} {unit})", name(id, glossary))
            }
            Some(Note::Text(t)) => format!("{} ({t})", name(id, glossary)),
        },
        Effect::Lose(id) => format!("{} {}", locale.lose, name(id, glossary)),
        Effect::Master(ids) if ids.len() == 1 => {
            format!("{} {}", locale.master, name(&ids[0], glossary))
        }
        Effect::Master(ids) => {
            let names: Vec<String> = ids.iter().map(|i| name(i, glossary)).collect();
            format!(
                "{} {}",
                names.join(&format!(" {} ", locale.and)),
                locale.master_suffix
            )
        }
        Effect::Choice(ids) => {
            let names: Vec<String> = ids.iter().map(|i| name(i, glossary)).collect();
            format!(
                "{} {}",
                locale.choice_of,
                names.join(&format!(" {} ", locale.or))
            )
        }
        Effect::RandomTreasure => locale.treasure.clone(),
        Effect::Goto(t) => t.to_string(),
        Effect::GotoSection { paragraph, section } => {
            go_to_section(*paragraph, &section_name(section, locale, glossary), locale)
        }
        Effect::Death => locale.death.clone(),
        Effect::FreeText(t) => t.clone(),
        Effect::Typed(_) | Effect::When { .. } | Effect::BySex { .. } => {
            let words = crate::syntax::print::effect::Words {
                locale,
                glossary,
                rules,
            };
            crate::syntax::print::effect::effect(&words, effect)
        }
    }
}

/// A section a go-to names, as its heading is written: a glossary name in
/// capitals, or the locale's words for a heading key (`no-skill`,
/// `any-treasure`, `female`, `male`, `any-N-skills`).
pub fn section_name(key: &str, locale: &Locale, glossary: &Glossary) -> String {
    let skills = key
        .strip_prefix("any-")
        .and_then(|k| k.strip_suffix("-skills"))
        .filter(|n| n.parse::<u32>().is_ok());
    match key {
        "no-skill" => locale.no_skill.clone(),
        "any-treasure" => locale.any_treasure.clone(),
        "female" => locale.female.clone(),
        "male" => locale.male.clone(),
        _ => match skills {
            Some(n) => crate::locale::fill(&locale.any_skills, n),
            None => name(key, glossary).to_uppercase(),
        },
    }
}

/// `Go to paragraph 83 and read the PIETY paragraph`, `Read the PIETY
/// paragraph below`: the locale's first pattern, its blank filled.
fn go_to_section(paragraph: Option<u32>, name: &str, locale: &Locale) -> String {
    let fill = |patterns: &[String]| {
        patterns
            .first()
            .map_or_else(String::new, |p| crate::locale::fill(p, name))
    };
    match paragraph {
        Some(n) => format!("{} {n} {}", locale.go_to, fill(&locale.read_section)),
        None => fill(&locale.read_below),
    }
}

/// An award item in words, for notes and proofreading: `story +1`,
/// `wealth +1 (at most Rich)`, `gain Wounded for 1 encounter`.
pub fn words(book: &crate::ir::Book, e: &Effect) -> String {
    let heading =
        |id: &crate::ir::Id| section_name(id.as_str(), &book.manifest.locale, &book.glossary);
    let name = |id: &str| {
        book.glossary
            .by_id(id)
            .map_or(id.to_owned(), |g| g.name.value.clone())
    };
    let level = |i: usize| {
        book.manifest
            .rules
            .wealth
            .get(i)
            .map_or("?".to_owned(), |w| w.name.value.clone())
    };
    match e {
        Effect::Destiny(n) => format!("destiny {n:+}"),
        Effect::Story(n) => format!("story {n:+}"),
        Effect::Wealth { delta, bound } => match bound {
            Some(b) if b.max => format!("wealth {delta:+} (at most {})", level(b.level)),
            Some(b) => format!("wealth {delta:+} (at least {})", level(b.level)),
            None => format!("wealth {delta:+}"),
        },
        Effect::Gain { id, note } => match note {
            Some(crate::ir::Note::Turns(n)) => {
                format!(
                    "gain {} for {}",
                    name(id),
                    crate::text::count(*n as usize, "encounter")
                )
            }
            Some(crate::ir::Note::Text(t)) => format!("gain {} ({t})", name(id)),
            None => format!("gain {}", name(id)),
        },
        Effect::Lose(id) => format!("lose {}", name(id)),
        Effect::Master(ids) => format!(
            "Master {}",
            ids.iter()
                .map(|i| name(i))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Effect::Choice(ids) => format!(
            "choose {}",
            ids.iter().map(|i| name(i)).collect::<Vec<_>>().join(" or ")
        ),
        Effect::RandomTreasure => "a random treasure".to_owned(),
        Effect::Goto(t) => format!("go to {t}"),
        Effect::GotoSection {
            paragraph: Some(n),
            section,
        } => format!("go to @{n}, the {} section", heading(section)),
        Effect::GotoSection {
            paragraph: None,
            section,
        } => format!("take the {} section below", heading(section)),
        Effect::Death => "death".to_owned(),
        Effect::FreeText(t) => format!("\"{t}\" (done by hand)"),
        Effect::Typed(t) => crate::syntax::print::effect_text::typed(book, t),
        Effect::When { item, when } => {
            let w = crate::syntax::print::effect::Words {
                locale: &book.manifest.locale,
                glossary: &book.glossary,
                rules: &book.manifest.rules,
            };
            format!(
                "{} if {{{}}}",
                words(book, item),
                crate::syntax::print::effect::expr(&w, when)
            )
        }
        Effect::BySex { opposite, same } => format!(
            "{} if of the opposite sex, else {}",
            words(book, opposite),
            words(book, same)
        ),
    }
}
