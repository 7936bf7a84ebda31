//! The board of a whole game (FORMAT.md 9.1, `board.yaml`): its spaces and
//! the land and sea routes between them.
//!
//! Names are found case-insensitively, like every other name of a book
//! (`board.space("dunes")` finds `Dunes`). Route ends are resolved once, when
//! the board is lowered: an end that names no space (reported then) is
//! `None`, so the lookups here never search by name again.

use crate::span::{Span, Spanned};
use rustc_hash::FxHashMap;

/// `board.yaml`: the map.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// Every space, in the file's order.
    pub spaces: Vec<BoardSpace>,
    /// Every route, land routes first, each in the file's order.
    pub routes: Vec<Route>,
    /// Folded name (see [`Board::key`]) -> index in `spaces` (the first of a
    /// name).
    index: FxHashMap<String, usize>,
    /// Each space's neighbours, as [`Board::neighbours`] gives them: made
    /// at the first look-up, once the routes are read (a walk of every
    /// route a look-up made a coastal test of each space of a big board
    /// quadratic).
    adjacent: std::sync::OnceLock<Vec<Vec<(usize, RouteKind)>>>,
    /// Each place of power's id ([`crate::text::ci_key`]) to the first
    /// space that stands for it (see [`Board::place`]).
    places: std::sync::OnceLock<FxHashMap<String, usize>>,
}

/// One space of the board.
#[derive(Clone, Debug)]
pub struct BoardSpace {
    /// The space's key in `spaces:`, as written.
    pub name: Spanned<String>,
    /// A terrain of book.yaml `world.terrains` (a misspelt one read as the
    /// terrain meant). `None` on a place of power.
    pub terrain: Option<Spanned<String>>,
    /// The number printed in the space's icon, 0..=5, added to encounter-chart
    /// rolls there. `None` when not written (it counts as 0) or out of range
    /// (reported, never clamped).
    pub number: Option<Spanned<u32>>,
    /// The region (any name: Arabia, Europe, ...).
    pub region: Option<Spanned<String>>,
    /// `island: true`.
    pub island: bool,
    /// A place of power: the id of book.yaml `world.places` it stands for.
    pub place: Option<Spanned<String>>,
    /// Where a place of power sends the character after its encounter.
    pub exit: Option<Spanned<String>>,
    /// The space's key and value.
    pub span: Span,
}

impl BoardSpace {
    /// Whether this space is a place of power (it has `place:`).
    pub fn is_place(&self) -> bool {
        self.place.is_some()
    }

    /// The number added to chart rolls here (0 when none is written).
    pub fn number_or_zero(&self) -> u32 {
        self.number.as_ref().map_or(0, |n| n.value)
    }

    /// Whether the space's terrain is `terrain`, case-insensitively.
    pub fn has_terrain(&self, terrain: &str) -> bool {
        self.terrain
            .as_ref()
            .is_some_and(|t| crate::text::eq_ci(&t.value, terrain))
    }
}

/// Whether a route goes over land or by sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteKind {
    Land,
    Sea,
}

impl RouteKind {
    /// `land` or `sea`, as `board.yaml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            RouteKind::Land => "land",
            RouteKind::Sea => "sea",
        }
    }
}

/// A route between two spaces: `[Bantu, Dunes]` under `routes: land:`.
#[derive(Clone, Debug)]
pub struct Route {
    pub kind: RouteKind,
    /// The two ends as written.
    pub ends: [Spanned<String>; 2],
    /// The two ends' indexes in [`Board::spaces`]: `None` for an end that
    /// names no space (a misspelt one is resolved to the space meant).
    pub at: [Option<usize>; 2],
    /// The whole `[A, B]` pair.
    pub span: Span,
}

impl Board {
    /// A board of these spaces and routes, indexed by name. Route ends are
    /// taken as given in [`Route::at`].
    pub fn new(spaces: Vec<BoardSpace>, routes: Vec<Route>) -> Self {
        let mut index = FxHashMap::default();
        for (i, s) in spaces.iter().enumerate() {
            index.entry(Self::key(&s.name.value)).or_insert(i);
        }
        Self {
            spaces,
            routes,
            index,
            adjacent: std::sync::OnceLock::new(),
            places: std::sync::OnceLock::new(),
        }
    }

    /// How names are compared: case, accents and runs of spaces aside.
    pub fn key(name: &str) -> String {
        crate::text::fold(name)
    }

    /// A space's index by name, case-insensitively.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.index.get(&Self::key(name)).copied()
    }

    /// A space by name, case-insensitively.
    pub fn space(&self, name: &str) -> Option<&BoardSpace> {
        self.position(name).map(|i| &self.spaces[i])
    }

    /// The space standing for a place of power (by its `world.places` id).
    pub fn place(&self, id: &str) -> Option<&BoardSpace> {
        let index = self.places.get_or_init(|| {
            let mut index = FxHashMap::default();
            for (i, s) in self.spaces.iter().enumerate() {
                if let Some(p) = &s.place {
                    index.entry(crate::text::ci_key(&p.value)).or_insert(i);
                }
            }
            index
        });
        index
            .get(&crate::text::ci_key(id))
            .map(|&i| &self.spaces[i])
    }

    /// The closest space name to a misspelt one, if any is close.
    pub fn close(&self, name: &str) -> Option<&str> {
        crate::text::close_name(self.spaces.iter().map(|s| s.name.value.as_str()), name)
    }

    /// [`Board::close`] within a budget of comparisons, one a space: `None`
    /// once the budget cannot pay for the whole board (thousands of
    /// misspelt spaces on a board of thousands stay linear).
    pub fn close_within(&self, name: &str, budget: &mut usize) -> Option<&str> {
        let names = self.spaces.iter().map(|s| s.name.value.as_str());
        crate::text::close_name_within(budget, self.spaces.len(), names, name)
    }

    /// The spaces next to space `i`, each with the kind of route that joins
    /// them (a pair joined by both kinds appears twice).
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = (usize, RouteKind)> + '_ {
        let adjacent = self.adjacent.get_or_init(|| {
            let mut adjacent = vec![Vec::new(); self.spaces.len()];
            for r in &self.routes {
                if let [Some(a), Some(b)] = r.at
                    && a.max(b) < adjacent.len()
                {
                    adjacent[a].push((b, r.kind));
                    if a != b {
                        adjacent[b].push((a, r.kind));
                    }
                }
            }
            adjacent
        });
        adjacent.get(i).into_iter().flatten().copied()
    }

    /// Whether space `i` is coastal: a sea route touches it and it is not
    /// sea (FORMAT.md 9.1).
    pub fn is_coastal(&self, i: usize) -> bool {
        !self.spaces[i].has_terrain("sea") && self.neighbours(i).any(|(_, k)| k == RouteKind::Sea)
    }

    /// The spaces that are not places of power (where characters walk).
    pub fn walkable(&self) -> impl Iterator<Item = &BoardSpace> {
        self.spaces.iter().filter(|s| !s.is_place())
    }
}
