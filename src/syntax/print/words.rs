//! Award items in plain words, for `play`, `play --read`, notes and
//! proofreading: `story +1`, `move: any coastal space (another player
//! chooses)`.

use crate::ir::{Area, Book, Effect, Loss, Named, Typed, Way};
use crate::syntax::print::item::{Words, expr, section_name};

/// A typed effect in words.
pub fn typed(book: &Book, t: &Typed) -> String {
    let level = |i: usize| {
        book.manifest
            .rules
            .wealth
            .get(i)
            .map_or("?".to_owned(), |w| w.name.value.clone())
    };
    match t {
        Typed::Move {
            way: w,
            by_other,
            encounter,
            optional,
        } => moved(w, *by_other, *encounter, *optional),
        Typed::Encounter { row, next_turn } => {
            let (m, r) = row.id.split_once(':').unwrap_or(("?", &row.id));
            let when = if *next_turn { "next turn" } else { "now" };
            format!("encounter {r} (matrix {m}) {when}")
        }
        Typed::Opportunity { place, by_other } => format!(
            "opportunity to enter {}{}",
            place
                .as_ref()
                .map_or("any place of power", |p| p.name.as_str()),
            if *by_other {
                " (another player chooses)"
            } else {
                ""
            }
        ),
        Typed::Destination {
            way: w,
            by_other,
            arrival,
        } => {
            let items: Vec<String> = arrival.iter().map(|e| words(book, e)).collect();
            let who = if *by_other {
                " (another player chooses)"
            } else {
                ""
            };
            if items.is_empty() {
                return format!("destination marker: {}{who}", way(w));
            }
            format!(
                "destination marker: {}{who}; on arrival: {}",
                way(w),
                items.join(", ")
            )
        }
        Typed::Lose {
            loss: l,
            optional,
            by_other,
        } => {
            let may = if *optional { " (if you wish)" } else { "" };
            let who = if *by_other {
                " (another player chooses)"
            } else {
                ""
            };
            format!("lose {}{may}{who}", loss(book, l))
        }
        _ => more(book, t, &level),
    }
}

/// `move: any coastal space (another player chooses)`, `may move: ...`.
fn moved(w: &Way, by_other: bool, encounter: bool, optional: bool) -> String {
    let may = if optional { "may " } else { "" };
    let mut s = format!("{may}move: {}", way(w));
    if encounter {
        s.push_str(if matches!(w, Way::Place(_)) {
            ", then its encounter, then to its exit"
        } else {
            ", then an immediate encounter there"
        });
    }
    if by_other {
        s.push_str(" (another player chooses)");
    }
    s
}

fn more(book: &Book, t: &Typed, level: &dyn Fn(usize) -> String) -> String {
    match t {
        Typed::ChoiceOf(items) => {
            let arms: Vec<String> = items.iter().map(|e| words(book, e)).collect();
            format!("choose: {}", arms.join(" or "))
        }
        Typed::AnySkill { one_use, new } => format!(
            "gain any skill{}{}",
            if *new { " you do not have" } else { "" },
            if *one_use { " (1 use)" } else { "" }
        ),
        Typed::OneUse { id, master } => format!(
            "gain {}{} for one use",
            name(book, id),
            if *master { " at Master level" } else { "" }
        ),
        Typed::SetWealth {
            level: l,
            destiny_per_level,
        } => format!(
            "wealth becomes {}{}",
            level(*l),
            if *destiny_per_level {
                ", destiny +1 for each level lost"
            } else {
                ""
            }
        ),
        Typed::Roll { faces, items } => {
            let items: Vec<String> = items.iter().map(|e| words(book, e)).collect();
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            format!(
                "roll a die: on {}, {}",
                faces.join(" or "),
                items.join(", ")
            )
        }
        Typed::RollWealth { max } => format!(
            "roll a die: wealth + the roll{}",
            max.map_or(String::new(), |l| format!(" (at most {})", level(l)))
        ),
        Typed::DrawTreasures { keep_one: true } => "draw two treasures, keep one".to_owned(),
        Typed::DrawTreasures { keep_one: false } => "draw two treasures".to_owned(),
        Typed::SearchTreasures => "take any treasure from the deck".to_owned(),
        Typed::ReactAgain { cost: 0 } => "react again, choosing a different reaction".to_owned(),
        Typed::ReactAgain { cost } => format!("may spend destiny {cost} to react again"),
        _ => String::new(),
    }
}

/// `Basra`, `any coastal space`, `2 spaces`.
pub fn way(w: &Way) -> String {
    match w {
        Way::To(n) => n.name.clone(),
        Way::Place(n) => format!("{} (place of power)", n.name),
        Way::Any(a) => format!("any {}", area(a)),
        Way::Nearest(a) => format!("the nearest {}", area(a)),
        Way::Along(w, kind) => format!("{} by {}", way(w), kind.as_str()),
        Way::Spaces(n) => format!(
            "{} in any direction",
            crate::text::count(*n as usize, "space")
        ),
        Way::UpTo(n) => format!("up to {}", crate::text::count(*n as usize, "space")),
        Way::Exactly(n) => format!(
            "exactly {} in any direction",
            crate::text::count(*n as usize, "space")
        ),
    }
}

fn area(a: &Area) -> String {
    match a {
        Area::Space => "space".to_owned(),
        Area::City => "city".to_owned(),
        Area::Coastal => "coastal space".to_owned(),
        Area::Island => "island space".to_owned(),
        Area::Land => "land space".to_owned(),
        Area::PlaceOfPower => "place of power".to_owned(),
        Area::ExceptPlaceOfPower => "space except a place of power".to_owned(),
        Area::Terrain(t) => format!("{} space", t.name),
        Area::NonTerrain(t) => format!("non-{} space", t.name),
        Area::Both(a, b) => match (&**a, &**b) {
            (Area::Coastal, Area::City) => "coastal city".to_owned(),
            (Area::Island, Area::City) => "island city".to_owned(),
            (kind, Area::ExceptPlaceOfPower) => format!("{} except a place of power", area(kind)),
            _ => format!("{} and {}", area(a), area(b)),
        },
    }
}

fn name(book: &Book, n: &Named) -> String {
    book.glossary
        .by_id(&n.id)
        .map_or_else(|| n.name.clone(), |e| e.name.value.clone())
}

fn loss(book: &Book, l: &Loss) -> String {
    let names = |ns: &[Named]| ns.iter().map(|n| name(book, n)).collect::<Vec<_>>();
    match l {
        Loss::OneStatus => "one status of your choice".to_owned(),
        Loss::AnyStatuses => "any statuses of your choice".to_owned(),
        Loss::OneSkill => "one skill of your choice".to_owned(),
        Loss::OneTreasure { choice: true } => "one treasure of your choice".to_owned(),
        Loss::OneTreasure { choice: false } => "one treasure".to_owned(),
        Loss::AllTreasures => "all treasures".to_owned(),
        Loss::AllStatuses => "all statuses".to_owned(),
        Loss::AllSkills => "all skills".to_owned(),
        Loss::AllLevels(n) => format!("all levels of {}", name(book, n)),
        Loss::All(ns) => names(ns).join(" and "),
        Loss::Either(ns) => format!("{} (your choice)", names(ns).join(" or ")),
    }
}

/// An award item in words, for notes and proofreading: `story +1`,
/// `wealth +1 (at most Rich)`, `gain Wounded for 1 encounter`.
pub fn words(book: &crate::ir::Book, e: &Effect) -> String {
    let heading =
        |id: &crate::ir::Id| section_name(id.as_str(), &book.manifest.locale, &book.glossary);
    let name = |id: &str| {
        book.glossary
            .by_id(id)
            .map_or(id.to_owned(), |g| g.name.value.clone())
    };
    let level = |i: usize| {
        book.manifest
            .rules
            .wealth
            .get(i)
            .map_or("?".to_owned(), |w| w.name.value.clone())
    };
    match e {
        Effect::Destiny(n) => format!("destiny {n:+}"),
        Effect::Story(n) => format!("story {n:+}"),
        Effect::Wealth { delta, bound } => match bound {
            Some(b) if b.max => format!("wealth {delta:+} (at most {})", level(b.level)),
            Some(b) => format!("wealth {delta:+} (at least {})", level(b.level)),
            None => format!("wealth {delta:+}"),
        },
        Effect::Gain { id, note } => match note {
            Some(crate::ir::Note::Turns(n)) => {
                format!(
                    "gain {} for {}",
                    name(id),
                    crate::text::count(*n as usize, "encounter")
                )
            }
            Some(crate::ir::Note::Text(t)) => format!("gain {} ({t})", name(id)),
            None => format!("gain {}", name(id)),
        },
        Effect::Lose(id) => format!("lose {}", name(id)),
        Effect::Master(ids) => format!(
            "Master {}",
            ids.iter()
                .map(|i| name(i))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Effect::Choice(ids) => format!(
            "choose {}",
            ids.iter().map(|i| name(i)).collect::<Vec<_>>().join(" or ")
        ),
        Effect::RandomTreasure => "a random treasure".to_owned(),
        Effect::Goto(t) => format!("go to {t}"),
        Effect::GotoSection {
            paragraph: Some(n),
            section,
        } => format!("go to @{n}, the {} section", heading(section)),
        Effect::GotoSection {
            paragraph: None,
            section,
        } => format!("take the {} section below", heading(section)),
        Effect::Death => "death".to_owned(),
        Effect::FreeText(t) => format!("\"{t}\" (done by hand)"),
        Effect::Typed(t) => typed(book, t),
        Effect::When { item, when } => {
            let w = Words {
                locale: &book.manifest.locale,
                glossary: &book.glossary,
                rules: &book.manifest.rules,
            };
            format!("{} if {{{}}}", words(book, item), expr(&w, when))
        }
        Effect::BySex { opposite, same } => format!(
            "{} if of the opposite sex, else {}",
            words(book, opposite),
            words(book, same)
        ),
    }
}
