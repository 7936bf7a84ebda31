//! `quests.yaml` -> [`Quest`]s (FORMAT.md 9.4; the vocabulary in
//! `docs/quests.md`), one finding per bad value: misspelt keys read as
//! meant, a name that is no space, region, terrain, place or glossary entry
//! reported with the likely one (and read as it), awards parsed in the
//! book's language like every award in YAML.

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, Board, EntryKind, Found, Holdable, Quest, Requirement, Step, Test, Track};
use crate::span::Spanned;
use crate::syntax::Context;
use crate::syntax::yaml::{Node, Value};

const QUEST_KEYS: &[&str] = &["name", "text", "steps", "begins"];
const STEP_KEYS: &[&str] = &["when", "award"];
/// The keys of a requirement (`docs/quests.md`).
pub const TEST_KEYS: &[&str] = &[
    "all",
    "any",
    "encounter",
    "at",
    "in",
    "on",
    "place",
    "hold",
    "found-in",
    "found-outside",
    "destiny",
    "story",
    "points",
];

/// What a quest's names are read against.
struct Cx<'a> {
    ctx: &'a Context<'a>,
    source: &'a str,
    board: Option<&'a Board>,
    /// The board's regions, each once, in the board's order.
    regions: Vec<&'a str>,
    /// The same, folded ([`crate::text::fold`]), for lookups.
    known: rustc_hash::FxHashSet<String>,
    budget: usize,
}

/// Lower `quests.yaml`'s tree: a list of quest cards.
pub fn lower(
    root: &Node,
    source: &str,
    ctx: &Context,
    board: Option<&Board>,
    diags: &mut Diagnostics,
) -> Vec<Quest> {
    let mut regions: Vec<&str> = Vec::new();
    let mut known = rustc_hash::FxHashSet::default();
    for r in board
        .iter()
        .flat_map(|b| &b.spaces)
        .filter_map(|s| s.region.as_ref())
    {
        if known.insert(crate::text::fold(&r.value)) {
            regions.push(&r.value);
        }
    }
    let mut cx = Cx {
        ctx,
        source,
        // "Did you mean" compares at most a few names a byte of the file
        // (and the board's budget): hostile files stay linear.
        budget: board.map_or(0, |b| super::board::budget(b, 0)) + 4 * source.len(),
        board,
        regions,
        known,
    };
    read::seq(root, "quests.yaml", diags)
        .iter()
        .filter_map(|q| quest(q, &mut cx, diags))
        .collect()
}

fn quest(node: &Node, cx: &mut Cx, diags: &mut Diagnostics) -> Option<Quest> {
    let entries = read::map(node, "a quest", diags);
    let keyed = read::keys(entries, QUEST_KEYS, "a quest", diags);
    let name = keyed
        .iter()
        .find(|(k, _)| *k == "name")
        .and_then(|(_, v)| read::string(v, "a quest's `name`", diags));
    let Some(name) = name else {
        diags.push(
            Diagnostic::new("syntax-error", node.span, "a quest needs a `name`")
                .label("no name")
                .with_help("write the quest card's title: `name: The Drowned Bell`"),
        );
        return None;
    };
    let mut q = Quest {
        name,
        text: None,
        steps: Vec::new(),
        begins: None,
        span: node.span,
    };
    for &(k, v) in &keyed {
        match k {
            "text" => q.text = read::string(v, "a quest's `text`", diags),
            "steps" => {
                for s in read::seq(v, "`steps`", diags) {
                    q.steps.extend(step(s, cx, diags));
                }
            }
            "begins" => q.begins = award(v, cx, "`begins`", diags),
            _ => {}
        }
    }
    if q.steps.is_empty() && !keyed.iter().any(|(k, _)| *k == "steps") {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                q.name.span,
                format!("quest `{}` has no `steps`", q.name.value),
            )
            .label("no steps")
            .with_help(
                "a quest pays through its steps: `steps: [{when: {at: Basra}, award: \"S1\"}]`",
            ),
        );
    }
    Some(q)
}

fn step(node: &Node, cx: &mut Cx, diags: &mut Diagnostics) -> Option<Step> {
    let entries = read::map(node, "a quest's step", diags);
    let keyed = read::keys(entries, STEP_KEYS, "a quest's step", diags);
    let mut when = None;
    let mut pay = None;
    for &(k, v) in &keyed {
        match k {
            "when" => when = requirement(v, cx, diags),
            "award" => pay = award(v, cx, "a step's `award`", diags),
            _ => {}
        }
    }
    if when.is_none() && !keyed.iter().any(|(k, _)| *k == "when") {
        diags.push(
            Diagnostic::new("syntax-error", node.span, "a quest's step needs a `when`")
                .label("no requirement")
                .with_help("say when the step pays: `when: {encounter: successful, in: India}`"),
        );
    }
    Some(Step {
        when: when?,
        award: pay,
        span: node.span,
    })
}

/// An award code in quotes, parsed in the book's language.
fn award(v: &Node, cx: &Cx, what: &str, diags: &mut Diagnostics) -> Option<Award> {
    let Value::Str(text) = &v.value else {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                v.span,
                format!("{what} is a list of award items in quotes"),
            )
            .label(format!("found {}", v.kind_name()))
            .with_help("write e.g. `\"S1 / D1 / W+1 (max Rich)\"`"),
        );
        return None;
    };
    let offset = read::text_offset(cx.source, v.span);
    Some(crate::syntax::award::parse_items(
        cx.ctx, text, offset, diags,
    ))
}

/// A requirement: a map whose keys all hold.
fn requirement(node: &Node, cx: &mut Cx, diags: &mut Diagnostics) -> Option<Requirement> {
    let entries = read::map(node, "a requirement", diags);
    let keyed = read::keys(entries, TEST_KEYS, "a requirement", diags);
    let mut all = Vec::new();
    let mut found = None;
    for (&(k, v), (key, _)) in keyed.iter().zip(entries) {
        let test = match k {
            "all" | "any" => {
                let list = read::seq(v, &format!("`{k}`"), diags);
                let reqs: Vec<_> = list
                    .iter()
                    .filter_map(|r| requirement(r, cx, diags))
                    .collect();
                if reqs.len() < list.len() {
                    continue;
                }
                Some(if k == "all" {
                    Test::All(reqs)
                } else {
                    Test::Any(reqs)
                })
            }
            "encounter" => encounter(v, diags),
            "at" => read::string(v, "`at`", diags).map(|name| Test::At {
                space: space(&name, cx, diags),
                name,
            }),
            "in" => read::string(v, "`in`", diags).map(|r| Test::In(region(r, cx, diags))),
            "on" => read::string(v, "`on`", diags).map(|t| Test::On(terrain(t, cx, diags))),
            "place" => read::string(v, "`place`", diags).map(|p| Test::Place(place(p, cx, diags))),
            "hold" => read::string(v, "`hold`", diags).and_then(|h| hold(&h, cx, diags)),
            "found-in" | "found-outside" => {
                if let Some(first) = &found {
                    diags.push(second_found(k, first, key.span));
                    continue;
                }
                found = read::string(v, &format!("`{k}`"), diags).map(|r| Found {
                    region: region(r, cx, diags),
                    inside: k == "found-in",
                });
                continue;
            }
            _ => points(k, v, diags),
        };
        let Some(test) = test else { continue };
        all.push(Requirement {
            test,
            span: key.span.to(v.span),
        });
    }
    if let Some(f) = found {
        attach(&mut all, f, cx, diags);
    }
    if all.is_empty() {
        if keyed.is_empty() {
            diags.push(
                Diagnostic::new("syntax-error", node.span, "a requirement asks nothing")
                    .label("empty")
                    .with_help(format!("give it a key: {}", TEST_KEYS.join(", "))),
            );
        }
        return None;
    }
    Some(if all.len() == 1 {
        all.pop().expect("one")
    } else {
        Requirement {
            span: all[0].span.to(all[all.len() - 1].span),
            test: Test::All(all),
        }
    })
}

/// A second `found-in`/`found-outside` in one map: one treasure is found in
/// one place (the first is read).
fn second_found(key: &str, first: &Found, span: crate::span::Span) -> Diagnostic {
    let was = if first.inside {
        "found-in"
    } else {
        "found-outside"
    };
    Diagnostic::new(
        "syntax-error",
        span,
        format!("`{key}` beside `{was}: {}`: one treasure is found in one place", first.region.value),
    )
    .label("a second place for the same treasure")
    .with_help(format!(
        "keep one of the two; for a treasure found in one region or another, write `any: [{{hold: treasure, {was}: {}}}, {{hold: treasure, ...}}]`",
        first.region.value
    ))
}

/// `found-in`/`found-outside` qualify the map's `hold:` of a treasure.
fn attach(all: &mut [Requirement], f: Found, cx: &Cx, diags: &mut Diagnostics) {
    let treasure = |w: &Holdable| match w {
        Holdable::Any(k) => *k == EntryKind::Treasure,
        Holdable::Entry(id) => cx
            .ctx
            .glossary
            .by_id(id.as_str())
            .is_some_and(|e| e.kind == EntryKind::Treasure),
    };
    for r in all {
        if let Test::Hold { what, found } = &mut r.test
            && treasure(what)
        {
            *found = Some(f);
            return;
        }
    }
    diags.push(
        Diagnostic::new(
            "syntax-error",
            f.region.span,
            "where a treasure was found needs the treasure held beside it",
        )
        .label("no `hold:` of a treasure in this requirement")
        .with_help("write both in one map: `{hold: treasure, found-outside: Arabia}`"),
    );
}

fn encounter(v: &Node, diags: &mut Diagnostics) -> Option<Test> {
    match &v.value {
        Value::Bool(true) => return Some(Test::Encounter),
        Value::Str(s) if s.trim().eq_ignore_ascii_case("successful") => {
            return Some(Test::Encounter);
        }
        _ => {}
    }
    diags.push(
        Diagnostic::new("syntax-error", v.span, "`encounter:` is `successful`")
            .label("expected `successful`")
            .with_help(
                "write `encounter: successful`, with `at:`, `in:` or `on:` beside it for where",
            ),
    );
    None
}

fn points(key: &str, v: &Node, diags: &mut Diagnostics) -> Option<Test> {
    let track = match key {
        "destiny" => Track::Destiny,
        "story" => Track::Story,
        "points" => Track::Both,
        _ => return None, // an unknown key, reported by `read::keys`
    };
    let at_least = read::number(v, &format!("`{key}`"), diags)?;
    Some(Test::Points { track, at_least })
}

/// A space of the board (a misspelt one read as meant); not checked
/// without a board.
fn space(name: &Spanned<String>, cx: &mut Cx, diags: &mut Diagnostics) -> Option<usize> {
    let board = cx.board?;
    super::board::resolve(board, name, "space", &mut cx.budget, diags)
}

/// A region of the board (a misspelt one read as meant).
fn region(mut r: Spanned<String>, cx: &mut Cx, diags: &mut Diagnostics) -> Spanned<String> {
    if cx.board.is_none() || cx.known.contains(&crate::text::fold(&r.value)) {
        return r;
    }
    let close = spend(cx, cx.regions.len())
        .then(|| crate::text::close_name(cx.regions.iter().copied(), &r.value))
        .flatten();
    let help = match close {
        Some(c) => format!("did you mean `{c}`? (read as `{c}` meanwhile)"),
        None if cx.regions.is_empty() => {
            "give the board's spaces a `region:` in board.yaml".to_owned()
        }
        None if cx.regions.len() <= 12 => {
            format!("the board's regions are {}", cx.regions.join(", "))
        }
        None => "name a region of board.yaml's spaces".to_owned(),
    };
    diags.push(
        Diagnostic::new(
            "unknown-name",
            r.span,
            format!("`{}` is no region of the board", r.value),
        )
        .label("no space of board.yaml is in it")
        .with_help(help),
    );
    if let Some(c) = close {
        c.clone_into(&mut r.value);
    }
    r
}

/// Spend `n` name comparisons of the file's budget, if it has them.
fn spend(cx: &mut Cx, n: usize) -> bool {
    match cx.budget.checked_sub(n) {
        Some(left) => {
            cx.budget = left;
            true
        }
        None => false,
    }
}

/// A terrain of book.yaml `world.terrains` (a misspelt one read as meant).
fn terrain(mut t: Spanned<String>, cx: &Cx, diags: &mut Diagnostics) -> Spanned<String> {
    if let Some(close) = super::cards::known_terrain(&t, cx.ctx.world, diags) {
        t.value = close;
    }
    t
}

/// A place of power by its id in `world.places`, or `any`.
fn place(mut p: Spanned<String>, cx: &mut Cx, diags: &mut Diagnostics) -> Option<Spanned<String>> {
    if p.value.trim().eq_ignore_ascii_case("any") {
        return None;
    }
    let ids: Vec<&str> = cx
        .ctx
        .world
        .places
        .iter()
        .map(|p| p.id.value.as_str())
        .collect();
    if ids.iter().any(|id| crate::text::eq_ci(id, &p.value)) {
        return Some(p);
    }
    let close = spend(cx, ids.len())
        .then(|| crate::text::close_name(ids.iter().copied(), &p.value))
        .flatten();
    let help = match close {
        Some(c) => format!("did you mean `{c}`? (read as `{c}` meanwhile)"),
        None => "name a place of book.yaml `world: places:` by its id, or `any`".to_owned(),
    };
    diags.push(
        Diagnostic::new(
            "unknown-name",
            p.span,
            format!("`{}` is no place of power of this book", p.value),
        )
        .label("not in `world.places`")
        .with_help(help),
    );
    if let Some(c) = close {
        c.clone_into(&mut p.value);
    }
    Some(p)
}

/// `skill`, `status`, `treasure`, or a glossary name (or id) of the book.
fn hold(h: &Spanned<String>, cx: &mut Cx, diags: &mut Diagnostics) -> Option<Test> {
    let kind = match h.value.trim().to_ascii_lowercase().as_str() {
        "skill" => Some(EntryKind::Skill),
        "status" => Some(EntryKind::Status),
        "treasure" => Some(EntryKind::Treasure),
        _ => None,
    };
    if let Some(k) = kind {
        return Some(Test::Hold {
            what: Holdable::Any(k),
            found: None,
        });
    }
    let glossary = cx.ctx.glossary;
    let entry = glossary.resolve(&h.value).or_else(|| {
        let close = (glossary.suggest_within(&h.value, &mut cx.budget))
            .map(|i| &glossary.entries[i]);
        let help = match close {
            Some(e) => format!("did you mean `{}`? (read as `{}` meanwhile)", e.name.value, e.name.value),
            None => "name a skill, status or treasure of glossary.yaml, or write `skill`, `status` or `treasure` for any one".to_owned(),
        };
        diags.push(
            Diagnostic::new(
                "unknown-name",
                h.span,
                format!("`{}` is no skill, status or treasure of this book", h.value),
            )
            .label("not in glossary.yaml")
            .with_help(help),
        );
        close
    })?;
    Some(Test::Hold {
        what: Holdable::Entry(entry.id.value),
        found: None,
    })
}
