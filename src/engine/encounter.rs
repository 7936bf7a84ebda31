//! One encounter, from a card, place, chart, matrix row or paragraph to the
//! last award (rules summary, "Resolving encounters" 1-4, "Skills",
//! "Master skills").

use super::character::{self, Character, Level, TimeOfDay};
use super::event::{Ask, AskKind, Broken, Event, Outcome, Start};
use super::{Chooser, Rng, Sink};
use crate::ir::{Book, Id, LabelKind, Paragraph, Target};
use crate::span::Span;
use std::collections::HashSet;

/// The engine over one book.
pub struct Engine<'b> {
    pub book: &'b Book,
    /// Spans of award items the check found broken (an unknown name): the
    /// engine stops there instead of guessing.
    pub broken: HashSet<Span>,
    /// Each chart entry that names a matrix row, by the entry's place: the
    /// row's (matrix, row), found once rather than by name every roll.
    chart_rows: rustc_hash::FxHashMap<(u32, u32), (usize, usize)>,
    /// Whether any glossary entry has rules (none: the engine skips them).
    pub(super) rules: bool,
}

/// The rows chart entries name, resolved.
fn chart_rows(book: &Book) -> rustc_hash::FxHashMap<(u32, u32), (usize, usize)> {
    let mut out = rustc_hash::FxHashMap::default();
    for p in &book.paragraphs {
        let crate::ir::ParagraphBody::Chart(chart) = &p.body else {
            continue;
        };
        for e in &chart.entries {
            if let crate::ir::ChartTarget::Row { matrix, row } = &e.target {
                let found = book
                    .matrix_position(&matrix.value)
                    .and_then(|m| Some((m, book.matrices[m].row(&row.value)?.0)));
                if let Some(at) = found {
                    out.insert((e.span.file.0, e.span.start), at);
                }
            }
        }
    }
    out
}

/// The most `@` jumps one encounter may take (a loop in a book must not
/// hang the engine).
const MAX_JUMPS: usize = 64;

/// One encounter being played.
pub(super) struct Run<'e, 'b> {
    pub(super) engine: &'e Engine<'b>,
    pub(super) c: &'e mut Character,
    pub(super) rng: &'e mut Rng,
    pub(super) chooser: &'e mut dyn Chooser,
    pub(super) sink: &'e mut dyn Sink,
    pub(super) jumps: usize,
    pub(super) died: bool,
    /// The encountered one's gender, once known this encounter.
    pub(super) other: Option<crate::ir::Gender>,
    /// An award said to react again (section 9.3), at this destiny cost.
    pub(super) again: Option<u32>,
    /// The reactions already chosen this encounter (reacting again chooses
    /// a different one).
    pub(super) tried: Vec<usize>,
    /// How many `on-gain` outcomes this encounter has played.
    pub(super) gaining: u16,
    /// Wealth levels and treasures gained this encounter.
    pub(super) gained_wealth: u32,
    pub(super) gained_treasures: u32,
    /// Points credited to entries so far (`Event::Credit`), so that an
    /// `on-gain` credits only what its own rules did not.
    pub(super) credited: i64,
    /// An award was declined this encounter (`decline-award`).
    pub(super) declined: bool,
}

impl<'b> Engine<'b> {
    pub fn new(book: &'b Book) -> Self {
        Self {
            book,
            broken: HashSet::new(),
            chart_rows: chart_rows(book),
            rules: super::rules::any(book),
        }
    }

    /// An engine that stops where a check found the book broken: at the
    /// span of each error finding (an unknown name, say) instead of guessing.
    pub fn checked(book: &'b Book, findings: &[crate::diagnostic::Diagnostic]) -> Self {
        Self {
            book,
            broken: findings
                .iter()
                .filter(|d| d.severity == crate::diagnostic::Severity::Error)
                .map(|d| d.primary.span)
                .collect(),
            chart_rows: chart_rows(book),
            rules: super::rules::any(book),
        }
    }

    /// Whether any glossary entry of the book has rules to apply.
    #[must_use]
    pub fn has_rules(&self) -> bool {
        self.rules
    }

    /// The first status held that says `encounters:`, and where they are:
    /// a card drawn then is that encounter instead.
    pub fn held_encounter(
        &self,
        c: &Character,
    ) -> Option<(&'b crate::ir::GlossaryEntry, &'b crate::ir::Reference)> {
        let book = self.book;
        c.statuses.iter().find_map(|s| {
            let e = book.glossary.by_id(&s.id)?;
            Some((e, e.encounters.as_ref()?))
        })
    }

    /// Take an award that no paragraph holds (a city card's die result,
    /// rules summary "City encounter cards"), and follow where it leads:
    /// the same rules as an award read in a paragraph.
    pub fn award(
        &self,
        c: &mut Character,
        award: &'b crate::ir::Award,
        rng: &mut Rng,
        chooser: &mut dyn Chooser,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Broken> {
        let mut run = self.run(c, rng, chooser, sink);
        let mut gotos = Vec::new();
        let result = run
            .award(award, 0, &mut gotos)
            .and_then(|()| run.follow(gotos));
        result?;
        Ok(if run.died {
            Outcome::Died
        } else {
            Outcome::Done
        })
    }

    /// Gain a skill, status or treasure outside an encounter (a quest's
    /// reward, a city card, the game's turn) as the rules allow it: the
    /// gain barred or replaced, the statuses it ends lost, its `on-gain`
    /// played (`docs/rules.md`).
    pub fn gain(
        &self,
        c: &mut Character,
        id: Id,
        rng: &mut Rng,
        chooser: &mut dyn Chooser,
        sink: &mut dyn Sink,
    ) -> character::Change {
        let mut run = self.run(c, rng, chooser, sink);
        let change = run.gain(id, None);
        run.check_losses();
        change
    }

    /// Play a rule's outcome outside an encounter (a journey's award):
    /// awards, choices and rolls as `on-gain` plays them, then the losses
    /// they cause.
    pub fn outcome(
        &self,
        c: &mut Character,
        o: &'b crate::ir::rules::Outcome,
        rng: &mut Rng,
        chooser: &mut dyn Chooser,
        sink: &mut dyn Sink,
    ) {
        let mut run = self.run(c, rng, chooser, sink);
        run.outcome(o);
        run.check_losses();
    }

    fn run<'e>(
        &'e self,
        c: &'e mut Character,
        rng: &'e mut Rng,
        chooser: &'e mut dyn Chooser,
        sink: &'e mut dyn Sink,
    ) -> Run<'e, 'b> {
        Run {
            engine: self,
            c,
            rng,
            chooser,
            sink,
            jumps: 0,
            died: false,
            other: None,
            again: None,
            tried: Vec::new(),
            gaining: 0,
            gained_wealth: 0,
            gained_treasures: 0,
            credited: 0,
            declined: false,
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
        let mut run = self.run(c, rng, chooser, sink);
        let result = match start {
            Start::Card => run.card(),
            Start::At(t) => run.target(t),
        };
        run.end_of_encounter_rules();
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

pub(super) fn broken(message: String, span: Option<Span>) -> Broken {
    Broken { message, span }
}

impl<'b> Run<'_, 'b> {
    pub(super) fn book(&self) -> &'b Book {
        self.engine.book
    }

    pub(super) fn emit(&mut self, e: Event<'_>) {
        self.sink.event(self.c, e);
    }

    /// The encounter of a status held that says `encounters:` (the first
    /// held): it replaces the card, as the Imprisoned status card says ("no
    /// normal encounters while Imprisoned; instead the jailer, matrix K").
    /// The Lost card lets the player choose; the engine takes the way out
    /// (docs/play.md).
    fn status_encounter(&mut self) -> Option<Result<(), Broken>> {
        let (entry, r) = self.engine.held_encounter(self.c)?;
        self.emit(Event::Card {
            kind: "status",
            name: &entry.name.value,
        });
        Some(self.target(&r.target))
    }

    /// A random encounter card: character (the chart of the time of day),
    /// terrain (the entry for the current space's terrain) or city (its
    /// paragraph); a status's encounter instead when one is held.
    fn card(&mut self) -> Result<(), Broken> {
        if let Some(r) = self.status_encounter() {
            return r;
        }
        let cards = &self.book().cards;
        let total = cards.dealt();
        if total == 0 {
            return Err(broken("the book has no encounter cards".into(), None));
        }
        // A card with `count: N` is N cards of the deck.
        let mut i = cards.copy(self.rng.below(total));
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

    /// Go somewhere: every way the engine moves passes here, so a book that
    /// loops (an `@` back, a chart entry to itself) stops after
    /// [`MAX_JUMPS`] moves instead of recursing forever.
    /// Count one move; too many in one encounter is a loop.
    pub(super) fn jump(&mut self) -> Result<(), Broken> {
        self.jumps += 1;
        if self.jumps > MAX_JUMPS {
            return Err(broken(
                format!("more than {MAX_JUMPS} jumps in one encounter: the book loops"),
                None,
            ));
        }
        Ok(())
    }

    pub(super) fn target(&mut self, t: &Target) -> Result<(), Broken> {
        self.jump().map_err(|_| {
            broken(
                format!("more than {MAX_JUMPS} jumps in one encounter: the book loops at {t}"),
                None,
            )
        })?;
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
                    .place(id)
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

    /// Reactions that need the two to be of opposite sexes (book.yaml
    /// `rules.opposite-sex-reactions`, the published game's Court) are not
    /// offered to two of the same sex; the player is told why.
    fn same_sex_reactions(&mut self, m: usize, offered: &mut Vec<(usize, u32)>) {
        let book = self.book();
        let rule = &book.manifest.rules.opposite_sex_reactions;
        if rule.is_empty() {
            return;
        }
        let matrix = &book.matrices[m];
        let name = |i: usize| matrix.reactions.get(i).map_or("", |r| r.value.as_str());
        let needs = |i: usize| rule.iter().any(|r| crate::text::eq_ci(&r.value, name(i)));
        if !offered.iter().any(|&(i, _)| needs(i)) {
            return;
        }
        let other = self.other();
        let me = self.c.gender_now(book);
        if other != me {
            return;
        }
        let kept: Vec<(usize, u32)> = offered
            .iter()
            .copied()
            .filter(|&(i, _)| !needs(i))
            .collect();
        for &(i, _) in offered.iter().filter(|&&(i, _)| needs(i)) {
            let why = format!("you are both {}", me.as_str());
            self.emit(Event::NotOffered {
                reaction: name(i),
                why,
            });
        }
        *offered = kept;
    }

    /// Choose a reaction and read where it leads; again, with a different
    /// reaction, while an award says to react again (section 9.3).
    fn reaction(&mut self, m: usize, r: usize) -> Result<(), Broken> {
        loop {
            self.react(m, r)?;
            let Some(cost) = self.again.take() else {
                return Ok(());
            };
            if self.died || !self.spend_to_react_again(cost) {
                return Ok(());
            }
        }
    }

    /// Choose a reaction, then Master shortcuts or the destiny die.
    fn react(&mut self, m: usize, r: usize) -> Result<(), Broken> {
        let Some(cell) = self.choose_reaction(m, r)? else {
            return Ok(());
        };
        // Master skills: look at N-1, N and N+1 first (rules summary, "Master skills").
        let shortcuts = self.master_shortcuts(cell);
        if let Some((n, id)) = self.take_shortcut(cell, &shortcuts) {
            return self.paragraph(n, Some(id));
        }
        self.destiny(cell)
    }

    /// The reactions row `r` of matrix `m` offers (the rules and the ones
    /// tried already taken out), one chosen and said, and what the rules
    /// gain with it: the cell chosen, or none when every reaction was tried.
    fn choose_reaction(&mut self, m: usize, r: usize) -> Result<Option<u32>, Broken> {
        let book = self.book();
        let matrix = &book.matrices[m];
        let row = &matrix.rows[r];
        let mut offered: Vec<(usize, u32)> = row
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|c| (i, c.value)))
            .collect();
        self.same_sex_reactions(m, &mut offered);
        let names: Vec<&'b str> = matrix.reactions.iter().map(|r| r.value.as_str()).collect();
        let forced = self.react_rules(&names, &mut offered);
        let tried = std::mem::take(&mut self.tried);
        if !tried.is_empty() {
            offered.retain(|(i, _)| !tried.contains(i));
            if offered.is_empty() {
                return Ok(None);
            }
        }
        self.tried = tried;
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
        // `chosen-by-another: [reaction]` (said by `react_rules`).
        let by_another = self.engine.rules
            && super::rules::chosen_by_another(book, self.c, crate::ir::rules::Choice::Reaction)
                .is_some();
        let k = self
            .chooser
            .choose(&Ask {
                kind: AskKind::Reaction,
                paragraph: offered[0].1,
                options,
                by_another,
            })
            .min(offered.len() - 1);
        let (i, cell) = offered[k];
        self.tried.push(i);
        self.emit(Event::Reaction {
            matrix: &matrix.letter.value,
            row: &row.name.value,
            reaction: matrix.reactions.get(i).map_or("?", |r| r.value.as_str()),
            cell,
        });
        for id in forced {
            self.gain(id, None);
        }
        Ok(Some(cell))
    }

    /// The paragraphs a Master skill may go to instead of the destiny die:
    /// cell N-1, N and N+1 with a section of a skill held at Master level.
    fn master_shortcuts(&self, cell: u32) -> Vec<(u32, &'b Id)> {
        let book = self.book();
        let mut shortcuts: Vec<(u32, &'b Id)> = Vec::new();
        let any_master = self.c.skills.values().any(|l| *l == Level::Master) || self.engine.rules;
        for n in [cell.checked_sub(1), Some(cell), cell.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|_| any_master)
        {
            if let Some(p) = book.paragraph(n) {
                for l in p.sections().iter().flat_map(|s| s.labels().iter()) {
                    if let LabelKind::Entry(id) | LabelKind::Master(id) = &l.kind
                        && self.has_master(*id)
                        && !shortcuts.iter().any(|(m, i)| *m == n && *i == id)
                    {
                        shortcuts.push((n, id));
                    }
                }
            }
        }
        shortcuts
    }

    /// The Master shortcuts offered with the destiny die: the one taken,
    /// said, or none when the die is rolled.
    fn take_shortcut(&mut self, cell: u32, shortcuts: &[(u32, &'b Id)]) -> Option<(u32, &'b Id)> {
        if shortcuts.is_empty() {
            return None;
        }
        let book = self.book();
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
        let k = self.chooser.choose(&Ask {
            kind: AskKind::Master,
            paragraph: cell,
            options,
            by_another: false,
        });
        let &(n, id) = shortcuts.get(k)?;
        let skill = book
            .glossary
            .by_id(id)
            .map_or(&**id, |e| e.name.value.as_str());
        self.emit(Event::Master {
            paragraph: n,
            skill,
        });
        Some((n, id))
    }

    /// The destiny die rolled from `cell`, and the paragraph it lands on read.
    fn destiny(&mut self, cell: u32) -> Result<(), Broken> {
        let book = self.book();
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

    /// Roll on an encounter chart: one die, plus the current space's gem
    /// number (`gem:` in `world.spaces`, 0 when none), plus 1 at 3-4
    /// destiny or 2 at 5 and more, capped at 12.
    pub(super) fn chart(
        &mut self,
        p: &'b Paragraph,
        chart: &'b crate::ir::Chart,
    ) -> Result<(), Broken> {
        let roll = self.die(6);
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
        let total = roll.saturating_add(gem).saturating_add(bonus).min(12);
        let entry = match self.entry_by_another(chart) {
            Some(e) => e,
            None => chart
                .entries
                .iter()
                .find(|e| e.lo <= total && total <= e.hi)
                .ok_or_else(|| {
                    broken(
                        format!("chart {} has no entry for {total}", p.number),
                        Some(p.header),
                    )
                })?,
        };
        self.emit(Event::Chart {
            paragraph: p.number,
            roll,
            total,
            entry: entry.span,
        });
        if let Some(g) = entry.gender {
            self.other = Some(g);
            self.emit(Event::OtherGender {
                gender: g,
                asked: false,
            });
        }
        match &entry.target {
            crate::ir::ChartTarget::Row { matrix, row } => {
                match self
                    .engine
                    .chart_rows
                    .get(&(entry.span.file.0, entry.span.start))
                {
                    Some(&(m, r)) => self.reaction(m, r),
                    None => self.row(&matrix.value, &row.value),
                }
            }
            crate::ir::ChartTarget::Paragraph(r) => self.target(&r.target),
            crate::ir::ChartTarget::None => Err(broken(
                format!("chart {} entry {total} leads nowhere", p.number),
                Some(entry.span),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Character, Engine, Event, RandomChooser, Rng, Sink, Start};

    fn book() -> crate::ir::Book {
        // Stranger `count: 3`, Hermit once, Sands `count: 2`.
        crate::load::load_book(std::path::Path::new("tests/fixtures/game-count")).0
    }

    struct Names(Vec<String>);

    impl Sink for Names {
        fn event(&mut self, _: &Character, e: Event<'_>) {
            if let Event::Card { name, .. } = e {
                self.0.push(name.to_owned());
            }
        }
    }

    #[test]
    fn an_encounter_sim_draws_a_card_as_often_as_its_copies() {
        let book = book();
        let engine = Engine::new(&book);
        let (mut rng, mut chooser) = (Rng::new(7), RandomChooser(Rng::new(8)));
        let mut names = Names(Vec::new());
        for _ in 0..6000 {
            let mut c = Character::new(&book);
            let _ = engine.encounter(&mut c, &Start::Card, &mut rng, &mut chooser, &mut names);
        }
        let n = |s: &str| names.0.iter().filter(|x| *x == s).count();
        // 3000, 1000 and 2000 expected; about 4 standard errors either way.
        assert!((2850..=3150).contains(&n("Stranger")), "{}", n("Stranger"));
        assert!((880..=1120).contains(&n("Hermit")), "{}", n("Hermit"));
        assert!((1850..=2150).contains(&n("Sands")), "{}", n("Sands"));
    }
}
