//! A character's state and the award rules that change it (rules summary:
//! "Resolve the encounter", "Skills", "Statuses", "Wealth", "Death"; FAQ:
//! "Receiving a status twice").

pub use crate::ir::Gender;
use crate::ir::{Book, Bound, EntryKind, Id};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Talent,
    Master,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeOfDay {
    Morning,
    Noon,
    Night,
}

impl TimeOfDay {
    /// `morning`, `noon` or `night`, as `--as time=` takes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TimeOfDay::Morning => "morning",
            TimeOfDay::Noon => "noon",
            TimeOfDay::Night => "night",
        }
    }
}

/// A status held, with the encounters it has left (`Scorned (1 turn)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub id: Id,
    pub turns_left: Option<u32>,
    /// Gained during the current encounter: its turns start counting after.
    pub fresh: bool,
}

/// Everything the engine knows about the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Character {
    pub destiny: u32,
    pub story: u32,
    /// Index on the book's wealth ladder.
    pub wealth: usize,
    pub skills: BTreeMap<Id, Level>,
    pub statuses: Vec<Held>,
    pub treasures: Vec<Id>,
    pub gender: Gender,
    /// The board space the character is on (a name of `world.spaces`).
    pub space: Option<String>,
    pub time: TimeOfDay,
    /// Skills and treasures held for one use (section 9.3): spent when used
    /// in a section or a roll.
    pub one_use: Vec<Id>,
    /// What each status's losses count from (`engine::rules`).
    pub marks: Vec<super::rules::Mark>,
}

impl Character {
    /// A new character as the book starts one: no points, the starting
    /// wealth, at the start space, in the morning.
    pub fn new(book: &Book) -> Self {
        let rules = &book.manifest.rules;
        Self {
            destiny: 0,
            story: 0,
            wealth: rules.start_level(),
            skills: BTreeMap::new(),
            statuses: Vec::new(),
            treasures: Vec::new(),
            gender: Gender::Male,
            space: rules.start.as_ref().map(|s| s.value.clone()).or_else(|| {
                book.manifest
                    .world
                    .spaces
                    .first()
                    .map(|s| s.name.value.clone())
            }),
            time: TimeOfDay::Morning,
            one_use: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Whether the character has a skill, status or treasure.
    /// Whether the character has this skill, status or treasure (ids are
    /// interned: each comparison is of two pointers).
    pub fn holds(&self, id: impl Into<Id>) -> bool {
        let id = id.into();
        self.skills.keys().any(|&k| k == id)
            || self.statuses.iter().any(|s| s.id == id)
            || self.treasures.contains(&id)
    }

    pub fn has_status(&self, id: impl Into<Id>) -> bool {
        let id = id.into();
        self.statuses.iter().any(|s| s.id == id)
    }

    pub fn is_master(&self, id: impl Into<Id>) -> bool {
        let id = id.into();
        self.skills
            .iter()
            .any(|(&k, &level)| k == id && level == Level::Master)
    }

    /// The character's gender as it is now: the one chosen, flipped while a
    /// status that says `flips-gender: true` is held (FORMAT.md 2a).
    pub fn gender_now(&self, book: &Book) -> Gender {
        let flipped = self
            .statuses
            .iter()
            .any(|s| book.glossary.by_id(&s.id).is_some_and(|e| e.flips_gender));
        if flipped {
            self.gender.other()
        } else {
            self.gender
        }
    }

    /// The terrain of the space the character is on, if the board says.
    pub fn terrain<'b>(&self, book: &'b Book) -> Option<&'b str> {
        let space = self.space.as_deref()?;
        book.manifest
            .world
            .spaces
            .iter()
            .find(|s| crate::text::eq_ci(&s.name.value, space))
            .and_then(|s| s.terrain.as_ref())
            .map(|t| t.value.as_str())
    }

    /// Whether the character holds any treasure.
    pub fn has_treasure(&self) -> bool {
        !self.treasures.is_empty()
    }
}

/// What an award item did, for the screen and the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Destiny(u32, u32),
    Story(u32, u32),
    Wealth(usize, usize),
    Skill(Id, Option<Level>, Option<Level>),
    Gained(Id),
    Lost(Id),
    Nothing,
}

/// Destiny and story points: never below 0 (rules summary, "You can never
/// drop below 0 destiny or story points").
pub fn add_points(value: u32, delta: i32) -> u32 {
    u32::try_from(i64::from(value) + i64::from(delta)).unwrap_or(0)
}

/// The level just below the first `needs-treasure` level (Fabulous), if any.
fn treasure_level(book: &Book) -> Option<usize> {
    book.manifest
        .rules
        .wealth
        .iter()
        .position(|w| w.needs_treasure)
}

/// Wealth: `W+1 (max Poor)` never raises above Poor and never lowers someone
/// already above it; `min` is the mirror; never below the lowest level; the
/// needs-treasure level only with a treasure, reached from the level below
/// by any gain while holding one (rules summary, "Wealth").
pub fn wealth(c: &Character, book: &Book, delta: i32, bound: Option<Bound>) -> usize {
    let ladder = book.manifest.rules.wealth.len();
    if ladder == 0 {
        return c.wealth;
    }
    let cur = c.wealth;
    let fabulous = treasure_level(book);
    match delta.cmp(&0) {
        std::cmp::Ordering::Greater => {
            if let Some(f) = fabulous
                && cur + 1 == f
                && !c.treasures.is_empty()
            {
                return f; // "regardless of the stated maximum gain"
            }
            // Below the needs-treasure level, gains stop one short of it.
            let top = fabulous.map_or(ladder - 1, |f| f.saturating_sub(1));
            let mut new = (cur + delta.unsigned_abs() as usize).min(top);
            if let Some(Bound { max: true, level }) = bound {
                new = new.min(level);
            }
            new.max(cur)
        }
        std::cmp::Ordering::Less => {
            let mut new = cur.saturating_sub(delta.unsigned_abs() as usize);
            if let Some(Bound { max: false, level }) = bound {
                new = new.max(level);
            }
            new.min(cur)
        }
        std::cmp::Ordering::Equal => cur,
    }
}

/// Gain a glossary entry: a skill (Talent, or Master if held), a status (no
/// duplicates; a `toggle` status's second gain removes it), a treasure.
pub fn gain(c: &mut Character, book: &Book, id: &Id, turns: Option<u32>) -> Change {
    let Some(entry) = book.glossary.by_id(id) else {
        return Change::Nothing;
    };
    match entry.kind {
        EntryKind::Skill => {
            let before = c.skills.get(id).copied();
            let after = if before.is_some() {
                Level::Master
            } else {
                Level::Talent
            };
            c.skills.insert(*id, after);
            Change::Skill(*id, before, Some(after))
        }
        EntryKind::Status => {
            if let Some(i) = c.statuses.iter().position(|s| s.id == *id) {
                if entry.toggle {
                    c.statuses.remove(i);
                    return Change::Lost(*id);
                }
                return Change::Nothing; // FAQ: "You can't have the same status twice"
            }
            c.statuses.push(Held {
                id: *id,
                turns_left: turns,
                fresh: true,
            });
            Change::Gained(*id)
        }
        EntryKind::Treasure => {
            if c.treasures.contains(id) {
                return Change::Nothing;
            }
            c.treasures.push(*id);
            Change::Gained(*id)
        }
    }
}

/// `Lose X`: Master to Talent, Talent to none; a status or treasure goes;
/// losing the last treasure at the needs-treasure level drops one level.
pub fn lose(c: &mut Character, book: &Book, id: &Id) -> Change {
    if let Some(level) = c.skills.get(id).copied() {
        let after = if level == Level::Master {
            Some(Level::Talent)
        } else {
            None
        };
        match after {
            Some(l) => c.skills.insert(*id, l),
            None => c.skills.remove(id),
        };
        return Change::Skill(*id, Some(level), after);
    }
    if let Some(i) = c.statuses.iter().position(|s| s.id == *id) {
        c.statuses.remove(i);
        return Change::Lost(*id);
    }
    if let Some(i) = c.treasures.iter().position(|t| t == id) {
        c.treasures.remove(i);
        if c.treasures.is_empty() && treasure_level(book) == Some(c.wealth) {
            c.wealth = c.wealth.saturating_sub(1);
        }
        return Change::Lost(*id);
    }
    Change::Nothing
}

/// `Master X`: straight to Master.
pub fn master(c: &mut Character, id: &Id) -> Change {
    let before = c.skills.insert(*id, Level::Master);
    Change::Skill(*id, before, Some(Level::Master))
}

/// Death (rules summary, "Death"): back to the start, wealth reset to the
/// starting level, statuses and treasures lost; skills and points kept.
pub fn die(c: &mut Character, book: &Book) {
    let fresh = Character::new(book);
    c.space = fresh.space;
    c.wealth = fresh.wealth;
    c.statuses.clear();
    c.treasures.clear();
}

/// After each of the player's encounters, statuses with a duration count
/// down; one gained during this encounter starts counting after it.
pub fn end_of_encounter(c: &mut Character) -> Vec<Id> {
    let mut expired = Vec::new();
    c.statuses.retain_mut(|s| {
        if s.fresh {
            s.fresh = false;
            return true;
        }
        if let Some(n) = &mut s.turns_left {
            *n = n.saturating_sub(1);
            if *n == 0 {
                expired.push(s.id);
                return false;
            }
        }
        true
    });
    expired
}
