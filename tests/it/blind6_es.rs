//! A fifth Spanish translator (issue #23; docs/translations.md, "A fifth
//! Spanish translator"): the sixth blind book, whose award items are
//! worded as the game's rules word them, translated in the informal
//! register of the rulebook, with its words (`Deja que otro jugador te
//! mueva`, `resuelve un encuentro allí inmediatamente`, `Muévete
//! directamente`, `casilla terrestre`, `Roba un Tesoro`, `Obtienes una
//! oportunidad de entrar`). Its lines in `blind6.tales` are the source's,
//! so its findings are the source's own at the same lines, and each slip
//! planted in it is one finding.

use crate::blind4_es::Pair;

const BOOK: &str = "blind6-book";
const ES: &str = "blind6-book-es";
const FILE: &str = "tales/blind6.tales";
const AWARD: &str = "l10n-award-mismatch";

const PAIR: Pair = Pair {
    book: BOOK,
    es: ES,
    file: FILE,
};

/// The whole translation, faithful down to the source's eleven planted
/// slips, gives the source's findings at the same lines and nothing else
/// (before this translator's spellings were read: 21 more).
#[test]
fn the_fifth_spanish_translation_pairs_with_its_source() {
    let want = crate::blind3::truth_findings(BOOK);
    assert_eq!(want.len(), 11);
    crate::blind3::assert_findings_are(ES, FILE, want);
}

/// The items left in words are the source's five beyond 9.3 (a lost turn,
/// a treasure taken or given, wealth per treasure, the start space): every
/// item the source types is typed in Spanish too (21 were not).
#[test]
fn the_fifth_translation_leaves_free_only_what_its_source_does() {
    let source = crate::blind3::free_text_lines(BOOK);
    assert_eq!(source, [483, 485, 492, 497, 499]);
    assert_eq!(crate::blind3::free_text_lines(ES), source);
}

/// Slips planted alone: `(old, new, code, line, says)`.
const SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // Another number of spaces.
    (
        "[Mueve hasta dos casillas]",
        "[Mueve hasta tres casillas]",
        AWARD,
        122,
        "found [Mueve hasta tres casillas]",
    ),
    // Any place of power for the City of Brass.
    (
        "[S1 / H1 / Oportunidad de entrar en la Ciudad de Bronce]",
        "[S1 / H1 / Oportunidad de entrar en cualquier lugar de poder]",
        AWARD,
        166,
        "found [S1 / H1 / Oportunidad de entrar en cualquier lugar de poder]",
    ),
    // A dropped arm of a choice of three.
    (
        "[S1 / A elegir entre Magia, Suerte o Tesoro]",
        "[S1 / A elegir entre Magia o Suerte]",
        AWARD,
        203,
        "found [S1 / A elegir entre Magia o Suerte]",
    ),
    // Another level in a set wealth.
    (
        "[H1 / R = Rico]",
        "[H1 / R = Opulento]",
        AWARD,
        315,
        "found [H1 / R = Opulento]",
    ),
    // Another face in a roll inside the award.
    (
        "[Tira un dado: con un 1 o un 2, Herido]",
        "[Tira un dado: con un 1, Herido]",
        AWARD,
        327,
        "found [Tira un dado: con un 1, Herido]",
    ),
    // Another matrix letter in an encounter now: its row is no row of it.
    (
        "una Tormenta terrible (Matriz F)]",
        "una Tormenta terrible (Matriz L)]",
        "unknown-name",
        369,
        "`Tormenta terrible` names no row of matrix L",
    ),
    // Any number of statuses for one.
    (
        "[Pierde un estado a tu elección]\n\nPERSPICACIA: Lo atrapas",
        "[Pierde cualesquiera estados a tu elección]\n\nPERSPICACIA: Lo atrapas",
        AWARD,
        236,
        "found [Pierde cualesquiera estados a tu elección]",
    ),
    // Another space for the destination marker.
    (
        "Coloca tu ficha de destino en Qalat;",
        "Coloca tu ficha de destino en Bantúes;",
        AWARD,
        355,
        "cuando llegues allí, Tesoro]",
    ),
    // A move of your own for one another player makes.
    (
        "[H1 / Deja que otro jugador te mueva hasta 3 casillas]",
        "[H1 / Mueve hasta 3 casillas]",
        AWARD,
        136,
        "found [H1 / Mueve hasta 3 casillas]",
    ),
    // A skill for one use without its use.
    (
        "[Marinería (1 uso)]",
        "[Marinería]",
        AWARD,
        285,
        "found [Marinería]",
    ),
];

#[test]
fn each_slip_of_the_fifth_translator_is_one_finding() {
    PAIR.assert_each_slip_is_one_finding(SLIPS);
}

/// Other spellings of the rulebook's that a translator might have written
/// instead, each planted alone: no finding.
const VARIANTS: &[(&str, &str)] = &[
    (
        "[Deja que otro jugador te coloque en cualquier ciudad]",
        "[Haz que otro jugador te coloque en cualquier ciudad]",
    ),
    (
        "[H2 / Obtienes una oportunidad de entrar en la Ciudad de Bronce.]",
        "[H2 / Ganas una oportunidad de entrar en la Ciudad de Bronce.]",
    ),
    (
        "Ciudad de Bronce y resuelve un encuentro allí inmediatamente]",
        "Ciudad de Bronce y resuelve allí un encuentro inmediatamente]",
    ),
    (
        "como el resultado (máx.: Rico)]",
        "como saques (máx.: Rico)]",
    ),
    (
        "[Roba 2 tesoros, quédate con uno y descarta el otro]",
        "[Roba 2 Tesoros; quédate con uno y descarta el otro]",
    ),
    (
        "volver a la Matriz de reacción, eligiendo una nueva reacción]",
        "volver a la matriz de reacción, eligiendo una reacción nueva]",
    ),
    (
        "[S1 / El próximo turno, en lugar de robar",
        "[S1 / El próximo turno, en vez de robar",
    ),
    (
        "[S2 / Pierde el estado que elijas]",
        "[S2 / Pierde un estado que elijas]",
    ),
    (
        "Mueve a cualquier casilla terrestre]",
        "Mueve a cualquier espacio terrestre]",
    ),
    (
        "[Mueve a una ciudad a tu elección y ten un encuentro allí]",
        "[Mueve a una ciudad a tu elección y ten allí un encuentro]",
    ),
    ("[Roba un Tesoro]", "[Tesoro]"),
];

#[test]
fn the_fifth_translator_s_other_spellings_add_no_finding() {
    PAIR.assert_variants_add_no_finding(VARIANTS);
}
