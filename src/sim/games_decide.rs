//! `never-reached` by the rules of whole games (docs/game.md, "Never
//! reached in games"): what no game of the run reached, given its chance
//! by targeted games, as `tales sim` gives a rare arm targeted lives
//! ([`super::decide`]).
//!
//! - An arm no game took and none could have taken where its block was
//!   visited: targeted games towards its paragraph, each played some
//!   rounds as any game is (a round drawn evenly up to the run's median
//!   length), then one player (drawn) given what the arm needs as the
//!   rules allow ([`super::games_dress`]) and its encounter started at the
//!   paragraph. Decided as [`super::decide`] decides (open once: not a
//!   finding; no visit able to take it in [`decide::VISITS`] visits of the
//!   run and targeted games, one batch of targeted games at least: a
//!   finding; else undecided).
//! - A paragraph no game read: targeted games that give a player each
//!   status the book can give (a status with `encounters:` plays them), put
//!   one on each place of power, or on each terrain of the board, and play
//!   that player's encounter; a paragraph none of them reads is a finding.
//!
//! Targeted games are seeded from the run's seed and the paragraph (or the
//! game's number): the same counts give the same findings whatever the
//! threads, and `sim merge` decides again from the merged counts.

use super::decide::{self, BATCH, Decision, Local, Verdict};
use super::games::Counting;
use super::games_dress::{Obtainable, dressing, guards};
use super::tally::{ArmIndex, Tally};
use crate::engine::{Engine, Rng};
use crate::game::tally::GameTally;
use crate::game::{Dressing, Game, Policy, Setup, Toward, Uniform};
use crate::par::prelude::*;

/// Targeted games a paragraph may play, at most (32 batches).
pub const CAP: u64 = 32 * BATCH;

/// Targeted games a run may play in all, at least.
const BUDGET_FLOOR: u64 = 128 * BATCH;

/// Rounds of probes (each probe [`PROBE`] games) played towards the
/// paragraphs no game read, at most.
const PROBE_ROUNDS: u64 = 16;
const PROBE: u64 = 8;

/// What the targeted games decided.
#[derive(Debug, Default)]
pub struct Reached {
    /// The arms no game took (outermost), decided.
    pub decided: Vec<Decision>,
    /// Paragraphs no game of the run read that a targeted game did.
    pub read: Vec<bool>,
    /// Targeted games played.
    pub games: u64,
    /// Paragraphs no game read that the probes, cut short by the run's
    /// budget, could not decide: neither read nor a finding.
    pub unsure: Vec<usize>,
}

/// The run, as targeted games need it.
#[derive(Clone, Copy, Debug)]
pub struct Targets {
    pub seed: u64,
    pub setup: Setup,
    /// Targeted games a run may play in all ([`budget`]).
    pub budget: u64,
}

/// The targeted games a run of `games` games may play: as many again, or
/// [`BUDGET_FLOOR`].
#[must_use]
pub fn budget(games: u64) -> u64 {
    games.max(BUDGET_FLOOR)
}

/// Decide what no game reached (see the module's documentation).
#[must_use]
pub fn decide(
    engine: &Engine,
    arms: &ArmIndex,
    (t, games): (&Tally, &GameTally),
    targets: Targets,
) -> Reached {
    let book = engine.book;
    let can = Obtainable::of(book, games);
    let rounds = median_rounds(games);
    let cx = Cx {
        engine,
        arms,
        targets,
        rounds,
    };
    let (decided, mut read, played) = cx.arms(t, &can);
    for (i, r) in read.iter_mut().enumerate() {
        *r = *r && t.paragraphs[i] == 0;
    }
    let unread: Vec<usize> = (0..book.paragraphs.len())
        .filter(|&i| t.paragraphs[i] == 0 && !read[i] && !book.paragraphs[i].is_chart())
        .collect();
    let (probed, cut) = if unread.is_empty() {
        (0, false)
    } else {
        cx.probe(&can, &unread, &mut read)
    };
    let unsure = if cut {
        unread.into_iter().filter(|&i| !read[i]).collect()
    } else {
        Vec::new()
    };
    Reached {
        decided,
        read,
        games: played + probed,
        unsure,
    }
}

/// The median length of the run's games (at least one round).
fn median_rounds(games: &GameTally) -> u32 {
    // Saturating: a merged shard's counts are a file the user passed.
    let n = u128::from(crate::game::tally::total(games.rounds.values()));
    let mut seen = 0u128;
    for (&r, &c) in &games.rounds {
        seen += u128::from(c);
        if 2 * seen >= n {
            return r.max(1);
        }
    }
    10
}

struct Cx<'a, 'b> {
    engine: &'a Engine<'b>,
    arms: &'a ArmIndex,
    targets: Targets,
    /// Targeted games play up to this many rounds first.
    rounds: u32,
}

impl Cx<'_, '_> {
    /// One targeted game: rounds as any game plays them, then a player
    /// (drawn) dressed and its encounter played `toward`, all counted.
    fn one(&self, seed: u64, d: &Dressing, toward: &Toward, tally: &mut Tally) {
        let (engine, setup) = (self.engine, self.targets.setup);
        let mut policy = Uniform(Rng::new(seed ^ 0xA5A5_A5A5_A5A5_A5A5));
        let Ok(mut game) = Game::new(engine, setup, seed, &mut policy) else {
            return;
        };
        let mut watch = Counting::new(tally, engine.book, self.arms);
        let rounds = u32::try_from(policy.pick(self.rounds as usize)).unwrap_or(0);
        game.play_rounds(rounds, &mut policy, &mut watch);
        let seat = policy.pick(game.players.len());
        game.dress(seat, d, &mut |n| policy.pick(n));
        game.targeted(seat, toward, &mut policy, &mut watch);
    }

    /// The arms no game took: decided, with targeted games where the run
    /// alone cannot tell; the paragraphs those games read; games played.
    fn arms(&self, t: &Tally, can: &Obtainable) -> (Vec<Decision>, Vec<bool>, u64) {
        let (book, arms) = (self.engine.book, self.arms);
        let candidate = |a: usize| t.arms[a] == 0 && decide::block_visits(arms, t, a) > 0;
        let todo = |a: usize| candidate(a) && t.open[a] == 0;
        let groups: Vec<_> = decide::ranges(arms)
            .into_iter()
            .filter(|(_, r)| r.clone().any(candidate))
            .collect();
        let pending = groups.iter().filter(|(_, r)| r.clone().any(todo)).count() as u64;
        let cap = (self.targets.budget / pending.max(1)).min(CAP) / BATCH * BATCH;
        let allowed = allowances(&groups, &todo, cap, self.targets.budget);
        let guards = guards(book, arms);
        let size = groups
            .len()
            .div_ceil(4 * crate::par::current_num_threads())
            .max(1);
        let groups: Vec<_> = groups.into_iter().zip(allowed).collect();
        let parts: Vec<(Vec<Decision>, Vec<bool>, u64)> = groups
            .par_chunks(size)
            .map(|chunk| {
                let mut scratch = Tally::new(book, arms, 1);
                let mut read = vec![false; book.paragraphs.len()];
                let (mut out, mut played) = (Vec::new(), 0);
                for ((p, range), cap) in chunk {
                    let own = Local::of(arms, t, *p, range.clone());
                    let mine: Vec<usize> = if *cap == 0 {
                        Vec::new()
                    } else {
                        range.clone().filter(|&a| todo(a)).collect()
                    };
                    let dressed: Vec<Dressing> = mine
                        .iter()
                        .map(|&a| dress_for(book, arms, can, &guards, a))
                        .collect();
                    Local::clear(arms, &mut scratch, *p, range.clone());
                    let n = if mine.is_empty() {
                        0
                    } else {
                        self.towards(&mut scratch, (&own, &mine, &dressed), (*p, *cap))
                    };
                    played += n;
                    let extra = (n > 0).then(|| Local::of(arms, &scratch, *p, range.clone()));
                    out.extend(range.clone().filter(|&a| candidate(a)).map(|a| {
                        let mut d = decide::judge(arms, a, &own, extra.as_ref(), n);
                        // The run alone never rules out what a player given
                        // more could take.
                        if d.verdict == Verdict::Never && d.targeted_visits == 0 && todo(a) {
                            d.verdict = Verdict::Undecided;
                        }
                        d
                    }));
                }
                for (r, &v) in read.iter_mut().zip(&scratch.paragraphs) {
                    *r |= v > 0;
                }
                (out, read, played)
            })
            .collect();
        let mut read = vec![false; book.paragraphs.len()];
        let (mut decided, mut played) = (Vec::new(), 0);
        for (d, r, n) in parts {
            decided.extend(d);
            read.iter_mut().zip(r).for_each(|(a, b)| *a |= b);
            played += n;
        }
        (decided, read, played)
    }

    /// Targeted games towards paragraph `p` in batches, each batch dressed
    /// for the arm of `mine` not yet decided that had the fewest, until all are or `cap`
    /// games are played: how many were.
    fn towards(
        &self,
        scratch: &mut Tally,
        (own, mine, dressed): (&Local, &[usize], &[Dressing]),
        (p, cap): (usize, u64),
    ) -> u64 {
        let arms = self.arms;
        let number = self.engine.book.paragraphs[p].number;
        let toward = Toward::Paragraph(number);
        // An arm is decided once open, or once a batch was dressed for it
        // and the visits are enough.
        let mut dressed_for = vec![0u64; mine.len()];
        let decided = |t: &Tally, k: usize, dressed_for: &[u64]| {
            let a = mine[k];
            t.open[a] > 0
                || t.arms[a] > 0
                || (dressed_for[k] >= BATCH
                    && own
                        .block_visits(arms, a)
                        .saturating_add(decide::block_visits(arms, t, a))
                        >= decide::VISITS)
        };
        let mut games = 0;
        while games < cap {
            // The undecided arm dressed for the fewest batches so far.
            let Some(k) = (0..mine.len())
                .filter(|&k| !decided(scratch, k, &dressed_for))
                .min_by_key(|&k| dressed_for[k])
            else {
                break;
            };
            for g in games..games + BATCH {
                let s = super::chunk_seed(
                    self.targets.seed ^ 0x6A3E_5000_0000_0000,
                    (u64::from(number) << 24) | g,
                );
                self.one(s, &dressed[k], &toward, scratch);
            }
            dressed_for[k] += BATCH;
            games += BATCH;
        }
        games
    }

    /// Probes towards the paragraphs no game read: rounds of [`PROBE`]
    /// games a probe (each status the book can give, each place of power,
    /// each terrain), until each is read or [`PROBE_ROUNDS`] rounds (fewer
    /// when the run's budget is smaller) are
    /// played; `read` marks those read. Games played, and whether the
    /// budget cut the rounds short.
    fn probe(&self, can: &Obtainable, unread: &[usize], read: &mut [bool]) -> (u64, bool) {
        let probes = probes(self.engine.book, can);
        if probes.is_empty() {
            return (0, false);
        }
        let (book, arms) = (self.engine.book, self.arms);
        let per = PROBE * probes.len() as u64;
        // The run's budget bounds the probes too (one round at least): a
        // book with hundreds of places of power would otherwise play
        // sixteen rounds of thousands of games.
        let rounds = (self.targets.budget / per).clamp(1, PROBE_ROUNDS);
        let mut played = 0;
        for round in 0..rounds {
            if unread.iter().all(|&i| read[i]) {
                break;
            }
            let tally = (round * per..(round + 1) * per)
                .into_par_iter()
                .fold(
                    || Tally::new(book, arms, 1),
                    |mut t, g| {
                        let (d, toward) =
                            &probes[usize::try_from(g % probes.len() as u64).unwrap_or(0)];
                        let s = super::chunk_seed(self.targets.seed ^ 0x9B0B_E000_0000_0000, g);
                        self.one(s, d, toward, &mut t);
                        t
                    },
                )
                .reduce(|| Tally::new(book, arms, 1), Tally::merge);
            played += per;
            for &i in unread {
                read[i] |= tally.paragraphs[i] > 0;
            }
        }
        (played, rounds < PROBE_ROUNDS)
    }
}

/// The targeted games each paragraph's group of arms may play, decided
/// before any is played (so the same whatever the threads): in the book's
/// order, a group with arms to decide gets `cap` games, or one batch an arm
/// when that is more, while the run's `budget` lasts; a group past it gets
/// none, and its arms stay undecided. Without this, a book with thousands
/// of arms no game took would play a batch for each of them (minutes on a
/// 30,000-paragraph book).
fn allowances<R: Iterator<Item = usize> + Clone>(
    groups: &[(usize, R)],
    todo: &impl Fn(usize) -> bool,
    cap: u64,
    budget: u64,
) -> Vec<u64> {
    let mut left = budget;
    groups
        .iter()
        .map(|(_, range)| {
            let mine = range.clone().filter(|&a| todo(a)).count() as u64;
            let want = cap.max(BATCH * mine);
            if mine == 0 || want > left {
                return 0;
            }
            left -= want;
            want
        })
        .collect()
}

/// What a targeted game gives a player for arm `a`: what its guard needs,
/// the guards of the arms before it in its block not holding, and the
/// same for each arm it is nested in (the way to its block).
fn dress_for(
    book: &crate::ir::Book,
    arms: &ArmIndex,
    can: &Obtainable,
    guards: &[Option<&crate::ir::Guard>],
    a: usize,
) -> Dressing {
    let mut d = Dressing::default();
    let mut at = Some(a);
    while let Some(a) = at {
        let arm = &arms.arms[a];
        let before: Vec<&crate::ir::Guard> = arms.blocks[arm.first..arm.first + arm.siblings]
            .iter()
            .take_while(|&&x| x != a)
            .filter_map(|&x| guards[x])
            .collect();
        if let Some(g) = guards[a] {
            let more = dressing(book, can, g, &before);
            d.held.extend(more.held);
            d.master.extend(more.master);
            d.drop.extend(more.drop);
            d.drop_treasures |= more.drop_treasures;
            d.gender = d.gender.or(more.gender);
            d.wealth = d.wealth.or(more.wealth);
            d.terrain = d.terrain.or(more.terrain);
        }
        at = arm.parent;
    }
    d
}

/// The ways into a book a targeted game tries for a paragraph no game
/// read: each status the book can give held (its `encounters:` played),
/// each place of power entered, each terrain stood on.
fn probes(book: &crate::ir::Book, can: &Obtainable) -> Vec<(Dressing, Toward)> {
    let mut out = Vec::new();
    for e in &book.glossary.entries {
        if e.kind != crate::ir::EntryKind::Skill && can.holds(book, &e.id.value) {
            let d = Dressing {
                held: vec![e.id.value],
                ..Dressing::default()
            };
            out.push((d, Toward::Turn));
        }
    }
    let Some(board) = &book.board else {
        return out;
    };
    let mut terrains: Vec<&str> = Vec::new();
    for (i, s) in board.spaces.iter().enumerate() {
        if s.is_place() {
            out.push((Dressing::default(), Toward::Place(i)));
        } else if let Some(t) = &s.terrain
            && !terrains.iter().any(|x| crate::text::eq_ci(x, &t.value))
        {
            terrains.push(&t.value);
        }
    }
    for t in terrains {
        let d = Dressing {
            terrain: Some(t.to_owned()),
            ..Dressing::default()
        };
        out.push((d, Toward::Turn));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::games::{self, GamesOptions};

    #[test]
    fn the_targeted_games_keep_to_the_runs_budget() {
        // Ten paragraphs of 100 arms each, all to decide: one batch an arm
        // would be 64,000 games; a budget of 20,000 gives three paragraphs
        // their batches, in the book's order, and the others none.
        let groups: Vec<(usize, std::ops::Range<usize>)> =
            (0..10).map(|p| (p, p * 100..p * 100 + 100)).collect();
        let allowed = allowances(&groups, &|_| true, CAP, 20_000);
        assert_eq!(allowed[..4], [6_400, 6_400, 6_400, 0]);
        assert!(allowed.iter().sum::<u64>() <= 20_000);
        // A paragraph with nothing to decide plays nothing.
        let allowed = allowances(&groups, &|a| a >= 100, CAP, 1_000_000);
        assert_eq!(allowed[0], 0);
        assert_eq!(allowed[1], 6_400);
    }

    #[test]
    fn targeted_games_take_what_the_rules_allow_and_no_more() {
        let (book, _) = crate::load::load_book(std::path::Path::new("tests/fixtures/game-reach"));
        let engine = Engine::new(&book);
        let arms = ArmIndex::of(&book);
        let setup = Setup {
            players: 1,
            goal: Some((0, 20)),
        };
        let opts = GamesOptions {
            games: 20,
            seed: 3,
            setup,
            shard: (1, 1),
        };
        let (games, mut t) = games::run(&engine, &arms, &opts).unwrap();
        // A run in which nobody held the lamp or stood at sea at 101: its
        // sections untaken and never open, though their block was visited.
        let name = |a: usize| book.sources.slice(arms.arms[a].label).to_owned();
        let at = |label: &str| (0..arms.arms.len()).find(|&a| name(a) == label).unwrap();
        let (lamp, sea) = (at("LAMP"), at("{terrain = sea}"));
        for a in [lamp, sea] {
            t.arms[a] = 0;
            t.open[a] = 0;
        }
        assert!(decide::block_visits(&arms, &t, lamp) > 0);
        let targets = Targets {
            seed: 3,
            setup,
            budget: budget(20),
        };
        let reached = decide(&engine, &arms, (&t, &games), targets);
        let verdict = |a: usize| {
            reached
                .decided
                .iter()
                .find(|d| d.arm == a)
                .map(|d| d.verdict)
        };
        assert_eq!(verdict(lamp), Some(Verdict::Open));
        assert_eq!(verdict(sea), Some(Verdict::Open));
        assert_eq!(verdict(at("HAUNTED (mandatory)")), Some(Verdict::Never));
        assert_eq!(verdict(at("{terrain = swamp}")), Some(Verdict::Never));
        assert!(reached.games >= 2 * BATCH, "{}", reached.games);
    }

    #[test]
    fn a_dressing_gives_only_what_the_rules_allow() {
        let (book, _) = crate::load::load_book(std::path::Path::new("tests/fixtures/game-reach"));
        let can = Obtainable::of(&book, &GameTally::default());
        let lamp = book.glossary.resolve_name("Lamp").unwrap().id.value;
        let haunted = book.glossary.resolve_name("Haunted").unwrap().id.value;
        assert!(can.holds(&book, &lamp));
        assert!(!can.holds(&book, &haunted));
        let mut tally = GameTally::default();
        tally.held.status_games.insert("Haunted".into(), 1);
        assert!(Obtainable::of(&book, &tally).holds(&book, &haunted));
    }
}
