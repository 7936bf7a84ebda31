//! The rules of statuses, treasures and skills held (FORMAT.md 9.2,
//! `docs/rules.md`), applied: pure functions the whole game calls
//! ([`movement`], [`victory_barred`], [`chosen_by_another`]), and what an
//! encounter applies as it is played (skills, awards, reactions, dice, gains
//! and losses: `play.rs`, `gains.rs`), each time with an
//! [`Event::Rule`](super::Event::Rule) that says why.

mod gains;
mod play;

use super::character::{Character, Level};
use crate::ir::rules::{Choice, DiceBy, RuleKind};
use crate::ir::{Book, EntryKind, GlossaryEntry, Id};

/// The most `on-gain` outcomes one encounter plays.
const MAX_ON_GAIN: u16 = 64;

/// What a status's losses count from: the points when it was gained, and
/// the encounters since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub id: Id,
    pub destiny: u32,
    pub story: u32,
    pub encounters: u32,
}

/// Every rule of what the character holds (skills, statuses, treasures),
/// with its entry.
pub fn held<'b>(
    book: &'b Book,
    c: &Character,
) -> impl Iterator<Item = (&'b GlossaryEntry, &'b RuleKind)> {
    let ids = c
        .skills
        .keys()
        .copied()
        .chain(c.statuses.iter().map(|s| s.id))
        .chain(c.treasures.iter().copied())
        .collect::<Vec<Id>>();
    ids.into_iter()
        .filter_map(|id| book.glossary.by_id(&id))
        .flat_map(|e| e.rules.iter().map(move |r| (e, &r.kind)))
}

/// Whether any entry of the book has rules (a book without skips them).
pub fn any(book: &Book) -> bool {
    book.glossary.entries.iter().any(|e| !e.rules.is_empty())
}

/// A skill's level as it counts now: held or counted by a treasure
/// (`counts-as`), less what `cannot-use` and `skills-count-lower` take,
/// with the entry whose rule took it.
pub fn skill_level<'b>(
    book: &'b Book,
    c: &Character,
    id: Id,
) -> (Option<Level>, Option<&'b GlossaryEntry>) {
    let mut level = c.skills.get(&id).copied();
    let mut why = None;
    for (e, r) in held(book, c) {
        match r {
            RuleKind::CountsAs(ids) if level.is_none() && ids.contains(&id) => {
                level = Some(Level::Talent);
            }
            RuleKind::CannotUse(s) if s.contains(id) && level.is_some() => {
                return (None, Some(e));
            }
            RuleKind::SkillsCountLower(s) if s.contains(id) => why = Some(e),
            _ => {}
        }
    }
    match (level, why) {
        (Some(Level::Master), Some(e)) => (Some(Level::Talent), Some(e)),
        (Some(Level::Talent), Some(e)) => (None, Some(e)),
        (l, _) => (l, None),
    }
}

/// A turn's movement: the rates, what limits the spaces, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    pub land: u32,
    pub sea: u32,
    /// At most this many spaces (`movement-limit`): 0 is none.
    pub limit: Option<u32>,
    /// Each city counts as one space (`city-hops`).
    pub city_hops: bool,
    /// What changed the rates, in words: `Crippled: movement 3 → 2`.
    pub reasons: Vec<String>,
}

impl Movement {
    /// The most spaces this turn: the faster rate, under the limit.
    pub fn most(&self) -> u32 {
        let fast = self.land.max(self.sea);
        self.limit.map_or(fast, |l| l.min(fast))
    }
}

fn change(land: (u32, u32), sea: (u32, u32)) -> String {
    match (land.0 != land.1, sea.0 != sea.1) {
        (true, true) if land == sea => format!("movement {} → {}", land.0, land.1),
        (true, true) => format!(
            "movement {} → {} by land, {} → {} by sea",
            land.0, land.1, sea.0, sea.1
        ),
        (true, false) => format!("land movement {} → {}", land.0, land.1),
        _ => format!("sea movement {} → {}", sea.0, sea.1),
    }
}

/// The movement of a character whose wealth gives `land` and `sea`:
/// rates raised first (`rate-at-least`: Seamanship), then changed
/// (`movement`: Crippled, a treasure's bonus), never below 0, then
/// limited (`movement-limit`: Imprisoned, Lost). The rules summary's FAQ:
/// Poor (3/2), Seamanship and Crippled move 2 by land and 3 by sea.
pub fn movement(book: &Book, c: &Character, land: u32, sea: u32) -> Movement {
    let mut m = Movement {
        land,
        sea,
        limit: None,
        city_hops: false,
        reasons: Vec::new(),
    };
    let rules: Vec<_> = held(book, c).collect();
    for (e, r) in &rules {
        if let RuleKind::RateAtLeast { land, sea } = r {
            let before = (m.land, m.sea);
            m.land = m.land.max(*land);
            m.sea = m.sea.max(*sea);
            if before != (m.land, m.sea) {
                let what = change((before.0, m.land), (before.1, m.sea));
                m.reasons.push(format!("{}: {what}", e.name.value));
            }
        }
    }
    for (e, r) in &rules {
        match r {
            RuleKind::Movement { land, sea } => {
                let before = (m.land, m.sea);
                m.land = m.land.saturating_add_signed(*land);
                m.sea = m.sea.saturating_add_signed(*sea);
                if before != (m.land, m.sea) {
                    let what = change((before.0, m.land), (before.1, m.sea));
                    m.reasons.push(format!("{}: {what}", e.name.value));
                }
            }
            RuleKind::CityHops => m.city_hops = true,
            _ => {}
        }
    }
    for (e, r) in &rules {
        if let RuleKind::MovementLimit(n) = r {
            let before = m.most();
            m.limit = Some(m.limit.map_or(*n, |l| l.min(*n)));
            if m.most() != before {
                let what = format!("movement {before} → {}", m.most());
                m.reasons.push(format!("{}: {what}", e.name.value));
            }
        }
    }
    m
}

/// The statuses (or treasures) held that say no victory while held.
pub fn victory_barred(book: &Book, c: &Character) -> Vec<Id> {
    held(book, c)
        .filter(|(_, r)| matches!(r, RuleKind::NoVictory))
        .map(|(e, _)| e.id.value)
        .collect()
}

/// The entry held that bars selling treasures and playing city cards
/// (`cannot-trade`; the FAQ: Imprisoned in a city), if any.
pub fn trade_barred(book: &Book, c: &Character) -> Option<Id> {
    held(book, c)
        .find(|(_, r)| matches!(r, RuleKind::CannotTrade))
        .map(|(e, _)| e.id.value)
}

/// The entry held that has another player make this choice, if any.
pub fn chosen_by_another(book: &Book, c: &Character, choice: Choice) -> Option<Id> {
    held(book, c)
        .find(|(_, r)| matches!(r, RuleKind::ChosenByAnother(cs) if cs.contains(&choice)))
        .map(|(e, _)| e.id.value)
}

/// The entry held that names dice instead of rolling them, and who names
/// them.
pub fn dice_by(book: &Book, c: &Character) -> Option<(Id, DiceBy)> {
    held(book, c).find_map(|(e, r)| match r {
        RuleKind::Dice(by) => Some((e.id.value, *by)),
        _ => None,
    })
}

/// Whether a glossary entry may be gained now, or the entry whose
/// `cannot-gain` bars it.
pub fn gain_barred<'b>(book: &'b Book, c: &Character, id: Id) -> Option<&'b GlossaryEntry> {
    let kind = book.glossary.by_id(&id)?.kind;
    held(book, c)
        .find(|(_, r)| match r {
            RuleKind::CannotGain(b) => match kind {
                EntryKind::Skill => b.skills.as_ref().is_some_and(|s| s.contains(id)),
                _ => b.entries.contains(&id),
            },
            _ => false,
        })
        .map(|(e, _)| e)
}

/// The sum of a roll's bonuses (`roll-bonus`), with their entries.
pub fn roll_bonus<'b>(book: &'b Book, c: &Character) -> Vec<(&'b GlossaryEntry, i32)> {
    held(book, c)
        .filter_map(|(e, r)| match r {
            RuleKind::RollBonus(n) => Some((e, *n)),
            _ => None,
        })
        .collect()
}
