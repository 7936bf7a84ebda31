//! `tales play`: a session over the rules engine. The engine decides; this
//! module asks the player (a terminal, a script on standard input, chance,
//! or a recorded transcript), shows what happens, and records it.
//!
//! Undo (`back`) replays the encounter from its start with every choice but
//! the last: the engine is deterministic given the seed and the choices.

pub mod game;
mod quest;
pub mod read;
pub mod screen;
pub mod spec;
pub mod transcript;

use crate::engine::{Ask, Broken, Character, Chooser, Engine, Event, Outcome, Rng, Sink, Start};
use crate::ir::Book;
use serde_json::{Value, json};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::rc::Rc;

/// Where choices come from.
pub enum Mode {
    /// Read from the input, one per line (a number or the option's text).
    Ask,
    /// At random, from a generator seeded from the session's seed.
    Auto,
    /// From a transcript.
    Replay(Vec<usize>),
}

pub struct Options {
    pub start: Start,
    pub seed: u64,
    /// How many encounters; `None`: until `quit` or the end of the input.
    pub encounters: Option<usize>,
    pub width: usize,
    pub mode: Mode,
    /// Echo input lines (scripted sessions read well in their output).
    pub echo: bool,
}

/// How a session ended.
#[derive(Debug)]
pub enum End {
    Finished,
    Quit,
    /// Scripted input ended at a question.
    RanOut,
    Broken(Broken),
}

/// An encounter played, as `back` between encounters needs it: the state
/// it started from, the choices made, and where its transcript began.
struct Last {
    snapshot: (Character, Rng),
    made: Vec<usize>,
    committed: usize,
    step: usize,
}

enum Abort {
    Back,
    Quit,
    /// The input ended at a question.
    RanOut,
}

/// What the chooser and the sink share.
struct Ui<'b, 'io> {
    book: &'b Book,
    out: &'io mut dyn Write,
    transcript: Vec<String>,
    input: &'io mut dyn BufRead,
    width: usize,
    /// Show each input line (when the input is not a terminal).
    echo: bool,
    mute: bool,
    /// Choices to replay before asking again (after `back`).
    prefix: VecDeque<usize>,
    /// Choices made in this encounter.
    made: Vec<usize>,
    /// The next step carries this choice (1-based index, text).
    pending: Option<(usize, String)>,
    abort: Option<Abort>,
    mode: Mode,
    auto: Rng,
    replay_pos: usize,
    last_state: Option<Character>,
    step: usize,
    encounter: usize,
    seed: u64,
    paragraph: Option<u32>,
    /// In a game (`--game`): the seat playing (0-based), in every step.
    seat: Option<usize>,
}

impl Ui<'_, '_> {
    fn print(&mut self, s: &str) {
        if !self.mute {
            let _ = self.out.write_all(s.as_bytes());
        }
    }

    fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let line = line.trim().to_owned();
                if self.echo {
                    // A script's answers, shown as if typed.
                    let shown = format!("{line}\n");
                    self.print(&shown);
                }
                Some(line)
            }
        }
    }

    fn ask(&mut self, ask: &Ask<'_>) -> usize {
        let header = match ask.kind {
            crate::engine::AskKind::Reaction => "how do you react?",
            crate::engine::AskKind::Master => "your Master skill is named nearby:",
            crate::engine::AskKind::Section => "which section do you read?",
            crate::engine::AskKind::Branch => "what do you do?",
            crate::engine::AskKind::Award => "choose one:",
            crate::engine::AskKind::OtherGender => "the one you meet is:",
            crate::engine::AskKind::Die => "which number does the die show?",
            crate::engine::AskKind::ChartEntry => "for another player: which line of the table?",
        };
        self.menu(header, &ask.options)
    }

    /// Ask one of `options` under `header` on the input: a number or an
    /// option's text, or `quit`, `back`, `state`, `help`.
    fn menu(&mut self, header: &str, options: &[&str]) -> usize {
        let n = options.len();
        let mut menu = format!("{header}\n");
        for (i, o) in options.iter().enumerate() {
            let _ = writeln!(menu, "  {}. {}", i + 1, o.trim());
        }
        loop {
            self.print(&menu);
            self.print("> ");
            let _ = self.out.flush();
            let Some(line) = self.read_line() else {
                self.print("\n");
                self.abort = Some(Abort::RanOut);
                return 0;
            };
            match line.to_lowercase().as_str() {
                "quit" | "q" | "exit" => {
                    self.abort = Some(Abort::Quit);
                    return 0;
                }
                "back" | "b" | "undo" => {
                    if self.made.is_empty() {
                        let what = if self.seat.is_some() {
                            "nothing to undo yet: this is the game's first decision\n"
                        } else {
                            "nothing to undo in this encounter\n"
                        };
                        self.print(what);
                        continue;
                    }
                    self.abort = Some(Abort::Back);
                    return 0;
                }
                "state" | "s" => {
                    let text = self
                        .last_state
                        .as_ref()
                        .map(|c| screen::state(self.book, c))
                        .unwrap_or_default();
                    self.print(&text);
                    continue;
                }
                "help" | "h" | "?" => {
                    let quit = if self.seat.is_some() {
                        "`quit` stops the game"
                    } else {
                        "`quit` ends the session"
                    };
                    self.print(&format!("type a number or the option's text; `state` shows your character, `back` undoes your last choice, {quit}\n"));
                    continue;
                }
                _ => {}
            }
            if let Ok(k) = line.parse::<usize>()
                && (1..=n).contains(&k)
            {
                return k - 1;
            }
            let low = line.to_lowercase();
            let matches: Vec<usize> = (0..n)
                .filter(|&i| options[i].trim().to_lowercase().starts_with(&low) && !low.is_empty())
                .collect();
            // What was chosen is told next (`you react: Bow`, the section's
            // heading): the option is not printed back here.
            if let [k] = matches[..] {
                return k;
            }
            if let Some(k) = (0..n).find(|&i| options[i].trim().eq_ignore_ascii_case(&line)) {
                return k;
            }
            let expected = if n == 1 {
                "type 1 (the only choice)".to_owned()
            } else {
                format!("choose 1 to {n}")
            };
            self.print(&format!("{expected}, or type `help`\n"));
        }
    }
}

struct Shared<'b, 'io>(Rc<RefCell<Ui<'b, 'io>>>);

impl Chooser for Shared<'_, '_> {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.0
            .borrow_mut()
            .decide(prompt(ask), &ask.options, |ui| ui.ask(ask))
    }
}

impl Ui<'_, '_> {
    /// One decision: replayed from `prefix` (after `back`), else asked
    /// (`ask`), drawn (`--auto`) or read from the transcript (`--replay`);
    /// recorded for `back` and for the next transcript step.
    fn decide(
        &mut self,
        prompt: &str,
        options: &[&str],
        ask: impl FnOnce(&mut Self) -> usize,
    ) -> usize {
        if self.abort.is_some() {
            return 0;
        }
        let n = options.len().max(1);
        let k = if let Some(k) = self.prefix.pop_front() {
            k.min(n - 1)
        } else {
            self.mute = false;
            match &self.mode {
                Mode::Ask => ask(self),
                Mode::Auto => {
                    let k = self.auto.below(u32::try_from(n).unwrap_or(1)) as usize;
                    let text = format!("{prompt} → {}\n", options.get(k).map_or("", |o| o.trim()));
                    self.print(&text);
                    k
                }
                Mode::Replay(choices) => {
                    let next = choices.get(self.replay_pos).copied();
                    self.replay_pos += 1;
                    if let Some(k) = next {
                        let k = k.min(n - 1);
                        let text =
                            format!("{prompt} → {}\n", options.get(k).map_or("", |o| o.trim()));
                        self.print(&text);
                        k
                    } else {
                        self.abort = Some(Abort::Quit);
                        0
                    }
                }
            }
        };
        if self.abort.is_none() {
            self.made.push(k);
            self.pending = Some((
                k + 1,
                options
                    .get(k)
                    .map_or(String::new(), |s| s.trim().to_owned()),
            ));
        }
        k
    }
}

fn prompt(ask: &Ask<'_>) -> &'static str {
    use crate::engine::AskKind;
    match ask.kind {
        AskKind::Reaction => "reaction",
        AskKind::Master => "master",
        AskKind::Section => "section",
        AskKind::Branch => "choice",
        AskKind::Award => "award",
        AskKind::OtherGender => "other-gender",
        AskKind::Die => "die",
        AskKind::ChartEntry => "chart-entry",
    }
}

impl<'b, 'io> Ui<'b, 'io> {
    fn new(
        book: &'b Book,
        out: &'io mut dyn Write,
        input: &'io mut dyn BufRead,
        opts: Options,
        character: &Character,
    ) -> Self {
        Ui {
            book,
            out,
            transcript: Vec::new(),
            input,
            width: opts.width,
            echo: opts.echo,
            mute: false,
            prefix: VecDeque::new(),
            made: Vec::new(),
            pending: None,
            abort: None,
            auto: Rng::new(opts.seed ^ 0xA5A5_A5A5_A5A5_A5A5),
            mode: opts.mode,
            replay_pos: 0,
            last_state: Some(character.clone()),
            step: 0,
            encounter: 0,
            seed: opts.seed,
            paragraph: None,
            seat: None,
        }
    }
}

impl Sink for Shared<'_, '_> {
    fn event(&mut self, c: &Character, e: Event<'_>) {
        let mut ui = self.0.borrow_mut();
        if ui.abort.is_some() {
            return;
        }
        let book = ui.book;
        ui.last_state = Some(c.clone());
        if let Some(text) = screen::event(book, &e, ui.width) {
            ui.print(&text);
        }
        let depth = match &e {
            Event::Section { depth, .. } | Event::Branch { depth, .. } => Some(*depth),
            _ => None,
        };
        let Some((kind, paragraph, choice, roll)) = step_fields(&mut ui, book, &e) else {
            return;
        };
        ui.step += 1;
        let mut step = json!({
            "step": ui.step,
            "encounter": ui.encounter,
            "kind": kind,
            "paragraph": paragraph,
            "choice": choice,
            "roll": roll,
            "state": transcript::state(c, book),
            "seed": ui.seed,
        });
        if let Some(d) = depth {
            step["depth"] = Value::from(d);
        }
        if let Some(seat) = ui.seat {
            step["player"] = Value::from(seat + 1);
        }
        if let Some((index, text)) = ui.pending.take() {
            step["choice_index"] = Value::from(index);
            if step["choice"].is_null() {
                step["choice"] = Value::from(text);
            }
        }
        let line = step.to_string();
        ui.transcript.push(line);
    }
}

/// A transcript step's kind, paragraph, choice and roll.
type StepFields = (&'static str, Option<u32>, Option<String>, Option<i64>);

/// A transcript step's kind, paragraph, choice and roll for an event
/// (`None` for events that are no step of their own).
fn step_fields(ui: &mut Ui<'_, '_>, book: &Book, e: &Event<'_>) -> Option<StepFields> {
    Some(match e {
        Event::Card { name, .. } => ("goto", None, Some((*name).to_owned()), None),
        Event::Chart {
            paragraph, total, ..
        } => ("chart", Some(*paragraph), None, Some(i64::from(*total))),
        Event::Reaction { reaction, cell, .. } => {
            ("reaction", Some(*cell), Some((*reaction).to_owned()), None)
        }
        Event::Master { paragraph, skill } => (
            "destiny",
            Some(*paragraph),
            Some(format!("master: {skill}")),
            None,
        ),
        Event::Destiny {
            roll, paragraph, ..
        } => ("destiny", Some(*paragraph), None, Some(i64::from(*roll))),
        Event::Read { paragraph, .. } => {
            ui.paragraph = Some(*paragraph);
            return None;
        }
        Event::Section {
            paragraph, label, ..
        } => (
            "section",
            Some(*paragraph),
            Some(book.sources.slice(*label).trim().to_owned()),
            None,
        ),
        // The branch's step has the total; the rule that made credited
        // points said so in its own step.
        Event::Roll { .. } | Event::Credit { .. } => return None,
        Event::Branch { label, roll, .. } => (
            "section",
            ui.paragraph,
            Some((*label).to_owned()),
            roll.map(i64::from),
        ),
        Event::Goto { target, .. } => (
            "goto",
            match target {
                crate::ir::Target::Paragraph(n) => Some(*n),
                _ => None,
            },
            Some(target.to_string()),
            None,
        ),
        Event::Award { .. }
        | Event::FreeText { .. }
        | Event::Death
        | Event::Expired { .. }
        | Event::OtherGender { .. }
        | Event::NotOffered { .. }
        | Event::Rule { .. } => return award_fields(ui.paragraph, book, e),
    })
}

/// The step of an event an award or a rule made, in paragraph `paragraph`
/// (`None` for any other event).
fn award_fields(paragraph: Option<u32>, book: &Book, e: &Event<'_>) -> Option<StepFields> {
    Some(match e {
        Event::Award { effect, .. } => (
            "award",
            paragraph,
            Some(crate::syntax::print::item(
                effect,
                &book.manifest.locale,
                &book.glossary,
                &book.manifest.rules,
            )),
            None,
        ),
        Event::FreeText { text } => ("award", paragraph, Some((*text).to_owned()), None),
        Event::Death => (
            "award",
            paragraph,
            Some(book.manifest.locale.death.clone()),
            None,
        ),
        Event::Expired { status } => (
            "award",
            paragraph,
            Some(format!("{} {status}", book.manifest.locale.lose)),
            None,
        ),
        Event::OtherGender { gender, .. } => (
            "other-gender",
            paragraph,
            Some(gender.as_str().to_owned()),
            None,
        ),
        Event::NotOffered { reaction, why } => (
            "not-offered",
            paragraph,
            Some(format!("{reaction}: {why}")),
            None,
        ),
        Event::Rule { entry, what } => (
            "rule",
            paragraph,
            Some(format!(
                "{}: {what}",
                book.glossary
                    .by_id(entry)
                    .map_or(entry.as_str(), |e| e.name.value.as_str())
            )),
            None,
        ),
        _ => return None,
    })
}

/// What the player said between two encounters.
enum Between {
    Next,
    Quit,
    Back(Box<Last>),
}

/// The prompt between encounters: next, `state`, `back`, `quit`.
fn between(u: &mut Ui<'_, '_>, character: &Character, last: &mut Option<Last>) -> Between {
    loop {
        u.print("\n(enter for the next encounter, `state`, `back`, or `quit` to stop) > ");
        let _ = u.out.flush();
        match u.read_line().map(|l| l.to_lowercase()) {
            None => return Between::Quit,
            Some(l) if ["quit", "q", "exit"].contains(&l.as_str()) => return Between::Quit,
            Some(l) if ["state", "s"].contains(&l.as_str()) => {
                let text = screen::state(u.book, character);
                u.print(&text);
            }
            Some(l) if ["back", "b", "undo"].contains(&l.as_str()) => match last.take() {
                Some(l) if !l.made.is_empty() => return Between::Back(Box::new(l)),
                other => {
                    *last = other;
                    u.print("nothing to undo in the last encounter\n");
                }
            },
            Some(_) => return Between::Next,
        }
    }
}

/// One encounter, played again from its start (choices but the last
/// replayed quietly) each time the player says `back`. `None` when the
/// player quit or the input ran out (`ran_out`).
fn encounter<'b>(
    ui: &Rc<RefCell<Ui<'b, '_>>>,
    engine: &Engine<'b>,
    character: &mut Character,
    start: &crate::engine::Start,
    rng: &mut Rng,
    snapshot: &(Character, Rng),
    ran_out: &mut bool,
) -> Option<Result<Outcome, Broken>> {
    let mut shared_c = Shared(ui.clone());
    let mut shared_s = Shared(ui.clone());
    loop {
        let step_before = ui.borrow().step;
        let r = engine.encounter(character, start, rng, &mut shared_c, &mut shared_s);
        let mut u = ui.borrow_mut();
        match u.abort.take() {
            Some(Abort::Back) => {
                let mut redo = std::mem::take(&mut u.made);
                redo.pop();
                u.prefix = redo.into_iter().collect();
                u.mute = true;
                u.transcript.clear();
                u.step = step_before;
                u.pending = None;
                *character = snapshot.0.clone();
                *rng = snapshot.1.clone();
                u.out.write_all(b"(back: choose again)\n").ok();
                // The muted replay ends at the next question, which unmutes.
            }
            Some(Abort::Quit) => return None,
            Some(Abort::RanOut) => {
                *ran_out = true;
                return None;
            }
            None => return Some(r),
        }
    }
}

/// Play a session. Returns how it ended and the transcript lines.
pub fn run(
    book: &Book,
    engine: &Engine<'_>,
    character: &mut Character,
    opts: Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> (End, Vec<String>) {
    let mut rng = Rng::new(opts.seed);
    let encounters = opts.encounters;
    let interactive = matches!(opts.mode, Mode::Ask);
    let start = opts.start.clone();
    let ui = Rc::new(RefCell::new(Ui::new(book, out, input, opts, character)));
    let mut committed: Vec<String> = Vec::new();
    let mut i = 0;
    // The last encounter played, for `back` between encounters.
    let mut last: Option<Last> = None;
    let end = loop {
        if encounters.is_some_and(|n| i >= n) {
            break End::Finished;
        }
        let mut again = None;
        if i > 0 && interactive && encounters.is_none() {
            match between(&mut ui.borrow_mut(), character, &mut last) {
                Between::Next => {}
                Between::Quit => break End::Quit,
                Between::Back(l) => again = Some(*l),
            }
        }
        // `back` between encounters: the last one again, its choices but
        // the last replayed quietly, asking that one again.
        if let Some(l) = again {
            back(&mut ui.borrow_mut(), l, character, &mut rng, &mut committed);
            i -= 1;
        }
        if matches!(ui.borrow().mode, Mode::Replay(ref c) if ui.borrow().replay_pos >= c.len())
            && encounters.is_none()
        {
            break End::Finished;
        }
        let snapshot = (character.clone(), rng.clone());
        let mut ran_out = false;
        let (committed_before, step_start) = (committed.len(), ui.borrow().step);
        {
            let mut u = ui.borrow_mut();
            u.encounter = i;
            u.made.clear();
        }
        let result = encounter(
            &ui,
            engine,
            character,
            &start,
            &mut rng,
            &snapshot,
            &mut ran_out,
        );
        let begun = Last {
            snapshot,
            made: Vec::new(),
            committed: committed_before,
            step: step_start,
        };
        let mut u = ui.borrow_mut();
        u.mute = false;
        match settle(&mut u, result, ran_out, begun, character, &mut committed) {
            ControlFlow::Break(end) => break end,
            ControlFlow::Continue(played) => last = Some(played),
        }
        drop(u);
        i += 1;
    };
    (end, committed)
}

/// `back` between encounters: the state before the last one, its choices
/// but the last to replay quietly, and its steps out of the transcript.
fn back(
    u: &mut Ui<'_, '_>,
    l: Last,
    character: &mut Character,
    rng: &mut Rng,
    committed: &mut Vec<String>,
) {
    *character = l.snapshot.0;
    *rng = l.snapshot.1;
    committed.truncate(l.committed);
    u.step = l.step;
    let mut redo_choices = l.made;
    redo_choices.pop();
    u.prefix = redo_choices.into_iter().collect();
    u.print("(back: choose again in the last encounter)\n");
    u.mute = true;
}

/// An encounter's steps committed to the transcript, and what follows: the
/// session's end, or the encounter played (as `back` needs it) to go on.
fn settle(
    u: &mut Ui<'_, '_>,
    result: Option<Result<Outcome, Broken>>,
    ran_out: bool,
    begun: Last,
    character: &mut Character,
    committed: &mut Vec<String>,
) -> ControlFlow<End, Last> {
    committed.append(&mut u.transcript);
    match result {
        None => {
            // The steps up to the quit stay in the transcript, so a
            // replay stops where the player did; the state is the one
            // before the encounter left unfinished.
            *character = begun.snapshot.0;
            ControlFlow::Break(if ran_out { End::RanOut } else { End::Quit })
        }
        Some(Err(b)) => ControlFlow::Break(End::Broken(b)),
        Some(Ok(outcome)) => {
            if outcome == Outcome::Died {
                u.print("(your character died)\n");
            }
            ControlFlow::Continue(Last {
                made: u.made.clone(),
                ..begun
            })
        }
    }
}
