//! `tales sim`: play a book many times with random choices and count what
//! its readers meet, on the rules engine `tales play` uses.
//!
//! The run is cut into chunks of whole lives, each with its own seed made
//! from `--seed` and the chunk's number; chunks are played on any number
//! of threads and their tallies (integer counts) added up, so the same seed
//! gives the same report whatever the thread count.

// Statistics divide counts (far below 2^52) as floats, and histogram
// indices are changes within ±32: the casts cannot lose what matters.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

pub mod by_persona;
pub mod compare;
pub mod decide;
pub mod economy;
pub mod games;
pub mod games_compare;
pub mod games_decide;
pub mod games_dress;
pub mod games_html;
pub mod games_report;
pub mod html;
pub mod lives;
pub mod report;
pub mod slots;
pub mod tally;

use crate::engine::{Character, Engine, Outcome, RandomChooser, Rng, Start};
use crate::par::prelude::*;
pub use lives::{Lives, Persona};
use std::sync::atomic::{AtomicU64, Ordering};
use tally::{ArmIndex, Counter, Seen, Tally};

/// What to play.
#[derive(Clone, Debug)]
pub struct Options {
    pub encounters: u64,
    pub seed: u64,
    /// Encounters a life (a fresh character each life).
    pub length: u64,
    /// Play only part `k` of `n` equal parts of the run (1-based): shards
    /// of one run add up to the run, count for count.
    pub shard: (u64, u64),
    /// Where lives start and who lives them (`--from`, `--as`).
    pub lives: Lives,
}

/// Encounters a chunk holds, at least (rounded up to whole lives).
const CHUNK: u64 = 4096;

/// The seed of a chunk: splitmix64 of the run's seed and the chunk number.
pub(crate) fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    let mut z = seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The chunks `first..last` of `chunks` that shard `(k, n)` plays: the
/// shards of a run cut it into consecutive parts, none left out, none
/// twice. Counted in 128 bits: `chunks * k` may not fit in 64.
pub fn shard_chunks(chunks: u64, (k, n): (u64, u64)) -> (u64, u64) {
    let n = n.max(1);
    let k = k.clamp(1, n);
    let part = |i: u64| {
        u64::try_from(u128::from(chunks) * u128::from(i) / u128::from(n)).unwrap_or(chunks)
    };
    (part(k - 1), part(k))
}

/// The encounters shard `shard` of a run of `encounters` encounters in
/// lives of `length` plays (for a progress bar).
pub fn shard_encounters(encounters: u64, length: u64, shard: (u64, u64)) -> u64 {
    let length = length.max(1);
    let chunk = CHUNK.div_ceil(length) * length;
    let (first, last) = shard_chunks(encounters.div_ceil(chunk), shard);
    let end = last.saturating_mul(chunk).min(encounters);
    end.saturating_sub(first.saturating_mul(chunk))
}

/// Play the encounters (on the current rayon pool) and count them.
pub fn run(engine: &Engine, arms: &ArmIndex, opts: &Options) -> Tally {
    run_counting(engine, arms, opts, &AtomicU64::new(0))
}

/// [`run`], adding the encounters played to `done` as each chunk ends
/// (for a progress bar).
pub fn run_counting(engine: &Engine, arms: &ArmIndex, opts: &Options, done: &AtomicU64) -> Tally {
    let book = engine.book;
    let length = opts.length.max(1);
    let chunk = CHUNK.div_ceil(length) * length;
    let chunks = opts.encounters.div_ceil(chunk);
    let (first, last) = shard_chunks(chunks, opts.shard);
    let table = Table::new(engine, arms, &opts.lives, length);
    // Chunks are counted into one tally a rayon job (a tally is the size of
    // the book: one a chunk cost more in zeroed pages than in counting).
    (first..last)
        .into_par_iter()
        .fold(
            || Tally::new(book, arms, length),
            |mut tally, k| {
                let n = chunk.min(opts.encounters - k * chunk);
                play(&table, n, chunk_seed(opts.seed, k), &mut tally);
                done.fetch_add(n, Ordering::Relaxed);
                tally
            },
        )
        .reduce(|| Tally::new(book, arms, length), Tally::merge)
}

/// A new character for a life: as the book starts one, with three
/// different skills drawn at Talent level (the rules' "random skills can be
/// taken") and a gender drawn evenly.
fn fresh(book: &crate::ir::Book, world: &mut Rng) -> Character {
    let mut c = Character::new(book);
    // Distinct ids: a glossary that defines a skill twice has one skill
    // fewer to draw (the draw never ends on a count it cannot reach).
    let skills = book.glossary.ids(crate::ir::EntryKind::Skill);
    let want = skills.len().min(3);
    while c.skills.len() < want {
        let i = world.below(u32::try_from(skills.len()).unwrap_or(u32::MAX)) as usize;
        c.skills.insert(skills[i], crate::engine::Level::Talent);
    }
    c.gender = if world.below(2) == 0 {
        crate::engine::Gender::Female
    } else {
        crate::engine::Gender::Male
    };
    c
}

/// The encounter cards of a book: the deck the time of day follows.
fn cards(book: &crate::ir::Book) -> u64 {
    let c = &book.cards;
    (c.character.len() + c.terrain.len() + c.city.len()).max(1) as u64
}

/// The board is not played: each encounter happens on a space of the
/// board drawn evenly (with its terrain and gem), and the time of day
/// follows the deck as the rules say: morning until the deck of `deck`
/// cards is used up, noon for the second pass, night from the third.
fn where_and_when(
    book: &crate::ir::Book,
    c: &mut Character,
    turn: u64,
    deck: u64,
    world: &mut Rng,
) {
    use crate::engine::TimeOfDay;
    c.time = match turn / deck {
        0 => TimeOfDay::Morning,
        1 => TimeOfDay::Noon,
        _ => TimeOfDay::Night,
    };
    let spaces = &book.manifest.world.spaces;
    if !spaces.is_empty() {
        let i = world.below(u32::try_from(spaces.len()).unwrap_or(u32::MAX)) as usize;
        // `clone_from` reuses the string: no allocation per encounter.
        c.space
            .get_or_insert_with(String::new)
            .clone_from(&spaces[i].name.value);
    }
}

/// The places of power a life visits, one encounter each at a turn drawn
/// when the life starts: the board is not played, so the destination
/// marker an "opportunity to enter" places is followed once a life (docs/sim.md,
/// "What the simulation decides").
fn visits(places: usize, length: u64, world: &mut Rng, turns: &mut Vec<u64>) {
    turns.clear();
    let length = u32::try_from(length).unwrap_or(u32::MAX);
    turns.extend((0..places).map(|_| u64::from(world.below(length))));
}

/// Where this encounter starts: a status's encounters come first (the
/// engine plays them for `Start::Card`: an Imprisoned reader cannot go
/// anywhere), then a place of power whose turn it is, else a card.
fn start_of<'s>(
    engine: &Engine,
    c: &Character,
    slots: &'s slots::Slots,
    turns: &[u64],
    turn: u64,
) -> (&'s Start, Option<usize>) {
    const CARD: &Start = &Start::Card;
    if engine.held_encounter(c).is_some() {
        return (CARD, None);
    }
    match turns.iter().position(|&t| t == turn) {
        Some(i) => (&slots.places[i], Some(slots.place(i))),
        None => (CARD, None),
    }
}

/// What every life of a run shares.
pub(crate) struct Table<'a, 'b> {
    engine: &'a Engine<'b>,
    arms: &'a ArmIndex,
    lives: &'a Lives,
    /// Encounters a life (the run's `--length`).
    length: u64,
    deck: u64,
    goal: u32,
}

impl<'a, 'b> Table<'a, 'b> {
    pub(crate) fn new(
        engine: &'a Engine<'b>,
        arms: &'a ArmIndex,
        lives: &'a Lives,
        length: u64,
    ) -> Self {
        Table {
            engine,
            arms,
            lives,
            length: length.max(1),
            deck: cards(engine.book),
            goal: engine.book.manifest.rules.victory_points.unwrap_or(20),
        }
    }
}

/// A chunk's randomness: the engine's dice, the choices, and the world's
/// draws (a life's character, spaces, places' turns), each its own stream.
pub(crate) struct Dice {
    rng: Rng,
    chooser: RandomChooser,
    pub(crate) world: Rng,
    /// The turns of the places of power this life (reused).
    turns: Vec<u64>,
}

impl Dice {
    pub(crate) fn new(seed: u64) -> Self {
        Dice {
            rng: Rng::new(seed),
            chooser: RandomChooser(Rng::new(seed ^ 0xA5A5_A5A5_A5A5_A5A5)),
            world: Rng::new(seed ^ 0x5A5A_5A5A_5A5A_5A5A),
            turns: Vec::new(),
        }
    }
}

/// `n` encounters in lives of the run's length, from one seed, counted
/// into `tally`.
fn play(table: &Table, n: u64, seed: u64, tally: &mut Tally) {
    let book = table.engine.book;
    let mut dice = Dice::new(seed);
    // A character drawn before the first life (and not played): the
    // stream every report since the first has been made from.
    fresh(book, &mut dice.world);
    let from = table.lives.from.as_ref().map(|s| (0, s));
    let mut done = 0;
    while done < n {
        let life = table.length.min(n - done);
        play_life(table, &mut dice, tally, life, from);
        done += life;
    }
}

/// One life of `encounters` encounters (at most the run's length); the
/// encounter at turn `target.0`, if any, starts at `target.1`.
pub(crate) fn play_life(
    table: &Table,
    dice: &mut Dice,
    tally: &mut Tally,
    encounters: u64,
    target: Option<(u64, &Start)>,
) {
    let book = table.engine.book;
    let mut c = fresh(book, &mut dice.world);
    if let Some(p) = &table.lives.persona {
        p.dress(&mut c);
    }
    let places = table.arms.slots.places.len();
    visits(places, table.length, &mut dice.world, &mut dice.turns);
    let mut reached = false;
    for turn in 0..encounters {
        where_and_when(book, &mut c, turn, table.deck, &mut dice.world);
        if let Some(p) = &table.lives.persona {
            p.place(&mut c);
        }
        let (start, source) = match target {
            Some((t, s)) if t == turn => (s, None),
            _ => start_of(table.engine, &c, &table.arms.slots, &dice.turns, turn),
        };
        let before = (c.destiny, c.story, c.wealth);
        let what = encounter(table, dice, tally, &mut c, (start, source));
        tally.points(before, &c, &what);
        let turn = turn as usize;
        if !reached && c.destiny + c.story >= table.goal {
            reached = true;
            tally.goal[turn] += 1;
        } else if !reached && turn + 1 == table.length as usize {
            tally.goal[turn + 1] += 1;
        }
    }
}

/// `count` targeted lives towards `start` (what [`decide`] plays to
/// tell an arm nobody can take from a rare one): each plays the turns
/// before a turn drawn evenly in the run's length as any life does, then
/// the encounter of that turn starts at `start`, so its reader arrives
/// with what readers have by then.
pub(crate) fn targeted(table: &Table, seed: u64, count: u64, start: &Start, tally: &mut Tally) {
    let mut dice = Dice::new(seed);
    let length = u32::try_from(table.length).unwrap_or(u32::MAX);
    for _ in 0..count {
        let turn = u64::from(dice.world.below(length));
        play_life(table, &mut dice, tally, turn + 1, Some((turn, start)));
    }
}

/// One encounter, counted: its visits and arms, a death or a broken node.
fn encounter(
    table: &Table,
    dice: &mut Dice,
    tally: &mut Tally,
    c: &mut Character,
    (start, source): (&Start, Option<usize>),
) -> Seen {
    let book = table.engine.book;
    let mut counter = Counter {
        tally,
        book,
        arms: table.arms,
        reading: None,
        seen: Seen {
            source,
            ..Seen::default()
        },
        modifier: 0,
    };
    let outcome = table
        .engine
        .encounter(c, start, &mut dice.rng, &mut dice.chooser, &mut counter);
    let mut what = counter.seen;
    tally.encounters += 1;
    match outcome {
        Ok(Outcome::Died) => {
            tally.deaths += 1;
            what.died = true;
        }
        Ok(Outcome::Done) => {}
        Err(b) => {
            *tally.broken.entry(b.message).or_default() += 1;
        }
    }
    what
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arm_taken_was_open_though_an_arm_before_it_holds_a_block() {
        // 73: NO SKILL, MALE (mandatory) with its choice nested, then PIETY
        // at Master level: the nested arms are numbered between MALE and
        // PIETY, and PIETY's openings are still PIETY's.
        let (book, _) =
            crate::load::load_book(std::path::Path::new("tests/fixtures/spec-example-v3"));
        let engine = Engine::new(&book);
        let arms = ArmIndex::of(&book);
        let opts = Options {
            encounters: 20_000,
            seed: 9,
            length: 20,
            shard: (1, 1),
            lives: Lives {
                from: Some(Start::At(crate::ir::Target::Paragraph(73))),
                persona: Some(
                    Persona::new(&book, &[("skills".to_owned(), "Piety*".to_owned())]).unwrap(),
                ),
            },
        };
        let t = run(&engine, &arms, &opts);
        let piety = (0..arms.arms.len())
            .find(|&a| book.sources.slice(arms.arms[a].label) == "PIETY at Master level")
            .unwrap();
        assert!(arms.blocks[arms.arms[piety].first..].contains(&piety));
        assert!(t.arms[piety] > 0, "{}", t.arms[piety]);
        for a in 0..arms.arms.len() {
            assert!(
                t.arms[a] == 0 || t.open[a] >= t.arms[a],
                "arm {a}: {} taken, {} open",
                t.arms[a],
                t.open[a]
            );
        }
    }

    #[test]
    fn lives_are_both_genders() {
        let (book, _) = crate::load::load_book(std::path::Path::new("content/silver-caravan"));
        let mut world = Rng::new(5);
        let females = (0..1000)
            .filter(|_| fresh(&book, &mut world).gender == crate::engine::Gender::Female)
            .count();
        assert!((400..600).contains(&females), "{females}");
    }
}
