//! Completion from what the line holds before the cursor: paragraph
//! numbers after `@`, glossary names and the locale's words inside an award
//! code, condition words inside `{`, section names at a line's start.

use crate::ir::{Book, EntryKind};

/// One proposal: what to insert and what to show beside it.
#[derive(Debug)]
pub(super) struct Item {
    pub(super) label: String,
    pub(super) detail: String,
}

/// What fits at the end of `before` (the line up to the cursor).
pub(super) fn complete(book: &Book, before: &str) -> Vec<Item> {
    if let Some(digits) = after_at(before) {
        return paragraphs(book, digits);
    }
    let open_award = before
        .rfind('[')
        .is_some_and(|i| !before[i..].contains(']'));
    let open_brace = before
        .rfind('{')
        .is_some_and(|i| !before[i..].contains('}'));
    if open_brace {
        return conditions(book);
    }
    if open_award {
        return award_words(book);
    }
    let start = before.trim_start_matches(['>', ' ', '\t']);
    if start.chars().all(|c| c.is_uppercase() || c == ' ') {
        return section_names(book);
    }
    Vec::new()
}

/// The digits typed after an `@`, if the cursor is in a reference.
fn after_at(before: &str) -> Option<&str> {
    let at = before.rfind('@')?;
    let rest = &before[at + 1..];
    rest.bytes().all(|b| b.is_ascii_digit()).then_some(rest)
}

fn paragraphs(book: &Book, digits: &str) -> Vec<Item> {
    let mut ps: Vec<_> = book
        .paragraphs
        .iter()
        .filter(|p| p.number.to_string().starts_with(digits))
        .collect();
    ps.sort_by_key(|p| p.number);
    ps.into_iter()
        .take(200)
        .map(|p| Item {
            label: p.number.to_string(),
            detail: super::navigate::headline(book, p),
        })
        .collect()
}

fn kind(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Skill => "skill",
        EntryKind::Status => "status",
        EntryKind::Treasure => "treasure",
    }
}

fn award_words(book: &Book) -> Vec<Item> {
    let l = &book.manifest.locale;
    let mut out: Vec<Item> = [
        (format!("{}1", l.destiny), "destiny points"),
        (format!("{}1", l.story), "story points"),
        (format!("{}+1", l.wealth), "wealth levels"),
        (l.treasure.clone(), "a random treasure"),
        (l.death.clone(), "the character dies"),
        (format!("{} ", l.lose), "lose a skill, status or treasure"),
        (format!("{} ", l.master), "gain a skill at Master level"),
        (format!("{} ", l.choice_of), "the player picks one"),
    ]
    .into_iter()
    .map(|(label, detail)| Item {
        label,
        detail: detail.to_owned(),
    })
    .collect();
    out.extend(book.glossary.entries.iter().map(|e| Item {
        label: e.name.value.clone(),
        detail: kind(e.kind).to_owned(),
    }));
    out
}

fn conditions(book: &Book) -> Vec<Item> {
    let words = [
        ("else", "what no other arm matched"),
        ("female", "the character is female"),
        ("male", "the character is male"),
        ("opposite-sex", "the two are of opposite sexes"),
        ("treasure", "holds any treasure"),
        ("wealth >= ", "wealth at least a level"),
        ("destiny >= ", "destiny points at least"),
        ("story >= ", "story points at least"),
        ("terrain = ", "the encounter's terrain"),
    ];
    let mut out: Vec<Item> = words
        .iter()
        .map(|(w, d)| Item {
            label: (*w).to_owned(),
            detail: (*d).to_owned(),
        })
        .collect();
    out.extend(book.glossary.entries.iter().map(|e| Item {
        label: e.id.value.to_string(),
        detail: format!("{} ({})", e.name.value, kind(e.kind)),
    }));
    out
}

fn section_names(book: &Book) -> Vec<Item> {
    let l = &book.manifest.locale;
    let mut out = vec![Item {
        label: format!("{}:", l.no_skill),
        detail: "the section everyone may read".to_owned(),
    }];
    out.extend(book.glossary.entries.iter().map(|e| Item {
        label: e.name.value.to_uppercase(),
        detail: kind(e.kind).to_owned(),
    }));
    out
}
