//! A property of the version 2 reader: a generated paragraph tree (skill
//! checks, choices, conditions and die rolls nested to depth four, with
//! awards, printed spellings and wrapped lines), printed as FORMAT.md 2a
//! writes it, reads back as the same tree: the same kinds at the same
//! depths, the same arms in order with the same guards, each node's text,
//! award and roll spec where they were written. Version 3 shapes (2b) are
//! among them: guarded options and `ANY N SKILLS` sections.

use crate::common;
use proptest::prelude::*;
use std::fmt::Write as _;
use tales::ir::{
    Band, Block, BlockKind, Bound, Cmp, Effect, Expr, Gender, Guard, LabelKind, Node,
    ParagraphBody, PointsTrack,
};

/// What a node must read back as.
#[derive(Debug, PartialEq)]
struct NodeShape {
    /// The `mN` word of its text.
    marker: u32,
    awards: Vec<Effect>,
    block: Option<BlockShape>,
}

#[derive(Debug, PartialEq)]
struct BlockShape {
    kind: BlockKind,
    depth: u8,
    roll: Option<Vec<(i32, Expr)>>,
    arms: Vec<(ArmKey, NodeShape)>,
}

#[derive(Debug, PartialEq)]
enum ArmKey {
    Section(Vec<(LabelKind, bool)>),
    Choice(String),
    /// A guarded option (FORMAT.md 2b): its label and its condition.
    Option(String, Expr),
    Condition(Expr),
    Else,
    Band(Band),
}

/// A tiny deterministic generator, so a failing seed shrinks and replays.
struct Gen {
    state: u64,
    markers: u32,
}

impl Gen {
    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn marker(&mut self) -> u32 {
        self.markers += 1;
        self.markers
    }
}

const RICH: usize = 2; // the example's ladder: Beggar, Poor, Rich, ...

/// Award codes as written, and what they mean.
fn award(g: &mut Gen) -> (&'static str, Vec<Effect>) {
    let wounded = || Effect::Gain {
        id: "wounded".into(),
        note: None,
    };
    let rich = Some(Bound {
        max: true,
        level: RICH,
    });
    match g.below(6) {
        0 => ("[S1]", vec![Effect::Story(1)]),
        1 => ("[D1 / S1]", vec![Effect::Destiny(1), Effect::Story(1)]),
        2 => (
            "[W+1 (Max: Rich)]",
            vec![Effect::Wealth {
                delta: 1,
                bound: rich,
            }],
        ),
        3 => ("[S2 / Wounded]", vec![Effect::Story(2), wounded()]),
        4 => ("[D−1]", vec![Effect::Destiny(-1)]),
        _ => (
            "[S1 / Lose Wounded]",
            vec![Effect::Story(1), Effect::Lose("wounded".into())],
        ),
    }
}

/// Text with its marker, sometimes wrapped onto a second line.
fn text(g: &mut Gen, marker: u32) -> String {
    if g.chance(30) {
        format!("you walk on m{marker} and the road\nturns east")
    } else {
        format!("you walk on m{marker}")
    }
}

/// A node of depth `depth` (0: the intro or a top-level section): its
/// text (and a roll spec for a roll block), award and block.
fn node(g: &mut Gen, depth: u8, out: &mut String) -> NodeShape {
    let marker = g.marker();
    out.push_str(&text(g, marker));
    let kind = (depth < 4 && g.chance(45 - 10 * u64::from(depth))).then(|| g.below(4));
    let mut awards = Vec::new();
    let block = match kind {
        Some(3) => Some(roll(g, depth + 1, out)),
        k => {
            if g.chance(60) {
                let (code, effects) = award(g);
                out.push(' ');
                out.push_str(code);
                awards = effects;
            }
            out.push('\n');
            k.map(|k| block(g, k, depth + 1, out))
        }
    };
    NodeShape {
        marker,
        awards,
        block,
    }
}

fn marks(depth: u8) -> String {
    format!("{} ", ">".repeat(usize::from(depth)))
}

/// A skill check, a choice or a condition at `depth` (its arms' marks).
fn block(g: &mut Gen, kind: usize, depth: u8, out: &mut String) -> BlockShape {
    let mut arms = Vec::new();
    let (kind, labels): (BlockKind, Vec<(String, ArmKey)>) = match kind {
        0 => (BlockKind::SkillCheck, section_labels(g)),
        1 => {
            let n = 2 + g.below(2);
            let labels = (0..n)
                .map(|_| {
                    let c = format!("If you go c{}", g.marker());
                    if g.chance(30) {
                        let c = format!("{c} {{skills >= 2}}");
                        (c.clone(), ArmKey::Option(c, Expr::Skills(Cmp::Ge, 2)))
                    } else {
                        (c.clone(), ArmKey::Choice(c))
                    }
                })
                .collect();
            (BlockKind::Choice, labels)
        }
        _ => (BlockKind::Condition, condition_labels(g)),
    };
    for (label, key) in labels {
        out.push_str(&marks(depth));
        out.push_str(&label);
        out.push_str(": ");
        arms.push((key, node(g, depth, out)));
    }
    BlockShape {
        kind,
        depth,
        roll: None,
        arms,
    }
}

fn section_labels(g: &mut Gen) -> Vec<(String, ArmKey)> {
    let names: [(&str, LabelKind); 7] = [
        ("PIETY", LabelKind::Entry("piety".into())),
        ("WISDOM", LabelKind::Entry("wisdom".into())),
        (
            "SEAMANSHIP at Master level",
            LabelKind::Master("seamanship".into()),
        ),
        ("FEMALE", LabelKind::Gender(Gender::Female)),
        ("ANY TREASURE", LabelKind::AnyTreasure),
        ("WEALTH: RICH or greater", LabelKind::Wealth(Cmp::Ge, RICH)),
        (
            "ANY 3 SKILLS",
            LabelKind::Condition(Expr::Skills(Cmp::Ge, 3)),
        ),
    ];
    let mut labels = vec![(
        "NO SKILL".to_owned(),
        ArmKey::Section(vec![(LabelKind::NoSkill, false)]),
    )];
    let start = g.below(names.len());
    for i in 0..=g.below(3) {
        let (name, kind) = &names[(start + i) % names.len()];
        let mandatory = g.chance(15);
        let label = format!("{name}{}", if mandatory { " (mandatory)" } else { "" });
        labels.push((label, ArmKey::Section(vec![(kind.clone(), mandatory)])));
    }
    labels
}

fn condition_labels(g: &mut Gen) -> Vec<(String, ArmKey)> {
    let conds: [(&str, Expr); 4] = [
        ("{female}", Expr::Gender(Gender::Female)),
        ("{wealth >= rich}", Expr::Wealth(Cmp::Ge, RICH)),
        (
            "{destiny >= 3}",
            Expr::Points(PointsTrack::Destiny, Cmp::Ge, 3),
        ),
        (
            "{piety & !wounded}",
            Expr::All(vec![
                Expr::Has("piety".into()),
                Expr::Not(Box::new(Expr::Has("wounded".into()))),
            ]),
        ),
    ];
    let start = g.below(conds.len());
    let mut labels: Vec<(String, ArmKey)> = (0..=g.below(3))
        .map(|i| {
            let (c, e) = &conds[(start + i) % conds.len()];
            (
                format!("{c} If so c{}", g.marker()),
                ArmKey::Condition(e.clone()),
            )
        })
        .collect();
    if g.chance(60) {
        labels.push(("{else} Otherwise".to_owned(), ArmKey::Else));
    }
    labels
}

/// A roll: its spec ends the parent's text, its bands cover every total.
fn roll(g: &mut Gen, depth: u8, out: &mut String) -> BlockShape {
    let all = [(1, "luck"), (2, "piety"), (1, "wisdom")];
    let start = g.below(all.len());
    let terms: Vec<(i32, &str)> = (0..g.below(3)).map(|i| all[(start + i) % 3]).collect();
    out.push_str(" {2d6");
    for (w, id) in &terms {
        if *w == 1 {
            let _ = write!(out, " + {id}");
        } else {
            let _ = write!(out, " + {w} {id}");
        }
    }
    out.push_str("}\n");
    let mut cuts: Vec<u32> = (0..=g.below(3)).map(|_| 3 + g.below(8) as u32).collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut arms = Vec::new();
    let mut lo = 2u32;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let dash = if g.chance(50) { "–" } else { "-" };
        let _ = write!(out, "{}{lo}{dash}{cut}: ", marks(depth));
        let band = Band { lo, hi: Some(cut) };
        arms.push((ArmKey::Band(band), node(g, depth, out)));
        lo = cut + 1;
        if last {
            let _ = write!(out, "{}{lo}+: ", marks(depth));
            let band = Band { lo, hi: None };
            arms.push((ArmKey::Band(band), node(g, depth, out)));
        }
    }
    BlockShape {
        kind: BlockKind::Roll,
        depth,
        roll: Some(
            terms
                .iter()
                .map(|(w, id)| (*w, Expr::Has((*id).into())))
                .collect(),
        ),
        arms,
    }
}

/// A paragraph: an intro (its block one level down) and sometimes
/// top-level sections.
fn paragraph(seed: u64) -> (String, NodeShape, Option<BlockShape>) {
    let mut g = Gen {
        state: seed | 1,
        markers: 0,
    };
    let mut out = String::from("# tales: allow(unreachable-paragraph)\n-990-\n");
    let intro = node(&mut g, 0, &mut out);
    let check = g.chance(50).then(|| {
        let mut arms = Vec::new();
        for (label, key) in section_labels(&mut g) {
            let _ = write!(out, "\n{label}: ");
            arms.push((key, node(&mut g, 0, &mut out)));
        }
        BlockShape {
            kind: BlockKind::SkillCheck,
            depth: 0,
            roll: None,
            arms,
        }
    });
    (out, intro, check)
}

/// The tree as read, in the same shape.
fn read_node(book: &tales::ir::Book, n: &Node) -> NodeShape {
    let text = n.span.map_or("", |s| book.sources.slice(s));
    let markers: Vec<u32> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| w.strip_prefix('m')?.parse().ok())
        .collect();
    assert_eq!(markers.len(), 1, "one text per node: {text:?}");
    NodeShape {
        marker: markers[0],
        awards: n
            .awards
            .iter()
            .flat_map(|a| a.items.iter().map(|i| i.effect.clone()))
            .collect(),
        block: n.block.as_deref().map(|b| read_block(book, b)),
    }
}

fn read_block(book: &tales::ir::Book, b: &Block) -> BlockShape {
    let arms = b
        .arms
        .iter()
        .map(|a| {
            let key = match &a.guard {
                Guard::Section(labels) => ArmKey::Section(
                    labels
                        .iter()
                        .map(|l| (l.kind.clone(), l.mandatory))
                        .collect(),
                ),
                Guard::None => ArmKey::Choice(a.label.value.clone()),
                Guard::Option(e) => ArmKey::Option(a.label.value.clone(), e.clone()),
                Guard::Condition(e) => ArmKey::Condition(e.clone()),
                Guard::Else => ArmKey::Else,
                Guard::Band(band) => ArmKey::Band(*band),
            };
            (key, read_node(book, &a.node))
        })
        .collect();
    BlockShape {
        kind: b.kind,
        depth: b.depth,
        roll: b.roll.as_ref().map(|r| {
            assert_eq!((r.dice, r.sides), (2, 6));
            r.terms.iter().map(|t| (t.weight, t.when.clone())).collect()
        }),
        arms,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_generated_tree_printed_reads_back_as_the_same_tree(seed in any::<u64>()) {
        let (text, intro, check) = paragraph(seed);
        let dir = common::book_with("spec-example-v2", &[("tales/round.tales", &text)]);
        let c = common::check(&dir.path().join("book"));
        let errors: Vec<_> = c
            .diagnostics
            .iter()
            .filter(|d| d.severity == tales::diagnostic::Severity::Error)
            .collect();
        prop_assert!(errors.is_empty(), "{text}\n{}", common::human(&c));
        let p = c.book.paragraph(990).unwrap();
        let ParagraphBody::Result { intro: got, check: got_check } = &p.body else {
            panic!("990 is a result paragraph");
        };
        prop_assert_eq!(read_node(&c.book, got), intro, "{}", text);
        prop_assert_eq!(got_check.as_ref().map(|b| read_block(&c.book, b)), check, "{}", text);
    }
}
