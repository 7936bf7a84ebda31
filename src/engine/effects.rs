//! The effects of section 9.3 that need no board, applied: choices of any
//! items, losses, set wealth, one-use skills and treasures, conditional
//! items, rolls inside awards, treasure draws, reacting again. The board's
//! effects (movement, markers, immediate encounters, opportunities) are
//! reported as they are, typed, for `play` to show and `sim` to count.

use super::character::{self, Change};
use super::encounter::Run;
use super::event::{Ask, AskKind, Event};
use super::reading::Go;
use crate::ir::{Bound, Effect, EntryKind, Expr, Id, Loss, Typed};

impl<'b> Run<'_, 'b> {
    /// A conditional item, an item by sex, or a typed effect.
    pub(super) fn compound(&mut self, e: &'b Effect, here: u32, gotos: &mut Vec<Go<'b>>) {
        match e {
            Effect::When { item, when } if self.eval(when) => self.effect(item, here, gotos),
            Effect::BySex { opposite, same } => {
                let item = if self.eval(&Expr::OppositeSex) {
                    opposite
                } else {
                    same
                };
                self.effect(item, here, gotos);
            }
            Effect::Typed(t) => self.typed(e, t, here, gotos),
            _ => {}
        }
    }

    fn typed(&mut self, e: &'b Effect, t: &'b Typed, here: u32, gotos: &mut Vec<Go<'b>>) {
        let change = match t {
            Typed::ChoiceOf(items) => {
                let book = self.book();
                let words: Vec<String> = items
                    .iter()
                    .map(|i| crate::syntax::print::words(book, i))
                    .collect();
                let k = self.ask(&words);
                return self.effect(&items[k], here, gotos);
            }
            Typed::Lose {
                loss,
                optional,
                by_other,
            } => {
                if *optional && self.ask(&["lose".to_owned(), "keep".to_owned()]) == 1 {
                    return;
                }
                return self.lose(e, loss, *by_other);
            }
            Typed::AnySkill { one_use, new } => {
                let skills = self.entries(EntryKind::Skill, *new);
                let Some(id) = self.pick(&skills) else { return };
                if *one_use {
                    self.c.one_use.push(id);
                }
                self.gain(id, None)
            }
            Typed::OneUse { id, master } => {
                let id = Id::from(id.id.as_str());
                self.c.one_use.push(id);
                if *master {
                    character::master(self.c, &id)
                } else {
                    self.gain(id, None)
                }
            }
            Typed::SetWealth {
                level,
                destiny_per_level,
            } => self.set_wealth(e, *level, *destiny_per_level),
            Typed::Roll { faces, items } => return self.roll_award(faces, items, here, gotos),
            Typed::RollWealth { max } => {
                let d = self.rng.die(6);
                self.emit(Event::Roll {
                    dice: vec![d],
                    terms: Vec::new(),
                    total: i64::from(d),
                });
                let before = self.c.wealth;
                let bound = max.map(|level| Bound { max: true, level });
                let delta = i32::try_from(d).unwrap_or(0);
                self.c.wealth = character::wealth(self.c, self.book(), delta, bound);
                Change::Wealth(before, self.c.wealth)
            }
            Typed::DrawTreasures { keep_one } => return self.draw(e, *keep_one),
            Typed::SearchTreasures => {
                let open = self.entries(EntryKind::Treasure, true);
                let Some(id) = self.pick(&open) else { return };
                self.gain(id, None)
            }
            Typed::ReactAgain { cost } => {
                self.again = Some(*cost);
                Change::Nothing
            }
            // The board's: reported, typed, as they are.
            Typed::Move { .. }
            | Typed::Encounter { .. }
            | Typed::Opportunity { .. }
            | Typed::Destination { .. } => Change::Nothing,
        };
        self.emit(Event::Award { effect: e, change });
    }

    /// The player's pick among options in words.
    fn ask(&mut self, options: &[String]) -> usize {
        self.ask_by(options, false)
    }

    /// A pick among options in words: the player's, or another player's
    /// (`by_another`: a game asks another seat).
    fn ask_by(&mut self, options: &[String], by_another: bool) -> usize {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let n = options.len();
        self.chooser
            .choose(&Ask {
                kind: AskKind::Award,
                paragraph: 0,
                options,
                by_another,
            })
            .min(n.saturating_sub(1))
    }

    /// The player's pick among glossary entries (none when there are none).
    fn pick(&mut self, ids: &[Id]) -> Option<Id> {
        self.pick_by(ids, false)
    }

    /// A pick among glossary entries, the player's or another player's.
    fn pick_by(&mut self, ids: &[Id], by_another: bool) -> Option<Id> {
        if ids.is_empty() {
            return None;
        }
        let book = self.book();
        let names: Vec<String> = ids
            .iter()
            .map(|id| {
                book.glossary
                    .by_id(id)
                    .map_or_else(|| id.to_string(), |e| e.name.value.clone())
            })
            .collect();
        Some(ids[self.ask_by(&names, by_another)])
    }

    /// The book's entries of a kind, each id once (`open`: only those not
    /// held).
    fn entries(&self, kind: EntryKind, open: bool) -> Vec<Id> {
        let mut ids = self.book().glossary.ids(kind);
        ids.retain(|&id| !(open && self.c.holds(id)));
        ids
    }

    /// A loss applied; `by`: another player picks what is lost.
    fn lose(&mut self, e: &'b Effect, loss: &Loss, by: bool) {
        let held = |c: &character::Character, kind: EntryKind| -> Vec<Id> {
            match kind {
                EntryKind::Skill => c.skills.keys().copied().collect(),
                EntryKind::Status => c.statuses.iter().map(|s| s.id).collect(),
                EntryKind::Treasure => c.treasures.clone(),
            }
        };
        let ids: Vec<Id> = match loss {
            Loss::OneStatus => self
                .pick_by(&held(self.c, EntryKind::Status), by)
                .into_iter()
                .collect(),
            Loss::OneSkill => self
                .pick_by(&held(self.c, EntryKind::Skill), by)
                .into_iter()
                .collect(),
            Loss::OneTreasure { choice: true } => self
                .pick_by(&held(self.c, EntryKind::Treasure), by)
                .into_iter()
                .collect(),
            Loss::OneTreasure { choice: false } => {
                let t = held(self.c, EntryKind::Treasure);
                let n = u32::try_from(t.len()).unwrap_or(0);
                (n > 0)
                    .then(|| t[self.rng.below(n) as usize])
                    .into_iter()
                    .collect()
            }
            Loss::AnyStatuses => {
                let mut out = Vec::new();
                for id in held(self.c, EntryKind::Status) {
                    let name = self
                        .book()
                        .glossary
                        .by_id(&id)
                        .map_or_else(|| id.to_string(), |g| g.name.value.clone());
                    if self.ask(&[format!("lose {name}"), format!("keep {name}")]) == 0 {
                        out.push(id);
                    }
                }
                out
            }
            Loss::AllTreasures => held(self.c, EntryKind::Treasure),
            Loss::AllStatuses => held(self.c, EntryKind::Status),
            // Every level of each skill: a skill held at Master level is
            // lost twice (as `Lose all levels of SKILL`).
            Loss::AllSkills => {
                let master = |id: &Id| self.c.skills.get(id) == Some(&character::Level::Master);
                let mut ids = Vec::new();
                for id in held(self.c, EntryKind::Skill) {
                    ids.extend(std::iter::repeat_n(id, if master(&id) { 2 } else { 1 }));
                }
                ids
            }
            Loss::AllLevels(n) => vec![Id::from(n.id.as_str()); 2],
            Loss::All(ns) => ns.iter().map(|n| Id::from(n.id.as_str())).collect(),
            Loss::Either(ns) => {
                let open: Vec<Id> = ns
                    .iter()
                    .map(|n| Id::from(n.id.as_str()))
                    .filter(|id| self.c.holds(*id))
                    .collect();
                self.pick_by(&open, by).into_iter().collect()
            }
        };
        if ids.is_empty() {
            self.emit(Event::Award {
                effect: e,
                change: Change::Nothing,
            });
        }
        for id in ids {
            let change = character::lose(self.c, self.book(), &id);
            self.emit(Event::Award { effect: e, change });
        }
    }

    fn set_wealth(&mut self, e: &'b Effect, level: usize, destiny_per_level: bool) -> Change {
        let before = self.c.wealth;
        self.c.wealth = level.min(self.book().manifest.rules.wealth.len().saturating_sub(1));
        if destiny_per_level && self.c.wealth < before {
            let d = self.c.destiny;
            let lost = i32::try_from(before - self.c.wealth).unwrap_or(0);
            self.c.destiny = character::add_points(d, lost);
            self.emit(Event::Award {
                effect: e,
                change: Change::Destiny(d, self.c.destiny),
            });
        }
        Change::Wealth(before, self.c.wealth)
    }

    fn roll_award(
        &mut self,
        faces: &[u8],
        items: &'b [Effect],
        here: u32,
        gotos: &mut Vec<Go<'b>>,
    ) {
        let d = self.rng.die(6);
        self.emit(Event::Roll {
            dice: vec![d],
            terms: Vec::new(),
            total: i64::from(d),
        });
        if faces.iter().any(|f| u32::from(*f) == d) {
            for item in items {
                self.effect(item, here, gotos);
            }
        }
    }

    /// Two treasures from the book's treasures not held: both, or the one
    /// kept.
    fn draw(&mut self, e: &'b Effect, keep_one: bool) {
        let mut open = self.entries(EntryKind::Treasure, true);
        let mut drawn = Vec::new();
        while drawn.len() < 2 && !open.is_empty() {
            let n = u32::try_from(open.len()).unwrap_or(1);
            drawn.push(open.swap_remove(self.rng.below(n) as usize));
        }
        if keep_one && drawn.len() > 1 {
            let k = self.pick(&drawn).unwrap_or(drawn[0]);
            drawn = vec![k];
        }
        for id in drawn {
            let change = self.gain(id, None);
            self.emit(Event::Award { effect: e, change });
        }
    }

    /// Spend the one-use entries among `ids` (used in a section or a roll).
    pub(super) fn spend(&mut self, ids: &[Id]) {
        for id in ids {
            if let Some(i) = self.c.one_use.iter().position(|x| x == id) {
                self.c.one_use.remove(i);
                let _ = character::lose(self.c, self.book(), id);
            }
        }
    }

    /// Whether to react again at a destiny cost (asked when there is one).
    pub(super) fn spend_to_react_again(&mut self, cost: u32) -> bool {
        if cost == 0 {
            return true;
        }
        if self.c.destiny < cost
            || self.ask(&[
                "spend and react again".to_owned(),
                "keep the outcome".to_owned(),
            ]) == 1
        {
            return false;
        }
        self.c.destiny -= cost;
        true
    }
}
