//! Reading a result paragraph: its intro, the section the player picks or
//! must take, its branches (choices, conditions, die rolls) and its awards
//! (rules summary, "Resolve the encounter", "Skills", "Mandatory skills").

use super::character::{self, Change, Character};
use super::encounter::{Run, broken};
use super::event::{AskKind, Broken, Event};
use crate::ir::{
    Award, Block, BranchKind, Effect, EntryKind, Expr, Guard, Id, LabelKind, Paragraph,
    ParagraphBody, Section, Target,
};

impl<'b> Run<'_, 'b> {
    pub(super) fn paragraph(&mut self, n: u32, preselect: Option<&Id>) -> Result<(), Broken> {
        let book = self.book();
        let p = book
            .paragraph(n)
            .ok_or_else(|| broken(format!("paragraph {n} does not exist"), None))?;
        let (intro, sections) = match &p.body {
            ParagraphBody::Chart(chart) => return self.chart(p, chart),
            ParagraphBody::Result { intro, sections } => (intro, sections),
        };
        self.emit(Event::Read {
            paragraph: n,
            text: intro.span,
        });
        let mut gotos: Vec<&Target> = Vec::new();
        self.block(p, intro, &mut gotos)?;
        if !sections.is_empty() && !self.died {
            let (section, forced) = self.pick_section(p, sections, preselect)?;
            self.emit(Event::Section {
                paragraph: n,
                label: section.span,
                text: section.body.span,
                forced,
            });
            self.block(p, &section.body, &mut gotos)?;
        }
        for t in gotos {
            if self.died {
                break;
            }
            self.emit(Event::Goto { target: t });
            self.target(t)?;
        }
        Ok(())
    }

    /// The player picks a section they hold a label of, or NO SKILL; a
    /// mandatory one they qualify for is forced, without saying which are
    /// mandatory (rules summary, "Skills", "Mandatory skills").
    fn pick_section(
        &mut self,
        p: &Paragraph,
        sections: &'b [Section],
        preselect: Option<&Id>,
    ) -> Result<(&'b Section, bool), Broken> {
        let held = |c: &Character, s: &Section| {
            s.labels
                .iter()
                .any(|l| matches!(&l.kind, LabelKind::Entry(id) if c.holds(id)))
        };
        if let Some(id) = preselect {
            if let Some(s) = sections.iter().find(|s| {
                s.labels
                    .iter()
                    .any(|l| l.kind == LabelKind::Entry(id.clone()))
            }) {
                return Ok((s, false));
            }
        }
        let forced = sections.iter().find(|s| {
            s.labels
                .iter()
                .any(|l| l.mandatory && matches!(&l.kind, LabelKind::Entry(id) if self.c.holds(id)))
        });
        if let Some(s) = forced {
            return Ok((s, true));
        }
        let eligible: Vec<&Section> = sections
            .iter()
            .filter(|s| s.is_no_skill() || held(self.c, s))
            .collect();
        match eligible.len() {
            0 => Err(broken(
                format!(
                    "paragraph {} has no section this character can read (no NO SKILL)",
                    p.number
                ),
                Some(p.header),
            )),
            1 => Ok((eligible[0], false)),
            _ => {
                let book = self.book();
                let options: Vec<&str> = eligible
                    .iter()
                    .map(|s| book.sources.slice(s.span))
                    .collect();
                let k = self
                    .chooser
                    .choose(&super::event::Ask {
                        kind: AskKind::Section,
                        paragraph: p.number,
                        options,
                    })
                    .min(eligible.len() - 1);
                Ok((eligible[k], false))
            }
        }
    }

    /// A block: its awards, then its branches.
    fn block(
        &mut self,
        p: &'b Paragraph,
        b: &'b Block,
        gotos: &mut Vec<&'b Target>,
    ) -> Result<(), Broken> {
        for award in &b.awards {
            self.award(award, gotos)?;
            if self.died {
                return Ok(());
            }
        }
        let Some(bb) = &b.branches else { return Ok(()) };
        let chosen = match bb.kind {
            BranchKind::Choice => {
                let options: Vec<&str> = bb
                    .branches
                    .iter()
                    .map(|br| br.label.value.as_str())
                    .collect();
                let k = self
                    .chooser
                    .choose(&super::event::Ask {
                        kind: AskKind::Branch,
                        paragraph: p.number,
                        options,
                    })
                    .min(bb.branches.len() - 1);
                self.emit(Event::Branch {
                    label: &bb.branches[k].label.value,
                    roll: None,
                    text: bb.branches[k].body.span,
                });
                k
            }
            BranchKind::Condition => {
                // With no arm holding and no `{else}`, the block is passed
                // by (FORMAT.md 2a).
                let Some(k) = bb.branches.iter().position(|br| match &br.guard {
                    Guard::Condition(e) => eval(self.c, e),
                    Guard::Else => true,
                    _ => false,
                }) else {
                    return Ok(());
                };
                self.emit(Event::Branch {
                    label: &bb.branches[k].label.value,
                    roll: None,
                    text: bb.branches[k].body.span,
                });
                k
            }
            BranchKind::Roll => {
                let spec = bb.roll.as_ref().expect("roll blocks have a roll spec");
                let mut total: u32 = (0..spec.dice).map(|_| self.rng.die(spec.sides)).sum();
                total += u32::try_from(
                    spec.skills
                        .iter()
                        .filter(|s| self.c.skills.contains_key(&***s))
                        .count(),
                )
                .unwrap_or(0);
                let k = bb
                    .branches
                    .iter()
                    .position(|br| matches!(br.guard, Guard::Band(band) if band.contains(total)))
                    .ok_or_else(|| {
                        broken(
                            format!("no band of paragraph {} covers a roll of {total}", p.number),
                            Some(bb.span),
                        )
                    })?;
                self.emit(Event::Branch {
                    label: &bb.branches[k].label.value,
                    roll: Some(total),
                    text: bb.branches[k].body.span,
                });
                k
            }
        };
        self.block(p, &bb.branches[chosen].body, gotos)
    }

    fn award(&mut self, award: &'b Award, gotos: &mut Vec<&'b Target>) -> Result<(), Broken> {
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
            let e = &item.effect;
            let change = match e {
                Effect::Destiny(d) => {
                    let before = self.c.destiny;
                    self.c.destiny = character::add_points(before, *d);
                    Change::Destiny(before, self.c.destiny)
                }
                Effect::Story(d) => {
                    let before = self.c.story;
                    self.c.story = character::add_points(before, *d);
                    Change::Story(before, self.c.story)
                }
                Effect::Wealth { delta, bound } => {
                    let before = self.c.wealth;
                    self.c.wealth = character::wealth(self.c, book, *delta, *bound);
                    Change::Wealth(before, self.c.wealth)
                }
                Effect::Gain { id, note } => {
                    let turns = match note {
                        Some(crate::ir::Note::Turns(n)) => Some(*n),
                        _ => None,
                    };
                    character::gain(self.c, book, id, turns)
                }
                Effect::Lose(id) => character::lose(self.c, book, id),
                Effect::Master(ids) => {
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
                    if ids.len() > 1 {
                        continue;
                    }
                    last
                }
                Effect::Choice(ids) => {
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
                            })
                            .min(open.len() - 1);
                        character::gain(self.c, book, open[k], None)
                    }
                }
                Effect::RandomTreasure => {
                    let free: Vec<&Id> = book
                        .glossary
                        .entries
                        .iter()
                        .filter(|g| {
                            g.kind == EntryKind::Treasure && !self.c.treasures.contains(&g.id.value)
                        })
                        .map(|g| &g.id.value)
                        .collect();
                    if free.is_empty() {
                        Change::Nothing
                    } else {
                        let k = self.rng.below(u32::try_from(free.len()).unwrap_or(1)) as usize;
                        character::gain(self.c, book, free[k], None)
                    }
                }
                Effect::Goto(t) => {
                    gotos.push(t);
                    continue;
                }
                Effect::Death => {
                    character::die(self.c, book);
                    self.died = true;
                    self.emit(Event::Death);
                    return Ok(());
                }
                Effect::FreeText(text) => {
                    self.emit(Event::FreeText { text });
                    continue;
                }
            };
            self.emit(Event::Award { effect: e, change });
        }
        Ok(())
    }
}
/// A condition over what the character holds.
fn eval(c: &Character, e: &Expr) -> bool {
    match e {
        Expr::Has(id) => c.holds(id),
        Expr::Not(e) => !eval(c, e),
        Expr::All(es) => es.iter().all(|e| eval(c, e)),
        Expr::Any(es) => es.iter().any(|e| eval(c, e)),
    }
}
