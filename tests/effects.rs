//! The effects awards name in words (FORMAT.md section 9.3) and the
//! conditional award items (section 2b): every form printed from the IR in
//! English, Spanish and French reads back as the same effect; each form
//! read from a book; each broken one a single finding.

mod common;
use common::{book_with, check, codes, fixture};
use proptest::prelude::*;
use tales::diagnostic::Diagnostics;
use tales::ir::{Area, Book, Effect, Expr, Gender, Id, Loss, Named, Typed, Way};
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
    ];
    if !n.terrains.is_empty() {
        areas.push(pick(&n.terrains).prop_map(Area::Terrain).boxed());
    }
    let mut ways = vec![
        proptest::strategy::Union::new(areas)
            .prop_map(Way::Any)
            .boxed(),
        Just(Way::To(named("Dunes", "Dunes"))).boxed(),
        (1u32..12).prop_map(Way::Spaces).boxed(),
        (1u32..12).prop_map(Way::UpTo).boxed(),
        (1u32..12).prop_map(Way::Exactly).boxed(),
    ];
    if !n.places.is_empty() {
        ways.push(pick(&n.places).prop_map(Way::To).boxed());
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
        pick(&n.entries).prop_map(Loss::AllLevels),
        two.clone().prop_map(Loss::All),
        two.prop_map(Loss::Either),
    ]
    .boxed()
}

fn effect(n: &Names) -> BoxedStrategy<Effect> {
    let mut forms = vec![
        (way(n), any::<bool>(), any::<bool>())
            .prop_map(|(way, by_other, encounter)| {
                typed(Typed::Move {
                    way,
                    by_other,
                    encounter,
                })
            })
            .boxed(),
        Just(typed(Typed::Opportunity(None))).boxed(),
        (way(n), any::<bool>(), simple(n))
            .prop_map(|(way, by_other, e)| {
                typed(Typed::Destination {
                    way: match way {
                        Way::Spaces(_) | Way::UpTo(_) | Way::Exactly(_) => Way::Any(Area::City),
                        w => w,
                    },
                    by_other,
                    arrival: vec![e],
                })
            })
            .boxed(),
        (losses(n), any::<bool>())
            .prop_map(|(loss, optional)| typed(Typed::Lose { loss, optional }))
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
                .prop_map(|p| typed(Typed::Opportunity(Some(p))))
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
            }),
            typed(Typed::Move {
                way: Way::UpTo(1),
                by_other: false,
                encounter: false,
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
const EVERY_FORM: &str = include_str!("effects/every-form.tales");

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
    assert_eq!(items.len(), 46, "{items:#?}");
    let free: Vec<_> = items
        .iter()
        .filter(|e| matches!(e, Effect::FreeText(_)))
        .collect();
    assert!(free.is_empty(), "{free:?}");
}

/// A broken form: what is replaced by what, the one finding's code and line.
const BROKEN: &[(&str, &str, &str, usize)] = &[
    (
        "the City of Brass /",
        "the City of Bras /",
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
    ];
    for (en, es) in same {
        let (code, out) = l10n(en, es);
        assert_eq!(code, 0, "{en} / {es}: {out}");
        assert!(out.contains("no l10n findings"), "{en} / {es}: {out}");
    }
    let differ = [
        ("Move two spaces", "Mueve tres casillas"),
        ("W=Beggar", "R=Pobre"),
        (
            "Roll one die: on a 1 or 2, D1",
            "Tira un dado: con un 1 o 3, S1",
        ),
        (
            "Have an immediate encounter with a Terrible Storm (Matrix F)",
            "Ten un encuentro inmediato con una Tormenta Leve (matriz de reacción F)",
        ),
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
