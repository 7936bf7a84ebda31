//! The reference graph of a book (FORMAT.md section 8): every way a reader
//! can be sent somewhere, as a petgraph graph. Built once from the IR;
//! references that lead nowhere are collected as `dangling-reference`.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::{Award, Book, ChartTarget, Effect, Reference, Target};
use crate::span::Span;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::Dfs;
use std::collections::HashMap;

/// What a node of the graph stands for (indices into the IR).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    CharacterCard(usize),
    TerrainCard(usize),
    CityCard(usize),
    /// A city card's die result: (card, result).
    CityResult(usize, usize),
    Place(usize),
    Status(usize),
    /// A paragraph, by index into `book.paragraphs`.
    Paragraph(usize),
    /// A chart entry: (paragraph index, entry).
    ChartEntry(usize, usize),
    /// A matrix row: (matrix, row).
    Row(usize, usize),
    /// A matrix cell: (matrix, row, reaction).
    Cell(usize, usize, usize),
}

impl Node {
    /// Where readers start: cards, places of power, status encounters.
    pub fn is_entry_point(self) -> bool {
        matches!(
            self,
            Node::CharacterCard(_)
                | Node::TerrainCard(_)
                | Node::CityCard(_)
                | Node::Place(_)
                | Node::Status(_)
        )
    }
}

/// The graph and what lints need to look nodes up.
pub struct BookGraph {
    pub graph: DiGraph<Node, ()>,
    pub paragraphs: HashMap<u32, NodeIndex>,
    pub rows: HashMap<(usize, usize), NodeIndex>,
    pub places: Vec<NodeIndex>,
    /// References that lead nowhere.
    pub dangling: Diagnostics,
}

impl BookGraph {
    /// Every node reachable from an entry point.
    pub fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.graph.node_count()];
        let mut dfs = Dfs::empty(&self.graph);
        for n in self.graph.node_indices() {
            if self.graph[n].is_entry_point() && !seen[n.index()] {
                dfs.move_to(n);
                while let Some(v) = dfs.next(&self.graph) {
                    seen[v.index()] = true;
                }
            }
        }
        seen
    }
}

pub fn build(book: &Book) -> BookGraph {
    let mut b = Builder {
        book,
        g: BookGraph {
            graph: DiGraph::new(),
            paragraphs: HashMap::new(),
            rows: HashMap::new(),
            places: Vec::new(),
            dangling: Vec::new(),
        },
    };
    b.nodes();
    b.edges();
    b.g
}

struct Builder<'a> {
    book: &'a Book,
    g: BookGraph,
}

impl Builder<'_> {
    fn add(&mut self, n: Node) -> NodeIndex {
        self.g.graph.add_node(n)
    }

    fn nodes(&mut self) {
        let book = self.book;
        for (i, p) in book.paragraphs.iter().enumerate() {
            if book.index.get(&p.number) == Some(&i) {
                let n = self.add(Node::Paragraph(i));
                self.g.paragraphs.insert(p.number, n);
            }
        }
        for (m, matrix) in book.matrices.iter().enumerate() {
            for r in 0..matrix.rows.len() {
                let n = self.add(Node::Row(m, r));
                self.g.rows.insert((m, r), n);
            }
        }
        for i in 0..book.manifest.world.places.len() {
            let n = self.add(Node::Place(i));
            self.g.places.push(n);
        }
    }

    fn edges(&mut self) {
        let book = self.book;
        for (i, c) in book.cards.character.iter().enumerate() {
            let n = self.add(Node::CharacterCard(i));
            for r in [&c.morning, &c.noon, &c.night].into_iter().flatten() {
                self.link(n, r);
            }
        }
        for (i, c) in book.cards.terrain.iter().enumerate() {
            let n = self.add(Node::TerrainCard(i));
            for (_, r) in &c.entries {
                self.link(n, r);
            }
        }
        let spaces = &book.manifest.world.spaces;
        for (i, c) in book.cards.city.iter().enumerate() {
            let n = self.add(Node::CityCard(i));
            if !spaces.is_empty()
                && !spaces
                    .iter()
                    .any(|s| crate::text::eq_ci(&s.name.value, &c.city.value))
            {
                self.g.dangling.push(
                    Diagnostic::new(
                        "dangling-reference",
                        c.city.span,
                        format!(
                            "city card names `{}`, which is no space of the board",
                            c.city.value
                        ),
                    )
                    .label("no such city")
                    .with_help("add the city to book.yaml `world: spaces:` or fix the name"),
                );
            }
            if let Some(r) = &c.paragraph {
                self.link(n, r);
            }
            for (j, (_, award)) in c.results.iter().enumerate() {
                let rn = self.add(Node::CityResult(i, j));
                self.g.graph.add_edge(n, rn, ());
                self.link_award(rn, award);
            }
        }
        for (i, p) in book.manifest.world.places.iter().enumerate() {
            let n = self.g.places[i];
            match &p.paragraph {
                Some(r) => self.link(n, r),
                None => self.g.dangling.push(
                    Diagnostic::new(
                        "dangling-reference",
                        p.id.span,
                        format!("place of power `{}` has no paragraph", p.id.value),
                    )
                    .label("leads nowhere")
                    .with_help("give the place a `paragraph:` where its encounter starts"),
                ),
            }
            if let Some(exit) = &p.exit {
                if !spaces.is_empty()
                    && !spaces
                        .iter()
                        .any(|s| crate::text::eq_ci(&s.name.value, &exit.value))
                {
                    self.g.dangling.push(
                        Diagnostic::new(
                            "dangling-reference",
                            exit.span,
                            format!("exit `{}` is no space of the board", exit.value),
                        )
                        .label("no such space")
                        .with_help("name a space of book.yaml `world: spaces:`"),
                    );
                }
            }
        }
        if let Some(start) = &book.manifest.rules.start {
            if !spaces.is_empty()
                && !spaces
                    .iter()
                    .any(|s| crate::text::eq_ci(&s.name.value, &start.value))
            {
                self.g.dangling.push(
                    Diagnostic::new(
                        "dangling-reference",
                        start.span,
                        format!("start `{}` is no space of the board", start.value),
                    )
                    .label("no such space")
                    .with_help("name a space of book.yaml `world: spaces:`"),
                );
            }
        }
        for (i, e) in book.glossary.entries.iter().enumerate() {
            if let Some(r) = &e.encounters {
                let n = self.add(Node::Status(i));
                self.link(n, r);
            }
        }
        for (i, p) in book.paragraphs.iter().enumerate() {
            let Some(&pn) = self.g.paragraphs.get(&p.number) else {
                continue;
            };
            if book.index.get(&p.number) != Some(&i) {
                continue;
            }
            if let crate::ir::ParagraphBody::Chart(chart) = &p.body {
                for (j, entry) in chart.entries.iter().enumerate() {
                    let en = self.add(Node::ChartEntry(i, j));
                    self.g.graph.add_edge(pn, en, ());
                    match &entry.target {
                        ChartTarget::Row { matrix, row } => {
                            let r = Reference {
                                target: Target::Row {
                                    matrix: matrix.value.clone(),
                                    row: row.value.clone(),
                                },
                                span: row.span,
                            };
                            self.link(en, &r);
                        }
                        ChartTarget::Paragraph(r) => self.link(en, r),
                        ChartTarget::None => {}
                    }
                }
            }
            for r in p.references() {
                self.link(pn, r);
            }
        }
        for (m, matrix) in book.matrices.iter().enumerate() {
            for (r, row) in matrix.rows.iter().enumerate() {
                let rn = self.g.rows[&(m, r)];
                for (c, cell) in row.cells.iter().enumerate() {
                    let Some(cell) = cell else { continue };
                    let cn = self.add(Node::Cell(m, r, c));
                    self.g.graph.add_edge(rn, cn, ());
                    for n in [
                        cell.value.checked_sub(1),
                        Some(cell.value),
                        cell.value.checked_add(1),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        if let Some(&pn) = self.g.paragraphs.get(&n) {
                            self.g.graph.add_edge(cn, pn, ());
                        }
                    }
                }
            }
        }
    }

    fn link_award(&mut self, from: NodeIndex, award: &Award) {
        for item in &award.items {
            match &item.effect {
                Effect::Goto(t) => {
                    let r = Reference {
                        target: t.clone(),
                        span: item.span,
                    };
                    self.link(from, &r);
                }
                Effect::FreeText(s) if s.contains('@') => {
                    for (i, _) in s.match_indices('@') {
                        if let Some((t, len)) = crate::syntax::reference::reference_at(&s[i..]) {
                            let span = Span::new(
                                item.span.file,
                                item.span.start as usize + i,
                                item.span.start as usize + i + len,
                            );
                            self.link(from, &Reference { target: t, span });
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Add the edges a reference makes, or report it as dangling.
    fn link(&mut self, from: NodeIndex, r: &Reference) {
        let book = self.book;
        let needs = match &r.target {
            Target::Paragraph(_) => Needs::PARAGRAPHS,
            Target::Matrix(_) | Target::Row { .. } => Needs::MATRICES,
            Target::Place(_) => Needs::MANIFEST,
        };
        let fail = |msg: String, help: String| {
            Diagnostic::new("dangling-reference", r.span, msg)
                .label("leads nowhere")
                .with_help(help)
                .needs(needs)
        };
        match &r.target {
            Target::Paragraph(n) => match self.g.paragraphs.get(n) {
                Some(&to) => {
                    self.g.graph.add_edge(from, to, ());
                }
                None if book.pending.contains_key(n) => {}
                None => self.g.dangling.push(fail(
                    format!("paragraph {n} does not exist"),
                    nearest_help(book, *n),
                )),
            },
            Target::Matrix(m) => match book.matrix_position(m) {
                Some(mi) => {
                    for ri in 0..book.matrices[mi].rows.len() {
                        let to = self.g.rows[&(mi, ri)];
                        self.g.graph.add_edge(from, to, ());
                    }
                }
                None => self.g.dangling.push(fail(
                    format!("matrix {m} does not exist"),
                    matrices_help(book),
                )),
            },
            Target::Row { matrix, row } => match book.matrix_position(matrix) {
                Some(mi) => {
                    if let Some((ri, _)) = book.matrices[mi].row(row) {
                        let to = self.g.rows[&(mi, ri)];
                        self.g.graph.add_edge(from, to, ());
                    } else {
                        let names: Vec<&str> = book.matrices[mi]
                            .rows
                            .iter()
                            .map(|r| r.name.value.as_str())
                            .collect();
                        let close = names.iter().find(|n| {
                            crate::text::edit_distance(&n.to_lowercase(), &row.to_lowercase()) <= 2
                        });
                        let help = match close {
                            Some(n) => format!("did you mean `{n}`?"),
                            None => format!("the rows of matrix {matrix} are {}", names.join(", ")),
                        };
                        self.g
                            .dangling
                            .push(fail(format!("matrix {matrix} has no row `{row}`"), help));
                    }
                }
                None => self.g.dangling.push(fail(
                    format!("matrix {matrix} does not exist"),
                    matrices_help(book),
                )),
            },
            Target::Place(id) => {
                if let Some(pi) = book
                    .manifest
                    .world
                    .places
                    .iter()
                    .position(|p| p.id.value == *id)
                {
                    let to = self.g.places[pi];
                    self.g.graph.add_edge(from, to, ());
                } else {
                    let ids: Vec<&str> = book
                        .manifest
                        .world
                        .places
                        .iter()
                        .map(|p| p.id.value.as_str())
                        .collect();
                    let help = if ids.is_empty() {
                        "places of power are listed in book.yaml under `world: places:`".to_owned()
                    } else {
                        format!("the places of this book are {}", ids.join(", "))
                    };
                    self.g
                        .dangling
                        .push(fail(format!("place `{id}` does not exist"), help));
                }
            }
        }
    }
}

fn matrices_help(book: &Book) -> String {
    let letters: Vec<&str> = book
        .matrices
        .iter()
        .map(|m| m.letter.value.as_str())
        .collect();
    if letters.is_empty() {
        "matrices are defined in matrices.yaml".to_owned()
    } else {
        format!("the matrices of this book are {}", letters.join(", "))
    }
}

fn nearest_help(book: &Book, n: u32) -> String {
    let near: Vec<String> = [
        n.checked_sub(1),
        n.checked_add(1),
        Some(n / 10),
        n.checked_mul(10),
    ]
    .into_iter()
    .flatten()
    .filter(|m| *m != n && book.index.contains_key(m))
    .map(|m| m.to_string())
    .collect();
    if near.is_empty() {
        format!("write paragraph {n}, or fix the number")
    } else {
        format!(
            "write paragraph {n}, or fix the number (paragraph {} exists)",
            near.join(" and ")
        )
    }
}
