//! What a simulation counts: visits of every paragraph and arm, the
//! points each encounter moves, deaths and broken nodes. Counts only
//! (integers), so tallies of chunks add up to the same totals in any order:
//! the report does not depend on the thread count.

use super::slots::{Slot, Slots};
use crate::engine::{Change, Character, Event, Sink};
use crate::ir::Book;
use crate::span::{FileId, Span};

/// Changes per encounter are counted from −`SPAN` to +`SPAN` (beyond:
/// at the ends).
const SPAN: i64 = 32;

/// How many encounters moved a track by each amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram(pub Vec<u64>);

impl Histogram {
    fn new() -> Self {
        Histogram(vec![0; (2 * SPAN + 1) as usize])
    }

    fn add(&mut self, delta: i64) {
        self.0[(delta.clamp(-SPAN, SPAN) + SPAN) as usize] += 1;
    }

    fn merge(&mut self, other: &Histogram) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a += b;
        }
    }

    pub fn count(&self) -> u64 {
        self.0.iter().sum()
    }

    pub fn mean(&self) -> f64 {
        let n = self.count();
        if n == 0 {
            return 0.0;
        }
        let sum: i64 = self.values().map(|(v, c)| v * c as i64).sum();
        sum as f64 / n as f64
    }

    /// The smallest change at or below which a fraction `q` of encounters lie.
    pub fn quantile(&self, q: f64) -> i64 {
        let n = self.count();
        let want = (q * n as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (v, c) in self.values() {
            seen += c;
            if seen >= want {
                return v;
            }
        }
        0
    }

    fn values(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.0
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as i64 - SPAN, c))
    }
}

/// One arm of the book, as the tally numbers it.
#[derive(Clone, Debug)]
pub struct Arm {
    /// Its paragraph's index in the book.
    pub paragraph: usize,
    pub label: Span,
    pub kind: crate::ir::BlockKind,
    pub depth: u8,
    /// The arm whose node holds this arm's block (none at the top).
    pub parent: Option<usize>,
    /// Where its block's arms start in [`ArmIndex::blocks`], and how many
    /// arms the block has (a block's arms are not consecutive in the
    /// index: an arm's nested arms come right after it).
    pub first: usize,
    pub siblings: usize,
    /// A die band's totals, and its block's dice (count, sides).
    pub band: Option<crate::ir::Band>,
    pub dice: (u32, u32),
    /// Its roll block's place in [`Tally::modifiers`] (a die band's).
    pub roll: Option<usize>,
}

/// How the tally numbers a book: its arms (found by their label for
/// sections, by their text for branches, as the engine's events name
/// them), its encounter sources and its charts.
pub struct ArmIndex {
    by_start: rustc_hash::FxHashMap<(FileId, u32), usize>,
    /// Glossary entries by where their interned id's text is (an id's
    /// address is the id): a gain is counted without hashing its name.
    by_id: rustc_hash::FxHashMap<usize, usize>,
    pub arms: Vec<Arm>,
    /// Each block's arms, block after block ([`Arm::first`]).
    pub blocks: Vec<usize>,
    /// Roll blocks (each with a place in [`Tally::modifiers`]).
    pub rolls: usize,
    pub slots: Slots,
}

impl ArmIndex {
    pub fn of(book: &Book) -> ArmIndex {
        let mut ix = ArmIndex {
            by_start: rustc_hash::FxHashMap::default(),
            by_id: book
                .glossary
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| (e.id.value.as_str().as_ptr() as usize, i))
                .collect(),
            arms: Vec::new(),
            blocks: Vec::new(),
            rolls: 0,
            slots: Slots::of(book),
        };
        for (pi, p) in book.paragraphs.iter().enumerate() {
            if let crate::ir::ParagraphBody::Result { intro, check } = &p.body {
                ix.node(pi, intro, None);
                if let Some(b) = check {
                    ix.block(pi, b, None);
                }
            }
        }
        ix
    }

    fn node(&mut self, pi: usize, n: &crate::ir::Node, parent: Option<usize>) {
        if let Some(b) = &n.block {
            self.block(pi, b, parent);
        }
    }

    fn block(&mut self, pi: usize, b: &crate::ir::Block, parent: Option<usize>) {
        let first = self.blocks.len();
        self.blocks.resize(first + b.arms.len(), 0);
        let dice = b.roll.as_ref().map_or((0, 0), |r| (r.dice, r.sides));
        let roll = (b.kind == crate::ir::BlockKind::Roll).then_some(self.rolls);
        self.rolls += usize::from(roll.is_some());
        for (k, a) in b.arms.iter().enumerate() {
            let id = self.arms.len();
            self.blocks[first + k] = id;
            self.arms.push(Arm {
                paragraph: pi,
                label: a.label.span,
                kind: b.kind,
                depth: b.depth,
                parent,
                first,
                siblings: b.arms.len(),
                band: match a.guard {
                    crate::ir::Guard::Band(band) => Some(band),
                    _ => None,
                },
                dice,
                roll,
            });
            self.by_start
                .insert((a.label.span.file, a.label.span.start), id);
            if let Some(s) = a.node.span {
                self.by_start.entry((s.file, s.start)).or_insert(id);
            }
            self.node(pi, &a.node, Some(id));
        }
    }

    fn at(&self, span: Span) -> Option<usize> {
        self.by_start.get(&(span.file, span.start)).copied()
    }
}

/// The counts of some encounters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub encounters: u64,
    pub deaths: u64,
    /// Encounters that stopped at a broken node, by what stopped them.
    pub broken: std::collections::BTreeMap<String, u64>,
    pub paragraphs: Vec<u64>,
    /// Destiny and story points gained while reading each paragraph.
    pub points: Vec<i64>,
    pub arms: Vec<u64>,
    /// Visits of each arm's block at which the reader could have taken it
    /// ([`Counter`]): what tells an arm nobody can take from one nobody
    /// happened to take.
    pub open: Vec<u64>,
    /// Visits at which each section was mandatory and taken without asking.
    pub forced: Vec<u64>,
    /// The least and most a roll's terms added, roll block by roll block.
    pub modifiers: Vec<Option<(i64, i64)>>,
    pub destiny: Histogram,
    pub story: Histogram,
    pub wealth: Histogram,
    /// Encounters and the destiny and story points they gained, by the
    /// reaction chosen: matrix by matrix, reaction by reaction, in the
    /// book's order ([`reaction_slot`]).
    pub reactions: Vec<(u64, i64)>,
    /// Encounters, points and deaths by where the encounter started
    /// ([`Slots::sources`]) and by the first chart it rolled on.
    pub sources: Vec<Slot>,
    pub charts: Vec<Slot>,
    /// Gains of each glossary entry (a skill, status or treasure gained, a
    /// skill raised to Master), in the glossary's order.
    pub gains: Vec<u64>,
    /// Lives by the encounter (1st, 2nd, ...) at which destiny and story
    /// first made the book's victory points together; the last entry
    /// counts the whole lives that never did.
    pub goal: Vec<u64>,
    /// The board's effects awards named (section 9.3: `move`,
    /// `encounter`, `opportunity`, `destination`), by kind: a whole game
    /// applies them, an encounter counts them.
    pub board: std::collections::BTreeMap<String, u64>,
}

impl Tally {
    /// An empty tally for lives of `length` encounters.
    pub fn new(book: &Book, arms: &ArmIndex, length: u64) -> Tally {
        Tally {
            encounters: 0,
            deaths: 0,
            broken: std::collections::BTreeMap::new(),
            paragraphs: vec![0; book.paragraphs.len()],
            points: vec![0; book.paragraphs.len()],
            arms: vec![0; arms.arms.len()],
            open: vec![0; arms.arms.len()],
            forced: vec![0; arms.arms.len()],
            modifiers: vec![None; arms.rolls],
            destiny: Histogram::new(),
            story: Histogram::new(),
            wealth: Histogram::new(),
            goal: vec![0; usize::try_from(length).unwrap_or(0) + 1],
            reactions: vec![(0, 0); book.matrices.iter().map(|m| m.reactions.len()).sum()],
            sources: vec![Slot::default(); arms.slots.sources.len()],
            charts: vec![Slot::default(); arms.slots.charts.len()],
            gains: vec![0; book.glossary.entries.len()],
            board: std::collections::BTreeMap::new(),
        }
    }

    /// Add another tally's counts. Both within bounds, no sum overflows
    /// (each is at most twice [`MAX_TOTAL`]); the merged tally is checked
    /// again by the caller ([`Tally::within_bounds`]).
    #[must_use]
    pub fn merge(mut self, other: Tally) -> Tally {
        self.encounters += other.encounters;
        self.deaths += other.deaths;
        for (m, n) in other.broken {
            *self.broken.entry(m).or_default() += n;
        }
        for (m, n) in other.board {
            *self.board.entry(m).or_default() += n;
        }
        add(&mut self.paragraphs, &other.paragraphs);
        for (a, b) in self.points.iter_mut().zip(&other.points) {
            *a += b;
        }
        add(&mut self.arms, &other.arms);
        add(&mut self.open, &other.open);
        add(&mut self.forced, &other.forced);
        for (a, b) in self.modifiers.iter_mut().zip(&other.modifiers) {
            *a = widen(*a, *b);
        }
        self.destiny.merge(&other.destiny);
        self.story.merge(&other.story);
        self.wealth.merge(&other.wealth);
        add(&mut self.goal, &other.goal);
        for (a, b) in self.reactions.iter_mut().zip(&other.reactions) {
            a.0 += b.0;
            a.1 += b.1;
        }
        for (a, b) in self.sources.iter_mut().zip(&other.sources) {
            a.add(b);
        }
        for (a, b) in self.charts.iter_mut().zip(&other.charts) {
            a.add(b);
        }
        add(&mut self.gains, &other.gains);
        self
    }

    /// Count one encounter's points, from the character before and after,
    /// for the reaction chosen in it, where it started and its chart.
    pub fn points(&mut self, before: (u32, u32, usize), after: &Character, seen: &Seen) {
        let gained = i64::from(after.destiny) + i64::from(after.story)
            - i64::from(before.0)
            - i64::from(before.1);
        if let Some(r) = seen.reaction.and_then(|r| self.reactions.get_mut(r)) {
            r.0 += 1;
            r.1 += gained;
        }
        let slots = [
            seen.source.and_then(|i| self.sources.get_mut(i)),
            seen.chart.and_then(|i| self.charts.get_mut(i)),
        ];
        for s in slots.into_iter().flatten() {
            s.encounters += 1;
            s.points += gained;
            s.deaths += u64::from(seen.died);
        }
        self.destiny
            .add(i64::from(after.destiny) - i64::from(before.0));
        self.story.add(i64::from(after.story) - i64::from(before.1));
        self.wealth.add(after.wealth as i64 - before.2 as i64);
    }
}

impl Tally {
    /// Every count, for a shard's report: what `tales sim merge` adds up.
    pub fn raw(&self) -> serde_json::Value {
        let mut v = self.counts();
        if !self.board.is_empty() {
            v["board"] = serde_json::json!(self.board);
        }
        v
    }

    fn counts(&self) -> serde_json::Value {
        serde_json::json!({
            "encounters": self.encounters,
            "deaths": self.deaths,
            "broken": self.broken,
            "paragraphs": self.paragraphs,
            "points": self.points,
            "arms": self.arms,
            "open": self.open,
            "forced": self.forced,
            "modifiers": self.modifiers,
            "destiny": self.destiny.0,
            "story": self.story.0,
            "wealth": self.wealth.0,
            "goal": self.goal,
            "reactions": self.reactions,
            "sources": self.sources,
            "charts": self.charts,
            "gains": self.gains,
        })
    }

    /// A tally from [`Tally::raw`], for a book of `paragraphs` paragraphs
    /// and `arms` arms (a shard of another book is refused).
    pub fn from_raw(
        v: &serde_json::Value,
        paragraphs: usize,
        (arms, rolls): (usize, usize),
    ) -> Result<Tally, String> {
        let list = |k: &str| -> Result<Vec<u64>, String> {
            serde_json::from_value(v[k].clone()).map_err(|e| format!("`raw.{k}`: {e}"))
        };
        let t = Tally {
            encounters: serde_json::from_value(v["encounters"].clone())
                .map_err(|e| format!("`raw.encounters`: {e}"))?,
            deaths: serde_json::from_value(v["deaths"].clone())
                .map_err(|e| format!("`raw.deaths`: {e}"))?,
            broken: serde_json::from_value(v["broken"].clone())
                .map_err(|e| format!("`raw.broken`: {e}"))?,
            paragraphs: list("paragraphs")?,
            points: serde_json::from_value(v["points"].clone())
                .map_err(|e| format!("`raw.points`: {e}"))?,
            arms: list("arms")?,
            open: list("open")?,
            forced: list("forced")?,
            modifiers: serde_json::from_value(v["modifiers"].clone())
                .map_err(|e| format!("`raw.modifiers`: {e}"))?,
            destiny: Histogram(list("destiny")?),
            story: Histogram(list("story")?),
            wealth: Histogram(list("wealth")?),
            goal: list("goal")?,
            reactions: serde_json::from_value(v["reactions"].clone())
                .map_err(|e| format!("`raw.reactions`: {e}"))?,
            sources: serde_json::from_value(v["sources"].clone())
                .map_err(|e| format!("`raw.sources`: {e}"))?,
            charts: serde_json::from_value(v["charts"].clone())
                .map_err(|e| format!("`raw.charts`: {e}"))?,
            gains: list("gains")?,
            board: serde_json::from_value(v["board"].clone()).unwrap_or_default(),
        };
        let hist = (2 * SPAN + 1) as usize;
        let fits = t.paragraphs.len() == paragraphs
            && t.points.len() == paragraphs
            && t.arms.len() == arms
            && t.open.len() == arms
            && t.forced.len() == arms
            && t.modifiers.len() == rolls
            && [&t.destiny, &t.story, &t.wealth]
                .iter()
                .all(|h| h.0.len() == hist);
        if fits {
            t.within_bounds()?;
            Ok(t)
        } else {
            Err("its counts are of another book (or of this book before an edit)".to_owned())
        }
    }
}

/// The most a tally's counts of one kind may add up to: 2^53, what a JSON
/// reader's floating-point number holds exactly (57 years of encounters at
/// 5 million a second). A shard or baseline past it is refused, so no sum
/// the reports make of its counts (nor of two merged tallies) overflows.
pub const MAX_TOTAL: u64 = 1 << 53;

/// The sum of some counts, when it is at most [`MAX_TOTAL`].
pub fn total(counts: impl IntoIterator<Item = u64>) -> Option<u64> {
    counts.into_iter().try_fold(0u64, |sum, c| {
        sum.checked_add(c).filter(|&s| s <= MAX_TOTAL)
    })
}

impl Tally {
    /// Whether every kind of count adds up to [`MAX_TOTAL`] at most; the
    /// error names the first that does not.
    pub fn within_bounds(&self) -> Result<(), String> {
        let slots = |s: &[Slot]| {
            total(s.iter().map(|s| s.encounters))
                .and(total(s.iter().map(|s| s.points.unsigned_abs())))
                .and(total(s.iter().map(|s| s.deaths)))
        };
        let kinds = [
            ("encounters", total([self.encounters])),
            ("deaths", total([self.deaths])),
            ("broken", total(self.broken.values().copied())),
            ("paragraphs", total(self.paragraphs.iter().copied())),
            (
                "points",
                total(self.points.iter().map(|p| p.unsigned_abs())),
            ),
            ("arms", total(self.arms.iter().copied())),
            ("open", total(self.open.iter().copied())),
            ("forced", total(self.forced.iter().copied())),
            ("destiny", total(self.destiny.0.iter().copied())),
            ("story", total(self.story.0.iter().copied())),
            ("wealth", total(self.wealth.0.iter().copied())),
            ("goal", total(self.goal.iter().copied())),
            (
                "reactions",
                total(self.reactions.iter().map(|r| r.0))
                    .and(total(self.reactions.iter().map(|r| r.1.unsigned_abs()))),
            ),
            ("sources", slots(&self.sources)),
            ("charts", slots(&self.charts)),
            ("gains", total(self.gains.iter().copied())),
        ];
        match kinds.iter().find(|(_, t)| t.is_none()) {
            Some((k, _)) => Err(format!(
                "its counts `raw.{k}` add up to more than 2^53, which no run reaches"
            )),
            None => Ok(()),
        }
    }
}

/// The range covering both (a modifier's least and most).
pub(crate) fn widen(a: Option<(i64, i64)>, b: Option<(i64, i64)>) -> Option<(i64, i64)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
        (a, b) => a.or(b),
    }
}

fn add(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// Where a matrix's reaction is in [`Tally::reactions`].
pub fn reaction_slot(book: &Book, matrix: &str, reaction: &str) -> Option<usize> {
    let mi = book.matrix_position(matrix)?;
    let before: usize = book.matrices[..mi].iter().map(|m| m.reactions.len()).sum();
    let ri = book.matrices[mi]
        .reactions
        .iter()
        .position(|r| r.value == reaction)?;
    Some(before + ri)
}

/// What an encounter's events said about it, for [`Tally::points`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Seen {
    /// The encounter's reaction ([`reaction_slot`]), when one was chosen.
    pub reaction: Option<usize>,
    /// Where it started ([`Slots::sources`]).
    pub source: Option<usize>,
    /// The first chart it rolled on ([`Slots::charts`]).
    pub chart: Option<usize>,
    pub died: bool,
}

/// The engine's events into a tally.
pub struct Counter<'a> {
    pub tally: &'a mut Tally,
    pub book: &'a Book,
    pub arms: &'a ArmIndex,
    /// The paragraph being read (its index), whose awards these are.
    pub reading: Option<usize>,
    pub seen: Seen,
    /// What the terms of the last roll added to its dice.
    pub modifier: i64,
}

impl Counter<'_> {
    fn gained(&mut self, id: crate::ir::Id) -> i64 {
        let at = id.as_str().as_ptr() as usize;
        if let Some(&g) = self.arms.by_id.get(&at) {
            self.tally.gains[g] += 1;
        }
        0
    }
}

impl Counter<'_> {
    /// The arms of a branch's block the reader could have taken: every
    /// choice, the condition arm taken (the first whose condition held),
    /// each die band the dice and this roll's terms can make.
    fn open_arms(&mut self, a: usize, kind: crate::ir::BlockKind) {
        use crate::ir::BlockKind;
        let arm = &self.arms.arms[a];
        let block = arm.first..arm.first + arm.siblings;
        match kind {
            BlockKind::Choice | BlockKind::SkillCheck => {
                for &x in &self.arms.blocks[block] {
                    self.tally.open[x] += 1;
                }
            }
            BlockKind::Condition => self.tally.open[a] += 1,
            BlockKind::Roll => {
                let m = self.modifier;
                if let Some(r) = arm.roll {
                    self.tally.modifiers[r] = widen(self.tally.modifiers[r], Some((m, m)));
                }
                let (n, sides) = arm.dice;
                let lo = i64::from(n) + m;
                let hi = i64::from(n) * i64::from(sides) + m;
                for &b in &self.arms.blocks[block] {
                    let band = self.arms.arms[b].band;
                    let reaches = band.is_some_and(|band| {
                        i64::from(band.lo) <= hi && band.hi.is_none_or(|h| i64::from(h) >= lo)
                    });
                    self.tally.open[b] += u64::from(reaches);
                }
            }
        }
    }
}

impl Sink for Counter<'_> {
    fn event(&mut self, _: &Character, event: Event<'_>) {
        match event {
            Event::Read { paragraph, .. } => {
                self.reading = self.book.index.get(&paragraph).copied();
                if let Some(i) = self.reading {
                    self.tally.paragraphs[i] += 1;
                }
            }
            Event::Reaction {
                matrix, reaction, ..
            } => {
                self.seen.reaction = (self.arms.slots.reaction(reaction))
                    .or_else(|| reaction_slot(self.book, matrix, reaction));
            }
            Event::Card { kind, name } => {
                self.seen.source = self.arms.slots.card(kind, name).or(self.seen.source);
            }
            Event::Chart { paragraph, .. } if self.seen.chart.is_none() => {
                self.seen.chart =
                    (self.book.index.get(&paragraph)).and_then(|&i| self.arms.slots.chart(i));
            }
            Event::Award {
                effect: crate::ir::Effect::Typed(t),
                ..
            } if board_kind(t).is_some() => {
                let kind = board_kind(t).unwrap_or_default();
                *self.tally.board.entry(kind.to_owned()).or_default() += 1;
            }
            Event::Award { change, .. } => {
                let gained = match change {
                    Change::Destiny(a, b) | Change::Story(a, b) => i64::from(b) - i64::from(a),
                    Change::Gained(id) => self.gained(id),
                    Change::Skill(id, before, after) if after > before => self.gained(id),
                    _ => 0,
                };
                if let Some(i) = self.reading {
                    self.tally.points[i] += gained;
                }
            }
            Event::Section {
                label,
                open,
                forced,
                ..
            } => {
                if let Some(a) = self.arms.at(label) {
                    self.tally.arms[a] += 1;
                    self.tally.forced[a] += u64::from(forced);
                    let arm = &self.arms.arms[a];
                    for k in (0..arm.siblings).filter(|&k| open & (1 << k.min(63)) != 0) {
                        self.tally.open[self.arms.blocks[arm.first + k]] += 1;
                    }
                }
            }
            Event::Roll { dice, total, .. } => {
                self.modifier = total - dice.iter().map(|&d| i64::from(d)).sum::<i64>();
            }
            Event::Branch {
                text: Some(t),
                kind,
                ..
            } => {
                if let Some(a) = self.arms.at(t) {
                    self.tally.arms[a] += 1;
                    self.open_arms(a, kind);
                }
                self.modifier = 0;
            }
            _ => {}
        }
    }
}

/// The kind of a board effect (section 9.3), for the tally.
fn board_kind(t: &crate::ir::Typed) -> Option<&'static str> {
    use crate::ir::Typed;
    match t {
        Typed::Move { .. } => Some("move"),
        Typed::Encounter { .. } => Some("encounter"),
        Typed::Opportunity { .. } => Some("opportunity"),
        Typed::Destination { .. } => Some("destination"),
        _ => None,
    }
}
