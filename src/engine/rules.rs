//! The rules of statuses, treasures and skills held (FORMAT.md 9.2,
//! `docs/rules.md`), applied: pure functions the whole game calls
//! ([`movement`], [`victory_barred`], [`chosen_by_another`]), and what an
//! encounter applies as it is played (skills, awards, reactions, dice, gains
//! and losses), each time with an [`Event::Rule`] that says why.

use super::character::{self, Change, Character, Level};
use super::encounter::Run;
use super::event::{Ask, AskKind, Event};
use super::reading::Go;
use crate::ir::rules::{Choice, DiceBy, Loss, Outcome, RuleKind, Track};
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

impl<'b> Run<'_, 'b> {
    fn rule(&mut self, entry: &GlossaryEntry, what: String) {
        self.emit(Event::Rule {
            entry: entry.id.value,
            what,
        });
    }

    /// Whether the character has a skill, status or treasure as the rules
    /// count it now (a skill that cannot be used is not had).
    pub(super) fn has(&self, id: Id) -> bool {
        if !self.engine.rules {
            return self.c.holds(id);
        }
        let book = self.book();
        match book.glossary.by_id(&id).map(|e| e.kind) {
            Some(EntryKind::Skill) => skill_level(book, self.c, id).0.is_some(),
            _ => self.c.holds(id),
        }
    }

    /// Whether the character has a skill at Master as the rules count it.
    pub(super) fn has_master(&self, id: Id) -> bool {
        if !self.engine.rules {
            return self.c.is_master(id);
        }
        skill_level(self.book(), self.c, id).0 == Some(Level::Master)
    }

    /// Say which skills a rule takes from a section the character would
    /// otherwise read.
    pub(super) fn skills_taken(&mut self, ids: &[Id]) {
        if !self.engine.rules {
            return;
        }
        let book = self.book();
        for &id in ids {
            if !self.c.skills.contains_key(&id) {
                continue;
            }
            let (level, why) = skill_level(book, self.c, id);
            if let Some(e) = why {
                let name = book
                    .glossary
                    .by_id(&id)
                    .map_or("?", |s| s.name.value.as_str());
                let what = match level {
                    None => format!("{name} cannot be used"),
                    Some(_) => format!("{name} counts as Talent"),
                };
                self.rule(e, what);
            }
        }
    }

    /// Points of an award as the rules take them: converted
    /// (`award-becomes`), doubled (`double`), or barred (`cannot-gain:
    /// wealth`). Losses are taken as written.
    pub(super) fn award_points(&mut self, track: Track, amount: i32) -> (Track, i32) {
        if !self.engine.rules || amount <= 0 {
            return (track, amount);
        }
        let book = self.book();
        let (mut track, mut amount) = (track, amount);
        let rules: Vec<_> = held(book, self.c).collect();
        for (e, r) in &rules {
            if let RuleKind::AwardBecomes { from, to } = r
                && *from == track
            {
                self.rule(
                    e,
                    format!("{} award taken as {}", from.as_str(), to.as_str()),
                );
                track = *to;
            }
        }
        for (e, r) in &rules {
            match r {
                RuleKind::Double(t) if *t == track => {
                    let what = format!("{} award doubled, {amount} → {}", t.as_str(), amount * 2);
                    self.rule(e, what);
                    amount = amount.saturating_mul(2);
                }
                RuleKind::CannotGain(b) if b.wealth && track == Track::Wealth => {
                    self.rule(e, "no wealth can be gained".to_owned());
                    return (track, 0);
                }
                _ => {}
            }
        }
        (track, amount)
    }

    /// `second-roll`: having read where the roll leads (`label`), the
    /// player may roll again; the second stands.
    pub(super) fn second_roll(&mut self, label: &str) -> bool {
        if !self.engine.rules {
            return false;
        }
        let book = self.book();
        let Some((e, _)) = held(book, self.c).find(|(_, r)| matches!(r, RuleKind::SecondRoll))
        else {
            return false;
        };
        let keep = format!("keep `{label}`");
        let k = self.chooser.choose(&Ask {
            kind: AskKind::Award,
            paragraph: 0,
            options: vec![&keep, "roll again"],
        });
        if k == 1 {
            self.rule(e, "a second roll, which stands".to_owned());
        }
        k == 1
    }

    /// `decline-award`: once an encounter, after a reaction, the player may
    /// decline a paragraph's award and react again (the reaction again
    /// differs).
    pub(super) fn decline(&mut self, award: &crate::ir::Award) -> bool {
        if !self.engine.rules || self.declined || self.tried.is_empty() || award.items.is_empty() {
            return false;
        }
        let book = self.book();
        let Some((e, _)) = held(book, self.c).find(|(_, r)| matches!(r, RuleKind::DeclineAward))
        else {
            return false;
        };
        let text = format!("take {}", book.sources.slice(award.span));
        let k = self.chooser.choose(&Ask {
            kind: AskKind::Award,
            paragraph: 0,
            options: vec![&text, "decline it and react again"],
        });
        if k != 1 {
            return false;
        }
        self.declined = true;
        self.again = Some(0);
        self.rule(e, "award declined: react again".to_owned());
        true
    }

    /// Destiny or story points of an award, as the rules take them.
    pub(super) fn points(&mut self, track: Track, amount: i32) -> Change {
        let (track, amount) = self.award_points(track, amount);
        let c = &mut *self.c;
        if track == Track::Story {
            let before = c.story;
            c.story = character::add_points(before, amount);
            Change::Story(before, c.story)
        } else {
            let before = c.destiny;
            c.destiny = character::add_points(before, amount);
            Change::Destiny(before, c.destiny)
        }
    }

    /// What `roll-bonus` rules add to a paragraph's roll, said.
    pub(super) fn bonus(&mut self) -> i64 {
        if !self.engine.rules {
            return 0;
        }
        let mut total = 0;
        for (e, n) in roll_bonus(self.book(), self.c) {
            self.rule(e, format!("{n:+} to the roll"));
            total += i64::from(n);
        }
        total
    }

    /// A die of `sides` for a paragraph's roll or an encounter table: named
    /// by the player or another player under `dice:` (never the destiny
    /// die), then rolled for `lose-when: after-roll`.
    pub(super) fn die(&mut self, sides: u32) -> u32 {
        if !self.engine.rules {
            return self.rng.die(sides);
        }
        let book = self.book();
        let Some((id, by)) = dice_by(book, self.c) else {
            return self.rng.die(sides);
        };
        let entry = book.glossary.by_id(&id).expect("a held entry");
        let faces: Vec<String> = (1..=sides.max(1)).map(|n| n.to_string()).collect();
        let options: Vec<&str> = faces.iter().map(String::as_str).collect();
        let k = self.chooser.choose(&Ask {
            kind: AskKind::Die,
            paragraph: 0,
            options,
        });
        let named = u32::try_from(k).unwrap_or(0).min(sides.saturating_sub(1)) + 1;
        let who = match by {
            DiceBy::Player => "you name",
            DiceBy::AnotherPlayer => "another player names",
        };
        self.rule(entry, format!("{who} the die: {named}"));
        self.after_roll(entry, named, sides);
        named
    }

    /// `lose-when: after-roll`: the die is rolled after all; more than N
    /// away from the number named, the status goes.
    fn after_roll(&mut self, entry: &'b GlossaryEntry, named: u32, sides: u32) {
        let n = entry.rules.iter().find_map(|r| match &r.kind {
            RuleKind::LoseWhen(l) => l.iter().find_map(|l| match l.value {
                Loss::AfterRoll(n) => Some(n),
                _ => None,
            }),
            _ => None,
        });
        let Some(n) = n else { return };
        let rolled = self.rng.die(sides);
        if rolled.abs_diff(named) > n {
            self.rule(
                entry,
                format!("rolled {rolled}, more than {n} from {named}: it goes"),
            );
            self.lose_status(entry.id.value);
        }
    }

    pub(super) fn lose_status(&mut self, id: Id) {
        let change = character::lose(self.c, self.book(), &id);
        if change != Change::Nothing {
            self.emit(Event::Expired { status: id });
        }
    }

    /// Gain an entry as the rules allow: barred (`cannot-gain`), replaced
    /// (`instead-if-held`, `requires`), then gained; statuses it ends are
    /// lost (`lose-when: gains`, `gains-skill`), and its `on-gain` played.
    pub(super) fn gain(&mut self, id: Id, turns: Option<u32>) -> Change {
        if !self.engine.rules {
            return character::gain(self.c, self.book(), &id, turns);
        }
        let book = self.book();
        if let Some(e) = gain_barred(book, self.c, id) {
            let name = book
                .glossary
                .by_id(&id)
                .map_or("?", |g| g.name.value.as_str());
            self.rule(e, format!("{name} cannot be gained"));
            return Change::Nothing;
        }
        let id = self.instead(id);
        let change = character::gain(self.c, book, &id, turns);
        if matches!(change, Change::Gained(_) | Change::Skill(..)) {
            if self.c.treasures.contains(&id) {
                self.gained_treasures += 1;
            }
            self.gained(id);
        }
        change
    }

    /// The entry gained instead of `id`, by its `instead-if-held` and
    /// `requires` rules.
    fn instead(&mut self, id: Id) -> Id {
        let book = self.book();
        let Some(entry) = book.glossary.by_id(&id) else {
            return id;
        };
        for r in &entry.rules {
            let swap = match &r.kind {
                RuleKind::InsteadIfHeld { held, instead } if self.c.has_status(*held) => {
                    Some(*instead)
                }
                RuleKind::Requires { points, instead }
                    if self.c.destiny.saturating_add(self.c.story) < *points =>
                {
                    Some(*instead)
                }
                _ => None,
            };
            if let Some(other) = swap {
                let name = book
                    .glossary
                    .by_id(&other)
                    .map_or("?", |g| g.name.value.as_str());
                self.rule(entry, format!("{name} instead"));
                return other;
            }
        }
        id
    }

    /// After `id` is gained: the marks its losses count from, the statuses
    /// it ends, and its `on-gain`.
    fn gained(&mut self, id: Id) {
        let book = self.book();
        let Some(entry) = book.glossary.by_id(&id) else {
            return;
        };
        if entry.kind == EntryKind::Status {
            self.c.marks.retain(|m| m.id != id);
            self.c.marks.push(Mark {
                id,
                destiny: self.c.destiny,
                story: self.c.story,
                encounters: 0,
            });
        }
        let ended: Vec<Id> = self
            .c
            .statuses
            .iter()
            .filter(|s| s.id != id)
            .filter_map(|s| book.glossary.by_id(&s.id))
            .filter(|e| {
                losses(e).any(|l| match l {
                    Loss::Gains(ids) => ids.contains(&id),
                    Loss::GainsSkill => entry.kind == EntryKind::Skill,
                    _ => false,
                })
            })
            .map(|e| e.id.value)
            .collect();
        for s in ended {
            let e = book.glossary.by_id(&s).expect("held");
            self.rule(e, format!("{} gained: it goes", entry.name.value));
            self.lose_status(s);
        }
        for r in &entry.rules {
            if let RuleKind::OnGain(o) = &r.kind {
                // Entries that give each other on gain (a skill gained
                // again is gained again) stop after a budget an encounter.
                if self.gaining >= MAX_ON_GAIN {
                    return;
                }
                self.gaining += 1;
                self.rule(entry, "gained".to_owned());
                self.outcome(o);
            }
        }
    }

    /// Play a rule's outcome: an award, the player's pick, a roll.
    pub(super) fn outcome(&mut self, o: &'b Outcome) {
        match o {
            Outcome::Award(a) => {
                let mut gotos: Vec<Go<'b>> = Vec::new();
                // A go-to inside a card's award is the game's, not the
                // encounter's: not followed here.
                let _ = self.award(a, 0, &mut gotos);
            }
            Outcome::Choice(options) => {
                let labels: Vec<&str> = options.iter().map(|(l, _)| l.value.as_str()).collect();
                let k = self
                    .chooser
                    .choose(&Ask {
                        kind: AskKind::Award,
                        paragraph: 0,
                        options: labels,
                    })
                    .min(options.len().saturating_sub(1));
                if let Some((_, o)) = options.get(k) {
                    self.outcome(o);
                }
            }
            Outcome::Roll { dice, bands } => {
                let faces: Vec<u32> = (0..*dice).map(|_| self.die(6)).collect();
                let total: u32 = faces.iter().sum();
                self.emit(Event::Roll {
                    dice: faces,
                    terms: Vec::new(),
                    total: i64::from(total),
                });
                if let Some((_, _, o)) = bands
                    .iter()
                    .find(|(lo, hi, _)| *lo <= total && total <= *hi)
                {
                    self.outcome(o);
                }
            }
            Outcome::All(all) => {
                for o in all {
                    self.outcome(o);
                }
            }
        }
    }

    /// After an award: statuses whose points or gains in this encounter
    /// end them (`story-reaches`, `destiny-rises`, `points-rise`,
    /// `in-one-encounter`).
    pub(super) fn check_losses(&mut self) {
        if !self.engine.rules || self.c.statuses.is_empty() {
            return;
        }
        let book = self.book();
        let mut ended = Vec::new();
        for s in &self.c.statuses {
            let Some(e) = book.glossary.by_id(&s.id) else {
                continue;
            };
            let mark = self.c.marks.iter().find(|m| m.id == s.id);
            for l in losses(e) {
                if let Some(why) = self.ends(l, mark) {
                    ended.push((e, why));
                    break;
                }
            }
        }
        for (e, why) in ended {
            self.rule(e, why);
            self.lose_status(e.id.value);
        }
    }

    /// Whether a way of loss holds now, and why.
    fn ends(&self, l: &Loss, mark: Option<&Mark>) -> Option<String> {
        let (d0, s0) = mark.map_or((0, 0), |m| (m.destiny, m.story));
        let c = &*self.c;
        match l {
            Loss::StoryReaches(n) if c.story >= (*n).max(s0.saturating_add(1)) && c.story > s0 => {
                Some(format!("story reached {}", c.story))
            }
            Loss::DestinyRises(n) if c.destiny >= d0.saturating_add(*n) => {
                Some(format!("destiny rose by {n}"))
            }
            Loss::PointsRise(n) if c.destiny + c.story >= (d0 + s0).saturating_add(*n) => {
                Some(format!("destiny and story rose by {n}"))
            }
            Loss::InOneEncounter { wealth, treasures }
                if (*wealth > 0 && self.gained_wealth >= *wealth)
                    || (*treasures > 0 && self.gained_treasures >= *treasures) =>
            {
                Some("sated in one encounter".to_owned())
            }
            _ => None,
        }
    }

    /// Reactions as the rules offer them: `cannot-react` takes one out
    /// (forced into it when nothing else is left, its `if-forced` is
    /// gained), `must-react` leaves only it; `chosen-by-another` is said.
    pub(super) fn react_rules(
        &mut self,
        names: &[&'b str],
        offered: &mut Vec<(usize, u32)>,
    ) -> Vec<Id> {
        let mut forced_gain = Vec::new();
        if !self.engine.rules {
            return forced_gain;
        }
        let book = self.book();
        let rules: Vec<_> = held(book, self.c).collect();
        for (e, r) in &rules {
            match r {
                RuleKind::CannotReact {
                    reaction,
                    if_forced,
                } => {
                    let is = |i: usize| {
                        names
                            .get(i)
                            .is_some_and(|n| crate::text::eq_ci(n, &reaction.value))
                    };
                    if !offered.iter().any(|&(i, _)| is(i)) {
                        continue;
                    }
                    if offered.iter().all(|&(i, _)| is(i)) {
                        let gains: Vec<&str> = if_forced
                            .iter()
                            .filter_map(|id| book.glossary.by_id(id))
                            .map(|g| g.name.value.as_str())
                            .collect();
                        let what = if gains.is_empty() {
                            format!("forced to {}", reaction.value)
                        } else {
                            format!("forced to {}: {}", reaction.value, gains.join(", "))
                        };
                        self.rule(e, what);
                        forced_gain.extend(if_forced.iter().copied());
                        continue;
                    }
                    offered.retain(|&(i, _)| !is(i));
                    let why = format!("{} forbids it", e.name.value);
                    self.emit(Event::NotOffered {
                        reaction: book_str(names, &reaction.value),
                        why,
                    });
                }
                RuleKind::MustReact(reaction) => {
                    let is = |i: usize| {
                        names
                            .get(i)
                            .is_some_and(|n| crate::text::eq_ci(n, &reaction.value))
                    };
                    if offered.iter().any(|&(i, _)| is(i)) && offered.len() > 1 {
                        offered.retain(|&(i, _)| is(i));
                        self.rule(e, format!("{} must be chosen", reaction.value));
                    }
                }
                _ => {}
            }
        }
        if let Some(id) = chosen_by_another(book, self.c, Choice::Reaction) {
            let e = book.glossary.by_id(&id).expect("held");
            self.rule(e, "another player chooses the reaction".to_owned());
        }
        forced_gain
    }

    /// `chosen-by-another: [chart-entry]`: the line of an encounter table
    /// another player picks instead of the die.
    pub(super) fn entry_by_another(
        &mut self,
        chart: &'b crate::ir::Chart,
    ) -> Option<&'b crate::ir::ChartEntry> {
        if !self.engine.rules || chart.entries.is_empty() {
            return None;
        }
        let book = self.book();
        let id = chosen_by_another(book, self.c, Choice::ChartEntry)?;
        let e = book.glossary.by_id(&id)?;
        let options: Vec<&str> = chart
            .entries
            .iter()
            .map(|en| book.sources.slice(en.span))
            .collect();
        let k = self
            .chooser
            .choose(&Ask {
                kind: AskKind::ChartEntry,
                paragraph: 0,
                options,
            })
            .min(chart.entries.len() - 1);
        self.rule(e, "another player chooses the line of the table".to_owned());
        chart.entries.get(k)
    }

    /// At the end of an encounter: `after-encounters` counts one more for
    /// each status not gained in it.
    pub(super) fn end_of_encounter_rules(&mut self) {
        if !self.engine.rules {
            return;
        }
        let book = self.book();
        let mut ended = Vec::new();
        for s in &self.c.statuses {
            if s.fresh {
                continue;
            }
            let Some(e) = book.glossary.by_id(&s.id) else {
                continue;
            };
            let Some(n) = losses(e).find_map(|l| match l {
                Loss::AfterEncounters(n) => Some(*n),
                _ => None,
            }) else {
                continue;
            };
            let seen = match self.c.marks.iter_mut().find(|m| m.id == s.id) {
                Some(m) => {
                    m.encounters += 1;
                    m.encounters
                }
                None => 1,
            };
            if seen >= n {
                ended.push(e);
            }
        }
        for e in ended {
            self.rule(e, "its encounter is over: it goes".to_owned());
            self.lose_status(e.id.value);
        }
    }
}

/// The reaction's name as the matrix writes it (for the event).
fn book_str<'b>(names: &[&'b str], reaction: &str) -> &'b str {
    names
        .iter()
        .find(|n| crate::text::eq_ci(n, reaction))
        .copied()
        .unwrap_or("")
}

/// The ways of loss of an entry.
fn losses(e: &GlossaryEntry) -> impl Iterator<Item = &Loss> {
    e.rules.iter().flat_map(|r| match &r.kind {
        RuleKind::LoseWhen(l) => l.iter().map(|l| &l.value).collect::<Vec<_>>(),
        _ => Vec::new(),
    })
}
