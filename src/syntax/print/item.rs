//! Award items as the book prints them, in its language: points, names,
//! go-tos, and the typed effects of section 9.3 by the first pattern of
//! each form in the locale's `effects:` table.

use crate::effect_words::{fill, first};
use crate::ir::{Area, Bound, Effect, Expr, Glossary, Loss, Note, Rules, Typed, Way};
use crate::locale::Locale;
use std::fmt::Write as _;

/// Printing context: the book's words and tables.
pub struct Words<'a> {
    pub locale: &'a Locale,
    pub glossary: &'a Glossary,
    pub rules: &'a Rules,
}

impl Words<'_> {
    fn item(&self, e: &Effect) -> String {
        item(e, self.locale, self.glossary, self.rules)
    }

    fn name(&self, id: &str) -> String {
        self.glossary
            .by_id(id)
            .map_or_else(|| id.to_owned(), |e| e.name.value.clone())
    }

    fn level(&self, i: usize) -> String {
        self.rules
            .wealth
            .get(i)
            .map_or_else(|| "?".to_owned(), |w| w.name.value.clone())
    }

    fn number(&self, n: u32) -> String {
        let words = &self.locale.effects.numbers;
        usize::try_from(n)
            .ok()
            .and_then(|i| words.get(i.checked_sub(1)?))
            .map_or_else(|| n.to_string(), Clone::clone)
    }

    /// `A, B and C`, `A or B`.
    fn list(names: &[String], word: &str) -> String {
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} {word} {last}", rest.join(", "))
            }
            _ => names.join(""),
        }
    }
}

/// `Beloved {!married}`, `Respected if opposite gender or ...`, or a typed
/// form.
pub fn effect_item(w: &Words, e: &Effect) -> String {
    let x = &w.locale.effects;
    match e {
        Effect::When { item, when } => format!("{} {{{}}}", w.item(item), expr(w, when)),
        Effect::BySex { opposite, same } => fill(
            first(&x.by_sex),
            &[("a", &w.item(opposite)), ("b", &w.item(same))],
        ),
        Effect::Typed(t) => typed(w, t),
        other => w.item(other),
    }
}

fn typed(w: &Words, t: &Typed) -> String {
    let x = &w.locale.effects;
    match t {
        Typed::Move {
            way: how,
            by_other,
            encounter,
            optional,
        } => {
            let pat = match (by_other, optional) {
                (true, _) => &x.move_other,
                (false, true) => &x.may_move,
                (false, false) => &x.r#move,
            };
            let mut s = fill(first(pat), &[("way", &way(w, how))]);
            if *encounter {
                s.push_str(first(&x.and_encounter));
            }
            s
        }
        Typed::Encounter { row, next_turn } => {
            let pat = if *next_turn {
                &x.encounter_next
            } else {
                &x.encounter_now
            };
            let matrix = row.id.split(':').next().unwrap_or("");
            fill(first(pat), &[("row", &row.name), ("matrix", matrix)])
        }
        Typed::Opportunity { place, by_other } => {
            let mut s = match place {
                None => first(&x.opportunity_any).to_owned(),
                Some(p) => fill(first(&x.opportunity), &[("place", &p.name)]),
            };
            if *by_other {
                s.push_str(first(&x.by_other));
            }
            s
        }
        Typed::Destination {
            way: how,
            by_other,
            arrival,
        } => {
            let pat = match (by_other, arrival.is_empty()) {
                (true, false) => &x.destination_other,
                (false, false) => &x.destination,
                (true, true) => &x.destination_other_bare,
                (false, true) => &x.destination_bare,
            };
            let items: Vec<String> = arrival.iter().map(|e| w.item(e)).collect();
            let at = place(w, how);
            // Two items or more: `A and B` (`/` would end the item).
            let items = Words::list(&items, &w.locale.and);
            fill(first(pat), &[("where", &at), ("items", &items)])
        }
        Typed::Lose {
            loss: l,
            optional,
            by_other,
        } => lose(w, l, *optional, *by_other),
        _ => more(w, t),
    }
}

/// `Lose ...`, `You may lose ...`, `Lose one skill (another player
/// chooses)`.
fn lose(w: &Words, l: &Loss, optional: bool, by_other: bool) -> String {
    let x = &w.locale.effects;
    let verb = if optional {
        first(&x.may_lose)
    } else {
        &w.locale.lose
    };
    if !by_other {
        return format!("{verb} {}", loss(w, l));
    }
    // What another player picks, without `of your choice`.
    let picked = |i: usize| x.loss_picked_by_other.get(i).cloned();
    let what = match l {
        Loss::OneStatus => picked(0),
        Loss::OneSkill => picked(1),
        Loss::OneTreasure { .. } => picked(2),
        _ => None,
    };
    let what = what.unwrap_or_else(|| loss(w, l));
    format!("{verb} {what}{}", first(&x.by_other))
}

fn more(w: &Words, t: &Typed) -> String {
    let x = &w.locale.effects;
    match t {
        Typed::ChoiceOf(items) => {
            let arms: Vec<String> = items.iter().map(|e| w.item(e)).collect();
            format!(
                "{} {}",
                w.locale.choice_of,
                arms.join(&format!(" {} ", w.locale.or))
            )
        }
        Typed::AnySkill { one_use, new } => first(match (one_use, new) {
            (_, true) => &x.any_skill_new,
            (true, false) => &x.any_skill_one_use,
            (false, false) => &x.any_skill,
        })
        .to_owned(),
        Typed::OneUse { id, master } => {
            let pat = if *master {
                &x.master_one_use
            } else {
                &x.one_use
            };
            fill(first(pat), &[("name", &w.name(&id.id))])
        }
        Typed::SetWealth {
            level,
            destiny_per_level,
        } => {
            let mut s = fill(first(&x.set_wealth), &[("level", &w.level(*level))]);
            if *destiny_per_level {
                s.push_str(first(&x.per_level_lost));
            }
            s
        }
        Typed::Roll { faces, items } => {
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            let items: Vec<String> = items.iter().map(|e| w.item(e)).collect();
            let faces = Words::list(&faces, &w.locale.or);
            fill(
                first(&x.roll),
                &[("faces", &faces), ("items", &items.join(" / "))],
            )
        }
        Typed::RollWealth { max: None } => first(&x.roll_wealth).to_owned(),
        Typed::RollWealth { max: Some(l) } => {
            fill(first(&x.roll_wealth_max), &[("level", &w.level(*l))])
        }
        Typed::DrawTreasures { keep_one: true } => first(&x.draw_keep).to_owned(),
        Typed::DrawTreasures { keep_one: false } => first(&x.draw).to_owned(),
        Typed::SearchTreasures => first(&x.search).to_owned(),
        Typed::ReactAgain { cost: 0 } => fill(first(&x.react_again), &[("any", "")]),
        Typed::ReactAgain { .. } => first(&x.react_spend).to_owned(),
        _ => String::new(),
    }
}

fn way(w: &Words, how: &Way) -> String {
    let x = &w.locale.effects;
    match how {
        Way::To(_) | Way::Place(_) | Way::Any(_) => {
            fill(first(&x.to), &[("where", &place(w, how))])
        }
        Way::Nearest(_) => fill(first(&x.to), &[("where", &place(w, how))]),
        Way::Along(inner, kind) => {
            let by = match kind {
                crate::ir::RouteKind::Sea => &x.by_sea,
                crate::ir::RouteKind::Land => &x.by_land,
            };
            format!("{}{}", way(w, inner), first(by))
        }
        Way::Spaces(n) => fill(counted(&x.spaces, *n), &[("n", &w.number(*n))]),
        Way::UpTo(n) => fill(counted(&x.up_to, *n), &[("n", &w.number(*n))]),
        Way::Exactly(n) => fill(counted(&x.exactly, *n), &[("n", &w.number(*n))]),
    }
}

/// The pattern of a count form for `n`: the first (plural) one, or for one
/// the second, which the locale tables write in the singular (`one space`,
/// `una casilla`, `de une case`).
fn counted(patterns: &[String], n: u32) -> &str {
    match patterns.get(1) {
        Some(singular) if n == 1 => singular,
        _ => first(patterns),
    }
}

/// A space or place by name, or `any TARGET`.
fn place(w: &Words, how: &Way) -> String {
    let x = &w.locale.effects;
    match how {
        Way::To(n) | Way::Place(n) => n.name.clone(),
        Way::Any(a) => fill(first(&x.any), &[("area", &area(w, a))]),
        Way::Nearest(a) => fill(first(&x.nearest), &[("area", &area(w, a))]),
        other => way(w, other),
    }
}

fn area(w: &Words, a: &Area) -> String {
    let x = &w.locale.effects;
    first(match a {
        Area::Space => &x.area_space,
        Area::City => &x.area_city,
        Area::Coastal => &x.area_coastal,
        Area::Island => &x.area_island,
        Area::Land => &x.area_land,
        Area::PlaceOfPower => &x.area_place_of_power,
        Area::ExceptPlaceOfPower => &x.area_except_place_of_power,
        Area::Terrain(t) => return fill(first(&x.area_terrain), &[("terrain", &t.name)]),
        Area::NonTerrain(t) => {
            return fill(first(&x.area_non_terrain), &[("terrain", &t.name)]);
        }
        Area::Both(a, b) => match (&**a, &**b) {
            (Area::Coastal, Area::City) => &x.area_coastal_city,
            (Area::Island, Area::City) => &x.area_island_city,
            // `non-sea space except a Place of Power`: the kind, then the
            // locale's `space except a Place of Power` after its `space`.
            (kind, Area::ExceptPlaceOfPower) => {
                let except = first(&x.area_except_place_of_power);
                let tail = crate::effect_words::starts_ci(except, first(&x.area_space))
                    .map_or(except, |n| &except[n..]);
                return format!("{}{tail}", area(w, kind));
            }
            // No book writes another pair (the reader makes none).
            _ => return format!("{} {}", area(w, a), area(w, b)),
        },
    })
    .to_owned()
}

fn loss(w: &Words, l: &Loss) -> String {
    let x = &w.locale.effects;
    let names =
        |ns: &[crate::ir::Named]| -> Vec<String> { ns.iter().map(|n| w.name(&n.id)).collect() };
    match l {
        Loss::OneStatus => first(&x.loss_one_status).to_owned(),
        Loss::AnyStatuses => first(&x.loss_any_statuses).to_owned(),
        Loss::OneSkill => first(&x.loss_one_skill).to_owned(),
        Loss::OneTreasure { choice: true } => first(&x.loss_one_treasure_choice).to_owned(),
        Loss::OneTreasure { choice: false } => first(&x.loss_one_treasure).to_owned(),
        Loss::AllTreasures => first(&x.loss_all_treasures).to_owned(),
        Loss::AllStatuses => first(&x.loss_all_statuses).to_owned(),
        Loss::AllSkills => first(&x.loss_all_skills).to_owned(),
        Loss::AllLevels(n) => fill(first(&x.loss_all_levels), &[("name", &w.name(&n.id))]),
        Loss::All(ns) => Words::list(&names(ns), &w.locale.and),
        Loss::Either(ns) => names(ns).join(&format!(" {} ", w.locale.or)),
    }
}

/// A condition as the format writes it between braces: `!married`.
pub fn expr(w: &Words, e: &Expr) -> String {
    let wrap = |e: &Expr| match e {
        Expr::All(_) | Expr::Any(_) => format!("({})", expr(w, e)),
        _ => expr(w, e),
    };
    match e {
        Expr::Has(id) => id.as_str().to_owned(),
        Expr::Master(id) => format!("{}:master", id.as_str()),
        Expr::AnyTreasure => "treasure".to_owned(),
        Expr::Gender(g) => g.as_str().to_owned(),
        Expr::Other(g) => format!("other-{}", g.as_str()),
        Expr::OppositeSex => "opposite-sex".to_owned(),
        Expr::Wealth(c, l) => format!("wealth {} {}", c.as_str(), w.level(*l)),
        Expr::Points(t, c, n) => {
            let t = match t {
                crate::ir::PointsTrack::Destiny => "destiny",
                crate::ir::PointsTrack::Story => "story",
            };
            format!("{t} {} {n}", c.as_str())
        }
        Expr::Terrain(t) => format!("terrain = {t}"),
        Expr::Skills(c, n) => format!("skills {} {n}", c.as_str()),
        Expr::Not(e) => format!("!{}", wrap(e)),
        Expr::All(es) => es.iter().map(wrap).collect::<Vec<_>>().join(" & "),
        Expr::Any(es) => es.iter().map(wrap).collect::<Vec<_>>().join(" | "),
    }
}

/// `[D2 / S1 / W+1 (max Poor)]` for these effects.
pub fn award(effects: &[Effect], locale: &Locale, glossary: &Glossary, rules: &Rules) -> String {
    let items: Vec<String> = effects
        .iter()
        .map(|e| item(e, locale, glossary, rules))
        .collect();
    format!("[{}]", items.join(" / "))
}

fn signed(n: i32) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

fn name(id: &str, glossary: &Glossary) -> String {
    glossary
        .by_id(id)
        .map_or_else(|| id.to_owned(), |e| e.name.value.clone())
}

/// One item as the book would print it.
pub fn item(effect: &Effect, locale: &Locale, glossary: &Glossary, rules: &Rules) -> String {
    match effect {
        Effect::Destiny(n) => format!("{}{n}", locale.destiny),
        Effect::Story(n) => format!("{}{n}", locale.story),
        Effect::Wealth { delta, bound } => {
            let mut s = format!("{}{}", locale.wealth, signed(*delta));
            if let Some(Bound { max, level }) = bound {
                let kw = if *max { &locale.max } else { &locale.min };
                let kw = kw.first().map_or("max", String::as_str);
                let level = rules
                    .wealth
                    .get(*level)
                    .map_or("?", |w| w.name.value.as_str());
                let _ = write!(s, " ({kw}{}{level})", locale.bound_separator);
            }
            s
        }
        Effect::Gain { id, note } => match note {
            None => name(id, glossary),
            Some(Note::Turns(n)) => {
                let unit = if *n == 1 { &locale.turn } else { &locale.turns };
                format!("{} ({n} {unit})", name(id, glossary))
            }
            Some(Note::Text(t)) => format!("{} ({t})", name(id, glossary)),
        },
        Effect::Lose(id) => format!("{} {}", locale.lose, name(id, glossary)),
        Effect::Master(ids) if ids.len() == 1 => {
            format!("{} {}", locale.master, name(&ids[0], glossary))
        }
        Effect::Master(ids) => {
            let names: Vec<String> = ids.iter().map(|i| name(i, glossary)).collect();
            format!(
                "{} {}",
                names.join(&format!(" {} ", locale.and)),
                locale.master_suffix
            )
        }
        Effect::Choice(ids) => {
            let names: Vec<String> = ids.iter().map(|i| name(i, glossary)).collect();
            format!(
                "{} {}",
                locale.choice_of,
                names.join(&format!(" {} ", locale.or))
            )
        }
        Effect::RandomTreasure => locale.treasure.clone(),
        Effect::Goto(t) => t.to_string(),
        Effect::GotoSection { paragraph, section } => {
            go_to_section(*paragraph, &section_name(section, locale, glossary), locale)
        }
        Effect::Death => locale.death.clone(),
        Effect::FreeText(t) => t.clone(),
        Effect::Typed(_) | Effect::When { .. } | Effect::BySex { .. } => {
            let words = Words {
                locale,
                glossary,
                rules,
            };
            effect_item(&words, effect)
        }
    }
}

/// A section a go-to names, as its heading is written: a glossary name in
/// capitals, or the locale's words for a heading key (`no-skill`,
/// `any-treasure`, `female`, `male`, `any-N-skills`).
pub fn section_name(key: &str, locale: &Locale, glossary: &Glossary) -> String {
    let skills = key
        .strip_prefix("any-")
        .and_then(|k| k.strip_suffix("-skills"))
        .filter(|n| n.parse::<u32>().is_ok());
    match key {
        "no-skill" => locale.no_skill.clone(),
        "any-treasure" => locale.any_treasure.clone(),
        "female" => locale.female.clone(),
        "male" => locale.male.clone(),
        _ => match skills {
            Some(n) => crate::locale::fill(&locale.any_skills, n),
            None => name(key, glossary).to_uppercase(),
        },
    }
}

/// `Go to paragraph 83 and read the PIETY paragraph`, `Read the PIETY
/// paragraph below`: the locale's first pattern, its blank filled.
fn go_to_section(paragraph: Option<u32>, name: &str, locale: &Locale) -> String {
    let fill = |patterns: &[String]| {
        patterns
            .first()
            .map_or_else(String::new, |p| crate::locale::fill(p, name))
    };
    match paragraph {
        Some(n) => format!("{} {n} {}", locale.go_to, fill(&locale.read_section)),
        None => fill(&locale.read_below),
    }
}
