//! The quest cards of a whole game (FORMAT.md 9.4, `quests.yaml`), and
//! [`holds`]: whether a step's requirement holds for a character at the end
//! of an encounter. The vocabulary is documented in `docs/quests.md`.

use super::{Award, EntryKind, Id};
use crate::span::{Span, Spanned};

/// One quest card.
#[derive(Clone, Debug)]
pub struct Quest {
    pub name: Spanned<String>,
    /// The card's text, shown by `play`.
    pub text: Option<Spanned<String>>,
    /// Checked in order after each encounter: the first step that holds pays.
    pub steps: Vec<Step>,
    /// Taken at the start of the quest's first turn (`Move to Basra`).
    pub begins: Option<Award>,
    /// The whole card.
    pub span: Span,
}

/// One step of a quest: a requirement and its reward.
#[derive(Clone, Debug)]
pub struct Step {
    pub when: Requirement,
    pub award: Option<Award>,
    /// The whole step.
    pub span: Span,
}

/// A requirement with where it is written.
#[derive(Clone, Debug)]
pub struct Requirement {
    pub test: Test,
    pub span: Span,
}

/// What a requirement asks of the character at the end of an encounter.
#[derive(Clone, Debug)]
pub enum Test {
    /// The keys of one map: every one holds.
    All(Vec<Requirement>),
    /// `any: [...]`: one of them holds.
    Any(Vec<Requirement>),
    /// `encounter: successful`: this turn's encounter was successful (the
    /// rules' meaning: the character ends the turn where it was had, not
    /// Lost, Imprisoned or dead).
    Encounter,
    /// `at: SPACE`: the character is at this space. `space` is its index on
    /// the board (`None`: no such space, reported when read).
    At {
        name: Spanned<String>,
        space: Option<usize>,
    },
    /// `in: REGION`: the character is in a space of this region.
    In(Spanned<String>),
    /// `on: TERRAIN`: the character is on a space of this terrain.
    On(Spanned<String>),
    /// `place: ID`: a successful encounter at this place of power this turn
    /// (`None`: `place: any`, any place of power).
    Place(Option<Spanned<String>>),
    /// `hold: ...`: holds a skill, status or treasure, or any of a kind;
    /// `found-in:`/`found-outside:` beside it: a treasure found in (or
    /// outside) a region.
    Hold {
        what: Holdable,
        found: Option<Found>,
    },
    /// `destiny: N`, `story: N`, `points: N`: at least N.
    Points { track: Track, at_least: u32 },
}

/// What `hold:` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holdable {
    /// A glossary entry, by id.
    Entry(Id),
    /// `skill`, `status`, `treasure`: any one of that kind.
    Any(EntryKind),
}

/// `found-in: REGION` (`inside`) or `found-outside: REGION`.
#[derive(Clone, Debug)]
pub struct Found {
    pub region: Spanned<String>,
    pub inside: bool,
}

/// The points a `Points` test counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    Destiny,
    Story,
    /// Destiny and story together.
    Both,
}

impl Track {
    /// The key that writes it.
    pub fn key(self) -> &'static str {
        match self {
            Track::Destiny => "destiny",
            Track::Story => "story",
            Track::Both => "points",
        }
    }
}

/// What the game knows of a character when it checks a quest, after the
/// encounter (FORMAT.md 9.5): the game fills it, [`holds`] reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuestState<'a> {
    /// The space the character is at: its index on the board.
    pub space: Option<usize>,
    /// That space's region and terrain.
    pub region: Option<&'a str>,
    pub terrain: Option<&'a str>,
    /// The place of power (its `world.places` id) whose encounter the
    /// character had this turn, if any.
    pub place: Option<&'a str>,
    /// Whether this turn's encounter was successful.
    pub successful: bool,
    /// What the character holds.
    pub held: &'a [Holding<'a>],
    pub destiny: u32,
    pub story: u32,
}

/// One skill, status or treasure a character holds.
#[derive(Clone, Copy, Debug)]
pub struct Holding<'a> {
    pub id: Id,
    pub kind: EntryKind,
    /// For a treasure: the region of the space where it was found.
    pub found_in: Option<&'a str>,
}

impl<'a> QuestState<'a> {
    /// The state at board space `space` (its region and terrain from the
    /// board); the rest is the default.
    pub fn at(board: &'a super::Board, space: usize) -> Self {
        let s = board.spaces.get(space);
        QuestState {
            space: Some(space),
            region: s.and_then(|s| s.region.as_ref()).map(|r| r.value.as_str()),
            terrain: s.and_then(|s| s.terrain.as_ref()).map(|t| t.value.as_str()),
            ..QuestState::default()
        }
    }
}

/// Whether `req` holds in `state`. Names compare case-insensitively.
pub fn holds(req: &Requirement, state: &QuestState) -> bool {
    let same = |a: Option<&str>, b: &str| a.is_some_and(|a| crate::text::eq_ci(a, b));
    match &req.test {
        Test::All(all) => all.iter().all(|r| holds(r, state)),
        Test::Any(any) => any.iter().any(|r| holds(r, state)),
        Test::Encounter => state.successful,
        Test::At { space, .. } => space.is_some() && *space == state.space,
        Test::In(region) => same(state.region, &region.value),
        Test::On(terrain) => same(state.terrain, &terrain.value),
        Test::Place(place) => {
            state.successful
                && state.place.is_some()
                && place.as_ref().is_none_or(|p| same(state.place, &p.value))
        }
        Test::Hold { what, found } => state
            .held
            .iter()
            .any(|h| is(*what, h) && found.as_ref().is_none_or(|f| found_ok(f, h))),
        Test::Points { track, at_least } => {
            let points = match track {
                Track::Destiny => state.destiny,
                Track::Story => state.story,
                Track::Both => state.destiny.saturating_add(state.story),
            };
            points >= *at_least
        }
    }
}

fn is(what: Holdable, h: &Holding) -> bool {
    match what {
        Holdable::Entry(id) => h.id == id,
        Holdable::Any(kind) => h.kind == kind,
    }
}

fn found_ok(f: &Found, h: &Holding) -> bool {
    f.admits(h.found_in)
}

impl Found {
    /// Whether a treasure found in `region` is found as this asks: one
    /// found nowhere known is found in no region, nor outside one.
    #[must_use]
    pub fn admits(&self, region: Option<&str>) -> bool {
        region.is_some_and(|r| crate::text::eq_ci(r, &self.region.value) == self.inside)
    }
}
