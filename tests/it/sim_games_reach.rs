//! `tales sim --games`: `never-reached` by the rules of whole games. What
//! no game took is given its chance by targeted games (a player given the
//! treasure, status or terrain a section needs, as the rules allow), and
//! only what the whole game cannot reach is a finding; deterministic per
//! seed whatever the threads, and shards merge into the run.

use crate::common;

use serde_json::Value;

fn run(args: &[&str]) -> common::Output {
    let dir = common::fixture("game-reach");
    let mut all = vec![
        "sim",
        ".",
        "--games",
        "20",
        "--players",
        "1",
        "--goal",
        "0/20",
    ];
    all.extend_from_slice(args);
    let out = common::tales(&all, &dir);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out
}

fn json(args: &[&str]) -> Value {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&run(&all).stdout).unwrap()
}

fn messages(v: &Value) -> Vec<String> {
    v["never_reached"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["message"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn only_what_the_whole_game_cannot_reach_is_never_reached() {
    let v = json(&[]);
    let found = messages(&v);
    // A status no award gives, a terrain no space has: findings.
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with(
            "section `HAUNTED (mandatory)` of paragraph 101 could be taken by no reader in"
        ),
        "{found:?}"
    );
    assert!(
        found[1].starts_with("section `{terrain = swamp}` of paragraph 101"),
        "{found:?}"
    );
    // The lamp and the sea, which the rules allow, are not.
    assert!(
        found
            .iter()
            .all(|m| !m.contains("LAMP") && !m.contains("sea"))
    );
    assert_eq!(v["never_reached"][0]["code"], "never-reached");
    assert_eq!(v["never_reached"][0]["line"], 18);
    assert!(
        v["targeted_games"].as_u64().unwrap() >= 64,
        "{}",
        v["targeted_games"]
    );
    assert_eq!(v["undecided"], serde_json::json!([]));
}

#[test]
fn the_findings_are_the_seeds_whatever_the_threads_and_shards_merge_into_them() {
    let one = json(&["--threads", "1"]);
    let two = json(&["--threads", "2"]);
    assert_eq!(one, two);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for k in ["1/2", "2/2"] {
        let f = dir.path().join(format!("{}.json", k.replace('/', "-")));
        std::fs::write(&f, json(&["--shard", k]).to_string()).unwrap();
        files.push(f);
    }
    let mut args = vec!["sim", "merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    args.extend(["--format", "json"]);
    let out = common::tales(&args, &common::fixture("game-reach"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let merged: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(merged, one);
    assert_eq!(messages(&merged).len(), 2);
}

#[test]
fn the_text_and_html_reports_show_what_no_game_reached() {
    let text = run(&[]).stdout;
    assert!(text.contains("never-reached"), "{text}");
    assert!(text.contains("HAUNTED (mandatory)"), "{text}");
    assert!(text.contains("targeted games played towards 101"), "{text}");
    assert!(text.contains("\ntargeted games: "), "{text}");
    let html = run(&["--format", "html"]).stdout;
    assert!(
        html.contains("never reached in any game (2 after "),
        "{html}"
    );
    assert!(html.contains("never-reached: section `{terrain = swamp}` of paragraph 101"));
    // Under its own heading: without a baseline, nothing "moved".
    assert!(
        html.contains("<h2>What the games never reached</h2>"),
        "{html}"
    );
    assert!(!html.contains("What moved since the baseline"), "{html}");
}

/// The held-out criterion (issue 24, "Done when"): a generated Book of
/// Tales with a board and decks, simulated as whole games, reaches its
/// treasure sections, its `{terrain = ...}` sections (every terrain of the
/// board) and the paragraphs of the matrix row only a status enters.
#[test]
fn a_generated_book_reaches_its_treasure_terrain_and_status_entered_sections() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    bookgen::write_book_in(&book, 300, 100, &bookgen::EN, None, bookgen::Format::V3).unwrap();
    let text = |name: &str| std::fs::read_to_string(book.join(name)).unwrap();
    // The kinds are there: treasure sections, every terrain, and a status
    // whose encounters are a row no chart names.
    let tales: String = std::fs::read_dir(book.join("tales"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert!(tales.contains("ANY TREASURE:") && tales.contains("{treasure}"));
    for t in bookgen::TERRAINS {
        assert!(tales.contains(&format!("{{terrain = {t}}}")), "{t}");
    }
    let glossary = text("glossary.yaml");
    let row = glossary
        .split("encounters: \"@")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_owned();
    let (matrix, name) = row.split_once(':').unwrap();
    let matrices = text("matrices.yaml");
    let cells: Vec<u32> = matrices
        .split(&format!("\n{matrix}:\n"))
        .nth(1)
        .unwrap()
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{name}:")))
        .unwrap()
        .split(['[', ']', ','])
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    assert!(!cells.is_empty(), "{row}");
    assert!(!text("tales/charts.tales").contains(&format!("{{{name}}} Traveller ({matrix})")));
    let out = common::tales(
        &[
            "sim",
            ".",
            "--games",
            "1500",
            "--players",
            "2",
            "--seed",
            "7",
            "--format",
            "json",
        ],
        &book,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let mut missed: Vec<String> = messages(&v);
    missed.extend(
        v["undecided"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| format!("undecided: {} of {}", u["arm"], u["paragraph"])),
    );
    let of_kind = |m: &String| {
        m.contains("TREASURE")
            || m.contains("{treasure}")
            || m.contains("{terrain =")
            || cells
                .iter()
                .any(|&n| (n - 1..=n + 1).any(|p| m.starts_with(&format!("paragraph {p} "))))
    };
    let kind: Vec<&String> = missed.iter().filter(|m| of_kind(m)).collect();
    assert!(kind.is_empty(), "{kind:#?}");
    // The run alone left sections of these kinds untaken where readers
    // came: the targeted games took them.
    let untaken: Vec<String> = v["paragraphs"]
        .as_object()
        .unwrap()
        .values()
        .filter(|p| p["visits"].as_u64().unwrap() > 0)
        .flat_map(|p| p["sections"].as_object().unwrap().clone())
        .filter(|(label, n)| {
            n == 0
                && (label.contains("TREASURE")
                    || label.contains("{treasure}")
                    || label.contains("{terrain ="))
        })
        .map(|(label, _)| label)
        .collect();
    assert!(untaken.len() >= 5, "{untaken:?}");
    assert!(v["targeted_games"].as_u64().unwrap() > 0);
}
