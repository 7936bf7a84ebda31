//! Statuses and treasures that act (FORMAT.md 9.2, `docs/rules.md`): the
//! reference glossary of every published status card reads clean, and each
//! card's effect is said by the rule vocabulary.

use crate::common;
use std::path::Path;
use tales::ir::rules::{DiceBy, Loss, Outcome, RuleKind, Skills, Track};
use tales::ir::{Book, EntryKind};

fn reference() -> Book {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/reference");
    tales::load::load_book(&root).0
}

fn rules<'b>(book: &'b Book, id: &str) -> Vec<&'b RuleKind> {
    let e = book
        .glossary
        .by_id(id)
        .unwrap_or_else(|| panic!("no `{id}`"));
    e.rules.iter().map(|r| &r.kind).collect()
}

#[test]
fn the_reference_glossary_checks_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/reference");
    let checked = common::check(&root);
    assert!(
        checked.diagnostics.is_empty(),
        "{}",
        common::human(&checked)
    );
}

/// Every status of the published game (toan-glossary.yaml lists the 28
/// cards of rulebook-es.txt) is in the reference, with its own text and at
/// least one rule.
#[test]
fn every_published_status_card_is_encoded() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec/toan-glossary.yaml");
    let Ok(toan) = std::fs::read_to_string(&shared) else {
        return; // the shared spec is beside the repository only in development
    };
    let book = reference();
    let section = toan
        .split("statuses:")
        .nth(1)
        .and_then(|s| s.split("\nwealth:").next())
        .unwrap();
    let ids: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("  ")?.split(':').next())
        .filter(|id| !id.starts_with(' ') && !id.is_empty())
        .collect();
    assert_eq!(ids.len(), 28, "{ids:?}");
    for id in ids {
        let e = book
            .glossary
            .by_id(id)
            .unwrap_or_else(|| panic!("`{id}` missing"));
        assert_eq!(e.kind, EntryKind::Status, "{id}");
        assert!(e.text.is_some(), "`{id}` has no text");
        assert!(!e.rules.is_empty(), "`{id}` has no rules");
    }
}

#[test]
fn crippled_says_movement_skills_a_doubled_award_and_its_loss() {
    let book = reference();
    let r = rules(&book, "crippled");
    assert!(r.contains(&&RuleKind::Movement { land: -1, sea: -1 }));
    assert!(r.contains(&&RuleKind::Double(Track::Story)));
    let seduction = book.glossary.by_id("seduction").unwrap().id.value;
    assert!(
        r.iter()
            .any(|k| matches!(k, RuleKind::CannotUse(Skills::These(s)) if s.contains(&seduction)))
    );
    let lose = r.iter().find_map(|k| match k {
        RuleKind::LoseWhen(l) => Some(l),
        _ => None,
    });
    let blessed = book.glossary.by_id("blessed").unwrap().id.value;
    assert!(matches!(&lose.unwrap()[0].value, Loss::Gains(g) if g.contains(&blessed)));
}

#[test]
fn blessed_and_accursed_name_the_dice_and_are_lost_after_a_roll() {
    let book = reference();
    for (id, by) in [
        ("blessed", DiceBy::Player),
        ("accursed", DiceBy::AnotherPlayer),
    ] {
        let r = rules(&book, id);
        assert!(r.contains(&&RuleKind::Dice(by)), "{id}");
        assert!(r.iter().any(|k| matches!(k, RuleKind::LoseWhen(l) if l.iter().any(|l| l.value == Loss::AfterRoll(1)))), "{id}");
    }
}

#[test]
fn beloved_is_a_choice_whose_refusal_is_a_roll() {
    let book = reference();
    let r = rules(&book, "beloved");
    let RuleKind::OnGain(Outcome::Choice(options)) = r[0] else {
        panic!("{r:?}")
    };
    assert_eq!(options.len(), 2);
    assert_eq!(options[0].0.value, "Accept");
    let Outcome::Roll { dice: 1, bands } = &options[1].1 else {
        panic!("{options:?}")
    };
    assert_eq!(
        bands.iter().map(|b| (b.0, b.1)).collect::<Vec<_>>(),
        [(1, 2), (3, 4), (5, 6)]
    );
}

#[test]
fn under_geas_and_fated_count_points_since_the_gain() {
    let book = reference();
    let has = |id: &str, loss: Loss| {
        rules(&book, id)
            .iter()
            .any(|k| matches!(k, RuleKind::LoseWhen(l) if l.iter().any(|l| l.value == loss)))
    };
    assert!(has("under-geas", Loss::DestinyRises(3)));
    assert!(has("fated", Loss::PointsRise(4)));
    assert!(has("grief-stricken", Loss::StoryReaches(8)));
    assert!(has("imprisoned", Loss::StoryReaches(10)));
    assert!(has("insane", Loss::GainsSkill));
    assert!(has("love-struck", Loss::AfterEncounters(1)));
}

/// Pursued's and Love Struck's rows count as uses of the matrices' rows.
#[test]
fn rules_that_send_the_player_to_a_row_are_references() {
    let book = reference();
    let pursued = &book.glossary.by_id("pursued").unwrap().rules;
    let refs: Vec<String> = tales::ir::rules::references(pursued)
        .map(|r| r.target.to_string())
        .collect();
    assert_eq!(refs, ["@H:Pursuer"]);
}

/// `tales play` says why a rule acted: Crippled doubles a story award.
#[test]
fn play_shows_why_a_rule_acted() {
    let reference = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("content/reference/glossary.yaml"),
    )
    .unwrap()
    .replacen("skills:\n", "skills:\n  perception: Perception\n", 1)
        + "treasures:\n  ebony-horse: {name: Ebony Horse, sell: Rich}\n";
    let dir = common::book_with(
        "spec-example",
        &[
            ("glossary.yaml", &reference),
            (
                "matrices.yaml",
                &std::fs::read_to_string(common::fixture("spec-example/matrices.yaml"))
                    .unwrap()
                    .replace("[Aid, Rob, Avoid]", "[Aid, Rob, Avoid, Court]")
                    .replace("[41, 44, 47]", "[41, 44, 47, ~]"),
            ),
            (
                "tales/rules.tales",
                "# tales: allow(unreachable-paragraph)\n-930-\nA kind word. [S1]\n",
            ),
        ],
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tales"))
        .args([
            "play",
            "book",
            "--at",
            "930",
            "--seed",
            "1",
            "--as",
            "statuses=crippled",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Crippled: story award doubled, 1 → 2"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Hostile rules: thousands of unknown names are one finding each, a value
/// of every wrong shape is one finding, and nothing panics.
#[test]
fn hostile_rules_are_one_finding_each() {
    use std::fmt::Write as _;
    let mut rules = String::new();
    for i in 0..3000 {
        let _ = writeln!(rules, "      zz{i}qq: {i}");
    }
    let glossary = format!(
        "statuses:\n  wounded:\n    name: Wounded\n    rules:\n{rules}      movement: [1, 2]\n      dice: {{a: b}}\n      on-gain: {{roll: 1d6, \"1-2\": \"S1\", \"2-6\": \"D1\"}}\n      lose-when: {{pay: [{{}}, 3], story-reaches: -4}}\n      requires: 3\n  respected: Respected\n  blessed: Blessed\n  imprisoned: {{name: Imprisoned, encounters: \"@K\"}}\n"
    );
    let d = common::book_with("spec-example", &[("glossary.yaml", &glossary)]);
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (_, diags) = tales::load::load_book(&root);
    let count = |code: &str| diags.iter().filter(|d| d.code == code).count();
    assert_eq!(count("unknown-rule"), 3000);
    // movement, dice, the overlapping bands, two payments, story-reaches,
    // requires: one each.
    assert_eq!(
        count("bad-rule"),
        7,
        "{:#?}",
        diags
            .iter()
            .filter(|d| d.code == "bad-rule")
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
}

/// `rules: second-roll` (a rule named alone, not a map): one finding that
/// says so once ("`rules` of the rules of" before) and shows the map.
#[test]
fn rules_written_as_a_name_alone_are_one_finding_showing_the_map() {
    let glossary = "statuses:\n  respected:\n    name: Respected\n    rules: second-roll\n  wounded: Wounded\n  blessed: Blessed\n  imprisoned: {name: Imprisoned, encounters: \"@K\"}\n";
    let d = common::book_with("spec-example", &[("glossary.yaml", glossary)]);
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (_, diags) = tales::load::load_book(&root);
    let found: Vec<_> = diags.iter().filter(|d| d.code == "syntax-error").collect();
    assert_eq!(found.len(), 1, "{diags:#?}");
    assert_eq!(
        found[0].message,
        "the rules of `respected` must be a map, not a string"
    );
    let help = found[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("`rules: {second-roll: true}`"), "{help}");
}

/// A count written in words (`farther-than: three`) is one `bad-rule` that
/// quotes it.
#[test]
fn a_count_in_words_is_one_finding_quoting_it() {
    let glossary = "statuses:\n  respected:\n    name: Respected\n    rules: {movement-limit: three}\n  wounded: Wounded\n  blessed: Blessed\n  imprisoned: {name: Imprisoned, encounters: \"@K\"}\n";
    let d = common::book_with("spec-example", &[("glossary.yaml", glossary)]);
    let root = std::fs::canonicalize(d.path().join("book")).unwrap();
    let (_, diags) = tales::load::load_book(&root);
    let found: Vec<&str> = diags
        .iter()
        .filter(|d| d.code == "bad-rule")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(found, ["expected a whole number from 0 to 99, not `three`"]);
}
