//! The names inside the typed effects of section 9.3, resolved against the
//! book: places of power, terrains, matrix rows, wealth levels, glossary
//! entries, die faces and counts. An unknown name is one `unknown-name`
//! finding with the likely name; spaces are the board's, and are kept as
//! written (checked against `board.yaml` when the book has one).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::effect_words::EffectWords;
use crate::ir::{Area, Named, Way};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::effects::piece::{Best, Piece, best_read, first_read, slot};
use crate::text::{close_name, eq_ci};

/// `two`, `2`: a count of one to ninety-nine.
pub(crate) fn number(w: &EffectWords, text: &str) -> Option<u32> {
    let t = text.trim();
    if let Some(i) = w.numbers.iter().position(|n| eq_ci(n, t)) {
        return u32::try_from(i + 1).ok();
    }
    (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse().ok())
        .flatten()
        .filter(|n| *n > 0)
}

/// `the City of Brass` -> `City of Brass` (and where the name starts).
pub(crate) fn strip_article<'t>(w: &EffectWords, text: &'t str) -> (&'t str, usize) {
    for a in &w.articles {
        let rest = if a.ends_with('\'') {
            crate::text::strip_prefix_ci(text, a)
        } else {
            crate::syntax::effects::piece::after_words(text, a)
        };
        if let Some(rest) = rest.filter(|r| !r.trim().is_empty()) {
            return (rest, text.len() - rest.len());
        }
    }
    (text, 0)
}

/// `any TARGET`, a place of power, or a space as written (`None`: `any`
/// and no kind of space this book has).
pub(crate) fn where_(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Way> {
    match nearest(ctx, w, p, diags) {
        Nearest::Unread => {}
        Nearest::Way(way) => return Some(way),
        Nearest::Words => return None,
    }
    let before = diags.len();
    let any = best_read(&w.any, p.text, diags, |slots, d| {
        let (t, at) = slot(slots, "area")?;
        area(ctx, w, p.sub_at(t, at), d)
    });
    match any {
        Best::Made(a) => return Some(Way::Any(a)),
        // Already reported (a terrain of the game the book lacks).
        Best::Failed if diags.len() > before => return None,
        Best::Failed => {
            let slots = first_read(&w.any, p.text)?;
            let (t, at) = slot(&slots, "area")?;
            return near_area(ctx, w, p.sub_at(t, at), diags).map(Way::Any);
        }
        Best::Unread => {}
    }
    if let Some(n) = place(ctx, w, p, &mut Vec::new(), false) {
        return Some(Way::Place(n));
    }
    let (name, at) = strip_article(w, p.text.trim());
    // A space of the board, as the book names it (`MOVE TO BANTU` is a
    // move to `Bantu`; a board's `Gates of Dawn and Dusk` is one space).
    let span = p.sub_at(name, at).span(ctx);
    let space = ctx.world.space_named(name);
    if let Some(s) = space {
        return Some(Way::To(Named::new(&s.name.value, &s.name.value, span)));
    }
    // Else a space is a proper name: `the nearest city` is none, and nor
    // is a clause (`Bantu, and have an encounter there`).
    if name.chars().next().is_none_or(char::is_lowercase) || !is_space_name(ctx, name) {
        return None;
    }
    if let Some(n) = near_place(ctx, name, span, diags) {
        return Some(Way::Place(n));
    }
    Some(Way::To(Named::new(name, name, span)))
}

/// What [`nearest`] read.
enum Nearest {
    /// No `the nearest` words.
    Unread,
    /// The nearest space of a kind.
    Way(Way),
    /// `the nearest` and no kind of space with a route to it: the item
    /// stays in words (with one `unknown-name` for a name, `the nearest
    /// Bantu`, which is no move to Bantu).
    Words,
}

/// `the nearest city` (beyond 9.3): a kind of space (a place of power has
/// no routes: no nearest one).
fn nearest(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Nearest {
    let before = diags.len();
    let read = best_read(&w.nearest, p.text, diags, |slots, d| {
        let (t, at) = slot(slots, "area")?;
        area(ctx, w, p.sub_at(t, at), d)
    });
    let a = match read {
        Best::Unread => return Nearest::Unread,
        Best::Made(a) => Some(a),
        // Already reported (a terrain of the game the book lacks).
        Best::Failed if diags.len() > before => None,
        Best::Failed => {
            let Some((t, at)) =
                first_read(&w.nearest, p.text).and_then(|slots| slot(&slots, "area"))
            else {
                return Nearest::Words;
            };
            let t = t.trim_end();
            // A clause after it (`the nearest city, and ...`) is no slip:
            // the item stays in words.
            if !is_space_name(ctx, t) {
                return Nearest::Words;
            }
            let near = near_area(ctx, w, p.sub_at(t, at), diags);
            if near.is_none() {
                diags.push(not_a_kind(ctx, w, p.sub_at(t, at)));
            }
            near
        }
    };
    match a {
        // `the nearest space` is where the player stands, and a place of
        // power is reached by no route: neither is a move.
        Some(Area::Space | Area::PlaceOfPower | Area::ExceptPlaceOfPower) | None => Nearest::Words,
        Some(a) => Nearest::Way(Way::Nearest(a)),
    }
}

/// `the nearest Bantu`: a space's name where a kind of space must stand.
fn not_a_kind(ctx: &Context, w: &EffectWords, p: Piece) -> Diagnostic {
    let kind = |v: &[String]| v.first().cloned().unwrap_or_default();
    // The words as a space's name, without a word for `space` after it.
    let bare = (w.area_space.iter())
        .find_map(|x| crate::text::strip_suffix_ci(p.text, &format!(" {x}")))
        .unwrap_or(p.text);
    let spaces = &ctx.world.spaces;
    let space = (ctx.world.space_named(bare))
        .map(|s| s.name.value.as_str())
        .or_else(|| {
            ctx.close_name(
                spaces.len(),
                spaces.iter().map(|s| s.name.value.as_str()),
                bare,
            )
        });
    let one = space.map_or_else(
        || "a move to one space is `Move to SPACE`".to_owned(),
        |s| format!("`{s}` is one space: a move there is `Move to {s}`"),
    );
    Diagnostic::new(
        "unknown-name",
        p.span(ctx),
        format!("`{}` is no kind of space", p.text),
    )
    .label("unknown kind of space")
    .with_help(format!(
        "`the nearest` names a kind of space (`{}`, `{}`, a terrain); {one}",
        kind(&w.area_city),
        kind(&w.area_coastal)
    ))
}

/// Whether `name` may be a space's name: words, not a clause. No comma or
/// bracket inside it, and no `and` or `or` of the locale between words.
fn is_space_name(ctx: &Context, name: &str) -> bool {
    let l = ctx.locale;
    !name.contains([',', ';', ':', '(', ')', '!', '?'])
        && crate::text::split_word(name, &l.and).len() == 1
        && crate::text::split_word(name, &l.or).len() == 1
}

/// How the book writes a place of power: its name, else its id.
fn shown(pl: &crate::ir::Place) -> &str {
    pl.name
        .as_ref()
        .map_or(pl.id.value.as_str(), |n| n.value.as_str())
}

/// A name a few letters off a place of power's (`the City of Bras`), and
/// no space of the book: one `unknown-name`, read as the place.
fn near_place(ctx: &Context, name: &str, span: Span, diags: &mut Diagnostics) -> Option<Named> {
    let places = &ctx.world.places;
    let close = ctx.close_name(places.len(), places.iter().map(shown), name)?;
    let pl = places.iter().find(|pl| shown(pl) == close)?;
    diags.push(
        Diagnostic::new(
            "unknown-name",
            span,
            format!("`{name}` is no place of power of this book"),
        )
        .label("unknown place")
        .with_help(format!("did you mean `{close}`?")),
    );
    Some(Named::new(pl.id.value.clone(), close, span))
}

/// The kind of space after `any`: one of the locale's words, or a terrain
/// of the book (`desert space`, `non-desert space`). A terrain a few edits
/// off one of the book's is one `unknown-name` with the likely terrain and
/// read as it; a word far from every terrain is no kind of space.
pub(crate) fn area(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Area> {
    let t = p.text.trim();
    let city = |a: Area| Area::Both(Box::new(a), Box::new(Area::City));
    for (words, a) in [
        (&w.area_coastal_city, city(Area::Coastal)),
        (&w.area_island_city, city(Area::Island)),
        (&w.area_coastal, Area::Coastal),
        (&w.area_island, Area::Island),
        (&w.area_land, Area::Land),
        (&w.area_city, Area::City),
        (&w.area_place_of_power, Area::PlaceOfPower),
        (&w.area_except_place_of_power, Area::ExceptPlaceOfPower),
        (&w.area_space, Area::Space),
    ] {
        if words.iter().any(|x| eq_ci(x, t)) {
            return Some(a);
        }
    }
    let lead = p.text.len() - p.text.trim_start().len();
    if let Some(kind) = except_place_of_power(ctx, w, p.sub_at(t, lead), diags) {
        return Some(kind);
    }
    for (patterns, non) in [(&w.area_non_terrain, true), (&w.area_terrain, false)] {
        // `{terrain}` reads any words: each pattern is tried in turn.
        let read = best_read(patterns, t, diags, |slots, d| {
            let (name, off) = slot(slots, "terrain")?;
            terrain(ctx, w, p.sub_at(name.trim(), lead + off), d)
        });
        let named = match read {
            Best::Unread => continue,
            Best::Failed => return None,
            Best::Made(named) => named,
        };
        return Some(if non {
            Area::NonTerrain(named)
        } else {
            Area::Terrain(named)
        });
    }
    None
}

/// `non-sea space except a Place of Power`: a kind of space, then the end
/// of the locale's `space except a Place of Power` after its word for a
/// space: a space of both kinds (FORMAT.md 9.3 lets the two be written
/// together). `None` when the text does not end so, or what comes before
/// is no kind of space but `space`.
fn except_place_of_power(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
) -> Option<Area> {
    let t = p.text;
    let tails = w.area_except_place_of_power.iter().flat_map(|pat| {
        w.area_space
            .iter()
            .filter_map(move |s| crate::effect_words::starts_ci(pat, s).map(|n| &pat[n..]))
    });
    for tail in tails {
        let Some(cut) = t.len().checked_sub(tail.len()) else {
            continue;
        };
        if tail.trim().is_empty() || cut == 0 || !t.is_char_boundary(cut) || !eq_ci(&t[cut..], tail)
        {
            continue;
        }
        // A comma before the tail is the reader's pause, not the kind's
        // (`casilla que no sea de mar, salvo un lugar de poder`).
        let kind = t[..cut].trim_end().trim_end_matches(',');
        return match area(ctx, w, p.sub_at(kind, 0), diags)? {
            Area::Space | Area::ExceptPlaceOfPower => None,
            kind => Some(Area::Both(
                Box::new(kind),
                Box::new(Area::ExceptPlaceOfPower),
            )),
        };
    }
    None
}

/// Words a few letters off a kind of space (`coastel space`, `space except
/// a Place of Powr`): one `unknown-name` with the words meant.
fn near_area(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Area> {
    let t = p.text.trim();
    let city = |a: Area| Area::Both(Box::new(a), Box::new(Area::City));
    let kinds = [
        (&w.area_coastal_city, city(Area::Coastal)),
        (&w.area_island_city, city(Area::Island)),
        (&w.area_coastal, Area::Coastal),
        (&w.area_island, Area::Island),
        (&w.area_land, Area::Land),
        (&w.area_city, Area::City),
        (&w.area_place_of_power, Area::PlaceOfPower),
        (&w.area_except_place_of_power, Area::ExceptPlaceOfPower),
        (&w.area_space, Area::Space),
    ];
    let words = kinds
        .iter()
        .flat_map(|(ws, _)| ws.iter().map(String::as_str));
    let close = close_name(words, t)?;
    let (_, area) = kinds.iter().find(|(ws, _)| ws.iter().any(|x| x == close))?;
    diags.push(
        Diagnostic::new(
            "unknown-name",
            p.span(ctx),
            format!("`{t}` is no kind of space"),
        )
        .label("unknown kind of space")
        .with_help(format!("did you mean `{close}`?")),
    );
    Some(area.clone())
}

/// A terrain of `world.terrains` by its name, or by the locale's word for
/// it (`mar` for `sea`); one a few edits off is reported with the likely
/// terrain and read as it.
fn terrain(ctx: &Context, w: &EffectWords, p: Piece, diags: &mut Diagnostics) -> Option<Named> {
    let terrains = &ctx.world.terrains;
    let span = p.span(ctx);
    let by_word = || {
        w.terrain_words
            .iter()
            .filter(|(_, words)| words.iter().any(|x| eq_ci(x, p.text)))
            .find_map(|(id, _)| ctx.world.terrain_named(id))
    };
    if let Some(x) = ctx.world.terrain_named(p.text).or_else(by_word) {
        return Some(Named::new(x.value.clone(), p.text, span));
    }
    let close = ctx.close_name(
        terrains.len(),
        terrains.iter().map(|x| x.value.as_str()),
        p.text,
    );
    let Some(close) = close else {
        if let Some(d) = game_terrain(ctx, w, p.text, span) {
            diags.push(d);
        }
        return None;
    };
    diags.push(
        Diagnostic::new(
            "unknown-name",
            span,
            format!("`{}` is no terrain of this book", p.text),
        )
        .label("unknown terrain")
        .with_help(format!("did you mean `{close}`?")),
    );
    Some(Named::new(close, close, span))
}

/// A terrain of the published game (the locale's `terrain-words`, by id or
/// word: `forest`, `bosque`, or a few letters off one: `forrest`) that
/// this book's `world.terrains` lacks: one
/// `unknown-name` naming the book's terrains. Any other word is no terrain
/// (`any empty space` stays in words).
fn game_terrain(ctx: &Context, w: &EffectWords, text: &str, span: Span) -> Option<Diagnostic> {
    // A few letters off too (`forrest`): a terrain meant all the same.
    let folded = crate::text::fold(text);
    let near = |x: &str| {
        let x = crate::text::fold(x);
        crate::text::near(&folded, &x, crate::text::slack(x.chars().count())).is_some()
    };
    let known =
        (w.terrain_words.iter()).any(|(id, words)| near(id) || words.iter().any(|x| near(x)));
    if !known {
        return None;
    }
    let terrains: Vec<&str> = (ctx.world.terrains.iter())
        .map(|x| x.value.as_str())
        .collect();
    let help = if terrains.is_empty() {
        "this book names no terrains (book.yaml `world.terrains`)".to_owned()
    } else {
        format!(
            "the terrains of this book are {} (book.yaml `world.terrains`)",
            terrains.join(", ")
        )
    };
    Some(
        Diagnostic::new(
            "unknown-name",
            span,
            format!("`{text}` is no terrain of this book"),
        )
        .label("unknown terrain")
        .with_help(help),
    )
}

/// A place of power by its name (or id). `must`: report a name that is
/// none (one finding, with the likely place).
pub(crate) fn place(
    ctx: &Context,
    w: &EffectWords,
    p: Piece,
    diags: &mut Diagnostics,
    must: bool,
) -> Option<Named> {
    let places = &ctx.world.places;
    // A place whose own name starts with an article (`The Valley of Ash`)
    // is named whole; any other after its article.
    let whole = p.text.trim();
    let (name, at) = match ctx.world.place_named(whole) {
        Some(_) => (whole, p.text.len() - p.text.trim_start().len()),
        None => strip_article(w, whole),
    };
    let span = p.sub_at(name, at).span(ctx);
    let found = ctx.world.place_named(name);
    if let Some(pl) = found {
        let shown = pl.name.as_ref().map_or(&pl.id.value, |n| &n.value);
        return Some(Named::new(pl.id.value.clone(), shown.clone(), span));
    }
    // A clause is no misspelt place (`the City of Brass and D1`, `any
    // Place of Power (another player chooses)`): the item stays in words.
    if !must || !is_space_name(ctx, name) {
        return None;
    }
    let names = places.iter().map(|pl| {
        pl.name
            .as_ref()
            .map_or(pl.id.value.as_str(), |n| n.value.as_str())
    });
    let close = ctx.close_name(places.len(), names, name);
    let d = Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` is no place of power of this book"),
    )
    .label("unknown place");
    diags.push(match close {
        Some(c) => d.with_help(format!("did you mean `{c}`?")),
        None => d.with_help("places of power are listed under `world.places` in book.yaml"),
    });
    None
}

/// `a Terrible Storm` of matrix `F`: the row whose name is the phrase or
/// one of its words (`F:Terrible`).
pub(crate) fn row(
    ctx: &Context,
    w: &EffectWords,
    r: Piece,
    m: Piece,
    diags: &mut Diagnostics,
) -> Option<Named> {
    let letter = m.text.trim();
    let Some(matrix) = ctx.matrix(letter) else {
        let letters = ctx.matrices.iter().map(|x| x.letter.value.as_str());
        let help = (ctx.close_name(ctx.matrices.len(), letters, letter)).map_or_else(
            || "the matrices are in matrices.yaml".to_owned(),
            |c| format!("did you mean matrix `{c}`?"),
        );
        diags.push(
            Diagnostic::new("unknown-name", m.span(ctx), format!("no matrix `{letter}`"))
                .label("unknown matrix")
                .with_help(help),
        );
        return None;
    };
    let (name, at) = strip_article(w, r.text.trim());
    let span = r.sub_at(name, at).span(ctx);
    let words = std::iter::once(name).chain(name.split(' '));
    if let Some((_, found)) = words.clone().find_map(|x| matrix.row(x)) {
        let id = format!("{letter}:{}", found.name.value);
        return Some(Named::new(id, name, span));
    }
    let rows = || matrix.rows.iter().map(|x| x.name.value.as_str());
    let close = words
        .clone()
        .find_map(|x| ctx.close_name(matrix.rows.len(), rows(), x).map(|c| (x, c)));
    // A word of the phrase a few edits from a row (`a Terible Storm`): the
    // finding is at that word, the one to mend.
    let (shown, span) = match close {
        Some((word, _)) if word != name => {
            let off = word.as_ptr() as usize - name.as_ptr() as usize;
            (word, r.sub_at(word, at + off).span(ctx))
        }
        _ => (name, span),
    };
    let close = close.map(|(_, c)| c);
    let d = Diagnostic::new(
        "unknown-name",
        span,
        format!("`{shown}` names no row of matrix {letter}"),
    )
    .label("unknown row");
    diags.push(match close {
        Some(c) => d.with_help(format!("did you mean `{c}`?")),
        None => d.with_help(format!(
            "the rows of matrix {letter} are {}",
            rows().collect::<Vec<_>>().join(", ")
        )),
    });
    None
}

/// A wealth level of the book's ladder (reported when it is none, and read
/// as the level it is a few edits from).
pub(crate) fn level(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<usize> {
    let l = ctx.rules.wealth_level(p.text);
    if l.is_none() {
        diags.push(crate::syntax::names::unknown_level(
            ctx,
            p.text,
            p.span(ctx),
        ));
        return crate::syntax::names::close_level(ctx, p.text);
    }
    l
}

/// `1 or 2`, `1, 2 or 3`: faces of a die (one finding for one that is
/// none).
pub(crate) fn faces(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<Vec<u8>> {
    let or = &ctx.locale.or;
    let mut out = Vec::new();
    for part in p.text.split(',') {
        let part = part.trim();
        let part = crate::effect_words::starts_ci(part, or)
            .and_then(|n| part[n..].strip_prefix(' '))
            .unwrap_or(part);
        for face in crate::text::split_word(part, or) {
            // `on a 1 or a 2`: an article before a face.
            let f = strip_article(&ctx.locale.effects, face.trim()).0.trim();
            if let Some(range) = face_range(f) {
                out.extend(range);
                continue;
            }
            let off = f.as_ptr() as usize - p.text.as_ptr() as usize;
            match f.parse::<u8>() {
                Ok(n @ 1..=6) if f.len() == 1 => out.push(n),
                _ => {
                    let at = p.sub_at(f, off);
                    diags.push(
                        Diagnostic::new(
                            "syntax-error",
                            at.span(ctx),
                            format!("`{f}` is no face of a die"),
                        )
                        .label("not 1 to 6")
                        .with_help("a die's faces are 1 to 6"),
                    );
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// `1-3`, `4–6`: the faces from one to the other, both 1 to 6, rising.
pub(super) fn face_range(f: &str) -> Option<std::ops::RangeInclusive<u8>> {
    let (a, b) = f.split_once(['-', '–'])?;
    let a: u8 = a.trim().parse().ok()?;
    let b: u8 = b.trim().parse().ok()?;
    (1 <= a && a < b && b <= 6).then_some(a..=b)
}

/// A glossary name (a near miss reported and read as the name meant).
pub(crate) fn glossary(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<Named> {
    let span = p.span(ctx);
    let id = crate::syntax::names::resolve_one(ctx, p.text, span, diags)?;
    let name = ctx
        .glossary
        .by_id(id.as_str())
        .map_or_else(|| p.text.to_owned(), |e| e.name.value.clone());
    Some(Named::new(id.as_str(), name, span))
}
