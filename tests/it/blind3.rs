//! The third blind trial (docs/effects.md, "Third blind trial"): a book of
//! whole paragraphs typed as a transcriber types a printed page, written
//! before its author read the code, with its truth beside it
//! (`tests/fixtures/blind3-book/TRUTH.md`). The book's findings are the
//! truth's list, and what the trial found misread is read as meant.

use crate::common;
use tales::ir::{Area, Effect, Guard, Node, ParagraphBody, Typed, Way};

const BOOK: &str = "blind3-book";
const FILE: &str = "tales/blind.tales";

/// The truth's expected findings: the lines between `<!-- findings -->`
/// and `<!-- /findings -->`, each `code line`.
fn expected() -> Vec<(String, usize)> {
    let truth = std::fs::read_to_string(common::fixture(BOOK).join("TRUTH.md")).unwrap();
    let start = truth.find("<!-- findings -->").unwrap();
    let end = truth.find("<!-- /findings -->").unwrap();
    let list: Vec<(String, usize)> = truth[start..end]
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (code, line) = l.split_once(' ').unwrap();
            (code.to_owned(), line.trim().parse().unwrap())
        })
        .collect();
    assert!(list.len() >= 20, "{list:?}");
    list
}

#[test]
fn the_blind3_book_gives_exactly_the_findings_its_truth_expects() {
    let checked = common::check(&common::fixture(BOOK));
    let mut found: Vec<(String, usize)> = common::codes(&checked)
        .into_iter()
        .map(|(code, file, line)| {
            assert_eq!(
                file, FILE,
                "a finding outside the blind paragraphs: {code} {line}"
            );
            (code, line)
        })
        .collect();
    let mut want = expected();
    found.sort_by_key(|f| f.1);
    want.sort_by_key(|f| f.1);
    assert_eq!(found, want, "{}", common::human(&checked));
}

/// With `--warn free-text-effect`, the items left free text are the two the
/// truth keeps free (paragraph 264). The misnamed encounter of defect 15
/// (paragraph 247) is free text too, but its `unknown-name` is the defect's
/// one finding: no `free-text-effect` beside it.
#[test]
fn the_blind3_book_leaves_free_only_what_its_truth_keeps_free() {
    let levels = tales::lints::levels::CliLevels {
        warn: vec!["free-text-effect".to_owned()],
        ..Default::default()
    };
    let checked = common::check_with(&common::fixture(BOOK), &levels);
    let free: Vec<usize> = common::codes(&checked)
        .into_iter()
        .filter(|(code, _, _)| code == "free-text-effect")
        .map(|(_, _, line)| line)
        .collect();
    assert_eq!(free, [474, 474]);
}

fn arms(book: &tales::ir::Book, n: u32) -> &[tales::ir::Arm] {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { intro, check } => {
            let block = intro.block.as_deref().or(check.as_ref()).unwrap();
            &block.arms
        }
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

fn text<'b>(book: &'b tales::ir::Book, node: &Node) -> &'b str {
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

/// 242: `Move to any non-sea space except a Place of Power` is a move to a
/// space of both kinds (it was free text).
#[test]
fn a_kind_of_space_except_a_place_of_power_is_both() {
    let checked = common::check(&common::fixture(BOOK));
    let arm = &arms(&checked.book, 242)[3];
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

/// Findings of the whole translation that are no defect of the source:
/// false findings of `tales`, each fixed by a commit that empties this list.
const FALSE_FINDINGS: &[(&str, usize)] = &[
    ("l10n-award-mismatch", 318),
    ("l10n-award-mismatch", 325),
    ("l10n-award-mismatch", 339),
    ("l10n-award-mismatch", 459),
    ("unknown-name", 611),
];

fn sorted(mut found: Vec<(String, String, usize)>) -> Vec<(String, String, usize)> {
    found.sort_by(|a, b| (a.2, &a.0).cmp(&(b.2, &b.0)));
    found
}

/// The source and its Spanish translation side by side in a temporary
/// folder, with `old` replaced by `new` in the translation's
/// `tales/blind.tales`.
fn spanish_with(old: &str, new: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture(BOOK), &dir.path().join(BOOK));
    let es = dir.path().join(ES);
    common::copy_dir(&common::fixture(ES), &es);
    let path = es.join(FILE);
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
    let mut want = expected_es();
    want.extend(
        FALSE_FINDINGS
            .iter()
            .map(|(code, line)| ((*code).to_owned(), FILE.to_owned(), *line)),
    );
    assert_eq!(
        sorted(common::codes(&checked)),
        sorted(want),
        "{}",
        common::human(&checked)
    );
}

/// Translator slips, each one error at its line beside the findings of the
/// faithful translation: a number, a space, two arms swapped, a nested arm
/// dropped, a one-use note dropped, the two sexes of `A if opposite gender
/// or B if same gender` swapped.
#[test]
fn each_spanish_translator_slip_is_one_finding() {
    let swapped = "> Si rehúsas: Te ofrece un pescado a cambio. [H1 / Herido (si eres hombre)]\n\
                   > Si aceptas: Te casas junto al río. [S1 / H1 / Casado (si no estás Casado)]";
    let kept = "> Si aceptas: Te casas junto al río. [S1 / H1 / Casado (si no estás Casado)]\n\
                > Si rehúsas: Te ofrece un pescado a cambio. [H1 / Herido (si eres hombre)]";
    let slips: &[(&str, &str, &str, usize)] = &[
        (
            "R+2 (máx. Opulento)",
            "R+3 (máx. Opulento)",
            "l10n-award-mismatch",
            65,
        ),
        (
            "[H1 / Mueve a Bajíos]",
            "[H1 / Mueve a Dunas]",
            "l10n-award-mismatch",
            149,
        ),
        (kept, swapped, "l10n-structure-mismatch", 264),
        (
            ">>> Si sigues tu camino solo: [H1 / Desconsolado]\n",
            "",
            "l10n-structure-mismatch",
            535,
        ),
        (
            "[A elegir entre cualquier habilidad (1 uso)]",
            "[A elegir entre cualquier habilidad]",
            "l10n-award-mismatch",
            406,
        ),
        (
            "Amado si es del sexo opuesto o Despreciado si es del mismo sexo",
            "Amado si es del mismo sexo o Despreciado si es del sexo opuesto",
            "l10n-award-mismatch",
            273,
        ),
    ];
    let faithful = common::codes(&common::check(&common::fixture(ES)));
    let text = std::fs::read_to_string(common::fixture(ES).join(FILE)).unwrap();
    for &(old, new, code, line) in slips {
        let (_dir, es) = spanish_with(old, new);
        let checked = common::check(&es);
        let mut want = shifted(&faithful, &text, old, new);
        want.push((code.to_owned(), FILE.to_owned(), line));
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(want),
            "`{new}`:\n{}",
            common::human(&checked)
        );
    }
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
