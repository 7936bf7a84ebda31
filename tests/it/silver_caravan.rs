//! `content/silver-caravan`: this project's version 2 book, laid out as a
//! printed Book of Tales is (FORMAT.md 2a): it checks clean, uses every
//! construct of 2a, and plays without reaching a broken node.

use crate::common;
use std::path::Path;
use tales::engine::{Character, Engine, Gender, Quiet, RandomChooser, Rng, Start};
use tales::ir::{Block, BlockKind, LabelKind, Node, ParagraphBody};

fn book() -> tales::report::Checked {
    common::check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("content/silver-caravan"))
}

fn depth(n: &Node) -> usize {
    n.block.as_deref().map_or(0, block_depth)
}

fn block_depth(b: &Block) -> usize {
    1 + b.arms.iter().map(|a| depth(&a.node)).max().unwrap_or(0)
}

fn blocks<'a>(n: &'a Node, out: &mut Vec<&'a Block>) {
    if let Some(b) = n.block.as_deref() {
        out.push(b);
        b.arms.iter().for_each(|a| blocks(&a.node, out));
    }
}

#[test]
fn the_silver_caravan_checks_clean() {
    let c = book();
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    assert!(c.book.paragraph_count() >= 35);
}

#[test]
fn it_uses_every_construct_of_version_2() {
    let c = book();
    let (mut all, mut deepest) = (Vec::new(), 0);
    for p in &c.book.paragraphs {
        if let ParagraphBody::Result { intro, check } = &p.body {
            blocks(intro, &mut all);
            deepest = deepest.max(depth(intro));
            if let Some(b) = check {
                all.push(b);
                b.arms.iter().for_each(|a| blocks(&a.node, &mut all));
                deepest = deepest.max(block_depth(b));
            }
        }
    }
    for kind in [
        BlockKind::SkillCheck,
        BlockKind::Choice,
        BlockKind::Condition,
        BlockKind::Roll,
    ] {
        assert!(all.iter().any(|b| b.kind == kind), "{kind:?}");
    }
    assert!(deepest >= 4, "nested {deepest} deep");
    let labels: Vec<&LabelKind> = all
        .iter()
        .flat_map(|b| {
            b.arms
                .iter()
                .flat_map(|a| a.labels().iter().map(|l| &l.kind))
        })
        .collect();
    for wanted in ["Master", "AnyTreasure", "Gender", "Wealth", "Condition"] {
        assert!(
            labels.iter().any(|k| format!("{k:?}").starts_with(wanted)),
            "a {wanted} label"
        );
    }
    let rolls_weigh_and_subtract = all
        .iter()
        .filter_map(|b| b.roll.as_ref())
        .any(|r| r.terms.iter().any(|t| t.weight > 1) && r.terms.iter().any(|t| t.weight < 0));
    assert!(rolls_weigh_and_subtract);
}

#[test]
fn it_plays_a_thousand_encounters_for_either_gender_without_a_broken_node() {
    let c = book();
    let engine = Engine::new(&c.book);
    for (gender, seed) in [(Gender::Female, 11), (Gender::Male, 12)] {
        let mut rng = Rng::new(seed);
        let mut chooser = RandomChooser(Rng::new(seed + 100));
        let mut character = Character::new(&c.book);
        character.gender = gender;
        for _ in 0..500 {
            let r = engine.encounter(
                &mut character,
                &Start::Card,
                &mut rng,
                &mut chooser,
                &mut Quiet,
            );
            assert!(r.is_ok(), "{r:?}");
        }
    }
}
