use super::{Id, Target};
use crate::span::Span;

/// An award code: `[D2 / S1 / W+1 (max Poor) / Storytelling / Respected]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub items: Vec<AwardItem>,
    pub span: Span,
}

/// One item of an award code, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwardItem {
    pub effect: Effect,
    pub span: Span,
}

/// What an award item does, independent of the book's language: the same
/// award in two languages is the same `Effect`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// `D2`, `D-1`.
    Destiny(i32),
    /// `S1`, `S+3`.
    Story(i32),
    /// `W+1 (max Poor)`: levels up or down, bounded.
    Wealth { delta: i32, bound: Option<Bound> },
    /// A glossary name: gain that skill, status or treasure.
    Gain { id: Id, note: Option<Note> },
    /// `Lose NAME`.
    Lose(Id),
    /// `Master NAME`, `NAME and NAME at Master level`.
    Master(Vec<Id>),
    /// `Choice of NAME or NAME`.
    Choice(Vec<Id>),
    /// `Treasure`: a random treasure.
    RandomTreasure,
    /// `@N` and other references alone: go there.
    Goto(Target),
    /// `Go to paragraph N and read the NAME paragraph` (FORMAT.md 2b): go
    /// to N (`None`: `Read the NAME paragraph below`, this paragraph) and
    /// take its section that names `section`, whatever the reader holds.
    GotoSection { paragraph: Option<u32>, section: Id },
    /// `Death`.
    Death,
    /// A form of section 9.3.
    Typed(Box<Typed>),
    /// `ITEM {expr}`, `ITEM (if not Married)`: taken when the condition
    /// holds as the award is taken.
    When {
        item: Box<Effect>,
        when: super::Expr,
    },
    /// `A if opposite gender or B if same gender`.
    BySex {
        opposite: Box<Effect>,
        same: Box<Effect>,
    },
    /// Anything else, verbatim.
    FreeText(String),
}

/// `(max Poor)` / `(min Beggar)`: `level` is the index on the book's wealth
/// ladder (lowest first), so bounds compare across languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    pub max: bool,
    pub level: usize,
}

/// The parenthesised note after a status: `Scorned (1 turn)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    Turns(u32),
    Text(String),
}

/// A name inside a typed effect (a place, a space, a matrix row, a glossary
/// entry), with where it is written. Two names are the same when they name
/// the same thing: the span is where, not what (and `Debug` shows what).
#[derive(Clone)]
pub struct Named {
    /// The id: a glossary id, a place id, `F:Terrible Storm` for a row, or
    /// a space's name as written (spaces are the board's).
    pub id: String,
    /// How the book writes it (what `tales` prints back).
    pub name: String,
    pub span: Span,
}

impl Named {
    pub fn new(id: impl Into<String>, name: impl Into<String>, span: Span) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            span,
        }
    }
}

impl std::fmt::Debug for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Named({:?})", self.id)
    }
}

impl PartialEq for Named {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Named {}

impl std::hash::Hash for Named {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

/// Where a movement goes (section 9.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// `to Basra`: a space of the board, as written.
    To(Named),
    /// `to the City of Brass`: a place of power of `world.places`. With `and
    /// have an immediate encounter`, the place's encounter (its paragraph),
    /// then its exit.
    Place(Named),
    /// `to any coastal space`.
    Any(Area),
    /// `N spaces` (in any direction).
    Spaces(u32),
    /// `up to N spaces`.
    UpTo(u32),
    /// `exactly N spaces in any direction`.
    Exactly(u32),
    /// `to the nearest city` (beyond 9.3): the spaces of that kind the
    /// fewest routes away, land and sea alike; the space the player stands
    /// on is the nearest when it is of the kind (docs/effects.md, "Forms
    /// beyond 9.3").
    Nearest(Area),
    /// `three spaces by sea` (beyond 9.3): a count of spaces (`Spaces`,
    /// `UpTo` or `Exactly`) along routes of one kind only.
    Along(Box<Way>, super::RouteKind),
}

/// The kinds of space `any TARGET` names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    Space,
    City,
    Coastal,
    Island,
    Land,
    PlaceOfPower,
    /// `any desert space`.
    Terrain(Named),
    /// `any non-desert space`: any space but those of the terrain.
    NonTerrain(Named),
    /// `any space except a Place of Power`.
    ExceptPlaceOfPower,
    /// `any coastal city`, `any port`, `any island city` (beyond 9.3): a
    /// space of both kinds.
    Both(Box<Area>, Box<Area>),
}

/// What a loss takes (section 9.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Loss {
    OneStatus,
    AnyStatuses,
    OneSkill,
    /// `Lose one Treasure` (`of your choice`: `choice`).
    OneTreasure {
        choice: bool,
    },
    AllTreasures,
    /// `Lose all statuses` (beyond 9.3).
    AllStatuses,
    /// `Lose all skills` (beyond 9.3): every level of every skill.
    AllSkills,
    /// `Lose all levels of SKILL`.
    AllLevels(Named),
    /// `Lose A, B, and C`.
    All(Vec<Named>),
    /// `Lose A or B`.
    Either(Vec<Named>),
}

/// A typed effect of section 9.3 (every one but the conditional items,
/// which are [`Effect::When`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Typed {
    /// A movement; `by_other`: another player chooses; `encounter`: `and
    /// have an immediate encounter`; `optional`: `You may move ...` (beyond
    /// 9.3), the player may stay.
    Move {
        way: Way,
        by_other: bool,
        encounter: bool,
        optional: bool,
    },
    /// `Have an immediate encounter with a ROW (Matrix X)` (`next_turn`:
    /// instead of the next turn's encounter card). `row` is `X:ROW`.
    Encounter { row: Named, next_turn: bool },
    /// `Opportunity to enter PLACE` (`None`: any Place of Power);
    /// `by_other`: `(another player chooses)` which (beyond 9.3).
    Opportunity {
        place: Option<Named>,
        by_other: bool,
    },
    /// `Place your Destination marker in ...; when you arrive there, ITEMS`
    /// (no items: the marker alone, beyond 9.3).
    Destination {
        way: Way,
        by_other: bool,
        arrival: Vec<Effect>,
    },
    /// A loss; `optional`: `You may ...`; `by_other`: `(another player
    /// chooses)` what is lost (beyond 9.3).
    Lose {
        loss: Loss,
        optional: bool,
        by_other: bool,
    },
    /// `Choice of A or B [or C]` over any award items.
    ChoiceOf(Vec<Effect>),
    /// `Choice of skill`, `Gain any one skill`, `Choice of any skill (1
    /// use)`, `Gain one skill of your choice that you do not possess`.
    AnySkill { one_use: bool, new: bool },
    /// `SKILL (1 use)`, `SKILL at Master level (1 use)`, `TREASURE (1 use)`.
    OneUse { id: Named, master: bool },
    /// `W=LEVEL` (`destiny_per_level`: `, but gain D1 for each level lost`).
    SetWealth {
        level: usize,
        destiny_per_level: bool,
    },
    /// `Roll one die: on a 1 or 2, ITEMS`.
    Roll { faces: Vec<u8>, items: Vec<Effect> },
    /// `Roll one die and gain that many Wealth levels (max LEVEL)`.
    RollWealth { max: Option<usize> },
    /// `Draw two Treasures; keep one, discard one` (`keep_one`).
    DrawTreasures { keep_one: bool },
    /// `Search through the Treasure deck and take any one Treasure`.
    SearchTreasures,
    /// React again to the same encounter (`cost`: destiny spent first).
    ReactAgain { cost: u32 },
}

impl Effect {
    /// Each span the effect holds: the names of its typed effects, at any
    /// depth (what moves when the same words are read again elsewhere).
    pub fn for_each_span(&mut self, f: &mut dyn FnMut(&mut Span)) {
        match self {
            Effect::Typed(t) => t.for_each_span(f),
            Effect::When { item, .. } => item.for_each_span(f),
            Effect::BySex { opposite, same } => {
                opposite.for_each_span(f);
                same.for_each_span(f);
            }
            Effect::Destiny(_)
            | Effect::Story(_)
            | Effect::Wealth { .. }
            | Effect::Gain { .. }
            | Effect::Lose(_)
            | Effect::Master(_)
            | Effect::Choice(_)
            | Effect::RandomTreasure
            | Effect::Goto(_)
            | Effect::GotoSection { .. }
            | Effect::Death
            | Effect::FreeText(_) => {}
        }
    }
}

impl Typed {
    fn for_each_span(&mut self, f: &mut dyn FnMut(&mut Span)) {
        let all = |items: &mut Vec<Effect>, f: &mut dyn FnMut(&mut Span)| {
            for e in items.iter_mut() {
                e.for_each_span(f);
            }
        };
        match self {
            Typed::Move { way, .. } => way.for_each_span(f),
            Typed::Encounter { row, .. } => f(&mut row.span),
            Typed::Opportunity { place, .. } => place.iter_mut().for_each(|p| f(&mut p.span)),
            Typed::Destination { way, arrival, .. } => {
                way.for_each_span(f);
                all(arrival, f);
            }
            Typed::Lose { loss, .. } => match loss {
                Loss::AllLevels(n) => f(&mut n.span),
                Loss::All(ns) | Loss::Either(ns) => ns.iter_mut().for_each(|n| f(&mut n.span)),
                Loss::OneStatus
                | Loss::AnyStatuses
                | Loss::OneSkill
                | Loss::OneTreasure { .. }
                | Loss::AllTreasures
                | Loss::AllStatuses
                | Loss::AllSkills => {}
            },
            Typed::ChoiceOf(items) | Typed::Roll { items, .. } => all(items, f),
            Typed::OneUse { id, .. } => f(&mut id.span),
            Typed::AnySkill { .. }
            | Typed::SetWealth { .. }
            | Typed::RollWealth { .. }
            | Typed::DrawTreasures { .. }
            | Typed::SearchTreasures
            | Typed::ReactAgain { .. } => {}
        }
    }
}

impl Way {
    fn for_each_span(&mut self, f: &mut dyn FnMut(&mut Span)) {
        match self {
            Way::To(n) | Way::Place(n) => f(&mut n.span),
            Way::Any(a) | Way::Nearest(a) => a.for_each_span(f),
            Way::Along(w, _) => w.for_each_span(f),
            Way::Spaces(_) | Way::UpTo(_) | Way::Exactly(_) => {}
        }
    }
}

impl Area {
    fn for_each_span(&mut self, f: &mut dyn FnMut(&mut Span)) {
        match self {
            Area::Terrain(n) | Area::NonTerrain(n) => f(&mut n.span),
            Area::Both(a, b) => {
                a.for_each_span(f);
                b.for_each_span(f);
            }
            Area::Space
            | Area::City
            | Area::Coastal
            | Area::Island
            | Area::Land
            | Area::PlaceOfPower
            | Area::ExceptPlaceOfPower => {}
        }
    }
}
