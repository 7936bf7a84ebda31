//! The rules an encounter applies as it is played: skills, awards,
//! reactions, dice, a second roll, a declined award.

use super::{chosen_by_another, dice_by, held, roll_bonus, skill_level};
use crate::engine::character::{self, Change, Level};
use crate::engine::encounter::Run;
use crate::engine::event::{Ask, AskKind, Event};
use crate::ir::rules::{Choice, DiceBy, Loss, RuleKind, Track};
use crate::ir::{EntryKind, GlossaryEntry, Id};

impl<'b> Run<'_, 'b> {
    pub(in crate::engine) fn rule(&mut self, entry: &GlossaryEntry, what: String) {
        self.emit(Event::Rule {
            entry: entry.id.value,
            what,
        });
    }

    /// Whether the character has a skill, status or treasure as the rules
    /// count it now (a skill that cannot be used is not had).
    pub(in crate::engine) fn has(&self, id: Id) -> bool {
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
    pub(in crate::engine) fn has_master(&self, id: Id) -> bool {
        if !self.engine.rules {
            return self.c.is_master(id);
        }
        skill_level(self.book(), self.c, id).0 == Some(Level::Master)
    }

    /// Say which skills a rule takes from a section the character would
    /// otherwise read.
    pub(in crate::engine) fn skills_taken(&mut self, ids: &[Id]) {
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
    pub(in crate::engine) fn award_points(&mut self, track: Track, amount: i32) -> (Track, i32) {
        let (track, amount, _) = self.award_points_credited(track, amount);
        (track, amount)
    }

    /// [`Run::award_points`], and the entry whose rule made some of them
    /// with how many: a conversion all of them, a doubling the extra.
    fn award_points_credited(
        &mut self,
        track: Track,
        amount: i32,
    ) -> (Track, i32, Option<(&'b GlossaryEntry, i32)>) {
        if !self.engine.rules || amount <= 0 {
            return (track, amount, None);
        }
        let book = self.book();
        let (mut track, mut amount) = (track, amount);
        let mut credit: Option<(&'b GlossaryEntry, i32)> = None;
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
                credit = Some((e, 0));
            }
        }
        for (e, r) in &rules {
            match r {
                RuleKind::Double(t) if *t == track => {
                    let what = format!("{} award doubled, {amount} → {}", t.as_str(), amount * 2);
                    self.rule(e, what);
                    if credit.is_none() {
                        credit = Some((e, amount));
                    }
                    amount = amount.saturating_mul(2);
                }
                RuleKind::CannotGain(b) if b.wealth && track == Track::Wealth => {
                    self.rule(e, "no wealth can be gained".to_owned());
                    return (track, 0, None);
                }
                _ => {}
            }
        }
        // A conversion (0 so far) makes the whole award; a doubling the
        // amount before it.
        let credit = credit.map(|(e, n)| (e, if n == 0 { amount } else { amount - n }));
        (track, amount, credit)
    }

    /// Credit `points` to an entry (`Event::Credit`), counted.
    pub(in crate::engine) fn credit(&mut self, entry: &GlossaryEntry, points: i64) {
        if points == 0 {
            return;
        }
        self.credited += points;
        self.emit(Event::Credit {
            entry: entry.id.value,
            kind: entry.kind,
            points,
        });
    }

    /// `second-roll`: having read where the roll leads (`label`), the
    /// player may roll again; the second stands.
    pub(in crate::engine) fn second_roll(&mut self, label: &str) -> bool {
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
            by_another: false,
        });
        if k == 1 {
            self.rule(e, "a second roll, which stands".to_owned());
        }
        k == 1
    }

    /// `decline-award`: once an encounter, after a reaction, the player may
    /// decline a paragraph's award and react again (the reaction again
    /// differs).
    pub(in crate::engine) fn decline(&mut self, award: &crate::ir::Award) -> bool {
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
            by_another: false,
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
    pub(in crate::engine) fn points(&mut self, track: Track, amount: i32) -> Change {
        let (track, amount, credit) = self.award_points_credited(track, amount);
        if let Some((e, n)) = credit {
            self.credit(e, i64::from(n));
        }
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
    pub(in crate::engine) fn bonus(&mut self) -> i64 {
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

    /// A roll a bonus pushed past every band, taken as the end band
    /// `label`: said by the first entry that gives a bonus.
    pub(in crate::engine) fn clamped(&mut self, total: i64, label: &str) {
        let book = self.book();
        if let Some((e, _)) = roll_bonus(book, self.c).into_iter().next() {
            self.rule(e, format!("a roll of {total} is past the bands: `{label}`"));
        }
    }

    /// A die of `sides` for a paragraph's roll or an encounter table: named
    /// by the player or another player under `dice:` (never the destiny
    /// die), then rolled for `lose-when: after-roll`.
    pub(in crate::engine) fn die(&mut self, sides: u32) -> u32 {
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
            by_another: by == DiceBy::AnotherPlayer,
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
    pub(in crate::engine) fn after_roll(
        &mut self,
        entry: &'b GlossaryEntry,
        named: u32,
        sides: u32,
    ) {
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

    /// Reactions as the rules offer them: `cannot-react` takes one out
    /// (forced into it when nothing else is left, its `if-forced` is
    /// gained), `must-react` leaves only it; `chosen-by-another` is said.
    pub(in crate::engine) fn react_rules(
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
    pub(in crate::engine) fn entry_by_another(
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
                by_another: true,
            })
            .min(chart.entries.len() - 1);
        self.rule(e, "another player chooses the line of the table".to_owned());
        chart.entries.get(k)
    }
}

/// The reaction's name as the matrix writes it (for the event).
pub(super) fn book_str<'b>(names: &[&'b str], reaction: &str) -> &'b str {
    names
        .iter()
        .find(|n| crate::text::eq_ci(n, reaction))
        .copied()
        .unwrap_or("")
}
