//! Go-tos to a chart (`go-to-chart`): `@N` in a result paragraph where N is
//! an encounter chart. `play` rolls a new encounter on that chart there,
//! but a printed book's go-to sends the reader to a result paragraph, so a
//! chart's number is most often a keystroke off the one meant. When one
//! result paragraph a keystroke off is reached by nothing else, it is the
//! likely fix: named in the help and given a fix edge, so it is not
//! reported again as unreachable. One mistake, one finding.

use super::suggest::best;
use super::{BookGraph, ChartGoto, Edge};
use crate::ir::Book;
use crate::text::one_digit_off;
use petgraph::graph::NodeIndex;
use rustc_hash::FxHashMap;

impl ChartGoto {
    pub(super) fn new(from: NodeIndex, span: crate::span::Span, chart: u32) -> Self {
        ChartGoto {
            span,
            chart,
            meant: None,
            from,
        }
    }
}

/// The likely paragraph of each go-to to a chart: one pass over the graph
/// (only when the book has such a go-to), and the numbers a keystroke off
/// each chart only when some result paragraph is unreached.
pub(super) fn guess(g: &mut BookGraph, book: &Book) {
    if g.chart_gotos.is_empty() {
        return;
    }
    let reached = g.reach(true);
    let unreached = |m: u32| {
        book.paragraph_kind(m) == Some(false)
            && g.paragraphs.get(&m).is_some_and(|i| !reached[i.index()])
    };
    // A book whose result paragraphs are all reached means its go-tos to
    // charts (nothing to guess); the numbers a keystroke off a chart are
    // a hundred or so, so each chart's are looked at once.
    if !g.paragraphs.keys().any(|&m| unreached(m)) {
        return;
    }
    let mut by_chart: FxHashMap<u32, Option<u32>> = FxHashMap::default();
    let meant: Vec<Option<u32>> = g
        .chart_gotos
        .iter()
        .map(|c| {
            *by_chart.entry(c.chart).or_insert_with(|| {
                let near = one_digit_off(c.chart).into_iter().filter(|&m| unreached(m));
                best(c.chart, near.map(|m| (m, false)))
            })
        })
        .collect();
    for (i, m) in meant.into_iter().enumerate() {
        let Some(m) = m else { continue };
        let to = g.paragraphs[&m];
        g.graph.add_edge(g.chart_gotos[i].from, to, Edge::Fix);
        g.chart_gotos[i].meant = Some(m);
    }
}
