//! The rules engine on the effects awards name in words (FORMAT.md section
//! 9.3) and on conditional award items (2b): choices of any items, losses
//! of your choice, set wealth, one-use skills spent when used, conditions
//! decided as the award is taken, rolls inside awards, treasure draws,
//! reacting again; the board's effects recorded, typed and in words.

use crate::common;
use tales::engine::{
    Ask, AskKind, Change, Character, Chooser, Engine, Event, Held, Rng, Sink, Start,
};
use tales::ir::{Book, Effect, EntryKind, Target};

/// Paragraphs 910.. with one award each, and a matrix `Z` whose reactions
/// lead to an award that reacts again (cells 920 and 930, with their
/// destiny neighbours).
const TALES: &str = "
-910-
A. [Choice of W+1 (max Rich) or Treasure]

-911-
B. [Lose one status of your choice]

-912-
C. [You may lose Wounded]

-913-
D. [W=Beggar, but gain D1 for each level lost]

-914-
E. [Luck (1 use)]

-915-
F. A test of luck.

NO SKILL: Nothing happens. [S1]

LUCK: It holds. [D1]

-916-
G. [Respected {!married}]

-917-
H. [Roll one die: on a 1, 2, 3, 4, 5 or 6, Wounded]

-918-
I. [Draw two Treasures; keep one, discard one]

-919-
J. [Have an immediate second encounter, choosing a different reaction]

-920-
J. [Have an immediate second encounter, choosing a different reaction]

-921-
J. [Have an immediate second encounter, choosing a different reaction]

-929-
K. [S1]

-930-
K. [S1]

-931-
K. [S1]

-932-
L. [Have another player move you to any coastal space]

-933-
M. [Search through the Treasure deck and take any one Treasure]
";

const MATRIX: &str = "\nZ:\n  reactions: [Stay, Go]\n  rows:\n    Test: [920, 930]\n";

fn book() -> (tempfile::TempDir, Book) {
    let base = common::fixture("spec-example-v2");
    let matrices = std::fs::read_to_string(base.join("matrices.yaml")).unwrap() + MATRIX;
    // A second treasure, to draw two.
    let glossary = std::fs::read_to_string(base.join("glossary.yaml")).unwrap()
        + "  brass-bow: {name: Brass Bow}\n";
    let d = common::book_with(
        "spec-example-v2",
        &[
            ("tales/effects.tales", TALES),
            ("matrices.yaml", &matrices),
            ("glossary.yaml", &glossary),
        ],
    );
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let book = tales::load::load_book(&root).0;
    (d, book)
}

/// Answers from a list (then the first option), keeping every question.
#[derive(Default)]
struct Script {
    answers: Vec<usize>,
    asked: Vec<(AskKind, Vec<String>)>,
}

impl Chooser for Script {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        let options = ask.options.iter().map(|o| (*o).to_owned()).collect();
        self.asked.push((ask.kind, options));
        if self.answers.is_empty() {
            0
        } else {
            self.answers.remove(0)
        }
    }
}

/// Awards (in words) and reactions, as they happen.
struct Log<'a>(&'a Book, Vec<String>);

impl Sink for Log<'_> {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        match e {
            Event::Award { effect, change } => {
                let words = tales::syntax::print::words(self.0, effect);
                self.1.push(format!("{words} => {change:?}"));
            }
            Event::Reaction { reaction, .. } => self.1.push(format!("reaction {reaction}")),
            _ => {}
        }
    }
}

fn play(
    book: &Book,
    c: &mut Character,
    at: &Start,
    answers: &[usize],
) -> (Vec<(AskKind, Vec<String>)>, Vec<String>) {
    let engine = Engine::new(book);
    let mut chooser = Script {
        answers: answers.to_vec(),
        ..Script::default()
    };
    let mut log = Log(book, Vec::new());
    let r = engine.encounter(c, at, &mut Rng::new(7), &mut chooser, &mut log);
    assert!(r.is_ok(), "{r:?}: {:?}", log.1);
    (chooser.asked, log.1)
}

fn at(n: u32) -> Start {
    Start::At(Target::Paragraph(n))
}

fn hold(c: &mut Character, status: &str) {
    c.statuses.push(Held {
        id: status.into(),
        turns_left: None,
        fresh: false,
    });
}

fn treasures(book: &Book, c: &Character) -> usize {
    c.treasures
        .iter()
        .filter(|t| {
            book.glossary
                .by_id(t)
                .is_some_and(|e| e.kind == EntryKind::Treasure)
        })
        .count()
}

#[test]
fn a_choice_of_any_items_is_asked_and_the_pick_applied() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    let before = c.wealth;
    let (asked, _) = play(&b, &mut c, &at(910), &[0]);
    assert_eq!(asked[0].0, AskKind::Award);
    assert_eq!(
        asked[0].1,
        ["wealth +1 (at most Rich)", "a random treasure"]
    );
    assert_eq!(c.wealth, before + 1);
    assert!(c.treasures.is_empty());
}

#[test]
fn a_loss_of_your_choice_takes_the_one_chosen() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    hold(&mut c, "wounded");
    hold(&mut c, "blessed");
    let (asked, _) = play(&b, &mut c, &at(911), &[1]);
    assert_eq!(asked[0].1, ["Wounded", "Blessed"]);
    assert!(c.has_status("wounded") && !c.has_status("blessed"));
}

#[test]
fn an_optional_loss_is_asked_and_may_be_declined() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    hold(&mut c, "wounded");
    play(&b, &mut c, &at(912), &[1]);
    assert!(c.has_status("wounded"), "kept");
    play(&b, &mut c, &at(912), &[0]);
    assert!(!c.has_status("wounded"), "lost");
}

#[test]
fn set_wealth_pays_destiny_for_each_level_lost() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    c.wealth = 3;
    play(&b, &mut c, &at(913), &[]);
    assert_eq!((c.wealth, c.destiny), (0, 3));
}

#[test]
fn a_one_use_skill_is_spent_when_its_section_is_read() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    play(&b, &mut c, &at(914), &[]);
    assert!(c.holds("luck"), "gained for one use");
    let (asked, _) = play(&b, &mut c, &at(915), &[1]);
    assert_eq!(asked[0].0, AskKind::Section);
    assert_eq!(c.destiny, 1, "the LUCK section was read");
    assert!(!c.holds("luck"), "and the use spent");
}

#[test]
fn a_conditional_item_is_decided_when_the_award_is_taken() {
    let (_d, b) = book();
    let mut single = Character::new(&b);
    play(&b, &mut single, &at(916), &[]);
    assert!(single.has_status("respected"));
    let mut wed = Character::new(&b);
    hold(&mut wed, "married");
    play(&b, &mut wed, &at(916), &[]);
    assert!(!wed.has_status("respected"));
}

#[test]
fn a_roll_inside_an_award_gives_its_items_on_its_faces() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    play(&b, &mut c, &at(917), &[]);
    assert!(c.has_status("wounded"));
}

#[test]
fn treasure_draws_come_from_the_books_treasures() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    let (asked, _) = play(&b, &mut c, &at(918), &[1]);
    assert_eq!(asked[0].1.len(), 2, "two drawn, one kept: {asked:?}");
    assert_eq!(treasures(&b, &c), 1);
    assert_eq!(
        c.treasures[0].as_str(),
        b.glossary
            .resolve_name(&asked[0].1[1])
            .unwrap()
            .id
            .value
            .as_str()
    );
    let mut d = Character::new(&b);
    play(&b, &mut d, &at(933), &[]);
    assert_eq!(treasures(&b, &d), 1);
}

#[test]
fn reacting_again_chooses_a_different_reaction() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    let row = Start::At(Target::Row {
        matrix: "Z".into(),
        row: "Test".into(),
    });
    let (asked, log) = play(&b, &mut c, &row, &[0]);
    let reactions: Vec<&String> = log.iter().filter(|l| l.starts_with("reaction")).collect();
    assert_eq!(reactions, ["reaction Stay", "reaction Go"], "{log:?}");
    let offered: Vec<&Vec<String>> = asked
        .iter()
        .filter(|(k, _)| *k == AskKind::Reaction)
        .map(|(_, o)| o)
        .collect();
    assert_eq!(
        offered,
        [
            &vec!["Stay".to_owned(), "Go".to_owned()],
            &vec!["Go".to_owned()]
        ]
    );
    assert_eq!(c.story, 1);
}

#[test]
fn a_board_effect_is_recorded_typed_and_in_words() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    let (_, log) = play(&b, &mut c, &at(932), &[]);
    assert_eq!(
        log,
        ["move: any coastal space (another player chooses) => Nothing"]
    );
    let p = b.paragraph(932).unwrap();
    let e = &p.nodes().next().unwrap().awards[0].items[0].effect;
    assert!(matches!(e, Effect::Typed(_)), "{e:?}");
    let _ = Change::Nothing;
}
