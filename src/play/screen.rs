//! How a session looks on screen: paragraph text wrapped to the width,
//! numbered choices, dice as they roll, the state change after each award.

use crate::engine::{Change, Character, Event, Level};
use crate::ir::Book;

/// Re-flow text to `width` columns (line breaks inside a paragraph are the
/// book's wrapping, not the reader's).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn name<'a>(book: &'a Book, id: &'a str) -> &'a str {
    book.glossary
        .by_id(id)
        .map_or(id, |e| e.name.value.as_str())
}

fn level_name(book: &Book, i: usize) -> &str {
    book.manifest
        .rules
        .wealth
        .get(i)
        .map_or("?", |w| w.name.value.as_str())
}

/// One line for an award's effect on the state: `destiny 3 → 4`, `+Respected`.
pub fn change(book: &Book, c: &Change) -> Option<String> {
    Some(match c {
        Change::Destiny(a, b) | Change::Story(a, b) if a == b => return None,
        Change::Wealth(a, b) if a == b => return None,
        Change::Destiny(a, b) => format!("destiny {a} → {b}"),
        Change::Story(a, b) => format!("story {a} → {b}"),
        Change::Wealth(a, b) => {
            format!("wealth {} → {}", level_name(book, *a), level_name(book, *b))
        }
        Change::Skill(id, a, b) => match (a, b) {
            (None, Some(Level::Talent)) => format!("+{} (Talent)", name(book, id)),
            (None, Some(Level::Master)) => format!("+{} (Master)", name(book, id)),
            (Some(Level::Talent), Some(Level::Master)) => {
                format!("{}: Talent → Master", name(book, id))
            }
            (Some(Level::Master), Some(Level::Talent)) => {
                format!("{}: Master → Talent", name(book, id))
            }
            (Some(_), None) => format!("-{}", name(book, id)),
            _ => return None,
        },
        Change::Gained(id) => format!("+{}", name(book, id)),
        Change::Lost(id) => format!("-{}", name(book, id)),
        Change::Nothing => return None,
    })
}

/// The text of an event for the screen, or `None` for events that only
/// matter to the transcript.
pub fn event(book: &Book, e: &Event<'_>, width: usize) -> Option<String> {
    let text = |span: Option<crate::span::Span>| {
        span.map(|s| wrap(book.sources.slice(s), width))
            .unwrap_or_default()
    };
    Some(match e {
        Event::Card { kind, name } => format!("\n== {kind} card: {name} ==\n"),
        Event::Chart {
            paragraph,
            roll,
            total,
            entry,
        } => {
            format!(
                "chart {paragraph}: you roll {roll}, total {total}\n  {}\n",
                book.sources.slice(*entry).trim()
            )
        }
        Event::Reaction {
            matrix,
            row,
            reaction,
            cell,
        } => format!("you react: {reaction} (matrix {matrix}, row {row}, cell {cell})\n"),
        Event::Master { paragraph, skill } => {
            format!("your Master {skill} takes you straight to paragraph {paragraph}\n")
        }
        Event::Destiny {
            cell,
            roll,
            paragraph,
        } => {
            let face = match roll {
                -1 => "−",
                1 => "+",
                _ => "blank",
            };
            format!("destiny die: {face} → paragraph {paragraph} (cell {cell})\n")
        }
        Event::Read { paragraph, text: t } => format!("\n-{paragraph}-\n{}", text(*t)),
        Event::Section {
            label,
            text: t,
            forced,
            ..
        } => {
            let heading = book.sources.slice(*label).trim();
            let note = if *forced {
                " (you must read this one)"
            } else {
                ""
            };
            format!("\n{heading}:{note}\n{}", text(*t).trim_start())
        }
        Event::Branch { roll, text: t, .. } => {
            let dice = roll.map(|r| format!("you roll {r}\n")).unwrap_or_default();
            format!("{dice}{}", text(*t))
        }
        Event::Award { change: c, .. } => format!("  {}\n", change(book, c)?),
        Event::FreeText { text: t } => format!("  (to do by hand) {t}\n"),
        Event::Goto { target } => format!("→ {target}\n"),
        Event::Death => {
            "  you die: back to the start, statuses and treasures lost, skills and points kept\n"
                .to_owned()
        }
        Event::Expired { status } => format!("  {} wears off\n", name(book, status)),
        Event::OtherGender { gender, asked } => {
            if *asked {
                return None;
            }
            format!("the one you meet is {}\n", gender.as_str())
        }
        Event::NotOffered { reaction, why } => format!("{reaction} is not offered: {why}\n"),
    })
}

/// The `state` command.
pub fn state(book: &Book, c: &Character) -> String {
    let skills: Vec<String> = c
        .skills
        .iter()
        .map(|(id, l)| {
            format!(
                "{}{}",
                name(book, id),
                if *l == Level::Master { " (Master)" } else { "" }
            )
        })
        .collect();
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    format!(
        "destiny {}, story {}, wealth {}\nskills: {}\nstatuses: {}\ntreasures: {}\n",
        c.destiny,
        c.story,
        level_name(book, c.wealth),
        list(skills),
        list(
            c.statuses
                .iter()
                .map(|s| name(book, &s.id).to_owned())
                .collect()
        ),
        list(
            c.treasures
                .iter()
                .map(|t| name(book, t).to_owned())
                .collect()
        ),
    )
}
