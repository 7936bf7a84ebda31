//! `board.yaml` -> [`Board`] (FORMAT.md 9.1), one finding per bad value:
//! misspelt keys read as meant, a misspelt terrain or route end read as the
//! one meant, a number out of range quoted as written and left unset.
//! The checks that need the whole board are in [`super::board_checks`].

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Board, BoardSpace, Manifest, Route, RouteKind, Space, World};
use crate::span::{Span, Spanned};
use crate::syntax::yaml::{Node, Value};

const KEYS: &[&str] = &["spaces", "routes"];
const SPACE_KEYS: &[&str] = &["terrain", "number", "region", "island", "place", "exit"];
const ROUTE_KEYS: &[&str] = &["land", "sea"];

/// The largest number a space's icon prints.
pub const MAX_NUMBER: i64 = 5;

/// Lower `board.yaml`'s tree, terrains checked against `world.terrains`.
pub fn lower(root: &Node, source: &str, world: &World, diags: &mut Diagnostics) -> Board {
    let mut spaces = Vec::new();
    let mut routes = Vec::new();
    let all = read::map(root, "board.yaml", diags);
    let shaped = routes_by_shape(all, diags);
    let entries: Vec<(Node, Node)> = (all.iter().enumerate())
        .filter(|(i, _)| Some(*i) != shaped)
        .map(|(_, e)| e.clone())
        .collect();
    let keyed = read::keys(&entries, KEYS, "board.yaml", diags);
    let shaped = shaped.map(|i| ("routes", &all[i].1));
    for (k, v) in keyed.into_iter().chain(shaped) {
        match k {
            "spaces" => {
                for (name, body) in read::map(v, "`spaces`", diags) {
                    spaces.push(space(name, body, source, world, diags));
                }
            }
            "routes" => routes.extend(routes_of(v, diags)),
            _ => {}
        }
    }
    routes.sort_by_key(|r| r.kind == RouteKind::Sea);
    let mut board = Board::new(spaces, Vec::new());
    if board.spaces.is_empty() {
        // Reported once, as a board without spaces (`no_spaces`).
        board.routes = routes;
        return board;
    }
    let mut budget = budget(&board, routes.len());
    for r in &mut routes {
        for end in 0..2 {
            r.at[end] = resolve(&board, &r.ends[end], "route end", &mut budget, diags);
        }
    }
    board.routes = routes;
    board
}

/// `routes:` under a name too far from it to be a misspelling (`roads:`)
/// but with its shape, a map of `land:` and `sea:` lists, where board.yaml
/// has no `routes:`: its index, reported as `misspelt-key` (read as
/// `routes`, so no space is reported cut off for it).
fn routes_by_shape(entries: &[(Node, Node)], diags: &mut Diagnostics) -> Option<usize> {
    let name = |k: &Node| k.scalar().unwrap_or_default();
    if entries
        .iter()
        .any(|(k, _)| KEYS.contains(&name(k).as_str()) && name(k) != "spaces")
    {
        return None;
    }
    let i = entries.iter().position(|(k, v)| {
        let Value::Map(kinds) = &v.value else {
            return false;
        };
        !KEYS.contains(&name(k).as_str())
            && !kinds.is_empty()
            && kinds
                .iter()
                .all(|(kind, _)| ROUTE_KEYS.contains(&name(kind).as_str()))
    })?;
    let k = &entries[i].0;
    diags.push(
        Diagnostic::new(
            "misspelt-key",
            k.span,
            format!(
                "`{}` is no key of board.yaml: did you mean `routes`?",
                name(k)
            ),
        )
        .label("read as `routes`")
        .with_help(
            "write `routes:`; tales reads its `land:` and `sea:` lists as the routes meanwhile",
        ),
    );
    Some(i)
}

/// The `land:` and `sea:` lists of `routes:`.
fn routes_of(v: &Node, diags: &mut Diagnostics) -> Vec<Route> {
    let mut routes = Vec::new();
    let kinds = read::map(v, "`routes`", diags);
    for (kind, list) in read::keys(kinds, ROUTE_KEYS, "`routes`", diags) {
        let kind = if kind == "sea" {
            RouteKind::Sea
        } else {
            RouteKind::Land
        };
        for pair in read::seq(list, "a list of routes", diags) {
            routes.extend(route(kind, pair, diags));
        }
    }
    routes
}

/// How many name comparisons the "did you mean" searches of one board may
/// make: linear in its size, so a board of many names that name nothing
/// is read in linear time (the first ones get their likely name).
pub(crate) fn budget(board: &Board, routes: usize) -> usize {
    16 * (board.spaces.len() + 2 * routes) + 100_000
}

fn space(
    name: &Node,
    body: &Node,
    source: &str,
    world: &World,
    diags: &mut Diagnostics,
) -> BoardSpace {
    let name = read::key(name);
    let what = format!("space `{}`", name.value);
    let mut s = BoardSpace {
        span: name.span.to(body.span),
        name,
        terrain: None,
        number: None,
        region: None,
        island: false,
        place: None,
        exit: None,
    };
    let entries = read::map(body, &what, diags);
    for (k, v) in read::keys(entries, SPACE_KEYS, &what, diags) {
        match k {
            "terrain" => s.terrain = read::string(v, "a space's `terrain`", diags),
            "number" => s.number = number(v, source, diags),
            "region" => s.region = read::string(v, "a space's `region`", diags),
            "island" => s.island = read::boolean(v, "`island`", diags),
            "place" => s.place = read::string(v, "a space's `place`", diags),
            "exit" => s.exit = read::string(v, "a place's `exit`", diags),
            _ => {}
        }
    }
    if let Some(t) = &mut s.terrain
        && !world.terrains.is_empty()
        && let Some(close) = super::cards::known_terrain(t, world, diags)
    {
        t.value = close;
    }
    s
}

/// `number: 0..5`. Out of range is one error that quotes the number as
/// written, and the space keeps no number (never a clamped one).
fn number(v: &Node, source: &str, diags: &mut Diagnostics) -> Option<Spanned<u32>> {
    if let Value::Int(n) = v.value
        && (0..=MAX_NUMBER).contains(&n)
    {
        return Some(Spanned::new(u32::try_from(n).expect("0..=5"), v.span));
    }
    let written = source
        .get(v.span.start as usize..v.span.end as usize)
        .unwrap_or_default()
        .trim();
    diags.push(
        Diagnostic::new(
            "syntax-error",
            v.span,
            format!("a space's `number` is 0 to {MAX_NUMBER}, not `{written}`"),
        )
        .label("not 0 to 5")
        .with_help(format!(
            "write the number printed in the space's icon, 0 to {MAX_NUMBER} (it is added to encounter-chart rolls there)"
        )),
    );
    None
}

/// `[A, B]`: a route with its two ends (resolved later).
fn route(kind: RouteKind, pair: &Node, diags: &mut Diagnostics) -> Option<Route> {
    let ends = match &pair.value {
        Value::Seq(ends) if ends.len() == 2 => ends,
        _ => {
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    pair.span,
                    format!("a {} route is a pair of spaces", kind.as_str()),
                )
                .label(format!("{} here", pair.kind_name()))
                .with_help("write the route as `[Bantu, Dunes]`: the two spaces it joins"),
            );
            return None;
        }
    };
    let a = read::string(&ends[0], "a route end", diags)?;
    let b = read::string(&ends[1], "a route end", diags)?;
    Some(Route {
        kind,
        ends: [a, b],
        at: [None, None],
        span: pair.span,
    })
}

/// A name that should be a space of the board: its index, or the index of
/// the space it almost names (reported, read as that one), or `None`
/// (reported).
pub(crate) fn resolve(
    board: &Board,
    name: &Spanned<String>,
    what: &str,
    budget: &mut usize,
    diags: &mut Diagnostics,
) -> Option<usize> {
    if let Some(i) = board.position(&name.value) {
        return Some(i);
    }
    let close = match budget.checked_sub(board.spaces.len()) {
        Some(left) => {
            *budget = left;
            board.close(&name.value)
        }
        None => None,
    };
    diags.push(no_space(name.span, what, &name.value, close));
    close.and_then(|c| board.position(c))
}

/// `unknown-name`: a name that is no space of the board, with the likely one.
pub(crate) fn no_space(span: Span, what: &str, name: &str, close: Option<&str>) -> Diagnostic {
    let help = match close {
        Some(c) => format!("did you mean `{c}`? (read as `{c}` meanwhile)"),
        None => "name a space of board.yaml `spaces:`, or add the space there".to_owned(),
    };
    Diagnostic::new(
        "unknown-name",
        span,
        format!("{what} `{name}` is no space of the board"),
    )
    .label("no such space")
    .with_help(help)
}

/// The board in its book: book.yaml `world.spaces` must be absent beside
/// it (one finding, at `spaces:`); the board's spaces that are not places
/// of power then stand in `world.spaces` for what reads them there. The
/// board is checked against the book ([`super::board_checks`]) first.
/// board.yaml with no space (an empty file, `spaces: {}`): one finding, at
/// the file's text.
pub fn no_spaces(span: crate::span::Span) -> Diagnostic {
    Diagnostic::new("syntax-error", span, "board.yaml has no spaces")
        .label("a board needs its spaces")
        .with_help(
            "write the map under `spaces:` and its land and sea routes under `routes:` \
             (FORMAT.md 9.1), or delete board.yaml: a book without one is read without a board",
        )
}

pub fn settle(board: &mut Board, manifest: &mut Manifest, diags: &mut Diagnostics) {
    super::board_checks::check(board, &manifest.world, diags);
    let world = &mut manifest.world;
    if let Some(span) = world.spaces_written {
        diags.push(
            Diagnostic::new(
                "board-world-spaces",
                span,
                "book.yaml lists `world.spaces` while the book has a board.yaml",
            )
            .label("the board's spaces are read instead")
            .with_help("remove `spaces:` from book.yaml: board.yaml is the map"),
        );
    }
    world.set_spaces(
        board
            .walkable()
            .map(|s| Space {
                name: s.name.clone(),
                terrain: s.terrain.clone(),
                gem: s.number.as_ref().map(|n| n.value),
                span: s.span,
            })
            .collect(),
    );
}
