//! The checks of FORMAT.md 9.1 that need the whole board and book.yaml:
//! places of power (named, on the board, off the routes, with an exit that
//! is a space), terrains written, and the land-and-sea graph joining every
//! space. Each mistake is one finding at its cause.

use super::board::resolve;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Board, World};

/// Run every check, reading misspelt place ids as meant.
pub(super) fn check(board: &mut Board, world: &World, diags: &mut Diagnostics) {
    places(board, world, diags);
    terrains(board, diags);
    place_routes(board, diags);
    redundant_routes(board, diags);
    cut_off(board, diags);
}

/// Each `place:` names a place of `world.places` (a misspelt id is read as
/// meant), each place has an `exit:` that is a space, and each place of
/// `world.places` is on the board.
fn places(board: &mut Board, world: &World, diags: &mut Diagnostics) {
    let ids: Vec<&str> = world.places.iter().map(|p| p.id.value.as_str()).collect();
    let known: rustc_hash::FxHashSet<String> = ids.iter().map(|id| Board::key(id)).collect();
    let mut budget = super::board::budget(board, 0);
    for i in 0..board.spaces.len() {
        if let Some(exit) = board.spaces[i].exit.clone() {
            resolve(board, &exit, "exit", &mut budget, diags);
        }
        let Some(place) = &mut board.spaces[i].place else {
            continue;
        };
        if known.contains(&Board::key(&place.value)) {
            continue;
        }
        let close = budget.checked_sub(ids.len()).and_then(|left| {
            budget = left;
            crate::text::close_name(ids.iter().copied(), &place.value)
        });
        let help = match close {
            Some(c) => format!("did you mean `{c}`? (read as `{c}` meanwhile)"),
            None => "name a place of book.yaml `world: places:`, or add it there".to_owned(),
        };
        diags.push(
            Diagnostic::new(
                "unknown-name",
                place.span,
                format!("`{}` is no place of power of this book", place.value),
            )
            .label("not in `world.places`")
            .with_help(help),
        );
        if let Some(c) = close {
            place.value = c.to_owned();
        }
    }
    let on_board: rustc_hash::FxHashSet<String> = (board.spaces.iter())
        .filter_map(|s| s.place.as_ref().map(|p| Board::key(&p.value)))
        .collect();
    for p in &world.places {
        if !on_board.contains(&Board::key(&p.id.value)) {
            diags.push(
                Diagnostic::new(
                    "board-missing-place",
                    p.id.span,
                    format!("place of power `{}` is not on the board", p.id.value),
                )
                .label("no space of board.yaml stands for it")
                .with_help(format!(
                    "add it to board.yaml: `{}: {{place: {}, exit: SPACE}}`",
                    p.name.as_ref().map_or(&p.id.value, |n| &n.value),
                    p.id.value
                )),
            );
        }
    }
}

/// A space that is not a place of power has a terrain.
fn terrains(board: &Board, diags: &mut Diagnostics) {
    for s in board.walkable().filter(|s| s.terrain.is_none()) {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                s.name.span,
                format!("space `{}` has no `terrain`", s.name.value),
            )
            .label("no terrain")
            .with_help(
                "give the space a `terrain:` of book.yaml `world.terrains`, or a `place:` if it is a place of power",
            ),
        );
    }
}

/// No route reaches a place of power: one finding a route, at the end that
/// names the place.
fn place_routes(board: &Board, diags: &mut Diagnostics) {
    for r in &board.routes {
        let Some(end) = (0..2).find(|&e| r.at[e].is_some_and(|i| board.spaces[i].is_place()))
        else {
            continue;
        };
        let name = &r.ends[end];
        diags.push(
            Diagnostic::new(
                "board-place-route",
                name.span,
                format!(
                    "a {} route reaches the place of power `{}`",
                    r.kind.as_str(),
                    name.value
                ),
            )
            .label("a place of power")
            .with_help("remove the route: a place of power is entered only as the rules say, and left by its `exit:`"),
        );
    }
}

/// A route from a space to itself, or one written again (the same kind,
/// either order): a slip for another route, most likely, so one warning at
/// the route, and the board read as written.
fn redundant_routes(board: &Board, diags: &mut Diagnostics) {
    let mut seen = rustc_hash::FxHashMap::default();
    for r in &board.routes {
        let [Some(a), Some(b)] = r.at else {
            continue;
        };
        // A route to a place of power is `board-place-route`'s finding.
        if board.spaces[a].is_place() || board.spaces[b].is_place() {
            continue;
        }
        // From the first end to the second (a flow pair's own span is
        // its `[`).
        let span = r.ends[0].span.to(r.ends[1].span);
        let kind = r.kind.as_str();
        let finding = if a == b {
            Diagnostic::new(
                "board-redundant-route",
                span,
                format!(
                    "a {kind} route joins `{}` to itself",
                    board.spaces[a].name.value
                ),
            )
            .label("both ends the same space")
            .with_help("a route joins two spaces: name the space at its other end")
        } else if let Some(first) = seen.insert((kind, a.min(b), a.max(b)), span) {
            Diagnostic::new(
                "board-redundant-route",
                span,
                format!(
                    "the {kind} route between `{}` and `{}` is written twice",
                    board.spaces[a].name.value, board.spaces[b].name.value
                ),
            )
            .label("written again")
            .with_secondary(first, "first written here")
            .with_help("remove this one, or name the spaces of the route you meant")
        } else {
            continue;
        };
        diags.push(finding);
    }
}

/// The land-and-sea graph joins every space that is not a place of power.
/// The largest group is the board; each other group is one finding at its
/// first space, smallest groups first. A route end that names no space
/// likely meant a cut-off group: that group is told in the route end's
/// finding (its likely fix), not again.
fn cut_off(board: &Board, diags: &mut Diagnostics) {
    let groups = groups(board);
    let Some(main) =
        (0..groups.len()).max_by_key(|&g| (groups[g].len(), usize::MAX - groups[g][0]))
    else {
        return;
    };
    let mut others: Vec<&Vec<usize>> = groups
        .iter()
        .enumerate()
        .filter(|(g, _)| *g != main)
        .map(|(_, m)| m)
        .collect();
    others.sort_by_key(|m| (m.len(), m[0]));
    if board.routes.is_empty() && !others.is_empty() {
        // No route written at all: one finding, not one for every space.
        diags.push(no_routes(board, groups[main][0]));
        return;
    }
    let unknown_ends = board
        .routes
        .iter()
        .flat_map(|r| (0..2).filter(|&e| r.at[e].is_none()).map(|e| &r.ends[e]));
    let mut others = others.into_iter();
    let pairs: Vec<_> = unknown_ends.zip(others.by_ref()).collect();
    if !pairs.is_empty() {
        // The route ends' findings by span, found in one pass.
        let at: rustc_hash::FxHashMap<crate::span::Span, usize> = (diags.iter().enumerate())
            .filter(|(_, d)| d.code == "unknown-name")
            .map(|(i, d)| (d.primary.span, i))
            .collect();
        for (end, members) in pairs {
            let meant = &board.spaces[members[0]].name.value;
            if let Some(&i) = at.get(&end.span) {
                diags[i].help = Some(format!(
                    "did you mean `{meant}`? No other route joins it to the board"
                ));
            }
        }
    }
    for members in others {
        diags.push(cut_off_finding(
            board,
            members,
            &board.spaces[groups[main][0]].name.value,
        ));
    }
}

/// A board of several spaces with no route: one finding at its first space.
fn no_routes(board: &Board, first: usize) -> Diagnostic {
    let first = &board.spaces[first];
    Diagnostic::new(
        "board-cut-off",
        first.name.span,
        format!(
            "board.yaml has no routes: space `{}` and every other space are cut off",
            first.name.value
        ),
    )
    .label("no land or sea route joins any space")
    .with_help(format!(
        "write `routes:` with `land:` and `sea:` lists of pairs of spaces, such as `land: [[{}, ...]]`",
        first.name.value
    ))
}

fn cut_off_finding(board: &Board, members: &[usize], joined: &str) -> Diagnostic {
    let first = &board.spaces[members[0]];
    let message = if members.len() == 1 {
        format!(
            "space `{}` is cut off from the rest of the board",
            first.name.value
        )
    } else {
        format!(
            "space `{}` and {} are cut off from the rest of the board",
            first.name.value,
            crate::text::count(members.len() - 1, "other space")
        )
    };
    Diagnostic::new("board-cut-off", first.name.span, message)
        .label("no land or sea route joins it to the board")
        .with_help(format!(
            "add a route from it to a space of the board, such as `[{}, {joined}]`",
            first.name.value
        ))
}

/// The groups of spaces (not places of power) that routes join, each in
/// file order, groups by their first space.
fn groups(board: &Board) -> Vec<Vec<usize>> {
    let n = board.spaces.len();
    let mut adjacent = vec![Vec::new(); n];
    for r in &board.routes {
        if let [Some(a), Some(b)] = r.at {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
    }
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] || board.spaces[start].is_place() {
            continue;
        }
        seen[start] = true;
        let mut members = vec![start];
        let mut next = 0;
        while let Some(&i) = members.get(next) {
            next += 1;
            for &j in &adjacent[i] {
                if !seen[j] && !board.spaces[j].is_place() {
                    seen[j] = true;
                    members.push(j);
                }
            }
        }
        members.sort_unstable();
        out.push(members);
    }
    out
}
