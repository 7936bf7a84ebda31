//! A source's typed effects with the translation's names, for printing
//! them in the translation's language (the award `l10n` expects, and what
//! `l10n import` writes): a place of power by its id, a space and a terrain
//! by their position on each book's board and terrain list, a matrix row
//! by its position in its matrix, as `l10n` compares them. A name the
//! translation has no counterpart for is kept.

use crate::ir::{Area, Book, Effect, Named, Typed, Way};

/// `effects` of the source book `s`, named as the translation `t` names them.
pub(super) fn effects(s: &Book, t: &Book, effects: &[Effect]) -> Vec<Effect> {
    effects.iter().map(|e| effect(s, t, e)).collect()
}

fn effect(s: &Book, t: &Book, e: &Effect) -> Effect {
    match e {
        Effect::Typed(x) => Effect::Typed(Box::new(typed(s, t, x))),
        Effect::When { item, when } => Effect::When {
            item: Box::new(effect(s, t, item)),
            when: when.clone(),
        },
        Effect::BySex { opposite, same } => Effect::BySex {
            opposite: Box::new(effect(s, t, opposite)),
            same: Box::new(effect(s, t, same)),
        },
        other => other.clone(),
    }
}

fn typed(s: &Book, t: &Book, x: &Typed) -> Typed {
    match x {
        Typed::Move {
            way: w,
            by_other,
            encounter,
            optional,
        } => Typed::Move {
            way: way(s, t, w),
            by_other: *by_other,
            encounter: *encounter,
            optional: *optional,
        },
        Typed::Opportunity {
            place: Some(p),
            by_other,
        } => Typed::Opportunity {
            place: Some(place(t, p).unwrap_or(p.clone())),
            by_other: *by_other,
        },
        Typed::Destination {
            way: w,
            by_other,
            arrival,
        } => Typed::Destination {
            way: way(s, t, w),
            by_other: *by_other,
            arrival: effects(s, t, arrival),
        },
        Typed::Encounter { row: r, next_turn } => Typed::Encounter {
            row: row(s, t, r).unwrap_or(r.clone()),
            next_turn: *next_turn,
        },
        Typed::ChoiceOf(items) => Typed::ChoiceOf(effects(s, t, items)),
        Typed::Roll { faces, items } => Typed::Roll {
            faces: faces.clone(),
            items: effects(s, t, items),
        },
        other => other.clone(),
    }
}

fn way(s: &Book, t: &Book, w: &Way) -> Way {
    match w {
        Way::To(n) => Way::To(place(t, n).or_else(|| space(s, t, n)).unwrap_or(n.clone())),
        Way::Place(n) => Way::Place(place(t, n).unwrap_or(n.clone())),
        Way::Any(a) => Way::Any(area(s, t, a)),
        Way::Nearest(a) => Way::Nearest(area(s, t, a)),
        other => other.clone(),
    }
}

/// A kind of space, its terrains (at any depth) named as the translation
/// names them.
fn area(s: &Book, t: &Book, a: &Area) -> Area {
    match a {
        Area::Terrain(n) => Area::Terrain(terrain(s, t, n)),
        Area::NonTerrain(n) => Area::NonTerrain(terrain(s, t, n)),
        Area::Both(x, y) => Area::Both(Box::new(area(s, t, x)), Box::new(area(s, t, y))),
        other => other.clone(),
    }
}

/// A place of power by its id, with the translation's name.
fn place(t: &Book, n: &Named) -> Option<Named> {
    let name = &t.manifest.world.place(&n.id)?.name.as_ref()?.value;
    Some(Named::new(n.id.clone(), name.clone(), n.span))
}

/// A matrix row (`A:Lonely`) by its position in the two books' matrix.
fn row(s: &Book, t: &Book, n: &Named) -> Option<Named> {
    let (m, r) = n.id.split_once(':')?;
    let (i, _) = s.matrix(m)?.row(r)?;
    let name = &t.matrix(m)?.rows.get(i)?.name.value;
    Some(Named::new(format!("{m}:{name}"), name.clone(), n.span))
}

/// A space by its position on the two boards.
fn space(s: &Book, t: &Book, n: &Named) -> Option<Named> {
    let i = s.board.as_ref()?.position(&n.id)?;
    let name = &t.board.as_ref()?.spaces.get(i)?.name.value;
    Some(Named::new(name.clone(), name.clone(), n.span))
}

/// A terrain by its position in the two books' `world.terrains`, named by
/// the translation's locale word for it when it has one (`mar` for `sea`).
fn terrain(s: &Book, t: &Book, n: &Named) -> Named {
    let i = s
        .manifest
        .world
        .terrains
        .iter()
        .position(|x| x.value == n.id);
    match i.and_then(|i| t.manifest.world.terrains.get(i)) {
        Some(v) => {
            let words = &t.manifest.locale.effects.terrain_words;
            let word = words.get(&v.value).and_then(|w| w.first());
            Named::new(v.value.clone(), word.unwrap_or(&v.value).clone(), n.span)
        }
        None => n.clone(),
    }
}
