//! The rules engine on version 3's shapes (FORMAT.md section 2b), on the
//! spec's version 3 example and a few paragraphs added to it: guarded
//! options offered or not, the lone option taken without asking, a block
//! that offers nothing passed by, go-to with a section (taken whatever the
//! reader holds, in another paragraph or below), and the number of skills.

use crate::common;
use tales::engine::{Ask, AskKind, Character, Chooser, Engine, Event, Level, Rng, Sink, Start};
use tales::ir::{Book, Target};

/// Paragraphs added to the example: options that are all guarded, and a
/// go-to with a section below.
const EXTRA: &str = "\
-90-
A money-changer waves you over.
> If you pay him to change your coins {wealth >= rich}: He gives you a fair rate. [S1]
> If you show him your wound {wounded}: He sends you to a healer. [D1]

-91-
A guard blocks the gate. [Read the WISDOM paragraph below]

NO SKILL: He sends you away. [S1]

WISDOM: You quote the law, and he lets you through. [D1]
";

fn book() -> Book {
    let dir = common::book_with("spec-example-v3", &[("tales/extra.tales", EXTRA)]);
    let root = std::fs::canonicalize(dir.path().join("book")).unwrap();
    let book = tales::load::load_book(&root).0;
    drop(dir);
    book
}

/// Answers from a list (then the first option), keeping every question.
#[derive(Default)]
struct Script {
    answers: Vec<usize>,
    asked: Vec<(AskKind, Vec<String>)>,
}

impl Chooser for Script {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        let options = ask.options.iter().map(|o| o.trim().to_owned()).collect();
        self.asked.push((ask.kind, options));
        if self.answers.is_empty() {
            0
        } else {
            self.answers.remove(0)
        }
    }
}

/// What happened: sections, branches and go-tos.
struct Logger<'a>(&'a Book, Vec<String>);

impl Sink for Logger<'_> {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        let line = match e {
            Event::Section { label, depth, .. } => {
                format!("section {depth} {}", self.0.sources.slice(label).trim())
            }
            Event::Branch { label, depth, .. } => format!("branch {depth} {label}"),
            Event::Goto { target, section } => match section {
                Some(id) => format!("go to {target}, section {id}"),
                None => format!("go to {target}"),
            },
            _ => return,
        };
        self.1.push(line);
    }
}

fn character(book: &Book, skills: &[&str]) -> Character {
    let mut c = Character::new(book);
    for id in skills {
        c.skills.insert((*id).into(), Level::Talent);
    }
    c
}

fn play(
    book: &Book,
    c: &mut Character,
    n: u32,
    answers: &[usize],
) -> (Vec<(AskKind, Vec<String>)>, Vec<String>) {
    let mut chooser = Script {
        answers: answers.to_vec(),
        ..Script::default()
    };
    let mut log = Logger(book, Vec::new());
    let at = Start::At(Target::Paragraph(n));
    let r = Engine::new(book).encounter(c, &at, &mut Rng::new(7), &mut chooser, &mut log);
    assert!(r.is_ok(), "{r:?}: {:?}", log.1);
    (chooser.asked, log.1)
}

fn options(asked: &[(AskKind, Vec<String>)], kind: AskKind) -> Vec<String> {
    asked
        .iter()
        .filter(|(k, _)| *k == kind)
        .flat_map(|(_, o)| o.clone())
        .collect()
}

#[test]
fn a_guarded_option_is_offered_when_its_condition_holds() {
    let b = book();
    // The start of the ladder is Poor: `{wealth <= poor}` holds.
    let mut poor = character(&b, &[]);
    let (asked, log) = play(&b, &mut poor, 80, &[0]);
    assert_eq!(
        options(&asked, AskKind::Branch),
        [
            "If you carry it for a fee {wealth <= poor}",
            "If you carry it for nothing",
            "If you refuse"
        ]
    );
    assert_eq!(log, ["branch 1 If you carry it for a fee {wealth <= poor}"]);
}

#[test]
fn a_guarded_option_is_not_offered_when_its_condition_fails() {
    let b = book();
    let mut rich = character(&b, &[]);
    rich.wealth = b.manifest.rules.wealth_level("Rich").unwrap();
    let (asked, log) = play(&b, &mut rich, 80, &[1]);
    assert_eq!(
        options(&asked, AskKind::Branch),
        ["If you carry it for nothing", "If you refuse"]
    );
    assert_eq!(log, ["branch 1 If you refuse"], "the second option offered");
}

#[test]
fn the_only_option_offered_is_taken_without_asking() {
    let b = book();
    let mut rich = character(&b, &[]);
    rich.wealth = b.manifest.rules.wealth_level("Rich").unwrap();
    let story = rich.story;
    let (asked, log) = play(&b, &mut rich, 90, &[]);
    assert!(asked.is_empty(), "{asked:?}");
    assert_eq!(
        log,
        ["branch 1 If you pay him to change your coins {wealth >= rich}"]
    );
    assert_eq!(rich.story, story + 1);
}

#[test]
fn a_choice_that_offers_nothing_is_passed_by() {
    let b = book();
    let mut poor = character(&b, &[]);
    let (destiny, story) = (poor.destiny, poor.story);
    let (asked, log) = play(&b, &mut poor, 90, &[]);
    assert!(asked.is_empty(), "{asked:?}");
    assert!(log.is_empty(), "no option taken: {log:?}");
    assert_eq!((poor.destiny, poor.story), (destiny, story));
}

#[test]
fn go_to_with_a_section_takes_that_section_whatever_the_reader_holds() {
    let b = book();
    // Paragraph 81's WISDOM section sends the reader to 83's PIETY section:
    // this reader has Wisdom but no Piety, and is not asked at 83.
    let mut c = character(&b, &["wisdom"]);
    let (asked, log) = play(&b, &mut c, 81, &[1]);
    assert_eq!(options(&asked, AskKind::Section), ["NO SKILL", "WISDOM"]);
    assert_eq!(
        log,
        [
            "section 0 WISDOM",
            "go to @83, section piety",
            "section 0 PIETY"
        ]
    );
    assert!(!c.holds("piety"));
}

#[test]
fn read_the_section_below_takes_this_paragraphs_section() {
    let b = book();
    let mut c = character(&b, &[]);
    let destiny = c.destiny;
    let (asked, log) = play(&b, &mut c, 91, &[]);
    assert!(asked.is_empty(), "{asked:?}");
    assert_eq!(log, ["section 0 WISDOM"]);
    assert_eq!(c.destiny, destiny + 1);
}

#[test]
fn any_four_skills_is_offered_to_a_reader_with_four_different_skills() {
    let b = book();
    let four = ["luck", "piety", "wisdom", "seamanship"];
    let mut c = character(&b, &four);
    let (asked, _) = play(&b, &mut c, 82, &[1]);
    assert_eq!(
        options(&asked, AskKind::Section),
        ["NO SKILL", "ANY 4 SKILLS"]
    );
    let mut three = character(&b, &four[..3]);
    let (asked, log) = play(&b, &mut three, 82, &[]);
    assert!(asked.is_empty(), "NO SKILL alone is not asked: {asked:?}");
    assert_eq!(log, ["section 0 NO SKILL"]);
}
