//! How a session looks on screen: paragraph text wrapped to the width,
//! numbered choices, dice as they roll, the state change after each award.

use crate::engine::{Change, Character, Event, Level};
use crate::ir::{BlockKind, Book, Expr, PointsTrack};
use std::fmt::Write as _;

/// Re-flow text to `width` columns (line breaks inside a paragraph are the
/// book's wrapping, not the reader's).
pub fn wrap(text: &str, width: usize) -> String {
    crate::text::wrap(text, width)
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
        } => destiny(*cell, *roll, *paragraph),
        Event::Read { paragraph, text: t } => format!("\n-{paragraph}-\n{}", text(*t)),
        Event::Section {
            label,
            text: t,
            forced,
            depth,
            ..
        } => section(book.sources.slice(*label), *forced, *depth, &text(*t)),
        Event::Roll { dice, terms, total } => roll(book, dice, terms, *total),
        Event::Branch {
            label,
            kind,
            text: t,
            depth,
            ..
        } => branch(label, *kind, *depth, &text(*t)),
        Event::Award { effect, change: c } => format!("  {}\n", award(book, effect, c)?),
        Event::FreeText { text: t } => format!("  (to do by hand) {t}\n"),
        Event::Goto { target, section } => goto(book, target, section.as_ref()),
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
        Event::Rule { entry, what } => format!("  {}: {what}\n", name(book, entry)),
        // The rule that made the points said so already.
        Event::Credit { .. } => return None,
    })
}

/// The destiny die's face and the paragraph it leads to.
fn destiny(cell: u32, roll: i32, paragraph: u32) -> String {
    let face = match roll {
        -1 => "−",
        1 => "+",
        _ => "blank",
    };
    format!("destiny die: {face} → paragraph {paragraph} (cell {cell})\n")
}

/// A section read: its heading at its depth, whether it had to be, and
/// its text.
fn section(label: &str, forced: bool, depth: u8, text: &str) -> String {
    let heading = label.trim();
    let note = if forced {
        " (you must read this one)"
    } else {
        ""
    };
    let marks = marks(depth);
    format!("\n{marks}{heading}:{note}\n{}", text.trim_start())
}

/// A go-to, with the section it names.
fn goto(book: &Book, target: &crate::ir::Target, section: Option<&crate::ir::Id>) -> String {
    match section {
        None => format!("→ {target}\n"),
        Some(id) => format!(
            "→ {target}, the {} section\n",
            crate::syntax::print::section_name(id.as_str(), &book.manifest.locale, &book.glossary)
        ),
    }
}

/// An award's effect as the book writes it where a note says more than the
/// name (`+Scorned (2 turns)`, `+Pursued (DJINN)`), and a wealth change
/// that a bound stops (`wealth stays Poor (max Poor)`); else the change.
fn award(book: &Book, effect: &crate::ir::Effect, c: &Change) -> Option<String> {
    use crate::ir::Effect;
    let m = &book.manifest;
    match (effect, c) {
        (Effect::Gain { note: Some(_), .. }, Change::Gained(_)) => Some(format!(
            "+{}",
            crate::syntax::print::item(effect, &m.locale, &book.glossary, &m.rules)
        )),
        (
            Effect::Wealth {
                delta,
                bound: Some(b),
            },
            Change::Wealth(x, y),
        ) if x == y && *delta != 0 => {
            let word = if b.max { "max" } else { "min" };
            Some(format!(
                "wealth stays {} ({word} {}: the award changes nothing)",
                level_name(book, *x),
                level_name(book, b.level)
            ))
        }
        // The board's effects (section 9.3), typed and in words:
        // `move: any coastal space (another player chooses)`.
        (Effect::Typed(_), Change::Nothing) => Some(crate::syntax::print::words(book, effect)),
        _ => change(book, c),
    }
}

/// The depth marks of a nested heading, as the book writes them.
fn marks(depth: u8) -> String {
    if depth == 0 {
        String::new()
    } else {
        format!("{} ", ">".repeat(usize::from(depth)))
    }
}

/// `you roll 3 + 5, +1 Luck, -1 Wounded = 8`.
fn roll(book: &Book, dice: &[u32], terms: &[(i32, &Expr)], total: i64) -> String {
    let faces: Vec<String> = dice.iter().map(u32::to_string).collect();
    let mut line = format!("you roll {}", faces.join(" + "));
    for (weight, when) in terms {
        let sign = if *weight < 0 { '-' } else { '+' };
        let _ = write!(
            line,
            ", {sign}{} {}",
            weight.unsigned_abs(),
            words(book, when)
        );
    }
    if dice.len() > 1 || !terms.is_empty() {
        let _ = write!(line, " = {total}");
    }
    line.push('\n');
    line
}

/// A branch taken: a die band or a condition's arm is shown with its
/// label (the book decided); a choice was just made on screen.
fn branch(label: &str, kind: BlockKind, depth: u8, text: &str) -> String {
    let marks = marks(depth);
    let words = label
        .strip_prefix('{')
        .and_then(|l| l.split_once('}'))
        .map_or(label, |(_, rest)| rest)
        .trim();
    match kind {
        BlockKind::Choice | BlockKind::SkillCheck => text.to_owned(),
        BlockKind::Roll => format!("{marks}{words}:\n{text}"),
        BlockKind::Condition => {
            let else_arm = label.trim_start().to_lowercase().starts_with("{else}");
            let (words, why) = match (words.is_empty(), else_arm) {
                (true, true) => ("otherwise", " (no condition above holds)"),
                (true, false) => (label.trim(), " (this holds)"),
                (false, true) => (words, " (no condition above holds)"),
                (false, false) => (words, " (this holds)"),
            };
            format!("{marks}{words}:{why}\n{text}")
        }
    }
}

/// A condition in words, names from the glossary: `Luck`, `Weapon Use at
/// Master level`, `wealth >= Rich`.
pub fn words(book: &Book, e: &Expr) -> String {
    let list = |es: &[Expr], sep: &str| {
        let parts: Vec<String> = es.iter().map(|e| words(book, e)).collect();
        format!("({})", parts.join(sep))
    };
    match e {
        Expr::Has(id) => name(book, id).to_owned(),
        Expr::Master(id) => format!("{} at Master level", name(book, id)),
        Expr::AnyTreasure => "a treasure".to_owned(),
        Expr::Gender(g) => g.as_str().to_owned(),
        Expr::Other(g) => format!("the other is {}", g.as_str()),
        Expr::OppositeSex => "of the opposite sex".to_owned(),
        Expr::Wealth(cmp, level) => format!("wealth {} {}", cmp.as_str(), level_name(book, *level)),
        Expr::Points(PointsTrack::Destiny, cmp, n) => format!("destiny {} {n}", cmp.as_str()),
        Expr::Points(PointsTrack::Story, cmp, n) => format!("story {} {n}", cmp.as_str()),
        Expr::Skills(cmp, n) => format!("skills {} {n}", cmp.as_str()),
        Expr::Terrain(t) => format!("terrain {t}"),
        Expr::Not(e) => format!("not {}", words(book, e)),
        Expr::All(es) => list(es, " and "),
        Expr::Any(es) => list(es, " or "),
    }
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
        "destiny {}, story {}, wealth {}, {}\nskills: {}\nstatuses: {}\ntreasures: {}\nspace: {}, time: {}\n",
        c.destiny,
        c.story,
        level_name(book, c.wealth),
        c.gender_now(book).as_str(),
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
        c.space.as_deref().unwrap_or("none"),
        c.time.as_str(),
    )
}

/// Who the player is at the start (the state), and how `--as` changes it,
/// with one of the book's own skills as the example.
pub fn who(book: &Book, c: &Character) -> String {
    let skill = book
        .glossary
        .entries
        .iter()
        .find(|e| e.kind == crate::ir::EntryKind::Skill)
        .map_or_else(String::new, |e| format!("skills={}* ", e.id.value));
    format!(
        "you are: {}(change it with `--as`, e.g. `--as \"{skill}gender=female time=noon\"`; \
         `tales play --help` names every key)\n",
        state(book, c)
    )
}
