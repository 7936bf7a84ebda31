//! A fourth Spanish translator (issue #23; docs/translations.md, "A fourth
//! Spanish translator"): the fifth blind book translated in the formal
//! register, as many published Spanish game books and translators from
//! Latin America write it (`Vaya al párrafo`, `Pierda`, `Gane`, `Elija
//! entre`, `Tire un dado`, `Mueva su ficha`, `Deje que otro jugador mueva
//! su ficha`, `Si es usted mujer`), with the rulebook's words (`Bantúes`,
//! `Perspicacia` for Quick Thinking, `cualesquiera estados a su elección`).
//! Its lines are not the source's: its findings are the source's own in
//! the same paragraphs, and each slip planted in it is one finding.

use crate::blind4_es::Pair;
use crate::common;

const BOOK: &str = "blind5-book";
const ES: &str = "blind5-book-es";
const FILE: &str = "tales/blind5.tales";
const AWARD: &str = "l10n-award-mismatch";

const PAIR: Pair = Pair {
    book: BOOK,
    es: ES,
    file: FILE,
};

/// Each finding's code, file and the paragraph its line is in (0 outside
/// any paragraph), for a book whose lines are not its source's.
fn by_paragraph(
    book: &std::path::Path,
    found: Vec<(String, String, usize)>,
) -> Vec<(String, String, usize)> {
    let paragraph = |file: &str, line: usize| {
        let text = std::fs::read_to_string(book.join(file)).unwrap();
        (text.lines().take(line).filter_map(|l| {
            let n = l.strip_prefix('-')?.split_once('-')?.0;
            n.parse::<usize>().ok()
        }))
        .last()
        .unwrap_or(0)
    };
    let mut all: Vec<_> = (found.into_iter())
        .map(|(code, file, line)| {
            let at = paragraph(&file, line);
            (code, file, at)
        })
        .collect();
    all.sort();
    all
}

/// The whole translation, faithful down to the source's seventeen planted
/// defects, gives the source's findings in the same paragraphs and nothing
/// else (before this translator's spellings were read: 139 more, and four
/// defects masked by them).
#[test]
fn the_fourth_spanish_translation_pairs_with_its_source() {
    let source = common::fixture(BOOK);
    let es = common::fixture(ES);
    let want = by_paragraph(&source, common::codes(&common::check(&source)));
    let checked = common::check(&es);
    let got = by_paragraph(&es, common::codes(&checked));
    assert_eq!(want.len(), 17);
    assert_eq!(got, want, "{}", common::human(&checked));
}

/// Slips planted alone: `(old, new, code, line, says)`.
const SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A number changed in a go-to broken over two lines.
    (
        "Vaya al párrafo\n240]",
        "Vaya al párrafo\n242]",
        "l10n-reference-mismatch",
        277,
        "the source has @240, the translation @242",
    ),
    // A dropped option of three.
    (
        "> Si usted se niega: Él sonríe demasiado. [Despreciado / Mueva a cualquier casilla que no sea ciudad]\n",
        "",
        "l10n-structure-mismatch",
        324,
        "it lacks the source's `If you refuse:`",
    ),
    // Another name in a loss in the formal register.
    (
        "[H1 / Pierda Determinado /",
        "[H1 / Pierda Desconsolado /",
        AWARD,
        217,
        "found [H1 / Pierda Desconsolado",
    ),
    // Another face in a roll inside the award.
    (
        "Tire un dado: con un 1-3, Perdido]",
        "Tire un dado: con un 1-2, Perdido]",
        AWARD,
        145,
        "con un 1-2, Perdido",
    ),
    // Another name in a choice.
    (
        "[S1 / H2 / Elija entre Bendito o Respetado]",
        "[S1 / H2 / Elija entre Bendito o Maldito]",
        AWARD,
        40,
        "Elija entre Bendito o Maldito",
    ),
    // Another number of spaces for the one another player moves.
    (
        "Deje que otro jugador mueva su ficha hasta tres casillas]",
        "Deje que otro jugador mueva su ficha hasta dos casillas]",
        AWARD,
        29,
        "mueva su ficha hasta dos casillas",
    ),
];

#[test]
fn each_slip_of_the_fourth_translator_is_one_finding() {
    PAIR.assert_each_slip_is_one_finding(SLIPS);
}

/// What a translator in the same register might write instead (the
/// infinitive, other verbs of the same meaning), each planted alone: no
/// finding.
const VARIANTS: &[(&str, &str)] = &[
    ("Vaya al párrafo\n240]", "Diríjase al párrafo\n240]"),
    ("[Pierda un Tesoro /", "[Perder un Tesoro /"),
    (
        "[H1 / Elija entre Suerte o Piedad]",
        "[H1 / Elija uno: Suerte o Piedad]",
    ),
    ("[H1 / Mueva a Qalat.]", "[H1 / Muévase a Qalat.]"),
    ("[Mueva su ficha dos casillas /", "[Mueva dos casillas /"),
    (
        "[H1 / Pierda cualesquiera estados a su elección]",
        "[H1 / Pierda los estados que elija]",
    ),
    (
        "Amado (si es usted mujer y no está Casada)",
        "Amado (si usted es mujer y no está Casada)",
    ),
    (
        "[S2 / Su Riqueza pasa a ser Mendigo]",
        "[S2 / Su Riqueza se convierte en Mendigo]",
    ),
];

#[test]
fn the_fourth_translator_s_other_spellings_add_no_finding() {
    PAIR.assert_variants_add_no_finding(VARIANTS);
}
