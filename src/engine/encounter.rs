//! One encounter, from a card, place, chart, matrix row or paragraph to the
//! last award (rules summary, "Resolving encounters" 1-4, "Skills",
//! "Master skills").

use super::character::{self, Change, Character, TimeOfDay};
use super::{Chooser, Rng, Sink};
use crate::ir::{
    Award, Block, Book, BranchKind, Effect, EntryKind, Expr, Guard, Id, LabelKind, Paragraph,
    ParagraphBody, Section, Target,
};
use crate::span::Span;
use std::collections::HashSet;

/// How an encounter starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Draw a random encounter card (character, terrain or city).
    Card,
    /// A paragraph, chart, row, matrix or place.
    At(Target),
}

/// What the player is asked.
#[derive(Debug)]
pub struct Ask<'a> {
    pub kind: AskKind,
    /// The paragraph (or cell) the question is about.
    pub paragraph: u32,
    pub options: Vec<&'a str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskKind {
    Reaction,
    /// Go straight to a neighbour whose section names a Master skill, or roll.
    Master,
    Section,
    Branch,
    /// `Choice of X or Y`.
    Award,
}

/// What happens, in order.
#[derive(Debug)]
pub enum Event<'a> {
    Card {
        kind: &'static str,
        name: &'a str,
    },
    Chart {
        paragraph: u32,
        roll: u32,
        total: u32,
        entry: Span,
    },
    Reaction {
        matrix: &'a str,
        row: &'a str,
        reaction: &'a str,
        cell: u32,
    },
    Master {
        paragraph: u32,
        skill: &'a str,
    },
    Destiny {
        cell: u32,
        roll: i32,
        paragraph: u32,
    },
    Read {
        paragraph: u32,
        text: Option<Span>,
    },
    Section {
        paragraph: u32,
        label: Span,
        text: Option<Span>,
        forced: bool,
    },
    Branch {
        label: &'a str,
        roll: Option<u32>,
        text: Option<Span>,
    },
    Award {
        effect: &'a Effect,
        change: Change,
    },
    FreeText {
        text: &'a str,
    },
    Goto {
        target: &'a Target,
    },
    Death,
    Expired {
        status: Id,
    },
}

/// The encounter reached a broken node of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub message: String,
    pub span: Option<Span>,
}

/// How an encounter ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Died,
}

/// The engine over one book.
pub struct Engine<'b> {
    pub book: &'b Book,
    /// Spans of award items the check found broken (an unknown name): the
    /// engine stops there instead of guessing.
    pub broken: HashSet<Span>,
}

/// The most `@` jumps one encounter may take (a loop in a book must not
/// hang the engine).
const MAX_JUMPS: usize = 64;

struct Run<'e, 'b> {
    engine: &'e Engine<'b>,
    c: &'e mut Character,
    rng: &'e mut Rng,
    chooser: &'e mut dyn Chooser,
    sink: &'e mut dyn Sink,
    jumps: usize,
    died: bool,
}

impl<'b> Engine<'b> {
    pub fn new(book: &'b Book) -> Self {
        Self {
            book,
            broken: HashSet::new(),
        }
    }

    /// Play one encounter.
    pub fn encounter(
        &self,
        c: &mut Character,
        start: &Start,
        rng: &mut Rng,
        chooser: &mut dyn Chooser,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Broken> {
        let mut run = Run {
            engine: self,
            c,
            rng,
            chooser,
            sink,
            jumps: 0,
            died: false,
        };
        let result = match start {
            Start::Card => run.card(),
            Start::At(t) => run.target(t),
        };
        for status in character::end_of_encounter(run.c) {
            let c = &*run.c;
            run.sink.event(c, Event::Expired { status });
        }
        result?;
        Ok(if run.died {
            Outcome::Died
        } else {
            Outcome::Done
        })
    }
}

fn broken(message: String, span: Option<Span>) -> Broken {
    Broken { message, span }
}

impl<'b> Run<'_, 'b> {
    fn book(&self) -> &'b Book {
        self.engine.book
    }

    fn emit(&mut self, e: Event<'_>) {
        self.sink.event(self.c, e);
    }

    /// A random encounter card: character (the chart of the time of day),
    /// terrain (the entry for the current space's terrain) or city (its
    /// paragraph).
    fn card(&mut self) -> Result<(), Broken> {
        let cards = &self.book().cards;
        let total = cards.character.len() + cards.terrain.len() + cards.city.len();
        if total == 0 {
            return Err(broken("the book has no encounter cards".into(), None));
        }
        let mut i = self.rng.below(u32::try_from(total).unwrap_or(u32::MAX)) as usize;
        if let Some(card) = cards.character.get(i) {
            self.emit(Event::Card {
                kind: "character",
                name: &card.name.value,
            });
            let r = match self.c.time {
                TimeOfDay::Morning => &card.morning,
                TimeOfDay::Noon => &card.noon,
                TimeOfDay::Night => &card.night,
            };
            return match r {
                Some(r) => self.target(&r.target),
                None => Err(broken(
                    format!(
                        "character card `{}` has nothing for this time of day",
                        card.name.value
                    ),
                    Some(card.span),
                )),
            };
        }
        i -= cards.character.len();
        if let Some(card) = cards.terrain.get(i) {
            self.emit(Event::Card {
                kind: "terrain",
                name: &card.name.value,
            });
            let terrain = self.c.space.as_deref().and_then(|s| {
                self.book()
                    .manifest
                    .world
                    .spaces
                    .iter()
                    .find(|sp| crate::text::eq_ci(&sp.name.value, s))
                    .and_then(|sp| sp.terrain.as_ref())
            });
            let entry = terrain
                .and_then(|t| {
                    card.entries
                        .iter()
                        .find(|(k, _)| crate::text::eq_ci(&k.value, &t.value))
                })
                .or_else(|| card.entries.first());
            return match entry {
                Some((_, r)) => self.target(&r.target),
                None => Err(broken(
                    format!("terrain card `{}` has no entries", card.name.value),
                    Some(card.span),
                )),
            };
        }
        i -= cards.terrain.len();
        let card = &cards.city[i];
        self.emit(Event::Card {
            kind: "city",
            name: &card.city.value,
        });
        match &card.paragraph {
            Some(r) => self.target(&r.target),
            None => Err(broken(
                format!("city card `{}` has no paragraph", card.city.value),
                Some(card.span),
            )),
        }
    }

    fn target(&mut self, t: &Target) -> Result<(), Broken> {
        let book = self.book();
        match t {
            Target::Paragraph(n) => self.paragraph(*n, None),
            Target::Row { matrix, row } => self.row(matrix, row),
            Target::Matrix(matrix) => {
                // The row is rolled, as the jailer's adjective is.
                let m = book
                    .matrix_position(matrix)
                    .ok_or_else(|| broken(format!("matrix {matrix} does not exist"), None))?;
                let rows = book.matrices[m].rows.len();
                if rows == 0 {
                    return Err(broken(
                        format!("matrix {matrix} has no rows"),
                        Some(book.matrices[m].span),
                    ));
                }
                let r = self.rng.below(u32::try_from(rows).unwrap_or(u32::MAX)) as usize;
                self.reaction(m, r)
            }
            Target::Place(id) => {
                let place = book
                    .manifest
                    .world
                    .places
                    .iter()
                    .find(|p| p.id.value == *id)
                    .ok_or_else(|| broken(format!("place `{id}` does not exist"), None))?;
                match &place.paragraph {
                    Some(r) => self.target(&r.target),
                    None => Err(broken(
                        format!("place `{id}` has no paragraph"),
                        Some(place.span),
                    )),
                }
            }
        }
    }

    /// A matrix row by letter and adjective.
    fn row(&mut self, matrix: &str, row: &str) -> Result<(), Broken> {
        let book = self.book();
        let m = book
            .matrix_position(matrix)
            .ok_or_else(|| broken(format!("matrix {matrix} does not exist"), None))?;
        let (r, _) = book.matrices[m]
            .row(row)
            .ok_or_else(|| broken(format!("matrix {matrix} has no row `{row}`"), None))?;
        self.reaction(m, r)
    }

    /// Choose a reaction, then Master shortcuts or the destiny die.
    fn reaction(&mut self, m: usize, r: usize) -> Result<(), Broken> {
        let book = self.book();
        let matrix = &book.matrices[m];
        let row = &matrix.rows[r];
        let offered: Vec<(usize, u32)> = row
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|c| (i, c.value)))
            .collect();
        if offered.is_empty() {
            return Err(broken(
                format!(
                    "row `{}` of matrix {} offers no reaction",
                    row.name.value, matrix.letter.value
                ),
                Some(row.span),
            ));
        }
        let options: Vec<&str> = offered
            .iter()
            .map(|&(i, _)| matrix.reactions.get(i).map_or("?", |r| r.value.as_str()))
            .collect();
        let k = self
            .chooser
            .choose(&super::Ask {
                kind: AskKind::Reaction,
                paragraph: offered[0].1,
                options: options.clone(),
            })
            .min(offered.len() - 1);
        let (col, cell) = offered[k];
        self.emit(Event::Reaction {
            matrix: &matrix.letter.value,
            row: &row.name.value,
            reaction: options[k],
            cell,
        });
        // Master skills: look at N-1, N and N+1 first (rules summary, "Master skills").
        let mut shortcuts: Vec<(u32, &Id)> = Vec::new();
        for n in [cell.checked_sub(1), Some(cell), cell.checked_add(1)]
            .into_iter()
            .flatten()
        {
            if let Some(p) = book.paragraph(n) {
                if let ParagraphBody::Result { sections, .. } = &p.body {
                    for l in sections.iter().flat_map(|s| s.labels.iter()) {
                        if let LabelKind::Entry(id) = &l.kind {
                            if self.c.is_master(id)
                                && !shortcuts.iter().any(|(m, i)| *m == n && *i == id)
                            {
                                shortcuts.push((n, id));
                            }
                        }
                    }
                }
            }
        }
        if !shortcuts.is_empty() {
            let labels: Vec<String> = shortcuts
                .iter()
                .map(|(n, id)| {
                    format!(
                        "go to paragraph {n} ({})",
                        book.glossary
                            .by_id(id)
                            .map_or(&***id, |e| e.name.value.as_str())
                    )
                })
                .chain(std::iter::once("roll the destiny die".to_owned()))
                .collect();
            let options: Vec<&str> = labels.iter().map(String::as_str).collect();
            let k = self.chooser.choose(&super::Ask {
                kind: AskKind::Master,
                paragraph: cell,
                options,
            });
            if let Some(&(n, id)) = shortcuts.get(k) {
                let skill = book
                    .glossary
                    .by_id(id)
                    .map_or(&**id, |e| e.name.value.as_str());
                self.emit(Event::Master {
                    paragraph: n,
                    skill,
                });
                return self.paragraph(n, Some(id));
            }
        }
        let _ = col;
        let roll = self.rng.destiny();
        let n = u32::try_from(i64::from(cell) + i64::from(roll)).unwrap_or(0);
        self.emit(Event::Destiny {
            cell,
            roll,
            paragraph: n,
        });
        match book.paragraph_kind(n) {
            Some(false) => self.paragraph(n, None),
            Some(true) => Err(broken(
                format!("paragraph {n}, a destiny neighbour of cell {cell}, is a chart"),
                None,
            )),
            None => Err(broken(
                format!("paragraph {n}, a destiny neighbour of cell {cell}, does not exist"),
                None,
            )),
        }
    }

    fn paragraph(&mut self, n: u32, preselect: Option<&Id>) -> Result<(), Broken> {
        let book = self.book();
        let p = book
            .paragraph(n)
            .ok_or_else(|| broken(format!("paragraph {n} does not exist"), None))?;
        if let ParagraphBody::Chart(chart) = &p.body {
            return self.chart(p, chart);
        }
        let ParagraphBody::Result { intro, sections } = &p.body else {
            unreachable!("charts are handled above")
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
            self.jumps += 1;
            if self.jumps > MAX_JUMPS {
                return Err(broken(
                    format!("more than {MAX_JUMPS} jumps in one encounter: the book loops"),
                    Some(p.header),
                ));
            }
            self.emit(Event::Goto { target: t });
            self.target(t)?;
        }
        Ok(())
    }

    /// Roll on an encounter chart: one die, plus the current space's gem
    /// number (`gem:` in `world.spaces`, 0 when none), plus 1 at 3-4
    /// destiny or 2 at 5 and more, capped at 12.
    fn chart(&mut self, p: &'b Paragraph, chart: &'b crate::ir::Chart) -> Result<(), Broken> {
        let roll = self.rng.die(6);
        let bonus = match self.c.destiny {
            0..=2 => 0,
            3 | 4 => 1,
            _ => 2,
        };
        let gem = self
            .c
            .space
            .as_deref()
            .and_then(|s| {
                self.book()
                    .manifest
                    .world
                    .spaces
                    .iter()
                    .find(|sp| sp.name.value == s)
            })
            .and_then(|sp| sp.gem)
            .unwrap_or(0);
        let total = (roll + gem + bonus).min(12);
        let entry = chart
            .entries
            .iter()
            .find(|e| e.lo <= total && total <= e.hi)
            .ok_or_else(|| {
                broken(
                    format!("chart {} has no entry for {total}", p.number),
                    Some(p.header),
                )
            })?;
        self.emit(Event::Chart {
            paragraph: p.number,
            roll,
            total,
            entry: entry.span,
        });
        match &entry.target {
            crate::ir::ChartTarget::Row { matrix, row } => self.row(&matrix.value, &row.value),
            crate::ir::ChartTarget::Paragraph(r) => self.target(&r.target),
            crate::ir::ChartTarget::None => Err(broken(
                format!("chart {} entry {total} leads nowhere", p.number),
                Some(entry.span),
            )),
        }
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
                    .choose(&super::Ask {
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
                    .choose(&super::Ask {
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
                let k = bb
                    .branches
                    .iter()
                    .position(|br| match &br.guard {
                        Guard::Condition(e) => eval(self.c, e),
                        Guard::Else => true,
                        _ => false,
                    })
                    .ok_or_else(|| {
                        broken(
                            format!("no condition of paragraph {} matches", p.number),
                            Some(bb.span),
                        )
                    })?;
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
            if self.engine.broken.contains(&item.span) {
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
                            .choose(&super::Ask {
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
