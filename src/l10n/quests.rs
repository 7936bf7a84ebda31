//! The game around the book (FORMAT.md 9.1, 9.4), which a translation
//! keeps: the board (spaces by position, with their terrain, number,
//! island, place, exit and region; the routes) and the quests (by
//! position: steps, requirements and awards by meaning). Names differ by
//! language: a space is its position on each board, and a region the spaces
//! it holds.

use super::Compare;
use crate::diagnostic::Diagnostic;
use crate::ir::{Award, Board, Book, Found, Holdable, Quest, Requirement, Test};
use crate::span::Span;
use std::collections::{BTreeSet, HashMap};

const STRUCTURE: &str = "l10n-structure-mismatch";
const BOARD_HELP: &str = "a translation keeps the source's board: the same spaces in the same order, with the same terrains, numbers, places, regions and routes";
const QUEST_HELP: &str =
    "a translation keeps every quest, in order, with the same steps, requirements and awards";

impl Compare<'_> {
    /// The translation's file `name` (else its book.yaml), for findings
    /// about the whole file.
    fn t_file(&self, name: &str) -> Span {
        let named = |n: &str| self.t.sources.iter().find(|(_, f)| f.name == n);
        named(name)
            .or_else(|| named("book.yaml"))
            .map_or(Span::new(crate::span::FileId(0), 0, 0), |(id, _)| {
                Span::file_start(id)
            })
    }

    fn mismatch(&mut self, at: Span, source: Option<Span>, message: String, help: &str) {
        let mut d = Diagnostic::new(STRUCTURE, at, message)
            .label("differs from the source")
            .with_help(help.to_owned());
        if let Some(sp) = source {
            d = d.with_secondary(self.src(sp), "in the source");
        }
        self.push(d);
    }

    pub(super) fn board(&mut self) {
        let (Some(sb), Some(tb)) = (&self.s.board, &self.t.board) else {
            if self.s.board.is_some() != self.t.board.is_some() {
                let which = if self.s.board.is_some() {
                    "the source has a board.yaml, the translation none"
                } else {
                    "the translation has a board.yaml, the source none"
                };
                let at = self.t_file("board.yaml");
                self.mismatch(
                    at,
                    None,
                    which.to_owned(),
                    "a translation keeps the source's board, its names in its language",
                );
            }
            return;
        };
        if sb.spaces.len() != tb.spaces.len() {
            let at = self.t_file("board.yaml");
            let message = format!(
                "{}, the source has {}",
                crate::text::count(tb.spaces.len(), "board space"),
                sb.spaces.len()
            );
            self.mismatch(at, None, message, BOARD_HELP);
            return;
        }
        let regions = Regions::of(sb, tb);
        for (i, (a, b)) in sb.spaces.iter().zip(&tb.spaces).enumerate() {
            let what = space_differs(sb, a, tb, b, &regions, i);
            if let Some(what) = what {
                let message = format!(
                    "space `{}` differs from the source's `{}`: {what}",
                    b.name.value, a.name.value
                );
                self.mismatch(b.name.span, Some(a.name.span), message, BOARD_HELP);
            }
        }
        self.routes(sb, tb, BOARD_HELP);
    }

    /// Routes by their ends' positions: one finding for the routes that
    /// differ, at the first of the translation's (or the source's).
    fn routes(&mut self, sb: &Board, tb: &Board, help: &str) {
        let set = |b: &Board| -> BTreeSet<(bool, usize, usize)> {
            (b.routes.iter())
                .filter_map(|r| match r.at {
                    [Some(x), Some(y)] => {
                        Some((r.kind == crate::ir::RouteKind::Sea, x.min(y), x.max(y)))
                    }
                    _ => None,
                })
                .collect()
        };
        let (a, b) = (set(sb), set(tb));
        if a == b {
            return;
        }
        let key = |r: &crate::ir::Route| match r.at {
            [Some(x), Some(y)] => Some((r.kind == crate::ir::RouteKind::Sea, x.min(y), x.max(y))),
            _ => None,
        };
        let extra = tb
            .routes
            .iter()
            .find(|r| key(r).is_some_and(|k| !a.contains(&k)));
        let lost = sb
            .routes
            .iter()
            .find(|r| key(r).is_some_and(|k| !b.contains(&k)));
        let (at, source, message) = match (extra, lost) {
            (Some(r), _) => (
                r.span,
                lost.map(|l| l.span),
                format!(
                    "the {} route [{}, {}] is not the source's",
                    r.kind.as_str(),
                    r.ends[0].value,
                    r.ends[1].value
                ),
            ),
            (None, Some(l)) => (
                self.where_lost(sb, tb, l),
                Some(l.span),
                format!(
                    "the source's {} route [{}, {}] is missing",
                    l.kind.as_str(),
                    l.ends[0].value,
                    l.ends[1].value
                ),
            ),
            (None, None) => return,
        };
        self.mismatch(at, source, message, help);
    }

    /// Where a route the translation lost would stand: the translation's
    /// route of its kind at its place in the source's list (the last of its
    /// kind when it was the last), else the board file.
    fn where_lost(&self, sb: &Board, tb: &Board, lost: &crate::ir::Route) -> Span {
        let i = (sb.routes.iter().filter(|r| r.kind == lost.kind))
            .position(|r| std::ptr::eq(r, lost))
            .unwrap_or(0);
        let of_kind: Vec<&crate::ir::Route> =
            tb.routes.iter().filter(|r| r.kind == lost.kind).collect();
        (of_kind.get(i).or(of_kind.last())).map_or_else(|| self.t_file("board.yaml"), |r| r.span)
    }

    pub(super) fn quests(&mut self) {
        let (s, t) = (self.s, self.t);
        if s.quests.len() != t.quests.len() {
            let at = self.t_file("quests.yaml");
            let message = format!(
                "{}, the source has {}",
                crate::text::count(t.quests.len(), "quest"),
                s.quests.len()
            );
            self.mismatch(at, None, message, QUEST_HELP);
            return;
        }
        let regions = match (&s.board, &t.board) {
            (Some(sb), Some(tb)) => Regions::of(sb, tb),
            _ => Regions::default(),
        };
        let cx = Meaning { s, t, regions };
        for (a, b) in s.quests.iter().zip(&t.quests) {
            if let Some((at, source, what)) = cx.quest(a, b) {
                let message = format!(
                    "quest `{}` differs from the source's `{}`: {what}",
                    b.name.value, a.name.value
                );
                self.mismatch(at, Some(source), message, QUEST_HELP);
            }
        }
    }
}

/// What differs in a space, in words (`None`: nothing).
fn space_differs(
    sb: &Board,
    a: &crate::ir::BoardSpace,
    tb: &Board,
    b: &crate::ir::BoardSpace,
    regions: &Regions,
    i: usize,
) -> Option<&'static str> {
    let terrain = |s: &crate::ir::BoardSpace| s.terrain.as_ref().map(|t| t.value.to_lowercase());
    let exit = |board: &Board, s: &crate::ir::BoardSpace| {
        s.exit.as_ref().and_then(|e| board.position(&e.value))
    };
    if terrain(a) != terrain(b) {
        Some("another terrain")
    } else if a.number_or_zero() != b.number_or_zero() {
        Some("another number")
    } else if a.island != b.island {
        Some("island or not")
    } else if a.place.as_ref().map(|p| &p.value) != b.place.as_ref().map(|p| &p.value) {
        Some("another place of power")
    } else if exit(sb, a) != exit(tb, b) {
        Some("another exit")
    } else if !regions.same_at(i) {
        Some("another region")
    } else {
        None
    }
}

/// The regions of two boards of the same spaces: a source region is the
/// translation's region of the same spaces.
#[derive(Default)]
struct Regions {
    /// Folded source region -> the translation's, as written.
    to: HashMap<String, String>,
    /// Positions whose region does not follow the first space's pairing.
    differ: BTreeSet<usize>,
}

impl Regions {
    /// Each source region paired with the translation's region that most
    /// of its spaces have (the first, of as many): a space in another one
    /// is the one that differs, not every space after it.
    fn of(sb: &Board, tb: &Board) -> Self {
        let fold =
            |s: &crate::ir::BoardSpace| s.region.as_ref().map(|r| crate::text::fold(&r.value));
        let pairs: Vec<(Option<String>, Option<String>)> = (sb.spaces.iter().zip(&tb.spaces))
            .map(|(a, b)| (fold(a), fold(b)))
            .collect();
        // Linear in the spaces: pairs counted in a map, in first-seen order.
        let mut order: Vec<(&str, &str)> = Vec::new();
        let mut counts: HashMap<(&str, &str), usize> = HashMap::new();
        for (x, y) in &pairs {
            if let (Some(x), Some(y)) = (x, y) {
                let n = counts.entry((x.as_str(), y.as_str())).or_insert(0);
                if *n == 0 {
                    order.push((x, y));
                }
                *n += 1;
            }
        }
        let mut best: HashMap<&str, usize> = HashMap::new();
        for (&(x, _), &n) in &counts {
            let b = best.entry(x).or_insert(0);
            *b = (*b).max(n);
        }
        let mut r = Regions::default();
        for (x, y) in order {
            if counts[&(x, y)] == best[x] && !r.to.contains_key(x) {
                r.to.insert(x.to_owned(), y.to_owned());
            }
        }
        for (i, (x, y)) in pairs.iter().enumerate() {
            let same = match (x, y) {
                (None, None) => true,
                (Some(x), Some(y)) => r.to.get(x) == Some(y),
                _ => false,
            };
            if !same {
                r.differ.insert(i);
            }
        }
        r
    }

    fn same_at(&self, i: usize) -> bool {
        !self.differ.contains(&i)
    }

    /// Whether source region `x` and translation region `y` are the same
    /// spaces (without boards: the same name).
    fn same(&self, x: &str, y: &str) -> bool {
        let (x, y) = (crate::text::fold(x), crate::text::fold(y));
        self.to.get(&x).map_or(x == y, |t| *t == y)
    }
}

/// Quests compared by meaning.
struct Meaning<'a> {
    s: &'a Book,
    t: &'a Book,
    regions: Regions,
}

impl Meaning<'_> {
    /// The first difference: where in the translation, where in the
    /// source, and what.
    fn quest(&self, a: &Quest, b: &Quest) -> Option<(Span, Span, String)> {
        if a.steps.len() != b.steps.len() {
            return Some((
                b.name.span,
                a.name.span,
                format!(
                    "{}, the source's {}",
                    crate::text::count(b.steps.len(), "step"),
                    a.steps.len()
                ),
            ));
        }
        if !self.award_opt(a.begins.as_ref(), b.begins.as_ref()) {
            let at = |q: &Quest| q.begins.as_ref().map_or(q.name.span, |x| x.span);
            return Some((at(b), at(a), "how it begins".to_owned()));
        }
        for (n, (x, y)) in a.steps.iter().zip(&b.steps).enumerate() {
            if !self.requirement(&x.when, &y.when) {
                return Some((
                    y.when.span,
                    x.when.span,
                    format!("step {}'s requirement", n + 1),
                ));
            }
            if !self.award_opt(x.award.as_ref(), y.award.as_ref()) {
                let at = |s: &crate::ir::Step| s.award.as_ref().map_or(s.span, |x| x.span);
                return Some((at(y), at(x), format!("step {}'s award", n + 1)));
            }
        }
        None
    }

    fn award_opt(&self, x: Option<&Award>, y: Option<&Award>) -> bool {
        match (x, y) {
            (None, None) => true,
            (Some(x), Some(y)) => {
                let (e, f): (Vec<_>, Vec<_>) = (
                    x.items.iter().map(|i| &i.effect).collect(),
                    y.items.iter().map(|i| &i.effect).collect(),
                );
                super::effects_eq(self.s, &e, self.t, &f)
            }
            _ => false,
        }
    }

    fn requirement(&self, x: &Requirement, y: &Requirement) -> bool {
        let all = |a: &[Requirement], b: &[Requirement]| {
            a.len() == b.len() && a.iter().zip(b).all(|(p, q)| self.requirement(p, q))
        };
        match (&x.test, &y.test) {
            (Test::All(a), Test::All(b)) | (Test::Any(a), Test::Any(b)) => all(a, b),
            (Test::Encounter, Test::Encounter) => true,
            (Test::At { space: a, .. }, Test::At { space: b, .. }) => a.is_some() && a == b,
            (Test::In(a), Test::In(b)) => self.regions.same(&a.value, &b.value),
            (Test::On(a), Test::On(b)) => crate::text::eq_ci(&a.value, &b.value),
            (Test::Place(a), Test::Place(b)) => match (a, b) {
                (None, None) => true,
                (Some(a), Some(b)) => crate::text::eq_ci(&a.value, &b.value),
                _ => false,
            },
            (Test::Hold { what: a, found: f }, Test::Hold { what: b, found: g }) => {
                Self::holdable(*a, *b) && self.found(f.as_ref(), g.as_ref())
            }
            (
                Test::Points {
                    track: a,
                    at_least: m,
                },
                Test::Points {
                    track: b,
                    at_least: n,
                },
            ) => a == b && m == n,
            _ => false,
        }
    }

    /// The same kind, or the same glossary id (ids are the same in every
    /// translation).
    fn holdable(a: Holdable, b: Holdable) -> bool {
        match (a, b) {
            (Holdable::Any(x), Holdable::Any(y)) => x == y,
            (Holdable::Entry(x), Holdable::Entry(y)) => x.as_str() == y.as_str(),
            _ => false,
        }
    }

    fn found(&self, f: Option<&Found>, g: Option<&Found>) -> bool {
        match (f, g) {
            (None, None) => true,
            (Some(f), Some(g)) => {
                f.inside == g.inside && self.regions.same(&f.region.value, &g.region.value)
            }
            _ => false,
        }
    }
}
