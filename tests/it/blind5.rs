//! The fifth blind trial (docs/effects.md, "Fifth blind trial"): a book
//! typed from scanned pages, with the page's typography and the typist's
//! drift (curly quotes, dashes, no-break spaces, OCR ligatures, lines and
//! award items broken where the page broke them, trailing spaces), written
//! before its author read the code, with its truth beside it
//! (`tests/fixtures/blind5-book/TRUTH.md`). The book's findings are the
//! truth's list; the heading slips the trial found read as meant, in
//! English, Spanish and French.

use crate::common;
use tales::ir::{Effect, Guard, LabelKind, ParagraphBody, SectionLabel};

const BOOK: &str = "blind5-book";
const FILE: &str = "tales/blind5.tales";

/// The truth's expected findings (`TRUTH.md`, `code line` each).
fn expected() -> Vec<(String, usize)> {
    let list = crate::blind3::truth_findings(BOOK);
    assert_eq!(list.len(), 17, "{list:?}");
    list
}

#[test]
fn the_blind5_book_gives_exactly_the_findings_its_truth_expects() {
    crate::blind3::assert_findings_are(BOOK, FILE, expected());
}

/// With `--warn free-text-effect`, no item is left in words: the one that
/// is (`Terible Sandstorm (Matrix F)`, defect 7) has its `unknown-name`.
#[test]
fn the_blind5_book_leaves_no_item_free() {
    assert_eq!(crate::blind3::free_text_lines(BOOK), Vec::<usize>::new());
}

/// Paragraph `n`'s top-level sections: each one's labels and its award
/// items' effects.
fn sections(checked: &tales::report::Checked, n: u32) -> Vec<(Vec<SectionLabel>, Vec<Effect>)> {
    let ParagraphBody::Result { check, .. } = &checked.book.paragraph(n).unwrap().body else {
        panic!("{n} is a chart");
    };
    check
        .as_ref()
        .map(|b| {
            b.arms
                .iter()
                .map(|arm| {
                    let Guard::Section(labels) = &arm.guard else {
                        panic!("{n}: {:?}", arm.guard);
                    };
                    let effects = arm
                        .node
                        .awards
                        .iter()
                        .flat_map(|a| &a.items)
                        .map(|i| i.effect.clone())
                        .collect();
                    (labels.clone(), effects)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// 224 `DETERMINED: (mandatory) You demand ...`: the note after the colon
/// is the section's (it was the first words of a section that was not
/// mandatory); 262 `PIETY — You pray ...`: the dash is the heading's colon
/// (it was prose, and NO SKILL took the PIETY award); 265 `[S1 / / Pursued
/// (VIZIER)]`: both items kept.
#[test]
fn the_slips_the_trial_found_read_as_meant() {
    let checked = common::check(&common::fixture(BOOK));
    let s = sections(&checked, 224);
    assert_eq!(s.len(), 2, "{s:?}");
    assert!(s[1].0[0].mandatory, "{s:?}");
    let s = sections(&checked, 262);
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!(s[0].0[0].kind, LabelKind::NoSkill);
    assert_eq!(s[0].1.len(), 2, "{s:?}");
    assert!(
        matches!(&s[1].0[0].kind, LabelKind::Entry(id) if id.as_str() == "piety"),
        "{s:?}"
    );
    assert_eq!(s[1].1.len(), 3, "{s:?}");
    let s = sections(&checked, 265);
    assert_eq!(s[1].1.len(), 2, "{s:?}");
}

/// A heading with a dash for its colon (em dash, en dash, a spaced
/// hyphen), with `;` or `.` for it, and a note after the colon, in each
/// locale: one
/// `heading-like-line` each, read as the heading meant.
#[test]
fn dashed_headings_and_notes_after_the_colon_read_as_meant_in_en_es_and_fr() {
    let books = [
        ("spec-example-v3", "NO SKILL", "PIETY", "mandatory"),
        (
            "spec-example-v3-es",
            "SIN HABILIDAD",
            "PIEDAD",
            "obligatorio",
        ),
        ("fr-mini", "SANS COMPÉTENCE", "PIÉTÉ", "obligatoire"),
    ];
    for (base, no_skill, piety, mandatory) in books {
        let text = format!(
            "# tales: allow(unreachable-paragraph)\n\
             -3000-\nThe tale.\n\n{no_skill}: Nothing.\n\n{piety} — You pray.\n\n\
             -3001-\nThe tale.\n\n{no_skill} – Nothing.\n\n{piety}: ({mandatory}) You pray.\n\n\
             -3002-\nThe tale.\n\n{no_skill} - Nothing.\n\n{piety} ({mandatory}) — You pray.\n\n\
             -3003-\nThe tale.\n\n{no_skill}. Nothing.\n\n{piety}; You pray.\n"
        );
        let d = common::book_with(base, &[("tales/blind5.tales", &text)]);
        let checked = common::check(&d.path().join("book"));
        let found: Vec<(String, usize)> = common::codes(&checked)
            .into_iter()
            .filter(|(_, file, _)| file.ends_with("blind5.tales"))
            .map(|(code, _, line)| (code, line))
            .collect();
        let want: Vec<(String, usize)> = [7, 12, 14, 19, 21, 26, 28]
            .iter()
            .map(|&l| ("heading-like-line".to_owned(), l))
            .collect();
        assert_eq!(found, want, "{base}:\n{}", common::human(&checked));
        for (n, mandatory) in [(3000, false), (3001, true), (3002, true), (3003, false)] {
            let s = sections(&checked, n);
            assert_eq!(s.len(), 2, "{base} {n}: {s:?}");
            assert_eq!(s[0].0[0].kind, LabelKind::NoSkill, "{base} {n}");
            assert!(
                matches!(&s[1].0[0].kind, LabelKind::Entry(id) if id.as_str() == "piety"),
                "{base} {n}: {s:?}"
            );
            assert_eq!(s[1].0[0].mandatory, mandatory, "{base} {n}");
        }
    }
}

/// The note set apart from its name, as the last stop left it: in
/// brackets after the colon (`PIETY: [mandatory] You pray`: it was the
/// section's first words, and the section optional without a word), after
/// a comma or a dash (`PIETY, (mandatory):`, `PIETY – (mandatory):`: the
/// line was prose, with an `award-in-prose` warning on the line above),
/// or with no colon after it (`PIETY (mandatory) You pray`). One
/// `heading-like-line` each, at the mark, and the section is mandatory.
#[test]
fn notes_set_apart_from_their_name_read_as_mandatory_in_en_es_and_fr() {
    use std::fmt::Write;
    let books = [
        ("spec-example-v3", "NO SKILL", "PIETY", "mandatory"),
        (
            "spec-example-v3-es",
            "SIN HABILIDAD",
            "PIEDAD",
            "obligatorio",
        ),
        ("fr-mini", "SANS COMPÉTENCE", "PIÉTÉ", "obligatoire"),
    ];
    let headings = [
        "{p}: [{m}] You pray.",
        "{p}, ({m}): You pray.",
        "{p} – ({m}): You pray.",
        "{p} - ({m}): You pray.",
        "{p} ({m}) You pray.",
    ];
    for (base, no_skill, piety, mandatory) in books {
        let mut text = "# tales: allow(unreachable-paragraph)\n".to_owned();
        for (i, h) in headings.iter().enumerate() {
            let h = h.replace("{p}", piety).replace("{m}", mandatory);
            let n = 3000 + i;
            let _ = write!(text, "-{n}-\nThe tale.\n\n{no_skill}: Nothing.\n\n{h}\n\n");
        }
        let d = common::book_with(base, &[("tales/blind5.tales", &text)]);
        let checked = common::check(&d.path().join("book"));
        let found: Vec<(String, usize)> = common::codes(&checked)
            .into_iter()
            .filter(|(_, file, _)| file.ends_with("blind5.tales"))
            .map(|(code, _, line)| (code, line))
            .collect();
        let want: Vec<(String, usize)> = (0..headings.len())
            .map(|i| ("heading-like-line".to_owned(), 7 + 7 * i))
            .collect();
        assert_eq!(found, want, "{base}:\n{}", common::human(&checked));
        for n in 3000..3000 + headings.len() as u32 {
            let s = sections(&checked, n);
            assert_eq!(s.len(), 2, "{base} {n}: {s:?}");
            assert!(
                matches!(&s[1].0[0].kind, LabelKind::Entry(id) if id.as_str() == "piety"),
                "{base} {n}: {s:?}"
            );
            assert!(s[1].0[0].mandatory, "{base} {n}");
        }
    }
}

/// Notes the page sets oddly, in each locale, each one finding or none:
/// the all-mandatory note agreeing with feminine names (es `todas
/// obligatorias`, fr `toutes obligatoires`: no finding, all mandatory); a
/// comma before a printed condition (`PIETY, [if female]:`: the condition,
/// one `heading-like-line`); a comma before a note that is none (`PIETY,
/// (at night):`: read as none, one `heading-like-line`); a note in brackets
/// of other words (`PIETY [at night]:`: one `unknown-name`). Each of the
/// last three was prose, its section joined to the one above.
#[test]
fn notes_set_oddly_are_one_finding_or_none_in_en_es_and_fr() {
    use tales::ir::Expr;
    let books = [
        (
            "spec-example-v3",
            "NO SKILL",
            ["PIETY", "SEAMANSHIP"],
            "all mandatory",
            "[if female]",
        ),
        (
            "spec-example-v3-es",
            "SIN HABILIDAD",
            ["PIEDAD", "MARINERÍA"],
            "todas obligatorias",
            "[si eres mujer]",
        ),
        (
            "fr-mini",
            "SANS COMPÉTENCE",
            ["PIÉTÉ", "NAVIGATION"],
            "toutes obligatoires",
            "[si femme]",
        ),
    ];
    for (base, no_skill, [piety, sea], all, female) in books {
        let text = format!(
            "# tales: allow(unreachable-paragraph)\n\
             -3000-\nThe tale.\n\n{no_skill}: Nothing.\n\n{piety}, {sea} ({all}): You pray.\n\n\
             -3001-\nThe tale.\n\n{no_skill}: Nothing.\n\n{piety}, {female}: You pray.\n\n\
             -3002-\nThe tale.\n\n{no_skill}: Nothing.\n\n{piety}, (at night): You pray.\n\n\
             -3003-\nThe tale.\n\n{no_skill}: Nothing.\n\n{piety} [at night]: You pray.\n"
        );
        let d = common::book_with(base, &[("tales/blind5.tales", &text)]);
        let checked = common::check(&d.path().join("book"));
        let found: Vec<(String, usize)> = common::codes(&checked)
            .into_iter()
            .filter(|(_, file, _)| file.ends_with("blind5.tales"))
            .map(|(code, _, line)| (code, line))
            .collect();
        let want = [
            ("heading-like-line", 14),
            ("heading-like-line", 21),
            ("unknown-name", 28),
        ]
        .map(|(c, l)| (c.to_owned(), l));
        assert_eq!(found, want, "{base}:\n{}", common::human(&checked));
        let s = sections(&checked, 3000);
        assert!(s[1].0.iter().all(|l| l.mandatory), "{base}: {s:?}");
        for n in 3000..=3003 {
            let s = sections(&checked, n);
            assert_eq!(s.len(), 2, "{base} {n}: {s:?}");
            assert!(
                matches!(&s[1].0[0].kind, LabelKind::Entry(id) if id.as_str() == "piety"),
                "{base} {n}: {s:?}"
            );
            let female = matches!(s[1].0[0].qualifier, Some(Expr::Gender(_)));
            assert_eq!(female, n == 3001, "{base} {n}: {s:?}");
        }
    }
}
