//! An eighth Spanish translator (issue #23; docs/translations.md, "An
//! eighth Spanish translator"): the ninth blind book's 150 prose-rich
//! paragraphs (speakers, shouts and inscriptions in capitals, skill and
//! status words as plain words, numbers and `Ve al ...` in prose,
//! brackets, wrapped lines) translated as Spanish prose is typed: the
//! dialogue dash, «comillas», `¿...?` and `¡...!`, numbers as words. Its
//! findings are the source's eleven planted slips at its own lines, and
//! each slip planted in the translation is one finding; prose is free.

use crate::blind3::{assert_findings_are, truth_findings};
use crate::blind4_es::Pair;

const BOOK: &str = "blind9-book";
const ES: &str = "blind9-book-es";
const STRUCTURE: &str = "l10n-structure-mismatch";
const AWARD: &str = "l10n-award-mismatch";
const NUMBER: &str = "l10n-number-mismatch";

const fn pair(file: &'static str) -> Pair {
    Pair {
        book: BOOK,
        es: ES,
        file,
    }
}

/// The whole translation, faithful down to the source's eleven planted
/// slips, gives the source's findings, code for code, at its own lines,
/// and nothing else: no false finding in 150 paragraphs of prose.
#[test]
fn the_eighth_spanish_translation_pairs_with_its_source() {
    let want = truth_findings(ES);
    let codes = |v: &[(String, usize)]| v.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(codes(&want), codes(&truth_findings(BOOK)));
    assert_findings_are(ES, "tales/storyteller/bazaar.tales", want);
}

/// Slips planted alone in the translation's prose paragraphs:
/// `(old, new, code, line, says)`.
const SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A section dropped: at the heading that now stands in its place.
    (
        "\n\nPIEDAD: Pierdes un día discutiendo. [S1 / Bendito]",
        "",
        STRUCTURE,
        432,
        "a skill check of 2 sections",
    ),
    // Two arms swapped.
    (
        "> Si ayudas: Os despedís como amigos. [S1 / A elegir entre Respetado o Bendito]\n\
         > Si sigues tu camino: Pierdes un día discutiendo. [H1 / @311]",
        "> Si sigues tu camino: Pierdes un día discutiendo. [H1 / @311]\n\
         > Si ayudas: Os despedís como amigos. [S1 / A elegir entre Respetado o Bendito]",
        STRUCTURE,
        209,
        "swaps arms 1 and 2",
    ),
    // An award's number changed.
    (
        "cuesta caro. [S-1 / H1 / Envidioso]",
        "cuesta caro. [S-1 / H2 / Envidioso]",
        AWARD,
        233,
        "found [S-1 / H2 / Envidioso]",
    ),
    // A go-to's number changed (the award wraps after `párrafo`).
    (
        "Ve al párrafo\n418]",
        "Ve al párrafo\n419]",
        "l10n-reference-mismatch",
        229,
        "the source has @418, the translation @419",
    ),
    // A status in an award replaced by another.
    (
        "balcón. [H1 / Herido]",
        "balcón. [H1 / Perseguido]",
        AWARD,
        283,
        "found [H1 / Perseguido]",
    ),
    // A skill heading translated by the wrong skill.
    (
        "PIEDAD: Pierdes un día discutiendo.",
        "SABIDURÍA: Pierdes un día discutiendo.",
        "l10n-section-mismatch",
        432,
        "expected `PIEDAD:` (= source `PIETY:`), found `SABIDURÍA:`",
    ),
    // A number in prose changed: one warning, at the number.
    (
        "Te paga 2 monedas de oro y un puñado de\nhigos secos.",
        "Te paga 3 monedas de oro y un puñado de\nhigos secos.",
        NUMBER,
        244,
        "the source has 1001, 2, the translation 1001, 3",
    ),
    // Left as it is: a number in words no locale table has (`las mil y
    // una noches` for `the 1001 nights`) is that same one warning, at the
    // paragraph (no number of the translation's own to point at).
    (
        "de memoria las 1001 noches. Te paga 2",
        "de memoria las mil y una noches. Te paga 2",
        NUMBER,
        39,
        "the source has 1001, 12, 2, the translation 12, 2",
    ),
];

#[test]
fn each_slip_of_the_eighth_translator_is_one_finding() {
    pair("tales/storyteller/desert.tales").assert_each_slip_is_one_finding(SLIPS);
}

/// A sentence of prose dropped: prose is the translator's, no finding.
const PROSE_DROPPED: &[(&str, &str)] = &[(
    " Los mercaderes de oriente\nhan traído seda y malas noticias.",
    "\n",
)];

/// Numbers written as words where the source has digits (before: `Doce`
/// for 12 was a warning; the locale's words zero to twelve now count,
/// not only one to six).
const NUMBER_WORDS: &[(&str, &str)] = &[
    (
        "\n12 camellos esperan atados en fila, rumiando al mismo compás.\n",
        "\nDoce camellos esperan atados en fila, rumiando al mismo compás.\n",
    ),
    (
        "\n3 días después, llegas al borde de las salinas.\n",
        "\nTres días después, llegas al borde de las salinas.\n",
    ),
    (
        "Te paga 2 monedas de oro y un puñado de\nhigos secos.",
        "Te paga dos monedas de oro y un puñado de\nhigos secos.",
    ),
];

/// Award spellings another translator of this book might type (before:
/// `máximo`, `mínimo` and `Maestría en` were each one `unknown-name`).
const AWARD_WORDS: &[(&str, &str)] = &[
    (
        "último momento, y lloró. [H1 / R+1 (máx. Rico)]",
        "último momento, y lloró. [H1 / R+1 (máximo Rico)]",
    ),
    (
        "último momento, y lloró. [H1 / R+1 (máx. Rico)]",
        "último momento, y lloró. [H1 / R+1 (máx.: Rico)]",
    ),
    (
        "el lío. [H1 / R-1 (mín. Mendigo)]",
        "el lío. [H1 / R-1 (mínimo Mendigo)]",
    ),
    (
        "camino. [H1 / Maestro en Percepción]",
        "camino. [H1 / Maestría en Percepción]",
    ),
    (
        "camino. [H1 / Maestro en Percepción]",
        "camino. [H1 / Percepción a nivel de maestro]",
    ),
    ("[S1 / Ve al párrafo 422]", "[S1 / Pasa al párrafo 422]"),
    // Before: an `l10n-award-mismatch` (`A elegir` is `choice-of` now).
    (
        "el lío. [S1 / A elegir entre Respetado o Bendito]",
        "el lío. [S1 / A elegir: Respetado o Bendito]",
    ),
];

/// The loss verb in the second person, as the prose around it speaks
/// (before: one `unknown-name`, "`Pierdes Herido` is no award word").
const LOSE_WORDS: &[(&str, &str)] = &[(
    "caro. [H1 / Pierde Herido]\n",
    "caro. [H1 / Pierdes Herido]\n",
)];

#[test]
fn the_eighth_translator_s_other_wordings_add_no_finding() {
    let desert = pair("tales/storyteller/desert.tales");
    desert.assert_variants_add_no_finding(PROSE_DROPPED);
    desert.assert_variants_add_no_finding(NUMBER_WORDS);
    desert.assert_variants_add_no_finding(LOSE_WORDS);
    pair("tales/storyteller/harbour.tales").assert_variants_add_no_finding(AWARD_WORDS);
}
