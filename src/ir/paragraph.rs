use super::{Award, Id, Reference};
use crate::span::{Span, Spanned};

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
        intro: Block,
        sections: Vec<Section>,
    },
    Chart(Chart),
}

impl Paragraph {
    pub fn is_chart(&self) -> bool {
        matches!(self.body, ParagraphBody::Chart(_))
    }

    /// Every block of the paragraph (intro, sections, and their branches).
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        let (intro, sections): (Option<&Block>, &[Section]) = match &self.body {
            ParagraphBody::Result { intro, sections } => (Some(intro), sections),
            ParagraphBody::Chart(_) => (None, &[]),
        };
        intro
            .into_iter()
            .chain(sections.iter().map(|s| &s.body))
            .flat_map(|b| {
                std::iter::once(b).chain(
                    b.branches
                        .iter()
                        .flat_map(|bb| bb.branches.iter().map(|br| &br.body)),
                )
            })
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
        self.blocks().flat_map(|b| b.refs.iter()).chain(chart_refs)
    }
}

/// Text with its awards: an intro, a section's body or a branch's body.
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// The block's text (first to last line).
    pub span: Option<Span>,
    pub awards: Vec<Award>,
    /// Every `@` reference: in the prose and in the award items.
    pub refs: Vec<Reference>,
    /// The branches that end the block, if any.
    pub branches: Option<Box<BranchBlock>>,
}

/// A skill section: `PERCEPTION / WISDOM:`.
#[derive(Clone, Debug)]
pub struct Section {
    pub labels: Vec<SectionLabel>,
    /// The label, up to its `:`.
    pub span: Span,
    pub body: Block,
}

impl Section {
    pub fn is_no_skill(&self) -> bool {
        self.labels.iter().any(|l| l.kind == LabelKind::NoSkill)
    }
}

#[derive(Clone, Debug)]
pub struct SectionLabel {
    pub kind: LabelKind,
    pub mandatory: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LabelKind {
    NoSkill,
    /// A skill, status or treasure, by glossary id.
    Entry(Id),
    /// A name that resolved to nothing (already reported).
    Unknown(String),
}

/// Consecutive branches: a choice, a condition or a die roll.
#[derive(Clone, Debug)]
pub struct BranchBlock {
    pub kind: BranchKind,
    pub roll: Option<RollSpec>,
    pub branches: Vec<Branch>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BranchKind {
    Choice,
    Condition,
    Roll,
}

#[derive(Clone, Debug)]
pub struct Branch {
    pub label: Spanned<String>,
    pub guard: Guard,
    pub body: Block,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    /// A player's choice.
    None,
    Condition(Expr),
    Else,
    Band(Band),
}

/// A die band: `2-7` is `{lo: 2, hi: Some(7)}`, `8+` is `{lo: 8, hi: None}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Band {
    pub lo: u32,
    pub hi: Option<u32>,
}

impl Band {
    pub fn contains(self, total: u32) -> bool {
        total >= self.lo && self.hi.is_none_or(|hi| total <= hi)
    }
}

/// A condition over glossary ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Has(Id),
    Not(Box<Expr>),
    All(Vec<Expr>),
    Any(Vec<Expr>),
}

/// `{2d6 + quick-thinking + scholarship}`: dice plus one per skill held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSpec {
    pub dice: u32,
    pub sides: u32,
    pub skills: Vec<Id>,
    pub span: Option<Span>,
}

impl RollSpec {
    /// The lowest and highest possible totals.
    pub fn range(&self) -> (u32, u32) {
        (
            self.dice,
            self.dice * self.sides + u32::try_from(self.skills.len()).unwrap_or(u32::MAX),
        )
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
    /// The entry's line.
    pub span: Span,
    pub target: ChartTarget,
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
