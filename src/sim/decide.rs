//! Whether an arm no simulated reader took is one no reader can take, or
//! a rare one (docs/sim.md: what `never-reached` claims).
//!
//! At every visit of a block the tally counts the arms the reader could
//! have taken there (`Tally::open`: a section qualified for and not
//! pre-empted by a mandatory one, every choice, the condition arm that
//! held first, a die band the dice and that visit's terms can make). An
//! arm open at one visit is reachable: nobody took it by chance. An arm
//! open at none is reported only when the visits are enough that, were as
//! few as one reader in [`FLOOR`] there able to take it, the chance that
//! none of them could is under 1 in 1,000: [`VISITS`] visits. Short of
//! that, targeted lives are played towards its paragraph (seeded from the
//! run's seed and the paragraph) until the arm is open once or the visits
//! are enough; after [`CAP`] lives (or its share of the run's budget,
//! [`budget`]) it is undecided, and said so.

use super::tally::{ArmIndex, Tally};
use super::{Lives, Table};
use crate::engine::{Engine, Start};
use crate::ir::Target;
use crate::par::prelude::*;

/// One reader in `FLOOR` at a block: the least share able to take an arm
/// that the visits must rule out before it is reported.
pub const FLOOR: u64 = 200;

/// Visits of a block, no reader able to take the arm at any, that make a
/// share of 1/[`FLOOR`] unlikely beyond 1 in 1,000: `(1 − 1/200)^1379 <
/// 0.001 ≤ (1 − 1/200)^1378`.
pub const VISITS: u64 = 1379;

/// Targeted lives a batch: decisions are looked at between batches.
pub(super) const BATCH: u64 = 64;

/// Targeted lives played towards a paragraph, at most (200 batches).
pub const CAP: u64 = 200 * BATCH;

/// Targeted lives a run may play in all, at least (800 batches).
const BUDGET_FLOOR: u64 = 800 * BATCH;

/// The targeted lives a run of `lives` lives may play in all: as many as
/// the run's own, or [`BUDGET_FLOOR`] (a targeted life plays half a life
/// on average before its paragraph, so deciding costs at most about half
/// the run again, or a fixed tenth of a second or so on a small run).
pub fn budget(lives: u64) -> u64 {
    lives.max(BUDGET_FLOOR)
}

/// What the counts say of an arm no reader took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some reader could have taken it: nobody did, by chance.
    Open,
    /// No reader could, in enough visits.
    Never,
    /// No reader could, in too few visits, even after the targeted lives
    /// its paragraph may play.
    Undecided,
    /// No reader could (or too few visits to tell), and what closes it is
    /// a key `--as` fixed: a fact of the character, not of the book.
    ByPersona,
}

/// An arm no reader took, and the evidence (of the run and the targeted
/// lives together, but for `visits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub arm: usize,
    pub verdict: Verdict,
    /// Visits of its block in the run, and in targeted lives.
    pub visits: u64,
    pub targeted_visits: u64,
    /// Targeted lives played towards its paragraph.
    pub lives: u64,
    /// Visits at which an arm above it in its block was taken.
    pub above: u64,
    /// Visits at which another section of its block was mandatory.
    pub forced: u64,
    /// The least and most a roll's terms added at its block.
    pub modifiers: Option<(i64, i64)>,
}

/// The counts of one paragraph's arms (a range of the arm index).
#[derive(Clone, Debug, Default)]
pub(super) struct Local {
    first: usize,
    visits: u64,
    arms: Vec<u64>,
    open: Vec<u64>,
    forced: Vec<u64>,
    modifiers: Vec<Option<(i64, i64)>>,
}

impl Local {
    pub(super) fn of(arms: &ArmIndex, t: &Tally, p: usize, range: std::ops::Range<usize>) -> Local {
        Local {
            first: range.start,
            visits: t.paragraphs[p],
            arms: t.arms[range.clone()].to_vec(),
            open: t.open[range.clone()].to_vec(),
            forced: t.forced[range.clone()].to_vec(),
            modifiers: range
                .map(|a| arms.arms[a].roll.and_then(|r| t.modifiers[r]))
                .collect(),
        }
    }

    /// Clear a tally's counts of this paragraph (a thread's tally, reused).
    pub(super) fn clear(arms: &ArmIndex, t: &mut Tally, p: usize, range: std::ops::Range<usize>) {
        t.paragraphs[p] = 0;
        t.arms[range.clone()].fill(0);
        t.open[range.clone()].fill(0);
        t.forced[range.clone()].fill(0);
        for r in range.filter_map(|a| arms.arms[a].roll) {
            t.modifiers[r] = None;
        }
    }

    /// Visits of arm `a`'s block: its parent's takes, or the paragraph's
    /// visits at the top.
    pub(super) fn block_visits(&self, arms: &ArmIndex, a: usize) -> u64 {
        arms.arms[a]
            .parent
            .map_or(self.visits, |p| self.arms[p - self.first])
    }
}

/// Visits of an arm's block: its parent arm's takes, or its paragraph's
/// visits at the top.
pub fn block_visits(arms: &ArmIndex, t: &Tally, a: usize) -> u64 {
    let arm = &arms.arms[a];
    arm.parent
        .map_or(t.paragraphs[arm.paragraph], |p| t.arms[p])
}

/// Each paragraph's arms, as ranges of the arm index (arms are numbered
/// paragraph by paragraph).
pub(super) fn ranges(arms: &ArmIndex) -> Vec<(usize, std::ops::Range<usize>)> {
    let mut out: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
    for (i, a) in arms.arms.iter().enumerate() {
        match out.last_mut() {
            Some((p, r)) if *p == a.paragraph => r.end = i + 1,
            _ => out.push((a.paragraph, i..i + 1)),
        }
    }
    out
}

/// The arms never taken whose block readers reached (the outermost arms
/// nobody took), in the book's order, each decided.
pub fn decide(
    engine: &Engine,
    arms: &ArmIndex,
    t: &Tally,
    lives: &Lives,
    (seed, length, budget): (u64, u64, u64),
) -> Vec<Decision> {
    let candidate = |a: usize| t.arms[a] == 0 && block_visits(arms, t, a) > 0;
    let undecided = |a: usize| candidate(a) && t.open[a] == 0 && block_visits(arms, t, a) < VISITS;
    let groups: Vec<(usize, std::ops::Range<usize>)> = ranges(arms)
        .into_iter()
        .filter(|(_, r)| r.clone().any(candidate))
        .collect();
    let lives = Lives {
        from: None,
        persona: lives.persona.clone(),
    };
    let table = Table::new(engine, arms, &lives, length);
    // Each paragraph to play towards gets an even share of the budget.
    let pending = groups
        .iter()
        .filter(|(_, r)| r.clone().any(undecided))
        .count() as u64;
    let cap = (budget / pending.max(1)).min(CAP) / BATCH * BATCH;
    let book = engine.book;
    // A scratch tally for each of a few runs of paragraphs (a tally is the
    // size of the book: one per paragraph would be quadratic).
    let size = groups
        .len()
        .div_ceil(4 * crate::par::current_num_threads())
        .max(1);
    groups
        .par_chunks(size)
        .map(|chunk| {
            let mut scratch: Option<Tally> = None;
            let mut out = Vec::new();
            for (p, range) in chunk {
                let own = Local::of(arms, t, *p, range.clone());
                let todo: Vec<usize> = range.clone().filter(|&a| undecided(a)).collect();
                let (n, extra) = if todo.is_empty() || cap == 0 {
                    (0, None)
                } else {
                    let scratch = scratch.get_or_insert_with(|| Tally::new(book, arms, length));
                    let n = play_towards(
                        &table,
                        scratch,
                        (&own, &todo),
                        (*p, range.clone()),
                        (seed, cap),
                    );
                    (n, Some(Local::of(arms, scratch, *p, range.clone())))
                };
                out.extend(
                    (range.clone())
                        .filter(|&a| candidate(a))
                        .map(|a| judge(arms, a, &own, extra.as_ref(), n)),
                );
            }
            out
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect()
}

/// The verdict on arm `a` from the run's counts and the targeted lives'.
pub(super) fn judge(
    arms: &ArmIndex,
    a: usize,
    own: &Local,
    extra: Option<&Local>,
    lives: u64,
) -> Decision {
    let arm = &arms.arms[a];
    // Saturating: a merged shard's counts are a file the user passed.
    let both = |f: &dyn Fn(&Local) -> u64| f(own).saturating_add(extra.map_or(0, f));
    let sum = |xs: &[u64]| xs.iter().fold(0u64, |a, &b| a.saturating_add(b));
    let i = a - own.first;
    let block: Vec<usize> = arms.blocks[arm.first..arm.first + arm.siblings]
        .iter()
        .map(|&x| x - own.first)
        .collect();
    let before = block.iter().position(|&x| x == i).unwrap_or(0);
    let visits = own.block_visits(arms, a);
    let targeted_visits = extra.map_or(0, |e| e.block_visits(arms, a));
    let verdict = if both(&|l| l.open[i]) > 0 {
        Verdict::Open
    } else if visits.saturating_add(targeted_visits) >= VISITS {
        Verdict::Never
    } else {
        Verdict::Undecided
    };
    Decision {
        arm: a,
        verdict,
        visits,
        targeted_visits,
        lives,
        above: both(&|l| {
            sum(&block[..before]
                .iter()
                .map(|&x| l.arms[x])
                .collect::<Vec<_>>())
        }),
        forced: both(&|l| {
            sum(&block.iter().map(|&x| l.forced[x]).collect::<Vec<_>>()).saturating_sub(l.forced[i])
        }),
        modifiers: super::tally::widen(own.modifiers[i], extra.and_then(|e| e.modifiers[i])),
    }
}

/// Targeted lives towards paragraph `p` in batches, counted in `scratch`
/// (its counts of `p` cleared first), until each arm of `todo` is open
/// once or has enough visits with the run's, or `cap` lives are played:
/// how many were.
fn play_towards(
    table: &Table,
    scratch: &mut Tally,
    (own, todo): (&Local, &[usize]),
    (p, range): (usize, std::ops::Range<usize>),
    (seed, cap): (u64, u64),
) -> u64 {
    let (book, arms) = (table.engine.book, table.arms);
    let number = book.paragraphs[p].number;
    let start = Start::At(Target::Paragraph(number));
    Local::clear(arms, scratch, p, range);
    let decided = |t: &Tally, a: usize| {
        t.open[a] > 0
            || own
                .block_visits(arms, a)
                .saturating_add(block_visits(arms, t, a))
                >= VISITS
    };
    let mut lives = 0;
    while lives < cap && !todo.iter().all(|&a| decided(scratch, a)) {
        let s = super::chunk_seed(
            seed ^ 0x7A56_E7ED_0000_0000,
            (u64::from(number) << 24) | (lives / BATCH),
        );
        super::targeted(table, s, BATCH, &start, scratch);
        lives += BATCH;
    }
    lives
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_are_the_fewest_that_rule_out_one_reader_in_the_floor() {
        let miss = |n: u64| (1.0 - 1.0 / FLOOR as f64).powf(n as f64);
        assert!(miss(VISITS) < 0.001);
        assert!(miss(VISITS - 1) >= 0.001);
        assert_eq!(CAP % BATCH, 0);
    }
}
