//! `quest-impossible`: a quest of `quests.yaml` that can never be completed
//! on its book's board (FORMAT.md 9.4): a step asks for a terrain no space
//! has, a place of power as a space to stand on, a status or treasure
//! nothing in the book gives, or places that no one space of the board is
//! at once. One finding a quest, at the first step's cause.
//!
//! A step can hold when some space of the board (where the character ends
//! the turn) makes its requirement possible. A name that is no space,
//! region, terrain or place was reported when it was read, and is taken as
//! possible here: one mistake, one finding.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::graph::BookGraph;
use crate::ir::gives::Gives;
use crate::ir::{Board, Book, EntryKind, Found, Holdable, Id, Requirement, Test};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    let Some(board) = &book.board else {
        return;
    };
    if book.quests.is_empty() {
        return;
    }
    let cx = Cx::new(book, board);
    for q in &book.quests {
        let Some(step) = q.steps.iter().find(|s| !cx.step_possible(&s.when)) else {
            continue;
        };
        let (span, why, help) = cx.cause(&step.when);
        out.push(
            Diagnostic::new(
                "quest-impossible",
                span,
                format!("quest `{}` can never be completed", q.name.value),
            )
            .label(why)
            .with_help(help)
            .needs(Needs::WHOLE),
        );
    }
}

/// What the book's awards give ([`Gives`], the one-use treasures counted
/// among the ids), read only as far as the questions asked need: the city
/// cards and quests, then the paragraphs one by one. What is given only
/// grows as more is read, so a question answered yes is answered as the
/// whole book would answer it; a book is read to its end only for
/// something nothing gives. Each paragraph is read once, whatever is asked.
struct Given<'a> {
    book: &'a Book,
    gives: Gives,
    /// What the last part read gives (kept for its room).
    more: Gives,
    /// The next part to read: 0 the cards and quests, `n` paragraph `n - 1`.
    next: usize,
    /// The kinds of which something read so far is given (a skill always
    /// is: a character starts with three).
    kinds: Vec<EntryKind>,
    /// Each glossary id's kinds.
    kinds_of: FxHashMap<Id, Vec<EntryKind>>,
}

impl<'a> Given<'a> {
    fn new(book: &'a Book) -> Self {
        let mut kinds_of: FxHashMap<Id, Vec<EntryKind>> = FxHashMap::default();
        for e in &book.glossary.entries {
            kinds_of.entry(e.id.value).or_default().push(e.kind);
        }
        Given {
            book,
            gives: Gives::default(),
            more: Gives::default(),
            next: 0,
            kinds: vec![EntryKind::Skill],
            kinds_of,
        }
    }

    /// Whether `yes` holds of what is given, reading on until it does.
    fn until(&mut self, yes: impl Fn(&Self) -> bool) -> bool {
        while !yes(self) {
            if !self.read_more() {
                return false;
            }
        }
        true
    }

    /// Read the next part; `false` when all was read.
    fn read_more(&mut self) -> bool {
        let book = self.book;
        let more = &mut self.more;
        if self.next == 0 {
            more.cards_and_quests(book);
        } else if let Some(p) = book.paragraphs.get(self.next - 1) {
            for n in p.nodes() {
                n.awards.iter().for_each(|a| more.award(a));
            }
        } else {
            return false;
        }
        self.next += 1;
        for id in more.one_use.drain(..) {
            if let Some(e) = book.glossary.by_id(&id) {
                more.ids.insert(e.id.value);
            }
        }
        let mut add = |k: EntryKind| {
            if !self.kinds.contains(&k) {
                self.kinds.push(k);
            }
        };
        if more.any_treasure {
            self.gives.any_treasure = true;
            add(EntryKind::Treasure);
        }
        for id in more.ids.drain() {
            if self.gives.ids.insert(id) {
                self.kinds_of
                    .get(&id)
                    .into_iter()
                    .flatten()
                    .for_each(|&k| add(k));
            }
        }
        more.any_treasure = false;
        true
    }
}

struct Cx<'a> {
    book: &'a Book,
    board: &'a Board,
    given: RefCell<Given<'a>>,
    /// The spaces a character may end a turn on (not places of power).
    walkable: Vec<usize>,
    /// Folded region and terrain -> those spaces.
    regions: FxHashMap<String, Vec<usize>>,
    terrains: FxHashMap<String, Vec<usize>>,
    /// The places of power: folded id and exit.
    places: Vec<(String, Option<usize>)>,
    /// The folded regions of every space, places of power included (where
    /// a treasure may be found).
    all_regions: FxHashSet<String>,
    /// Spaces tried, all quests together: past it, a step is taken as
    /// possible (a hostile board of many spaces and quests stays linear).
    budget: Cell<usize>,
}

impl<'a> Cx<'a> {
    fn new(book: &'a Book, board: &'a Board) -> Self {
        let mut cx = Cx {
            book,
            board,
            given: RefCell::new(Given::new(book)),
            walkable: Vec::new(),
            regions: FxHashMap::default(),
            terrains: FxHashMap::default(),
            places: Vec::new(),
            all_regions: FxHashSet::default(),
            budget: Cell::new(16 * board.spaces.len() + 1_000_000),
        };
        let fold =
            |s: Option<&crate::span::Spanned<String>>| s.map(|x| crate::text::fold(&x.value));
        for (i, sp) in board.spaces.iter().enumerate() {
            cx.all_regions.extend(fold(sp.region.as_ref()));
            if sp.is_place() {
                let exit = sp.exit.as_ref().and_then(|e| board.position(&e.value));
                cx.places
                    .push((fold(sp.place.as_ref()).unwrap_or_default(), exit));
                continue;
            }
            cx.walkable.push(i);
            if let Some(r) = fold(sp.region.as_ref()) {
                cx.regions.entry(r).or_default().push(i);
            }
            if let Some(t) = fold(sp.terrain.as_ref()) {
                cx.terrains.entry(t).or_default().push(i);
            }
        }
        cx
    }

    /// Whether some space of the board lets `req` hold: the spaces its
    /// narrowest place names (else every space) tried in turn.
    fn step_possible(&self, req: &Requirement) -> bool {
        let mut atoms = Vec::new();
        flatten(req, &mut atoms);
        let at = atoms.iter().find_map(|a| match a.test {
            Test::At { space: Some(i), .. } => Some(i),
            _ => None,
        });
        if let Some(i) = at {
            return !self.board.spaces[i].is_place() && self.possible(req, i);
        }
        let mut candidates: &[usize] = &self.walkable;
        for a in atoms {
            let narrower = match &a.test {
                Test::In(r) => self.regions.get(&crate::text::fold(&r.value)),
                Test::On(t) => self.terrains.get(&crate::text::fold(&t.value)),
                _ => None,
            };
            if let Some(n) = narrower.filter(|n| n.len() < candidates.len()) {
                candidates = n;
            }
        }
        candidates
            .iter()
            .any(|&i| match self.budget.get().checked_sub(1) {
                Some(left) => {
                    self.budget.set(left);
                    self.possible(req, i)
                }
                None => true,
            })
    }

    /// Whether `req` may hold for a character ending the turn at space `s`.
    fn possible(&self, req: &Requirement, s: usize) -> bool {
        let space = &self.board.spaces[s];
        let eq = |a: Option<&crate::span::Spanned<String>>, b: &str| {
            a.is_some_and(|a| crate::text::eq_ci(&a.value, b))
        };
        match &req.test {
            Test::All(all) => all.iter().all(|r| self.possible(r, s)),
            Test::Any(any) => any.iter().any(|r| self.possible(r, s)),
            Test::Encounter | Test::Points { .. } => true,
            Test::At { space, .. } => space.is_none_or(|i| i == s),
            Test::In(r) => {
                eq(space.region.as_ref(), &r.value)
                    || !self.regions.contains_key(&crate::text::fold(&r.value))
            }
            Test::On(t) => space.has_terrain(&t.value) || !self.has_terrain(&t.value),
            Test::Place(p) => self.place_exit(p.as_ref().map(|p| p.value.as_str()), s),
            Test::Hold { what, found } => self.given(*what) && self.findable(found.as_ref()),
        }
    }

    /// Whether a treasure may be found as `found` asks: outside a region
    /// only where the board has another (a region the board does not have
    /// at all was reported when read).
    fn findable(&self, found: Option<&Found>) -> bool {
        found.is_none_or(|f| {
            let r = crate::text::fold(&f.region.value);
            f.inside || self.all_regions.iter().any(|x| *x != r)
        })
    }

    /// A terrain of the book (an unknown one was reported when read).
    fn has_terrain(&self, t: &str) -> bool {
        (self.book.manifest.world.terrains.iter()).any(|x| crate::text::eq_ci(&x.value, t))
    }

    /// Whether a character who had the encounter of place `p` (any place:
    /// `None`) may end the turn at `s`: the place's exit, or anywhere when
    /// the exit is not known. A place not on the board was reported.
    fn place_exit(&self, p: Option<&str>, s: usize) -> bool {
        let p = p.map(crate::text::fold);
        let mut places = (self.places.iter())
            .filter(|(id, _)| p.as_ref().is_none_or(|p| p == id))
            .peekable();
        if places.peek().is_none() {
            return p.is_some();
        }
        places.any(|(_, exit)| exit.is_none_or(|e| e == s))
    }

    fn given(&self, what: Holdable) -> bool {
        let glossary = &self.book.glossary;
        let mut given = self.given.borrow_mut();
        match what {
            Holdable::Any(EntryKind::Skill) => true,
            Holdable::Any(kind) => given.until(|g| g.kinds.contains(&kind)),
            Holdable::Entry(id) => match glossary.by_id(id.as_str()).map(|e| e.kind) {
                Some(EntryKind::Treasure) => {
                    given.until(|g| g.gives.any_treasure || g.gives.ids.contains(&id))
                }
                Some(EntryKind::Status) => given.until(|g| g.gives.ids.contains(&id)),
                _ => true,
            },
        }
    }
}

impl Cx<'_> {
    /// Where and why a step's requirement can never hold, and the fix:
    /// a key that cannot hold alone, else the keys that no one space is.
    fn cause(&self, req: &Requirement) -> (crate::span::Span, String, String) {
        let mut atoms = Vec::new();
        flatten(req, &mut atoms);
        if let Some(a) = atoms.iter().find(|a| !self.step_possible(a)) {
            let (why, help) = self.alone(a);
            let span = match &a.test {
                Test::Hold { found: Some(f), .. } if !self.findable(Some(f)) => f.region.span,
                _ => a.span,
            };
            return (span, why, help);
        }
        let (mut subject, mut wheres) = (None, Vec::new());
        for a in &atoms {
            match &a.test {
                Test::At { name, .. } => subject = Some(format!("`{}`", name.value)),
                Test::Place(Some(p)) => subject = Some(format!("the exit of `{}`", p.value)),
                Test::In(r) => wheres.push(format!("in `{}`", r.value)),
                Test::On(t) => wheres.push(format!("on `{}`", t.value)),
                _ => {}
            }
        }
        let why = match subject {
            Some(s) => format!("{s} is not {}", wheres.join(" and ")),
            None => format!("no space of the board is {}", wheres.join(" and ")),
        };
        (
            req.span,
            why,
            "ask for places that one space of board.yaml is, or split them into steps".to_owned(),
        )
    }

    /// Why one key can never hold, and the fix.
    fn alone(&self, a: &Requirement) -> (String, String) {
        let name = |id: Id| {
            (self.book.glossary.by_id(id.as_str())).map_or(id.as_str(), |e| e.name.value.as_str())
        };
        let give = "give it in an award (a paragraph, a city card or a quest's step), or ask for something the book gives";
        match &a.test {
            Test::At { name, .. } => (
                format!("`{}` is a place of power: no turn ends there", name.value),
                "write `place: ID` for a successful encounter at a place of power".to_owned(),
            ),
            Test::On(t) => (
                format!("no space of the board is on `{}`", t.value),
                format!(
                    "add a `{}` space to board.yaml, or ask for a terrain the board has",
                    t.value
                ),
            ),
            Test::Place(None) => (
                "the board has no place of power".to_owned(),
                "add a place of power to book.yaml `world.places` and board.yaml".to_owned(),
            ),
            Test::Hold {
                what,
                found: Some(f),
            } if self.given(*what) && !self.findable(Some(f)) => (
                format!("every space of the board is in `{}`", f.region.value),
                format!(
                    "ask for a treasure found in `{}`, or give board.yaml a space of another region",
                    f.region.value
                ),
            ),
            Test::Hold {
                what: Holdable::Entry(id),
                ..
            } => (
                format!("nothing in this book gives `{}`", name(*id)),
                give.to_owned(),
            ),
            Test::Hold {
                what: Holdable::Any(k),
                ..
            } => (
                format!("nothing in this book gives a {}", k.as_str()),
                give.to_owned(),
            ),
            _ => (
                "none of these can hold on this board".to_owned(),
                "ask for something one space of board.yaml and the book's awards allow".to_owned(),
            ),
        }
    }
}

/// The keys of a requirement, `all:` and maps opened.
fn flatten<'r>(req: &'r Requirement, out: &mut Vec<&'r Requirement>) {
    match &req.test {
        Test::All(all) => all.iter().for_each(|r| flatten(r, out)),
        _ => out.push(req),
    }
}
