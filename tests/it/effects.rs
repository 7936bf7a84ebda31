//! The effects awards name in words (FORMAT.md section 9.3) and the
//! conditional award items (section 2b): every form printed from the IR in
//! English, Spanish and French reads back as the same effect; each form
//! read from a book; each broken one a single finding.

use crate::common;
use common::{book_with, check, codes, fixture};
use proptest::prelude::*;
use std::fmt::Write as _;
use tales::diagnostic::Diagnostics;
use tales::ir::{Area, Book, Effect, Expr, Gender, Id, Loss, Named, Note, RouteKind, Typed, Way};
use tales::span::{FileId, Span};
use tales::syntax::{Context, award, print};

fn books() -> &'static [Book; 3] {
    static BOOKS: std::sync::OnceLock<[Book; 3]> = std::sync::OnceLock::new();
    BOOKS.get_or_init(|| {
        [
            check(&fixture("spec-example-v2")).book,
            check(&fixture("spec-example-v2-es")).book,
            check(&fixture("fr-mini")).book,
        ]
    })
}

fn ctx(book: &Book) -> Context<'_> {
    Context::of(book, FileId(0))
}

fn named(id: &str, name: &str) -> Named {
    Named::new(id, name, Span::new(FileId(0), 0, 0))
}

fn typed(t: Typed) -> Effect {
    Effect::Typed(Box::new(t))
}

/// The names a book offers its effects: glossary entries, a place, a row,
/// a terrain, the wealth ladder's length.
struct Names {
    entries: Vec<Named>,
    places: Vec<Named>,
    rows: Vec<Named>,
    terrains: Vec<Named>,
    all_terrains: Vec<Named>,
    levels: usize,
}

fn names(book: &Book) -> Names {
    let w = &book.manifest.world;
    Names {
        entries: book
            .glossary
            .entries
            .iter()
            .map(|e| named(e.id.value.as_str(), &e.name.value))
            .collect(),
        places: w
            .places
            .iter()
            .filter_map(|p| Some(named(&p.id.value, &p.name.as_ref()?.value)))
            .collect(),
        rows: book
            .matrices
            .iter()
            .flat_map(|m| {
                m.rows.iter().map(|r| {
                    named(
                        &format!("{}:{}", m.letter.value, r.name.value),
                        &r.name.value,
                    )
                })
            })
            .collect(),
        // `any city space` is `any city`: the terrain `city` is the city area.
        terrains: w
            .terrains
            .iter()
            .filter(|t| t.value != "city")
            .map(|t| named(&t.value, &t.value))
            .collect(),
        all_terrains: w
            .terrains
            .iter()
            .map(|t| named(&t.value, &t.value))
            .collect(),
        levels: book.manifest.rules.wealth.len(),
    }
}

fn pick(v: &[Named]) -> BoxedStrategy<Named> {
    if v.is_empty() {
        Just(named("Dunes", "Dunes")).boxed()
    } else {
        proptest::sample::select(v.to_vec()).boxed()
    }
}

fn way(n: &Names) -> BoxedStrategy<Way> {
    let mut areas = vec![
        Just(Area::Space).boxed(),
        Just(Area::City).boxed(),
        Just(Area::Coastal).boxed(),
        Just(Area::Island).boxed(),
        Just(Area::Land).boxed(),
        Just(Area::PlaceOfPower).boxed(),
        Just(Area::ExceptPlaceOfPower).boxed(),
    ];
    if !n.terrains.is_empty() {
        areas.push(pick(&n.terrains).prop_map(Area::Terrain).boxed());
    }
    // `any non-city space` is a terrain's complement like any other.
    areas.push(pick(&n.all_terrains).prop_map(Area::NonTerrain).boxed());
    // Beyond 9.3: a space of two kinds, `any coastal city`.
    let city = |a: Area| Area::Both(Box::new(a), Box::new(Area::City));
    areas.push(Just(city(Area::Coastal)).boxed());
    areas.push(Just(city(Area::Island)).boxed());
    let areas = proptest::strategy::Union::new(areas);
    let count = prop_oneof![
        (1u32..=6).prop_map(Way::Spaces),
        (1u32..=6).prop_map(Way::UpTo),
        (1u32..=6).prop_map(Way::Exactly),
    ];
    let route = prop_oneof![Just(RouteKind::Sea), Just(RouteKind::Land)];
    let mut ways = vec![
        areas.clone().prop_map(Way::Any).boxed(),
        // Beyond 9.3: the nearest space of a kind (a kind with a route to
        // it), a count along one kind of route.
        areas
            .prop_filter("a kind with a nearest space", |a| {
                !matches!(
                    a,
                    Area::Space | Area::PlaceOfPower | Area::ExceptPlaceOfPower
                )
            })
            .prop_map(Way::Nearest)
            .boxed(),
        (count, route)
            .prop_map(|(w, r)| Way::Along(Box::new(w), r))
            .boxed(),
        Just(Way::To(named("Dunes", "Dunes"))).boxed(),
        (1u32..=6).prop_map(Way::Spaces).boxed(),
        (1u32..=6).prop_map(Way::UpTo).boxed(),
        (1u32..=6).prop_map(Way::Exactly).boxed(),
    ];
    if !n.places.is_empty() {
        ways.push(pick(&n.places).prop_map(Way::Place).boxed());
    }
    proptest::strategy::Union::new(ways).boxed()
}

/// A simple item an effect may hold: points, a treasure, a glossary name.
fn simple(n: &Names) -> BoxedStrategy<Effect> {
    prop_oneof![
        (1i32..5).prop_map(Effect::Destiny),
        (-3i32..5).prop_map(Effect::Story),
        Just(Effect::RandomTreasure),
        pick(&n.entries).prop_map(|e| Effect::Gain {
            id: Id::from(e.id.as_str()),
            note: None
        }),
    ]
    .boxed()
}

fn losses(n: &Names) -> BoxedStrategy<Loss> {
    let two = proptest::sample::subsequence(n.entries.clone(), 2..4);
    prop_oneof![
        Just(Loss::OneStatus),
        Just(Loss::AnyStatuses),
        Just(Loss::OneSkill),
        any::<bool>().prop_map(|choice| Loss::OneTreasure { choice }),
        Just(Loss::AllTreasures),
        Just(Loss::AllStatuses),
        Just(Loss::AllSkills),
        pick(&n.entries).prop_map(Loss::AllLevels),
        two.clone().prop_map(Loss::All),
        two.prop_map(Loss::Either),
    ]
    .boxed()
}

fn effect(n: &Names) -> BoxedStrategy<Effect> {
    let mut forms = vec![
        (way(n), any::<bool>(), any::<bool>(), any::<bool>())
            .prop_map(|(way, by_other, encounter, optional)| {
                typed(Typed::Move {
                    way,
                    by_other,
                    encounter,
                    // `You may move`: the player's own move.
                    optional: optional && !by_other,
                })
            })
            .boxed(),
        any::<bool>()
            .prop_map(|by_other| {
                typed(Typed::Opportunity {
                    place: None,
                    by_other,
                })
            })
            .boxed(),
        (
            way(n),
            any::<bool>(),
            proptest::collection::vec(simple(n), 0..3),
        )
            .prop_map(|(way, by_other, e)| {
                // The marker alone on a place of power is its opportunity.
                let place = |w: &Way| matches!(w, Way::Place(_) | Way::Any(Area::PlaceOfPower));
                typed(Typed::Destination {
                    way: match way {
                        Way::Spaces(_) | Way::UpTo(_) | Way::Exactly(_) | Way::Along(..) => {
                            Way::Any(Area::City)
                        }
                        w if e.is_empty() && place(&w) => Way::Any(Area::City),
                        w => w,
                    },
                    by_other,
                    // None: the marker alone; two: `A and B` (beyond 9.3).
                    arrival: e,
                })
            })
            .boxed(),
        (losses(n), any::<bool>(), any::<bool>())
            .prop_map(|(loss, optional, by_other)| {
                // Another player picks only where there is a pick.
                let picked = matches!(
                    loss,
                    Loss::OneStatus
                        | Loss::OneSkill
                        | Loss::OneTreasure { choice: true }
                        | Loss::Either(_)
                );
                typed(Typed::Lose {
                    loss,
                    optional,
                    by_other: by_other && picked,
                })
            })
            .boxed(),
        (
            prop_oneof![
                (1i32..5).prop_map(Effect::Destiny),
                Just(Effect::RandomTreasure)
            ],
            simple(n),
        )
            .prop_map(|(a, b)| typed(Typed::ChoiceOf(vec![a, b])))
            .boxed(),
        (any::<bool>(), any::<bool>())
            .prop_map(|(one_use, new)| {
                typed(Typed::AnySkill {
                    one_use: one_use && !new,
                    new,
                })
            })
            .boxed(),
        (pick(&n.entries), any::<bool>())
            .prop_map(|(id, master)| typed(Typed::OneUse { id, master }))
            .boxed(),
        // `SKILL at Master level`.
        pick(&n.entries)
            .prop_map(|e| Effect::Master(vec![Id::from(e.id.as_str())]))
            .boxed(),
        (0..n.levels, any::<bool>())
            .prop_map(|(level, destiny_per_level)| {
                typed(Typed::SetWealth {
                    level,
                    destiny_per_level,
                })
            })
            .boxed(),
        (
            proptest::sample::subsequence((1u8..=6).collect::<Vec<_>>(), 1..4),
            simple(n),
        )
            .prop_map(|(faces, e)| {
                typed(Typed::Roll {
                    faces,
                    items: vec![e],
                })
            })
            .boxed(),
        proptest::option::of(0..n.levels)
            .prop_map(|max| typed(Typed::RollWealth { max }))
            .boxed(),
        any::<bool>()
            .prop_map(|keep_one| typed(Typed::DrawTreasures { keep_one }))
            .boxed(),
        Just(typed(Typed::SearchTreasures)).boxed(),
        (0u32..2)
            .prop_map(|cost| typed(Typed::ReactAgain { cost }))
            .boxed(),
        (simple(n), pick(&n.entries), 0..4usize)
            .prop_map(|(item, e, k)| {
                let has = Expr::Has(Id::from(e.id.as_str()));
                let when = match k {
                    0 => Expr::Not(Box::new(has)),
                    1 => Expr::Gender(Gender::Male),
                    2 => Expr::OppositeSex,
                    _ => Expr::All(vec![Expr::Gender(Gender::Female), Expr::Not(Box::new(has))]),
                };
                Effect::When {
                    item: Box::new(item),
                    when,
                }
            })
            .boxed(),
        (simple(n), simple(n))
            .prop_map(|(a, b)| Effect::BySex {
                opposite: Box::new(a),
                same: Box::new(b),
            })
            .boxed(),
    ];
    if !n.places.is_empty() {
        forms.push(
            pick(&n.places)
                .prop_map(|p| {
                    typed(Typed::Opportunity {
                        place: Some(p),
                        by_other: false,
                    })
                })
                .boxed(),
        );
    }
    if !n.rows.is_empty() {
        forms.push(
            (pick(&n.rows), any::<bool>())
                .prop_map(|(row, next_turn)| typed(Typed::Encounter { row, next_turn }))
                .boxed(),
        );
    }
    proptest::strategy::Union::new(forms).boxed()
}

fn cases() -> impl Strategy<Value = (usize, Vec<Effect>)> {
    (0usize..3).prop_flat_map(|b| {
        let n = names(&books()[b]);
        (Just(b), proptest::collection::vec(effect(&n), 1..4))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_typed_effect_reads_back_as_itself_in_en_es_and_fr((b, effects) in cases()) {
        let book = &books()[b];
        let text = print::award(&effects, &book.manifest.locale, &book.glossary, &book.manifest.rules);
        let mut diags: Diagnostics = Vec::new();
        let parsed = award::parse_award(&ctx(book), &text, 0, &mut diags).expect("parses");
        let found: Vec<_> = diags.iter().map(|d| d.message.clone()).collect();
        prop_assert!(diags.is_empty(), "{text}: {found:?}");
        let back: Vec<Effect> = parsed.items.into_iter().map(|i| i.effect).collect();
        prop_assert_eq!(back, effects, "{}", text);
    }
}

/// A move of one space is printed in the singular in each language
/// (`one space`, `una casilla`, `une case`), as the printed book writes it:
/// `l10n` quotes these words as the award it expects.
#[test]
fn a_move_of_one_space_is_printed_in_the_singular() {
    let expected = [
        "Have another player move you one space in any direction / Move up to one space",
        "Haz que otro jugador te mueva una casilla en cualquier dirección / Mueve hasta una casilla",
        "Un autre joueur vous déplace d'une case dans n'importe quelle direction / Déplacez-vous d'une case au plus",
    ];
    for (book, want) in books().iter().zip(expected) {
        let effects = [
            typed(Typed::Move {
                way: Way::Spaces(1),
                by_other: true,
                encounter: false,
                optional: false,
            }),
            typed(Typed::Move {
                way: Way::UpTo(1),
                by_other: false,
                encounter: false,
                optional: false,
            }),
        ];
        let text = print::award(
            &effects,
            &book.manifest.locale,
            &book.glossary,
            &book.manifest.rules,
        );
        assert!(text.contains(want), "{text}");
    }
}

/// `tests/effects/every-form.tales`: every form of sections 9.3 and 2b,
/// added to the version 2 example as paragraphs 900 to 902.
const EVERY_FORM: &str = include_str!("../effects/every-form.tales");

/// The findings of the version 2 example with `text` as one more file, but
/// the new paragraphs' `unreachable-paragraph` (nothing goes to them).
fn findings(text: &str) -> (Vec<(String, usize)>, Book) {
    let d = book_with("spec-example-v2", &[("tales/effects.tales", text)]);
    let checked = check(&d.path().join("book"));
    let found = codes(&checked)
        .into_iter()
        .filter(|(code, file, _)| {
            file.ends_with("effects.tales") && code != "unreachable-paragraph"
        })
        .map(|(code, _, line)| (code, line))
        .collect();
    (found, checked.book)
}

#[test]
fn every_form_reads_clean_and_typed() {
    let (found, book) = findings(EVERY_FORM);
    assert!(found.is_empty(), "{found:?}");
    let items: Vec<&Effect> = book
        .paragraphs
        .iter()
        .filter(|p| p.number >= 900)
        .flat_map(tales::ir::Paragraph::nodes)
        .flat_map(|n| &n.awards)
        .flat_map(|a| a.items.iter().map(|i| &i.effect))
        .collect();
    assert_eq!(items.len(), 63, "{items:#?}");
    let free: Vec<_> = items
        .iter()
        .filter(|e| matches!(e, Effect::FreeText(_)))
        .collect();
    assert!(free.is_empty(), "{free:?}");
}

/// A broken form: what is replaced by what, the one finding's code and line.
const BROKEN: &[(&str, &str, &str, usize)] = &[
    (
        "enter the City of Brass /",
        "enter the City of Bras /",
        "unknown-name",
        6,
    ),
    (
        "a Terrible Storm (Matrix F) / Next",
        "a Terible Storm (Matrix F) / Next",
        "unknown-name",
        6,
    ),
    ("(Matrix F) / Next", "(Matrix Q) / Next", "unknown-name", 6),
    ("on a 1 or 2", "on a 1 or 7", "syntax-error", 18),
    ("(max Rich) / Draw", "(max Rihc) / Draw", "unknown-name", 18),
    ("W=Beggar", "W=Begar", "unknown-name", 18),
    (
        "all levels of Piety",
        "all levels of Pietty",
        "unknown-name",
        11,
    ),
    ("/ Luck (1 use)", "/ Luckk (1 use)", "unknown-name", 13),
    (
        "Lose Wounded or Blessed",
        "Lose Wounded or Blesed",
        "unknown-name",
        11,
    ),
    (
        "Respected {!married}",
        "Respected {!maried}",
        "unknown-name",
        20,
    ),
    (
        "Choice of W+1 (max Rich)",
        "Choice of W+1 (max Ritch)",
        "unknown-name",
        13,
    ),
    (
        "any non-desert space",
        "any non-dessert space",
        "unknown-name",
        4,
    ),
    (
        "any non-city space",
        "any non-citty space",
        "unknown-name",
        4,
    ),
    (
        "except a Place of Power /",
        "except a Place of Powr /",
        "unknown-name",
        4,
    ),
    (
        "Move to the City of Brass and",
        "Move to the City of Bras and",
        "unknown-name",
        4,
    ),
    (
        "/ Piety at Master level]",
        "/ Pietty at Master level]",
        "unknown-name",
        13,
    ),
    // Forms beyond 9.3: a space's name where a kind of space must stand
    // is one finding, never a move to that space.
    (
        "the nearest city and",
        "the nearest Bantu and",
        "unknown-name",
        25,
    ),
    (
        "any coastal city /",
        "any coastel city /",
        "unknown-name",
        25,
    ),
    (
        "may move to any city",
        "may move to any citty",
        "unknown-name",
        25,
    ),
    ("three spaces by sea", "7 spaces by sea", "syntax-error", 25),
    (
        "marker in Qalat /",
        "marker in the City of Bras /",
        "unknown-name",
        25,
    ),
    (
        "gain S2 and W+1]",
        "gain S2 and W+1 (max Ritch)]",
        "unknown-name",
        25,
    ),
    (
        "Lose one skill (another",
        "Lose Wounded or Blesed (another",
        "unknown-name",
        25,
    ),
];

#[test]
fn each_broken_form_is_one_finding_at_its_line() {
    for (old, new, code, line) in BROKEN {
        assert!(EVERY_FORM.contains(old), "{old}");
        let (found, _) = findings(&EVERY_FORM.replacen(old, new, 1));
        assert_eq!(found, vec![((*code).to_owned(), *line)], "{new}");
    }
}

/// A space named in an effect, in the board example (which has a board) or
/// the version 2 example (which has none).
fn board_findings(base: &str, award: &str) -> Vec<(String, usize)> {
    let text = format!("-950-\nThe road.\n\nNO SKILL: You walk. [{award}]\n");
    let d = book_with(base, &[("tales/moves.tales", &text)]);
    codes(&check(&d.path().join("book")))
        .into_iter()
        .filter(|(code, file, _)| file.ends_with("moves.tales") && code != "unreachable-paragraph")
        .map(|(code, _, line)| (code, line))
        .collect()
}

#[test]
fn spaces_are_checked_against_the_board_and_only_when_there_is_one() {
    let clean = [
        "Move to Dunes and have an immediate encounter",
        "Have another player place you in Qalat",
        "Place your Destination marker in Qalat; when you arrive there, Treasure",
        "Move to the City of Brass",
    ];
    for award in clean {
        assert_eq!(board_findings("board-example", award), vec![], "{award}");
    }
    let unknown = [("unknown-name".to_owned(), 4)];
    assert_eq!(board_findings("board-example", "Move to Dunez"), unknown);
    assert_eq!(
        board_findings("board-example", "Choice of D1 or Move to Qalatt"),
        unknown
    );
    assert_eq!(board_findings("spec-example-v2", "Move to Dunez"), vec![]);
}

/// `tales l10n` of the version 2 example and its Spanish translation, each
/// with one more paragraph whose award is given.
fn l10n(en: &str, es: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    for (base, award) in [("spec-example-v2", en), ("spec-example-v2-es", es)] {
        common::copy_dir(&fixture(base), &dir.path().join(base));
        let text = format!("# tales: allow(unreachable-paragraph)\n-960-\nThe road. [{award}]\n");
        std::fs::write(dir.path().join(base).join("tales/road.tales"), text).unwrap();
    }
    let out = common::tales(
        &["l10n", "spec-example-v2", "spec-example-v2-es"],
        dir.path(),
    );
    (out.code, out.stdout)
}

#[test]
fn l10n_compares_typed_effects_by_meaning_numbers_and_names_included() {
    let same = [
        ("Move two spaces", "Mueve dos casillas"),
        (
            "Opportunity to enter the City of Brass",
            "Oportunidad de entrar en la Ciudad de Bronce",
        ),
        (
            "Have an immediate encounter with a Terrible Storm (Matrix F)",
            "Ten un encuentro inmediato con una Tormenta Terrible (matriz de reacción F)",
        ),
        (
            "W=Beggar, but gain D1 for each level lost",
            "R=Mendigo, pero gana S1 por cada nivel perdido",
        ),
        (
            "Roll one die: on a 1 or 2, D1",
            "Tira un dado: con un 1 o 2, S1",
        ),
        (
            "Move to any non-desert space",
            "Mueve a cualquier casilla que no sea de desert",
        ),
        (
            "Move to any space except a Place of Power",
            "Mueve a cualquier casilla salvo un lugar de poder",
        ),
        (
            "Move to the City of Brass and have an immediate encounter",
            "Mueve a la Ciudad de Bronce y ten un encuentro inmediato",
        ),
        ("Piety at Master level", "Piedad a nivel de maestro"),
        // A choice's arms and a loss's names in another order say the same.
        (
            "Choice of W+1 (max Rich) or Treasure",
            "A elegir entre Tesoro o R+1 (máx.: Rico)",
        ),
        (
            "Choice of Wisdom or Piety",
            "A elegir entre Piedad o Sabiduría",
        ),
        ("Lose Wounded or Blessed", "Pierde Bendito o Herido"),
        (
            "Wisdom and Piety at Master level",
            "Piedad y Sabiduría a nivel de maestro",
        ),
    ];
    for (en, es) in same {
        let (code, out) = l10n(en, es);
        assert_eq!(code, 0, "{en} / {es}: {out}");
        assert!(out.contains("no l10n findings"), "{en} / {es}: {out}");
    }
    let differ = [
        ("Move two spaces", "Mueve tres casillas"),
        (
            "Choice of W+1 (max Rich) or Treasure",
            "A elegir entre Tesoro o R+2 (máx.: Rico)",
        ),
        (
            "Choice of Wisdom or Piety",
            "A elegir entre Piedad o Suerte",
        ),
        ("W=Beggar", "R=Pobre"),
        (
            "Roll one die: on a 1 or 2, D1",
            "Tira un dado: con un 1 o 3, S1",
        ),
        (
            "Have an immediate encounter with a Terrible Storm (Matrix F)",
            "Ten un encuentro inmediato con una Tormenta Leve (matriz de reacción F)",
        ),
        (
            "Move to any non-desert space",
            "Mueve a cualquier casilla que no sea de sea",
        ),
        (
            "Move to any non-desert space",
            "Mueve a cualquier casilla de desert",
        ),
        (
            "Move to any space except a Place of Power",
            "Mueve a cualquier casilla",
        ),
        (
            "Move to the City of Brass and have an immediate encounter",
            "Mueve a la Ciudad de Bronce",
        ),
        ("Piety at Master level", "Sabiduría a nivel de maestro"),
    ];
    for (en, es) in differ {
        let (_, out) = l10n(en, es);
        assert_eq!(
            out.matches("award differs from the source").count(),
            1,
            "{en} / {es}: {out}"
        );
        assert!(out.contains("l10n-award-mismatch 1"), "{en} / {es}: {out}");
    }
}

/// `tests/effects/printed-variants.txt`: award items worded as a printed
/// book words them, in blocks under the form each must read as.
const VARIANTS: &str = include_str!("../effects/printed-variants.txt");

/// `tests/effects/blind-variants.txt`: the same, written blind (before the
/// patterns and the variants above were read), as a check on both.
const BLIND: &str = include_str!("../effects/blind-variants.txt");

/// `tests/effects/blind2-variants.txt`: a second blind list, each item with
/// its meaning after ` ## ` (written with the item, before the forms).
const BLIND2: &str = include_str!("../effects/blind2-variants.txt");

/// The blocks of a variants file: the form (`None` for `== ?`, the
/// variants that stay free text) and its variants.
fn variant_blocks(file: &str) -> Vec<(Option<&str>, Vec<&str>)> {
    let mut blocks: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
    for line in file.lines().map(str::trim) {
        if let Some(form) = line.strip_prefix("== ") {
            blocks.push(((form != "?").then_some(form), Vec::new()));
        } else if !line.is_empty() && !line.starts_with('#') {
            // ` ## meaning`: the item's meaning in words, not read.
            let item = line.split_once(" ## ").map_or(line, |(item, _)| item);
            blocks.last_mut().expect("a block").1.push(item);
        }
    }
    blocks
}

/// Each item as the award of a paragraph of its own, read in the version 2
/// example: the items' effects in order, and the findings.
fn read_items(items: &[&str]) -> (Vec<Effect>, Vec<(String, usize)>) {
    let mut text = String::new();
    for (i, item) in items.iter().enumerate() {
        let _ = write!(text, "-{}-\nThe tale. [{item}]\n\n", 3000 + i);
    }
    let (found, book) = findings(&text);
    let mut effects = Vec::new();
    for i in 0..items.len() {
        let n = u32::try_from(3000 + i).unwrap();
        let p = book
            .paragraphs
            .iter()
            .find(|p| p.number == n)
            .expect("read");
        let item = p
            .nodes()
            .flat_map(|n| &n.awards)
            .flat_map(|a| &a.items)
            .next();
        effects.push(item.map_or(Effect::FreeText(String::new()), |i| i.effect.clone()));
    }
    (effects, found)
}

/// A variants file read: how many variants, those left free text, those
/// read as another effect than their form's, and the findings.
struct Trial<'a> {
    total: usize,
    free: Vec<&'a str>,
    wrong: Vec<String>,
    found: Vec<String>,
}

/// Reads every variant of `file` and compares it with its form's effect.
fn trial(file: &str) -> Trial<'_> {
    let blocks = variant_blocks(file);
    let forms: Vec<&str> = blocks.iter().filter_map(|(f, _)| *f).collect();
    let variants: Vec<&str> = blocks.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    let (meant, found) = read_items(&forms);
    assert!(found.is_empty(), "the forms: {found:?}");
    let (read, found) = read_items(&variants);
    // Paragraph `i` is three lines, its award on the second.
    let found: Vec<String> = found
        .iter()
        .map(|(code, line)| format!("{code}: {}", variants[(line - 2) / 3]))
        .collect();
    let mut meanings = meant.iter();
    let mut at = 0;
    let (mut free, mut wrong) = (Vec::new(), Vec::new());
    for (form, vs) in &blocks {
        let want = form.map(|f| {
            let m = meanings.next().expect("a meaning");
            assert!(!matches!(m, Effect::FreeText(_)), "{f} is free text");
            m
        });
        for v in vs {
            let got = &read[at];
            at += 1;
            if matches!(got, Effect::FreeText(_)) {
                free.push(*v);
            } else if want != Some(got)
                && matches!(
                    got,
                    Effect::Gain {
                        note: Some(Note::Text(_)),
                        ..
                    }
                )
            {
                // A printed note kept as a note (`Beloved (if unmarried)`):
                // the player reads it, as free text.
                free.push(*v);
            } else if want != Some(got) {
                wrong.push(format!("{v}: {got:?}"));
            }
        }
    }
    Trial {
        total: variants.len(),
        free,
        wrong,
        found,
    }
}

/// At least 90% of the variants typed, none typed as another effect, no
/// finding but those `slips` names.
fn assert_nine_in_ten_typed(t: &Trial, slips: &[&str]) {
    assert!(
        t.wrong.is_empty() && t.found == slips,
        "read as another effect: {:#?}\nfindings: {:#?}\nfree: {:#?}",
        t.wrong,
        t.found,
        t.free
    );
    println!("free text ({} of {}):", t.free.len(), t.total);
    for v in &t.free {
        println!("  {v}");
    }
    assert!(t.free.len() * 10 <= t.total, "free text: {:#?}", t.free);
}

#[test]
fn printed_variants_read_as_the_form_they_mean() {
    let t = trial(VARIANTS);
    assert!(t.total >= 150, "{} variants", t.total);
    // A status has no levels: the item stays free text, and the one
    // finding says a skill is meant (issue #23).
    assert_nine_in_ten_typed(&t, &["unknown-name: Gain a level in Wounded"]);
}

/// The blind list: written before its author read the patterns, it is the
/// honest estimate of a book the patterns were not written from.
#[test]
fn blind_variants_read_as_the_form_they_mean() {
    let t = trial(BLIND);
    assert!(t.total >= 200, "{} variants", t.total);
    println!(
        "blind: {} variants, {} free, {} read as another effect, {} findings\nwrong: {:#?}\nfindings: {:#?}\nfree: {:#?}",
        t.total,
        t.free.len(),
        t.wrong.len(),
        t.found.len(),
        t.wrong,
        t.found,
        t.free
    );
    // `W +1` is a slip in the award code itself, reported with its fix by
    // design (tests/it/award_codes.rs), whatever words are around it.
    let slips = [
        "syntax-error: Choice of Blessed or W +1",
        "syntax-error: Lose Respected or W -1",
    ];
    assert_nine_in_ten_typed(&t, &slips);
}

/// The second blind list (docs/effects.md, "Second blind trial"): written
/// before its author read the patterns or the first lists.
#[test]
fn second_blind_variants_read_as_the_form_they_mean() {
    let mut t = trial(BLIND2);
    // Under `== ?`: `(1 use)` after the last arm may be that arm's or both
    // arms'. It is how `tales` prints a choice whose last arm is for one use
    // (the round-trip test holds it), so it reads as that: the one reading
    // a book that meant the other would get wrong.
    let ambiguous = "Choice of Perception or Storytelling (1 use): ";
    let before = t.wrong.len();
    t.wrong.retain(|w| !w.starts_with(ambiguous));
    assert_eq!(before, t.wrong.len() + 1, "{ambiguous} is typed");
    assert!(t.total >= 150, "{} variants", t.total);
    println!(
        "blind2: {} variants, {} free, {} read as another effect, {} findings\nwrong: {:#?}\nfindings: {:#?}",
        t.total,
        t.free.len(),
        t.wrong.len(),
        t.found.len(),
        t.wrong,
        t.found,
    );
    assert_nine_in_ten_typed(&t, &[]);
}

/// `docs/effects.md` shows every pattern of every locale's `effects:` table.
#[test]
fn the_docs_table_shows_every_pattern_of_every_locale() {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Patterns {
        List(Vec<String>),
        /// `terrain-words`: a list of words for each terrain.
        ByTerrain(std::collections::BTreeMap<String, Vec<String>>),
    }
    #[derive(serde::Deserialize)]
    struct Table {
        effects: std::collections::BTreeMap<String, Patterns>,
    }
    let docs = include_str!("../../docs/effects.md");
    for lang in ["en", "es", "fr"] {
        let path = format!("{}/content/locales/{lang}.yaml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let table: Table = serde_saphyr::from_str(&text).unwrap();
        for (key, patterns) in &table.effects {
            if ["numbers", "numbers-beyond", "articles"].contains(&key.as_str()) {
                continue;
            }
            let patterns: Vec<&String> = match patterns {
                Patterns::List(list) => list.iter().collect(),
                Patterns::ByTerrain(map) => map.values().flatten().collect(),
            };
            for p in patterns {
                assert!(docs.contains(&format!("`{p}`")), "{lang} {key}: `{p}`");
            }
        }
    }
}

/// Broken version 3 forms in one award: each is one finding, at the award's
/// line, whose help names the likely fix.
#[test]
fn each_broken_v3_form_is_one_error_with_its_fix() {
    let cases = [
        (
            "board-example",
            "Move to Dunez",
            "unknown-name",
            "did you mean `Dunes`?",
        ),
        // A game terrain a few letters off, in a book without it: the
        // book's terrains are named (it was free text, with no finding).
        (
            "board-example",
            "Move to any forrest space",
            "unknown-name",
            "the terrains of this book are sea, desert, city",
        ),
        (
            "spec-example-v2",
            "Opportunity to enter the City of Bras",
            "unknown-name",
            "did you mean `City of Brass`?",
        ),
        (
            "spec-example-v2",
            "Have an immediate encounter with a Terible Storm (Matrix F)",
            "unknown-name",
            "did you mean `Terrible`?",
        ),
        (
            "spec-example-v2",
            "Roll one die: on a 1 or 7, D1",
            "syntax-error",
            "a die's faces are 1 to 6",
        ),
        (
            "spec-example-v2",
            "Move to any non-dessert space",
            "unknown-name",
            "did you mean `desert`?",
        ),
        (
            "spec-example-v2",
            "Move to any dessert space and have an immediate encounter",
            "unknown-name",
            "did you mean `desert`?",
        ),
        (
            "spec-example-v2",
            "D1 (if you are not Maried)",
            "unknown-name",
            "did you mean",
        ),
        (
            "spec-example-v2",
            "Respected (if not Maried)",
            "unknown-name",
            "did you mean",
        ),
        (
            "spec-example-v2",
            "Move to a coastel space",
            "unknown-name",
            "did you mean `coastal space`?",
        ),
        (
            "spec-example-v2",
            "Move 7 spaces",
            "syntax-error",
            "a movement names 1 to 6 spaces",
        ),
        (
            "spec-example-v2",
            "Move 0 spaces",
            "syntax-error",
            "a movement of 0 spaces moves no one",
        ),
        (
            "spec-example-v2",
            "Move seven spaces",
            "syntax-error",
            "a movement of 7 spaces is more than one names",
        ),
        (
            "spec-example-v2",
            "Move zero spaces by sea",
            "syntax-error",
            "a movement of 0 spaces moves no one",
        ),
        (
            "spec-example-v2",
            "Move -1 spaces",
            "syntax-error",
            "a movement of -1 spaces moves no one",
        ),
        (
            "spec-example-v2",
            "Choice of Pietty and Wisdom",
            "unknown-name",
            "did you mean `Piety`?",
        ),
        (
            "spec-example-v2",
            "Choice of Piety, Luck and Wisdoom",
            "unknown-name",
            "did you mean `Wisdom`?",
        ),
        (
            "spec-example-v2",
            "Move 100 spaces",
            "syntax-error",
            "a movement of 100 spaces is more than one names",
        ),
        (
            "spec-example-v2",
            "Move \u{2212}1 spaces",
            "syntax-error",
            "a movement of -1 spaces moves no one",
        ),
        (
            "spec-example-v2",
            "Move up to twelve spaces",
            "syntax-error",
            "a movement of 12 spaces is more than one names",
        ),
        (
            "spec-example-v2",
            "Have another player move you up to 0 spaces",
            "syntax-error",
            "a movement names 1 to 6 spaces",
        ),
        (
            "spec-example-v2",
            "Move to any forest space",
            "unknown-name",
            "the terrains of this book are sea, desert, city",
        ),
        (
            "spec-example-v2",
            "Move to the nearest forest space",
            "unknown-name",
            "`forest` is no terrain of this book",
        ),
        (
            "spec-example-v2",
            "Have another player move you to any non-mountain space",
            "unknown-name",
            "`mountain` is no terrain of this book",
        ),
        (
            "spec-example-v2",
            "Have another player move you",
            "syntax-error",
            "`Have another player move you to any city`",
        ),
        (
            "spec-example-v2",
            "Opportunity to enter",
            "syntax-error",
            "`Opportunity to enter City of Brass`",
        ),
    ];
    for (base, award, code, help) in cases {
        let text = format!("-950-\nThe road.\n\nNO SKILL: You walk. [{award}]\n");
        let d = book_with(base, &[("tales/moves.tales", &text)]);
        let checked = check(&d.path().join("book"));
        let found: Vec<_> = codes(&checked)
            .into_iter()
            .filter(|(c, f, _)| f.ends_with("moves.tales") && c != "unreachable-paragraph")
            .map(|(c, _, line)| (c, line))
            .collect();
        assert_eq!(found, vec![(code.to_owned(), 4)], "{award}");
        let json = tales::report::render(
            tales::report::Format::Json,
            std::slice::from_ref(&checked),
            &tales::report::HumanOptions::default(),
        );
        assert!(json.contains(help), "{award}: {json}");
    }
}

/// A matrix row named by a phrase (`a Terrible Storm`) with one word
/// misspelt: the finding is at that word, the one to mend, and names it.
#[test]
fn a_misspelt_word_of_a_matrix_row_phrase_is_the_finding() {
    let award = "Have an immediate encounter with a Terible Storm (Matrix F)";
    let text = format!("-950-\nThe road.\n\nNO SKILL: You walk. [{award}]\n");
    let d = book_with("spec-example-v2", &[("tales/moves.tales", &text)]);
    let checked = check(&d.path().join("book"));
    let json = tales::report::render(
        tales::report::Format::Json,
        std::slice::from_ref(&checked),
        &tales::report::HumanOptions::default(),
    );
    assert!(
        json.contains("`Terible` names no row of matrix F"),
        "{json}"
    );
    assert!(!json.contains("Terible Storm`"), "{json}");
    // Columns count from 1: the word's seven letters on the award's line.
    let column = text.lines().nth(3).unwrap().find("Terible").unwrap() + 1;
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let spans: Vec<(u64, u64, u64)> = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "unknown-name")
        .map(|f| {
            let n = |k: &str| f[k].as_u64().unwrap();
            (n("line"), n("column"), n("end_column"))
        })
        .collect();
    let column = column as u64;
    assert_eq!(spans, vec![(4, column, column + 7)], "{json}");
}

/// `Move to PLACE and have an immediate encounter`: the IR names the place
/// of power (not a space), so the engine and `play` take its encounter, then
/// its exit.
#[test]
fn a_move_to_a_place_of_power_with_an_encounter_is_its_encounter_then_its_exit() {
    let book = &books()[0];
    let text = "[Move to the City of Brass and have an immediate encounter]";
    let mut diags: Diagnostics = Vec::new();
    let award = award::parse_award(&ctx(book), text, 0, &mut diags).expect("parses");
    assert!(diags.is_empty());
    let Effect::Typed(t) = &award.items[0].effect else {
        panic!("{:?}", award.items[0].effect)
    };
    let place = named("city-of-brass", "City of Brass");
    assert_eq!(
        **t,
        Typed::Move {
            way: Way::Place(place),
            by_other: false,
            encounter: true,
            optional: false,
        }
    );
    assert_eq!(
        tales::syntax::print::words::typed(book, t),
        "move: City of Brass (place of power), then its encounter, then to its exit"
    );
    // A space of the same sentence is a space: its encounter, no exit.
    let award = award::parse_award(
        &ctx(book),
        "[Move to Basra and have an immediate encounter]",
        0,
        &mut diags,
    )
    .expect("parses");
    let Effect::Typed(t) = &award.items[0].effect else {
        panic!()
    };
    assert!(
        matches!(&**t, Typed::Move { way: Way::To(n), encounter: true, .. } if n.id == "Basra")
    );
}

/// `--warn free-text-effect` finds nothing left as free text in the sample
/// books and the spec's examples: every award item they write is typed.
/// The lint levels with `free-text-effect` raised to a warning, so that an
/// item left in words is a finding.
fn free_text_warned() -> tales::lints::levels::CliLevels {
    tales::lints::levels::CliLevels {
        allow: Vec::new(),
        warn: vec!["free-text-effect".to_owned()],
        deny: Vec::new(),
    }
}

#[test]
fn no_award_item_of_the_sample_books_or_spec_examples_is_free_text() {
    let levels = free_text_warned();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let books = [
        "content/sunken-lamp",
        "content/silver-caravan",
        "tests/fixtures/spec-example",
        "tests/fixtures/spec-example-v2",
        "tests/fixtures/spec-example-v3",
    ];
    for book in books {
        let checked = common::check_with(&root.join(book), &levels);
        let free: Vec<_> = codes(&checked)
            .into_iter()
            .filter(|(code, _, _)| code == "free-text-effect")
            .collect();
        assert!(free.is_empty(), "{book}: {free:?}");
    }
}

/// What the blind list found read as another effect, each read as meant or
/// left in words now (and no finding).
#[test]
fn what_the_blind_list_found_read_as_another_effect_is_fixed() {
    let items = [
        // `unmarried` is no slip for `Married`: the note stays a note.
        "Beloved (if unmarried)",
        // A clause is no space's name.
        "Move to Bantu, then rest a while",
        // A space as the book names it.
        "MOVE TO BANTU",
        // An item in words inside a roll leaves the roll in words.
        "Roll a die: on a 1 or 2, you are Wounded",
        // A pattern after one that reads the same words is tried too.
        "Move to any coastal space of your choice",
        "Roll one die: on a roll of 1 or 2, Wounded",
        // `either` before a loss or a payment.
        "Lose either Respected or W-1",
    ];
    let (read, found) = read_items(&items);
    assert!(found.is_empty(), "{found:?}");
    assert!(
        matches!(&read[0], Effect::Gain { note: Some(Note::Text(n)), .. } if n == "if unmarried")
    );
    assert!(matches!(read[1], Effect::FreeText(_)), "{:?}", read[1]);
    let (meant, _) = read_items(&[
        "Move to Bantu",
        "Move to any coastal space",
        "Roll one die: on a 1 or 2, Wounded",
        "Lose Respected or W-1",
    ]);
    assert_eq!(read[2], meant[0]);
    assert!(matches!(read[3], Effect::FreeText(_)), "{:?}", read[3]);
    assert_eq!(read[4], meant[1]);
    assert_eq!(read[5], meant[2]);
    assert_eq!(read[6], meant[3]);
    assert!(matches!(meant[3], Effect::Typed(_)), "{:?}", meant[3]);
}

/// A note in brackets on a name of `Lose`, `Master` or `Choice of` that no
/// form reads (`(twice)`) was dropped: `Lose Respected (twice)` read as one
/// loss. Such an item stays in words, whole; the notes the forms read still
/// read.
#[test]
fn a_note_no_form_reads_keeps_the_item_in_words() {
    let items = [
        "Lose Respected (twice)",
        "Master Wisdom (for a day)",
        "Wisdom and Piety (twice) at Master level",
    ];
    let (read, found) = read_items(&items);
    assert!(found.is_empty(), "{found:?}");
    for (item, e) in items.iter().zip(&read) {
        assert!(
            matches!(e, Effect::FreeText(t) if t == item),
            "{item}: {e:?}"
        );
    }
    let (read, found) = read_items(&[
        "Lose Respected",
        "Master Wisdom (1 use)",
        "Lose the Ebony Horse",
    ]);
    assert!(found.is_empty(), "{found:?}");
    assert!(
        read.iter().all(|e| !matches!(e, Effect::FreeText(_))),
        "{read:?}"
    );
    // A choice's arm keeps its note.
    let (read, _) = read_items(&["Choice of Wisdom (twice) or Piety"]);
    assert!(format!("{read:?}").contains("Text(\"twice\")"), "{read:?}");
}

/// A space of the board whose name holds `and` is that space, typed: only
/// a name the board does not list is asked whether it is a clause.
#[test]
fn a_board_space_named_with_and_is_one_space() {
    let board = include_str!("../fixtures/board-example/board.yaml")
        .replace(
            "  Qalat:",
            "  Gates of Dawn and Dusk: {terrain: city, region: India}\n  Qalat:",
        )
        .replace(
            "[Shoals, Qalat]]",
            "[Shoals, Qalat], [Qalat, Gates of Dawn and Dusk]]",
        );
    let text = "-950-\nThe road.\n\nNO SKILL: You walk. [Move to Gates of Dawn and Dusk]\n";
    let d = book_with(
        "board-example",
        &[("board.yaml", &board), ("tales/moves.tales", text)],
    );
    let levels = free_text_warned();
    let checked = common::check_with(&d.path().join("book"), &levels);
    let found: Vec<_> = codes(&checked)
        .into_iter()
        .filter(|(c, _, _)| c != "unreachable-paragraph")
        .collect();
    assert!(found.is_empty(), "{found:?}");
}

/// The Spanish and French variants added beside the English ones the blind
/// list asked for: each reads as the form it means, with no finding.
#[test]
fn the_spanish_and_french_variants_read_as_their_forms() {
    let es = [
        (
            "Muévete inmediatamente a cualquier ciudad",
            "Mueve a cualquier ciudad",
        ),
        (
            "Mueve tu personaje a una casilla costera a tu elección",
            "Mueve a cualquier casilla costera",
        ),
        (
            "Mueve a Bantu y ten un encuentro inmediato allí",
            "Mueve a Bantu y ten un encuentro inmediato",
        ),
        (
            "Oportunidad de entrar en un lugar de poder a tu elección",
            "Oportunidad de entrar en cualquier lugar de poder",
        ),
        (
            "Pierde un estado cualquiera",
            "Pierde un estado a tu elección",
        ),
        (
            "Pierde una habilidad cualquiera",
            "Pierde una habilidad a tu elección",
        ),
        (
            "Roba dos Tesoros y quédate uno",
            "Roba dos Tesoros; quédate uno y descarta el otro",
        ),
        (
            "Busca en el mazo de Tesoros y toma un Tesoro a tu elección",
            "Busca en el mazo de Tesoros y toma el Tesoro que quieras",
        ),
        (
            "Ten un segundo encuentro inmediato y elige una reacción distinta",
            "Ten un segundo encuentro inmediato, eligiendo una reacción distinta",
        ),
        (
            "Tira un dado: si sacas un 1 o 2, Tesoro",
            "Tira un dado: con un 1 o 2, Tesoro",
        ),
        (
            "Coloca tu ficha de destino en Bantu: cuando llegues allí, Tesoro",
            "Coloca tu ficha de destino en Bantu; cuando llegues allí, Tesoro",
        ),
    ];
    let fr = [
        (
            "Déplacez-vous immédiatement vers n'importe quelle ville",
            "Déplacez-vous vers n'importe quelle ville",
        ),
        (
            "Déplacez votre personnage vers une case côtière de votre choix",
            "Déplacez-vous vers n'importe quelle case côtière",
        ),
        (
            "Occasion d'entrer dans un lieu de pouvoir de votre choix",
            "Occasion d'entrer dans n'importe quel lieu de pouvoir",
        ),
        ("Perd un état au choix", "Perd un état de votre choix"),
        (
            "Perd une compétence au choix",
            "Perd une compétence de votre choix",
        ),
        (
            "Tirez deux Trésors et gardez-en un",
            "Tirez deux Trésors ; gardez-en un, défaussez l'autre",
        ),
        (
            "Cherchez dans la pioche des Trésors et prenez un Trésor de votre choix",
            "Cherchez dans la pioche des Trésors et prenez le Trésor de votre choix",
        ),
        (
            "Faites une seconde rencontre immédiate et choisissez une autre réaction",
            "Faites une seconde rencontre immédiate, en choisissant une autre réaction",
        ),
    ];
    read_as_their_forms(&books()[1], &es);
    read_as_their_forms(&books()[2], &fr);
}

/// The effect of the first item of `[text]` read in `book`, which must
/// read with no finding.
fn first_item(book: &Book, text: &str) -> Effect {
    let mut diags: Diagnostics = Vec::new();
    let parsed =
        award::parse_award(&ctx(book), &format!("[{text}]"), 0, &mut diags).expect("parses");
    assert!(diags.is_empty(), "{text}: {diags:?}");
    parsed.items.into_iter().next().expect("an item").effect
}

/// Each variant read in `book` is the effect its form is, typed.
fn read_as_their_forms(book: &Book, pairs: &[(&str, &str)]) {
    let read = |text: &str| first_item(book, text);
    for (variant, form) in pairs {
        let meant = read(form);
        assert!(matches!(meant, Effect::Typed(_)), "{form}: {meant:?}");
        assert_eq!(read(variant), meant, "{variant}");
    }
}

/// The es and fr forms added beside the en ones the second blind list
/// asked for, each read as the form it means.
#[test]
fn the_spanish_and_french_forms_of_the_second_blind_trial_read_as_meant() {
    read_as_their_forms(
        &books()[1],
        &[
            ("Regresa a cualquier ciudad", "Mueve a cualquier ciudad"),
            (
                "Mueve a cualquier ciudad, y luego ten un encuentro inmediato",
                "Mueve a cualquier ciudad y ten un encuentro inmediato",
            ),
            (
                "Pierde cualquier estado a tu elección",
                "Pierde los estados que elijas",
            ),
            (
                "Una habilidad cualquiera a tu elección",
                "Gana una habilidad cualquiera",
            ),
            (
                "Gana una habilidad a tu elección que aún no tengas",
                "Gana una habilidad a tu elección que no poseas",
            ),
            (
                "Roba 2 Tesoros; quédate 1 y descarta 1",
                "Roba dos Tesoros; quédate uno y descarta el otro",
            ),
            (
                "Puedes gastar un punto de Sino y volver a la matriz de reacción para elegir una reacción nueva",
                "Puedes gastar S1 y volver a la matriz de reacción para elegir una reacción nueva",
            ),
        ],
    );
    read_as_their_forms(
        &books()[2],
        &[
            (
                "Retournez vers n'importe quelle ville",
                "Déplacez-vous vers n'importe quelle ville",
            ),
            (
                "Déplacez-vous vers n'importe quelle ville, puis faites une rencontre immédiate",
                "Déplacez-vous vers n'importe quelle ville et faites une rencontre immédiate",
            ),
            (
                "Perd n'importe quel état de votre choix",
                "Perd les états de votre choix",
            ),
            (
                "Une compétence de votre choix",
                "Gagnez une compétence au choix",
            ),
            (
                "Gagnez une compétence de votre choix que vous n'avez pas encore",
                "Gagnez une compétence de votre choix que vous ne possédez pas",
            ),
            (
                "Tirez 2 Trésors ; gardez-en 1, défaussez-en 1",
                "Tirez deux Trésors ; gardez-en un, défaussez l'autre",
            ),
            (
                "Vous pouvez dépenser un point de Destinée et revenir à la matrice de réaction pour choisir une nouvelle réaction",
                "Vous pouvez dépenser D1 et revenir à la matrice de réaction pour choisir une nouvelle réaction",
            ),
        ],
    );
}

/// The rules' "gain a wealth level" and "lose a wealth level", in each
/// language, are the award letter's `+1` and `-1`: the same effect as
/// `W+1` (`R+1` in Spanish, `Fo+1` in French), with no bound.
#[test]
fn a_level_of_wealth_gained_or_lost_in_words_is_the_wealth_letter() {
    let cases = [
        (0, "Gain a level of Wealth", "W+1"),
        (0, "Gain one Wealth level", "W+1"),
        (0, "Lose a level of Wealth", "W-1"),
        (0, "Lose one Wealth level", "W-1"),
        (1, "Gana un nivel de Riqueza", "R+1"),
        (1, "Sube un nivel de Riqueza", "R+1"),
        (1, "Pierde un nivel de Riqueza", "R-1"),
        (1, "Baja un nivel de Riqueza", "R-1"),
        (2, "Gagnez un niveau de Fortune", "Fo+1"),
        (2, "Perdez un niveau de Fortune", "Fo-1"),
    ];
    each_reads_as(&cases, |e| matches!(e, Effect::Wealth { bound: None, .. }));
}

/// Each `(book, written, meant)`: `written` read in `books()[book]` is the
/// effect `meant` is, which `kind` holds to be of the kind meant.
fn each_reads_as(cases: &[(usize, &str, &str)], kind: fn(&Effect) -> bool) {
    for &(b, written, meant) in cases {
        let book = &books()[b];
        let effect = first_item(book, meant);
        assert!(kind(&effect), "{meant}: {effect:?}");
        assert_eq!(first_item(book, written), effect, "{written}");
    }
}

/// A printed book's other words for the go-to phrase (a locale's `also:
/// go-to` and `also: go-to-item`) are the go-to in an award item: the reference is the same, with a section too.
#[test]
fn the_go_to_phrase_printed_in_other_words_is_the_go_to() {
    let cases = [
        (0, "Turn to paragraph 12", "Go to paragraph 12"),
        (0, "Read paragraph 12.", "Go to paragraph 12"),
        (0, "Proceed to paragraph 12", "@12"),
        (
            0,
            "Turn to paragraph 12 and read the PIETY paragraph",
            "Go to paragraph 12 and read the PIETY paragraph",
        ),
        (1, "Pasa al párrafo 12", "Ve al párrafo 12"),
        (1, "Diríjase al párrafo 12", "@12"),
        (2, "Allez au paragraphe 12", "Rendez-vous au paragraphe 12"),
        (2, "Reportez-vous au paragraphe 12", "@12"),
    ];
    each_reads_as(&cases, |e| {
        matches!(e, Effect::Goto(_) | Effect::GotoSection { .. })
    });
}

/// A choice worded as one *between* its arms, joined by the locale's
/// `and` (`A elegir entre Respetado y Bendito`, a translator's natural
/// Spanish): the same choice as with `or`; names and typed items alike.
#[test]
fn a_choice_between_arms_joined_by_and_is_the_choice() {
    let cases = [
        (0, "Choice of Piety and Wisdom", "Choice of Piety or Wisdom"),
        (
            0,
            "Choice of Piety, Luck and Wisdom",
            "Choice of Piety, Luck or Wisdom",
        ),
        (
            0,
            "Choice of W+1 (max Rich) and Treasure",
            "Choice of W+1 (max Rich) or Treasure",
        ),
        (
            1,
            "A elegir entre Respetado y Bendito",
            "A elegir entre Respetado o Bendito",
        ),
        (
            1,
            "Elige entre R+1 (máx.: Rico) y Tesoro",
            "A elegir entre R+1 (máx.: Rico) o Tesoro",
        ),
    ];
    each_reads_as(&cases, |e| match e {
        Effect::Choice(_) => true,
        Effect::Typed(t) => matches!(**t, tales::ir::Typed::ChoiceOf(_)),
        _ => false,
    });
}
