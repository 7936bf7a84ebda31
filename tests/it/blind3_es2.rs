//! A second Spanish translation of the third blind trial (issue #23;
//! docs/translations.md, "A second Spanish translator"): the same English
//! book translated blind by another translator, with other habits (`Pasa al
//! párrafo`, `casillas` and `espacios`, `a tu elección`, `una vez`, `RIQUEZA:
//! POBRE o inferior`, `(durante 1 turno)`, number words and digits both).
//! Its lines are the source's, so its findings are the source's own at the
//! same lines, and each slip planted in it is one finding.

use crate::blind3::{
    AWARD, FILE, Slip, assert_each_slip_is_one_finding, assert_variants_add_no_finding, expected,
    slip, sorted, translation_with,
};
use crate::common;

const ES2: &str = "blind3-book-es2";
const SECTION: &str = "l10n-section-mismatch";
const REFERENCE: &str = "l10n-reference-mismatch";

/// The whole translation, faithful down to the source's planted defects,
/// gives the source's findings at the same lines and nothing else (before
/// the locale's variants of this translator: 35 more).
#[test]
fn the_second_spanish_translation_pairs_with_its_source() {
    let checked = common::check(&common::fixture(ES2));
    let want: Vec<(String, String, usize)> = (expected().into_iter())
        .map(|(code, line)| (code, FILE.to_owned(), line))
        .collect();
    assert_eq!(
        sorted(common::codes(&checked)),
        sorted(want),
        "{}",
        common::human(&checked)
    );
}

/// Slips of another kind than the first translation's, each planted alone:
/// one finding at its line.
const SLIPS: &[Slip] = &[
    // A number written as a word changed.
    slip(
        "Despreciado (dos turnos)",
        "Despreciado (tres turnos)",
        AWARD,
        39,
        "found [H2 / Narración a nivel de maestro / Despreciado (tres turnos)]",
    ),
    slip(
        "[Muévete dos espacios]",
        "[Muévete tres espacios]",
        AWARD,
        313,
        "found [Muévete tres espacios]",
    ),
    // A `no` dropped from a condition.
    slip(
        "(si eres mujer y no estás Casada)",
        "(si eres mujer y estás Casada)",
        AWARD,
        267,
        "found [S1 / Amado (si eres mujer y estás Casada)",
    ),
    // `o` for `y` in a heading: a skill's name broken.
    slip(
        "NEGOCIAR Y EVALUAR, CORTESÍA:",
        "NEGOCIAR O EVALUAR, CORTESÍA:",
        "unknown-name",
        503,
        "section heading `NEGOCIAR O EVALUAR` is no skill, status or treasure",
    ),
    // A condition of the opposite sex.
    slip(
        "Herido (si eres hombre)",
        "Herido (si eres mujer)",
        AWARD,
        263,
        "found [H1 / Herido (si eres mujer)]",
    ),
    // `(obligatorio)` dropped.
    slip(
        "HERIDO (obligatorio): La herida",
        "HERIDO: La herida",
        SECTION,
        29,
        "found `HERIDO:`",
    ),
    // A paragraph number with two digits swapped, in both go-to phrases.
    slip(
        "[H1 / Pasa al párrafo 202]",
        "[H1 / Pasa al párrafo 220]",
        REFERENCE,
        22,
        "the translation @220",
    ),
    slip(
        "[Dirígete al párrafo 216 /",
        "[Dirígete al párrafo 261 /",
        REFERENCE,
        130,
        "the translation @261, @217",
    ),
    // A duration, a wealth label's comparison, a single use dropped.
    slip(
        "Bendito (durante 1 turno)",
        "Bendito (durante 2 turnos)",
        AWARD,
        169,
        "expected [R-1 (mín.: Pobre) / Bendito (1 turno)]",
    ),
    slip(
        "RIQUEZA: POBRE o inferior",
        "RIQUEZA: POBRE o superior",
        SECTION,
        74,
        "found `RIQUEZA: POBRE o superior (obligatorio):`",
    ),
    slip(
        "Caballo de ébano (una vez)",
        "Caballo de ébano",
        AWARD,
        422,
        "expected [Caballo de ébano (1 uso)]",
    ),
    slip(
        "[S1 / H1 / Casado (si no lo estás ya)]",
        "[S1 / H1 / Casado]",
        AWARD,
        262,
        "expected [S1 / H1 / Casado {!married}]",
    ),
];

#[test]
fn each_slip_of_the_second_translator_is_one_finding() {
    assert_each_slip_is_one_finding(ES2, SLIPS);
}

/// Spellings this translator might have written as well, each planted
/// alone: no finding.
const VARIANTS: &[(&str, &str)] = &[
    ("[H1 / Pasa al párrafo 202]", "[H1 / Ve al párrafo 202]"),
    ("[Pasa al párrafo 206]", "[Dirígete al párrafo 206]"),
    (
        "RIQUEZA: POBRE o inferior (obligatorio)",
        "RIQUEZA: POBRE o menos (obligatorio)",
    ),
    (
        "RIQUEZA: OPULENTO o superior:",
        "RIQUEZA: OPULENTO o mayor:",
    ),
    ("Bendito (durante 1 turno)", "Bendito (1 turno)"),
    ("Herido (un turno)", "Herido (durante un turno)"),
    (
        "[Muévete hasta 3 casillas]",
        "[Muévete hasta tres espacios]",
    ),
    (
        "Sabiduría o Piedad, a tu elección",
        "Sabiduría o Piedad (a tu elección)",
    ),
    (
        "Tesoro o Alfombra mágica, a tu elección",
        "A elegir entre Tesoro o Alfombra mágica",
    ),
    ("5 HABILIDADES CUALQUIERA:", "5 HABILIDADES CUALESQUIERA:"),
    ("3 HABILIDADES CUALESQUIERA:", "CUALESQUIERA 3 HABILIDADES:"),
    (
        "en Qalat; cuando llegues allí, Tesoro",
        "en Qalat. Cuando llegues allí, Tesoro",
    ),
    (
        "[Lee la sección de SUERTE\nde más abajo]",
        "[Lee la sección SUERTE\nde abajo]",
    ),
    (
        "[Muévete a cualquier casilla de tierra]",
        "[Muévete a cualquier espacio de tierra]",
    ),
    (
        "[Muévete hasta 3 casillas]",
        "[Muévete un máximo de 3 espacios]",
    ),
    (
        "Sabiduría o Piedad, a tu elección",
        "Sabiduría o Piedad a tu elección",
    ),
    (
        "[S1 / Una habilidad a tu elección]",
        "[S1 / Una habilidad que elijas]",
    ),
    (
        "[Cualquier habilidad a tu elección (una vez)]",
        "[Una habilidad cualquiera a tu elección (1 uso)]",
    ),
    (
        "a Mendigo, pero gana S1 por cada nivel perdido",
        "a Mendigo pero gana S1 por cada nivel perdido",
    ),
];

#[test]
fn the_second_translator_s_other_spellings_add_no_finding() {
    assert_variants_add_no_finding(ES2, VARIANTS);
}

/// Wordings that stay one finding each, with the fix in the help: a wealth
/// label without its colon (before: two, the section lost and its award
/// read as prose), a heading's number in words (as `ANY FOUR SKILLS` in
/// English: the printed book writes digits), and a condition that keeps the
/// source's wealth name (FORMAT.md 2: conditions take the book's names),
/// and a go-to phrase left in the text.
#[test]
fn what_this_translator_wrote_against_the_format_is_one_finding_each() {
    let cases = [
        (
            "RIQUEZA: OPULENTO o superior:",
            "RIQUEZA OPULENTO o más:",
            ("syntax-error", 76),
            "write `RIQUEZA: OPULENTO o más`",
        ),
        (
            "3 HABILIDADES CUALESQUIERA:",
            "TRES HABILIDADES CUALESQUIERA:",
            ("unknown-name", 46),
            "did you mean `3 HABILIDADES CUALESQUIERA`?",
        ),
        (
            "{wealth >= rico} Si tu riqueza es Rico o superior: Te pide",
            "{wealth >= rich} Si tu riqueza es Rico o superior: Te pide",
            ("unknown-name", 134),
            "did you mean `Rico`?",
        ),
        // The go-to phrase in the text, in a spelling other than the
        // locale's first: read as the reference, and warned of once.
        (
            "la voz se calla. [H1 / Pasa al párrafo 202]",
            "la voz se calla. Pasa al párrafo 202. [H1]",
            ("go-to-in-prose", 22),
            "Pasa al párrafo 202]` (or `[... / @202]`)",
        ),
    ];
    let faithful = common::codes(&common::check(&common::fixture(ES2)));
    for (old, new, (code, line), help) in cases {
        let (_dir, es) = translation_with(ES2, old, new);
        let checked = common::check(&es);
        let mut want = faithful.clone();
        want.push((code.to_owned(), FILE.to_owned(), line));
        let human = common::human(&checked);
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(want),
            "`{new}`:\n{human}"
        );
        assert!(human.contains(help), "`{new}`: no help `{help}`:\n{human}");
    }
}
