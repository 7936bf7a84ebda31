//! An encounter played by clicking: each call plays it from the start with
//! the same seed and the choices made so far, and stops showing what
//! happens at the first question not yet answered (the engine is
//! deterministic, so the replay reads what the player saw).

use serde_json::{Value, json};
use tales::engine::{Ask, AskKind, Character, Chooser, Engine, Event, Outcome, Rng, Sink, Start};
use tales::ir::{Book, Target};
use tales::play::screen;
use tales::report::Checked;

/// The width the screen's text is wrapped at.
const WIDTH: usize = 80;

/// Where an encounter can start: a random card, each paragraph, each
/// matrix row, each place of power.
pub fn starts(book: &Book) -> Value {
    let paragraphs: Vec<u32> = book.paragraphs.iter().map(|p| p.number).collect();
    let rows: Vec<String> = book
        .matrices
        .iter()
        .flat_map(|m| {
            m.rows
                .iter()
                .map(move |r| format!("{}:{}", m.letter.value, r.name.value))
        })
        .collect();
    let places: Vec<&str> = book
        .manifest
        .world
        .places
        .iter()
        .map(|p| p.id.value.as_str())
        .collect();
    json!({"paragraphs": paragraphs, "rows": rows, "places": places})
}

/// A start as the page names it: `card`, `328`, `F:Terrible`, `K`, a place.
fn start_of(book: &Book, at: &str) -> Start {
    let at = at.trim().trim_start_matches('@');
    if at.eq_ignore_ascii_case("card") {
        return Start::Card;
    }
    if let Ok(n) = at.parse() {
        return Start::At(Target::Paragraph(n));
    }
    if let Some((matrix, row)) = at.split_once(':') {
        return Start::At(Target::Row {
            matrix: matrix.trim().to_owned(),
            row: row.trim().to_owned(),
        });
    }
    if book.matrix(at).is_some() {
        return Start::At(Target::Matrix(at.to_owned()));
    }
    Start::At(Target::Place(at.to_owned()))
}

/// The choices made, then the first question left open.
struct Script<'a> {
    book: &'a Book,
    made: &'a [u32],
    next: usize,
    asked: Option<Value>,
    lines: Vec<String>,
}

impl Chooser for Script<'_> {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        let n = ask.options.len().max(1);
        if self.asked.is_some() {
            return 0;
        }
        if let Some(&k) = self.made.get(self.next) {
            self.next += 1;
            return (k as usize).min(n - 1);
        }
        let options: Vec<&str> = ask.options.iter().map(|o| o.trim()).collect();
        self.asked =
            Some(json!({"kind": kind(ask.kind), "paragraph": ask.paragraph, "options": options}));
        0
    }
}

impl Sink for Script<'_> {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        if self.asked.is_none()
            && let Some(text) = screen::event(self.book, &e, WIDTH)
        {
            self.lines.push(text);
        }
    }
}

fn kind(k: AskKind) -> &'static str {
    match k {
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

/// The encounter from `at` so far: `{"lines", "ask"}` while a question is
/// open, `{"lines", "end", "state"}` once it is over.
pub fn encounter(checked: &Checked, at: &str, seed: u32, made: &[u32]) -> Value {
    let book = &checked.book;
    let engine = Engine::checked(book, &checked.diagnostics);
    let mut c = Character::new(book);
    let mut rng = Rng::new(u64::from(seed));
    let start = start_of(book, at);
    // The engine takes the chooser and the sink apart: the script is both.
    let cell = std::cell::RefCell::new(Script {
        book,
        made,
        next: 0,
        asked: None,
        lines: Vec::new(),
    });
    let result = engine.encounter(
        &mut c,
        &start,
        &mut rng,
        &mut Shared(&cell),
        &mut Shared(&cell),
    );
    let mut script = cell.into_inner();
    if let Some(ask) = script.asked.take() {
        return json!({"lines": script.lines, "ask": ask});
    }
    let end = match result {
        Ok(Outcome::Done) => "done".to_owned(),
        Ok(Outcome::Died) => "died".to_owned(),
        Err(b) => format!("stopped: {}", b.message),
    };
    json!({"lines": script.lines, "end": end, "state": screen::state(book, &c)})
}

struct Shared<'s, 'a>(&'s std::cell::RefCell<Script<'a>>);

impl Chooser for Shared<'_, '_> {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.0.borrow_mut().choose(ask)
    }
}

impl Sink for Shared<'_, '_> {
    fn event(&mut self, c: &Character, e: Event<'_>) {
        self.0.borrow_mut().event(c, e);
    }
}
