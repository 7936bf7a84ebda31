//! Where the movement effects of awards may take a player (FORMAT.md 9.3):
//! `Move to SPACE`, `Move to any TARGET`, `Move N spaces` / `up to N` /
//! `exactly N spaces in any direction`. Routes of either kind count alike
//! (an award's move is not the wealth level's); a place of power is
//! reached only by its name or by `any Place of Power` (docs/game.md,
//! "Movement by awards").

use crate::ir::{Area, Board, RouteKind, Way};
use std::collections::VecDeque;

/// The spaces `way` may end on from `from`, in board order (none: the
/// player stays).
///
/// - `to SPACE` / `to PLACE`: that space;
/// - `any TARGET`: `non-TERRAIN` is any space but that terrain's, and
///   `except a Place of Power` is `any space`;
/// - `any TARGET`: every space of that kind but `from`;
/// - `N spaces`: 1 to N routes away; `up to N`: 0 to N (staying put
///   included); `exactly N`: N routes away by the shortest way; `by sea` /
///   `by land`: counted along routes of that kind only;
/// - `the nearest TARGET`: the spaces of that kind the fewest routes away
///   (either kind), `from` itself when it is of the kind (0 routes: the
///   player stays); ties are the player's pick.
#[must_use]
pub fn ends(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    way: &Way,
) -> Vec<usize> {
    match way {
        Way::To(n) => board.position(&n.id).into_iter().collect(),
        Way::Place(n) => board
            .place(&n.id)
            .and_then(|s| board.position(&s.name.value))
            .into_iter()
            .collect(),
        Way::Any(area) => (0..board.spaces.len())
            .filter(|&i| i != from && is(board, i, area))
            .collect(),
        Way::Nearest(area) => nearest(board, neighbours, from, area),
        Way::Along(w, kind) => counted(board, neighbours, from, w, Some(*kind)),
        Way::Spaces(_) | Way::UpTo(_) | Way::Exactly(_) => {
            counted(board, neighbours, from, way, None)
        }
    }
}

/// A count of spaces, along routes of one kind when `only` says so.
fn counted(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    way: &Way,
    only: Option<RouteKind>,
) -> Vec<usize> {
    let (lo, hi) = match way {
        Way::Spaces(n) => (1, *n),
        Way::UpTo(n) => (0, *n),
        Way::Exactly(n) => (*n, *n),
        _ => return Vec::new(),
    };
    let dist = distances(board, neighbours, from, hi, only);
    (0..dist.len())
        .filter(|&i| (lo..=hi).contains(&dist[i]))
        .collect()
}

/// The spaces of `area` the fewest routes from `from` (places of power
/// have no routes: none of them is ever the nearest).
fn nearest(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    area: &Area,
) -> Vec<usize> {
    let dist = distances(board, neighbours, from, u32::MAX, None);
    let reached: Vec<usize> = (0..dist.len())
        .filter(|&i| dist[i] != u32::MAX && !board.spaces[i].is_place() && is(board, i, area))
        .collect();
    let best = reached.iter().map(|&i| dist[i]).min();
    reached
        .into_iter()
        .filter(|&i| Some(dist[i]) == best)
        .collect()
}

/// Whether space `i` is of the kind `any TARGET` names.
fn is(board: &Board, i: usize, area: &Area) -> bool {
    let s = &board.spaces[i];
    if s.is_place() {
        return *area == Area::PlaceOfPower;
    }
    match area {
        Area::Space | Area::ExceptPlaceOfPower => true,
        Area::City => s.has_terrain("city"),
        Area::Coastal => board.is_coastal(i),
        Area::Island => s.island,
        Area::Land => !s.has_terrain("sea"),
        Area::PlaceOfPower => false,
        Area::Terrain(t) => s.has_terrain(&t.id),
        Area::NonTerrain(t) => !s.has_terrain(&t.id),
        Area::Both(a, b) => is(board, i, a) && is(board, i, b),
    }
}

/// Each space's routes from `from` by the shortest way, up to `hi`
/// (`u32::MAX`: farther, or out of reach), along routes of kind `only`
/// when given (places of power have no routes): a breadth-first search,
/// linear in the board.
fn distances(
    board: &Board,
    neighbours: &[Vec<(usize, RouteKind)>],
    from: usize,
    hi: u32,
    only: Option<RouteKind>,
) -> Vec<u32> {
    let n = board.spaces.len();
    if from >= n {
        return Vec::new();
    }
    let mut dist = vec![u32::MAX; n];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        if dist[v] >= hi {
            continue;
        }
        for &(u, kind) in &neighbours[v] {
            if only.is_some_and(|k| k != kind) {
                continue;
            }
            if dist[u] == u32::MAX && !board.spaces[u].is_place() {
                dist[u] = dist[v] + 1;
                queue.push_back(u);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Named;

    fn board() -> Board {
        let book = crate::load::load_book(std::path::Path::new("tests/fixtures/game-moves")).0;
        book.board.expect("a board")
    }

    fn names(b: &Board, ids: &[usize]) -> Vec<String> {
        ids.iter()
            .map(|&i| b.spaces[i].name.value.clone())
            .collect()
    }

    #[test]
    fn counts_of_spaces_follow_routes_of_either_kind() {
        // Home -land- Dunes -land- Oasis -sea- Isle; Home -sea- Gulf.
        let b = board();
        let adj = super::super::movement::adjacency(&b);
        let home = b.position("Home").unwrap();
        let go = |w: Way| names(&b, &ends(&b, &adj, home, &w));
        assert_eq!(go(Way::Spaces(1)), ["Dunes", "Gulf"]);
        assert_eq!(go(Way::UpTo(1)), ["Home", "Dunes", "Gulf"]);
        assert_eq!(go(Way::Exactly(2)), ["Oasis"]);
        assert_eq!(go(Way::Exactly(3)), ["Isle"]);
        assert!(go(Way::Exactly(9)).is_empty());
    }

    #[test]
    fn any_target_is_every_space_of_its_kind_but_this_one() {
        let b = board();
        let adj = super::super::movement::adjacency(&b);
        let home = b.position("Home").unwrap();
        let go = |a: Area| names(&b, &ends(&b, &adj, home, &Way::Any(a)));
        assert_eq!(go(Area::City), ["Isle"]);
        assert_eq!(go(Area::Island), ["Isle"]);
        assert_eq!(go(Area::Coastal), ["Oasis", "Isle"]);
        assert_eq!(go(Area::PlaceOfPower), ["Tower"]);
        assert_eq!(go(Area::Land), ["Dunes", "Oasis", "Isle"]);
        let sea = Named::new(
            "sea",
            "sea",
            crate::span::Span::file_start(crate::span::FileId(0)),
        );
        assert_eq!(go(Area::Terrain(sea.clone())), ["Gulf"]);
        assert_eq!(go(Area::NonTerrain(sea)), ["Dunes", "Oasis", "Isle"]);
        assert_eq!(
            go(Area::ExceptPlaceOfPower),
            ["Dunes", "Oasis", "Isle", "Gulf"]
        );
        let tower = Named::new(
            "tower",
            "Tower",
            crate::span::Span::file_start(crate::span::FileId(0)),
        );
        assert_eq!(go_to(&b, &adj, home, tower), ["Tower"]);
    }

    #[test]
    fn the_nearest_space_of_a_kind_counts_routes_of_either_kind_and_here() {
        // Home -land- Dunes -land- Oasis -sea- Isle; Home -sea- Gulf.
        let b = board();
        let adj = super::super::movement::adjacency(&b);
        let from = |name: &str, a: Area| {
            let at = b.position(name).unwrap();
            names(&b, &ends(&b, &adj, at, &Way::Nearest(a)))
        };
        // A city stands on a city: it stays (0 routes).
        assert_eq!(from("Home", Area::City), ["Home"]);
        assert_eq!(from("Dunes", Area::City), ["Home"]);
        // Oasis: Isle by one sea route, Home by two land routes.
        assert_eq!(from("Oasis", Area::City), ["Isle"]);
        // A tie is every space as near: the player picks.
        let desert = Named::new(
            "desert",
            "desert",
            crate::span::Span::file_start(crate::span::FileId(0)),
        );
        assert_eq!(from("Dunes", Area::Terrain(desert)), ["Dunes"]);
        assert_eq!(from("Home", Area::Coastal), ["Home"]);
        assert_eq!(from("Dunes", Area::Coastal), ["Home", "Oasis"]);
        // No place of power is ever the nearest (no route reaches one).
        assert!(from("Dunes", Area::PlaceOfPower).is_empty());
    }

    #[test]
    fn a_count_by_sea_or_by_land_follows_routes_of_that_kind_only() {
        let b = board();
        let adj = super::super::movement::adjacency(&b);
        let along = |name: &str, w: Way, k: RouteKind| {
            let at = b.position(name).unwrap();
            names(&b, &ends(&b, &adj, at, &Way::Along(Box::new(w), k)))
        };
        assert_eq!(along("Home", Way::Spaces(2), RouteKind::Sea), ["Gulf"]);
        assert_eq!(
            along("Home", Way::Spaces(2), RouteKind::Land),
            ["Dunes", "Oasis"]
        );
        assert_eq!(along("Oasis", Way::Exactly(1), RouteKind::Sea), ["Isle"]);
        assert_eq!(
            along("Oasis", Way::UpTo(1), RouteKind::Land),
            ["Dunes", "Oasis"]
        );
        // Either kind, as before: Isle too.
        let at = b.position("Oasis").unwrap();
        assert_eq!(
            names(&b, &ends(&b, &adj, at, &Way::Exactly(1))),
            ["Dunes", "Isle"]
        );
    }

    #[test]
    fn a_space_of_two_kinds_is_both() {
        let b = board();
        let adj = super::super::movement::adjacency(&b);
        let both = |x: Area, y: Area| Way::Any(Area::Both(Box::new(x), Box::new(y)));
        let home = b.position("Home").unwrap();
        let dunes = b.position("Dunes").unwrap();
        let go = |from: usize, w: Way| names(&b, &ends(&b, &adj, from, &w));
        assert_eq!(go(dunes, both(Area::Coastal, Area::City)), ["Home", "Isle"]);
        assert_eq!(go(home, both(Area::Coastal, Area::City)), ["Isle"]);
        assert_eq!(go(dunes, both(Area::Island, Area::City)), ["Isle"]);
    }

    fn go_to(b: &Board, adj: &[Vec<(usize, RouteKind)>], from: usize, n: Named) -> Vec<String> {
        names(b, &ends(b, adj, from, &Way::Place(n)))
    }
}
