//! `tales play --game`: a hot-seat game in the terminal. The game loop is
//! the one `sim --games` plays (`crate::game`); every decision of a person's
//! seat goes through [`Seats`], a [`Policy`] that asks on the terminal
//! through the same asking layer as `play` (numbered options, `back`,
//! `quit`), and bot seats take the simulation's default policy.
//!
//! Undo (`back`) plays the game again from its seed with every decision of
//! the people but the last, quietly, and asks that one again: the game is
//! deterministic given the seed and those decisions (bots draw from their
//! own generator, seeded from the game's).

use super::{Abort, End, Mode, Options, Shared, Ui, transcript};
use crate::engine::{
    Ask, Broken, Character, Chooser, Engine, Outcome, Rng, Sink, Start, TimeOfDay,
};
use crate::game::deck::{self, Card};
use crate::game::movement::Move;
use crate::game::{Game, Policy, Setup, Uniform, Watch};
use crate::ir::{Book, RouteKind};
use serde_json::{Value, json};
use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::rc::Rc;

/// Bots draw from a generator of their own, seeded from the game's seed.
const BOT_SALT: u64 = 0x5EA7_B075_0000_0001;

/// How a hot-seat game is set up and asked.
pub struct GameOptions {
    pub setup: Setup,
    /// The last `bots` seats are played by the default policy.
    pub bots: usize,
    pub seed: u64,
    pub width: usize,
    pub mode: Mode,
    pub echo: bool,
}

/// The transcript's first line of a game: the seed, the setup and the
/// book's hash (a replay of another book or setup is refused).
pub fn start_line(book: &Book, opts: &GameOptions) -> String {
    json!({
        "step": 0,
        "kind": "start",
        "seed": opts.seed,
        "book": transcript::book_hash(book),
        "game": game_value(&opts.setup, opts.bots),
    })
    .to_string()
}

/// The setup as a transcript's start line holds it.
pub fn game_value(setup: &Setup, bots: usize) -> Value {
    json!({
        "players": setup.players,
        "bots": bots,
        "goal": setup.goal.map(|(d, s)| format!("{d}/{s}")),
    })
}

/// The policy of a hot-seat game: people's seats asked, bots' drawn.
struct Seats<'b, 'io> {
    ui: Shared<'b, 'io>,
    book: &'b Book,
    bot: Uniform,
    /// Seats `0..people` are people.
    people: usize,
    players: usize,
    seat: usize,
    /// The round being played, and turns so far.
    round: u32,
    turns: usize,
}

impl Seats<'_, '_> {
    fn person(&self) -> bool {
        self.seat < self.people
    }

    fn name(&self, seat: usize) -> String {
        let who = if seat < self.people { "" } else { " (bot)" };
        format!("player {}{who}", seat + 1)
    }

    /// A decision of the game (not the engine's) asked of a person, and
    /// its own transcript step.
    fn decide(&mut self, kind: &str, header: &str, options: &[&str]) -> usize {
        let mut ui = self.ui.0.borrow_mut();
        let k = ui.decide(kind, options, |ui| ui.menu(header, options));
        if let Some((index, choice)) = ui.pending.take() {
            let step = json!({"kind": kind, "choice": choice, "choice_index": index});
            push_step(&mut ui, step);
        }
        k
    }
}

/// A step of the game's own (a turn, a move, a card kept), numbered and
/// stamped like the engine's.
fn push_step(ui: &mut Ui<'_, '_>, mut step: Value) {
    ui.step += 1;
    step["step"] = Value::from(ui.step);
    step["encounter"] = Value::from(ui.encounter);
    step["seed"] = Value::from(ui.seed);
    if let Some(seat) = ui.seat {
        step["player"] = Value::from(seat + 1);
    }
    for key in ["paragraph", "choice", "roll"] {
        if step.get(key).is_none() {
            step[key] = Value::Null;
        }
    }
    if let Some(c) = &ui.last_state {
        step["state"] = transcript::state(c, ui.book);
    }
    ui.transcript.push(step.to_string());
}

impl Chooser for Seats<'_, '_> {
    /// The seat's person or bot; a choice another player makes for the
    /// seat (Insane's reaction, a table's line, a die named) is the next
    /// seat's, the player to the left (the rules say only "another
    /// player": docs/game.md).
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        let by = if ask.by_another && self.players > 1 {
            (self.seat + 1) % self.players
        } else {
            self.seat
        };
        if by >= self.people {
            return self.bot.choose(ask);
        }
        if by != self.seat && !self.stop() {
            let line = format!(
                "player {}, you choose for {}:\n",
                by + 1,
                self.name(self.seat)
            );
            self.ui.0.borrow_mut().print(&line);
        }
        self.ui.choose(ask)
    }
}

impl Policy for Seats<'_, '_> {
    fn movement(&mut self, moves: &[Move], toward: Option<&[Option<u32>]>) -> usize {
        let board = self.book.board.as_ref();
        let name = |i: usize| board.map_or("?", |b| b.spaces[i].name.value.as_str());
        let k = if self.person() && moves.len() > 1 {
            let options: Vec<String> = moves.iter().map(|m| move_words(self.book, m)).collect();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            self.decide("move", "where do you move?", &options)
        } else if self.person() {
            0
        } else {
            self.bot.movement(moves, toward)
        };
        if let Some(m) = moves.get(k).filter(|_| !self.stop()) {
            let verb = if m.land + m.sea == 0 {
                "stays in"
            } else {
                "moves to"
            };
            let line = format!("{} {verb} {}\n", self.name(self.seat), name(m.to));
            self.ui.0.borrow_mut().print(&line);
        }
        k
    }

    fn space(&mut self, by: usize, spaces: &[usize], toward: Option<&[Option<u32>]>) -> usize {
        let board = self.book.board.as_ref();
        let name = |i: usize| board.map_or("?", |b| b.spaces[i].name.value.as_str());
        // The seat that decides: the player, or another player sending
        // them ("Have another player move you ...").
        let k = if by < self.people && spaces.len() > 1 {
            let options: Vec<&str> = spaces.iter().map(|&i| name(i)).collect();
            let header = if by == self.seat {
                "where to?".to_owned()
            } else {
                format!(
                    "player {}, where do you send {}?",
                    by + 1,
                    self.name(self.seat)
                )
            };
            self.decide("space", &header, &options)
        } else {
            self.bot.space(by, spaces, toward)
        };
        if let Some(&to) = spaces.get(k).filter(|_| !self.stop()) {
            let line = if by == self.seat {
                format!("{} goes to {}\n", self.name(self.seat), name(to))
            } else {
                format!(
                    "{} sends {} to {}\n",
                    self.name(by),
                    self.name(self.seat),
                    name(to)
                )
            };
            self.ui.0.borrow_mut().print(&line);
        }
        k
    }

    /// `You may move ...`: a person is asked; a bot decides, and the game
    /// says what it did.
    fn take_move(
        &mut self,
        seat: usize,
        here: usize,
        spaces: &[usize],
        toward: Option<&[Option<u32>]>,
    ) -> bool {
        if self.person() {
            return self.decide("may-move", "you may move: move or stay?", &["move", "stay"]) == 0;
        }
        let take = self.bot.take_move(seat, here, spaces, toward);
        if !take && !self.stop() {
            let line = format!("{} stays\n", self.name(self.seat));
            self.ui.0.borrow_mut().print(&line);
        }
        take
    }

    /// A person picks who moves them; the game says whom it was.
    fn mover(&mut self, seat: usize, others: &[usize]) -> usize {
        if self.person() && others.len() > 1 {
            let names: Vec<String> = others.iter().map(|&s| self.name(s)).collect();
            let options: Vec<&str> = names.iter().map(String::as_str).collect();
            self.decide("mover", "which player moves you?", &options)
        } else if self.person() {
            0
        } else {
            self.bot.mover(seat, others)
        }
    }

    /// The mover, a person, is asked where; the game says where to.
    fn move_for(&mut self, by: usize, seat: usize, moves: &[Move]) -> usize {
        if by != seat && by < self.people && moves.len() > 1 {
            let options: Vec<String> = moves.iter().map(|m| move_words(self.book, m)).collect();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let header = format!("player {}, where do you move {}?", by + 1, self.name(seat));
            self.decide("move", &header, &options)
        } else {
            self.bot.move_for(by, seat, moves)
        }
    }

    fn sell(&mut self, sales: &[crate::game::Sale]) -> Option<usize> {
        if !self.person() {
            return self.bot.sell(sales);
        }
        let names: Vec<String> = sales
            .iter()
            .map(|s| {
                let name = (self.book.glossary.by_id(&s.treasure))
                    .map_or_else(|| s.treasure.to_string(), |e| e.name.value.clone());
                match (s.gains, s.needed) {
                    (true, false) => format!("sell {name}"),
                    (true, true) => format!("sell {name} (your quest needs it)"),
                    (false, false) => format!("sell {name} (for nothing: as rich as it pays)"),
                    (false, true) => {
                        format!("sell {name} (for nothing; your quest needs it)")
                    }
                }
            })
            .collect();
        let mut options: Vec<&str> = names.iter().map(String::as_str).collect();
        options.push("sell nothing");
        let k = self.decide("sell", "sell a treasure?", &options);
        (k < sales.len()).then_some(k)
    }

    fn keep_city_card(&mut self, card: usize) -> bool {
        let city = self
            .book
            .cards
            .city
            .get(card)
            .map_or("?", |c| c.city.value.as_str());
        if self.person() {
            let header = format!("keep the city card of {city}, to play it later in {city}?");
            self.decide("keep-card", &header, &["keep it", "discard it"]) == 0
        } else {
            let keep = self.bot.keep_city_card(card);
            let what = if keep { "keeps" } else { "discards" };
            if !self.stop() {
                let line = format!("{} {what} the city card of {city}\n", self.name(self.seat));
                self.ui.0.borrow_mut().print(&line);
            }
            keep
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        self.bot.pick(n)
    }

    fn turn(&mut self, game: &Game<'_, '_>, seat: usize) {
        if seat == 0 || self.turns == 0 {
            self.round += 1;
        }
        self.seat = seat;
        let text = turn_screen(game, seat, self.people, self.round);
        let mut ui = self.ui.0.borrow_mut();
        ui.encounter = self.turns;
        ui.seat = Some(seat);
        // The character as the turn finds it: the time of day is the
        // deck's now (the character's is its last encounter's).
        let mut c = game.players[seat].c.clone();
        c.time = game.deck.time;
        ui.last_state = Some(c);
        ui.print(&text);
        let step = json!({"kind": "turn", "round": self.round});
        push_step(&mut ui, step);
        self.turns += 1;
    }

    fn stop(&self) -> bool {
        self.ui.0.borrow().abort.is_some()
    }

    fn over(&mut self, game: &Game<'_, '_>) {
        let mut ui = self.ui.0.borrow_mut();
        if ui.abort.is_some() {
            return;
        }
        let text = end_screen(game, self.people);
        ui.print(&text);
    }
}

/// A move in words: `Market (1 land)`, `stay in Home`.
fn move_words(book: &Book, m: &Move) -> String {
    let name = book
        .board
        .as_ref()
        .map_or("?", |b| b.spaces[m.to].name.value.as_str());
    match (m.land, m.sea) {
        (0, 0) => format!("stay in {name}"),
        (l, 0) => format!("{name} ({l} land)"),
        (0, s) => format!("{name} ({s} sea)"),
        (l, s) => format!("{name} ({l} land, {s} sea)"),
    }
}

/// Where a player stands, in words: `Home (city, Arabia); routes out: land
/// to Market, sea to Isle`.
fn position(game: &Game<'_, '_>, at: usize) -> String {
    let space = &game.board.spaces[at];
    let mut about: Vec<&str> = Vec::new();
    about.extend(space.terrain.as_ref().map(|t| t.value.as_str()));
    about.extend(space.region.as_ref().map(|r| r.value.as_str()));
    let routes: Vec<String> = game
        .board
        .neighbours(at)
        .map(|(to, kind)| {
            let way = if kind == RouteKind::Sea {
                "sea"
            } else {
                "land"
            };
            format!("{way} to {}", game.board.spaces[to].name.value)
        })
        .collect();
    let routes = if routes.is_empty() {
        "none".to_owned()
    } else {
        routes.join(", ")
    };
    format!(
        "{} ({}); routes out: {routes}",
        space.name.value,
        about.join(", ")
    )
}

/// One player's line: points (against the goal for the seat playing, the
/// others' goals secret), wealth, statuses, treasures, the space.
fn player_line(game: &Game<'_, '_>, seat: usize, shown: bool, people: usize) -> String {
    let book = game.engine.book;
    let p = &game.players[seat];
    let points = if shown {
        format!(
            "destiny {}/{}, story {}/{}",
            p.c.destiny, p.goal.0, p.c.story, p.goal.1
        )
    } else {
        format!("destiny {}, story {} (goal secret)", p.c.destiny, p.c.story)
    };
    let names = |ids: Vec<&str>| {
        let v: Vec<&str> = ids
            .into_iter()
            .map(|id| {
                book.glossary
                    .by_id(id)
                    .map_or(id, |e| e.name.value.as_str())
            })
            .collect();
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    let wealth = book
        .manifest
        .rules
        .wealth
        .get(p.c.wealth)
        .map_or("?", |w| w.name.value.as_str());
    let bot = if seat < people { "" } else { " (bot)" };
    let kept: Vec<&str> = p
        .kept
        .iter()
        .filter_map(|&i| book.cards.city.get(i).map(|c| c.city.value.as_str()))
        .collect();
    let kept = if kept.is_empty() {
        String::new()
    } else {
        format!(", city cards: {}", kept.join(", "))
    };
    format!(
        "  player {}{bot}: {points}, wealth {wealth}, statuses: {}, treasures: {}{kept}, at {}\n",
        seat + 1,
        names(p.c.statuses.iter().map(|s| s.id.as_str()).collect()),
        names(p.c.treasures.iter().map(|t| t.as_str()).collect()),
        game.board.spaces[p.at].name.value,
    )
}

/// The screen at the start of a turn.
fn turn_screen(game: &Game<'_, '_>, seat: usize, people: usize, round: u32) -> String {
    let who = if seat < people { "" } else { " (bot)" };
    let mut text = format!("\n=== round {round}: player {}{who}'s turn ===\n", seat + 1);
    let p = &game.players[seat];
    let _ = writeln!(
        text,
        "at {}; time of day: {}",
        position(game, p.at),
        game.deck.time.as_str()
    );
    // The rates this turn, statuses and treasures applied (their reasons
    // follow, as the game applies them).
    let (rates, _) = crate::game::movement::reasoned(game.engine.book, &p.c);
    let _ = writeln!(
        text,
        "movement: {} by land, {} by sea",
        rates.land, rates.sea
    );
    if let Some(m) = p.marker {
        let _ = writeln!(
            text,
            "destination marker: {}",
            game.board.spaces[m].name.value
        );
    }
    if let Some(line) = super::quest::line(game, seat) {
        text.push_str(&line);
    }
    if p.goal_met() && p.at != game.start && seat < people {
        let home = &game.board.spaces[game.start].name.value;
        let _ = writeln!(text, "the goal is met: back in {home}, the player wins");
    }
    text.push_str("players:\n");
    for s in 0..game.players.len() {
        // A goal is secret: shown to the person playing, never a bot's
        // (the people watch its turn).
        text.push_str(&player_line(game, s, s == seat && seat < people, people));
    }
    text
}

/// The end: who won in which round, every goal shown.
fn end_screen(game: &Game<'_, '_>, people: usize) -> String {
    let r = &game.record;
    let mut text = match r.rounds {
        Some(n) => {
            let seats: Vec<String> = r.winners.iter().map(|s| (s + 1).to_string()).collect();
            let who = match seats.split_last() {
                Some((last, [])) => format!("player {last} wins"),
                Some((last, rest)) => {
                    format!("players {} and {last} share the win", rest.join(", "))
                }
                None => "nobody wins".to_owned(),
            };
            format!("\n=== the game is over in round {n}: {who} ===\n")
        }
        None => format!(
            "\n=== the game is unfinished after {} rounds ===\n",
            crate::game::MAX_ROUNDS
        ),
    };
    for s in 0..game.players.len() {
        text.push_str(&player_line(game, s, true, people));
    }
    text
}

/// The encounters of the game, shown and recorded as `play` does.
struct Watching<'b, 'io>(Shared<'b, 'io>);

impl Watch for Watching<'_, '_> {
    fn begin(&mut self, _: &Start) -> &mut dyn Sink {
        &mut self.0
    }

    fn end(&mut self, _: (u32, u32, usize), _: &Character, outcome: &Result<Outcome, Broken>) {
        let mut ui = self.0.0.borrow_mut();
        if ui.abort.is_some() {
            return;
        }
        // A death is said once, by the encounter's own event ("you die:
        // ..."), as `play` says it.
        if let Err(b) = outcome {
            let line = format!("(the encounter stopped at a broken node: {})\n", b.message);
            ui.print(&line);
        }
    }

    /// The card drawn, named before its encounter.
    fn drawn(&mut self, _: usize, card: Card, time: TimeOfDay, terrain: Option<&str>) {
        let mut ui = self.0.0.borrow_mut();
        if ui.abort.is_none() {
            let line = format!(
                "card drawn: {}\n",
                deck::words(ui.book, card, time, terrain)
            );
            ui.print(&line);
        }
    }

    /// A rule of the game acted: said as the engine's rules are.
    fn rule(&mut self, _: usize, what: &str) {
        let mut ui = self.0.0.borrow_mut();
        if ui.abort.is_none() {
            ui.print(&format!("({what})\n"));
        }
    }
}

/// Play a game to its end, `back` replaying it from its seed. Returns how
/// it ended and the transcript's steps (after the start line).
pub fn run(
    engine: &Engine<'_>,
    opts: GameOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(End, Vec<String>), String> {
    let book = engine.book;
    let (setup, seed, people) = (opts.setup, opts.seed, opts.setup.players - opts.bots);
    let options = Options {
        start: Start::Card,
        seed,
        encounters: None,
        width: opts.width,
        mode: opts.mode,
        echo: opts.echo,
    };
    let ui = Rc::new(RefCell::new(Ui::new(
        book,
        out,
        input,
        options,
        &Character::new(book),
    )));
    loop {
        let mut seats = Seats {
            ui: Shared(ui.clone()),
            book,
            bot: Uniform(Rng::new(seed ^ BOT_SALT)),
            people,
            players: setup.players,
            seat: 0,
            round: 0,
            turns: 0,
        };
        let game = Game::new(engine, setup, seed, &mut seats)?;
        game.play_watched(&mut seats, &mut Watching(Shared(ui.clone())));
        let mut u = ui.borrow_mut();
        let end = match u.abort.take() {
            Some(Abort::Back) => {
                back(&mut u);
                continue;
            }
            Some(Abort::Quit) => End::Quit,
            Some(Abort::RanOut) => End::RanOut,
            None => End::Finished,
        };
        return Ok((end, std::mem::take(&mut u.transcript)));
    }
}

/// `back`: the game again from its start, the people's decisions but the
/// last replayed quietly; the next question unmutes.
fn back(u: &mut Ui<'_, '_>) {
    let mut redo = std::mem::take(&mut u.made);
    redo.pop();
    u.prefix = redo.into_iter().collect();
    u.transcript.clear();
    u.step = 0;
    u.pending = None;
    u.print("(back: choose again)\n");
    u.mute = true;
}
