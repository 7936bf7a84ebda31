//! The third blind trial (docs/effects.md, "Third blind trial"): a book of
//! whole paragraphs typed as a transcriber types a printed page, written
//! before its author read the code, with its truth beside it
//! (`tests/fixtures/blind3-book/TRUTH.md`). The book's findings are the
//! truth's list, and what the trial found misread is read as meant.

use crate::common;
use tales::ir::{Area, Effect, Guard, Node, ParagraphBody, Typed, Way};

pub(crate) const BOOK: &str = "blind3-book";
pub(crate) const FILE: &str = "tales/blind.tales";

/// A blind book's truth: the lines of its `TRUTH.md` between `<!--
/// findings -->` and `<!-- /findings -->`, each as `(code, where)`.
pub(crate) fn truth_lines(book: &str) -> Vec<(String, String)> {
    let truth = std::fs::read_to_string(common::fixture(book).join("TRUTH.md")).unwrap();
    let start = truth.find("<!-- findings -->").unwrap();
    let end = truth.find("<!-- /findings -->").unwrap();
    truth[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (code, at) = l.split_once(' ').unwrap();
            (code.to_owned(), at.trim().to_owned())
        })
        .collect()
}

/// A blind book's truth, each finding `code line`.
pub(crate) fn truth_findings(book: &str) -> Vec<(String, usize)> {
    (truth_lines(book).into_iter())
        .map(|(code, line)| (code, line.parse().unwrap()))
        .collect()
}

/// The third trial's expected findings.
pub(crate) fn expected() -> Vec<(String, usize)> {
    let list = truth_findings(BOOK);
    assert!(list.len() >= 20, "{list:?}");
    list
}

/// A blind book's findings are `want`, each in its blind `file`.
pub(crate) fn assert_findings_are(book: &str, file: &str, mut want: Vec<(String, usize)>) {
    let checked = common::check(&common::fixture(book));
    let mut found: Vec<(String, usize)> = common::codes(&checked)
        .into_iter()
        .map(|(code, f, line)| {
            assert_eq!(
                f, file,
                "a finding outside the blind paragraphs: {code} {line}"
            );
            (code, line)
        })
        .collect();
    found.sort_by_key(|f| f.1);
    want.sort_by_key(|f| f.1);
    assert_eq!(found, want, "{}", common::human(&checked));
}

/// The lines of a book's items left free text (`--warn free-text-effect`).
pub(crate) fn free_text_lines(book: &str) -> Vec<usize> {
    let levels = tales::lints::levels::CliLevels {
        warn: vec!["free-text-effect".to_owned()],
        ..Default::default()
    };
    let checked = common::check_with(&common::fixture(book), &levels);
    common::codes(&checked)
        .into_iter()
        .filter(|(code, _, _)| code == "free-text-effect")
        .map(|(_, _, line)| line)
        .collect()
}

#[test]
fn the_blind3_book_gives_exactly_the_findings_its_truth_expects() {
    assert_findings_are(BOOK, FILE, expected());
}

/// With `--warn free-text-effect`, the items left free text are the two the
/// truth keeps free (paragraph 264). The misnamed encounter of defect 15
/// (paragraph 247) is free text too, but its `unknown-name` is the defect's
/// one finding: no `free-text-effect` beside it.
#[test]
fn the_blind3_book_leaves_free_only_what_its_truth_keeps_free() {
    assert_eq!(free_text_lines(BOOK), [474, 474]);
}

pub(crate) fn arms(book: &tales::ir::Book, n: u32) -> &[tales::ir::Arm] {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { intro, check } => {
            let block = intro.block.as_deref().or(check.as_ref()).unwrap();
            &block.arms
        }
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

pub(crate) fn text<'b>(book: &'b tales::ir::Book, node: &Node) -> &'b str {
    let span = node.span.unwrap();
    &book.sources.get(span.file).text[span.range()]
}

fn effects(node: &Node) -> Vec<&Effect> {
    node.awards
        .iter()
        .flat_map(|a| a.items.iter().map(|i| &i.effect))
        .collect()
}

/// 211: a condition's label wrapped onto the next line (`... and you are
/// not` / `Married: She asks ...`): the arm's text starts after the colon
/// (it kept the colon, `: She asks you to stay.`).
#[test]
fn a_condition_label_that_wraps_leaves_its_colon_out_of_the_text() {
    let checked = common::check(&common::fixture(BOOK));
    let arm = &arms(&checked.book, 211)[1];
    assert!(matches!(arm.guard, Guard::Condition(_)));
    assert!(
        arm.label.value.ends_with("Married"),
        "{:?}",
        arm.label.value
    );
    assert!(
        text(&checked.book, &arm.node).starts_with("She asks you to stay."),
        "{:?}",
        text(&checked.book, &arm.node)
    );
}

/// Paragraph 242's fourth arm moves to a non-sea space except a place of
/// power: a space of both kinds (in either book of the pair).
fn assert_non_sea_except_a_place_of_power(book: &tales::ir::Book) {
    let arm = &arms(book, 242)[3];
    let [Effect::Typed(t)] = effects(&arm.node)[..] else {
        panic!("{:?}", effects(&arm.node));
    };
    let Typed::Move {
        way: Way::Any(Area::Both(kind, except)),
        ..
    } = &**t
    else {
        panic!("{t:?}");
    };
    assert!(
        matches!(&**kind, Area::NonTerrain(n) if n.id == "sea"),
        "{kind:?}"
    );
    assert_eq!(**except, Area::ExceptPlaceOfPower);
}

/// 242: `Move to any non-sea space except a Place of Power` is a move to a
/// space of both kinds (it was free text).
#[test]
fn a_kind_of_space_except_a_place_of_power_is_both() {
    let checked = common::check(&common::fixture(BOOK));
    assert_non_sea_except_a_place_of_power(&checked.book);
}

/// 238: `Pursued [HUNTER]` is read as `Pursued (HUNTER)`, beside its one
/// finding, and the award's other items are kept.
#[test]
fn a_note_in_brackets_inside_an_award_is_read_as_meant() {
    let checked = common::check(&common::fixture(BOOK));
    let ParagraphBody::Result { intro, .. } = &checked.book.paragraph(238).unwrap().body else {
        panic!("238 is a chart");
    };
    let items: Vec<String> = intro.awards[0]
        .items
        .iter()
        .map(|i| format!("{:?}", i.effect))
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(
        items[1].contains("pursued") && items[1].contains("HUNTER"),
        "{items:?}"
    );
}

const ES: &str = "blind3-book-es";

/// The findings TRUTH.md expects of the Spanish translation: the source's
/// planted defects at the translation's lines.
fn expected_es() -> Vec<(String, String, usize)> {
    let truth = std::fs::read_to_string(common::fixture(BOOK).join("TRUTH.md")).unwrap();
    let start = truth.find("<!-- findings-es -->").unwrap();
    let end = truth.find("<!-- /findings-es -->").unwrap();
    let list: Vec<(String, String, usize)> = truth[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (code, line) = l.split_once(' ').unwrap();
            (
                code.to_owned(),
                FILE.to_owned(),
                line.trim().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(list.len(), expected().len(), "{list:?}");
    list
}

pub(crate) fn sorted(mut found: Vec<(String, String, usize)>) -> Vec<(String, String, usize)> {
    found.sort_by(|a, b| (a.2, &a.0).cmp(&(b.2, &b.0)));
    found
}

/// The source and its Spanish translation (the fixture folder `folder`)
/// side by side in a temporary folder, with `old` replaced by `new` in the
/// translation's `tales/blind.tales`.
pub(crate) fn translation_with(
    folder: &str,
    old: &str,
    new: &str,
) -> (tempfile::TempDir, std::path::PathBuf) {
    translation_of(BOOK, folder, FILE, old, new)
}

/// The fixture book `source` and its translation `folder` side by side in
/// a temporary folder, with `old` (once in the translation's `file`)
/// replaced by `new`.
pub(crate) fn translation_of(
    source: &str,
    folder: &str,
    file: &str,
    old: &str,
    new: &str,
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture(source), &dir.path().join(source));
    let es = dir.path().join(folder);
    common::copy_dir(&common::fixture(folder), &es);
    let path = es.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}`");
    std::fs::write(&path, text.replace(old, new)).unwrap();
    (dir, es)
}

/// The whole translation, faithful to its source down to the source's
/// twenty planted defects, gives the source's findings at its own lines.
#[test]
fn the_spanish_blind3_book_pairs_with_its_source() {
    let checked = common::check(&common::fixture(ES));
    assert_eq!(
        sorted(common::codes(&checked)),
        sorted(expected_es()),
        "{}",
        common::human(&checked)
    );
}

/// The translation's items in words are typed as their source's are: free
/// text only where the source keeps it (264). Before, four were free text
/// (242 `casilla que no sea de mar, salvo ...`, 243 `casilla de mar`, 245
/// `(matriz A)` in the next turn's encounter, 261 `(máx. Opulento)`).
#[test]
fn the_spanish_blind3_book_leaves_free_only_what_its_source_keeps_free() {
    assert_eq!(free_text_lines(ES), [476, 476]);
}

/// A translation keeps its source's terrain ids (`world.terrains: [sea,
/// desert, city]`) and its prose names them in its language: `casilla de
/// desierto` is the terrain `desert` (the locale's `terrain-words`), and a
/// comma before `salvo un lugar de poder` is no part of the kind of space.
#[test]
fn a_terrain_named_in_the_locale_s_words_is_the_book_s_terrain() {
    let checked = common::check(&common::fixture(ES));
    let ParagraphBody::Result { intro, .. } = &checked.book.paragraph(285).unwrap().body else {
        panic!("285 is no result paragraph");
    };
    let moved = effects(intro).into_iter().find_map(|e| match e {
        Effect::Typed(t) => match &**t {
            Typed::Move {
                way: Way::Any(a), ..
            } => Some(a.clone()),
            _ => None,
        },
        _ => None,
    });
    assert!(
        matches!(&moved, Some(Area::Terrain(n)) if n.id == "desert" && n.name == "desierto"),
        "{moved:?}"
    );
    assert_non_sea_except_a_place_of_power(&checked.book);
}

/// A translator's slip planted in the faithful translation: `old` (once in
/// `tales/blind.tales`) written `new`, and the one finding it must add, at
/// `line`, whose message says `says`. `code: None` is a slip that must add
/// nothing: the finding at `line` is already there and stays one.
pub(crate) struct Slip {
    old: &'static str,
    new: &'static str,
    code: Option<&'static str>,
    line: usize,
    says: &'static str,
}

pub(crate) const fn slip(
    old: &'static str,
    new: &'static str,
    code: &'static str,
    line: usize,
    says: &'static str,
) -> Slip {
    Slip {
        old,
        new,
        code: Some(code),
        line,
        says,
    }
}

pub(crate) const AWARD: &str = "l10n-award-mismatch";
pub(crate) const STRUCTURE: &str = "l10n-structure-mismatch";

const SWAP_KEPT: &str = "> Si aceptas: Te casas junto al río. [S1 / H1 / Casado (si no estás Casado)]\n\
                         > Si rehúsas: Te ofrece un pescado a cambio. [H1 / Herido (si eres hombre)]";
const SWAP_SWAPPED: &str = "> Si rehúsas: Te ofrece un pescado a cambio. [H1 / Herido (si eres hombre)]\n\
                            > Si aceptas: Te casas junto al río. [S1 / H1 / Casado (si no estás Casado)]";
const PATHS_KEPT: &str = "> Si tomas el sendero del este: [Muévete a Qalat]\n\
                          > Si tomas el sendero del oeste: [Muévete a cualquier ciudad]";
const PATHS_SWAPPED: &str = "> Si tomas el sendero del oeste: [Muévete a cualquier ciudad]\n\
                             > Si tomas el sendero del este: [Muévete a Qalat]";

/// The slips of issue #23's list (and the six of the fifteen paragraphs).
const SLIPS: &[Slip] = &[
    // A number inside an award, and inside a typed effect.
    slip(
        "R+2 (máx. Opulento)",
        "R+3 (máx. Opulento)",
        AWARD,
        65,
        "found [R+3 (máx. Opulento) / Tesoro]",
    ),
    slip(
        "[Muévete dos casillas]",
        "[Muévete tres casillas]",
        AWARD,
        315,
        "found [Muévete tres casillas]",
    ),
    // A space or place changed in a movement, a marker, an opportunity.
    slip(
        "[H1 / Mueve a Bajíos]",
        "[H1 / Mueve a Dunas]",
        AWARD,
        149,
        "expected [H1 / Mueve a Bajíos]",
    ),
    slip(
        "[Muévete a Qalat]",
        "[Muévete a Bantu]",
        AWARD,
        309,
        "expected [Mueve a Qalat]",
    ),
    slip(
        "Mueve a la Ciudad de Bronce y ten",
        "Mueve a Qalat y ten",
        AWARD,
        332,
        "expected [H1 / Mueve a Ciudad de Bronce y ten",
    ),
    slip(
        "ficha de destino en Qalat",
        "ficha de destino en Bantu",
        AWARD,
        348,
        "found [Coloca tu ficha de destino en Bantu",
    ),
    slip(
        "entrar en la Ciudad de Bronce]",
        "entrar en cualquier lugar de poder]",
        AWARD,
        344,
        "expected [H1 / Oportunidad de entrar en Ciudad de Bronce]",
    ),
    slip(
        "[Muévete a cualquier casilla de tierra]",
        "[Muévete a cualquier casilla de mar]",
        AWARD,
        361,
        "expected [Mueve a cualquier casilla de tierra]",
    ),
    // A matrix row changed in an encounter: the row expected is the
    // translation's (it was the source's `Terrible Storm`).
    slip(
        "con una Tormenta Terrible (matriz F)]",
        "con una Tormenta Leve (matriz F)]",
        AWARD,
        337,
        "expected [Ten un encuentro inmediato con Terrible (matriz de reacción F)]",
    ),
    // A nested arm dropped: its numbers are not counted again.
    slip(
        ">> Si se la das a los pobres: Los mendigos de Bantu cantan tu nombre.\n[S2 / H1 / Respetado]\n",
        "",
        STRUCTURE,
        65,
        "it lacks the source's `If you give it to the poor:`",
    ),
    slip(
        ">>> Si sigues tu camino solo: [H1 / Desconsolado]\n",
        "",
        STRUCTURE,
        535,
        "it lacks the source's `If you go on alone:`",
    ),
    // Two choice arms swapped: one finding naming both.
    slip(
        SWAP_KEPT,
        SWAP_SWAPPED,
        STRUCTURE,
        264,
        "swaps arms 1 and 2 of this choice",
    ),
    slip(
        PATHS_KEPT,
        PATHS_SWAPPED,
        STRUCTURE,
        309,
        "swaps arms 1 and 2 of this choice",
    ),
    // A wealth level in a set-wealth item, and in a roll's bound.
    slip("[R=Pobre]", "[R=Mendigo]", AWARD, 430, "found [R=Mendigo]"),
    slip(
        "como indique (máx. Opulento)",
        "como indique (máx. Rico)",
        AWARD,
        459,
        "(máx. Rico)",
    ),
    // `(1 uso)` dropped.
    slip(
        "[Magia (1 uso)]",
        "[Magia]",
        AWARD,
        418,
        "expected [Magia (1 uso)]",
    ),
    slip(
        "[A elegir entre cualquier habilidad (1 uso)]",
        "[A elegir entre cualquier habilidad]",
        AWARD,
        406,
        "expected [A elegir entre cualquier habilidad (1 uso)]",
    ),
    // A condition changed: a guarded option's, a condition block's.
    slip(
        "amuleto {wealth >= rico}",
        "amuleto {wealth >= pobre}",
        STRUCTURE,
        171,
        "this arm's condition `{wealth >= pobre}` differs from the source's `{wealth >= rich}`",
    ),
    slip(
        "{female} Si eres mujer",
        "{male} Si eres mujer",
        STRUCTURE,
        594,
        "this arm's condition `{male}` differs from the source's `{female}`",
    ),
    slip(
        "> 10-12: Te lleva",
        "> 11-12: Te lleva",
        STRUCTURE,
        564,
        "this arm's band `11-12` differs from the source's `10-12`",
    ),
    slip(
        "> 6-9: Te sigue durante un día. [H1]\n> 10-12: Te lleva",
        "> 6-10: Te sigue durante un día. [H1]\n> 11-12: Te lleva",
        STRUCTURE,
        563,
        "the boundary between this band and the next moved: `6-10`, `11-12` where the source has `6-9`, `10-12`",
    ),
    // A number in the prose (the source's is a word: `three times`).
    slip(
        "Le das tres vueltas.",
        "Le das 4 vueltas.",
        "l10n-number-mismatch",
        572,
        "the source has none, the translation 4",
    ),
    // Two skills joined by `O` in a heading: that heading's one finding,
    // not compared with the source's, nor a NO SKILL section missing.
    slip(
        "MAGIA, SABIDURÍA: Pronuncias",
        "MAGIA O SABIDURÍA: Pronuncias",
        "unknown-name",
        574,
        "`MAGIA O SABIDURÍA` is no skill",
    ),
    slip(
        "SIN HABILIDAD, CORTESÍA: Haces",
        "SIN HABILIDAD O CORTESÍA: Haces",
        "unknown-name",
        602,
        "`SIN HABILIDAD O CORTESÍA` is no skill",
    ),
    slip(
        "SIN HABILIDAD: Escuchas con cortesía. [H1]",
        "NINGUNA HABILIDAD: Escuchas con cortesía. [H1]",
        "unknown-name",
        528,
        "`NINGUNA HABILIDAD` is no skill",
    ),
    // A go-to's section changed, or dropped.
    slip(
        "lee la sección PIEDAD]",
        "lee la sección SABIDURÍA]",
        AWARD,
        198,
        "found [H1 / Ve al párrafo 221 y lee la sección SABIDURÍA]",
    ),
    slip(
        "[H1 / Ve al párrafo 221 y lee la sección PIEDAD]",
        "[H1 / Ve al párrafo 221]",
        AWARD,
        198,
        "found [H1 / Ve al párrafo 221]",
    ),
    // A roll's faces inside an award.
    slip(
        "con un 1 o 2, Herido",
        "con un 1 o 3, Herido",
        AWARD,
        457,
        "found [H1 / Tira un dado: con un 1 o 3, Herido]",
    ),
    // A heading the translation cannot read: its own `unknown-name`, not
    // compared again; one both books cannot read stays the one finding.
    slip(
        "PIEDAD: La barres",
        "PIEDA: La barres",
        "unknown-name",
        209,
        "`PIEDA` is no skill",
    ),
    Slip {
        old: "MARINRÍA:",
        new: "MARINERA:",
        code: None,
        line: 110,
        says: "`MARINERA` is no skill",
    },
    // A note's condition changed (`no` dropped), its name feminine.
    slip(
        "(si eres mujer y no estás Casado)",
        "(si eres mujer y estás Casada)",
        AWARD,
        269,
        "found [S1 / Amado (si eres mujer y estás Casada)",
    ),
    // Another word for `todos` in `(todos obligatorios)`: read as it.
    slip(
        "(todos obligatorios):",
        "(ambos obligatorios):",
        "unknown-name",
        87,
        "unknown section note `(ambos obligatorios)`",
    ),
    // Two words for `todos` (the sixth translator's `los dos`): read as it
    // too, one finding (was that and a section mismatch).
    slip(
        "(todos obligatorios):",
        "(los dos obligatorios):",
        "unknown-name",
        87,
        "unknown section note `(los dos obligatorios)`",
    ),
    // The same before the feminine plural (`todas obligatorias`, which is
    // read with no finding): one finding too (was that and a section
    // mismatch).
    slip(
        "(todos obligatorios):",
        "(las dos obligatorias):",
        "unknown-name",
        87,
        "unknown section note `(las dos obligatorias)`",
    ),
    slip(
        "(todos obligatorios):",
        "(ambas obligatorias):",
        "unknown-name",
        87,
        "unknown section note `(ambas obligatorias)`",
    ),
    // A chart entry's gender in the book's word: read as meant.
    slip(
        "12 Una viuda {solitaria} (A, female)",
        "12 Una viuda {solitaria} (A, mujer)",
        "unknown-name",
        16,
        "`mujer` is no gender",
    ),
    // The master level written as a note: read as meant, one finding.
    slip(
        "INFILTRACIÓN Y HURTO a nivel de maestro:",
        "INFILTRACIÓN Y HURTO (a nivel de maestro):",
        "unknown-name",
        63,
        "`(a nivel de maestro)` is no section note",
    ),
    // An award item dropped; a status for another; a name of a loss.
    slip(
        "[S1 / H1 / Bendito]",
        "[S1 / H1]",
        AWARD,
        209,
        "expected [S1 / H1 / Bendito]",
    ),
    slip(
        "Rezas con él. [S1 / Bendito]",
        "Rezas con él. [S1 / Maldito]",
        AWARD,
        103,
        "found [S1 / Maldito]",
    ),
    slip(
        "[Pierde Herido, Perseguido y Despreciado]",
        "[Pierde Herido y Despreciado]",
        AWARD,
        396,
        "found [Pierde Herido y Despreciado]",
    ),
    slip(
        "Amado si es del sexo opuesto o Despreciado si es del mismo sexo",
        "Amado si es del mismo sexo o Despreciado si es del sexo opuesto",
        AWARD,
        273,
        "found [H1 / Amado si es del mismo sexo",
    ),
];

/// Each slip planted alone in a copy of the pair is exactly one finding at
/// its line, beside the findings of the faithful translation (moved by the
/// lines the slip adds or removes), with a message that says what changed.
#[test]
fn each_spanish_translator_slip_is_one_finding() {
    assert_each_slip_is_one_finding(ES, SLIPS);
}

/// Each of `slips` planted alone in a copy of the translation in the
/// fixture folder `folder` is one finding (see the test above).
pub(crate) fn assert_each_slip_is_one_finding(folder: &str, slips: &[Slip]) {
    let faithful = common::codes(&common::check(&common::fixture(folder)));
    let text = std::fs::read_to_string(common::fixture(folder).join(FILE)).unwrap();
    for s in slips {
        let (_dir, es) = translation_with(folder, s.old, s.new);
        let checked = common::check(&es);
        let mut want = shifted(&faithful, &text, s.old, s.new);
        if let Some(code) = s.code {
            want.push((code.to_owned(), FILE.to_owned(), s.line));
        }
        let human = common::human(&checked);
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(want),
            "`{}`:\n{human}",
            s.new
        );
        assert!(
            messages_at(&checked, FILE, s.line).any(|m| m.contains(s.says)),
            "`{}`: no finding at {} says `{}`:\n{human}",
            s.new,
            s.line,
            s.says
        );
    }
}

/// The messages of the findings at `line` of `file` (its path in the book).
pub(crate) fn messages_at(
    checked: &tales::report::Checked,
    file: &'static str,
    line: usize,
) -> impl Iterator<Item = String> {
    let json = tales::report::render(
        tales::report::Format::Json,
        std::slice::from_ref(checked),
        &tales::report::HumanOptions::default(),
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let all = v["diagnostics"].as_array().unwrap().clone();
    all.into_iter()
        .filter(move |d| d["file"] == file && d["line"] == line)
        .map(|d| d["message"].as_str().unwrap().to_owned())
}

/// The faithful translation's findings as they stand once `old` is
/// replaced by `new` in `text`: those below it move by the lines it adds
/// or removes.
fn shifted(
    found: &[(String, String, usize)],
    text: &str,
    old: &str,
    new: &str,
) -> Vec<(String, String, usize)> {
    let at = text[..text.find(old).unwrap()].lines().count() + 1;
    let end = at + old.matches('\n').count();
    let delta = new.matches('\n').count().cast_signed() - old.matches('\n').count().cast_signed();
    found
        .iter()
        .map(|(code, file, line)| {
            let line = if *line > end {
                line.checked_add_signed(delta).unwrap()
            } else {
                *line
            };
            (code.clone(), file.clone(), line)
        })
        .collect()
}

/// What another translator might write for the same items and headings:
/// each, planted alone, adds no finding (before the locale's Spanish
/// variants, 34 of these 60 gave a finding: `Muévete a una ciudad cualquiera`,
/// `Pierde un estado que elijas`, `Tu Riqueza se convierte en Pobre`,
/// `casilla desértica`, `y lee la sección de PIEDAD`, ...).
const FAITHFUL_VARIANTS: &[(&str, &str)] = &[
    ("[Muévete dos casillas]", "[Muévete 2 casillas]"),
    ("[Muévete dos casillas]", "[Mueve dos casillas]"),
    (
        "[Muévete hasta tres casillas]",
        "[Muévete un máximo de tres casillas]",
    ),
    (
        "[Muévete a cualquier ciudad]",
        "[Muévete a una ciudad cualquiera]",
    ),
    (
        "[Muévete a cualquier ciudad]",
        "[Muévete a la ciudad que elijas]",
    ),
    (
        "[Muévete a cualquier casilla costera]",
        "[Muévete a cualquier casilla de costa]",
    ),
    (
        "[H1 / Muévete exactamente dos casillas en cualquier dirección]",
        "[H1 / Muévete exactamente dos casillas, en cualquier dirección]",
    ),
    (
        "[Muévete a cualquier casilla que no sea de mar, salvo un lugar de poder]",
        "[Muévete a cualquier casilla que no sea de mar, excepto un lugar de poder]",
    ),
    (
        "[Haz que otro jugador te mueva hasta dos casillas]",
        "[Otro jugador te mueve hasta dos casillas]",
    ),
    (
        "[S1 / Haz que otro jugador te coloque en cualquier casilla de mar]",
        "[S1 / Otro jugador te coloca en cualquier casilla de mar]",
    ),
    (
        "[Ten un encuentro inmediato con una Tormenta Terrible (matriz F)]",
        "[Ten de inmediato un encuentro con una Tormenta Terrible (matriz F)]",
    ),
    (
        "[Ten un encuentro inmediato con una Tormenta Terrible (matriz F)]",
        "[Ten un encuentro inmediato con una Tormenta Terrible (Matriz F)]",
    ),
    (
        "[H1 / Oportunidad de entrar en la Ciudad de Bronce]",
        "[H1 / Tienes la oportunidad de entrar en la Ciudad de Bronce]",
    ),
    (
        "[Coloca tu ficha de destino en Qalat; cuando llegues allí, Tesoro]",
        "[Coloca tu ficha de destino en Qalat; al llegar allí, Tesoro]",
    ),
    (
        "[Pierde un estado a tu elección]",
        "[Pierde un estado que elijas]",
    ),
    (
        "[Pierde los estados que elijas]",
        "[Pierde cualquier número de estados a tu elección]",
    ),
    (
        "[H1 / Pierde una habilidad a tu elección]",
        "[H1 / Pierde una habilidad que elijas]",
    ),
    (
        "[Pierde un Tesoro a tu elección]\n\nSUERTE",
        "[Pierde un tesoro a tu elección]\n\nSUERTE",
    ),
    ("[Pierde todos tus Tesoros]", "[Pierde todos tus tesoros]"),
    (
        "[Pierde todos los niveles de Empleo de armas]",
        "[Pierde todos tus niveles de Empleo de armas]",
    ),
    (
        "[H1 / Puedes perder un estado a tu elección]",
        "[H1 / Si quieres, pierde un estado a tu elección]",
    ),
    (
        "[Pierde Herido, Perseguido y Despreciado]",
        "[Pierde Herido, Perseguido, y Despreciado]",
    ),
    (
        "[H1 / Pierde Respetado o Bendito]",
        "[H1 / Pierde Respetado o Bendito (a tu elección)]",
    ),
    (
        "[A elegir entre R+1 (máx. Rico) o Tesoro o H2]",
        "[Elige entre R+1 (máx. Rico), Tesoro o H2]",
    ),
    (
        "[A elegir entre R+1 (máx. Rico) o Tesoro o H2]",
        "[A elegir entre R+1 (máx. Rico), Tesoro o H2]",
    ),
    (
        "[S1 / A elegir entre cualquier habilidad]",
        "[S1 / Una habilidad a tu elección]",
    ),
    (
        "[Gana una habilidad cualquiera]",
        "[Gana cualquier habilidad]",
    ),
    (
        "[S1 / Gana una habilidad a tu elección que no poseas]",
        "[S1 / Gana una habilidad a tu elección que no tengas]",
    ),
    (
        "[Sabiduría a nivel de maestro (1 uso)]",
        "[Sabiduría a nivel de maestro (un uso)]",
    ),
    (
        "[Suerte (nivel de maestro)]",
        "[Suerte (a nivel de maestro)]",
    ),
    (
        "[Caballo de ébano (1 uso)]",
        "[Caballo de ébano (un solo uso)]",
    ),
    ("[R=Pobre]", "[R = Pobre]"),
    (
        "[H1 / Tu Riqueza pasa a ser Pobre]",
        "[H1 / Tu Riqueza se convierte en Pobre]",
    ),
    (
        "[Reduce tu Riqueza a Mendigo, pero gana S1 por cada nivel perdido]",
        "[Reduce tu Riqueza a Mendigo, pero gana S1 por cada nivel que pierdas]",
    ),
    (
        "[H1 / Tira un dado: con un 1 o 2, Herido]",
        "[H1 / Tira un dado: si sacas un 1 o un 2, Herido]",
    ),
    (
        "[H1 / Tira un dado: con un 1 o 2, Herido]",
        "[H1 / Tira un dado: con 1 o 2, Herido]",
    ),
    (
        "[H1 / Tira un dado: con un 1 o 2, Herido]",
        "[H1 / Tira un dado: con un 1-2, Herido]",
    ),
    (
        "[Tira un dado y gana tantos niveles de Riqueza como indique (máx. Opulento)]",
        "[Tira un dado y gana tantos niveles de Riqueza como el resultado (máx. Opulento)]",
    ),
    (
        "[Roba dos Tesoros; quédate uno y descarta el otro]",
        "[Roba dos Tesoros, quédate uno y descarta el otro]",
    ),
    (
        "[S1 / Busca en el mazo de Tesoros y toma el Tesoro que quieras]",
        "[S1 / Busca en el mazo de Tesoros y quédate con el Tesoro que quieras]",
    ),
    (
        "[Ten un segundo encuentro inmediato con el capitán, eligiendo una reacción distinta]",
        "[Ten un segundo encuentro inmediato con el capitán, eligiendo otra reacción]",
    ),
    (
        "[Puedes gastar S1 y volver a la matriz de reacción para elegir una reacción nueva]",
        "[Puedes gastar S1 para volver a la matriz de reacción y elegir una reacción nueva]",
    ),
    (
        "[S1 / H1 / Amado (si procede)]",
        "[S1 / H1 / Amado (si corresponde)]",
    ),
    (
        "Casado (si no estás Casado)]\n> Si rehúsas",
        "Casado (si no estás casado)]\n> Si rehúsas",
    ),
    ("RIQUEZA: OPULENTO o más:", "RIQUEZA: OPULENTO O MÁS:"),
    (
        "EMPLEO DE ARMAS a nivel de maestro (obligatorio):",
        "EMPLEO DE ARMAS a nivel de Maestro (obligatorio):",
    ),
    (
        "[H1 / Ve al párrafo 221 y lee la sección PIEDAD]",
        "[H1 / Ve al párrafo 221 y lee la sección de PIEDAD]",
    ),
    (
        "[H1 / Ve al párrafo 221 y lee la sección PIEDAD]",
        "[H1 / Ve al párrafo 221 y lee el párrafo PIEDAD]",
    ),
    (
        "[Lee la sección SUERTE\nde abajo]",
        "[Lee la sección SUERTE\nmás abajo]",
    ),
    ("[H1 / Ve al párrafo 202]", "[H1 / Ve al párrafo 202.]"),
    (
        "[H1 / Amado si es del sexo opuesto o Despreciado si es del mismo sexo]",
        "[H1 / Amado si es del sexo opuesto, o Despreciado si es del mismo sexo]",
    ),
    (
        "[S1 / H1 / Amado {!casado} / Respetado {casado}]",
        "[S1 / H1 / Amado {!married} / Respetado {married}]",
    ),
    (
        "[Muévete a cualquier casilla de isla y ten un encuentro inmediato]",
        "[Muévete a cualquier casilla de isla y ten allí un encuentro inmediato]",
    ),
    (
        "[H1 / Muévete a Bantu y ten un encuentro inmediato]",
        "[H1 / Muévete a Bantu, y ten un encuentro inmediato]",
    ),
    (
        "[S1 / Arco de bronce (1 uso) / Ve al párrafo 282]",
        "[S1 / Arco de Bronce (1 uso) / Ve al párrafo 282]",
    ),
    (
        "[H1 / Pierde todos los Tesoros / Muévete a cualquier casilla de desierto]",
        "[H1 / Pierde todos los Tesoros / Muévete a cualquier casilla desértica]",
    ),
    // A status in its feminine form in a note (`feminine-endings`).
    (
        "Amado (si eres mujer y no estás Casado) / Respetado (si estás Casado)]",
        "Amado (si eres mujer y no estás Casada) / Respetado (si estás Casada)]",
    ),
    // Digits in the prose where the source writes the number as a word.
    (
        "Tira dos dados, y suma dos si tienes Ingenio y tres si sabes",
        "Tira 2 dados, y suma 2 si tienes Ingenio y 3 si sabes",
    ),
    ("Das tres respuestas", "Das 3 respuestas"),
    ("Le das tres vueltas.", "Le das 3 vueltas."),
];

#[test]
fn the_spanish_a_translator_might_write_instead_adds_no_finding() {
    assert_variants_add_no_finding(ES, FAITHFUL_VARIANTS);
}

/// Each of `variants` (`old`, `new`) planted alone in a copy of the
/// translation in the fixture folder `folder` adds no finding.
pub(crate) fn assert_variants_add_no_finding(folder: &str, variants: &[(&str, &str)]) {
    let faithful = common::codes(&common::check(&common::fixture(folder)));
    let text = std::fs::read_to_string(common::fixture(folder).join(FILE)).unwrap();
    for &(old, new) in variants {
        let (_dir, es) = translation_with(folder, old, new);
        let checked = common::check(&es);
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(shifted(&faithful, &text, old, new)),
            "`{new}`:\n{}",
            common::human(&checked)
        );
    }
}
