//! `tales sim --games`: `never-reached` by the rules of whole games. What
//! no game took is given its chance by targeted games (a player given the
//! treasure, status or terrain a section needs, as the rules allow), and
//! only what the whole game cannot reach is a finding; deterministic per
//! seed whatever the threads, and shards merge into the run.

mod common;

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
}
