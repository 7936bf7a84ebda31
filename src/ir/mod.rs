//! The typed intermediate representation of a book: what every later pass
//! (graph, lints, engine, l10n) reads. Built once per book, never mutated
//! after loading, and free of I/O. Every node keeps its span.

mod award;
mod board;
mod cards;
mod condition;
pub mod gives;
mod glossary;
mod manifest;
mod matrix;
mod paragraph;
mod quests;
mod reference;
pub mod rules;

pub use award::{Area, Award, AwardItem, Bound, Effect, Loss, Named, Note, Typed, Way};
pub use board::{Board, BoardSpace, Route, RouteKind};
pub use cards::{Cards, CharacterCard, CityCard, MAX_COUNT, TerrainCard};
pub use condition::{Cmp, Expr, Gender, PointsTrack, RollSpec, RollTerm};
pub use glossary::{EntryKind, Glossary, GlossaryEntry, normalize_name as glossary_normalize};
pub use manifest::{LintSetting, Manifest, Place, Rules, Space, WealthLevel, World};
pub use matrix::{Matrix, Row};
pub use paragraph::{
    Arm, Band, Block, BlockKind, Chart, ChartEntry, ChartTarget, Guard, LabelKind, Node, Paragraph,
    ParagraphBody, ParagraphsBySpan, SectionLabel,
};
pub use quests::{
    Found, Holdable, Holding, Quest, QuestState, Requirement, Step, Test, Track, holds,
};
pub use reference::{Reference, Target};

use crate::source::SourceMap;

mod id;
/// A glossary id (`wounded`, `courtly-graces`): interned, `Copy`, the same
/// in every translation of a book.
pub use id::Id;
use std::collections::HashMap;
use std::path::PathBuf;

/// A whole book, read and lowered.
#[derive(Debug, Default)]
pub struct Book {
    /// The book folder.
    pub root: PathBuf,
    pub sources: SourceMap,
    pub manifest: Manifest,
    pub glossary: Glossary,
    pub matrices: Vec<Matrix>,
    pub cards: Cards,
    /// `board.yaml` (FORMAT.md 9.1), when the book has one. Its spaces that
    /// are not places of power also stand in `manifest.world.spaces`, so that
    /// what reads the spaces (the engine, `sim`, `play`) reads the board.
    pub board: Option<Board>,
    /// `quests.yaml` (FORMAT.md 9.4): the quest cards, in the file's order.
    pub quests: Vec<Quest>,
    /// Every paragraph, in file order (files sorted by path).
    pub paragraphs: Vec<Paragraph>,
    /// Paragraph number -> index of its first definition in `paragraphs`.
    pub index: rustc_hash::FxHashMap<u32, usize>,
    /// In a translation: paragraphs of the source book not translated yet,
    /// number -> whether it is a chart. References to them are not dangling
    /// (they are reported once, as `l10n-missing-paragraph`).
    pub pending: HashMap<u32, bool>,
    /// Files that could not be read, and the part of the book each leaves
    /// incomplete: findings that need that part are held back.
    pub damaged: Vec<(crate::span::FileId, crate::diagnostic::Needs)>,
    /// Matrix letter -> index in `matrices` (the first of a letter).
    pub matrix_index: rustc_hash::FxHashMap<String, usize>,
    /// A row's name (folded as [`Matrix::row`] folds it) -> the matrices
    /// that have such a row, in order: made at the first look-up (a chart
    /// entry that names no matrix), see [`Book::matrices_with_row`].
    pub row_index: std::sync::OnceLock<rustc_hash::FxHashMap<String, Vec<usize>>>,
}

/// [`Book::matrices_with_row`], of an index and the matrices it indexes.
pub(crate) fn matrices_with_row<'i>(
    index: &'i std::sync::OnceLock<rustc_hash::FxHashMap<String, Vec<usize>>>,
    matrices: &[Matrix],
    name: &str,
) -> &'i [usize] {
    let index = index.get_or_init(|| {
        let mut index: rustc_hash::FxHashMap<String, Vec<usize>> = rustc_hash::FxHashMap::default();
        for (i, m) in matrices.iter().enumerate() {
            for r in &m.rows {
                let at = index.entry(glossary_normalize(&r.name.value)).or_default();
                if at.last() != Some(&i) {
                    at.push(i);
                }
            }
        }
        index
    });
    index
        .get(&glossary_normalize(name))
        .map_or(&[], Vec::as_slice)
}

impl Book {
    pub fn paragraph(&self, number: u32) -> Option<&Paragraph> {
        self.index.get(&number).map(|&i| &self.paragraphs[i])
    }

    /// Whether paragraph `number` exists, here or (in a translation) in the
    /// source book, and whether it is a chart.
    pub fn paragraph_kind(&self, number: u32) -> Option<bool> {
        self.paragraph(number)
            .map(Paragraph::is_chart)
            .or_else(|| self.pending.get(&number).copied())
    }

    pub fn matrix(&self, letter: &str) -> Option<&Matrix> {
        self.matrix_position(letter).map(|i| &self.matrices[i])
    }

    /// A matrix's index in `matrices`, by letter.
    pub fn matrix_position(&self, letter: &str) -> Option<usize> {
        self.matrix_index.get(letter).copied()
    }

    /// Set the matrices (and their index by letter).
    pub fn set_matrices(&mut self, matrices: Vec<Matrix>) {
        self.matrix_index.clear();
        for (i, m) in matrices.iter().enumerate() {
            self.matrix_index.entry(m.letter.value.clone()).or_insert(i);
        }
        self.matrices = matrices;
        self.row_index = std::sync::OnceLock::new();
    }

    /// The matrices (their indices, in order) that have a row named `name`,
    /// as [`Matrix::row`] finds one: looked up, not asked of every matrix.
    pub fn matrices_with_row(&self, name: &str) -> &[usize] {
        matrices_with_row(&self.row_index, &self.matrices, name)
    }

    /// Number of result and chart paragraphs.
    pub fn paragraph_count(&self) -> usize {
        self.paragraphs.len()
    }
}
