//! A sixth Spanish translator (issue #23; docs/translations.md, "A sixth
//! Spanish translator"): the seventh blind book, whose paragraph shapes
//! are laid out as a transcriber of the printed book would (headings with
//! notes and conditions, `ANY 2 SKILLS`, joined names, nested and guarded
//! choices, rolls in sections, go-to with a section, prose with colons,
//! capitals, quotations, dialogue and speakers), translated as a Spanish
//! book words them: `(obligatorio)`, `(todos obligatorios)`, `2
//! HABILIDADES CUALESQUIERA`, `RIQUEZA: POBRE o menos`, `Si ...:`, `De lo
//! contrario:`, `Si no:`, «comillas» and the dialogue dash, `Nota:`. Its
//! lines in `blind7.tales` are the source's, so its findings are the
//! source's own at the same lines, and each slip planted in it is one
//! finding.

use crate::blind4_es::Pair;
use crate::blind7::{intro_text, sections};
use crate::common;

const BOOK: &str = "blind7-book";
const ES: &str = "blind7-book-es";
const FILE: &str = "tales/blind7.tales";
const SECTION: &str = "l10n-section-mismatch";
const STRUCTURE: &str = "l10n-structure-mismatch";

const PAIR: Pair = Pair {
    book: BOOK,
    es: ES,
    file: FILE,
};

/// The whole translation, faithful down to the source's fifteen planted
/// slips, gives the source's findings at the same lines and nothing else
/// (before: one more, the quotation of 719).
#[test]
fn the_sixth_spanish_translation_pairs_with_its_source() {
    let want = crate::blind3::truth_findings(BOOK);
    assert_eq!(want.len(), 15);
    crate::blind3::assert_findings_are(ES, FILE, want);
}

/// 719: a quotation in capitals between «comillas», wrapped onto the next
/// line (`«QUIEN ENTRE AQUÍ SALDRÁ` / `MÁS POBRE: LOS MUERTOS ...»`), is
/// the intro's prose, as it is between `"` in the source (was: a section
/// named `MÁS POBRE`, and an `unknown-name`).
#[test]
fn a_quotation_in_capitals_between_guillemets_stays_prose() {
    let checked = common::check(&common::fixture(ES));
    assert_eq!(sections(&checked.book, 719), ["SIN HABILIDAD", "MAGIA"]);
    assert!(intro_text(&checked.book, 719).contains("SALDRÁ\nMÁS POBRE: LOS MUERTOS"));
}

/// Slips planted alone: `(old, new, code, line, says)`.
const SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A heading's note dropped.
    (
        "MARINERÍA (obligatorio): Ningún",
        "MARINERÍA: Ningún",
        SECTION,
        20,
        "found `MARINERÍA:`",
    ),
    // A heading's condition changed.
    (
        "RIQUEZA: POBRE o menos:",
        "RIQUEZA: POBRE o más:",
        SECTION,
        210,
        "found `RIQUEZA: POBRE o más:`",
    ),
    // `ANY 2` made 3.
    (
        "2 HABILIDADES CUALESQUIERA",
        "3 HABILIDADES CUALESQUIERA",
        SECTION,
        37,
        "found `3 HABILIDADES CUALESQUIERA:`",
    ),
    // A guarded option's condition changed.
    (
        "> Si pagas lo que pide {wealth >= rico}: Te cruza",
        "> Si pagas lo que pide {wealth >= opulento}: Te cruza",
        STRUCTURE,
        120,
        "condition `{wealth >= opulento}` differs",
    ),
    // A go-to's section renamed (to one the paragraph has).
    (
        "Ve al párrafo 702 y lee la sección MARINERÍA]",
        "Ve al párrafo 702 y lee la sección SIN HABILIDAD]",
        "l10n-award-mismatch",
        103,
        "found [H1 / Ve al párrafo 702 y lee la sección SIN HABILIDAD]",
    ),
    // An arm dropped: found at its block.
    (
        "> Si lo dejas libre: Se inclina y promete recordarte. [S2]\n",
        "",
        STRUCTURE,
        219,
        "it lacks the source's `If you set it free:`",
    ),
    // Two arms swapped.
    (
        ">> Si además le pides que rece por ti: Reza por ti toda la noche. [S1 / Bendito]\n\
         >> Si no: Sonríe y no dice nada. [H1]",
        ">> Si no: Sonríe y no dice nada. [H1]\n\
         >> Si además le pides que rece por ti: Reza por ti toda la noche. [S1 / Bendito]",
        STRUCTURE,
        328,
        "swaps arms 1 and 2",
    ),
    // A roll's bands changed (their boundary moved).
    (
        "> 1-3: Pierdes la bolsa a manos de un cocinero tuerto. [R-1 (mín. Mendigo)]\n> 4-6:",
        "> 1-2: Pierdes la bolsa a manos de un cocinero tuerto. [R-1 (mín. Mendigo)]\n> 3-6:",
        STRUCTURE,
        87,
        "`1-2`, `3-6` where the source has `1-3`, `4-6`",
    ),
];

#[test]
fn each_slip_of_the_sixth_translator_is_one_finding() {
    PAIR.assert_each_slip_is_one_finding(SLIPS);
}

/// Other wordings a Spanish translator might have chosen, each planted
/// alone: no finding. The first six were findings before this translator
/// (a note agreeing with a feminine name was a misspelt `(obligatorio)`;
/// the source's `Read the WISDOM paragraph below` word for word, or with
/// `más abajo` first, did not read; a section's name cited in «» was no
/// section; `1` for the source's `one` was a number the source lacks).
const VARIANTS: &[(&str, &str)] = &[
    (
        "MARINERÍA (obligatorio): Ningún",
        "MARINERÍA (obligatoria): Ningún",
    ),
    ("(todos obligatorios)", "(todas obligatorias)"),
    (
        "[Lee la sección SABIDURÍA más abajo]",
        "[Lee el párrafo SABIDURÍA más abajo]",
    ),
    (
        "[Lee la sección SABIDURÍA más abajo]",
        "[Lee más abajo la sección SABIDURÍA]",
    ),
    ("y\nlee el párrafo PIEDAD]", "y\nlee la sección «Piedad»]"),
    ("Tira un dado:\n> 1-3", "Tira 1 dado:\n> 1-3"),
    // Read so already.
    ("2 HABILIDADES CUALESQUIERA", "CUALESQUIERA 2 HABILIDADES"),
    ("RIQUEZA: POBRE o menos:", "RIQUEZA: POBRE o inferior:"),
    (
        "ERUDICIÓN a nivel de maestro:",
        "ERUDICIÓN A NIVEL DE MAESTRO:",
    ),
    ("[H1 / Amado (si procede)]", "[H1 / Amado (si corresponde)]"),
    (
        "[S1 / H1 / Amado (si no estás Casado)]",
        "[S1 / H1 / Amado (si no estás casado)]",
    ),
    (
        "y lee la sección MARINERÍA]",
        "y lee el apartado MARINERÍA]",
    ),
    ("[H1 / Ve al párrafo 700.]", "[H1 / Pasa al párrafo 700.]"),
    ("> Si no: Lo admiras", "> En caso contrario: Lo admiras"),
    ("Hassan: «¡Dice", "—¡Dice"),
];

#[test]
fn the_sixth_translator_s_other_wordings_add_no_finding() {
    PAIR.assert_variants_add_no_finding(VARIANTS);
}
