//! The spec's example books are the contract: they check clean.

use crate::common;
use common::{check, fixture};

#[test]
fn the_spec_example_checks_clean() {
    let c = check(&fixture("spec-example"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    assert_eq!(c.book.paragraph_count(), 33);
    assert_eq!(c.book.sources.len(), 10);
}

#[test]
fn the_spanish_example_checks_clean() {
    let c = check(&fixture("spec-example-es"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    assert_eq!(c.book.manifest.locale.id, "es");
}

#[test]
fn the_shared_spec_example_checks_clean_when_present() {
    // CI clones the project with the shared spec beside it; the copy under
    // tests/fixtures must stay in step with it.
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec/example");
    if !shared.is_dir() {
        common::skip(
            "the_shared_spec_example_checks_clean_when_present",
            &format!(
                "{} is not beside this clone, so the fixture copy is not compared with it",
                shared.display()
            ),
        );
        return;
    }
    let c = check(&shared);
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    for entry in common::walk(&shared) {
        let rel = entry.strip_prefix(&shared).unwrap();
        let ours = fixture("spec-example").join(rel);
        assert_eq!(
            std::fs::read_to_string(&entry).unwrap(),
            std::fs::read_to_string(&ours).unwrap_or_default(),
            "tests/fixtures/spec-example/{} differs from the shared spec",
            rel.display()
        );
    }
}

#[test]
fn every_paragraph_of_the_example_is_lowered_as_written() {
    use tales::ir::{BlockKind, Effect, Expr, Guard, Note, ParagraphBody, RollTerm};
    let c = check(&fixture("spec-example"));
    let book = &c.book;

    // -25-: a die roll with a roll spec naming Seamanship.
    let p25 = book.paragraph(25).unwrap();
    let ParagraphBody::Result { intro, check } = &p25.body else {
        panic!("25 is a result")
    };
    assert!(check.is_none());
    let bb = intro.block.as_ref().unwrap();
    assert_eq!((bb.kind, bb.depth), (BlockKind::Roll, 1));
    let spec = bb.roll.as_ref().unwrap();
    assert_eq!(
        (spec.dice, spec.sides, spec.terms.clone()),
        (
            1,
            6,
            vec![RollTerm {
                weight: 1,
                when: Expr::Has("seamanship".into())
            }]
        )
    );
    assert_eq!(bb.arms.len(), 3);
    assert_eq!(bb.arms[0].node.awards[0].items[0].effect, Effect::Death);

    // -63-: conditions, with {else} last.
    let p63 = book.paragraph(63).unwrap();
    let ParagraphBody::Result { intro, .. } = &p63.body else {
        panic!()
    };
    let bb = intro.block.as_ref().unwrap();
    assert_eq!(bb.kind, BlockKind::Condition);
    assert_eq!(bb.arms[1].guard, Guard::Else);

    // -45-: a status with a duration.
    let p45 = book.paragraph(45).unwrap();
    let ParagraphBody::Result { intro, .. } = &p45.body else {
        panic!()
    };
    assert_eq!(
        intro.awards[0].items[0].effect,
        Effect::Gain {
            id: "wounded".into(),
            note: Some(Note::Turns(1))
        }
    );

    // -27-: a choice; -23-: Master; -29-: a mandatory section and Lose.
    let effects = |n: u32| -> Vec<Effect> {
        book.paragraph(n)
            .unwrap()
            .nodes()
            .flat_map(|b| {
                b.awards
                    .iter()
                    .flat_map(|a| a.items.iter().map(|i| i.effect.clone()))
            })
            .collect()
    };
    assert!(effects(27).contains(&Effect::Choice(vec!["respected".into(), "blessed".into()])));
    assert!(effects(23).contains(&Effect::Master(vec!["seamanship".into()])));
    assert!(effects(29).contains(&Effect::Lose("wounded".into())));
    let sections = book.paragraph(29).unwrap().sections();
    assert!(sections[1].labels()[0].mandatory);
    assert!(!sections[0].labels()[0].mandatory);

    // -2- chart (L): one entry covering 1-12.
    let ParagraphBody::Chart(chart) = &book.paragraph(2).unwrap().body else {
        panic!("2 is a chart")
    };
    assert_eq!(chart.matrix.as_ref().unwrap().value, "L");
    assert_eq!((chart.entries[0].lo, chart.entries[0].hi), (1, 12));
}

#[test]
fn the_two_examples_mean_the_same_awards() {
    // The Spanish example is a translation: paragraph by paragraph, the
    // awards lower to the same IR values.
    let en = check(&fixture("spec-example"));
    let es = check(&fixture("spec-example-es"));
    assert_eq!(en.book.paragraph_count(), es.book.paragraph_count());
    for p in &en.book.paragraphs {
        let q = es.book.paragraph(p.number).unwrap();
        let awards = |p: &tales::ir::Paragraph| -> Vec<tales::ir::Effect> {
            // Free text is translated too: compare that there is some, not what.
            p.nodes()
                .flat_map(|b| {
                    b.awards
                        .iter()
                        .flat_map(|a| a.items.iter().map(|i| i.effect.clone()))
                })
                .map(|e| match e {
                    tales::ir::Effect::FreeText(_) => tales::ir::Effect::FreeText(String::new()),
                    e => e,
                })
                .collect()
        };
        assert_eq!(awards(p), awards(q), "paragraph {}", p.number);
    }
}
