//! Forms beyond FORMAT.md 9.3 (docs/effects.md, "Forms beyond 9.3"):
//! combinations of 9.3's pieces a printed book writes (an optional move,
//! the nearest space of a kind, a count by sea or by land, a coastal city,
//! another player's pick of a loss or a place of power, every status or
//! skill lost, the marker alone). A slip is one finding and never another
//! effect; `l10n` compares them by meaning; the engine applies them.

use crate::common;
use common::{book_with, check, codes, fixture};
use tales::diagnostic::Diagnostics;
use tales::engine::{Ask, Character, Chooser, Engine, Level, Quiet, Rng, Start};
use tales::ir::{Book, Effect, Id, Loss, Target, Typed};
use tales::span::FileId;
use tales::syntax::{Context, award};

/// The findings of one award in a paragraph of `base`, with the JSON report.
fn one_award(base: &str, award: &str) -> (Vec<(String, usize)>, String) {
    let text = format!("-950-\nThe road.\n\nNO SKILL: You walk. [{award}]\n");
    let d = book_with(base, &[("tales/moves.tales", &text)]);
    let checked = check(&d.path().join("book"));
    let found = codes(&checked)
        .into_iter()
        .filter(|(c, f, _)| f.ends_with("moves.tales") && c != "unreachable-paragraph")
        .map(|(c, _, line)| (c, line))
        .collect();
    let json = tales::report::render(
        tales::report::Format::Json,
        std::slice::from_ref(&checked),
        &tales::report::HumanOptions::default(),
    );
    (found, json)
}

/// The one effect `item` reads as in the version 2 example, and findings.
fn read(item: &str) -> (Effect, Diagnostics) {
    let book = check(&fixture("spec-example-v2")).book;
    let mut diags: Diagnostics = Vec::new();
    let ctx = Context::of(&book, FileId(0));
    let award = award::parse_award(&ctx, &format!("[{item}]"), 0, &mut diags).expect("parses");
    (award.items[0].effect.clone(), diags)
}

#[test]
fn a_space_where_a_kind_of_space_must_stand_is_one_finding_not_a_move_there() {
    let (found, json) = one_award("spec-example-v2", "Move to the nearest Bantu");
    assert_eq!(found, [("unknown-name".to_owned(), 4)]);
    assert!(json.contains("`Bantu` is no kind of space"), "{json}");
    assert!(json.contains("a move there is `Move to Bantu`"), "{json}");
    // With a board, the likely space is named.
    let (found, json) = one_award("board-example", "Move to the nearest Dunez space");
    assert_eq!(found, [("unknown-name".to_owned(), 4)]);
    assert!(json.contains("`Dunes` is one space"), "{json}");
    // A kind a few letters off is read as meant, with its fix.
    let (found, json) = one_award("spec-example-v2", "Move to any coastel city");
    assert_eq!(found, [("unknown-name".to_owned(), 4)]);
    assert!(json.contains("did you mean `coastal city`?"), "{json}");
}

#[test]
fn an_item_with_more_than_one_form_stays_in_words_whole() {
    for item in [
        "You may move to Bantu and lose W1",
        "Move to the nearest city, and lose W1",
        "Lose all Treasures (another player chooses)",
        "Move two spaces toward Basra",
    ] {
        let (e, diags) = read(item);
        assert!(matches!(e, Effect::FreeText(_)), "{item}: {e:?}");
        assert!(diags.is_empty(), "{item}: {diags:?}");
    }
}

#[test]
fn the_forms_read_as_their_meaning() {
    let (e, _) = read("You may move to any port");
    let Effect::Typed(t) = e else { panic!("{e:?}") };
    assert!(matches!(
        *t,
        Typed::Move {
            optional: true,
            by_other: false,
            ..
        }
    ));
    let (e, _) = read("Lose one Treasure (another player chooses)");
    assert_eq!(
        e,
        Effect::Typed(Box::new(Typed::Lose {
            loss: Loss::OneTreasure { choice: true },
            optional: false,
            by_other: true,
        }))
    );
    // `play` shows each in words.
    let book = check(&fixture("spec-example-v2")).book;
    for (item, words) in [
        ("You may move to any port", "may move: any coastal city"),
        (
            "Move to the nearest city and have an immediate encounter",
            "move: the nearest city, then an immediate encounter there",
        ),
        (
            "Move three spaces by sea",
            "move: 3 spaces in any direction by sea",
        ),
        (
            "Lose one skill (another player chooses)",
            "lose one skill of your choice (another player chooses)",
        ),
        (
            "Place your Destination marker in Bantu",
            "destination marker: Bantu",
        ),
    ] {
        let (e, _) = read(item);
        assert_eq!(tales::syntax::print::words(&book, &e), words);
    }
    // Names and `(your choice)`: the choice of those names.
    assert_eq!(
        read("Piety or Luck (your choice)").0,
        read("Choice of Piety or Luck").0
    );
    let (e, _) = read("Lose Wounded or Blessed (your choice)");
    assert!(matches!(e, Effect::Typed(_)), "{e:?}");
    // A marker alone on a place of power is its opportunity to enter.
    let (e, _) = read("Place your Destination marker on the City of Brass");
    let (o, _) = read("Opportunity to enter the City of Brass");
    assert_eq!(e, o);
}

/// `tales l10n` of the version 2 example and its Spanish translation, each
/// with one more paragraph whose award is given: the exit code and output.
fn l10n(en: &str, es: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    for (base, award) in [("spec-example-v2", en), ("spec-example-v2-es", es)] {
        common::copy_dir(&fixture(base), &dir.path().join(base));
        let text = format!("# tales: allow(unreachable-paragraph)\n-960-\nThe road. [{award}]\n");
        std::fs::write(dir.path().join(base).join("tales/road.tales"), text).unwrap();
    }
    let out = common::tales(
        &["l10n", "spec-example-v2", "spec-example-v2-es"],
        dir.path(),
    );
    out.stdout
}

#[test]
fn l10n_compares_the_forms_by_meaning() {
    let same = [
        ("Move three spaces by sea", "Mueve tres casillas por mar"),
        ("Move to the nearest city", "Mueve a la ciudad más cercana"),
        (
            "You may move to any coastal city",
            "Puedes moverte a cualquier ciudad costera",
        ),
        (
            "Lose one skill (another player chooses)",
            "Pierde una habilidad (elige otro jugador)",
        ),
        ("Lose all statuses", "Pierde todos los estados"),
    ];
    for (en, es) in same {
        let out = l10n(en, es);
        assert!(out.contains("no l10n findings"), "{en} / {es}: {out}");
    }
    let differ = [
        ("Move three spaces by sea", "Mueve tres casillas por tierra"),
        ("Move to the nearest city", "Mueve a cualquier ciudad"),
        ("You may move to any city", "Mueve a cualquier ciudad"),
        ("Move to any coastal city", "Mueve a cualquier ciudad"),
        (
            "Lose one skill (another player chooses)",
            "Pierde una habilidad a tu elección",
        ),
        ("Lose all statuses", "Pierde todas las habilidades"),
    ];
    for (en, es) in differ {
        let out = l10n(en, es);
        assert_eq!(
            out.matches("award differs from the source").count(),
            1,
            "{en} / {es}: {out}"
        );
        assert!(out.contains("l10n-award-mismatch 1"), "{en} / {es}: {out}");
    }
}

/// Answers the first option, keeping whether each question was another
/// player's.
#[derive(Default)]
struct ByWhom(Vec<bool>);

impl Chooser for ByWhom {
    fn choose(&mut self, ask: &Ask<'_>) -> usize {
        self.0.push(ask.by_another);
        0
    }
}

fn book() -> (tempfile::TempDir, Book) {
    let tales = "-970-\nA. [Lose one skill (another player chooses)]\n\n\
                 -971-\nB. [Lose all statuses]\n\n-972-\nC. [Lose all skills]\n";
    let d = book_with("spec-example-v2", &[("tales/beyond.tales", tales)]);
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    (d, tales::load::load_book(&root).0)
}

fn take(book: &Book, c: &mut Character, n: u32) -> Vec<bool> {
    let mut asked = ByWhom::default();
    let at = Start::At(Target::Paragraph(n));
    let r = Engine::new(book).encounter(c, &at, &mut Rng::new(3), &mut asked, &mut Quiet);
    assert!(r.is_ok(), "{r:?}");
    asked.0
}

#[test]
fn the_engine_asks_another_player_and_loses_every_status_or_skill() {
    let (_d, b) = book();
    let mut c = Character::new(&b);
    c.skills.clear();
    c.skills.insert(Id::from("piety"), Level::Master);
    c.skills.insert(Id::from("luck"), Level::Talent);
    // Another player picks the skill lost (the first: Luck, by id order).
    assert_eq!(take(&b, &mut c, 970), [true]);
    assert_eq!(c.skills.len(), 1);
    for s in ["wounded", "blessed"] {
        c.statuses.push(tales::engine::Held {
            id: s.into(),
            turns_left: None,
            fresh: false,
        });
    }
    assert!(take(&b, &mut c, 971).is_empty());
    assert!(c.statuses.is_empty());
    c.skills.insert(Id::from("luck"), Level::Talent);
    assert!(take(&b, &mut c, 972).is_empty());
    assert!(c.skills.is_empty(), "{:?}", c.skills);
}

/// The one effect `item` reads as in the book at `base`.
fn read_in(base: &str, item: &str) -> Effect {
    let book = check(&fixture(base)).book;
    let mut diags: Diagnostics = Vec::new();
    let ctx = Context::of(&book, FileId(0));
    let award = award::parse_award(&ctx, &format!("[{item}]"), 0, &mut diags).expect("parses");
    assert!(diags.is_empty(), "{item}: {diags:?}");
    award.items[0].effect.clone()
}

/// The Spanish and French wordings beyond the first pattern read as the
/// English forms do.
#[test]
fn the_spanish_and_french_variants_read_as_the_english_forms() {
    let pairs = [
        (
            "spec-example-v2-es",
            "Puedes mover a cualquier ciudad",
            "You may move to any city",
        ),
        (
            "spec-example-v2-es",
            "Mueve a la ciudad más próxima",
            "Move to the nearest city",
        ),
        (
            "spec-example-v2-es",
            "Mueve dos casillas por rutas marítimas",
            "Move two spaces by sea",
        ),
        (
            "spec-example-v2-es",
            "Mueve a cualquier ciudad portuaria",
            "Move to any port",
        ),
        (
            "spec-example-v2-es",
            "Pierde todos tus estados",
            "Lose all statuses",
        ),
        (
            "spec-example-v2-es",
            "Pierde una habilidad (a elección de otro jugador)",
            "Lose one skill (another player chooses)",
        ),
        (
            "fr-mini",
            "Déplacez-vous de deux cases par terre",
            "Move two spaces by land",
        ),
        (
            "fr-mini",
            "Si vous le souhaitez, déplacez-vous vers n'importe quelle ville insulaire",
            "You may move to any island city",
        ),
        ("fr-mini", "Perd toutes vos compétences", "Lose all skills"),
    ];
    for (base, theirs, ours) in pairs {
        assert_eq!(
            read_in(base, theirs),
            read_in("spec-example-v2", ours),
            "{theirs}"
        );
    }
}
