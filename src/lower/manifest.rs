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
    "translation-status",
    "rules",
    "world",
    "lints",
];

/// `translation-status: in-progress | complete`: the span of an
/// `in-progress` value.
fn translation_status(v: &Node, diags: &mut Diagnostics) -> Option<crate::span::Span> {
    let status = read::string(v, "`translation-status`", diags)?;
    match status.value.trim().to_lowercase().as_str() {
        "in-progress" => Some(status.span),
        "complete" => None,
        other => {
            let meant = if crate::text::edit_distance(other, "complete")
                < crate::text::edit_distance(other, "in-progress")
            {
                "complete"
            } else {
                "in-progress"
            };
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    status.span,
                    format!("`{}` is no translation status", status.value),
                )
                .label("not a status")
                .with_help(format!(
                    "did you mean `{meant}`? A translation is `in-progress` (missing paragraphs are one finding) or `complete` (each is an error)"
                )),
            );
            None
        }
    }
}

pub fn lower(root: &Node, source: &str, diags: &mut Diagnostics) -> Manifest {
    let mut m = Manifest::default();
    let entries = read::map(root, "book.yaml", diags);
    let keyed = read::keys(entries, KEYS, "book.yaml", diags);
    for (k, v) in keyed {
        match k {
            "title" => m.title = read::string(v, "`title`", diags),
            "locale" => {
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
            "translation-of" => m.translation_of = read::string(v, "`translation-of`", diags),
            "translation-status" => m.in_progress = translation_status(v, diags),
            "rules" => m.rules = rules(v, diags),
            "world" => m.world = world(v, source, diags),
            "lints" => {
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
        let entries = read::map(over, "`locale-overrides`", diags);
        for (key, v) in read::keys(entries, crate::locale::KEYS, "`locale-overrides`", diags) {
            let values: Vec<String> = match &v.value {
                Value::Seq(items) => items.iter().filter_map(Node::scalar).collect(),
                _ => v.scalar().into_iter().collect(),
            };
            // Words of nothing would match every item (or none): the
            // locale's own are kept, and the override is its one finding.
            if values.is_empty() || values.iter().any(|w| w.trim().is_empty()) {
                diags.push(empty_override(key, v.span));
                continue;
            }
            m.locale.set(key, values);
        }
    }
    m
}

/// `or-greater: ""` under `locale-overrides`.
fn empty_override(key: &str, span: crate::span::Span) -> Diagnostic {
    Diagnostic::new(
        "syntax-error",
        span,
        format!("locale override `{key}` gives no words"),
    )
    .label("empty")
    .with_help(format!(
        "write the words this book prints for `{key}`, or remove the key to keep the locale's"
    ))
}

fn rules(node: &Node, diags: &mut Diagnostics) -> Rules {
    let mut r = Rules::default();
    let entries = read::map(node, "`rules`", diags);
    let keyed = read::keys(
        entries,
        &[
            "victory-points",
            "start",
            "wealth",
            "opposite-sex-reactions",
        ],
        "`rules`",
        diags,
    );
    for (k, v) in keyed {
        match k {
            "victory-points" => r.victory_points = read::number(v, "`victory-points`", diags),
            "opposite-sex-reactions" => {
                r.opposite_sex_reactions = read::seq(v, "`opposite-sex-reactions`", diags)
                    .iter()
                    .filter_map(|n| read::string(n, "a reaction", diags))
                    .collect();
            }
            "start" => r.start = read::string(v, "`start`", diags),
            "wealth" => {
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
    let keyed = read::keys(
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
    for (k, v) in keyed {
        match k {
            "name" => name = read::string(v, "a wealth level's `name`", diags),
            "land" => w.land = read::number(v, "`land`", diags),
            "sea" => w.sea = read::number(v, "`sea`", diags),
            "start" => w.start = read::boolean(v, "`start`", diags),
            "needs-treasure" => {
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
    let keyed = read::keys(entries, &["terrains", "places", "spaces"], "`world`", diags);
    for (k, v) in keyed {
        match k {
            "terrains" => {
                w.terrains = read::seq(v, "`terrains`", diags)
                    .iter()
                    .filter_map(|t| read::string(t, "a terrain", diags))
                    .collect();
            }
            "places" => {
                for (id, place) in read::map(v, "`places`", diags) {
                    w.places.push(self::place(id, place, source, diags));
                }
            }
            "spaces" => {
                w.spaces_written = Some(v.span);
                for s in read::seq(v, "`spaces`", diags) {
                    if let Some(s) = space(s, diags) {
                        w.spaces.push(s);
                    }
                }
            }
            _ => {}
        }
    }
    if !w.terrains.is_empty() {
        // Each space's terrain as the book's (a near miss read as meant),
        // looked up in the world's terrains, then set.
        let fixes: Vec<(usize, String)> = (w.spaces.iter().enumerate())
            .filter_map(|(i, s)| {
                Some((
                    i,
                    super::cards::known_terrain(s.terrain.as_ref()?, &w, diags)?,
                ))
            })
            .collect();
        for (i, close) in fixes {
            if let Some(t) = &mut w.spaces[i].terrain {
                t.value = close;
            }
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
    let keyed = read::keys(
        entries,
        &["name", "paragraph", "exit"],
        "a place of power",
        diags,
    );
    for (k, v) in keyed {
        match k {
            "name" => p.name = read::string(v, "a place's `name`", diags),
            "paragraph" => {
                p.paragraph = read::target(v, source, "a place's `paragraph`", diags);
            }
            "exit" => p.exit = read::string(v, "`exit`", diags),
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
