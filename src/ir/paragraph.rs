//! Paragraphs as the printed book has them (FORMAT.md section 2a): a tree.
//! A paragraph's intro is a [`Node`]: text, its award codes and references,
//! and at most one nested [`Block`]. A block is a skill check, a choice, a
//! condition or a die roll; each of its [`Arm`]s is a node again. Version
//! 1's top-level sections are the paragraph's own skill check.

use super::{Award, Reference};
use crate::span::{Span, Spanned};

use super::condition::{Cmp, Expr, Gender, RollSpec};

/// A numbered paragraph of the Book of Tales.
#[derive(Clone, Debug)]
pub struct Paragraph {
    pub number: u32,
    /// The header line `-N-`.
    pub header: Span,
    /// The whole paragraph, header to last line of text.
    pub span: Span,
    /// Lint codes allowed by a `# tales: allow(CODE)` comment before it.
    pub allows: Vec<Spanned<String>>,
    pub body: ParagraphBody,
}

#[derive(Clone, Debug)]
pub enum ParagraphBody {
    Result {
        intro: Node,
        /// The sections at the top of the paragraph (no `>` marks).
        check: Option<Block>,
    },
    Chart(Chart),
}

/// Text with its awards, and the block nested in it: an intro, a section,
/// an option, a condition's arm or a die band.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// The node's text (first to last line).
    pub span: Option<Span>,
    pub awards: Vec<Award>,
    /// Every `@` reference: in the prose and in the award items.
    pub refs: Vec<Reference>,
    pub block: Option<Box<Block>>,
}

/// A block of arms: who decides between them is its kind.
#[derive(Clone, Debug)]
pub struct Block {
    pub kind: BlockKind,
    /// A die roll's dice (given by `{2d6 + ...}` or by its bands).
    pub roll: Option<RollSpec>,
    pub arms: Vec<Arm>,
    /// From the first arm's line to the end of the last arm.
    pub span: Span,
    /// 0 for a paragraph's own sections, 1 for `>`, 2 for `>>`, ...
    pub depth: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// Sections: the player picks among those they qualify for.
    SkillCheck,
    /// `> If you ...:` plain labels: the player picks.
    Choice,
    /// `> {expr} ...:` labels: the first that holds, or `{else}`.
    Condition,
    /// `> 2-7:` bands: the dice decide.
    Roll,
}

impl BlockKind {
    pub fn as_str(self) -> &'static str {
        match self {
            BlockKind::SkillCheck => "skill check",
            BlockKind::Choice => "choice",
            BlockKind::Condition => "condition",
            BlockKind::Roll => "die roll",
        }
    }
}

/// One arm of a block: its label and its node.
#[derive(Clone, Debug)]
pub struct Arm {
    /// The label as written, up to its `:` (marks and spaces left out).
    pub label: Spanned<String>,
    pub guard: Guard,
    pub node: Node,
}

impl Arm {
    /// A skill-check section's names (empty for other arms).
    pub fn labels(&self) -> &[SectionLabel] {
        match &self.guard {
            Guard::Section(l) => l,
            _ => &[],
        }
    }

    /// Whether this section's label names the entry (at any level), or is
    /// the name as written (a heading that is no glossary name: `ANY
    /// TREASURE`): the section a go-to with a section takes (FORMAT.md 2b).
    pub fn names(&self, id: super::Id) -> bool {
        crate::text::eq_ci(&self.label.value, id.as_str())
            || self
                .labels()
                .iter()
                .any(|l| l.kind.key().as_deref() == Some(id.as_str()))
    }

    pub fn is_no_skill(&self) -> bool {
        self.labels().iter().any(|l| l.kind == LabelKind::NoSkill)
    }
}

/// What an arm's label says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    /// A player's choice (or a label that could not be read, reported).
    None,
    /// A guarded option (FORMAT.md 2b): a choice's option offered only when
    /// the condition in braces at the end of its label holds.
    Option(Expr),
    Condition(Expr),
    Else,
    Band(Band),
    /// A section of a skill check.
    Section(Vec<SectionLabel>),
}

/// A die band: `2-7` is `{lo: 2, hi: Some(7)}`, `8+` is `{lo: 8, hi: None}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Band {
    pub lo: u32,
    pub hi: Option<u32>,
}

impl Band {
    pub fn contains(self, total: i64) -> bool {
        total >= i64::from(self.lo) && self.hi.is_none_or(|hi| total <= i64::from(hi))
    }
}

/// One name of a section label: `WEAPON USE {!weapon-use:master} (mandatory)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionLabel {
    pub kind: LabelKind,
    /// `{expr}` right after the name: it must hold too.
    pub qualifier: Option<Expr>,
    pub mandatory: bool,
    /// A note was written that is no section note (`(no obligatorio)`,
    /// `()`), reported where it stands and read as none: a translation's
    /// comparison does not hold this label's flag against the source's.
    pub note_told: bool,
    pub span: Span,
}

impl SectionLabel {
    /// When a character qualifies for the name (`None` for NO SKILL, which
    /// everyone may read, and for a name that was not read).
    pub fn condition(&self) -> Option<Expr> {
        let base = match &self.kind {
            LabelKind::NoSkill | LabelKind::Unknown(_) => return None,
            LabelKind::Entry(id) => Expr::Has(*id),
            LabelKind::Master(id) => Expr::Master(*id),
            LabelKind::AnyTreasure => Expr::AnyTreasure,
            LabelKind::Gender(g) => Expr::Gender(*g),
            LabelKind::Wealth(cmp, level) => Expr::Wealth(*cmp, *level),
            LabelKind::Condition(e) => e.clone(),
        };
        Some(match &self.qualifier {
            Some(q) => Expr::All(vec![base, q.clone()]),
            None => base,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LabelKind {
    NoSkill,
    /// A skill, status or treasure, by glossary id.
    Entry(super::Id),
    /// `NAME at Master level`.
    Master(super::Id),
    /// `ANY TREASURE`.
    AnyTreasure,
    /// `FEMALE`, `MALE`.
    Gender(Gender),
    /// `WEALTH: POOR or less` (`Le`), `WEALTH: RICH or greater` (`Ge`).
    Wealth(Cmp, usize),
    /// `{expr}` alone.
    Condition(Expr),
    /// A name that resolved to nothing (already reported).
    Unknown(String),
}

impl LabelKind {
    /// What a go-to with a section names this heading by, the same in
    /// every language (FORMAT.md 2b): a glossary id (at any level),
    /// `no-skill`, `any-treasure`, `female`, `male`, `any-N-skills`.
    pub fn key(&self) -> Option<std::borrow::Cow<'static, str>> {
        use std::borrow::Cow;
        match self {
            LabelKind::Entry(id) | LabelKind::Master(id) => Some(Cow::Borrowed(id.as_str())),
            LabelKind::NoSkill => Some(Cow::Borrowed("no-skill")),
            LabelKind::AnyTreasure => Some(Cow::Borrowed("any-treasure")),
            LabelKind::Gender(g) => Some(Cow::Borrowed(g.as_str())),
            LabelKind::Condition(Expr::Skills(Cmp::Ge, n)) => {
                Some(Cow::Owned(format!("any-{n}-skills")))
            }
            _ => None,
        }
    }
}

impl Paragraph {
    pub fn is_chart(&self) -> bool {
        matches!(self.body, ParagraphBody::Chart(_))
    }

    /// Every node of the paragraph, at every depth, intro first (each
    /// node before the nodes of its block, arms in order).
    pub fn nodes(&self) -> Nodes<'_> {
        let (intro, check) = match &self.body {
            ParagraphBody::Result { intro, check } => (Some(intro), check.as_ref()),
            ParagraphBody::Chart(_) => (None, None),
        };
        let mut open = smallvec::SmallVec::new();
        if let Some(b) = check {
            open.push(b.arms.iter());
        }
        Nodes { intro, open }
    }

    /// Every block of the paragraph, at every depth (its own sections too).
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        let check = match &self.body {
            ParagraphBody::Result { check, .. } => check.as_ref(),
            ParagraphBody::Chart(_) => None,
        };
        check
            .into_iter()
            .chain(self.nodes().filter_map(|n| n.block.as_deref()))
    }

    /// The paragraph's own sections (its top-level skill check).
    pub fn sections(&self) -> &[Arm] {
        match &self.body {
            ParagraphBody::Result { check: Some(b), .. } => &b.arms,
            _ => &[],
        }
    }

    /// Every reference the paragraph makes: in prose, awards and chart
    /// entries.
    pub fn references(&self) -> impl Iterator<Item = &Reference> {
        let chart_refs = match &self.body {
            ParagraphBody::Chart(c) => c.entries.as_slice(),
            ParagraphBody::Result { .. } => &[],
        }
        .iter()
        .filter_map(|e| match &e.target {
            ChartTarget::Paragraph(r) => Some(r),
            _ => None,
        });
        self.nodes().flat_map(|b| b.refs.iter()).chain(chart_refs)
    }
}

/// The nodes of a paragraph in order ([`Paragraph::nodes`]): the arms
/// still to visit of each open block, innermost last. Walked by every
/// lint and the graph, once a paragraph each, so it keeps its few open
/// blocks inline instead of allocating.
pub struct Nodes<'a> {
    intro: Option<&'a Node>,
    open: smallvec::SmallVec<[std::slice::Iter<'a, Arm>; 4]>,
}

impl<'a> Iterator for Nodes<'a> {
    type Item = &'a Node;

    fn next(&mut self) -> Option<&'a Node> {
        let node = match self.intro.take() {
            Some(n) => n,
            None => loop {
                let arms = self.open.last_mut()?;
                match arms.next() {
                    Some(a) => break &a.node,
                    None => {
                        self.open.pop();
                    }
                }
            },
        };
        if let Some(b) = &node.block {
            self.open.push(b.arms.iter());
        }
        Some(node)
    }
}

/// An encounter chart: `-4- chart` with entries 1..12.
#[derive(Clone, Debug, Default)]
pub struct Chart {
    /// `-4- chart (F)`: the matrix of every entry.
    pub matrix: Option<Spanned<String>>,
    pub entries: Vec<ChartEntry>,
}

#[derive(Clone, Debug)]
pub struct ChartEntry {
    pub lo: u32,
    pub hi: u32,
    /// The roll numbers as written (`3-4`, `3 – 4`, `12`).
    pub range: Span,
    /// The entry's line.
    pub span: Span,
    pub target: ChartTarget,
    /// `(L, female)`: the gender of the one encountered, when written.
    pub gender: Option<Gender>,
}

#[derive(Clone, Debug)]
pub enum ChartTarget {
    /// `{Lost} Merchant (L)`: a row of a matrix.
    Row {
        matrix: Spanned<String>,
        row: Spanned<String>,
    },
    Paragraph(Reference),
    /// The entry names nothing (already reported).
    None,
}

/// The paragraphs of a book by where they are, to find the one a span is
/// in by binary search (a finding's paragraph, once per finding).
pub struct ParagraphsBySpan(Vec<(u32, u32, u32, usize)>);

impl ParagraphsBySpan {
    pub fn of(paragraphs: &[Paragraph]) -> Self {
        let mut v: Vec<(u32, u32, u32, usize)> = paragraphs
            .iter()
            .enumerate()
            .map(|(i, p)| (p.span.file.0, p.span.start, p.span.end, i))
            .collect();
        v.sort_unstable();
        ParagraphsBySpan(v)
    }

    /// The index (in the book's `paragraphs`) of the paragraph a span
    /// starts in.
    pub fn at(&self, s: Span) -> Option<usize> {
        let k = self
            .0
            .partition_point(|&(f, a, _, _)| (f, a) <= (s.file.0, s.start));
        let &(f, a, b, i) = self.0.get(k.checked_sub(1)?)?;
        (f == s.file.0 && a <= s.start && s.start <= b).then_some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::FileId;

    /// A tree from a seed: nodes numbered as made (their span's start),
    /// up to seven deep (past the walk's four inline blocks), so every
    /// shape of a few arms comes up.
    struct Maker {
        seed: u64,
        made: usize,
    }

    impl Maker {
        fn roll(&mut self, n: u64) -> u64 {
            self.seed ^= self.seed << 13;
            self.seed ^= self.seed >> 7;
            self.seed ^= self.seed << 17;
            self.seed % n
        }

        fn node(&mut self, depth: u8) -> Node {
            let mut n = Node {
                span: Some(Span::new(FileId(0), self.made, self.made)),
                ..Node::default()
            };
            self.made += 1;
            if depth < 7 && self.roll(3) > 0 {
                n.block = Some(Box::new(self.block(depth + 1)));
            }
            n
        }

        fn block(&mut self, depth: u8) -> Block {
            let arms = (0..self.roll(4))
                .map(|_| Arm {
                    label: Spanned::new(String::new(), Span::new(FileId(0), 0, 0)),
                    guard: Guard::None,
                    node: self.node(depth),
                })
                .collect();
            Block {
                kind: BlockKind::Choice,
                roll: None,
                arms,
                span: Span::new(FileId(0), 0, 0),
                depth,
            }
        }
    }

    /// Each node, then its block's arms' nodes in order (the order the
    /// walk promises), by recursion.
    fn preorder<'a>(n: &'a Node, out: &mut Vec<&'a Node>) {
        out.push(n);
        for a in n.block.iter().flat_map(|b| &b.arms) {
            preorder(&a.node, out);
        }
    }

    #[test]
    fn nodes_are_walked_intro_first_each_before_its_arms() {
        for seed in 1..3000u64 {
            let mut m = Maker { seed, made: 0 };
            let intro = m.node(0);
            let check = (m.roll(2) == 0).then(|| m.block(0));
            let p = Paragraph {
                number: 1,
                header: Span::new(FileId(0), 0, 0),
                span: Span::new(FileId(0), 0, 0),
                allows: Vec::new(),
                body: ParagraphBody::Result { intro, check },
            };
            let ParagraphBody::Result { intro, check } = &p.body else {
                unreachable!()
            };
            let mut want = Vec::new();
            preorder(intro, &mut want);
            for a in check.iter().flat_map(|b| &b.arms) {
                preorder(&a.node, &mut want);
            }
            let got: Vec<_> = p.nodes().map(|n| n.span).collect();
            let want: Vec<_> = want.iter().map(|n| n.span).collect();
            assert_eq!(got, want, "seed {seed}");
            assert_eq!(got.len(), m.made, "seed {seed}: every node once");
        }
    }
}
