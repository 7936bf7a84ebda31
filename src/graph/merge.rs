//! One missing target, one finding. Three references to a paragraph 201
//! that does not exist are one mistake: the finding is the first reference,
//! the others its secondary labels. When a paragraph one digit off exists
//! that nothing reaches (`-2011-`), the header is the mistake, not the
//! references that agree with each other: the finding moves to the header.

use super::BookGraph;
use super::fixes::{Only, Pending, What};
use crate::diagnostic::{Diagnostic, Label};
use crate::ir::{Book, Target};
use crate::span::Span;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

/// The references a folded finding shows as labels at most (the message
/// gives their number): a name misspelt in a thousand places is one
/// finding of a readable size.
const MAX_LABELS: usize = 8;

/// What a dangling reference misses: references with the same key are one
/// finding.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Key {
    Paragraph(u32),
    Matrix(String),
    Row(String, String),
    Place(String),
}

pub(super) fn key(book: &Book, what: &What) -> Option<Key> {
    match what {
        What::Cell(n, _) if book.paragraph_kind(*n).is_none() => Some(Key::Paragraph(*n)),
        What::Cell(..) | What::Fan(..) => None,
        What::Reference(t) => Some(match t {
            Target::Paragraph(n) => Key::Paragraph(*n),
            Target::Matrix(m) => Key::Matrix(m.clone()),
            Target::Row { matrix, row } if book.matrix(matrix).is_some() => {
                Key::Row(matrix.clone(), crate::ir::glossary_normalize(row))
            }
            Target::Row { matrix, .. } => Key::Matrix(matrix.clone()),
            Target::Place(id) => Key::Place(id.clone()),
        }),
    }
}

/// A definition that is the likely mistake: the references agree with each
/// other on a name nothing defines, and a definition of a close name is
/// named by nothing.
pub(super) struct Def {
    /// The definition's name, where it is written.
    pub(super) span: Span,
    pub(super) kind: DefKind,
    /// Its name as written, and as the references spell it.
    pub(super) name: String,
    pub(super) meant: String,
}

pub(super) enum DefKind {
    Header,
    /// A row, of the matrix of that letter.
    Row(String),
    Matrix,
    Place,
}

/// For each key, the finding that stands for the group (the first in
/// source order) and how many findings the group has.
pub(super) fn representatives(
    g: &BookGraph,
    pending: &[Pending],
    keys: &[Option<Key>],
) -> HashMap<Key, (usize, usize)> {
    let at = |diag: usize| {
        let s = g.dangling[diag].primary.span;
        (s.file.0, s.start)
    };
    let mut reps: HashMap<Key, (usize, usize)> = HashMap::new();
    for (p, key) in pending.iter().zip(keys) {
        let Some(key) = key else { continue };
        reps.entry(key.clone())
            .and_modify(|(rep, size)| {
                *size += 1;
                if at(p.diag) < at(*rep) {
                    *rep = p.diag;
                }
            })
            .or_insert((p.diag, 1));
    }
    reps
}

/// Fold each group into its representative (`also`: representative,
/// member), move it to a definition that is the likely mistake (`defs`, by
/// representative), and say what only each fix reaches.
pub(super) fn merge(
    g: &mut BookGraph,
    also: &[(usize, usize)],
    defs: &HashMap<usize, Def>,
    only: &Only,
) {
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(rep, member) in also {
        groups.entry(rep).or_default().push(member);
    }
    for (&rep, members) in &groups {
        let spans: Vec<_> = members
            .iter()
            .map(|&m| g.dangling[m].primary.span)
            .collect();
        let d = &mut g.dangling[rep];
        if let Some(def) = defs.get(&rep) {
            let mut refs = vec![d.primary.span];
            refs.extend(spans);
            at_definition(d, def, refs);
        } else {
            d.message = format!("{} ({} references lead there)", d.message, spans.len() + 1);
            for span in spans.into_iter().take(MAX_LABELS - 1) {
                d.secondary.push(Label {
                    span,
                    text: "also leads there".to_owned(),
                });
            }
        }
    }
    for (&diag, (count, words)) in only {
        let Some(help) = &mut g.dangling[diag].help else {
            continue;
        };
        // A definition's typo already says that nothing else reaches it.
        let definition = help.starts_with("is the header") || defs.contains_key(&diag);
        if !(definition && *count == 1) {
            let verb = if *count == 1 { "is" } else { "are" };
            let _ = write!(help, " ({words} {verb} reached only through it)");
        }
    }
    let gone: HashSet<usize> = also.iter().map(|&(_, m)| m).collect();
    let mut i = 0;
    g.dangling.retain(|_| {
        i += 1;
        !gone.contains(&(i - 1))
    });
}

/// The finding moved to the definition, the references as its labels.
fn at_definition(d: &mut Diagnostic, def: &Def, refs: Vec<Span>) {
    let (name, meant, count) = (&def.name, &def.meant, refs.len());
    let (message, label, help, names) = match &def.kind {
        DefKind::Header => (
            format!(
                "the header `-{name}-` looks like a typo for `-{meant}-`: {count} references lead to paragraph {meant}, which does not exist"
            ),
            format!("probably `-{meant}-`"),
            format!("renumber it `-{meant}-`; nothing else reaches paragraph {name}"),
            format!("leads to {meant}"),
        ),
        DefKind::Row(letter) => (
            format!(
                "row `{name}` of matrix {letter} looks like a typo for `{meant}`: {count} references name row `{meant}`, which does not exist"
            ),
            format!("probably `{meant}`"),
            format!("rename it `{meant}`; nothing else names row `{name}`"),
            format!("names `{meant}`"),
        ),
        DefKind::Matrix => (
            format!(
                "matrix `{name}` looks like a typo for `{meant}`: {count} references name matrix {meant}, which does not exist"
            ),
            format!("probably `{meant}`"),
            format!("rename it `{meant}`; nothing else names matrix {name}"),
            format!("names matrix {meant}"),
        ),
        DefKind::Place => (
            format!(
                "place `{name}` looks like a typo for `{meant}`: {count} references name place `{meant}`, which does not exist"
            ),
            format!("probably `{meant}`"),
            format!("rename it `{meant}`; nothing else names place `{name}`"),
            format!("names `{meant}`"),
        ),
    };
    d.message = message;
    d.primary = Label {
        span: def.span,
        text: label,
    };
    d.secondary = refs
        .into_iter()
        .take(MAX_LABELS)
        .map(|span| Label {
            span,
            text: names.clone(),
        })
        .collect();
    d.help = Some(help);
}
