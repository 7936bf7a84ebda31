//! What a targeted game gives the player it plays towards a section
//! (docs/game.md, "Never reached in games"): what the section's heading or
//! condition asks for, as the rules allow it. A skill, a gender and a
//! wealth level any player may have; a status or a treasure only when some
//! award of the book gives it (or deals treasures) or some game of the run
//! held it; a terrain only when a space of the board has it.

use crate::game::Dressing;
use crate::game::tally::GameTally;
use crate::ir::gives::Gives;
use crate::ir::{
    Book, Cmp, EntryKind, Expr, Guard, Id, ParagraphBody,
    rules::{Outcome, RuleKind},
};

/// The statuses and treasures a player may come to hold.
#[derive(Debug, Default)]
pub struct Obtainable {
    gives: Gives,
}

impl Obtainable {
    /// From the book's awards (paragraphs, city cards, quests, the rules'
    /// outcomes) and what the run's games held.
    #[must_use]
    pub fn of(book: &Book, games: &GameTally) -> Obtainable {
        let mut o = Obtainable {
            gives: Gives::of_awards(book),
        };
        for e in &book.glossary.entries {
            for r in &e.rules {
                o.rule(&r.kind);
            }
        }
        let held = &games.held;
        for name in held.status_games.keys().chain(held.treasures.keys()) {
            if let Some(e) = book.glossary.resolve_name(name) {
                o.gives.ids.insert(e.id.value);
            }
        }
        o
    }

    /// Whether a player may hold the entry.
    #[must_use]
    pub fn holds(&self, book: &Book, id: &Id) -> bool {
        let g = &self.gives;
        match book.glossary.by_id(id).map(|e| e.kind) {
            Some(EntryKind::Skill) => true,
            Some(EntryKind::Treasure) => g.any_treasure || g.ids.contains(id),
            Some(EntryKind::Status) => g.ids.contains(id),
            None => false,
        }
    }

    fn rule(&mut self, r: &RuleKind) {
        match r {
            RuleKind::OnGain(o) => self.outcome(o),
            RuleKind::Home { on_return: o } | RuleKind::Journey { award: o, .. } => {
                if let Some(o) = o {
                    self.outcome(o);
                }
            }
            RuleKind::MarkedCity {
                on_encounter,
                on_gained_again,
                ..
            } => on_encounter
                .iter()
                .chain(on_gained_again)
                .for_each(|o| self.outcome(o)),
            RuleKind::InsteadIfHeld { instead, .. } | RuleKind::Requires { instead, .. } => {
                self.gives.ids.insert(*instead);
            }
            RuleKind::OneUseMove(a) => self.gives.award(a),
            _ => {}
        }
    }

    fn outcome(&mut self, o: &Outcome) {
        match o {
            Outcome::Award(a) => self.gives.award(a),
            Outcome::Choice(os) => os.iter().for_each(|(_, o)| self.outcome(o)),
            Outcome::Roll { bands, .. } => bands.iter().for_each(|(_, _, o)| self.outcome(o)),
            Outcome::All(os) => os.iter().for_each(|o| self.outcome(o)),
        }
    }
}

/// Each arm's guard, in the order of [`super::tally::ArmIndex`] (paired
/// with it by label span: `None` where they do not agree).
#[must_use]
pub fn guards<'b>(book: &'b Book, arms: &super::tally::ArmIndex) -> Vec<Option<&'b Guard>> {
    fn block<'b>(b: &'b crate::ir::Block, out: &mut Vec<(crate::span::Span, &'b Guard)>) {
        for a in &b.arms {
            out.push((a.label.span, &a.guard));
            if let Some(inner) = &a.node.block {
                block(inner, out);
            }
        }
    }
    let mut all = Vec::with_capacity(arms.arms.len());
    for p in &book.paragraphs {
        if let ParagraphBody::Result { intro, check } = &p.body {
            if let Some(b) = &intro.block {
                block(b, &mut all);
            }
            if let Some(b) = check {
                block(b, &mut all);
            }
        }
    }
    arms.arms
        .iter()
        .enumerate()
        .map(|(i, a)| all.get(i).filter(|(s, _)| *s == a.label).map(|(_, g)| *g))
        .collect()
}

/// What a player needs to take an arm of this guard, as the rules allow
/// (empty: nothing the game can give, or nothing needed), the conditions
/// of the arms `before` it in its block not holding (a condition block
/// takes the first arm whose condition holds).
#[must_use]
pub fn dressing(book: &Book, can: &Obtainable, guard: &Guard, before: &[&Guard]) -> Dressing {
    let mut d = Dressing::default();
    for g in before {
        if let Guard::Condition(e) = g {
            avoid(e, &mut d);
        }
    }
    match guard {
        Guard::Section(labels) => {
            for e in labels.iter().filter_map(crate::ir::SectionLabel::condition) {
                need(book, can, &e, &mut d);
            }
        }
        Guard::Condition(e) | Guard::Option(e) => need(book, can, e, &mut d),
        Guard::None | Guard::Else | Guard::Band(_) => {}
    }
    d
}

/// What keeps `e` from holding, taken away (of `All`, its first atom
/// that can be; of `Any`, every one).
fn avoid(e: &Expr, d: &mut Dressing) {
    match e {
        Expr::All(es) => {
            if let Some(e) = es.iter().find(|e| avoidable(e)) {
                avoid(e, d);
            }
        }
        Expr::Any(es) => es.iter().for_each(|e| avoid(e, d)),
        Expr::Has(id) => d.drop.push(*id),
        Expr::AnyTreasure => d.drop_treasures = true,
        Expr::Wealth(Cmp::Ge, level) => d.wealth = level.checked_sub(1),
        Expr::Wealth(Cmp::Le, level) => d.wealth = Some(level + 1),
        _ => {}
    }
}

fn avoidable(e: &Expr) -> bool {
    match e {
        Expr::All(es) => es.iter().any(avoidable),
        Expr::Any(es) => es.iter().all(avoidable),
        Expr::Has(_) | Expr::AnyTreasure | Expr::Wealth(Cmp::Ge | Cmp::Le, _) => true,
        _ => false,
    }
}

/// The atoms of `e` that must hold, given (a `Not` asks for nothing; of
/// `Any`, the first that can be given).
fn need(book: &Book, can: &Obtainable, e: &Expr, d: &mut Dressing) {
    match e {
        Expr::All(es) => es.iter().for_each(|e| need(book, can, e, d)),
        Expr::Any(es) => {
            if let Some(e) = es.iter().find(|e| givable(book, can, e)) {
                need(book, can, e, d);
            }
        }
        Expr::Has(id) if can.holds(book, id) => d.held.push(*id),
        Expr::Master(id) => d.master.push(*id),
        Expr::AnyTreasure => {
            if let Some(t) = book
                .glossary
                .entries
                .iter()
                .find(|x| x.kind == EntryKind::Treasure && can.holds(book, &x.id.value))
            {
                d.held.push(t.id.value);
            }
        }
        Expr::Gender(g) => d.gender = Some(*g),
        Expr::Wealth(_, level) => d.wealth = Some(*level),
        Expr::Terrain(t) if has_terrain(book, t) => d.terrain = Some(t.clone()),
        _ => {}
    }
}

/// Whether an atom (or all of a conjunction) can be given at all.
fn givable(book: &Book, can: &Obtainable, e: &Expr) -> bool {
    match e {
        Expr::All(es) => es.iter().all(|e| givable(book, can, e)),
        Expr::Any(es) => es.iter().any(|e| givable(book, can, e)),
        Expr::Has(id) => can.holds(book, id),
        Expr::Terrain(t) => has_terrain(book, t),
        _ => true,
    }
}

/// A space of the board (not a place of power) has the terrain.
fn has_terrain(book: &Book, t: &str) -> bool {
    book.board.as_ref().is_some_and(|b| {
        b.spaces.iter().any(|s| {
            !s.is_place()
                && s.terrain
                    .as_ref()
                    .is_some_and(|x| crate::text::eq_ci(&x.value, t))
        })
    })
}
