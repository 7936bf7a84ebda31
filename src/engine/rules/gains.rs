//! Gains as the rules allow them, what happens on gain, and losses.

use super::{MAX_ON_GAIN, Mark, gain_barred};
use crate::engine::character::{self, Change};
use crate::engine::encounter::Run;
use crate::engine::event::{Ask, AskKind, Event};
use crate::engine::reading::Go;
use crate::ir::rules::{Loss, Outcome, RuleKind};
use crate::ir::{EntryKind, GlossaryEntry, Id};

impl<'b> Run<'_, 'b> {
    pub(in crate::engine) fn lose_status(&mut self, id: Id) {
        let change = character::lose(self.c, self.book(), &id);
        if change != Change::Nothing {
            self.emit(Event::Expired { status: id });
        }
    }

    /// Gain an entry as the rules allow: barred (`cannot-gain`), replaced
    /// (`instead-if-held`, `requires`), then gained; statuses it ends are
    /// lost (`lose-when: gains`, `gains-skill`), and its `on-gain` played.
    pub(in crate::engine) fn gain(&mut self, id: Id, turns: Option<u32>) -> Change {
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
    pub(in crate::engine) fn instead(&mut self, id: Id) -> Id {
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
    pub(in crate::engine) fn gained(&mut self, id: Id) {
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
                let before = (self.points_now(), self.credited);
                self.outcome(o);
                // What the outcome gave, less what rules inside it credited.
                let made = self.points_now() - before.0 - (self.credited - before.1);
                self.credit(entry, made);
            }
        }
    }

    /// Destiny and story together.
    fn points_now(&self) -> i64 {
        i64::from(self.c.destiny) + i64::from(self.c.story)
    }

    /// Play a rule's outcome: an award, the player's pick, a roll.
    pub(in crate::engine) fn outcome(&mut self, o: &'b Outcome) {
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
                        by_another: false,
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
    pub(in crate::engine) fn check_losses(&mut self) {
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
    pub(in crate::engine) fn ends(&self, l: &Loss, mark: Option<&Mark>) -> Option<String> {
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

    /// At the end of an encounter: `after-encounters` counts one more for
    /// each status not gained in it.
    pub(in crate::engine) fn end_of_encounter_rules(&mut self) {
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

/// The ways of loss of an entry.
pub(super) fn losses(e: &GlossaryEntry) -> impl Iterator<Item = &Loss> {
    e.rules.iter().flat_map(|r| match &r.kind {
        RuleKind::LoseWhen(l) => l.iter().map(|l| &l.value).collect::<Vec<_>>(),
        _ => Vec::new(),
    })
}
