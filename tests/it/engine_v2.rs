//! The rules engine on version 2 trees (FORMAT.md section 2a), on the
//! spec's version 2 example: gender (the character's, flipped by a status,
//! the other's from a chart entry or asked), opposite-sex reactions,
//! conditions over wealth, skill checks nested in skill checks, mandatory
//! wealth sections and die rolls whose terms add, weigh and subtract.

use crate::common;
use tales::engine::{
    Ask, AskKind, Character, Chooser, Engine, Event, Gender, Held, Level, Rng, Sink, Start,
};
use tales::ir::{Book, Target};

fn book() -> Book {
    let root = std::fs::canonicalize(common::fixture("spec-example-v2")).unwrap();
    tales::load::load_book(&root).0
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

/// What happened, as text: sections and branches by label, rolls, the
/// other's gender, reactions not offered.
#[derive(Default)]
struct Log(Vec<String>);

struct Logger<'a>(&'a Book, Log);

impl Sink for Logger<'_> {
    fn event(&mut self, _: &Character, e: Event<'_>) {
        let line = match e {
            Event::Section { label, depth, .. } => {
                format!("section {depth} {}", self.0.sources.slice(label).trim())
            }
            Event::Branch { label, depth, .. } => format!("branch {depth} {label}"),
            Event::Roll { dice, terms, total } => {
                let terms: Vec<i32> = terms.iter().map(|t| t.0).collect();
                format!("roll {dice:?} {terms:?} = {total}")
            }
            Event::OtherGender { gender, asked } => {
                format!("other {} asked={asked}", gender.as_str())
            }
            Event::NotOffered { reaction, why } => format!("not offered {reaction}: {why}"),
            Event::Reaction { reaction, .. } => format!("reaction {reaction}"),
            Event::Chart { entry, .. } => format!("chart {}", self.0.sources.slice(entry).trim()),
            _ => return,
        };
        (self.1).0.push(line);
    }
}

fn character(book: &Book, gender: Gender, skills: &[(&str, Level)]) -> Character {
    let mut c = Character::new(book);
    c.gender = gender;
    for (id, level) in skills {
        c.skills.insert((*id).into(), *level);
    }
    c
}

fn hold(c: &mut Character, status: &str) {
    c.statuses.push(Held {
        id: status.into(),
        turns_left: None,
        fresh: false,
    });
}

/// Play one encounter from `at`; the questions asked and the log.
fn play(
    book: &Book,
    c: &mut Character,
    at: &Start,
    seed: u64,
    answers: &[usize],
) -> (Vec<(AskKind, Vec<String>)>, Vec<String>) {
    let engine = Engine::new(book);
    let mut chooser = Script {
        answers: answers.to_vec(),
        ..Script::default()
    };
    let mut log = Logger(book, Log::default());
    let r = engine.encounter(c, at, &mut Rng::new(seed), &mut chooser, &mut log);
    assert!(r.is_ok(), "{r:?}: {:?}", log.1.0);
    (chooser.asked, log.1.0)
}

fn at(n: u32) -> Start {
    Start::At(Target::Paragraph(n))
}

fn sections_offered(asked: &[(AskKind, Vec<String>)]) -> Vec<String> {
    asked
        .iter()
        .filter(|(k, _)| *k == AskKind::Section)
        .flat_map(|(_, o)| o.clone())
        .collect()
}

#[test]
fn a_female_section_is_offered_to_a_female_character_only() {
    let b = book();
    let mut her = character(&b, Gender::Female, &[]);
    let (asked, _) = play(&b, &mut her, &at(75), 1, &[1]);
    assert_eq!(sections_offered(&asked), ["NO SKILL", "FEMALE"]);
    let mut him = character(&b, Gender::Male, &[]);
    let (asked, log) = play(&b, &mut him, &at(75), 1, &[]);
    assert!(asked.is_empty(), "NO SKILL alone is not asked: {asked:?}");
    assert_eq!(log, ["section 0 NO SKILL"]);
}

#[test]
fn a_flips_gender_status_makes_a_male_character_read_as_female() {
    let b = book();
    let mut him = character(&b, Gender::Male, &[]);
    hold(&mut him, "sex-changed");
    let (asked, _) = play(&b, &mut him, &at(75), 1, &[]);
    assert_eq!(sections_offered(&asked), ["NO SKILL", "FEMALE"]);
    assert_eq!(him.gender, Gender::Male, "the chosen gender is kept");
    assert_eq!(him.gender_now(&b), Gender::Female);
}

#[test]
fn an_opposite_sex_qualifier_asks_the_others_gender_once() {
    let b = book();
    // SEDUCTION {opposite-sex}, APPEARANCE: a male seducer, the other female.
    let mut him = character(&b, Gender::Male, &[("seduction", Level::Talent)]);
    let (asked, log) = play(&b, &mut him, &at(75), 1, &[0, 1]);
    let genders: Vec<_> = asked
        .iter()
        .filter(|(k, _)| *k == AskKind::OtherGender)
        .collect();
    assert_eq!(genders.len(), 1, "{asked:?}");
    assert!(
        log.contains(&"other female asked=true".to_owned()),
        "{log:?}"
    );
    assert_eq!(
        sections_offered(&asked),
        ["NO SKILL", "SEDUCTION {opposite-sex}, APPEARANCE"]
    );
    // The other male: the section is not his to read.
    let mut him = character(&b, Gender::Male, &[("seduction", Level::Talent)]);
    let (asked, log) = play(&b, &mut him, &at(75), 1, &[1]);
    assert!(sections_offered(&asked).is_empty(), "{asked:?}");
    assert_eq!(log.last().unwrap(), "section 0 NO SKILL");
}

#[test]
fn court_is_not_offered_to_two_of_the_same_sex_and_play_says_why() {
    let b = book();
    let row = Start::At(Target::Row {
        matrix: "A".into(),
        row: "Lonely".into(),
    });
    // The row does not say the other's gender: asked (female), and she is
    // female too.
    let mut her = character(&b, Gender::Female, &[]);
    let (asked, log) = play(&b, &mut her, &row, 2, &[0]);
    assert_eq!(asked[0].0, AskKind::OtherGender);
    assert!(
        log.contains(&"not offered Court: you are both female".to_owned()),
        "{log:?}"
    );
    assert!(log.contains(&"reaction Aid".to_owned()), "{log:?}");
    // A male character may court her.
    let mut him = character(&b, Gender::Male, &[]);
    let (asked, log) = play(&b, &mut him, &row, 2, &[0, 0]);
    let reactions: Vec<_> = asked
        .iter()
        .filter(|(k, _)| *k == AskKind::Reaction)
        .collect();
    assert_eq!(reactions[0].1, ["Court", "Aid"], "{log:?}");
}

#[test]
fn a_chart_entry_that_says_female_is_not_asked() {
    let b = book();
    // Chart 3's `5-8 A {Lonely} Princess (A, female)`: find a seed that
    // lands there (the chart roll is the die plus the space's gems).
    let found = (0..200).find_map(|seed| {
        let mut her = character(&b, Gender::Female, &[]);
        let (asked, log) = play(&b, &mut her, &at(3), seed, &[]);
        log.iter()
            .any(|l| l.contains("Princess"))
            .then_some((asked, log))
    });
    let (asked, log) = found.expect("some seed lands on the princess");
    assert!(
        log.contains(&"other female asked=false".to_owned()),
        "{log:?}"
    );
    assert!(asked.iter().all(|(k, _)| *k != AskKind::OtherGender));
    assert!(log.contains(&"not offered Court: you are both female".to_owned()));
}

#[test]
fn a_wealth_condition_decides_without_asking() {
    let b = book();
    let mut rich = character(&b, Gender::Male, &[]);
    rich.wealth = b.manifest.rules.wealth_level("Rich").unwrap();
    let (asked, log) = play(&b, &mut rich, &at(71), 1, &[]);
    assert!(asked.is_empty(), "{asked:?}");
    assert_eq!(
        log,
        ["branch 1 {wealth >= rich} If your wealth is Rich or greater"]
    );
    assert!(rich.has_status("respected"));
}

#[test]
fn a_roll_adds_its_terms_and_subtracts_wounded() {
    let b = book();
    let mut poor = character(&b, Gender::Female, &[("luck", Level::Talent)]);
    hold(&mut poor, "wounded");
    // {else} -> "If you climb to her" -> {2d6 + luck + courtly-graces - wounded}
    let (_, log) = play(&b, &mut poor, &at(71), 4, &[0]);
    let roll = log.iter().find(|l| l.starts_with("roll")).unwrap();
    assert!(
        roll.contains("[1, -1]"),
        "luck adds one, wounded takes one: {roll}"
    );
    let total: i64 = roll.rsplit(' ').next().unwrap().parse().unwrap();
    let dice: Vec<i64> = roll["roll [".len()..roll.find(']').unwrap()]
        .split(", ")
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(total, dice.iter().sum::<i64>());
    let band = log.iter().find(|l| l.starts_with("branch 3")).unwrap();
    let expect = if total <= 6 { "1–6" } else { "7+" };
    assert_eq!(band, &format!("branch 3 {expect}"), "{log:?}");
}

#[test]
fn a_skill_check_nested_in_a_section_asks_again_at_its_depth() {
    let b = book();
    let mut master = character(&b, Gender::Male, &[("courtly-graces", Level::Master)]);
    let (asked, log) = play(&b, &mut master, &at(70), 1, &[1, 1, 0]);
    assert_eq!(
        sections_offered(&asked),
        [
            "NO SKILL",
            "COURTLY GRACES",
            "NO SKILL",
            "COURTLY GRACES at Master level"
        ]
    );
    assert_eq!(
        log,
        [
            "section 0 COURTLY GRACES",
            "section 1 COURTLY GRACES at Master level",
            "branch 2 If you accept"
        ]
    );
    assert!(master.has_status("married"));
    // At Talent level the inner check has only NO SKILL: not asked.
    let mut talent = character(&b, Gender::Male, &[("courtly-graces", Level::Talent)]);
    let (asked, log) = play(&b, &mut talent, &at(70), 1, &[1]);
    assert_eq!(asked.len(), 1);
    assert_eq!(log[1], "section 1 NO SKILL");
}

#[test]
fn a_mandatory_wealth_section_is_taken_by_the_rich() {
    let b = book();
    let mut rich = character(&b, Gender::Male, &[]);
    rich.wealth = b.manifest.rules.wealth_level("Rich").unwrap();
    let (asked, log) = play(&b, &mut rich, &at(72), 1, &[]);
    assert!(asked.is_empty(), "{asked:?}");
    assert_eq!(log, ["section 0 WEALTH: RICH or greater (mandatory)"]);
    // The poor with a treasure choose between NO SKILL and ANY TREASURE.
    let mut poor = character(&b, Gender::Male, &[]);
    poor.treasures.push("ebony-horse".into());
    let (asked, _) = play(&b, &mut poor, &at(72), 1, &[1]);
    assert_eq!(sections_offered(&asked), ["NO SKILL", "ANY TREASURE"]);
}
