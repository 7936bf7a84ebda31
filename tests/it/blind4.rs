//! The fourth blind trial (docs/effects.md, "Fourth blind trial"): a book
//! copied as a second transcriber copies printed pages (`area` for
//! `space`, `within 3`, `(you choose)`, `once only`, `You are sent to`),
//! written before its author read the code, with its truth beside it
//! (`tests/fixtures/blind4-book/TRUTH.md`). The book's findings are the
//! truth's list; what the trial found in words or misread is read as meant,
//! in English, Spanish and French.

use crate::common;
use std::fmt::Write as _;
use tales::ir::{Effect, ParagraphBody, Typed};

const BOOK: &str = "blind4-book";
const FILE: &str = "tales/blind4.tales";

/// The truth's expected findings (`TRUTH.md`, `code line` each).
fn expected() -> Vec<(String, usize)> {
    let list = crate::blind3::truth_findings(BOOK);
    assert_eq!(list.len(), 12, "{list:?}");
    list
}

#[test]
fn the_blind4_book_gives_exactly_the_findings_its_truth_expects() {
    crate::blind3::assert_findings_are(BOOK, FILE, expected());
}

/// With `--warn free-text-effect`, the items left in words are the three
/// the truth keeps free (a city within 4 spaces, `Encounter again`, any
/// city but one) and two whose one reading the engine cannot say: an
/// optional Destination marker (a marker always replaces the old one) and
/// `Go to the City of Brass` (`Go to` is the go-to phrase's verb).
#[test]
fn the_blind4_book_leaves_free_only_what_has_no_one_typed_meaning() {
    assert_eq!(
        crate::blind3::free_text_lines(BOOK),
        [358, 377, 396, 405, 443]
    );
}

/// 321: `Seamanship (once only)` is the skill for one use; it was the
/// skill for good with a note, which the page does not mean.
#[test]
fn once_only_after_a_skill_is_one_use() {
    let checked = common::check(&common::fixture(BOOK));
    let ParagraphBody::Result { intro, .. } = &checked.book.paragraph(321).unwrap().body else {
        panic!("321 is a chart");
    };
    let arm = &intro.block.as_ref().unwrap().arms[0];
    let items: Vec<&Effect> = arm.node.awards[0].items.iter().map(|i| &i.effect).collect();
    let Effect::Typed(t) = items[1] else {
        panic!("{items:?}");
    };
    assert!(
        matches!(&**t, Typed::OneUse { id, master: false } if id.id == "seamanship"),
        "{t:?}"
    );
}

/// Each item as the award of a paragraph of its own in `base`: the items'
/// effects in order, and the findings in the new file.
fn read(base: &str, items: &[&str]) -> (Vec<Effect>, Vec<(String, usize)>) {
    let mut text = String::from("# tales: allow(unreachable-paragraph)\n");
    for (i, item) in items.iter().enumerate() {
        let _ = write!(text, "-{}-\nThe tale. [{item}]\n\n", 3000 + i);
    }
    let d = common::book_with(base, &[("tales/blind4.tales", &text)]);
    let checked = common::check(&d.path().join("book"));
    let found = common::codes(&checked)
        .into_iter()
        .filter(|(_, file, _)| file.ends_with("blind4.tales"))
        .map(|(code, _, line)| (code, line))
        .collect();
    let effects = (0..items.len())
        .map(|i| {
            let n = u32::try_from(3000 + i).unwrap();
            let p = checked.book.paragraph(n).expect("read");
            let item = p
                .nodes()
                .flat_map(|n| &n.awards)
                .flat_map(|a| &a.items)
                .next();
            item.map_or(Effect::FreeText(String::new()), |i| i.effect.clone())
        })
        .collect();
    (effects, found)
}

/// The printed variants the trial added, each in the three locales: typed,
/// clean, and the same effect in each.
#[test]
fn the_fourth_trial_variants_read_the_same_in_en_es_and_fr() {
    let rows: [[&str; 3]; 10] = [
        [
            "Move one area",
            "Mueve una zona",
            "Déplacez-vous d'une zone",
        ],
        [
            "Move up to 2 areas",
            "Mueve hasta 2 zonas",
            "Déplacez-vous de 2 zones au plus",
        ],
        [
            "Move to any sea area",
            "Mueve a cualquier zona de mar",
            "Déplacez-vous vers n'importe quelle zone de mer",
        ],
        [
            "You may move to any space within 3",
            "Puedes moverte a cualquier casilla a 3 casillas o menos",
            "Vous pouvez vous déplacer vers n'importe quelle case à 3 cases au plus",
        ],
        [
            "Have another player move you anywhere",
            "Haz que otro jugador te mueva a cualquier parte",
            "Un autre joueur vous déplace n'importe où",
        ],
        [
            "You are carried to any island",
            "Te envían a cualquier isla",
            "Vous êtes envoyé vers n'importe quelle île",
        ],
        [
            "Piety (once only)",
            "Piedad (una sola vez)",
            "Piété (une seule fois)",
        ],
        [
            "Lose a Treasure (your choice)",
            "Pierde un Tesoro (tú eliges)",
            "Perd un Trésor (vous choisissez)",
        ],
        [
            "Take the Treasure card of your choice",
            "Toma la carta de Tesoro que quieras",
            "Prenez la carte Trésor de votre choix",
        ],
        [
            "Any one skill (your choice)",
            "Una habilidad cualquiera (a tu elección)",
            "Une compétence quelconque (au choix)",
        ],
    ];
    let mut read_in = Vec::new();
    for (lang, base) in ["spec-example-v2", "spec-example-v2-es", "fr-mini"]
        .iter()
        .enumerate()
    {
        let items: Vec<&str> = rows.iter().map(|r| r[lang]).collect();
        let (effects, found) = read(base, &items);
        assert!(found.is_empty(), "{base}: {found:?}");
        for (e, item) in effects.iter().zip(&items) {
            assert!(matches!(e, Effect::Typed(_)), "{base}: `{item}` is {e:?}");
        }
        read_in.push(effects);
    }
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(read_in[0][i], read_in[1][i], "{row:?}");
        assert_eq!(read_in[0][i], read_in[2][i], "{row:?}");
    }
}
