//! Reading a result paragraph: its intro, the section the player picks or
//! must take, its branches (choices, conditions, die rolls) and its awards
//! (rules summary, "Resolve the encounter", "Skills", "Mandatory skills").

use super::character::{self, Change};
use super::encounter::{Run, broken};
use super::event::{AskKind, Broken, Event};
use crate::ir::{
    Arm, Award, Block, BlockKind, Effect, EntryKind, Expr, Gender, Guard, Id, LabelKind, Node,
    Paragraph, ParagraphBody, PointsTrack, Target,
};

/// Where an award sends the reader once the paragraph is read: a target,
/// or a paragraph's section named (FORMAT.md 2b).
pub(super) enum Go<'b> {
    To(&'b Target),
    Section(u32, Id),
}

impl<'b> Run<'_, 'b> {
    pub(super) fn paragraph(&mut self, n: u32, preselect: Option<&Id>) -> Result<(), Broken> {
        let book = self.book();
        let p = book
            .paragraph(n)
            .ok_or_else(|| broken(format!("paragraph {n} does not exist"), None))?;
        let (intro, check) = match &p.body {
            ParagraphBody::Chart(chart) => return self.chart(p, chart),
            ParagraphBody::Result { intro, check } => (intro, check),
        };
        self.emit(Event::Read {
            paragraph: n,
            text: intro.span,
        });
        let mut gotos: Vec<Go<'b>> = Vec::new();
        self.node(p, intro, &mut gotos)?;
        // `Read the NAME paragraph below` in the intro: the section this
        // paragraph's own check takes (FORMAT.md 2b).
        let below = gotos
            .iter()
            .position(|g| matches!(g, Go::Section(m, _) if *m == n))
            .filter(|_| check.is_some())
            .map(|i| gotos.remove(i));
        let preselect = match &below {
            Some(Go::Section(_, id)) => Some(id),
            _ => preselect,
        };
        if let Some(check) = check
            && !self.died
        {
            self.skill_check(p, check, preselect, &mut gotos)?;
        }
        self.follow(gotos)
    }

    /// The go-tos an award or a paragraph left, in order (none after death).
    pub(super) fn follow(&mut self, gotos: Vec<Go<'b>>) -> Result<(), Broken> {
        for g in gotos {
            if self.died {
                break;
            }
            match g {
                Go::To(t) => {
                    self.emit(Event::Goto {
                        target: t,
                        section: None,
                    });
                    self.target(t)?;
                }
                Go::Section(m, id) => {
                    self.emit(Event::Goto {
                        target: &Target::Paragraph(m),
                        section: Some(id),
                    });
                    self.jump()?;
                    self.paragraph(m, Some(&id))?;
                }
            }
        }
        Ok(())
    }

    /// A node: its awards, then its block (FORMAT.md 2a: text, award, block).
    fn node(
        &mut self,
        p: &'b Paragraph,
        n: &'b Node,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        for award in &n.awards {
            self.award(award, p.number, gotos)?;
            if self.died {
                return Ok(());
            }
        }
        let Some(b) = &n.block else { return Ok(()) };
        match b.kind {
            BlockKind::SkillCheck => self.skill_check(p, b, None, gotos),
            BlockKind::Choice => self.take_choice(p, b, gotos),
            BlockKind::Condition => self.take_condition(p, b, gotos),
            BlockKind::Roll => self.take_roll(p, b, gotos),
        }
    }

    /// A choice: the option the reader takes of those offered.
    fn take_choice(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        match self.offered(b).as_slice() {
            // Nothing offered: the block is passed by; one option is
            // taken without asking (FORMAT.md 2b).
            [] => Ok(()),
            &[k] => self.take(p, b, k, None, gotos),
            offered => {
                let offered = offered.to_vec();
                let options: Vec<&str> = offered
                    .iter()
                    .map(|&k| b.arms[k].label.value.as_str())
                    .collect();
                let k = self
                    .chooser
                    .choose(&super::event::Ask {
                        kind: AskKind::Branch,
                        paragraph: p.number,
                        options,
                        by_another: false,
                    })
                    .min(offered.len() - 1);
                self.take(p, b, offered[k], None, gotos)
            }
        }
    }

    /// A block of conditions: the first arm whose condition holds.
    fn take_condition(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        // With no arm holding and no `{else}`, the block is passed by.
        let mut k = None;
        for (i, a) in b.arms.iter().enumerate() {
            let holds = match &a.guard {
                Guard::Condition(e) => self.eval(e),
                Guard::Else => true,
                _ => false,
            };
            if holds {
                k = Some(i);
                break;
            }
        }
        match k {
            Some(k) => self.take(p, b, k, None, gotos),
            None => Ok(()),
        }
    }

    /// A roll: the arm whose band holds the total (rolled again when a
    /// rule says so).
    fn take_roll(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        // A total no band covers: past the bands by a roll bonus,
        // the nearest end band (docs/rules.md, `roll-bonus`);
        // otherwise the book is broken there.
        let band = |total: i64, bonus: i64| {
            b.arms
                .iter()
                .position(|a| matches!(a.guard, Guard::Band(band) if band.contains(total)))
                .map(|k| (k, false))
                .or_else(|| past_the_bands(b, total, bonus).map(|k| (k, true)))
                .ok_or_else(|| {
                    broken(
                        format!("no band of paragraph {} covers a roll of {total}", p.number),
                        Some(b.span),
                    )
                })
        };
        let (mut total, bonus) = self.roll(b);
        let (mut k, mut clamped) = band(total, bonus)?;
        if self.second_roll(&b.arms[k].label.value) {
            let (again, bonus) = self.roll(b);
            total = again;
            (k, clamped) = band(total, bonus)?;
        }
        if clamped {
            self.clamped(total, &b.arms[k].label.value);
        }
        self.take(p, b, k, Some(total), gotos)
    }

    /// The options of a choice the reader is offered: every plain one, and
    /// each guarded one whose condition holds now.
    fn offered(&mut self, b: &Block) -> Vec<usize> {
        (0..b.arms.len())
            .filter(|&k| match &b.arms[k].guard {
                Guard::Option(e) => self.eval(e),
                _ => true,
            })
            .collect()
    }

    /// Go down an arm: say which, then read its node.
    fn take(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        k: usize,
        roll: Option<i64>,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        let arm = &b.arms[k];
        self.emit(Event::Branch {
            label: &arm.label.value,
            kind: b.kind,
            roll: roll.map(|t| u32::try_from(t.max(0)).unwrap_or(0)),
            text: arm.node.span,
            depth: b.depth,
        });
        self.node(p, &arm.node, gotos)
    }

    /// Dice plus each term whose condition holds; the roll is shown with
    /// its faces and terms.
    /// The total, and what `roll-bonus` rules added to it.
    fn roll(&mut self, b: &'b Block) -> (i64, i64) {
        let Some(spec) = &b.roll else { return (0, 0) };
        let dice: Vec<u32> = (0..spec.dice).map(|_| self.die(spec.sides)).collect();
        let mut total: i64 = dice.iter().map(|&d| i64::from(d)).sum();
        let bonus = self.bonus();
        total += bonus;
        let mut terms = Vec::new();
        for t in &spec.terms {
            if self.eval(&t.when) {
                total += i64::from(t.weight);
                terms.push((t.weight, &t.when));
            }
        }
        if !self.c.one_use.is_empty() {
            let used: Vec<Id> = terms
                .iter()
                .filter_map(|(_, e)| match e {
                    Expr::Has(id) | Expr::Master(id) => Some(*id),
                    _ => None,
                })
                .collect();
            self.spend(&used);
        }
        self.emit(Event::Roll { dice, terms, total });
        (total, bonus)
    }

    /// A skill check, at any depth: the player picks a section they
    /// qualify for, or NO SKILL; a mandatory one they qualify for is taken
    /// without asking (rules summary, "Skills", "Mandatory skills").
    fn skill_check(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        preselect: Option<&Id>,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        let (k, forced, open) = self.pick_section(p, b, preselect)?;
        let arm = &b.arms[k];
        self.emit(Event::Section {
            paragraph: p.number,
            label: arm.label.span,
            text: arm.node.span,
            forced,
            depth: b.depth,
            open,
        });
        if !self.c.one_use.is_empty() {
            let used: Vec<Id> = arm
                .labels()
                .iter()
                .filter_map(|l| match &l.kind {
                    LabelKind::Entry(id) | LabelKind::Master(id) => Some(*id),
                    _ => None,
                })
                .collect();
            self.spend(&used);
        }
        self.node(p, &arm.node, gotos)
    }

    fn pick_section(
        &mut self,
        p: &Paragraph,
        b: &'b Block,
        preselect: Option<&Id>,
    ) -> Result<(usize, bool, u64), Broken> {
        let bit = |k: usize| 1u64 << k.min(63);
        if let Some(id) = preselect {
            let named = |a: &Arm| a.names(*id);
            if let Some(k) = b.arms.iter().position(named) {
                return Ok((k, false, bit(k)));
            }
        }
        let forced = b
            .arms
            .iter()
            .position(|a| a.labels().iter().any(|l| l.mandatory && self.qualifies(l)));
        if let Some(k) = forced {
            return Ok((k, true, bit(k)));
        }
        if self.engine.rules {
            let skills: Vec<Id> = b
                .arms
                .iter()
                .flat_map(|a| a.labels().iter())
                .filter_map(|l| match &l.kind {
                    LabelKind::Entry(id) | LabelKind::Master(id) => Some(*id),
                    _ => None,
                })
                .collect();
            self.skills_taken(&skills);
        }
        let eligible: Vec<usize> = (0..b.arms.len())
            .filter(|&k| {
                let a = &b.arms[k];
                a.is_no_skill() || a.labels().iter().any(|l| self.qualifies(l))
            })
            .collect();
        let open = eligible.iter().fold(0, |m, &k| m | bit(k));
        match eligible.len() {
            0 => Err(broken(
                format!(
                    "paragraph {} has no section this character can read (no NO SKILL)",
                    p.number
                ),
                Some(b.span),
            )),
            1 => Ok((eligible[0], false, open)),
            _ => {
                let book = self.book();
                let options: Vec<&str> = eligible
                    .iter()
                    .map(|&k| book.sources.slice(b.arms[k].label.span))
                    .collect();
                let k = self
                    .chooser
                    .choose(&super::event::Ask {
                        kind: AskKind::Section,
                        paragraph: p.number,
                        options,
                        by_another: false,
                    })
                    .min(eligible.len() - 1);
                Ok((eligible[k], false, open))
            }
        }
    }

    /// Whether the character qualifies for a section's label: what
    /// [`crate::ir::SectionLabel::condition`] says, evaluated without
    /// building it (no allocation a section).
    fn qualifies(&mut self, l: &crate::ir::SectionLabel) -> bool {
        let book = self.book();
        let base = match &l.kind {
            LabelKind::NoSkill | LabelKind::Unknown(_) => return false,
            LabelKind::Entry(id) => self.has(*id),
            LabelKind::Master(id) => self.has_master(*id),
            LabelKind::AnyTreasure => self.c.has_treasure(),
            LabelKind::Gender(g) => self.c.gender_now(book) == *g,
            LabelKind::Wealth(cmp, level) => cmp.holds(
                i64::try_from(self.c.wealth).unwrap_or(0),
                i64::try_from(*level).unwrap_or(0),
            ),
            LabelKind::Condition(e) => self.eval(e),
        };
        base && l.qualifier.as_ref().is_none_or(|q| self.eval(q))
    }

    /// Whether a condition holds now: the character, the one encountered
    /// (asked or drawn when the book does not say) and the place.
    pub(super) fn eval(&mut self, e: &Expr) -> bool {
        let book = self.book();
        let mut atom = |a: &Expr| match a {
            Expr::Has(id) => self.has(*id),
            Expr::Master(id) => self.has_master(*id),
            Expr::AnyTreasure => self.c.has_treasure(),
            Expr::Gender(g) => self.c.gender_now(book) == *g,
            Expr::Other(g) => self.other() == *g,
            Expr::OppositeSex => self.other() != self.c.gender_now(book),
            Expr::Wealth(cmp, level) => cmp.holds(
                i64::try_from(self.c.wealth).unwrap_or(0),
                i64::try_from(*level).unwrap_or(0),
            ),
            Expr::Points(track, cmp, n) => {
                let have = match track {
                    PointsTrack::Destiny => self.c.destiny,
                    PointsTrack::Story => self.c.story,
                };
                cmp.holds(i64::from(have), i64::from(*n))
            }
            Expr::Skills(cmp, n) => cmp.holds(
                i64::try_from(self.c.skills.len()).unwrap_or(i64::MAX),
                i64::from(*n),
            ),
            Expr::Terrain(t) => self
                .c
                .terrain(book)
                .is_some_and(|here| crate::text::eq_ci(here, t)),
            Expr::Not(_) | Expr::All(_) | Expr::Any(_) => false,
        };
        e.eval(&mut atom)
    }

    /// The encountered one's gender: as the chart entry says, else asked
    /// (interactive play) or drawn (a chooser at random), once an encounter.
    pub(super) fn other(&mut self) -> Gender {
        if let Some(g) = self.other {
            return g;
        }
        let k = self.chooser.choose(&super::event::Ask {
            kind: AskKind::OtherGender,
            paragraph: 0,
            options: vec!["female", "male"],
            by_another: false,
        });
        let g = if k == 0 { Gender::Female } else { Gender::Male };
        self.other = Some(g);
        self.emit(Event::OtherGender {
            gender: g,
            asked: true,
        });
        g
    }

    pub(super) fn award(
        &mut self,
        award: &'b Award,
        here: u32,
        gotos: &mut Vec<Go<'b>>,
    ) -> Result<(), Broken> {
        if here != 0 && self.decline(award) {
            return Ok(());
        }
        let book = self.book();
        for item in &award.items {
            // An item that stayed free text under an error of `check` (a bare
            // `S`): play stops there with that error rather than guess.
            if matches!(item.effect, Effect::FreeText(_)) && self.engine.broken.contains(&item.span)
            {
                return Err(broken(
                    format!("`{}` is a broken award item", book.sources.slice(item.span)),
                    Some(item.span),
                ));
            }
            self.effect(&item.effect, here, gotos);
            self.check_losses();
            if self.died {
                return Ok(());
            }
        }
        Ok(())
    }

    /// One effect of an award: applied, and reported.
    pub(super) fn effect(&mut self, e: &'b Effect, here: u32, gotos: &mut Vec<Go<'b>>) {
        let book = self.book();
        let change = match e {
            Effect::Destiny(d) => self.points(crate::ir::rules::Track::Destiny, *d),
            Effect::Story(d) => self.points(crate::ir::rules::Track::Story, *d),
            Effect::Wealth { delta, bound } => self.wealth(*delta, *bound),
            Effect::Gain { id, note } => {
                let turns = match note {
                    Some(crate::ir::Note::Turns(n)) => Some(*n),
                    _ => None,
                };
                self.gain(*id, turns)
            }
            Effect::Lose(id) => character::lose(self.c, book, id),
            Effect::Master(ids) => match self.master(e, ids) {
                Some(last) => last,
                None => return,
            },
            Effect::Choice(ids) => self.choose_status(ids),
            Effect::RandomTreasure => self.random_treasure(),
            Effect::Goto(t) => {
                gotos.push(Go::To(t));
                return;
            }
            Effect::GotoSection { paragraph, section } => {
                gotos.push(Go::Section(paragraph.unwrap_or(here), *section));
                return;
            }
            Effect::Death => {
                character::die(self.c, book);
                self.died = true;
                self.emit(Event::Death);
                return;
            }
            Effect::FreeText(text) => {
                self.emit(Event::FreeText { text });
                return;
            }
            Effect::Typed(_) | Effect::When { .. } | Effect::BySex { .. } => {
                return self.compound(e, here, gotos);
            }
        };
        self.emit(Event::Award { effect: e, change });
    }

    /// A wealth award: wealth moved on the ladder within its bound, by the
    /// delta as the rules award it, what was gained counted.
    fn wealth(&mut self, delta: i32, bound: Option<crate::ir::Bound>) -> Change {
        let book = self.book();
        let (_, delta) = self.award_points(crate::ir::rules::Track::Wealth, delta);
        let before = self.c.wealth;
        self.c.wealth = character::wealth(self.c, book, delta, bound);
        self.gained_wealth += u32::try_from(self.c.wealth.saturating_sub(before)).unwrap_or(0);
        Change::Wealth(before, self.c.wealth)
    }

    /// Skills mastered: several are each said here (`None`: nothing left to
    /// say); one (or none) is the change the award says.
    fn master(&mut self, e: &'b Effect, ids: &[Id]) -> Option<Change> {
        let mut last = Change::Nothing;
        for id in ids {
            last = character::master(self.c, id);
            if ids.len() > 1 {
                self.emit(Event::Award {
                    effect: e,
                    change: last.clone(),
                });
            }
        }
        (ids.len() <= 1).then_some(last)
    }

    /// A choice of statuses: one the character does not have yet, asked.
    fn choose_status(&mut self, ids: &[Id]) -> Change {
        let book = self.book();
        // FAQ: you cannot choose a status you already have.
        let open: Vec<&Id> = ids.iter().filter(|id| !self.c.has_status(id)).collect();
        if open.is_empty() {
            Change::Nothing
        } else {
            let options: Vec<&str> = open
                .iter()
                .map(|id| {
                    book.glossary
                        .by_id(id)
                        .map_or(&***id, |e| e.name.value.as_str())
                })
                .collect();
            let k = self
                .chooser
                .choose(&super::event::Ask {
                    kind: AskKind::Award,
                    paragraph: 0,
                    options,
                    by_another: false,
                })
                .min(open.len() - 1);
            self.gain(*open[k], None)
        }
    }

    /// A random treasure: one the character does not hold, drawn.
    fn random_treasure(&mut self) -> Change {
        let book = self.book();
        let free: Vec<&Id> = book
            .glossary
            .entries
            .iter()
            .filter(|g| g.kind == EntryKind::Treasure && !self.c.treasures.contains(&g.id.value))
            .map(|g| &g.id.value)
            .collect();
        if free.is_empty() {
            Change::Nothing
        } else {
            let k = self.rng.below(u32::try_from(free.len()).unwrap_or(1)) as usize;
            self.gain(*free[k], None)
        }
    }
}

/// The band a total pushed past every band by a roll bonus is taken as:
/// above them all, the band that reaches highest; below them all, the one
/// that starts lowest. `None` without a bonus, or for a total in a gap
/// between bands (a defect `roll-coverage` reports).
fn past_the_bands(b: &Block, total: i64, bonus: i64) -> Option<usize> {
    let bands: Vec<(usize, crate::ir::Band)> = b
        .arms
        .iter()
        .enumerate()
        .filter_map(|(k, a)| match a.guard {
            Guard::Band(band) => Some((k, band)),
            _ => None,
        })
        .collect();
    let top = |band: crate::ir::Band| band.hi.map_or(i64::MAX, i64::from);
    match bonus.cmp(&0) {
        std::cmp::Ordering::Greater => {
            let &(k, last) = bands.iter().max_by_key(|(_, band)| top(*band))?;
            (total > top(last)).then_some(k)
        }
        std::cmp::Ordering::Less => {
            let &(k, first) = bands.iter().min_by_key(|(_, band)| band.lo)?;
            (total < i64::from(first.lo)).then_some(k)
        }
        std::cmp::Ordering::Equal => None,
    }
}
