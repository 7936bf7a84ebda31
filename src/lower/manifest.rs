//! `book.yaml` -> [`Manifest`].

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{LintSetting, Manifest, Place, Rules, Space, WealthLevel, World};
use crate::locale::Locale;
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

const KEYS: &[&str] = &[
    "title",
    "locale",
    "locale-overrides",
    "translation-of",
    "rules",
    "world",
    "lints",
];

pub fn lower(root: &Node, source: &str, diags: &mut Diagnostics) -> Manifest {
    let mut m = Manifest::default();
    let entries = read::map(root, "book.yaml", diags);
    read::check_keys(entries, KEYS, "book.yaml", diags);
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("title") => m.title = read::string(v, "`title`", diags),
            Some("locale") => {
                if let Some(id) = read::string(v, "`locale`", diags) {
                    match Locale::built_in(&id.value) {
                        Some(l) => m.locale = l,
                        None => diags.push(
                            Diagnostic::new("unknown-name", id.span, format!("unknown locale `{}`", id.value))
                                .label("not a built-in locale")
                                .with_help(format!(
                                    "built-in locales are {}; other languages override every key under `locale-overrides`",
                                    Locale::built_in_ids().collect::<Vec<_>>().join(", ")
                                )),
                        ),
                    }
                }
            }
            Some("translation-of") => m.translation_of = read::string(v, "`translation-of`", diags),
            Some("rules") => m.rules = rules(v, diags),
            Some("world") => m.world = world(v, source, diags),
            Some("lints") => {
                for (code, level) in read::map(v, "`lints`", diags) {
                    if let Some(level) = read::string(level, "a lint level", diags) {
                        m.lints.push(LintSetting {
                            code: read::key(code),
                            level,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    // Overrides apply after the locale, whatever the key order.
    if let Some(over) = root.get("locale-overrides") {
        for (k, v) in read::map(over, "`locale-overrides`", diags) {
            let key = k.scalar().unwrap_or_default();
            let values = match &v.value {
                Value::Seq(items) => items.iter().filter_map(Node::scalar).collect(),
                _ => v.scalar().into_iter().collect(),
            };
            if !m.locale.set(&key, values) {
                read::check_keys(
                    std::slice::from_ref(&(k.clone(), v.clone())),
                    crate::locale::KEYS,
                    "`locale-overrides`",
                    diags,
                );
            }
        }
    }
    m
}

fn rules(node: &Node, diags: &mut Diagnostics) -> Rules {
    let mut r = Rules::default();
    let entries = read::map(node, "`rules`", diags);
    read::check_keys(
        entries,
        &["victory-points", "start", "wealth"],
        "`rules`",
        diags,
    );
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("victory-points") => r.victory_points = read::number(v, "`victory-points`", diags),
            Some("start") => r.start = read::string(v, "`start`", diags),
            Some("wealth") => {
                for level in read::seq(v, "`wealth`", diags) {
                    if let Some(w) = wealth_level(level, diags) {
                        r.wealth.push(w);
                    }
                }
            }
            _ => {}
        }
    }
    r
}

fn wealth_level(node: &Node, diags: &mut Diagnostics) -> Option<WealthLevel> {
    if let Value::Str(name) = &node.value {
        return Some(WealthLevel {
            name: Spanned::new(name.clone(), node.span),
            land: None,
            sea: None,
            start: false,
            needs_treasure: false,
        });
    }
    let entries = read::map(node, "a wealth level", diags);
    read::check_keys(
        entries,
        &["name", "land", "sea", "start", "needs-treasure"],
        "a wealth level",
        diags,
    );
    let mut name = None;
    let mut w = WealthLevel {
        name: Spanned::new(String::new(), node.span),
        land: None,
        sea: None,
        start: false,
        needs_treasure: false,
    };
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("name") => name = read::string(v, "a wealth level's `name`", diags),
            Some("land") => w.land = read::number(v, "`land`", diags),
            Some("sea") => w.sea = read::number(v, "`sea`", diags),
            Some("start") => w.start = read::boolean(v, "`start`", diags),
            Some("needs-treasure") => {
                w.needs_treasure = read::boolean(v, "`needs-treasure`", diags);
            }
            _ => {}
        }
    }
    if name.is_none() && !entries.is_empty() {
        diags.push(
            Diagnostic::new("syntax-error", node.span, "a wealth level needs a `name`")
                .label("no name"),
        );
    }
    w.name = name?;
    Some(w)
}

fn world(node: &Node, source: &str, diags: &mut Diagnostics) -> World {
    let mut w = World::default();
    let entries = read::map(node, "`world`", diags);
    read::check_keys(entries, &["terrains", "places", "spaces"], "`world`", diags);
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("terrains") => {
                w.terrains = read::seq(v, "`terrains`", diags)
                    .iter()
                    .filter_map(|t| read::string(t, "a terrain", diags))
                    .collect();
            }
            Some("places") => {
                for (id, place) in read::map(v, "`places`", diags) {
                    w.places.push(self::place(id, place, source, diags));
                }
            }
            Some("spaces") => {
                for s in read::seq(v, "`spaces`", diags) {
                    if let Some(s) = space(s, diags) {
                        w.spaces.push(s);
                    }
                }
            }
            _ => {}
        }
    }
    w
}

fn place(id: &Node, node: &Node, source: &str, diags: &mut Diagnostics) -> Place {
    let mut p = Place {
        id: read::key(id),
        name: None,
        paragraph: None,
        exit: None,
        span: id.span.to(node.span),
    };
    let entries = read::map(node, "a place of power", diags);
    read::check_keys(
        entries,
        &["name", "paragraph", "exit"],
        "a place of power",
        diags,
    );
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("name") => p.name = read::string(v, "a place's `name`", diags),
            Some("paragraph") => {
                p.paragraph = read::target(v, source, "a place's `paragraph`", diags);
            }
            Some("exit") => p.exit = read::string(v, "`exit`", diags),
            _ => {}
        }
    }
    p
}

fn space(node: &Node, diags: &mut Diagnostics) -> Option<Space> {
    let entries = read::map(node, "a space", diags);
    let mut name = None;
    let mut terrain = None;
    let mut gem = None;
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("name") => name = read::string(v, "a space's `name`", diags),
            Some("terrain") => terrain = read::string(v, "a space's `terrain`", diags),
            Some("gem") => {
                gem = read::number(v, "a space's `gem`", diags).filter(|&g| {
                    // The chart roll is capped at 12: a larger gem means nothing.
                    let ok = g <= 12;
                    if !ok {
                        diags.push(
                            Diagnostic::new(
                                "syntax-error",
                                v.span,
                                format!("gem number {g} is out of range"),
                            )
                            .label("more than 12")
                            .with_help(
                                "a space's `gem` is a number from 0 to 12, added to the chart roll",
                            ),
                        );
                    }
                    ok
                });
            }
            _ => {} // the board may carry more (gems, links) for simulation
        }
    }
    if name.is_none() && !entries.is_empty() {
        diags.push(
            Diagnostic::new("syntax-error", node.span, "a space needs a `name`").label("no name"),
        );
    }
    Some(Space {
        name: name?,
        terrain,
        gem,
        span: node.span,
    })
}
