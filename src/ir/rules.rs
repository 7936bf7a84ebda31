//! The rules a status, treasure or skill of `glossary.yaml` carries
//! (FORMAT.md 9.2): what it does while held and how it is lost, as data the
//! engine applies. `docs/rules.md` is the designer's side of this file.

use super::{Award, Id, Reference};
use crate::span::{Span, Spanned};

/// A points track an award moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    Destiny,
    Story,
    Wealth,
}

impl Track {
    pub fn as_str(self) -> &'static str {
        match self {
            Track::Destiny => "destiny",
            Track::Story => "story",
            Track::Wealth => "wealth",
        }
    }
}

/// Skills a rule names: every one, or these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skills {
    All,
    These(Vec<Id>),
}

impl Skills {
    pub fn contains(&self, id: Id) -> bool {
        match self {
            Skills::All => true,
            Skills::These(ids) => ids.contains(&id),
        }
    }
}

/// What a rule forbids gaining: skills (some or all), wealth levels, or
/// statuses and treasures by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barred {
    pub skills: Option<Skills>,
    pub wealth: bool,
    pub entries: Vec<Id>,
}

/// A choice the player would make that another player makes instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Reaction,
    ChartEntry,
    Movement,
}

impl Choice {
    pub fn as_str(self) -> &'static str {
        match self {
            Choice::Reaction => "reaction",
            Choice::ChartEntry => "chart-entry",
            Choice::Movement => "movement",
        }
    }
}

/// Who names the number of a die instead of rolling it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceBy {
    Player,
    AnotherPlayer,
}

/// What happens when a status is gained, or when a home is reached: an
/// award, the player's pick among labelled outcomes, a roll over bands, or
/// several in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Award(Award),
    Choice(Vec<(Spanned<String>, Outcome)>),
    Roll {
        dice: u8,
        bands: Vec<(u32, u32, Outcome)>,
    },
    All(Vec<Outcome>),
}

/// An encounter a rule sends the player to: one reference, or one by the
/// player's sex (the one met is of the other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meet {
    At(Reference),
    BySex { female: Reference, male: Reference },
}

/// A way to be rid of a status by paying (FORMAT.md 9.2: "loss ... by a
/// payment").
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Payment {
    pub destiny: u32,
    pub story: u32,
    pub wealth: u32,
    /// Destiny or story, the player's pick (`one-of: true`).
    pub one_of: bool,
    pub skip_turn: bool,
    /// The wealth goes to a player on the same space holding one of these.
    pub to_player_with: Vec<Id>,
    /// Only wealth gained while the status is held may pay.
    pub gained_while_held: bool,
    /// The status is exchanged for this one.
    pub becomes: Option<Id>,
    /// With nothing left to pay, the exchange happens at once.
    pub free_when_broke: bool,
}

/// One way a status is lost. Points conditions count from the moment the
/// status was gained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Another of these statuses is gained.
    Gains(Vec<Id>),
    /// Story reaches N (one more than at gain, if it was already there).
    StoryReaches(u32),
    /// Destiny rises by N since the status was gained.
    DestinyRises(u32),
    /// Destiny and story together rise by N.
    PointsRise(u32),
    /// A skill is gained through an encounter.
    GainsSkill,
    /// After a number was chosen for a roll, the dice are rolled: a result
    /// more than N away from the number loses the status.
    AfterRoll(u32),
    /// After N of the player's turns.
    AfterTurns(u32),
    /// After N encounters.
    AfterEncounters(u32),
    /// At the end of a turn the player and the one who moved them each roll
    /// a die; the player's higher loses the status.
    RollOff,
    /// In one encounter, this many wealth levels or treasures are gained.
    InOneEncounter {
        wealth: u32,
        treasures: u32,
    },
    /// Moved by a game effect (a treasure, an award): the status goes.
    MovedByEffect,
    Pay(Payment),
}

/// One rule of a glossary entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleKind {
    /// Land and sea rates changed (a status's `-1`, a treasure's `+1`).
    Movement {
        land: i32,
        sea: i32,
    },
    /// A rate raised to at least this (Seamanship: sea 4).
    RateAtLeast {
        land: u32,
        sea: u32,
    },
    /// At most N spaces a turn (0: no movement).
    MovementLimit(u32),
    /// Each city counts as one space when moving (Sultan).
    CityHops,
    /// No treasure sold and no city card played (FAQ: Imprisoned in a city).
    CannotTrade,
    CannotGain(Barred),
    CannotUse(Skills),
    /// Talent unusable, Master used as Talent.
    SkillsCountLower(Skills),
    /// Awards of this kind are doubled.
    Double(Track),
    /// Awards of one kind are taken as another.
    AwardBecomes {
        from: Track,
        to: Track,
    },
    /// A reaction that may not be chosen; forced into it, these are gained.
    CannotReact {
        reaction: Spanned<String>,
        if_forced: Vec<Id>,
    },
    /// A reaction that must be chosen whenever it is offered.
    MustReact(Spanned<String>),
    ChosenByAnother(Vec<Choice>),
    /// Dice named instead of rolled (never the destiny die).
    Dice(DiceBy),
    /// After an award from a roll, the player may roll once more; the
    /// second stands.
    SecondRoll,
    /// Once an encounter, an award may be declined to react again.
    DeclineAward,
    /// What is gained during the turn goes to another player.
    GainsToAnother {
        destiny: bool,
        treasures: bool,
    },
    NoVictory,
    OnGain(Outcome),
    /// Gaining this while holding `held` gives `instead`.
    InsteadIfHeld {
        held: Id,
        instead: Id,
    },
    /// Gaining this needs destiny and story together of N, else `instead`.
    Requires {
        points: u32,
        instead: Id,
    },
    /// A roll before an encounter sends the player to one of the bands'
    /// encounters instead (`next_turn_only`: the first turn only).
    EncounterOnRoll {
        dice: u8,
        bands: Vec<(u32, u32, Meet)>,
        next_turn_only: bool,
    },
    /// The status's `encounters:` may be taken or declined.
    EncounterOptional,
    /// A home city (the nearest): back there before ending a turn in
    /// another city once an encounter was had elsewhere; each return gives
    /// `on_return`.
    Home {
        on_return: Option<Outcome>,
    },
    /// A marked city (the nearest): an encounter there gives
    /// `on_encounter`; gaining the status again gives `on_gained_again`
    /// (after moving to the mark, with `move_there`).
    MarkedCity {
        on_encounter: Option<Outcome>,
        on_gained_again: Option<Outcome>,
        move_there: bool,
    },
    /// A journey: a city more than `farther_than` spaces from `to`, then
    /// `to`, an encounter at each; done, `award` and the status goes.
    Journey {
        to: Spanned<String>,
        farther_than: u32,
        award: Option<Outcome>,
    },
    /// Paying destiny (and holding `needs`), another player on the same
    /// space gains this status too.
    Share {
        destiny: u32,
        needs: Vec<Id>,
    },
    /// The status may be exchanged for another when these hold.
    Exchange {
        to: Id,
        needs_master: Vec<Id>,
        points: u32,
    },
    /// A treasure (or status) that counts as these skills.
    CountsAs(Vec<Id>),
    /// Added to every roll of a roll block.
    RollBonus(i32),
    /// A move usable once (a treasure's flight), as an award.
    OneUseMove(Award),
    LoseWhen(Vec<Spanned<Loss>>),
}

/// A rule with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub kind: RuleKind,
    pub span: Span,
}

/// The encounters a list of rules sends the player to (`encounter-on-roll`),
/// for the reference graph.
pub fn references(rules: &[Rule]) -> impl Iterator<Item = &Reference> {
    rules.iter().flat_map(|r| match &r.kind {
        RuleKind::EncounterOnRoll { bands, .. } => bands
            .iter()
            .flat_map(|(_, _, m)| match m {
                Meet::At(r) => vec![r],
                Meet::BySex { female, male } => vec![female, male],
            })
            .collect(),
        _ => Vec::new(),
    })
}
