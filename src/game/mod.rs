//! Whole games (FORMAT.md 9.5; the seeds' rules): setup, turns (movement,
//! the encounter, city cards), victory in the start space with the goal
//! met, the last turn for the others, the tie-breaks. Every decision goes
//! through a [`Policy`]. It reads the IR and the engine; nothing reads it
//! but the CLI, `sim --games` and `play --game`. The rules as played are in docs/game.md.

mod awards;
mod cities;
pub mod deck;
pub mod held;
pub mod movement;
mod payments;
pub mod policy;
pub mod quests;
pub mod reach;
pub mod score;
mod sell;
pub mod statuses;
pub mod table;
#[cfg(test)]
mod table_tests;
pub mod tally;
pub mod targeted;
mod turn;

use crate::engine::{
    Broken, Character, Engine, Event, Level, Outcome, Rng, Sink, Start, TimeOfDay,
};
use crate::ir::{Board, Book, EntryKind, Id, RouteKind};
pub use policy::{Policy, Sale, Uniform};
use score::Points;
pub use targeted::{Dressing, Toward};

/// How games are set up.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub players: usize,
    /// Every player's destiny/story split (`--goal D/S`); drawn when `None`.
    pub goal: Option<(u32, u32)>,
}

/// A game that has not ended after this many rounds is left unfinished.
pub const MAX_ROUNDS: u32 = 1000;

/// One player: the engine's character and what the board adds.
#[derive(Clone, Debug)]
pub struct Player {
    pub c: Character,
    /// The secret split: destiny and story needed.
    pub goal: (u32, u32),
    /// The space the player is on (an index of the board's spaces).
    pub at: usize,
    /// The destination marker (a space).
    pub marker: Option<usize>,
    /// The award taken on arriving at the marker (`Place your Destination
    /// marker in SPACE; when you arrive there, ITEMS`).
    pub arrival: Option<crate::ir::Award>,
    /// City cards kept, to play in their city.
    pub kept: Vec<usize>,
    /// The next turn's encounter instead of a card.
    pub next: Option<crate::ir::Target>,
    pub encounters: u32,
    pub deaths: u32,
    /// The statuses' turns and the treasures, as the game counts them.
    pub held: statuses::Held,
    /// The quest card held (`None`: the book has none, or the deck ran out).
    pub quest: Option<quests::Current>,
    /// Each treasure held, with the region where it was found.
    pub found: Vec<(Id, Option<String>)>,
}

impl Player {
    /// The goal met (points; the space aside).
    #[must_use]
    pub fn goal_met(&self) -> bool {
        self.c.destiny >= self.goal.0 && self.c.story >= self.goal.1
    }
}

/// How a game ended.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The round the game ended in (`None`: unfinished after [`MAX_ROUNDS`]).
    pub rounds: Option<u32>,
    /// The winners' seats (more than one: a shared win).
    pub winners: Vec<usize>,
    pub goals: Vec<(u32, u32)>,
    /// Each player's starting skills, by name, in the glossary's order.
    pub skills: Vec<Vec<String>>,
    /// Each player's encounters.
    pub encounters: Vec<u32>,
    pub deaths: u32,
    /// Treasures sold.
    pub sold: u32,
    pub points: Points,
    /// Encounters that reached a broken node, by message.
    pub broken: Vec<String>,
    /// Each status held: (its name, the turns it was held), once a holding.
    pub statuses: Vec<(String, u32)>,
    /// Each treasure gained, by name.
    pub treasures: Vec<String>,
    /// Each quest completed: its name, and the round.
    pub quests: Vec<(String, u32)>,
    /// Each time a rule of the game acted between encounters (`table.rs`,
    /// `cities.rs`, `payments.rs`): `Entry: rule` (`Vizier: home`).
    pub acted: Vec<String>,
}

impl Record {
    /// A status held for `turns` turns, counted.
    pub(crate) fn held_for(&mut self, name: &str, turns: u32) {
        self.statuses.push((name.to_owned(), turns));
    }
}

/// What watches a game's encounters besides the game (the encounter
/// report's counts of `sim --games`): each encounter's events, and the
/// character before and after it.
pub trait Watch {
    /// An encounter begins at `start`: the sink that hears its events.
    fn begin(&mut self, start: &Start) -> &mut dyn Sink;
    /// It ended: destiny, story and wealth before, the character after.
    fn end(&mut self, before: (u32, u32, usize), c: &Character, outcome: &Result<Outcome, Broken>);
    /// A rule of the game acted for the player in `seat`, said in words
    /// ("Crippled: movement 3 → 2", "Imprisoned: no city card played").
    fn rule(&mut self, _seat: usize, _what: &str) {}
    /// The player in `seat` drew `card` from the encounter deck, at this
    /// time of day, on a space of this terrain.
    fn drawn(&mut self, _seat: usize, _card: deck::Card, _time: TimeOfDay, _terrain: Option<&str>) {
    }
}

/// Watches nothing.
pub struct NoWatch(pub crate::engine::Quiet);

impl Watch for NoWatch {
    fn begin(&mut self, _: &Start) -> &mut dyn Sink {
        &mut self.0
    }
    fn end(&mut self, _: (u32, u32, usize), _: &Character, _: &Result<Outcome, Broken>) {}
}

/// Two sinks hearing the same events.
pub(crate) struct Tee<'a>(pub &'a mut dyn Sink, pub &'a mut dyn Sink);

impl Sink for Tee<'_> {
    fn event(&mut self, c: &Character, e: Event<'_>) {
        // Events are not `Clone`; the game's scorer reads only the kinds
        // it needs, so it hears a copy rebuilt from them.
        if let Some(copy) = score::copy(&e) {
            self.0.event(c, copy);
        }
        self.1.event(c, e);
    }
}

/// A game being played.
pub struct Game<'e, 'b> {
    pub engine: &'e Engine<'b>,
    pub board: &'b Board,
    neighbours: Vec<Vec<(usize, RouteKind)>>,
    pub start: usize,
    /// Routes from each space to the start (the way home).
    to_start: Vec<Option<u32>>,
    pub deck: deck::Deck,
    pub players: Vec<Player>,
    /// The engine's dice and the deck's shuffles.
    pub rng: Rng,
    pub record: Record,
    /// The quest deck (indices of `book.quests`), the top last.
    pub quests: Vec<usize>,
    /// The round being played.
    pub round: u32,
    /// Immediate encounters left this turn (see [`awards::CHAIN`]).
    chain: u32,
}

/// The board and its start space, or why a book cannot be played as games.
pub fn board_of(book: &Book) -> Result<(&Board, usize), String> {
    let board = book.board.as_ref().ok_or_else(|| {
        "the book has no board.yaml: whole games need a board (FORMAT.md 9.1)".to_owned()
    })?;
    let start = book
        .manifest
        .rules
        .start
        .as_ref()
        .and_then(|s| board.position(&s.value))
        .filter(|&i| !board.spaces[i].is_place())
        .ok_or_else(|| "book.yaml `rules.start` names no space of board.yaml".to_owned())?;
    Ok((board, start))
}

impl<'e, 'b> Game<'e, 'b> {
    /// Set a game up: each player three different skills at Talent (fewer
    /// when the glossary has fewer), a gender, the start space and wealth,
    /// and a goal split (given or drawn).
    pub fn new<P: Policy>(
        engine: &'e Engine<'b>,
        setup: Setup,
        seed: u64,
        policy: &mut P,
    ) -> Result<Self, String> {
        let book = engine.book;
        let (board, start) = board_of(book)?;
        let mut rng = Rng::new(seed);
        let deck = deck::Deck::new(book, &mut rng);
        let players: Vec<Player> = (0..setup.players.max(1))
            .map(|_| new_player(book, start, setup.goal, policy))
            .collect();
        let record = Record {
            skills: players.iter().map(|p| skill_names(book, &p.c)).collect(),
            ..Record::default()
        };
        let quests = quests::deck(book, &mut rng);
        let mut game = Game {
            engine,
            board,
            neighbours: movement::adjacency(board),
            start,
            to_start: movement::distances(board, start),
            deck,
            players,
            rng,
            record,
            quests,
            round: 0,
            chain: 0,
        };
        for seat in 0..game.players.len() {
            game.deal_quest(seat);
        }
        Ok(game)
    }

    /// Play to the end (or [`MAX_ROUNDS`]) and say how it went.
    pub fn play<P: Policy>(self, policy: &mut P) -> Record {
        self.play_watched(policy, &mut NoWatch(crate::engine::Quiet))
    }

    /// [`Game::play`], with every encounter watched.
    pub fn play_watched<P: Policy, W: Watch>(mut self, policy: &mut P, watch: &mut W) -> Record {
        let n = self.players.len();
        let mut last_turns: Option<Vec<usize>> = None;
        let mut declarer = None;
        'rounds: for round in 1..=MAX_ROUNDS {
            self.round = round;
            for seat in 0..n {
                if let Some(left) = &mut last_turns {
                    if left.is_empty() {
                        break 'rounds;
                    }
                    left.retain(|&s| s != seat);
                }
                if policy.stop() {
                    break 'rounds;
                }
                self.turn(seat, policy, watch);
                if declarer.is_none() && self.eligible(seat) {
                    declarer = Some(seat);
                    last_turns = Some((0..n).filter(|&s| s != seat).collect());
                }
                if last_turns.as_ref().is_some_and(Vec::is_empty) {
                    self.record.rounds = Some(round);
                    break 'rounds;
                }
            }
        }
        if let Some(d) = declarer.filter(|_| self.record.rounds.is_some()) {
            self.record.winners = self.winners(d);
        }
        self.statuses_at_end();
        policy.over(&self);
        self.record.goals = self.players.iter().map(|p| p.goal).collect();
        self.record.encounters = self.players.iter().map(|p| p.encounters).collect();
        self.record.deaths = self.players.iter().map(|p| p.deaths).sum();
        self.record
    }

    /// In the start space with the goal met, and no status held that bars
    /// victory (`no-victory`).
    fn eligible(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        p.at == self.start && p.goal_met() && self.victory_barred(seat).is_none()
    }

    /// The eligible players at the end of the last turn (the declarer
    /// among them), then the most statuses, then the most skills; a tie
    /// after that is a shared win.
    fn winners(&self, declarer: usize) -> Vec<usize> {
        let mut open: Vec<usize> = (0..self.players.len())
            .filter(|&s| s == declarer || self.eligible(s))
            .collect();
        let keys: [fn(&Player) -> usize; 2] = [|p| p.c.statuses.len(), |p| p.c.skills.len()];
        for key in keys {
            let best = open
                .iter()
                .map(|&s| key(&self.players[s]))
                .max()
                .unwrap_or(0);
            open.retain(|&s| key(&self.players[s]) == best);
        }
        open
    }
}

/// The skills a character holds, by name, in the glossary's order.
fn skill_names(book: &Book, c: &Character) -> Vec<String> {
    book.glossary
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Skill && c.skills.contains_key(&e.id.value))
        .map(|e| e.name.value.clone())
        .collect()
}

/// A new player at the start.
fn new_player<P: Policy>(
    book: &Book,
    start: usize,
    goal: Option<(u32, u32)>,
    policy: &mut P,
) -> Player {
    let mut c = Character::new(book);
    if let Some(board) = &book.board {
        c.space = Some(board.spaces[start].name.value.clone());
    }
    // Distinct ids, as in a simulation's lives (`sim::fresh`).
    let skills = book.glossary.ids(EntryKind::Skill);
    while c.skills.len() < skills.len().min(3) {
        c.skills
            .insert(skills[policy.pick(skills.len())], Level::Talent);
    }
    c.gender = if policy.pick(2) == 0 {
        crate::engine::Gender::Female
    } else {
        crate::engine::Gender::Male
    };
    let points = book.manifest.rules.victory_points.unwrap_or(20);
    let goal = goal.unwrap_or_else(|| {
        let d = u32::try_from(policy.pick(points as usize + 1)).unwrap_or(0);
        (d, points - d)
    });
    Player {
        c,
        goal,
        at: start,
        marker: None,
        arrival: None,
        kept: Vec::new(),
        next: None,
        encounters: 0,
        deaths: 0,
        held: statuses::Held::default(),
        quest: None,
        found: Vec::new(),
    }
}

#[cfg(test)]
impl<'e, 'b> Game<'e, 'b> {
    /// The game the unit tests set up: `players` players (often one,
    /// alone), each with the goal 0/20, dealt from `seed`.
    pub(crate) fn alone_for_test<P: Policy>(
        engine: &'e Engine<'b>,
        players: usize,
        seed: u64,
        policy: &mut P,
    ) -> Self {
        let setup = Setup {
            players,
            goal: Some((0, 20)),
        };
        Game::new(engine, setup, seed, policy).expect("a book with a board")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Held;

    fn book(name: &str) -> Book {
        crate::load::load_book(std::path::Path::new("tests/fixtures").join(name).as_path()).0
    }

    /// Hears each card drawn, and where the encounter after it starts.
    struct Draws {
        quiet: crate::engine::Quiet,
        /// A city card drawn (its index) on a space of this terrain.
        drawn: Option<(usize, Option<String>)>,
        /// City cards drawn off any city, and the target then read.
        away: Vec<(usize, Start)>,
    }

    impl Watch for Draws {
        fn begin(&mut self, start: &Start) -> &mut dyn Sink {
            if let Some((i, terrain)) = self.drawn.take()
                && terrain.as_deref() != Some("city")
            {
                self.away.push((i, start.clone()));
            }
            &mut self.quiet
        }
        fn end(&mut self, _: (u32, u32, usize), _: &Character, _: &Result<Outcome, Broken>) {}
        fn drawn(&mut self, _: usize, card: deck::Card, _: TimeOfDay, terrain: Option<&str>) {
            self.drawn = match card {
                deck::Card::City(i) => Some((i, terrain.map(str::to_owned))),
                _ => None,
            };
        }
    }

    #[test]
    fn a_city_card_drawn_away_from_its_city_is_read_there() {
        // Rules summary, "City encounter cards": "If you draw a city
        // encounter card, immediately go to the paragraph printed on the
        // bottom of the card" (wherever you are); only the card kept is
        // played in its city. The sample book, many games.
        let book = crate::load::load_book(std::path::Path::new("content/sunken-lamp")).0;
        let engine = Engine::new(&book);
        let mut draws = Draws {
            quiet: crate::engine::Quiet,
            drawn: None,
            away: Vec::new(),
        };
        for seed in 0..20 {
            let mut policy = Uniform(Rng::new(seed));
            let game = Game::alone_for_test(&engine, 2, seed, &mut policy);
            game.play_watched(&mut policy, &mut draws);
        }
        assert!(draws.away.len() > 50, "{}", draws.away.len());
        for (i, start) in &draws.away {
            let paragraph = book.cards.city[*i].paragraph.as_ref().unwrap();
            assert_eq!(*start, Start::At(paragraph.target.clone()));
        }
    }

    #[test]
    fn a_city_card_kept_is_played_on_a_later_turn_not_the_one_it_was_drawn_in() {
        // Rules summary, "Encounter cards": a city card may be kept "to
        // play on a future turn"; "in the named city at the end of a future
        // encounter phase". A card drawn and kept in its own city waits (it
        // was played at once). The sample book, one player, many turns.
        let book = crate::load::load_book(std::path::Path::new("content/sunken-lamp")).0;
        let engine = Engine::new(&book);
        let city = |i: usize| book.cards.city[i].city.value.clone();
        let mut played = 0;
        for seed in 0..30 {
            let mut policy = Uniform(Rng::new(seed));
            let mut g = Game::alone_for_test(&engine, 1, seed, &mut policy);
            for _ in 0..80 {
                let before: Vec<String> = g.players[0].kept.iter().map(|&i| city(i)).collect();
                let mut heard = statuses::tests::Heard::default();
                g.turn(0, &mut policy, &mut heard);
                for line in &heard.0 {
                    if let Some((c, _)) = line.split_once("'s city card played") {
                        played += 1;
                        assert!(
                            before.iter().any(|b| b == c),
                            "seed {seed}: {line}, kept before the turn: {before:?}"
                        );
                    }
                }
            }
        }
        assert!(played > 20, "{played}");
    }

    #[test]
    fn the_last_turn_is_the_others_and_the_eligible_tie_is_shared() {
        // game-tiny, two players of goal 0/20: every turn stays at the start
        // and gives S1-S3. Whoever reaches 20 first declares; the other has
        // one last turn (seat 1 in the same round, seat 0 in the next).
        let book = book("game-tiny");
        let engine = Engine::new(&book);
        let setup = Setup {
            players: 2,
            goal: Some((0, 20)),
        };
        let (mut by_seat_1, mut shared) = (0, 0);
        for seed in 0..500 {
            let mut policy = Uniform(Rng::new(seed));
            let game = Game::new(&engine, setup, seed, &mut policy).unwrap();
            let r = game.play(&mut policy);
            let rounds = r.rounds.expect("ended");
            assert_eq!(r.encounters[0], rounds, "seed {seed}");
            if r.encounters[1] + 1 == rounds {
                // Seat 1 declared in the round before: seat 0's last turn.
                assert!(r.winners.contains(&1), "seed {seed}");
                by_seat_1 += 1;
            } else {
                assert_eq!(r.encounters[1], rounds, "seed {seed}");
                assert!(r.winners.contains(&0), "seed {seed}");
            }
            // Both eligible: the same statuses (none) and skills (three).
            if r.winners.len() == 2 {
                shared += 1;
            }
        }
        assert!(by_seat_1 > 50 && shared > 50, "{by_seat_1} {shared}");
    }

    #[test]
    fn ties_go_to_the_most_statuses_then_the_most_skills() {
        let book = book("game-tiny");
        let engine = Engine::new(&book);
        let mut policy = Uniform(Rng::new(1));
        let mut game = Game::alone_for_test(&engine, 3, 1, &mut policy);
        for p in &mut game.players {
            p.c.story = 20;
        }
        // Everyone eligible, alike: a shared win.
        assert_eq!(game.winners(2), vec![0, 1, 2]);
        // One fewer skill: out.
        let luck = crate::ir::Id::from("luck");
        game.players[0].c.skills.remove(&luck);
        assert_eq!(game.winners(2), vec![1, 2]);
        // A status beats a skill more.
        game.players[0].c.statuses.push(Held {
            id: luck,
            turns_left: None,
            fresh: false,
        });
        assert_eq!(game.winners(2), vec![0]);
        // Not in the start space: not eligible, though not the declarer.
        game.players[0].at = usize::MAX;
        assert_eq!(game.winners(2), vec![1, 2]);
        // The declarer, whose turn is over, stays among the eligible.
        game.players[2].c.story = 0;
        assert_eq!(game.winners(2), vec![1, 2]);
    }
}
