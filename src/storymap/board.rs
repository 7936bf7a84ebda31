//! `tales graph --board`: the map of `board.yaml` (FORMAT.md 9.1) as a
//! [`Map`], drawn by the same writers and layout as the storymap. Spaces are
//! laid out in layers by their distance from the start space (a route is
//! turned to point away from it, for the layout only: it is drawn without
//! an arrow); land routes are solid, sea routes dashed, and each place of
//! power points to its exit. A space no route joins to the start is grey.

use super::{Kind, Link, Map, Mark};
use crate::ir::{Board, Book, RouteKind};
use std::collections::VecDeque;
use std::fmt::Write as _;

/// The board's legend.
pub(super) const BOARD_LEGEND: &[(&str, &str)] = &[
    (
        "green node",
        "a land space (+N: the number added to chart rolls there)",
    ),
    ("teal node", "a sea space"),
    (
        "blue node",
        "a place of power, entered only as the rules say",
    ),
    ("grey node", "cut off: no route joins it to the start space"),
    ("solid brown line", "a land route"),
    ("dashed blue line", "a sea route"),
    ("dotted arrow", "a place of power to its exit"),
];

/// The map of the book's board, or `None` when it has no `board.yaml`.
pub fn board(book: &Book) -> Option<Map> {
    let board = book.board.as_ref()?;
    let title = book
        .manifest
        .title
        .as_ref()
        .map_or("the book", |t| &t.value);
    let mut map = Map::new(format!("The board of {title}"));
    map.legend = BOARD_LEGEND;
    let start = book
        .manifest
        .rules
        .start
        .as_ref()
        .and_then(|s| board.position(&s.value))
        .or_else(|| board.spaces.iter().position(|s| !s.is_place()));
    let depth = distances(board, start);
    let nodes: Vec<usize> = board
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let kind = if s.is_place() {
                Kind::Place
            } else if s.has_terrain("sea") {
                Kind::Sea
            } else {
                Kind::Space
            };
            let n = map.node(
                format!("space-{}", s.name.value),
                kind,
                label(s),
                Some(s.span),
            );
            if !s.is_place() && depth[i].is_none() {
                map.nodes[n].mark = Mark::Unreachable;
            }
            n
        })
        .collect();
    for r in &board.routes {
        let [Some(a), Some(b)] = r.at else { continue };
        // Away from the start: the nearer end first, else the first written.
        let (from, to) = if depth[b] < depth[a] && depth[b].is_some() {
            (b, a)
        } else {
            (a, b)
        };
        let link = match r.kind {
            RouteKind::Land => Link::Land,
            RouteKind::Sea => Link::Sea,
        };
        map.edge(nodes[from], nodes[to], link);
    }
    for (i, s) in board.spaces.iter().enumerate() {
        if let Some(exit) = s.exit.as_ref().and_then(|e| board.position(&e.value)) {
            map.edge(nodes[i], nodes[exit], Link::Exit);
        }
    }
    Some(map)
}

/// A space's label: its name, its number when it has one, `island`.
fn label(s: &crate::ir::BoardSpace) -> String {
    let mut out = s.name.value.clone();
    if let Some(n) = s.number.as_ref().filter(|n| n.value > 0) {
        let _ = write!(out, " +{}", n.value);
    }
    if s.island {
        out.push_str(" (island)");
    }
    out
}

/// Each space's number of routes from the start (breadth first), `None`
/// where no route leads.
fn distances(board: &Board, start: Option<usize>) -> Vec<Option<usize>> {
    let mut depth = vec![None; board.spaces.len()];
    let Some(start) = start else { return depth };
    let mut next = Vec::new();
    let mut adjacent = vec![Vec::new(); board.spaces.len()];
    for r in &board.routes {
        if let [Some(a), Some(b)] = r.at {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
    }
    depth[start] = Some(0);
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        next.clear();
        next.extend(adjacent[i].iter().copied().filter(|&j| depth[j].is_none()));
        for &j in &next {
            depth[j] = depth[i].map(|d| d + 1);
            queue.push_back(j);
        }
    }
    depth
}
