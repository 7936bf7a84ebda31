//! What every span of a book names: a paragraph, a matrix row or matrix, a
//! place, a glossary entry. Made once per check from the IR; definition,
//! references and hover look a position up in it.

use crate::ir::{Book, ChartTarget, Effect, LabelKind, ParagraphBody, Reference, Target};
use crate::span::Span;

/// A thing a book names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    Paragraph(u32),
    Row {
        matrix: String,
        row: String,
    },
    Matrix(String),
    Place(String),
    /// A skill, status or treasure, by glossary id.
    Entry(crate::ir::Id),
}

impl Symbol {
    pub fn of(target: &Target) -> Symbol {
        match target {
            Target::Paragraph(n) => Symbol::Paragraph(*n),
            Target::Row { matrix, row } => Symbol::Row {
                matrix: matrix.clone(),
                row: row.clone(),
            },
            Target::Matrix(m) => Symbol::Matrix(m.clone()),
            Target::Place(p) => Symbol::Place(p.clone()),
        }
    }
}

/// One place a symbol is written: its definition (a header, a row name,
/// a glossary id) or a use. A matrix cell is a use of its paragraph N
/// (`cell` set: N-1 and N+1 are reached through it too).
#[derive(Clone, Debug)]
pub struct Occurrence {
    pub span: Span,
    pub symbol: Symbol,
    pub definition: bool,
    pub cell: bool,
}

/// Every occurrence in a book, sorted by file and start.
pub struct Occurrences(Vec<Occurrence>);

impl Occurrences {
    pub fn of(book: &Book) -> Occurrences {
        let mut v = Vec::new();
        let mut add = |span: Span, symbol: Symbol, definition: bool, cell: bool| {
            v.push(Occurrence {
                span,
                symbol,
                definition,
                cell,
            });
        };
        paragraphs(book, &mut add);
        tables(book, &mut add);
        v.sort_by_key(|o| (o.span.file, o.span.start, o.span.end));
        Occurrences(v)
    }

    /// The innermost occurrence at a byte offset of a file.
    pub fn at(&self, file: crate::span::FileId, offset: usize) -> Option<&Occurrence> {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        let end = self
            .0
            .partition_point(|o| (o.span.file, o.span.start) <= (file, offset));
        self.0[..end]
            .iter()
            .rev()
            .take_while(|o| o.span.file == file)
            .filter(|o| o.span.start <= offset && offset <= o.span.end)
            .min_by_key(|o| o.span.end - o.span.start)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Occurrence> {
        self.0.iter()
    }
}

type Add<'a> = dyn FnMut(Span, Symbol, bool, bool) + 'a;

fn reference(add: &mut Add, r: &Reference) {
    add(r.span, Symbol::of(&r.target), false, false);
}

fn paragraphs(book: &Book, add: &mut Add) {
    for p in &book.paragraphs {
        add(p.header, Symbol::Paragraph(p.number), true, false);
        if let ParagraphBody::Chart(c) = &p.body {
            for e in &c.entries {
                match &e.target {
                    ChartTarget::Row { matrix, row } => {
                        add(
                            matrix.span,
                            Symbol::Matrix(matrix.value.clone()),
                            false,
                            false,
                        );
                        let symbol = Symbol::Row {
                            matrix: matrix.value.clone(),
                            row: row.value.clone(),
                        };
                        add(row.span, symbol, false, false);
                    }
                    ChartTarget::Paragraph(r) => reference(add, r),
                    ChartTarget::None => {}
                }
            }
        }
        for n in p.nodes() {
            n.refs.iter().for_each(|r| reference(add, r));
            for item in n.awards.iter().flat_map(|a| &a.items) {
                let ids: &[crate::ir::Id] = match &item.effect {
                    Effect::Gain { id, .. } | Effect::Lose(id) => std::slice::from_ref(id),
                    Effect::Master(ids) | Effect::Choice(ids) => ids,
                    _ => &[],
                };
                for id in ids {
                    add(item.span, Symbol::Entry(*id), false, false);
                }
            }
        }
        for b in p.blocks() {
            for label in b.arms.iter().flat_map(crate::ir::Arm::labels) {
                if let LabelKind::Entry(id) | LabelKind::Master(id) = &label.kind {
                    add(label.span, Symbol::Entry(*id), false, false);
                }
            }
        }
    }
}

fn tables(book: &Book, add: &mut Add) {
    for m in &book.matrices {
        add(
            m.letter.span,
            Symbol::Matrix(m.letter.value.clone()),
            true,
            false,
        );
        for row in &m.rows {
            let symbol = Symbol::Row {
                matrix: m.letter.value.clone(),
                row: row.name.value.clone(),
            };
            add(row.name.span, symbol, true, false);
            for cell in row.cells.iter().flatten() {
                add(cell.span, Symbol::Paragraph(cell.value), false, true);
            }
        }
    }
    for e in &book.glossary.entries {
        add(e.id.span, Symbol::Entry(e.id.value), true, false);
        if let Some(r) = &e.encounters {
            reference(add, r);
        }
    }
    for p in &book.manifest.world.places {
        add(p.id.span, Symbol::Place(p.id.value.clone()), true, false);
        if let Some(r) = &p.paragraph {
            reference(add, r);
        }
    }
    let cards = &book.cards;
    for c in &cards.character {
        for r in [&c.morning, &c.noon, &c.night].into_iter().flatten() {
            reference(add, r);
        }
    }
    for t in &cards.terrain {
        t.entries.iter().for_each(|(_, r)| reference(add, r));
    }
    for c in &cards.city {
        if let Some(r) = &c.paragraph {
            reference(add, r);
        }
        for (_, award) in &c.results {
            for item in &award.items {
                if let Effect::Goto(t) = &item.effect {
                    add(item.span, Symbol::of(t), false, false);
                }
            }
        }
    }
}
