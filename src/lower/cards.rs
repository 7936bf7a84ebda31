//! `cards.yaml` -> [`Cards`].

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, Cards, CharacterCard, CityCard, MAX_COUNT, TerrainCard, World};
use crate::span::Spanned;
use crate::syntax::Context;
use crate::syntax::yaml::{Node, Value};

pub fn lower(root: &Node, source: &str, ctx: &Context, diags: &mut Diagnostics) -> Cards {
    let mut cards = Cards::default();
    // The city results' items in words, read once each (as a `.tales`
    // file's are).
    let phrases = crate::syntax::AwardCache::default();
    let ctx = &Context {
        awards: Some(&phrases),
        ..*ctx
    };
    let entries = read::map(root, "cards.yaml", diags);
    let keyed = read::keys(
        entries,
        &["character", "terrain", "city"],
        "cards.yaml",
        diags,
    );
    for (k, v) in keyed {
        match k {
            "character" => {
                for c in read::seq(v, "`character`", diags) {
                    cards.character.extend(character(c, source, diags));
                }
            }
            "terrain" => {
                for c in read::seq(v, "`terrain`", diags) {
                    cards.terrain.extend(terrain(c, source, ctx.world, diags));
                }
            }
            "city" => {
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
    keyed: &[(&str, &Node)],
    key: &str,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<Spanned<String>> {
    // The label is made for a message only: a card's name is most often
    // a text (a format a card was a fifth of the cards' cost).
    let name = keyed.iter().find(|(k, _)| *k == key).and_then(|(_, v)| {
        let text = matches!(
            v.value,
            Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_)
        );
        let label = if text {
            String::new()
        } else {
            format!("a {what}'s `{key}`")
        };
        read::string(v, &label, diags)
    });
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

/// `count: N`, 1 to [`MAX_COUNT`]: the card's copies in the deck. Anything
/// else is one finding, and the card is dealt once.
fn count_of(
    source: &str,
    keyed: &[(&str, &Node)],
    diags: &mut Diagnostics,
) -> Option<Spanned<u32>> {
    let (_, v) = keyed.iter().find(|(k, _)| *k == "count")?;
    if let Value::Int(n) = &v.value
        && let Ok(n) = u32::try_from(*n)
        && (1..=MAX_COUNT).contains(&n)
    {
        return Some(Spanned::new(n, v.span));
    }
    let written = source
        .get(v.span.start as usize..v.span.end as usize)
        .unwrap_or_default()
        .trim();
    diags.push(
        Diagnostic::new(
            "syntax-error",
            v.span,
            format!("a card's `count` is 1 to {MAX_COUNT}, not `{written}`"),
        )
        .label(format!("not 1 to {MAX_COUNT}"))
        .with_help(format!(
            "write how many copies of the card the deck holds, 1 to {MAX_COUNT} (without `count:` it holds one)"
        )),
    );
    None
}

/// A card the engine may draw must lead somewhere.
fn leads_nowhere(node: &Node, card: &str, what: &str, help: &str) -> Diagnostic {
    Diagnostic::new("syntax-error", node.span, format!("{card} has no {what}"))
        .label(format!("no {what}"))
        .with_help(help.to_owned())
}

fn character(node: &Node, source: &str, diags: &mut Diagnostics) -> Option<CharacterCard> {
    let entries = read::map(node, "a character card", diags);
    let keyed = read::keys(
        entries,
        &["name", "morning", "noon", "night", "count"],
        "a character card",
        diags,
    );
    let mut card = CharacterCard {
        name: name_of(node, &keyed, "name", "character card", diags)?,
        morning: None,
        noon: None,
        night: None,
        count: count_of(source, &keyed, diags),
        span: node.span,
    };
    for &(k, v) in &keyed {
        let slot = match k {
            "morning" => &mut card.morning,
            "noon" => &mut card.noon,
            "night" => &mut card.night,
            _ => continue,
        };
        *slot = read::target(v, source, "a time of day", diags);
    }
    for (time, slot) in [
        ("morning", &card.morning),
        ("noon", &card.noon),
        ("night", &card.night),
    ] {
        if slot.is_none() && !keyed.iter().any(|(k, _)| *k == time) {
            diags.push(leads_nowhere(
                node,
                &format!("character card `{}`", card.name.value),
                &format!("`{time}` chart"),
                "a character card names the chart of each time of day: `morning:`, `noon:` and `night:`",
            ));
        }
    }
    Some(card)
}

fn terrain(
    node: &Node,
    source: &str,
    world: &World,
    diags: &mut Diagnostics,
) -> Option<TerrainCard> {
    let entries = read::map(node, "a terrain card", diags);
    let keyed: Vec<(&str, &Node)> = entries
        .iter()
        .filter_map(|(k, v)| match &k.value {
            Value::Str(s) => Some((s.as_str(), v)),
            _ => None,
        })
        .collect();
    let mut card = TerrainCard {
        name: name_of(node, &keyed, "name", "terrain card", diags)?,
        entries: Vec::new(),
        count: count_of(source, &keyed, diags),
        span: node.span,
    };
    for (k, v) in entries {
        let mut key = read::key(k);
        if key.value == "name" || key.value == "count" {
            continue;
        }
        if let Some(known) = known_terrain(&key, world, diags) {
            key.value = known;
        }
        if let Some(r) = read::target(v, source, "a terrain entry", diags) {
            card.entries.push((key, r));
        }
    }
    if card.entries.is_empty() {
        diags.push(leads_nowhere(
            node,
            &format!("terrain card `{}`", card.name.value),
            "terrain entry",
            "a terrain card names, for each terrain, a chart or a matrix row: `desert: 2`",
        ));
    }
    Some(card)
}

/// A terrain card's key as a terrain of the book: itself when it is one, the
/// closest within two edits (reported, read as that one), or `None`
/// (reported).
pub(super) fn known_terrain(
    key: &Spanned<String>,
    world: &World,
    diags: &mut Diagnostics,
) -> Option<String> {
    // Looked up, not walked: a board's every space names its terrain.
    if world.terrain_named(&key.value).is_some() {
        return None;
    }
    let known: Vec<&str> = world.terrains.iter().map(|t| t.value.as_str()).collect();
    let close = known
        .iter()
        .map(|t| (crate::text::edit_distance(t, &key.value.to_lowercase()), *t))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, t)| t);
    let help = match close {
        Some(t) => format!("did you mean `{t}`? (read as `{t}` meanwhile)"),
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
    close.map(str::to_owned)
}

/// A city result's items, read once a text: a book repeats its results
/// (`"W+1 (max Rich) / S1"`) on many cards, and the same text again is its
/// first reading (findings included) moved to where it is written.
fn result_items(ctx: &Context, text: &str, offset: usize, diags: &mut Diagnostics) -> Award {
    let read = |d: &mut Diagnostics| Some(crate::syntax::award::parse_items(ctx, text, offset, d));
    let cached = match ctx.awards {
        Some(cache) => cache.get_or_read(text, offset, diags, ctx.suggestions, read),
        None => read(diags),
    };
    // Always an award: `read` gives one, and so does the cache of it.
    cached.unwrap_or_else(|| Award {
        items: Vec::new(),
        span: crate::span::Span::new(ctx.file, offset, offset + text.len()),
    })
}

fn city(node: &Node, source: &str, ctx: &Context, diags: &mut Diagnostics) -> Option<CityCard> {
    let entries = read::map(node, "a city card", diags);
    let keyed = read::keys(
        entries,
        &["city", "paragraph", "results", "count"],
        "a city card",
        diags,
    );
    let mut card = CityCard {
        city: name_of(node, &keyed, "city", "city card", diags)?,
        paragraph: None,
        results: Vec::new(),
        count: count_of(source, &keyed, diags),
        span: node.span,
    };
    for &(k, v) in &keyed {
        match k {
            "paragraph" => {
                card.paragraph = read::target(v, source, "a city card's `paragraph`", diags);
            }
            "results" => {
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
                    let award = result_items(ctx, text, offset, diags);
                    card.results.push((Spanned::new(n, roll.span), award));
                }
            }
            _ => {}
        }
    }
    if card.paragraph.is_none() && !keyed.iter().any(|(k, _)| *k == "paragraph") {
        diags.push(leads_nowhere(
            node,
            &format!("city card `{}`", card.city.value),
            "`paragraph`",
            "a city card names the paragraph its encounter starts at: `paragraph: 500`",
        ));
    }
    Some(card)
}

#[cfg(test)]
mod tests {
    use crate::ir::Book;
    use crate::span::FileId;
    use crate::syntax::Context;

    /// Two cards with the same result text, its items parted by a comma: each
    /// card's result is its own reading (spans where it is written), and
    /// the finding is given at each place, as reading the text twice does.
    #[test]
    fn a_repeated_city_result_reads_as_where_it_is_written() {
        let text = "city:\n- city: Basra\n  paragraph: 10\n  results:\n    1: \"D-1, S1\"\n- city: Cairo\n  paragraph: 11\n  results:\n    1: \"D-1, S1\"\n";
        let (root, _) = crate::syntax::yaml::parse(FileId(0), text).expect("yaml");
        let book = Book::default();
        let ctx = Context::of(&book, FileId(0));
        let mut diags = Vec::new();
        let cards = super::lower(&root, text, &ctx, &mut diags);
        let [first, second] = [&cards.city[0].results[0].1, &cards.city[1].results[0].1];
        let at = |s: &str, n: usize| text.match_indices(s).nth(n).expect("written").0;
        assert_eq!(first.span.start as usize, at("D-1, S1", 0));
        assert_eq!(second.span.start as usize, at("D-1, S1", 1));
        assert_eq!(first.items.len(), second.items.len());
        let shift = second.span.start - first.span.start;
        for (a, b) in first.items.iter().zip(&second.items) {
            assert_eq!(
                (a.span.start + shift, a.span.end + shift),
                (b.span.start, b.span.end)
            );
        }
        let places: Vec<usize> = diags
            .iter()
            .map(|d| d.primary.span.start as usize)
            .collect();
        assert_eq!(places.len(), 2, "{diags:?}");
        let half = places.len() / 2;
        for (a, b) in places[..half].iter().zip(&places[half..]) {
            assert_eq!(a + shift as usize, *b);
        }
    }
}
