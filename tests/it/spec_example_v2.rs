//! The spec's version 2 example (nested blocks, gender, wealth and points,
//! printed spellings) and its Spanish translation are the contract too:
//! they check clean, their trees are lowered as written, and the
//! translation says what the source says.

use crate::common;
use common::{check, fixture};
use tales::ir::{
    Block, BlockKind, Bound, Cmp, Effect, Expr, Gender, Guard, LabelKind, Node, ParagraphBody,
    PointsTrack, RollTerm, Target,
};

#[test]
fn the_v2_example_checks_clean() {
    let c = check(&fixture("spec-example-v2"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    assert_eq!(c.book.paragraph_count(), 39);
}

#[test]
fn the_spanish_v2_example_checks_clean() {
    let c = check(&fixture("spec-example-v2-es"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    assert_eq!(c.book.manifest.locale.id, "es");
}

#[test]
fn the_fixtures_are_the_shared_spec_examples_when_present() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec");
    for (shared, ours) in [
        ("example-v2", "spec-example-v2"),
        ("example-v2-es", "spec-example-v2-es"),
    ] {
        let shared = root.join(shared);
        if !shared.is_dir() {
            common::skip(
                "the_fixtures_are_the_shared_spec_examples_when_present",
                &format!(
                    "{} is not beside this clone, so the fixture copy is not compared with it",
                    shared.display()
                ),
            );
            continue;
        }
        let c = check(&shared);
        assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
        for entry in common::walk(&shared) {
            let rel = entry.strip_prefix(&shared).unwrap();
            let mut theirs = std::fs::read_to_string(&entry).unwrap();
            // The fixture names its source by the fixture's folder.
            theirs = theirs.replace(
                "translation-of: ../example-v2",
                "translation-of: ../spec-example-v2",
            );
            assert_eq!(
                theirs,
                std::fs::read_to_string(fixture(ours).join(rel)).unwrap_or_default(),
                "tests/fixtures/{ours}/{} differs from the shared spec",
                rel.display()
            );
        }
    }
}

fn intro(book: &tales::ir::Book, n: u32) -> (&Node, Option<&Block>) {
    match &book.paragraph(n).unwrap().body {
        ParagraphBody::Result { intro, check } => (intro, check.as_ref()),
        ParagraphBody::Chart(_) => panic!("{n} is a chart"),
    }
}

fn effects(node: &Node) -> Vec<Effect> {
    node.awards
        .iter()
        .flat_map(|a| a.items.iter().map(|i| i.effect.clone()))
        .collect()
}

#[test]
fn a_skill_check_nests_a_skill_check_that_nests_a_choice() {
    // -70-: COURTLY GRACES holds a skill check whose Master arm holds a choice.
    let c = check(&fixture("spec-example-v2"));
    let (_, check) = intro(&c.book, 70);
    let check = check.unwrap();
    assert_eq!(
        (check.kind, check.depth, check.arms.len()),
        (BlockKind::SkillCheck, 0, 2)
    );
    let max_rich = Effect::Wealth {
        delta: 1,
        bound: Some(Bound {
            max: true,
            level: 2,
        }),
    };
    assert!(
        effects(&check.arms[0].node).contains(&max_rich),
        "`(Max: Rich)` is `(max Rich)`"
    );
    let inner = check.arms[1].node.block.as_deref().unwrap();
    assert_eq!((inner.kind, inner.depth), (BlockKind::SkillCheck, 1));
    assert!(inner.arms[0].is_no_skill());
    assert_eq!(
        inner.arms[1].labels()[0].kind,
        LabelKind::Master("courtly-graces".into())
    );
    let choice = inner.arms[1].node.block.as_deref().unwrap();
    assert_eq!((choice.kind, choice.depth), (BlockKind::Choice, 2));
    let labels: Vec<&str> = choice.arms.iter().map(|a| a.label.value.as_str()).collect();
    assert_eq!(labels, ["If you accept", "If you decline"]);
    assert!(effects(&choice.arms[0].node).contains(&Effect::Gain {
        id: "married".into(),
        note: None
    }));
}

#[test]
fn a_condition_holds_a_choice_that_holds_a_roll_three_deep() {
    // -71-: {wealth >= rich} / {else} > choice > roll with a spec of three terms.
    let c = check(&fixture("spec-example-v2"));
    let (intro, check) = intro(&c.book, 71);
    assert!(check.is_none());
    let cond = intro.block.as_deref().unwrap();
    assert_eq!(cond.kind, BlockKind::Condition);
    assert_eq!(
        cond.arms[0].guard,
        Guard::Condition(Expr::Wealth(Cmp::Ge, 2))
    );
    assert_eq!(cond.arms[1].guard, Guard::Else);
    let choice = cond.arms[1].node.block.as_deref().unwrap();
    assert_eq!((choice.kind, choice.depth), (BlockKind::Choice, 2));
    assert_eq!(
        choice.arms[0].label.value,
        "If you climb to her, roll two dice, adding one each for Luck and Courtly Graces, less one if you are Wounded",
        "a label that runs onto the next line is one label"
    );
    let roll = choice.arms[0].node.block.as_deref().unwrap();
    assert_eq!((roll.kind, roll.depth), (BlockKind::Roll, 3));
    let spec = roll.roll.as_ref().unwrap();
    assert_eq!((spec.dice, spec.sides), (2, 6));
    assert_eq!(
        spec.terms,
        [
            RollTerm {
                weight: 1,
                when: Expr::Has("luck".into())
            },
            RollTerm {
                weight: 1,
                when: Expr::Has("courtly-graces".into())
            },
            RollTerm {
                weight: -1,
                when: Expr::Has("wounded".into())
            },
        ]
    );
    // `1–6` with an en dash is the band 1-6; `Go to paragraph 75` is @75.
    assert_eq!(
        roll.arms[0].guard,
        Guard::Band(tales::ir::Band { lo: 1, hi: Some(6) })
    );
    assert!(effects(&roll.arms[1].node).contains(&Effect::Goto(Target::Paragraph(75))));
}

#[test]
fn section_labels_name_treasure_wealth_gender_and_conditions() {
    let c = check(&fixture("spec-example-v2"));
    let kinds = |n: u32| -> Vec<(LabelKind, bool)> {
        c.book
            .paragraph(n)
            .unwrap()
            .sections()
            .iter()
            .flat_map(|a| a.labels().iter().map(|l| (l.kind.clone(), l.mandatory)))
            .collect()
    };
    assert_eq!(
        kinds(72),
        [
            (LabelKind::NoSkill, false),
            (LabelKind::AnyTreasure, false),
            (LabelKind::Wealth(Cmp::Ge, 2), true),
        ]
    );
    assert_eq!(kinds(73)[1], (LabelKind::Gender(Gender::Male), true));
    assert_eq!(kinds(73)[2], (LabelKind::Master("piety".into()), false));
    // -75-: SEDUCTION {opposite-sex}, APPEARANCE.
    let p75 = c.book.paragraph(75).unwrap();
    let seduction = &p75.sections()[2].labels()[0];
    assert_eq!(seduction.kind, LabelKind::Entry("seduction".into()));
    assert_eq!(seduction.qualifier, Some(Expr::OppositeSex));
    // ... and a roll in a section, with a Master term weighing 2.
    let roll = p75.sections()[3].node.block.as_deref().unwrap();
    let terms = &roll.roll.as_ref().unwrap().terms;
    assert_eq!(
        terms[1],
        RollTerm {
            weight: 2,
            when: Expr::Master("weapon-use".into())
        }
    );
}

#[test]
fn conditions_over_points_treasure_and_terrain() {
    let c = check(&fixture("spec-example-v2"));
    let (intro, _) = intro(&c.book, 74);
    let cond = intro.block.as_deref().unwrap();
    assert_eq!(
        cond.arms[0].guard,
        Guard::Condition(Expr::Any(vec![
            Expr::Points(PointsTrack::Destiny, Cmp::Ge, 5),
            Expr::Points(PointsTrack::Story, Cmp::Ge, 5),
        ]))
    );
    assert_eq!(cond.arms[1].guard, Guard::Condition(Expr::AnyTreasure));
    let check = cond.arms[2].node.block.as_deref().unwrap();
    assert_eq!((check.kind, check.depth), (BlockKind::SkillCheck, 2));
    let seamanship = &check.arms[1].labels()[0];
    assert_eq!(seamanship.qualifier, Some(Expr::Terrain("sea".into())));
}

#[test]
fn a_chart_entry_may_say_the_gender_of_the_one_met() {
    let c = check(&fixture("spec-example-v2"));
    let ParagraphBody::Chart(chart) = &c.book.paragraph(3).unwrap().body else {
        panic!("3 is a chart")
    };
    assert_eq!(chart.entries[1].gender, Some(Gender::Female));
    assert_eq!(chart.entries[0].gender, None);
}

#[test]
fn the_translation_has_the_same_tree() {
    // Paragraph by paragraph: the same blocks, kinds, guards, rolls and awards.
    let en = check(&fixture("spec-example-v2"));
    let es = check(&fixture("spec-example-v2-es"));
    for p in &en.book.paragraphs {
        let q = es.book.paragraph(p.number).unwrap();
        let shape = |p: &tales::ir::Paragraph| -> Vec<String> {
            p.blocks()
                .map(|b| {
                    let guards: Vec<String> = b
                        .arms
                        .iter()
                        .map(|a| match &a.guard {
                            Guard::None => "choice".to_owned(),
                            Guard::Section(l) => {
                                format!("{:?}", l.iter().map(|l| &l.kind).collect::<Vec<_>>())
                            }
                            g => format!("{g:?}"),
                        })
                        .collect();
                    format!(
                        "{:?} {} {:?} {guards:?}",
                        b.kind,
                        b.depth,
                        b.roll.as_ref().map(|r| (r.dice, &r.terms))
                    )
                })
                .collect()
        };
        assert_eq!(shape(p), shape(q), "paragraph {}", p.number);
        let awards = |p: &tales::ir::Paragraph| -> Vec<Effect> {
            p.nodes()
                .flat_map(effects)
                .map(|e| match e {
                    Effect::FreeText(_) => Effect::FreeText(String::new()),
                    e => e,
                })
                .collect()
        };
        assert_eq!(awards(p), awards(q), "paragraph {}", p.number);
    }
}
