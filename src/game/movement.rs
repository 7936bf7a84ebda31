//! Movement on the board (rules summary, "Movement"; FORMAT.md 9.1): the
//! wealth level gives a land rate and a sea rate (book.yaml
//! `rules.wealth`), and a move of `l` land routes and `s` sea routes is
//! legal when `l ≤ land`, `s ≤ sea` and `l + s ≤ max(land, sea)` ("the
//! total distance cannot exceed the faster of your movement rates, but you
//! cannot move more spaces along slower routes than your slower limit").
//!
//! A place of power is never entered by a route. The one that bears the
//! player's destination marker is one step from its `exit:` space, a step
//! of either kind (whichever still fits), and the move ends there
//! (docs/game.md, "Movement").

use crate::engine::Character;
use crate::ir::{Board, Book, RouteKind};
use std::collections::VecDeque;

/// How far a player may move this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rates {
    pub land: u32,
    pub sea: u32,
}

impl Rates {
    /// Whether a move of `land` land routes and `sea` sea routes is allowed.
    #[must_use]
    pub fn allow(self, land: u32, sea: u32) -> bool {
        land <= self.land && sea <= self.sea && land.saturating_add(sea) <= self.land.max(self.sea)
    }
}

/// One end of a legal move: the space, and the fewest routes of each kind
/// it takes to get there (the path found first among the shortest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub to: usize,
    pub land: u32,
    pub sea: u32,
}

/// The rates of a wealth level (a level without `land:`/`sea:` moves 0).
#[must_use]
pub fn base_rates(book: &Book, wealth: usize) -> Rates {
    book.manifest
        .rules
        .wealth
        .get(wealth)
        .map_or(Rates { land: 0, sea: 0 }, |w| Rates {
            land: w.land.unwrap_or(0),
            sea: w.sea.unwrap_or(0),
        })
}

/// This character's rates this turn: the wealth level's, then what the
/// statuses and treasures held change ([`reasoned`]).
#[must_use]
pub fn rates(book: &Book, c: &Character) -> Rates {
    reasoned(book, c).0
}

/// [`rates`], and why they differ from the wealth level's, in words
/// ("Crippled: movement 3 → 2"): `engine::rules::movement` on the level's
/// rates, its limit (`movement-limit`) a cap on both.
#[must_use]
pub fn reasoned(book: &Book, c: &Character) -> (Rates, Vec<String>) {
    let base = base_rates(book, c.wealth);
    let m = crate::engine::rules::movement(book, c, base.land, base.sea);
    let cap = m.limit.unwrap_or(u32::MAX);
    let rates = Rates {
        land: m.land.min(cap),
        sea: m.sea.min(cap),
    };
    (rates, m.reasons)
}

/// Every legal end of a move from `from` at `rates`, staying put included
/// (first), each space once; `marker` is the space of the player's
/// destination marker, the only place of power a move may end on.
///
/// A 0-1 breadth-first search over (space, land routes used) that keeps the
/// fewest sea routes for each: `spaces × (land + 1)` states, with the land
/// rate cut to the number of spaces (no simple path is longer).
#[must_use]
pub fn moves(board: &Board, from: usize, rates: Rates, marker: Option<usize>) -> Vec<Move> {
    moves_with(board, &adjacency(board), from, rates, marker)
}

/// [`moves`] with the board's [`adjacency`] made once (a game's).
#[must_use]
pub fn moves_with(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    rates: Rates,
    marker: Option<usize>,
) -> Vec<Move> {
    moves_hopping(board, neighbours, from, rates, marker, false)
}

/// [`moves_with`]; with `hops` (`city-hops`: Sultan), every city is one
/// step from any other, a step of either kind (whichever still fits). The
/// cities are stepped to once for each number of land routes used, from
/// the first city reached with it (the fewest sea routes): linear in the
/// cities for each land level.
#[must_use]
pub fn moves_hopping(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    rates: Rates,
    marker: Option<usize>,
    hops: bool,
) -> Vec<Move> {
    let n = board.spaces.len();
    if from >= n {
        return Vec::new();
    }
    let land_cap = rates.land.min(u32::try_from(n).unwrap_or(u32::MAX)) as usize;
    let width = land_cap + 1;
    let mut sea = vec![u32::MAX; n * width];
    let mut queue = VecDeque::from([(from, 0usize)]);
    sea[from * width] = 0;
    let cities: Vec<usize> = if hops {
        (0..n)
            .filter(|&i| board.spaces[i].has_terrain("city"))
            .collect()
    } else {
        Vec::new()
    };
    let mut hopped = vec![false; width];
    while let Some((v, l)) = queue.pop_front() {
        let s = sea[v * width + l];
        let hub = hops && !hopped[l] && cities.binary_search(&v).is_ok();
        if hub {
            hopped[l] = true;
        }
        let hop_steps = cities
            .iter()
            .filter(|_| hub)
            .filter(|&&u| u != v)
            .flat_map(|&u| [(u, RouteKind::Land), (u, RouteKind::Sea)]);
        for (u, kind) in neighbours[v].iter().copied().chain(hop_steps) {
            let (l2, s2) = match kind {
                RouteKind::Land => (l + 1, s),
                RouteKind::Sea => (l, s + 1),
            };
            let fits = l2 <= land_cap && rates.allow(l2 as u32, s2);
            if !fits || board.spaces[u].is_place() || sea[u * width + l2] <= s2 {
                continue;
            }
            sea[u * width + l2] = s2;
            // A land route costs no sea route: 0-1 search.
            match kind {
                RouteKind::Land => queue.push_front((u, l2)),
                RouteKind::Sea => queue.push_back((u, l2)),
            }
        }
    }
    let mut out: Vec<Move> = (0..n)
        .filter_map(|v| {
            best(&sea[v * width..(v + 1) * width]).map(|(land, sea)| Move { to: v, land, sea })
        })
        .collect();
    if let Some(i) = out.iter().position(|m| m.to == from) {
        out.swap(0, i);
    }
    if let Some(place) = marker.and_then(|m| marked_place(board, m, rates, &out)) {
        out.push(place);
    }
    out
}

/// The fewest routes in all of the (land, fewest sea) pairs found.
fn best(row: &[u32]) -> Option<(u32, u32)> {
    row.iter()
        .enumerate()
        .filter(|(_, s)| **s != u32::MAX)
        .map(|(l, &s)| (l as u32, s))
        .min_by_key(|&(l, s)| (l + s, l))
}

/// The place of power under the marker, when a move reaches its exit with
/// a step to spare.
fn marked_place(board: &Board, marker: usize, rates: Rates, ends: &[Move]) -> Option<Move> {
    let place = board.spaces.get(marker).filter(|s| s.is_place())?;
    let exit = board.position(&place.exit.as_ref()?.value)?;
    let at = ends.iter().find(|m| m.to == exit)?;
    if rates.allow(at.land + 1, at.sea) {
        Some(Move {
            to: marker,
            land: at.land + 1,
            sea: at.sea,
        })
    } else if rates.allow(at.land, at.sea + 1) {
        Some(Move {
            to: marker,
            land: at.land,
            sea: at.sea + 1,
        })
    } else {
        None
    }
}

/// Each space's neighbours (a route with an unknown end left out).
pub(crate) fn adjacency(board: &Board) -> Vec<Vec<(usize, RouteKind)>> {
    let mut out = vec![Vec::new(); board.spaces.len()];
    for r in &board.routes {
        if let [Some(a), Some(b)] = r.at
            && a < out.len()
            && b < out.len()
        {
            out[a].push((b, r.kind));
            out[b].push((a, r.kind));
        }
    }
    out
}

/// Routes from every space to `to`, counted whatever their kind (`None`:
/// cut off): what the default policy walks toward.
#[must_use]
pub fn distances(board: &Board, to: usize) -> Vec<Option<u32>> {
    distances_to(board, &[to])
}

/// Routes from every space to the nearest of `targets` (`None`: cut off
/// from all of them), as [`distances`] counts them.
#[must_use]
pub fn distances_to(board: &Board, targets: &[usize]) -> Vec<Option<u32>> {
    distances_by(board, &adjacency(board), targets)
}

/// [`distances_to`] over the board's [`adjacency`], already made.
pub(crate) fn distances_by(
    board: &Board,
    adj: &[Vec<(usize, RouteKind)>],
    targets: &[usize],
) -> Vec<Option<u32>> {
    let mut dist = vec![None; board.spaces.len()];
    let mut queue = VecDeque::new();
    for &to in targets {
        if to < dist.len() && dist[to].is_none() {
            dist[to] = Some(0);
            queue.push_back(to);
        }
    }
    while let Some(v) = queue.pop_front() {
        let d = dist[v].unwrap_or(0);
        for &(u, _) in &adj[v] {
            if dist[u].is_none() && !board.spaces[u].is_place() {
                dist[u] = Some(d + 1);
                queue.push_back(u);
            }
        }
    }
    dist
}
