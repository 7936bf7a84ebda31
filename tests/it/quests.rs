//! Quests (FORMAT.md 9.4, `docs/quests.md`): `quests.yaml` read into the
//! IR, and `holds` deciding each form of requirement for the state a game
//! fills in. The book is the spec example with its board
//! (`tests/fixtures/board-example`: Bantu, Dunes and Shoals in Arabia,
//! Qalat in India, the City of Brass leaving to Bantu).

use crate::common;
use tales::ir::{
    Book, EntryKind, Holdable, Holding, Id, Quest, QuestState, Requirement, Test, Track, holds,
};

const QUESTS: &str = r#"
- name: In Search of Treasure
  text: You have heard of a fabulous treasure in a foreign land.
  steps:
    - when: {hold: treasure, found-outside: Arabia}
      award: "S1 / D1"
    - when: {hold: treasure, at: Bantu}
      award: "D1 / W+3 (max Rich) / Ebony Horse / Lose one Treasure"
  begins: "Move to Bantu"
- name: Forms
  steps:
    - when: {encounter: successful, at: Qalat}
    - when: {encounter: successful, in: India}
    - when: {encounter: successful, on: desert}
    - when: {place: city-of-brass}
    - when: {place: any}
    - when: {hold: Piety}
    - when: {hold: Respected}
    - when: {hold: Ebony Horse, found-in: India}
    - when: {at: Dunes}
    - when: {points: 12}
    - when: {destiny: 6, story: 6}
    - when: {any: [{hold: Married}, {hold: Beloved}], in: Arabia}
    - when: {all: [{any: [{on: sea}, {on: city}]}, {in: India}]}
"#;

fn book() -> Book {
    let dir = common::book_with("board-example", &[("quests.yaml", QUESTS)]);
    let root = std::fs::canonicalize(dir.path().join("book")).unwrap();
    let (book, diags) = tales::load::load_book(&root);
    assert!(diags.is_empty(), "{diags:?}");
    book
}

fn forms(book: &Book) -> &Quest {
    &book.quests[1]
}

fn id(book: &Book, name: &str) -> Id {
    book.glossary.resolve(name).unwrap().id.value
}

#[test]
fn a_quest_is_read_with_its_text_steps_awards_and_beginning() {
    let book = book();
    let q = &book.quests[0];
    assert_eq!(q.name.value, "In Search of Treasure");
    assert!(q.text.as_ref().unwrap().value.starts_with("You have heard"));
    assert_eq!(q.steps.len(), 2);
    assert_eq!(q.steps[0].award.as_ref().unwrap().items.len(), 2);
    assert_eq!(q.steps[1].award.as_ref().unwrap().items.len(), 4);
    assert_eq!(q.begins.as_ref().unwrap().items.len(), 1);
    let Test::Hold { what, found } = &q.steps[0].when.test else {
        panic!("a hold: {:?}", q.steps[0].when.test)
    };
    assert_eq!(*what, Holdable::Any(EntryKind::Treasure));
    let found = found.as_ref().unwrap();
    assert!(!found.inside);
    assert_eq!(found.region.value, "Arabia");
    let Test::All(all) = &q.steps[1].when.test else {
        panic!("two keys are all of them")
    };
    assert!(matches!(all[1].test, Test::At { space: Some(0), .. }));
    let Test::All(points) = &forms(&book).steps[10].when.test else {
        panic!("two keys")
    };
    assert!(matches!(
        points[0].test,
        Test::Points {
            track: Track::Destiny,
            at_least: 6
        }
    ));
}

#[test]
fn an_award_in_a_quest_means_what_it_means_in_a_paragraph() {
    let book = book();
    let items = &book.quests[0].steps[1].award.as_ref().unwrap().items;
    let ebony = id(&book, "Ebony Horse");
    assert!(
        matches!(&items[2].effect, tales::ir::Effect::Gain { id, .. } if *id == ebony),
        "{:?}",
        items[2].effect
    );
}

/// The state at a space of the board by name.
fn at<'a>(book: &'a Book, space: &str) -> QuestState<'a> {
    let board = book.board.as_ref().unwrap();
    QuestState::at(board, board.position(space).unwrap())
}

fn step(book: &Book, i: usize) -> &Requirement {
    &forms(book).steps[i].when
}

#[test]
fn a_successful_encounter_at_a_space_in_a_region_and_on_a_terrain() {
    let book = book();
    let qalat = QuestState {
        successful: true,
        ..at(&book, "Qalat")
    };
    assert!(holds(step(&book, 0), &qalat));
    assert!(holds(step(&book, 1), &qalat));
    assert!(!holds(step(&book, 2), &qalat), "Qalat is a city");
    let dunes = QuestState {
        successful: true,
        ..at(&book, "dunes")
    };
    assert!(holds(step(&book, 2), &dunes));
    assert!(!holds(step(&book, 0), &dunes) && !holds(step(&book, 1), &dunes));
    let lost = QuestState {
        successful: false,
        ..qalat
    };
    assert!(
        !holds(step(&book, 0), &lost) && !holds(step(&book, 1), &lost),
        "an encounter that was not successful does not count"
    );
}

#[test]
fn a_place_of_power_counts_only_for_its_own_successful_encounter() {
    let book = book();
    let brass = QuestState {
        successful: true,
        place: Some("City-of-Brass"),
        ..at(&book, "Bantu")
    };
    assert!(holds(step(&book, 3), &brass));
    assert!(holds(step(&book, 4), &brass), "place: any");
    let elsewhere = QuestState {
        successful: true,
        ..at(&book, "Bantu")
    };
    assert!(!holds(step(&book, 3), &elsewhere) && !holds(step(&book, 4), &elsewhere));
    let failed = QuestState {
        successful: false,
        ..brass
    };
    assert!(!holds(step(&book, 3), &failed));
}

#[test]
fn holding_a_skill_a_status_or_a_treasure_found_in_a_region() {
    let book = book();
    let held = [
        Holding {
            id: id(&book, "Piety"),
            kind: EntryKind::Skill,
            found_in: None,
        },
        Holding {
            id: id(&book, "Ebony Horse"),
            kind: EntryKind::Treasure,
            found_in: Some("india"),
        },
    ];
    let state = QuestState {
        held: &held,
        ..at(&book, "Dunes")
    };
    assert!(holds(step(&book, 5), &state), "Piety");
    assert!(!holds(step(&book, 6), &state), "not Respected");
    assert!(holds(step(&book, 7), &state), "found in India");
    assert!(
        holds(&book.quests[0].steps[0].when, &state),
        "found outside Arabia"
    );
    let arabian = [Holding {
        found_in: Some("Arabia"),
        ..held[1]
    }];
    let state = QuestState {
        held: &arabian,
        ..state
    };
    assert!(!holds(step(&book, 7), &state));
    assert!(!holds(&book.quests[0].steps[0].when, &state));
    assert!(
        !holds(&book.quests[0].steps[1].when, &state),
        "a treasure, but at Dunes"
    );
    assert!(holds(
        &book.quests[0].steps[1].when,
        &at(&book, "Bantu").with(&arabian)
    ));
}

trait With<'a> {
    fn with(self, held: &'a [Holding<'a>]) -> QuestState<'a>;
}

impl<'a> With<'a> for QuestState<'a> {
    fn with(self, held: &'a [Holding<'a>]) -> QuestState<'a> {
        QuestState { held, ..self }
    }
}

#[test]
fn being_at_a_space_and_points_reached() {
    let book = book();
    assert!(holds(step(&book, 8), &at(&book, "Dunes")));
    assert!(!holds(step(&book, 8), &at(&book, "Bantu")));
    let points = |destiny, story| QuestState {
        destiny,
        story,
        ..at(&book, "Bantu")
    };
    assert!(holds(step(&book, 9), &points(5, 7)));
    assert!(!holds(step(&book, 9), &points(5, 6)));
    assert!(holds(step(&book, 10), &points(6, 6)));
    assert!(!holds(step(&book, 10), &points(11, 5)), "each of the two");
}

#[test]
fn combinations_any_and_all() {
    let book = book();
    let beloved = [Holding {
        id: id(&book, "Beloved"),
        kind: EntryKind::Status,
        found_in: None,
    }];
    assert!(holds(step(&book, 11), &at(&book, "Bantu").with(&beloved)));
    assert!(!holds(step(&book, 11), &at(&book, "Bantu")), "neither");
    assert!(
        !holds(step(&book, 11), &at(&book, "Qalat").with(&beloved)),
        "not in Arabia"
    );
    assert!(
        holds(step(&book, 12), &at(&book, "Qalat")),
        "a city in India"
    );
    assert!(
        !holds(step(&book, 12), &at(&book, "Shoals")),
        "sea, in Arabia"
    );
}

/// The sample book, as `tales check` reads it.
fn sample(name: &str) -> Book {
    let root = std::fs::canonicalize(std::path::Path::new("content").join(name)).unwrap();
    let (book, diags) = tales::load::load_book(&root);
    assert!(diags.is_empty(), "{name}: {diags:?}");
    book
}

#[test]
fn the_sample_books_board_has_every_terrain_two_places_and_a_card_for_each_city() {
    let book = sample("sunken-lamp");
    let board = book.board.as_ref().expect("a board");
    assert!(
        board.walkable().count() >= 30,
        "{}",
        board.walkable().count()
    );
    for t in &book.manifest.world.terrains {
        assert!(
            board.walkable().any(|s| s.has_terrain(&t.value)),
            "no {} space",
            t.value
        );
    }
    assert_eq!(board.spaces.iter().filter(|s| s.is_place()).count(), 2);
    for city in board.walkable().filter(|s| s.has_terrain("city")) {
        assert!(
            (book.cards.city.iter())
                .any(|c| board.position(&c.city.value) == board.position(&city.name.value)),
            "no city card for {}",
            city.name.value
        );
    }
    let sea = board
        .routes
        .iter()
        .filter(|r| r.kind == tales::ir::RouteKind::Sea);
    assert!(sea.count() > 0 && board.routes.len() > 30);
    let regions: std::collections::BTreeSet<&str> = (board.spaces.iter())
        .filter_map(|s| s.region.as_ref().map(|r| r.value.as_str()))
        .collect();
    assert_eq!(regions.len(), 5, "{regions:?}");
}

#[test]
fn the_sample_books_quests_can_each_be_completed_somewhere_on_its_board() {
    let book = sample("sunken-lamp");
    assert!(book.quests.len() >= 6);
    let board = book.board.as_ref().unwrap();
    // Every step holds for some character on some space: a successful
    // encounter, holding everything the book has (found in some region),
    // with points enough.
    let held: Vec<Holding> = (book.glossary.entries.iter())
        .map(|e| Holding {
            id: e.id.value,
            kind: e.kind,
            found_in: Some("Hind"),
        })
        .collect();
    let places: Vec<&str> = (book.manifest.world.places.iter())
        .map(|p| p.id.value.as_str())
        .collect();
    for q in &book.quests {
        for (i, s) in q.steps.iter().enumerate() {
            let some = (0..board.spaces.len()).any(|space| {
                places.iter().map(|p| Some(*p)).chain([None]).any(|place| {
                    holds(
                        &s.when,
                        &QuestState {
                            successful: true,
                            place,
                            held: &held,
                            destiny: 20,
                            story: 20,
                            ..QuestState::at(board, space)
                        },
                    )
                })
            });
            assert!(some, "{} step {} never holds", q.name.value, i + 1);
        }
    }
}

#[test]
fn a_place_of_power_whose_name_starts_with_the_is_named_whole_in_an_award() {
    let book = sample("sunken-lamp");
    let letter = book
        .quests
        .iter()
        .find(|q| q.name.value == "The Keeper's Letter");
    let begins = &letter.unwrap().begins.as_ref().unwrap().items[0].effect;
    let tales::ir::Effect::Typed(t) = begins else {
        panic!("{begins:?}")
    };
    assert!(
        matches!(&**t, tales::ir::Typed::Opportunity { place: Some(p), .. } if p.id == "valley-of-ash"),
        "{t:?}"
    );
}

/// The sample book and its Spanish translation in a temporary folder,
/// with `edit` applied to a file of the translation (`old` replaced once
/// by `new`), checked: its findings as (code, message).
fn spanish_with(file: &str, old: &str, new: &str) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    for name in ["sunken-lamp", "sunken-lamp-es"] {
        common::copy_dir(
            &std::path::Path::new("content").join(name),
            &dir.path().join(name),
        );
    }
    let path = dir.path().join("sunken-lamp-es").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches(old).count(), 1, "{old}");
    std::fs::write(&path, text.replacen(old, new, 1)).unwrap();
    let checked = common::check(&dir.path().join("sunken-lamp-es"));
    checked
        .diagnostics
        .iter()
        .map(|d| (d.code.to_owned(), d.message.clone()))
        .collect()
}

#[test]
fn a_translated_quest_is_compared_by_meaning_with_its_source() {
    // A region named in the translation's words is the same spaces.
    assert_eq!(spanish_with("quests.yaml", "# Las", "# las"), []);
    let found = spanish_with(
        "quests.yaml",
        "{story: 8, in: Persia}",
        "{story: 8, in: Hind}",
    );
    assert_eq!(
        found,
        [(
            "l10n-structure-mismatch".to_owned(),
            "quest `Historias contadas en Persia` differs from the source's `Tales Told in Persia`: step 1's requirement".to_owned()
        )]
    );
    let award = spanish_with(
        "quests.yaml",
        "award: \"H1 / R+2 (máx.: Rico)\"",
        "award: \"H2 / R+2 (máx.: Rico)\"",
    );
    assert_eq!(award.len(), 1, "{award:?}");
    assert!(award[0].1.ends_with("step 2's award"), "{award:?}");
    let space = spanish_with(
        "quests.yaml",
        "at: El Techo del Mundo",
        "at: Las Puertas de Hierro",
    );
    assert_eq!(space.len(), 1, "{space:?}");
    assert!(space[0].1.ends_with("step 1's requirement"), "{space:?}");
}

#[test]
fn a_translated_board_keeps_the_sources_spaces_regions_and_routes() {
    let terrain = spanish_with(
        "board.yaml",
        "Las Salinas:                      {terrain: desert",
        "Las Salinas:                      {terrain: mountain",
    );
    assert_eq!(
        terrain,
        [(
            "l10n-structure-mismatch".to_owned(),
            "space `Las Salinas` differs from the source's `The Salt Flats`: another terrain"
                .to_owned()
        )]
    );
    let region = spanish_with(
        "board.yaml",
        "Siraf:                            {terrain: city, region: Persia}",
        "Siraf:                            {terrain: city, region: Arabia}",
    );
    assert_eq!(region.len(), 1, "{region:?}");
    assert!(region[0].1.ends_with("another region"), "{region:?}");
    let route = spanish_with(
        "board.yaml",
        "    - [El Mar Verde, Los Yermos de Thar]\n",
        "",
    );
    assert_eq!(
        route,
        [(
            "l10n-structure-mismatch".to_owned(),
            "the source's sea route [The Green Sea, The Thar Wastes] is missing".to_owned()
        )]
    );
}

#[test]
fn a_reference_in_a_quests_award_is_in_the_graph() {
    // A place misspelt after `@`: one dangling reference, with the fix.
    let dir = common::book_with(
        "board-example",
        &[(
            "quests.yaml",
            "- name: The Brass Gates\n  steps:\n    - when: {at: Bantu}\n      award: \"S1 / @city-of-bras\"\n",
        )],
    );
    let checked = common::check(&dir.path().join("book"));
    let found: Vec<(&str, &str)> = (checked.diagnostics.iter())
        .map(|d| (d.code, d.help.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "dangling-reference");
    assert!(found[0].1.contains("city-of-brass"), "{found:?}");
    // Spelt right, the quest is an entry point that reaches the place.
    let dir = common::book_with(
        "board-example",
        &[(
            "quests.yaml",
            "- name: The Brass Gates\n  steps:\n    - when: {at: Bantu}\n      award: \"S1 / @city-of-brass\"\n",
        )],
    );
    let root = std::fs::canonicalize(dir.path().join("book")).unwrap();
    let (book, _) = tales::load::load_book(&root);
    let graph = tales::graph::build(&book);
    let quest = (graph.graph.node_indices())
        .find(|&n| matches!(graph.graph[n], tales::graph::Node::Quest(0)))
        .expect("a quest node");
    assert!(graph.graph[quest].is_entry_point());
    assert_eq!(graph.graph.neighbors(quest).count(), 1);
}

/// `quest-impossible` reads the book's awards only as far as a step's
/// question needs (the cards and quests, then the paragraphs in turn): a
/// status given only by another quest, or only by the book's last
/// paragraph, is given; one nothing gives is still the one finding.
#[test]
fn a_status_is_given_wherever_the_last_award_that_gives_it_is() {
    const JAILER: &str = "- name: The Jailer's Key\n  steps:\n    - when: {hold: Imprisoned, at: Bantu}\n      award: \"S1 / D1\"\n";
    let impossible = |files: &[(&str, &str)]| {
        let dir = common::book_with("board-example", files);
        let checked = common::check(&dir.path().join("book"));
        (common::codes(&checked).into_iter())
            .filter(|(code, ..)| code == "quest-impossible")
            .count()
    };
    assert_eq!(impossible(&[("quests.yaml", JAILER)]), 1);
    let by_a_quest = format!(
        "{JAILER}- name: Arrested\n  begins: \"Imprisoned\"\n  steps:\n    - when: {{at: Dunes}}\n"
    );
    assert_eq!(impossible(&[("quests.yaml", &by_a_quest)]), 0);
    let prison =
        std::fs::read_to_string(common::fixture("board-example").join("tales/prison.tales"))
            .unwrap();
    let last = "A new sultan pardons every prisoner in the city. [Lose Imprisoned / S1]";
    assert!(
        prison.trim_end().ends_with(last),
        "paragraph 65 ends the book"
    );
    let given_last = prison.replace(
        last,
        "A new sultan jails every stranger in the city. [Imprisoned / S1]",
    );
    assert_eq!(
        impossible(&[("quests.yaml", JAILER), ("tales/prison.tales", &given_last)]),
        0
    );
}
