//! Building the graph: one node per paragraph, row, place, card, city
//! result, status, chart entry and cell, and one per matrix referenced
//! whole; one edge per way a reader is sent.

use super::fixes::Pending;
use super::{BookGraph, Edge, Node};
use crate::diagnostic::{Diagnostic, Needs};
use crate::ir::{Award, AwardItem, Book, ChartTarget, Effect, Reference, Target};
use crate::span::Span;
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::{FxBuildHasher, FxHashMap};

pub(super) struct Builder<'a> {
    pub(super) book: &'a Book,
    pub(super) g: BookGraph,
    /// Dangling references waiting for their likely fix.
    pub(super) pending: Vec<Pending>,
    /// A dangling target already reported from a node: its finding, and how
    /// many more times the node names it (reported once, with the count).
    repeats: FxHashMap<(NodeIndex, Target), (usize, usize)>,
    /// Each paragraph's go-to-with-a-section items (its index, the item),
    /// found on the walk that links its awards, for [`super::sections`]:
    /// a walk of every paragraph's nodes of its own cost as much again.
    pub(super) sections: Vec<(usize, &'a AwardItem)>,
    /// With a board, the paragraphs' typed items (at any depth, under a
    /// condition or a choice), which may name a space: found on the same
    /// walk, for the board-name check.
    pub(super) typed: Vec<&'a AwardItem>,
    /// The comparisons left for the likely spaces of names that are none
    /// ([`Builder::space_help`]): thousands of city cards naming no space
    /// of a board of thousands stay linear, past it without a "did you
    /// mean".
    space_budget: std::cell::Cell<usize>,
}

impl<'a> Builder<'a> {
    pub(super) fn new(book: &'a Book) -> Self {
        // Sized for a node a paragraph, a matrix row and a cell, about two
        // edges a paragraph and four a cell (its row's, and N-1, N, N+1):
        // grown from empty, they were copied at each doubling.
        let rows: usize = book.matrices.iter().map(|m| m.rows.len()).sum();
        let cells: usize = (book.matrices.iter())
            .flat_map(|m| &m.rows)
            .map(|r| r.cells.iter().flatten().count())
            .sum();
        let paragraphs = book.paragraphs.len();
        Builder {
            book,
            g: BookGraph {
                graph: DiGraph::with_capacity(
                    paragraphs + rows + cells,
                    2 * paragraphs + 4 * cells,
                ),
                paragraphs: FxHashMap::with_capacity_and_hasher(paragraphs, FxBuildHasher),
                rows: FxHashMap::default(),
                places: Vec::new(),
                matrices: vec![None; book.matrices.len()],
                dangling: Vec::new(),
                cell_fixes: FxHashMap::default(),
                chart_gotos: Vec::new(),
            },
            pending: Vec::new(),
            space_budget: std::cell::Cell::new(1 << 18),
            repeats: FxHashMap::default(),
            sections: Vec::new(),
            typed: Vec::new(),
        }
    }

    fn add(&mut self, n: Node) -> NodeIndex {
        self.g.graph.add_node(n)
    }

    pub(super) fn edge(&mut self, from: NodeIndex, to: NodeIndex) {
        self.g.graph.add_edge(from, to, Edge::Real);
    }

    pub(super) fn nodes(&mut self) {
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

    pub(super) fn edges(&mut self) {
        self.cards();
        self.places();
        let book = self.book;
        for (i, e) in book.glossary.entries.iter().enumerate() {
            let mut by_rules = crate::ir::rules::references(&e.rules).peekable();
            if e.encounters.is_none() && by_rules.peek().is_none() {
                continue;
            }
            let n = self.add(Node::Status(i));
            for r in e.encounters.iter().chain(by_rules) {
                self.link(n, r);
            }
        }
        for (i, q) in book.quests.iter().enumerate() {
            let awards: Vec<&Award> = q
                .begins
                .iter()
                .chain(q.steps.iter().filter_map(|s| s.award.as_ref()))
                .collect();
            if awards
                .iter()
                .any(|a| a.items.iter().any(|i| refers(&i.effect)))
            {
                let n = self.add(Node::Quest(i));
                for a in awards {
                    self.link_award(n, a);
                }
            }
        }
        self.paragraph_edges();
        self.cells();
    }

    fn cards(&mut self) {
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
        for (i, c) in book.cards.city.iter().enumerate() {
            let n = self.add(Node::CityCard(i));
            if let Some(d) = self.not_a_city(&c.city) {
                self.g.dangling.push(d);
            } else if !self.is_space(&c.city.value) {
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
                    .with_help(self.space_help(&c.city.value)),
                );
            }
            if let Some(r) = &c.paragraph {
                self.link(n, r);
            }
            for (j, (_, award)) in c.results.iter().enumerate() {
                let rn = self.add(Node::CityResult(i, j));
                self.edge(n, rn);
                self.link_award(rn, award);
            }
        }
    }

    /// The likely fix of a name that is no space: the closest space, or
    /// where spaces are listed.
    fn space_help(&self, name: &str) -> String {
        let mut budget = self.space_budget.get();
        let spaces = &self.book.manifest.world.spaces;
        let (close, file) = match &self.book.board {
            Some(board) => (
                board.close_within(name, &mut budget),
                "board.yaml `spaces:`",
            ),
            None => (
                crate::text::close_name_within(
                    &mut budget,
                    spaces.len(),
                    spaces.iter().map(|s| s.name.value.as_str()),
                    name,
                ),
                "book.yaml `world: spaces:`",
            ),
        };
        self.space_budget.set(budget);
        match close {
            Some(c) => format!("did you mean `{c}`?"),
            None => format!("name a space of {file}, or add it there"),
        }
    }

    /// A city card's space on the board that is no city (`board-not-a-city`).
    fn not_a_city(&self, city: &crate::span::Spanned<String>) -> Option<Diagnostic> {
        let space = self.book.board.as_ref()?.space(&city.value)?;
        if space.has_terrain("city") {
            return None;
        }
        let what = space
            .terrain
            .as_ref()
            .map_or("a place of power".to_owned(), |t| {
                format!("a {} space", t.value)
            });
        Some(
            Diagnostic::new(
                "board-not-a-city",
                city.span,
                format!("city card names `{}`, {what}, not a city", city.value),
            )
            .label("not a city")
            .with_help("name a city of board.yaml, or give the space `terrain: city`"),
        )
    }

    /// Whether a name is a space of the board: of board.yaml (places of
    /// power included) when the book has one, else of book.yaml
    /// `world.spaces` (always, when the book lists no spaces).
    fn is_space(&self, name: &str) -> bool {
        if let Some(board) = &self.book.board {
            return board.position(name).is_some();
        }
        let spaces = &self.book.manifest.world.spaces;
        spaces.is_empty() || self.book.manifest.world.space_named(name).is_some()
    }

    fn places(&mut self) {
        let book = self.book;
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
            if let Some(exit) = &p.exit
                && !self.is_space(&exit.value)
            {
                self.g.dangling.push(no_space(
                    exit.span,
                    "exit",
                    &exit.value,
                    self.space_help(&exit.value),
                ));
            }
        }
        if let Some(start) = &book.manifest.rules.start
            && !self.is_space(&start.value)
        {
            self.g.dangling.push(no_space(
                start.span,
                "start",
                &start.value,
                self.space_help(&start.value),
            ));
        }
    }

    fn paragraph_edges(&mut self) {
        let book = self.book;
        for (i, p) in book.paragraphs.iter().enumerate() {
            let pn = self.g.paragraphs.get(&p.number).copied();
            let Some(pn) = pn.filter(|_| book.index.get(&p.number) == Some(&i)) else {
                // Not in the graph (a second paragraph of its number): its
                // go-to items are still checked.
                for award in p.nodes().flat_map(|b| b.awards.iter()) {
                    self.note_items(i, award);
                }
                continue;
            };
            if let crate::ir::ParagraphBody::Chart(chart) = &p.body {
                for (j, entry) in chart.entries.iter().enumerate() {
                    let en = self.add(Node::ChartEntry(i, j));
                    self.edge(pn, en);
                    match &entry.target {
                        ChartTarget::Row { matrix, row } => {
                            if let Some(to) = self.g.row(book, &matrix.value, &row.value) {
                                self.edge(en, to);
                                continue;
                            }
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
            // A chart entry's reference is linked from its entry, above
            // (linked again from the paragraph, one `@405` was "2
            // references").
            for r in p.nodes().flat_map(|b| b.refs.iter()) {
                self.link(pn, r);
                if let Target::Paragraph(n) = r.target
                    && !p.is_chart()
                    && book.paragraph_kind(n) == Some(true)
                {
                    self.g
                        .chart_gotos
                        .push(super::ChartGoto::new(pn, r.span, n));
                }
            }
            for award in p.nodes().flat_map(|b| b.awards.iter()) {
                self.link_rows(pn, award);
                self.note_items(i, award);
            }
        }
    }

    /// Keep paragraph `i`'s go-to-with-a-section items of `award`, and with
    /// a board its typed ones.
    fn note_items(&mut self, i: usize, award: &'a Award) {
        let board = self.book.board.is_some();
        for item in &award.items {
            match item.effect {
                Effect::GotoSection { .. } => self.sections.push((i, item)),
                Effect::Typed(_) | Effect::When { .. } | Effect::BySex { .. } if board => {
                    self.typed.push(item);
                }
                _ => {}
            }
        }
    }

    /// Edges to the matrix rows an award's typed effects encounter, at any
    /// depth. Their names were checked where they are written
    /// (`unknown-name`), so an unknown one makes no edge and no second
    /// finding here.
    fn link_rows(&mut self, from: NodeIndex, award: &Award) {
        let mut rows = Vec::new();
        for item in &award.items {
            encounter_rows(&item.effect, &mut rows);
        }
        for t in rows {
            for to in self.g.resolve(self.book, &t).unwrap_or_default() {
                self.edge(from, to);
            }
        }
    }

    /// Each cell to its paragraphs N-1, N, N+1. A cell whose own paragraph
    /// N is missing (or a chart) is one dangling reference, on the cell:
    /// its neighbours are not reported again (`missing-destiny-neighbour`
    /// leaves such cells alone).
    fn cells(&mut self) {
        let book = self.book;
        for (m, matrix) in book.matrices.iter().enumerate() {
            for (r, row) in matrix.rows.iter().enumerate() {
                let rn = self.g.rows[&(m, r)];
                for (c, cell) in row.cells.iter().enumerate() {
                    let Some(cell) = cell else { continue };
                    let cn = self.add(Node::Cell(m, r, c));
                    self.edge(rn, cn);
                    let n = cell.value;
                    for t in [n.checked_sub(1), Some(n), n.checked_add(1)]
                        .into_iter()
                        .flatten()
                    {
                        if let Some(&pn) = self.g.paragraphs.get(&t) {
                            self.edge(cn, pn);
                        }
                    }
                    match book.paragraph_kind(n) {
                        Some(false) => {
                            let fan_ok = [n.checked_sub(1), n.checked_add(1)]
                                .into_iter()
                                .all(|t| t.is_some_and(|t| book.paragraph_kind(t) == Some(false)));
                            if !fan_ok {
                                self.pending.push(Pending::fan(cn, (m, r, c), n));
                            }
                        }
                        kind => {
                            let (message, label) = if kind.is_some() {
                                (
                                    format!(
                                        "cell {n} sends readers to paragraph {n}, which is a chart"
                                    ),
                                    "a chart",
                                )
                            } else {
                                (
                                    format!("paragraph {n} of cell {n} does not exist"),
                                    "leads nowhere",
                                )
                            };
                            let d = Diagnostic::new("dangling-reference", cell.span, message)
                                .label(label)
                                .needs(Needs::PARAGRAPHS);
                            self.pending.push(Pending::cell(
                                cn,
                                self.g.dangling.len(),
                                n,
                                (m, r, c),
                            ));
                            self.g.dangling.push(d);
                        }
                    }
                }
            }
        }
    }

    fn link_award(&mut self, from: NodeIndex, award: &Award) {
        self.link_rows(from, award);
        for item in &award.items {
            match &item.effect {
                Effect::Goto(t) => {
                    if self.linked(from, t) {
                        continue;
                    }
                    let r = Reference {
                        target: t.clone(),
                        span: item.span,
                    };
                    self.link(from, &r);
                }
                Effect::GotoSection {
                    paragraph: Some(n), ..
                } => {
                    let r = Reference {
                        target: crate::ir::Target::Paragraph(*n),
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

    /// Add the edges a reference makes, or record it as dangling (its
    /// likely fix is found once the whole graph is known).
    fn link(&mut self, from: NodeIndex, r: &Reference) {
        let book = self.book;
        if self.linked(from, &r.target) {
            return;
        }
        if let Some((_, more)) = self.repeats.get_mut(&(from, r.target.clone())) {
            *more += 1;
        } else {
            let i = self.g.dangling.len();
            self.repeats.insert((from, r.target.clone()), (i, 0));
            self.pending.push(Pending::reference(from, i, r));
            self.g.dangling.push(super::suggest::dangling(book, r));
        }
    }

    /// The edges to what `target` names, when the book has it; `false`
    /// (and nothing added) when it leads nowhere. A whole matrix is one
    /// edge, to its node.
    fn linked(&mut self, from: NodeIndex, target: &Target) -> bool {
        if let Target::Matrix(m) = target {
            let Some(mi) = self.book.matrix_position(m) else {
                return false;
            };
            if let Some(to) = self.g.matrix_node(self.book, mi) {
                self.edge(from, to);
            }
            return true;
        }
        let Some(targets) = self.g.targets(self.book, target) else {
            return false;
        };
        for to in targets {
            self.edge(from, to);
        }
        true
    }

    pub(super) fn finish(mut self) -> BookGraph {
        for &(i, more) in self.repeats.values() {
            if more > 0 {
                let d = &mut self.g.dangling[i];
                d.message = format!("{} (and {} more times here)", d.message, more);
            }
        }
        let pending = std::mem::take(&mut self.pending);
        super::fixes::resolve(&mut self.g, self.book, &pending);
        super::chart_gotos::guess(&mut self.g, self.book);
        self.g
    }
}

/// Whether an award item sends the reader somewhere the graph knows.
fn refers(e: &Effect) -> bool {
    match e {
        Effect::Goto(_)
        | Effect::GotoSection {
            paragraph: Some(_), ..
        } => true,
        Effect::FreeText(s) => s.contains('@'),
        _ => {
            let mut rows = Vec::new();
            encounter_rows(e, &mut rows);
            !rows.is_empty()
        }
    }
}

/// The rows `Have an immediate encounter with a ROW (Matrix X)` and `Next
/// turn, instead of drawing an encounter card, encounter a ROW (Matrix X)`
/// name, wherever they stand in an item (a choice, a roll, a condition, an
/// arrival's award).
fn encounter_rows(e: &Effect, out: &mut Vec<Target>) {
    use crate::ir::Typed;
    match e {
        Effect::When { item, .. } => encounter_rows(item, out),
        Effect::BySex { opposite, same } => {
            encounter_rows(opposite, out);
            encounter_rows(same, out);
        }
        Effect::Typed(t) => match t.as_ref() {
            Typed::Encounter { row, .. } => {
                if let Some((matrix, row)) = row.id.split_once(':') {
                    out.push(Target::Row {
                        matrix: matrix.to_owned(),
                        row: row.to_owned(),
                    });
                }
            }
            Typed::ChoiceOf(items)
            | Typed::Roll { items, .. }
            | Typed::Destination { arrival: items, .. } => {
                for i in items {
                    encounter_rows(i, out);
                }
            }
            _ => {}
        },
        _ => {}
    }
}

fn no_space(span: Span, what: &str, name: &str, help: String) -> Diagnostic {
    Diagnostic::new(
        "dangling-reference",
        span,
        format!("{what} `{name}` is no space of the board"),
    )
    .label("no such space")
    .with_help(help)
}
