//! `cards.yaml` -> [`Cards`].

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Cards, CharacterCard, CityCard, TerrainCard};
use crate::span::Spanned;
use crate::syntax::Context;
use crate::syntax::yaml::{Node, Value};

pub fn lower(
    root: &Node,
    source: &str,
    ctx: &Context,
    terrains: &[Spanned<String>],
    diags: &mut Diagnostics,
) -> Cards {
    let mut cards = Cards::default();
    let entries = read::map(root, "cards.yaml", diags);
    read::check_keys(
        entries,
        &["character", "terrain", "city"],
        "cards.yaml",
        diags,
    );
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("character") => {
                for c in read::seq(v, "`character`", diags) {
                    cards.character.extend(character(c, source, diags));
                }
            }
            Some("terrain") => {
                for c in read::seq(v, "`terrain`", diags) {
                    cards.terrain.extend(terrain(c, source, terrains, diags));
                }
            }
            Some("city") => {
                for c in read::seq(v, "`city`", diags) {
                    cards.city.extend(city(c, source, ctx, diags));
                }
            }
            _ => {}
        }
    }
    cards
}

fn name_of(
    node: &Node,
    entries: &[(Node, Node)],
    key: &str,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<Spanned<String>> {
    let name = entries
        .iter()
        .find(|(k, _)| k.scalar().as_deref() == Some(key))
        .and_then(|(_, v)| read::string(v, &format!("a {what}'s `{key}`"), diags));
    if name.is_none() {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                node.span,
                format!("a {what} needs a `{key}`"),
            )
            .label(format!("no {key}")),
        );
    }
    name
}

fn character(node: &Node, source: &str, diags: &mut Diagnostics) -> Option<CharacterCard> {
    let entries = read::map(node, "a character card", diags);
    read::check_keys(
        entries,
        &["name", "morning", "noon", "night"],
        "a character card",
        diags,
    );
    let mut card = CharacterCard {
        name: name_of(node, entries, "name", "character card", diags)?,
        morning: None,
        noon: None,
        night: None,
        span: node.span,
    };
    for (k, v) in entries {
        let slot = match k.scalar().as_deref() {
            Some("morning") => &mut card.morning,
            Some("noon") => &mut card.noon,
            Some("night") => &mut card.night,
            _ => continue,
        };
        *slot = read::target(v, source, "a time of day", diags);
    }
    Some(card)
}

fn terrain(
    node: &Node,
    source: &str,
    terrains: &[Spanned<String>],
    diags: &mut Diagnostics,
) -> Option<TerrainCard> {
    let entries = read::map(node, "a terrain card", diags);
    let mut card = TerrainCard {
        name: name_of(node, entries, "name", "terrain card", diags)?,
        entries: Vec::new(),
        span: node.span,
    };
    for (k, v) in entries {
        let key = read::key(k);
        if key.value == "name" {
            continue;
        }
        if !terrains
            .iter()
            .any(|t| t.value.eq_ignore_ascii_case(&key.value))
        {
            let known: Vec<&str> = terrains.iter().map(|t| t.value.as_str()).collect();
            let close = known
                .iter()
                .filter(|t| crate::text::edit_distance(t, &key.value) <= 2)
                .min_by_key(|t| crate::text::edit_distance(t, &key.value));
            let help = match close {
                Some(t) => format!("did you mean `{t}`?"),
                None if known.is_empty() => {
                    "list the terrains in book.yaml under `world: terrains:`".to_owned()
                }
                None => format!("the terrains of this book are {}", known.join(", ")),
            };
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    key.span,
                    format!("`{}` is no terrain of this book", key.value),
                )
                .label("unknown terrain")
                .with_help(help),
            );
        }
        if let Some(r) = read::target(v, source, "a terrain entry", diags) {
            card.entries.push((key, r));
        }
    }
    Some(card)
}

fn city(node: &Node, source: &str, ctx: &Context, diags: &mut Diagnostics) -> Option<CityCard> {
    let entries = read::map(node, "a city card", diags);
    read::check_keys(
        entries,
        &["city", "paragraph", "results"],
        "a city card",
        diags,
    );
    let mut card = CityCard {
        city: name_of(node, entries, "city", "city card", diags)?,
        paragraph: None,
        results: Vec::new(),
        span: node.span,
    };
    for (k, v) in entries {
        match k.scalar().as_deref() {
            Some("paragraph") => {
                card.paragraph = read::target(v, source, "a city card's `paragraph`", diags);
            }
            Some("results") => {
                for (roll, items) in read::map(v, "`results`", diags) {
                    let Some(n) = read::number(roll, "a city result's die roll", diags) else {
                        continue;
                    };
                    if !(1..=6).contains(&n) {
                        diags.push(
                            Diagnostic::new(
                                "syntax-error",
                                roll.span,
                                format!("city result `{n}` is not a die roll"),
                            )
                            .label("expected 1 to 6")
                            .with_help("a city card has results 1 to 6, one per face of the die"),
                        );
                    }
                    let Value::Str(text) = &items.value else {
                        diags.push(
                            Diagnostic::new(
                                "syntax-error",
                                items.span,
                                "a city result is a list of award items in quotes",
                            )
                            .label(format!("found {}", items.kind_name()))
                            .with_help("write e.g. `\"W+1 (max Rich) / S1\"`"),
                        );
                        continue;
                    };
                    let offset = read::text_offset(source, items.span);
                    let award = crate::syntax::award::parse_items(ctx, text, offset, diags);
                    card.results.push((Spanned::new(n, roll.span), award));
                }
            }
            _ => {}
        }
    }
    Some(card)
}
