//! A seventh Spanish translator (issue #23; docs/translations.md, "A
//! seventh Spanish translator"): the eighth blind book, the book's graph,
//! translated as a Spanish book words it. Chart entries in Spanish order
//! with the adjective agreeing with the one encountered (`Una viuda
//! {llorosa} (G, female)` for the row `Lloroso`), matrix rows, reactions,
//! cards and board spaces in Spanish, `@` references and numbers kept. Its
//! lines are the source's, so its findings are the source's own at the
//! same lines (but the unreachable paragraph, the source's business), and
//! each slip planted in the graph is one finding at its line.

use crate::blind4_es::{Pair, sorted};
use crate::common;
use tales::ir::{ChartTarget, ParagraphBody};

const BOOK: &str = "blind8-book";
const ES: &str = "blind8-book-es";
const STRUCTURE: &str = "l10n-structure-mismatch";

const fn pair(file: &'static str) -> Pair {
    Pair {
        book: BOOK,
        es: ES,
        file,
    }
}

/// The whole translation, faithful down to the source's seventeen planted
/// slips, gives the source's findings at the same lines but the
/// unreachable 2309 (in a translation, reachability is the source's
/// finding) and nothing else (before: 7 more, 4 of them the adjectives of
/// the charts agreeing with a feminine noun).
#[test]
fn the_seventh_spanish_translation_pairs_with_its_source() {
    let want: Vec<_> = crate::blind8::truth()
        .into_iter()
        .filter(|(code, ..)| code != "unreachable-paragraph")
        .collect();
    assert_eq!(want.len(), 16);
    let checked = common::check(&common::fixture(ES));
    assert_eq!(
        sorted(common::codes(&checked)),
        sorted(want),
        "{}",
        common::human(&checked)
    );
}

/// The rows chart `n`'s entries lead to, as `matrix:row`.
fn chart_rows(book: &tales::ir::Book, n: u32) -> Vec<String> {
    let ParagraphBody::Chart(chart) = &book.paragraph(n).unwrap().body else {
        panic!("{n} is no chart");
    };
    (chart.entries.iter())
        .filter_map(|e| match &e.target {
            ChartTarget::Row { matrix, row } => Some(format!("{}:{}", matrix.value, row.value)),
            _ => None,
        })
        .collect()
}

/// An adjective in the other gender than its row's name (`{llorosa}`,
/// `{taimada}`, `{velada}` for `Lloroso`, `Taimado`, `Velado`) leads to
/// that row, as its source's entry does (was: `dangling-reference`, and
/// the graph lost chart 1204's edge to matrix G).
#[test]
fn a_chart_adjective_agreeing_with_a_feminine_noun_names_its_row() {
    let checked = common::check(&common::fixture(ES));
    let rows = chart_rows(&checked.book, 1201);
    assert_eq!(rows[0], "G:Lloroso");
    assert_eq!(chart_rows(&checked.book, 1202)[3], "H:Taimado");
    assert_eq!(chart_rows(&checked.book, 1204)[0], "G:Velado");
    // The slip stays one: `{afligido}` is no row in either gender.
    assert_eq!(chart_rows(&checked.book, 1204)[1], "G:afligido");
}

/// Slips planted alone in the graph, by file: `(old, new, code, line, says)`.
const CHART_SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A chart entry's matrix letter changed.
    (
        "Un comerciante {taimado} (H)",
        "Un comerciante {taimado} (G)",
        "dangling-reference",
        8,
        "matrix G has no row `taimado`",
    ),
    // A row adjective that names no row of the translated matrix.
    (
        "Un boyero {honrado} (H)",
        "Un boyero {honesto} (H)",
        "dangling-reference",
        9,
        "matrix H has no row `honesto`",
    ),
];

const RANGE_SLIPS: &[(&str, &str, &str, usize, &str)] = &[(
    " 3-4  Un pescador {perdido} (L)",
    " 3-5  Un pescador {perdido} (L)",
    STRUCTURE,
    6,
    "range differs from the source's",
)];

/// A matrix cell's number changed: at the cell (was: at the matrix's letter).
const MATRIX_SLIPS: &[(&str, &str, &str, usize, &str)] = &[(
    "[1211, 1214, 1217, 1220]",
    "[1211, 1214, 1217, 1223]",
    STRUCTURE,
    25,
    "1223 where the source has 1220",
)];

/// A card's chart number changed: at that time of day (was: at the card's
/// name).
const CARD_SLIPS: &[(&str, &str, &str, usize, &str)] = &[(
    "    night: 1202\n  - name: Buhonero",
    "    night: 1203\n  - name: Buhonero",
    STRUCTURE,
    9,
    "character card `Viuda` leads elsewhere",
)];

const GO_TO_SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A go-to's number changed.
    (
        "Ve al párrafo 2301.",
        "Ve al párrafo 2303.",
        "l10n-reference-mismatch",
        27,
        "the source has @2301, the translation @2303",
    ),
    // A go-to's section renamed (to one the paragraph has).
    (
        "y lee el párrafo de SABIDURÍA]",
        "y lee el párrafo de SIN HABILIDAD]",
        "l10n-award-mismatch",
        67,
        "found [H1 / Ve al párrafo 2302 y lee el párrafo de SIN HABILIDAD]",
    ),
];

/// A board route dropped: at the routes of its kind in board.yaml (was: at
/// book.yaml's first line).
const BOARD_SLIPS: &[(&str, &str, &str, usize, &str)] = &[(
    "land: [[Bantu, Dunas], [Dunas, Oasis]]",
    "land: [[Bantu, Dunas]]",
    STRUCTURE,
    11,
    "the source's land route [Dunes, Oasis] is missing",
)];

#[test]
fn each_slip_of_the_seventh_translator_is_one_finding() {
    pair("tales/charts8.tales").assert_each_slip_is_one_finding(CHART_SLIPS);
    pair("tales/charts.tales").assert_each_slip_is_one_finding(RANGE_SLIPS);
    pair("matrices.yaml").assert_each_slip_is_one_finding(MATRIX_SLIPS);
    pair("cards.yaml").assert_each_slip_is_one_finding(CARD_SLIPS);
    pair("tales/ch1/widows.tales").assert_each_slip_is_one_finding(GO_TO_SLIPS);
    pair("board.yaml").assert_each_slip_is_one_finding(BOARD_SLIPS);
}

/// Other wordings a Spanish translator might have chosen, each planted
/// alone: no finding.
const CHART_VARIANTS: &[(&str, &str)] = &[
    ("Un porteador {Cojo}", "Una porteadora {coja}"),
    ("Un capitán {orgulloso} (G)", "Una capitana {orgullosa} (G)"),
    ("Una adivina {taimada}", "Un adivino {taimado}"),
];

/// The four spellings this translator's book used that did not read (the
/// book keeps them: `CUALQUIER 4 HABILIDADES`, `pero ganas S1 por cada
/// nivel perdido`, `marcador de destino`, `Lee el párrafo de PIEDAD de
/// abajo`), and their neighbours.
const ROAD_VARIANTS: &[(&str, &str)] = &[
    ("CUALQUIER 4 HABILIDADES:", "4 HABILIDADES CUALESQUIERA:"),
    (
        "pero ganas S1 por cada nivel perdido",
        "pero ganas S1 por cada nivel que pierdas",
    ),
    (
        "Coloca tu marcador de destino en Qalat; cuando",
        "Coloca tu ficha de destino en Qalat; cuando",
    ),
];

const FAR_VARIANTS: &[(&str, &str)] = &[(
    "Lee el párrafo de PIEDAD de abajo",
    "Lee el párrafo de PIEDAD más abajo",
)];

#[test]
fn the_seventh_translator_s_other_wordings_add_no_finding() {
    pair("tales/charts8.tales").assert_variants_add_no_finding(CHART_VARIANTS);
    pair("tales/road.tales").assert_variants_add_no_finding(ROAD_VARIANTS);
    pair("tales/ch3/far.tales").assert_variants_add_no_finding(FAR_VARIANTS);
}
