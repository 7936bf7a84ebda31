//! Guessing what a dangling reference meant: a number a keystroke away, a
//! header with a typo, the one fan or row of paragraphs nothing sends
//! readers to. Each guess is a help and the nodes it would send readers to.

use super::merge::{Def, DefKind, Key};
use super::suggest::best;
use super::{BookGraph, Edge, Node};
use crate::ir::{Book, Target};
use crate::text::one_digit_off;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use std::collections::HashSet;

/// A guess: its help, and the nodes the fixed reference would reach.
pub(super) type Guess = Option<(String, Vec<NodeIndex>)>;

/// What the guesses look at: the graph, what real edges reach, the cells.
pub(super) struct Guesser<'a> {
    g: &'a BookGraph,
    book: &'a Book,
    reached: &'a [bool],
    cells: HashSet<u32>,
    /// The centres of the fans no cell covers, ascending.
    fans: Vec<u32>,
    /// Every cell's value with its matrix, ascending.
    sorted_cells: Vec<(u32, usize)>,
    /// Each matrix's cells in reading order.
    layouts: Vec<Layout>,
    /// By matrix: the fans nearest its cells by number (the nearest cell
    /// below or above each is that matrix's).
    fans_near: Vec<Vec<u32>>,
    /// The one matrix nothing uses, and by matrix its one row nothing uses.
    unused_matrix: Option<usize>,
    unused_row: Vec<Option<usize>>,
    /// Names still to compare in did-you-mean searches: a book of many
    /// names with many misspelt ones stays linear, its last misses without
    /// a suggestion.
    budget: std::cell::Cell<usize>,
}

/// How many names the did-you-mean searches of one check compare at most.
const FUZZY_BUDGET: usize = 2_000_000;

/// A matrix's cells in reading order, to find the good cells around a
/// broken one in constant time (a matrix of broken cells stays linear).
struct Layout {
    /// Where each row starts.
    row_start: Vec<usize>,
    /// Each cell's value, when its paragraph is a result paragraph.
    good: Vec<Option<u32>>,
    /// The nearest good cell before and after each position.
    prev: Vec<Option<usize>>,
    next: Vec<Option<usize>>,
    /// How many cells (not `~`) come before each position (one more entry
    /// than there are positions).
    cells_before: Vec<usize>,
}

impl Layout {
    fn of(book: &Book, m: &crate::ir::Matrix) -> Self {
        let mut row_start = Vec::with_capacity(m.rows.len());
        let mut good = Vec::new();
        let mut cells_before = vec![0];
        for r in &m.rows {
            row_start.push(good.len());
            for c in &r.cells {
                let v = c.as_ref().map(|c| c.value);
                good.push(v.filter(|&v| book.paragraph_kind(v) == Some(false)));
                cells_before
                    .push(cells_before.last().copied().unwrap_or(0) + usize::from(v.is_some()));
            }
        }
        let mut prev = Vec::with_capacity(good.len());
        let mut last = None;
        for (i, g) in good.iter().enumerate() {
            prev.push(last);
            if g.is_some() {
                last = Some(i);
            }
        }
        let mut next = vec![None; good.len()];
        let mut last = None;
        for (i, g) in good.iter().enumerate().rev() {
            next[i] = last;
            if g.is_some() {
                last = Some(i);
            }
        }
        Layout {
            row_start,
            good,
            prev,
            next,
            cells_before,
        }
    }
}

impl<'a> Guesser<'a> {
    pub(super) fn new(g: &'a BookGraph, book: &'a Book, reached: &'a [bool]) -> Self {
        let cells = book
            .matrices
            .iter()
            .flat_map(|x| &x.rows)
            .flat_map(|r| r.cells.iter().flatten())
            .map(|c| c.value)
            .collect();
        let mut sorted_cells: Vec<(u32, usize)> = book
            .matrices
            .iter()
            .enumerate()
            .flat_map(|(i, m)| {
                m.rows
                    .iter()
                    .flat_map(|r| r.cells.iter().flatten())
                    .map(move |c| (c.value, i))
            })
            .collect();
        sorted_cells.sort_unstable();
        let layouts = book.matrices.iter().map(|m| Layout::of(book, m)).collect();
        let mut me = Guesser {
            g,
            book,
            reached,
            cells,
            fans: Vec::new(),
            sorted_cells,
            layouts,
            fans_near: vec![Vec::new(); book.matrices.len()],
            unused_matrix: None,
            unused_row: Vec::new(),
            budget: std::cell::Cell::new(FUZZY_BUDGET),
        };
        me.unused_row = (0..book.matrices.len())
            .map(|mi| me.find_unused_row(mi))
            .collect();
        me.unused_matrix = me.find_unused_matrix();
        me.fans = me.orphan_fans();
        for &f in &me.fans {
            // The nearest cell by number, below or above (a first row
            // deleted leaves its fans before the matrix's other cells).
            let i = me.sorted_cells.partition_point(|&(v, _)| v < f);
            let below = i.checked_sub(1).and_then(|i| me.sorted_cells.get(i));
            let above = me.sorted_cells.get(i);
            let nearest = match (below, above) {
                (Some(b), Some(a)) if a.0 - f < f - b.0 => Some(a),
                (Some(b), _) => Some(b),
                (None, a) => a,
            };
            if let Some(&(_, mi)) = nearest {
                me.fans_near[mi].push(f);
            }
        }
        me
    }

    /// The close name among `count` names, within the budget.
    fn close<'n>(
        &self,
        count: usize,
        names: impl Iterator<Item = &'n str>,
        name: &str,
    ) -> Option<&'n str> {
        let mut left = self.budget.get();
        let close = crate::text::close_name_within(&mut left, count, names, name);
        self.budget.set(left);
        close
    }

    fn unreached(&self, p: u32) -> bool {
        self.g
            .paragraphs
            .get(&p)
            .is_some_and(|i| !self.reached[i.index()])
    }

    /// What a dangling reference probably meant.
    pub(super) fn reference(&self, t: &Target, chart_entry: bool) -> Guess {
        let (g, book) = (self.g, self.book);
        match t {
            Target::Paragraph(n) => {
                let m = best(
                    *n,
                    one_digit_off(*n).into_iter().filter_map(|m| {
                        g.paragraphs.get(&m).map(|&i| (m, self.reached[i.index()]))
                    }),
                )?;
                let help = if self.unreached(m) {
                    format!(
                        "did you mean `@{m}`? Or is the header `-{m}-` a typo for `-{n}-`? Nothing else reaches paragraph {m}"
                    )
                } else {
                    format!("did you mean `@{m}`?")
                };
                Some((help, vec![g.paragraphs[&m]]))
            }
            Target::Matrix(_) => {
                let mi = self.unused_matrix?;
                Some((
                    format!("did you mean `@{}`?", book.matrices[mi].letter.value),
                    self.rows_of(mi),
                ))
            }
            Target::Row { matrix, row } => self.row(matrix, row, chart_entry),
            Target::Place(id) => {
                let places = &book.manifest.world.places;
                let pi = self
                    .close(places.len(), places.iter().map(|p| p.id.value.as_str()), id)
                    .and_then(|c| places.iter().position(|p| p.id.value == c))?;
                Some((
                    format!("did you mean `@{}`?", places[pi].id.value),
                    vec![g.places[pi]],
                ))
            }
        }
    }

    /// A row that does not exist: a row of a close name, the one row
    /// nothing uses, or a row deleted (its paragraphs still there).
    fn row(&self, matrix: &str, row: &str, chart_entry: bool) -> Guess {
        let book = self.book;
        let named = book.matrix_position(matrix);
        let mi = named
            .or_else(|| matrix_with_row(book, row))
            .or(self.unused_matrix)?;
        let m = &book.matrices[mi];
        let found = match self.close(
            m.rows.len(),
            m.rows.iter().map(|r| r.name.value.as_str()),
            row,
        ) {
            Some(name) => m.row(name).map(|(ri, _)| ri),
            None => self.unused_row[mi],
        };
        let (mi, ri) = match found {
            Some(ri) => (mi, ri),
            None if named == Some(mi) => {
                // Not in the matrix named, but in one other: the letter is
                // the slip (`{Greedy} ... (A)` for `(B)`).
                let Some(mj) = matrix_with_row(book, row).filter(|&mj| mj != mi) else {
                    return self.deleted_row(mi, row);
                };
                (mj, book.matrices[mj].row(row)?.0)
            }
            None => return None,
        };
        let m = &book.matrices[mi];
        let letter = &m.letter.value;
        let name = &m.rows[ri].name.value;
        let help = if named == Some(mi) {
            format!("did you mean `{name}`?")
        } else if chart_entry && m.row(row).is_some() {
            format!("did you mean `({letter})`?")
        } else if chart_entry {
            format!("did you mean `{{{name}}}` of matrix {letter}?")
        } else {
            format!("did you mean `@{letter}:{name}`?")
        };
        Some((help, vec![self.g.rows[&(mi, ri)]]))
    }

    /// The row named was deleted: nearest the matrix's cells (by number)
    /// are as many fans no cell covers as the matrix has reactions.
    fn deleted_row(&self, mi: usize, row: &str) -> Guess {
        let matrix = &self.book.matrices[mi];
        let width = matrix.reactions.len();
        let ours = &self.fans_near[mi];
        if width == 0 || ours.len() != width {
            return None;
        }
        let list: Vec<String> = ours.iter().map(u32::to_string).collect();
        Some((
            format!(
                "was the row deleted? No cell sends readers to paragraphs {}: add `{row}: [{}]` to matrix {}",
                fan_ranges(ours),
                list.join(", "),
                matrix.letter.value
            ),
            self.fan_nodes(ours),
        ))
    }

    /// A cell whose own paragraph is missing or a chart: a number a
    /// keystroke away, unless that fix would strand paragraphs of the fan
    /// no cell covers where the cell stands, which is then the fix
    /// (`[2, 64]` for `[61, 64]`: 62 is a keystroke away, but leaves 60
    /// unreached, and 61 covers 60 to 62 exactly).
    pub(super) fn cell(&self, n: u32, at: (usize, usize, usize)) -> Guess {
        match self.near_fan(n) {
            Some(near) => match self.orphan_fan(at) {
                Some(orphan) if self.strands(&near.1, &orphan.1) => Some(orphan),
                _ => Some(near),
            },
            None => self.header(n).or_else(|| self.orphan_fan(at)),
        }
    }

    /// Whether a fix reaching `fix` leaves a paragraph of `other` that
    /// nothing reaches unreached.
    fn strands(&self, fix: &[NodeIndex], other: &[NodeIndex]) -> bool {
        other
            .iter()
            .any(|t| !self.reached[t.index()] && !fix.contains(t))
    }

    /// A cell whose paragraph exists but not N-1 or N+1: a number a
    /// keystroke away, else a neighbour's header with a typo.
    /// A cell whose paragraphs N-1, N or N+1 nothing else sends readers to
    /// stays where it is (the fan nothing covers is then another cell's
    /// fix, blind trial 8): only a neighbour's header is guessed.
    pub(super) fn fan(&self, n: u32, from: NodeIndex) -> Guess {
        if let Some((_, targets)) = self.near_fan(n).filter(|_| !self.strands_own_fan(from, n)) {
            let m = targets.get(1).map_or(n, |&t| self.number(t));
            let only = targets.iter().filter(|t| !self.reached[t.index()]).count();
            let help = match only {
                0 => format!("did you mean {m}?"),
                1 => format!("did you mean {m}? (1 paragraph is reached only through it)"),
                k => format!("did you mean {m}? ({k} paragraphs are reached only through it)"),
            };
            return Some((help, targets));
        }
        [n.checked_sub(1), n.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&t| self.book.paragraph_kind(t).is_none())
            .find_map(|t| self.header(t))
    }

    /// Whether moving cell `from` (sent to `n`) would leave a paragraph of
    /// its fan N-1, N, N+1 that nothing else sends readers to.
    fn strands_own_fan(&self, from: NodeIndex, n: u32) -> bool {
        [n.checked_sub(1), Some(n), n.checked_add(1)]
            .into_iter()
            .flatten()
            .filter_map(|t| self.g.paragraphs.get(&t))
            .any(|&t| !has_real_incoming(self.g, t, &[from]))
    }

    /// The nearest cell number whose N-1, N and N+1 are all result
    /// paragraphs, those nothing else reaches first.
    fn near_fan(&self, n: u32) -> Guess {
        let (g, book) = (self.g, self.book);
        let three = |m: u32| [m.checked_sub(1), Some(m), m.checked_add(1)];
        let m = best(
            n,
            one_digit_off(n).into_iter().filter_map(|m| {
                let nodes: Option<Vec<NodeIndex>> = three(m)
                    .into_iter()
                    .map(|t| {
                        t.filter(|&t| book.paragraph_kind(t) == Some(false))
                            .and_then(|t| g.paragraphs.get(&t).copied())
                    })
                    .collect();
                // Another cell's number is no fix, it is taken; and a fix
                // strands something when it is missing: one of its
                // paragraphs nothing else reaches (one may be reached by
                // an `@` of its neighbour, as `[S1 / @201]` in 203).
                let nodes = nodes?;
                (!self.cells.contains(&m) && nodes.iter().any(|i| !self.reached[i.index()]))
                    .then_some((m, false))
            }),
        )?;
        let targets = three(m)
            .into_iter()
            .flatten()
            .filter_map(|t| g.paragraphs.get(&t).copied())
            .collect();
        Some((format!("did you mean `{m}`?"), targets))
    }

    /// Paragraph `n` is missing, and a paragraph one digit off exists that
    /// nothing reaches: its header is the likely slip (`-1044-` for `-44-`).
    pub(super) fn header_number(&self, n: u32) -> Option<u32> {
        if self.book.paragraph_kind(n).is_some() {
            return None;
        }
        best(
            n,
            one_digit_off(n)
                .into_iter()
                .filter(|&m| self.unreached(m))
                .map(|m| (m, false)),
        )
    }

    /// The definition that is the likely mistake when references agree on
    /// a missing name: a header, row, matrix or place of a close name that
    /// nothing names.
    pub(super) fn definition(&self, key: &Key) -> Option<Def> {
        let (g, book) = (self.g, self.book);
        let def = |span, kind, name: &str, meant: &str| Def {
            span,
            kind,
            name: name.to_owned(),
            meant: meant.to_owned(),
        };
        match key {
            Key::Paragraph(n) => {
                let m = self.header_number(*n)?;
                let header = book.paragraph(m)?.header;
                Some(def(header, DefKind::Header, &m.to_string(), &n.to_string()))
            }
            Key::Row(matrix, row) => {
                let mi = book.matrix_position(matrix)?;
                let m = &book.matrices[mi];
                let name = self.close(
                    m.rows.len(),
                    m.rows.iter().map(|r| r.name.value.as_str()),
                    row,
                )?;
                let (ri, r) = m.row(name)?;
                let kind = DefKind::Row(matrix.clone());
                // The key is folded: spell the meant name in the row's case.
                let meant = match (name.chars().next(), row.chars().next()) {
                    (Some(a), Some(b)) if a.is_uppercase() => {
                        b.to_uppercase().chain(row.chars().skip(1)).collect()
                    }
                    _ => row.clone(),
                };
                (!g.is_used(g.rows[&(mi, ri)])).then(|| def(r.name.span, kind, name, &meant))
            }
            Key::Matrix(letter) => {
                let m = &book.matrices[self.unused_matrix?];
                Some(def(m.letter.span, DefKind::Matrix, &m.letter.value, letter))
            }
            Key::Place(id) => {
                let places = &book.manifest.world.places;
                let name =
                    self.close(places.len(), places.iter().map(|p| p.id.value.as_str()), id)?;
                let pi = places.iter().position(|p| p.id.value == name)?;
                (!g.is_used(g.places[pi]))
                    .then(|| def(places[pi].id.span, DefKind::Place, name, id))
            }
        }
    }

    fn header(&self, n: u32) -> Guess {
        let m = self.header_number(n)?;
        Some((
            format!("is the header `-{m}-` a typo for `-{n}-`? Nothing else reaches paragraph {m}"),
            vec![self.g.paragraphs[&m]],
        ))
    }

    /// The fans no cell sends readers to: in each run of consecutive result
    /// paragraphs that no cell's N-1, N or N+1 covers, a run of a length
    /// divisible by three cut in threes, each with a paragraph nothing
    /// reaches. Their centres, ascending.
    fn orphan_fans(&self) -> Vec<u32> {
        let covered = |p: u32| {
            [p.checked_sub(1), Some(p), p.checked_add(1)]
                .into_iter()
                .flatten()
                .any(|c| self.cells.contains(&c))
        };
        let mut free: Vec<u32> = self
            .g
            .paragraphs
            .keys()
            .copied()
            .filter(|&p| self.book.paragraph_kind(p) == Some(false) && !covered(p))
            .collect();
        free.sort_unstable();
        let mut fans = Vec::new();
        for run in free.chunk_by(|a, b| a + 1 == *b) {
            if run.len() % 3 != 0 {
                continue;
            }
            fans.extend(
                run.chunks(3)
                    .filter(|t| t.iter().any(|&p| self.unreached(p)))
                    .map(|t| t[1]),
            );
        }
        fans
    }

    /// A cell's paragraph is missing and no number one digit off fits: the
    /// orphaned fans between the good cells before and after it in reading
    /// order, taken in order by the broken cells between them when there
    /// are as many (`[9999, 204]` for `[201, 204]`); else the book's one
    /// orphaned fan.
    fn orphan_fan(&self, (mi, ri, ci): (usize, usize, usize)) -> Guess {
        let l = &self.layouts[mi];
        let at = l.row_start[ri] + ci;
        let start = l.prev[at];
        let end = l.next[at].unwrap_or(l.good.len());
        let before = start.and_then(|i| l.good[i]);
        let after = l.next[at].and_then(|i| l.good[i]);
        let first = start.map_or(0, |i| i + 1);
        let broken = l.cells_before[end] - l.cells_before[first];
        let rank = l.cells_before[at] - l.cells_before[first];
        let lo = before.map_or(0, |b| self.fans.partition_point(|&m| m <= b));
        let hi = after.map_or(self.fans.len(), |a| self.fans.partition_point(|&m| m < a));
        let fitting = &self.fans[lo..hi.max(lo)];
        let m = if fitting.len() == broken {
            fitting[rank]
        } else if let [m] = self.fans[..] {
            m
        } else {
            return None;
        };
        Some((
            format!(
                "did you mean `{m}`? No cell sends readers to paragraphs {}",
                fan_ranges(&[m])
            ),
            self.fan_nodes(&[m]),
        ))
    }

    /// The paragraphs of fans with these centres.
    fn fan_nodes(&self, centres: &[u32]) -> Vec<NodeIndex> {
        centres
            .iter()
            .flat_map(|&m| [m - 1, m, m + 1])
            .filter_map(|t| self.g.paragraphs.get(&t).copied())
            .collect()
    }

    /// The number of a paragraph node.
    fn number(&self, n: NodeIndex) -> u32 {
        match self.g.graph[n] {
            Node::Paragraph(i) => self.book.paragraphs[i].number,
            _ => 0,
        }
    }

    fn rows_of(&self, mi: usize) -> Vec<NodeIndex> {
        (0..self.book.matrices[mi].rows.len())
            .map(|ri| self.g.rows[&(mi, ri)])
            .collect()
    }

    /// The one matrix none of whose rows anything uses, if there is one.
    fn find_unused_matrix(&self) -> Option<usize> {
        let book = self.book;
        let mut unused = (0..book.matrices.len()).filter(|&mi| {
            !book.matrices[mi].rows.is_empty()
                && self.rows_of(mi).iter().all(|&r| !self.g.is_used(r))
        });
        let first = unused.next()?;
        unused.next().is_none().then_some(first)
    }

    /// The one row of a matrix that nothing uses, if there is one.
    fn find_unused_row(&self, mi: usize) -> Option<usize> {
        let mut unused = (0..self.book.matrices[mi].rows.len())
            .filter(|&ri| !self.g.is_used(self.g.rows[&(mi, ri)]));
        let first = unused.next()?;
        unused.next().is_none().then_some(first)
    }
}

/// The one matrix with a row of that name, if there is one.
fn matrix_with_row(book: &Book, row: &str) -> Option<usize> {
    let mut with = (0..book.matrices.len()).filter(|&mi| book.matrices[mi].row(row).is_some());
    let first = with.next()?;
    with.next().is_none().then_some(first)
}

/// Fans by their centres as ranges of paragraphs: `[207, 210]` is "206 to
/// 211", `[201, 241]` is "200 to 202 and 240 to 242".
fn fan_ranges(centres: &[u32]) -> String {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for &m in centres {
        match ranges.last_mut() {
            Some(last) if last.1 + 1 == m - 1 => last.1 = m + 1,
            _ => ranges.push((m - 1, m + 1)),
        }
    }
    ranges
        .iter()
        .map(|(a, b)| format!("{a} to {b}"))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Whether anything but `except`, by a real edge, sends readers to `n`
/// (through a matrix's node: by a real edge to that node).
pub(super) fn has_real_incoming(g: &BookGraph, n: NodeIndex, except: &[NodeIndex]) -> bool {
    let by = |e: petgraph::graph::EdgeReference<'_, Edge>| {
        *e.weight() == Edge::Real && !except.contains(&e.source())
    };
    g.graph
        .edges_directed(n, petgraph::Direction::Incoming)
        .any(|e| match g.graph[e.source()] {
            Node::Matrix(_) => (g.graph)
                .edges_directed(e.source(), petgraph::Direction::Incoming)
                .any(by),
            _ => by(e),
        })
}
