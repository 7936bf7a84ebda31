//! `tales graph`: the book's reference graph as a picture. A [`Map`] is
//! what is drawn (nodes with their marks, edges with their kind), built
//! from the graph `check` builds and the IR: a neighbourhood of a node, or
//! the book-level overview. Each format (`dot`, `mermaid`, `json`, `svg`)
//! only writes a map. It reads the IR and the graph; nothing reads it but
//! the CLI.

mod board;
pub mod dot;
pub mod json;
mod layout;
pub mod mermaid;
mod neighbourhood;
mod overview;
pub mod svg;

pub use board::board;
pub use neighbourhood::neighbourhood;
pub use overview::overview;

use crate::span::Span;

/// What a node stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Card,
    Place,
    Status,
    Chart,
    ChartEntry,
    Matrix,
    Row,
    Cell,
    Paragraph,
    /// A space of the board (`tales graph --board`) on land.
    Space,
    /// A sea space of the board.
    Sea,
    /// A target that does not exist (a dangling reference's, a cell's
    /// missing neighbour).
    Missing,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Card => "card",
            Kind::Place => "place",
            Kind::Status => "status",
            Kind::Chart => "chart",
            Kind::ChartEntry => "chart-entry",
            Kind::Matrix => "matrix",
            Kind::Row => "row",
            Kind::Cell => "cell",
            Kind::Paragraph => "paragraph",
            Kind::Space => "space",
            Kind::Sea => "sea-space",
            Kind::Missing => "missing",
        }
    }
}

/// What a finding says about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    None,
    /// `unreachable-paragraph`: no entry point leads here.
    Unreachable,
    /// The target of a dangling reference: it does not exist.
    Missing,
    /// A cell one of whose paragraphs N-1, N, N+1 is missing.
    Gap,
}

impl Mark {
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::None => "none",
            Mark::Unreachable => "unreachable",
            Mark::Missing => "missing",
            Mark::Gap => "missing-neighbour",
        }
    }
}

/// How an edge sends the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// A card, place or status to where its encounter starts.
    Start,
    /// A chart to its entries, an entry to its row or paragraph.
    Chart,
    /// A row to its cells.
    Reaction,
    /// A cell to N-1, N or N+1.
    Destiny(i8),
    /// An `@` reference in a paragraph's intro.
    Jump,
    /// An `@` reference inside a section, choice, condition or roll arm.
    Branch,
    /// In the overview: how many paragraphs a matrix's cells send to.
    Contains,
    /// On the board: a land route (both ways).
    Land,
    /// On the board: a sea route (both ways).
    Sea,
    /// On the board: a place of power to its exit.
    Exit,
}

impl Link {
    /// Whether the edge goes both ways (a route), drawn without an arrow.
    pub fn both_ways(self) -> bool {
        matches!(self, Link::Land | Link::Sea)
    }
}

impl Link {
    pub fn as_str(self) -> &'static str {
        match self {
            Link::Start => "start",
            Link::Chart => "chart-roll",
            Link::Reaction => "reaction",
            Link::Destiny(-1) => "destiny-1",
            Link::Destiny(1) => "destiny+1",
            Link::Destiny(_) => "destiny0",
            Link::Jump => "jump",
            Link::Branch => "branch",
            Link::Contains => "contains",
            Link::Land => "land-route",
            Link::Sea => "sea-route",
            Link::Exit => "exit",
        }
    }

    /// A short label for the edge, where one helps.
    pub fn label(self) -> &'static str {
        match self {
            Link::Destiny(-1) => "−1",
            Link::Destiny(1) => "+1",
            Link::Destiny(_) => "0",
            Link::Branch => "arm",
            Link::Exit => "exit",
            _ => "",
        }
    }
}

#[derive(Clone, Debug)]
pub struct MapNode {
    /// Stable and unique: `p812`, `row-A-Proud`, `cell-A-Proud-Bow`, ...
    pub key: String,
    pub label: String,
    pub kind: Kind,
    pub mark: Mark,
    pub span: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapEdge {
    pub from: usize,
    pub to: usize,
    pub link: Link,
}

/// What is drawn, in a fixed order (so every format is deterministic).
#[derive(Clone, Debug, Default)]
pub struct Map {
    pub title: String,
    pub nodes: Vec<MapNode>,
    pub edges: Vec<MapEdge>,
    /// What each colour and line means, drawn with the picture.
    pub legend: &'static [(&'static str, &'static str)],
    keys: std::collections::HashMap<String, usize>,
    links: std::collections::HashSet<(usize, usize, &'static str)>,
}

impl Map {
    pub(crate) fn new(title: String) -> Map {
        Map {
            title,
            legend: LEGEND,
            ..Map::default()
        }
    }

    /// The node with a key, added if it is new.
    pub(crate) fn node(
        &mut self,
        key: String,
        kind: Kind,
        label: String,
        span: Option<Span>,
    ) -> usize {
        if let Some(&i) = self.keys.get(&key) {
            return i;
        }
        self.keys.insert(key.clone(), self.nodes.len());
        self.nodes.push(MapNode {
            key,
            label,
            kind,
            mark: if kind == Kind::Missing {
                Mark::Missing
            } else {
                Mark::None
            },
            span,
        });
        self.nodes.len() - 1
    }

    pub(crate) fn edge(&mut self, from: usize, to: usize, link: Link) {
        if self.links.insert((from, to, link.as_str())) {
            self.edges.push(MapEdge { from, to, link });
        }
    }
}

/// The legend every picture carries: what each mark and edge means.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "blue node",
        "a card, a place of power or a status with encounters",
    ),
    ("green node", "a chart or one of its entries"),
    (
        "purple node",
        "a reaction matrix, one of its rows or one of its cells",
    ),
    ("white node", "a paragraph"),
    (
        "red node",
        "does not exist: the target of a dangling reference",
    ),
    (
        "grey node",
        "unreachable: no card, place or status leads here",
    ),
    (
        "orange cell",
        "a cell one of whose paragraphs N-1, N, N+1 is missing",
    ),
    ("solid arrow", "a card, chart roll, reaction or `@` jump"),
    ("−1 / 0 / +1", "the destiny die from a cell"),
    ("arm", "an `@` inside a section, choice, condition or roll"),
];
