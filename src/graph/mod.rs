//! The reference graph of a book (FORMAT.md section 8): every way a reader
//! can be sent somewhere, as a petgraph graph. Built once from the IR;
//! references that lead nowhere are collected as `dangling-reference`.
//!
//! A dangling reference usually has a likely fix (`@1010` for `@101`, a
//! row `{Lots}` for `{Lost}`, `@J` for the one matrix nothing uses). The
//! fix is said in the finding's help and added to the graph as a *fix
//! edge*: what only it reaches is counted in that help ("6 paragraphs and 1
//! row are reached only through it") instead of being reported again as
//! unreachable or unused. One mistake, one finding.

mod build;
mod chart_gotos;
mod fixes;
pub(crate) use fixes::go_to_as_written;
mod guess;
mod merge;
mod sections;
mod suggest;
#[cfg(test)]
mod tests;

use crate::diagnostic::Diagnostics;
use crate::ir::Book;
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap;

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
    /// A quest of quests.yaml (its beginning and its steps' awards).
    Quest(usize),
    /// A paragraph, by index into `book.paragraphs`.
    Paragraph(usize),
    /// A chart entry: (paragraph index, entry).
    ChartEntry(usize, usize),
    /// A matrix row: (matrix, row).
    Row(usize, usize),
    /// A matrix cell: (matrix, row, reaction).
    Cell(usize, usize, usize),
    /// A whole matrix, made for a matrix something references whole
    /// (`@K`): an edge to it a reference, and one from it to each of its
    /// rows, so a matrix of 800 rows named 800 times is 1,600 edges, not
    /// 640,000. Never drawn: [`BookGraph::out_edges`] and
    /// [`BookGraph::in_edges`] read through it.
    Matrix(usize),
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
                | Node::Quest(_)
        )
    }
}

/// An edge: a way the book sends a reader, or the likely fix of a dangling
/// reference (a way it would send them once fixed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Real,
    Fix,
}

/// The graph and what lints need to look nodes up.
pub struct BookGraph {
    pub graph: DiGraph<Node, Edge>,
    /// Looked up for every reference, cell and fix: hashed by Fx, not by
    /// `SipHash` (the numbers are the book's, and a map of them is no
    /// attack surface).
    pub paragraphs: FxHashMap<u32, NodeIndex>,
    pub rows: FxHashMap<(usize, usize), NodeIndex>,
    pub places: Vec<NodeIndex>,
    /// Each matrix's [`Node::Matrix`], once something references it whole.
    pub matrices: Vec<Option<NodeIndex>>,
    /// References that lead nowhere (with their likely fix in the help).
    pub dangling: Diagnostics,
    /// Cells whose destiny fan is incomplete, with the help of their likely
    /// fix (a cell number a keystroke away whose fan nothing else reaches,
    /// or a neighbour's header with a typo): (matrix, row, reaction).
    pub cell_fixes: FxHashMap<(usize, usize, usize), String>,
    /// `@N` written in a result paragraph where N is a chart, with the
    /// result paragraph a keystroke off that nothing else reaches, if one
    /// (`go-to-chart`).
    pub chart_gotos: Vec<ChartGoto>,
}

/// A go-to from a result paragraph to a chart ([`BookGraph::chart_gotos`]).
#[derive(Clone, Debug)]
pub struct ChartGoto {
    pub span: crate::span::Span,
    pub chart: u32,
    /// The paragraph likely meant, given a fix edge from the go-to's
    /// paragraph (so it is not reported again as unreachable).
    pub meant: Option<u32>,
    from: NodeIndex,
}

impl BookGraph {
    /// Every node reachable from an entry point, fix edges included: what
    /// a reader would reach once every dangling reference were fixed as
    /// its help says. `unreachable-paragraph` is what this leaves out.
    pub fn reachable(&self) -> Vec<bool> {
        self.reach(true)
    }

    /// Reachable by real edges only, or with fix edges too.
    pub fn reach(&self, with_fixes: bool) -> Vec<bool> {
        let mut seen = vec![false; self.graph.node_count()];
        let mut stack: Vec<NodeIndex> = self
            .graph
            .node_indices()
            .filter(|&n| self.graph[n].is_entry_point())
            .collect();
        for &n in &stack {
            seen[n.index()] = true;
        }
        while let Some(n) = stack.pop() {
            for e in self.graph.edges(n) {
                use petgraph::visit::EdgeRef;
                let to = e.target();
                if (with_fixes || *e.weight() == Edge::Real) && !seen[to.index()] {
                    seen[to.index()] = true;
                    stack.push(to);
                }
            }
        }
        seen
    }

    /// The nodes a reference's target names (a whole matrix: its rows), or
    /// `None` when the book has no such thing. A paragraph of the source
    /// a translation has not reached yet names nothing and is no error.
    pub fn resolve(&self, book: &Book, target: &crate::ir::Target) -> Option<Vec<NodeIndex>> {
        self.targets(book, target).map(smallvec::SmallVec::into_vec)
    }

    /// [`BookGraph::resolve`] without a vector a reference: a paragraph or
    /// a row is one node, kept inline (the graph links every reference of
    /// the book through this).
    pub(crate) fn targets(
        &self,
        book: &Book,
        target: &crate::ir::Target,
    ) -> Option<smallvec::SmallVec<[NodeIndex; 2]>> {
        use crate::ir::Target;
        use smallvec::{SmallVec, smallvec};
        match target {
            Target::Paragraph(n) => match self.paragraphs.get(n) {
                Some(&to) => Some(smallvec![to]),
                None if book.pending.contains_key(n) => Some(SmallVec::new()),
                None => None,
            },
            // A matrix's rows are nodes one after another (made in turn,
            // and no node is taken out), found without a look-up a row (a
            // matrix of 800 rows named 800 times was 29 M instructions of
            // look-ups). The graph links a reference to the matrix's own
            // node instead ([`Node::Matrix`]).
            Target::Matrix(m) => book.matrix_position(m).map(|mi| {
                let rows = book.matrices[mi].rows.len();
                match self.rows.get(&(mi, 0)) {
                    Some(first) => (first.index()..first.index() + rows)
                        .map(NodeIndex::new)
                        .collect(),
                    None => SmallVec::new(),
                }
            }),
            Target::Row { matrix, row } => self.row(book, matrix, row).map(|n| smallvec![n]),
            Target::Place(id) => book
                .manifest
                .world
                .place_position(id)
                .map(|pi| smallvec![self.places[pi]]),
        }
    }

    /// The node of matrix `matrix`'s row `row`, if the book has it.
    pub(crate) fn row(&self, book: &Book, matrix: &str, row: &str) -> Option<NodeIndex> {
        let mi = book.matrix_position(matrix)?;
        let (ri, _) = book.matrices[mi].row(row)?;
        Some(self.rows[&(mi, ri)])
    }

    /// Whether anything sends a reader to a node (fix edges included). A
    /// row's edge from its matrix's node counts when something sends
    /// readers to that node, which is made only for a reference to it.
    pub fn is_used(&self, n: NodeIndex) -> bool {
        use petgraph::Direction::Incoming;
        self.graph.neighbors_directed(n, Incoming).any(|from| {
            !matches!(self.graph[from], Node::Matrix(_))
                || self
                    .graph
                    .neighbors_directed(from, Incoming)
                    .next()
                    .is_some()
        })
    }

    /// The edges out of `n` as a reader follows them, newest first as
    /// petgraph gives a node's edges: an edge to a [`Node::Matrix`] is
    /// an edge to each of its rows, of the weight of the edge into it (its
    /// own edges are real), in the order a reference to each row made them.
    pub fn out_edges(&self, n: NodeIndex) -> Vec<(NodeIndex, Edge)> {
        use petgraph::visit::EdgeRef;
        let mut out = Vec::new();
        for e in self.graph.edges(n) {
            let to = e.target();
            if matches!(self.graph[to], Node::Matrix(_)) {
                out.extend(self.graph.edges(to).map(|r| (r.target(), *e.weight())));
            } else {
                out.push((to, *e.weight()));
            }
        }
        out
    }

    /// The edges into `n` as a reader follows them, newest first: an edge
    /// from a [`Node::Matrix`] is one from each of the nodes that reference
    /// the matrix, placed where each reference was made.
    pub fn in_edges(&self, n: NodeIndex) -> Vec<(NodeIndex, Edge)> {
        use petgraph::Direction::Incoming;
        use petgraph::visit::EdgeRef;
        let mut found = Vec::new();
        for e in self.graph.edges_directed(n, Incoming) {
            let from = e.source();
            if matches!(self.graph[from], Node::Matrix(_)) {
                let by = self.graph.edges_directed(from, Incoming);
                found.extend(by.map(|x| (x.id(), x.source(), *x.weight())));
            } else {
                found.push((e.id(), from, *e.weight()));
            }
        }
        // Edges are numbered as they are made.
        found.sort_unstable_by_key(|&(id, _, _)| std::cmp::Reverse(id));
        found.into_iter().map(|(_, from, w)| (from, w)).collect()
    }

    /// The node of matrix `mi` as a whole, made (with its edges to its
    /// rows) the first time it is asked for; `None` for a matrix of no
    /// rows, which a reference sends readers nowhere in.
    pub(crate) fn matrix_node(&mut self, book: &Book, mi: usize) -> Option<NodeIndex> {
        if let Some(n) = self.matrices[mi] {
            return Some(n);
        }
        let rows = book.matrices[mi].rows.len();
        if rows == 0 {
            return None;
        }
        let n = self.graph.add_node(Node::Matrix(mi));
        for r in 0..rows {
            self.graph.add_edge(n, self.rows[&(mi, r)], Edge::Real);
        }
        self.matrices[mi] = Some(n);
        Some(n)
    }
}

pub fn build(book: &Book) -> BookGraph {
    build_walked(book).0
}

/// [`build`], and (with a board) every paragraph's typed award items in
/// the book's order, found on the walk that links them: what may name a
/// space of the board, without a walk of every paragraph of its own.
pub fn build_walked(book: &Book) -> (BookGraph, Vec<&crate::ir::AwardItem>) {
    let mut b = build::Builder::new(book);
    b.nodes();
    b.edges();
    let sections = std::mem::take(&mut b.sections);
    let typed = std::mem::take(&mut b.typed);
    let mut g = b.finish();
    sections::check(book, &sections, &mut g.dangling);
    (g, typed)
}
