//! `tales l10n`: does a translated book say what its source says?
//!
//! Both books are read and checked by the `tales check` machinery; then they
//! are paired (paragraphs by number, sections by position, glossary entries
//! by id, matrices by letter, rows, reactions and cards by position, places
//! by id) and compared by meaning: the IR of an award is the same value in
//! every language, so a difference is a difference in meaning.
//!
//! Findings point into the translation; where the source helps, a second
//! label points into it (the source's files are added to the translation's
//! source map for that).

mod arms;
pub mod cat;
mod localize;
pub mod lock;
mod multiset;
mod paragraphs;
mod quests;
mod renamed;
mod rules;
mod structure;
mod text;
mod tree;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Book, Effect, Note, Target};
use crate::span::{FileId, Span};
use multiset::{Keys, multiset_eq};
use std::collections::{BTreeMap, HashMap};

/// The l10n codes, for the summary.
pub const CODES: &[&str] = &[
    "l10n-award-mismatch",
    "l10n-extra-paragraph",
    "l10n-glossary-mismatch",
    "l10n-in-progress",
    "l10n-lock-unreadable",
    "l10n-missing-paragraph",
    "l10n-number-mismatch",
    "l10n-reference-mismatch",
    "l10n-section-mismatch",
    "l10n-stale",
    "l10n-structure-mismatch",
    "l10n-untranslated",
];

/// A translator's progress.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Source paragraphs that have a counterpart in the translation.
    pub translated: usize,
    /// Paragraphs of the source.
    pub total: usize,
    pub source_words: usize,
    pub translation_words: usize,
    /// Findings by code, after levels are applied (filled in by the caller).
    pub by_code: BTreeMap<String, usize>,
    /// Source paragraphs not translated yet, by number.
    pub missing: Vec<u32>,
    /// Progress by source file, in the source's file order.
    pub files: Vec<FileProgress>,
}

/// One source file's progress: what is left as ranges (`220-231`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileProgress {
    /// The source file, as the source book names it (`tales/beasts.tales`).
    pub file: String,
    pub translated: usize,
    pub total: usize,
    /// Runs of consecutive paragraph numbers not translated yet.
    pub missing: Vec<(u32, u32)>,
}

impl FileProgress {
    /// `220–231, 240–251, 260`.
    pub fn missing_text(&self) -> String {
        self.missing
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}–{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Runs of consecutive numbers of a sorted list.
fn ranges(numbers: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &n in numbers {
        match out.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(n) => last.1 = n,
            _ => out.push((n, n)),
        }
    }
    out
}

/// Each source file's progress, from the numbers not translated.
fn by_file(source: &Book, missing: &[u32]) -> Vec<FileProgress> {
    let missing: std::collections::HashSet<u32> = missing.iter().copied().collect();
    let mut files: BTreeMap<u32, (FileProgress, Vec<u32>)> = BTreeMap::new();
    for (i, p) in source.paragraphs.iter().enumerate() {
        if source.index.get(&p.number) != Some(&i) {
            continue; // a duplicate number
        }
        let (f, left) = files.entry(p.header.file.0).or_insert_with(|| {
            let file = source.sources.get(p.header.file).name.clone();
            (
                FileProgress {
                    file,
                    ..FileProgress::default()
                },
                Vec::new(),
            )
        });
        f.total += 1;
        if missing.contains(&p.number) {
            left.push(p.number);
        } else {
            f.translated += 1;
        }
    }
    files
        .into_values()
        .map(|(mut f, mut left)| {
            left.sort_unstable();
            f.missing = ranges(&left);
            f
        })
        .collect()
}

/// Compare a translation with its source. The source's files are added to
/// the translation's source map (named `prefix` + their name) so findings can
/// point into both. `lock` is the translation's `l10n.lock`, if any.
#[allow(clippy::implicit_hasher)]
pub fn compare(
    source: &Book,
    translation: &mut Book,
    lock: Option<&HashMap<u32, lock::Entry>>,
    prefix: &str,
) -> (Diagnostics, Summary) {
    let offset = adopt(source, translation, prefix);
    compare_adopted(source, translation, offset, lock)
}

/// Add the source's files to the translation's source map (named `prefix`
/// + their name), so findings can point into both; returns the id offset.
pub fn adopt(source: &Book, translation: &mut Book, prefix: &str) -> u32 {
    translation.sources.adopt(&source.sources, prefix)
}

/// The source's `rules:` of each glossary entry the translation gives
/// none, names mapped into the translation's (`rules.rs`): what `play` and
/// `sim` of a translation act. After [`adopt`] (`offset`: its answer).
pub fn inherit_rules(source: &Book, translation: &mut Book, offset: u32) {
    rules::inherit(source, translation, offset);
}

/// [`compare`], once the source's files are adopted at `offset`.
#[allow(clippy::implicit_hasher)]
pub fn compare_adopted(
    source: &Book,
    translation: &Book,
    offset: u32,
    lock: Option<&HashMap<u32, lock::Entry>>,
) -> (Diagnostics, Summary) {
    let cmp = Compare {
        s: source,
        t: translation,
        offset,
        out: Vec::new(),
        nameless: nameless(source, translation),
        misspelt: structure::misspellings(source, translation)
            .into_iter()
            .map(|(id, te)| (te.id.value.as_str(), id))
            .collect(),
        named: std::sync::Mutex::default(),
    };
    cmp.run(lock)
}

/// The ids of the translation's glossary whose name another entry has too
/// (`quick-thinking: Sabiduría` beside `wisdom: Sabiduría`): the
/// glossary's `duplicate-name` finding. Where the source names such an
/// entry and the translation writes a name it does not know, the book
/// still writes the entry's lost name: that is said in the duplicate's
/// finding (`check::lost_names`), not as a mismatch of every section.
/// So too the ids of the source's glossary the translation's lacks (a
/// deleted or misspelt entry): the glossary's `l10n-glossary-mismatch`
/// says where the book still writes the name.
fn nameless<'a>(s: &'a Book, t: &'a Book) -> std::collections::HashSet<&'a str> {
    let mut by_name: HashMap<String, Vec<&str>> = HashMap::new();
    for e in &t.glossary.entries {
        by_name
            .entry(crate::ir::glossary_normalize(&e.name.value))
            .or_default()
            .push(e.id.value.as_str());
    }
    let missing = s
        .glossary
        .entries
        .iter()
        .map(|e| e.id.value.as_str())
        .filter(|id| t.glossary.by_id(id).is_none());
    by_name
        .into_values()
        .filter(|ids| ids.len() > 1)
        .flatten()
        .chain(missing)
        .collect()
}

/// Source paragraphs missing from the translation, for `Book::pending`.
pub fn pending(source: &Book, translation: &Book) -> HashMap<u32, bool> {
    source
        .paragraphs
        .iter()
        .filter(|p| translation.paragraph(p.number).is_none())
        .map(|p| (p.number, p.is_chart()))
        .collect()
}

struct Compare<'a> {
    s: &'a Book,
    t: &'a Book,
    offset: u32,
    out: Diagnostics,
    /// See [`nameless`].
    nameless: std::collections::HashSet<&'a str>,
    /// The translation-only glossary ids that misspell a source id
    /// (`pietty` for `piety`), to the source id: where the source names
    /// the entry, the translation's name of the misspelt id is the book
    /// still writing the entry's name, said in the glossary's finding.
    misspelt: HashMap<&'a str, &'a str>,
    /// The entries a heading of the translation names where the source's
    /// does: not renamed (see `renamed`).
    named: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl Compare<'_> {
    fn run(mut self, lock: Option<&HashMap<u32, lock::Entry>>) -> (Diagnostics, Summary) {
        self.glossary();
        self.rules();
        self.ladder();
        self.matrices();
        self.cards();
        self.places();
        self.board();
        self.quests();
        let summary = self.paragraphs(lock);
        self.renamed();
        (self.out, summary)
    }

    /// A source span, as a span of the translation's source map.
    fn src(&self, span: Span) -> Span {
        Span {
            file: FileId(span.file.0 + self.offset),
            ..span
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.out.push(d);
    }

    /// The text of a translation span.
    fn t_text(&self, span: Span) -> &str {
        self.t.sources.slice(span)
    }

    /// The text of a source span.
    fn s_text(&self, span: Span) -> &str {
        self.s.sources.slice(span)
    }

    /// Award items that differ only where the source names an entry that
    /// lost its name in the translation's glossary and the translation
    /// has free text (`[H1 / Sabiduría]` for `[S1 / Wisdom]`, `Sabiduría`
    /// now being `quick-thinking`'s name too): a `duplicate-name` about the
    /// entry for each such item, folded by `check::lost_names`, and no
    /// award or card mismatch. `None` when that is not the difference.
    fn lost_items(
        &self,
        xs: &[&crate::ir::AwardItem],
        ys: &[&crate::ir::AwardItem],
    ) -> Option<Diagnostics> {
        if self.nameless.is_empty() || xs.len() > 64 || ys.len() > 64 {
            return None;
        }
        let mut used = vec![false; ys.len()];
        let mut left = Vec::new();
        for x in xs {
            let pair = (0..ys.len())
                .find(|&j| !used[j] && effect_eq(self.s, &x.effect, self.t, &ys[j].effect));
            match pair {
                Some(j) => used[j] = true,
                None => left.push(self.lost_id(&x.effect)?),
            }
        }
        let rest: Vec<_> = ys.iter().zip(&used).filter(|(_, u)| !**u).collect();
        if left.is_empty()
            || rest.len() != left.len()
            || !rest
                .iter()
                .all(|(y, _)| matches!(y.effect, Effect::FreeText(_)))
        {
            return None;
        }
        Some(
            left.iter()
                .zip(rest)
                .map(|(id, (y, _))| lost_name(y.span, self.t_text(y.span).trim(), id))
                .collect(),
        )
    }

    /// The entry an effect names that lost its name in the translation.
    fn lost_id(&self, x: &Effect) -> Option<crate::ir::Id> {
        let lost = |id: &crate::ir::Id| self.nameless.contains(id.as_str());
        match x {
            Effect::Gain { id, .. } | Effect::Lose(id) => Some(*id).filter(lost),
            Effect::Master(ids) | Effect::Choice(ids) => ids.iter().copied().find(lost),
            _ => None,
        }
    }
}

/// Where the translation still writes the name of an entry its glossary
/// gave another entry's name: folded by `check::lost_names` into the
/// glossary's `duplicate-name`.
fn lost_name(span: Span, written: &str, id: &str) -> Diagnostic {
    Diagnostic::new(
        "duplicate-name",
        span,
        format!("the book still writes `{written}` for `{id}`"),
    )
    .label(format!("`{id}` in the source"))
    .about_entry(id)
}

/// A reference target with matrix rows as positions, so `@L:Lost` and
/// `@L:Perdido` compare equal when they are the same row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Norm {
    Paragraph(u32),
    Row(String, usize),
    Matrix(String),
    Place(String),
    Unresolved(String),
}

fn norm_target(book: &Book, t: &Target) -> Norm {
    match t {
        Target::Paragraph(n) => Norm::Paragraph(*n),
        Target::Matrix(m) if book.matrix(m).is_none() => Norm::Unresolved(t.to_string()),
        Target::Matrix(m) => Norm::Matrix(m.clone()),
        Target::Place(p) if !book.manifest.world.places.iter().any(|x| x.id.value == *p) => {
            Norm::Unresolved(t.to_string())
        }
        Target::Place(p) => Norm::Place(p.clone()),
        Target::Row { matrix, row } => match book.matrix(matrix).and_then(|m| m.row(row)) {
            Some((i, _)) => Norm::Row(matrix.clone(), i),
            None => Norm::Unresolved(t.to_string()),
        },
    }
}

/// The source's target and the translation's are the same, or the
/// translation's leads nowhere: its `dangling-reference` is the one finding
/// of that slip, and the comparison does not report it again.
fn same_target(source: &Norm, translation: &Norm) -> bool {
    matches!(translation, Norm::Unresolved(_)) || source == translation
}

fn same_targets(source: Option<&Norm>, translation: Option<&Norm>) -> bool {
    match (source, translation) {
        (Some(a), Some(b)) => same_target(a, b),
        (a, b) => a == b,
    }
}

/// Two lists of references lead to the same places, in any order.
fn refs_eq(sb: &Book, a: &[crate::ir::Reference], tb: &Book, b: &[crate::ir::Reference]) -> bool {
    let keys = Keys {
        source: |r: &crate::ir::Reference| multiset::target_key(sb, &r.target, false),
        translation: |r: &crate::ir::Reference| multiset::target_key(tb, &r.target, true),
    };
    multiset_eq(a, b, &keys, |x, y| target_eq(sb, &x.target, tb, &y.target))
}

/// Two lists of award items mean the same, in any order.
fn effects_eq<E: std::borrow::Borrow<Effect>>(sb: &Book, a: &[E], tb: &Book, b: &[E]) -> bool {
    let key = |e: &E| Some(multiset::effect_key(tb, e.borrow()));
    let keys = Keys {
        source: key,
        translation: key,
    };
    multiset_eq(a, b, &keys, |x, y| {
        effect_eq(sb, x.borrow(), tb, y.borrow())
    })
}

/// Two targets are the same place: rows compare by position.
fn target_eq(sb: &Book, x: &Target, tb: &Book, y: &Target) -> bool {
    match (x, y) {
        (
            Target::Row {
                matrix: m1,
                row: r1,
            },
            Target::Row {
                matrix: m2,
                row: r2,
            },
        ) => {
            let index = |book: &Book, m: &str, r: &str| {
                book.matrix(m).and_then(|mx| mx.row(r)).map(|(i, _)| i)
            };
            // A row that leads nowhere in the translation is its
            // `dangling-reference`, not reported again here.
            index(tb, m2, r2).is_none()
                || m1 == m2 && index(sb, m1, r1).is_some() && index(sb, m1, r1) == index(tb, m2, r2)
        }
        _ => x == y,
    }
}

/// Two award effects mean the same: free text and notes count by presence,
/// rows by position.
/// The same glossary entry, or two ids the translation's glossary gives
/// one name (its `duplicate-name` finding explains every award that reads
/// the one as the other; they are not reported again, paragraph by
/// paragraph).
fn id_eq(tb: &Book, a: &str, b: &str) -> bool {
    a == b
        || match (tb.glossary.by_id(a), tb.glossary.by_id(b)) {
            (Some(x), Some(y)) => {
                crate::ir::glossary_normalize(&x.name.value)
                    == crate::ir::glossary_normalize(&y.name.value)
            }
            _ => false,
        }
}

/// The names of a choice or of a list at Master level: in any order (`Choice
/// of Wisdom or Piety` says what `A elegir entre Piedad o Sabiduría` says).
fn ids_eq(tb: &Book, a: &[crate::ir::Id], b: &[crate::ir::Id]) -> bool {
    let key = |id: &crate::ir::Id| Some(multiset::id_key(tb, id));
    let keys = Keys {
        source: key,
        translation: key,
    };
    multiset_eq(a, b, &keys, |x, y| id_eq(tb, x, y))
}

fn effect_eq(sb: &Book, x: &Effect, tb: &Book, y: &Effect) -> bool {
    match (x, y) {
        (Effect::FreeText(_), Effect::FreeText(_)) => true,
        (Effect::Lose(a), Effect::Lose(b)) => id_eq(tb, a, b),
        (Effect::Master(a), Effect::Master(b)) | (Effect::Choice(a), Effect::Choice(b)) => {
            ids_eq(tb, a, b)
        }
        (Effect::Gain { id: a, note: na }, Effect::Gain { id: b, note: nb }) => {
            id_eq(tb, a, b)
                && match (na, nb) {
                    (Some(Note::Text(_)), Some(Note::Text(_))) | (None, None) => true,
                    (Some(Note::Turns(p)), Some(Note::Turns(q))) => p == q,
                    _ => false,
                }
        }
        (Effect::Goto(a), Effect::Goto(b)) => target_eq(sb, a, tb, b),
        (Effect::Typed(a), Effect::Typed(b)) => typed_eq(sb, a, tb, b),
        _ => x == y,
    }
}

/// Two typed effects (section 9.3) mean the same: the same form with the
/// same numbers and names (places, levels, entries by id; matrix rows by
/// position, as references compare).
fn typed_eq(sb: &Book, x: &crate::ir::Typed, tb: &Book, y: &crate::ir::Typed) -> bool {
    use crate::ir::Typed;
    match (x, y) {
        (
            Typed::Encounter {
                row: a,
                next_turn: p,
            },
            Typed::Encounter {
                row: b,
                next_turn: q,
            },
        ) => {
            let target = |id: &str| {
                let (m, r) = id.split_once(':').unwrap_or((id, ""));
                Target::Row {
                    matrix: m.into(),
                    row: r.into(),
                }
            };
            p == q && target_eq(sb, &target(&a.id), tb, &target(&b.id))
        }
        (
            Typed::Move {
                way: a,
                by_other: p,
                encounter: e,
                optional: o,
            },
            Typed::Move {
                way: b,
                by_other: q,
                encounter: f,
                optional: r,
            },
        ) => p == q && e == f && o == r && way_eq(sb, a, tb, b),
        (
            Typed::Destination {
                way: a,
                by_other: p,
                arrival: r,
            },
            Typed::Destination {
                way: b,
                by_other: q,
                arrival: t,
            },
        ) => p == q && r == t && way_eq(sb, a, tb, b),
        // A choice's arms, and the names a loss lists, in any order.
        (Typed::ChoiceOf(a), Typed::ChoiceOf(b)) => effects_eq(sb, a, tb, b),
        (
            Typed::Lose {
                loss: crate::ir::Loss::Either(a),
                optional: p,
                by_other: o,
            },
            Typed::Lose {
                loss: crate::ir::Loss::Either(b),
                optional: q,
                by_other: r,
            },
        )
        | (
            Typed::Lose {
                loss: crate::ir::Loss::All(a),
                optional: p,
                by_other: o,
            },
            Typed::Lose {
                loss: crate::ir::Loss::All(b),
                optional: q,
                by_other: r,
            },
        ) => p == q && o == r && names_eq(a, b),
        _ => x == y,
    }
}

/// The names a loss lists, in any order.
fn names_eq(a: &[crate::ir::Named], b: &[crate::ir::Named]) -> bool {
    let key = |m: &crate::ir::Named| Some(m.clone());
    let keys = Keys {
        source: key,
        translation: key,
    };
    multiset_eq(a, b, &keys, |m, n| m == n)
}

/// Two ways mean the same: a space by its position on each book's board
/// (a translated board names it in its language), or by name when a book
/// has none; anything else as it is.
fn way_eq(sb: &Book, x: &crate::ir::Way, tb: &Book, y: &crate::ir::Way) -> bool {
    use crate::ir::Way;
    match (x, y) {
        (Way::To(a), Way::To(b)) if a != b => {
            let place = |book: &Book, id: &str| book.manifest.world.place(id).is_some();
            if place(sb, &a.id) || place(tb, &b.id) {
                return false;
            }
            match (&sb.board, &tb.board) {
                // A space the translation's board lacks is its own
                // `unknown-name` (with the likely space), not reported again.
                (Some(s), Some(t)) => {
                    t.position(&b.id).is_none()
                        || s.position(&a.id).is_some() && s.position(&a.id) == t.position(&b.id)
                }
                // Spaces are not checked without a board: nor compared.
                _ => true,
            }
        }
        _ => x == y,
    }
}
