//! `never-reached` reports an arm only where the evidence says no reader
//! can take it (docs/sim.md; `src/sim/decide.rs`): an arm some
//! visitor could have taken is never a finding, an arm no visitor could
//! take is one once its visits (the run's, then targeted lives') make a
//! share of one reader in 200 unlikely beyond 1 in 1,000, and an arm
//! still short of that after the cap of targeted lives is "undecided".

use crate::common;

fn sim(fixture: &str, extra: &[&str]) -> common::Output {
    let mut args = vec!["sim", "."];
    args.extend_from_slice(extra);
    let out = common::tales(&args, &common::fixture(fixture));
    assert_eq!(out.code, 0, "{}", out.stderr);
    out
}

fn json(fixture: &str, extra: &[&str]) -> serde_json::Value {
    let out = sim(fixture, &[extra, &["--format", "json"]].concat());
    serde_json::from_str(&out.stdout).unwrap()
}

fn messages(v: &serde_json::Value) -> Vec<&str> {
    let list = v["never_reached"].as_array().unwrap();
    list.iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect()
}

#[test]
fn a_rare_section_is_no_finding_and_an_impossible_one_is_with_its_cause() {
    // 200 encounters: about 70 visits of 11, where one reader in 56 holds
    // Piety, Wisdom and Luck; this seed's run has none, so no one took it
    // (what was reported as never reached before), but the lives played
    // towards 11 find readers who could.
    let small = ["--encounters", "200", "--seed", "1"];
    let v = json("sim-rare", &small);
    assert_eq!(
        v["paragraphs"]["11"]["sections"]["PIETY {wisdom & luck}"],
        0
    );
    let found = messages(&v);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with(
            "section `MAGIC at Master level` of paragraph 11 could be taken by no reader in"
        ),
        "{}",
        found[0]
    );
    assert_eq!(v["undecided"], serde_json::json!([]));
    // The help names the cause and the evidence.
    let out = sim("sim-rare", &small);
    common::golden(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/sim-rare.txt"),
        &out.stdout,
    );
    let text = out.stdout.replace("\n        ", " ");
    assert!(
        text.contains("help: no reader there qualified for `MAGIC at Master level`; 7"),
        "{text}"
    );
    assert!(text.contains("lives played towards 11: were one reader in 200 there able to take it, the chance that none of them could would be under 1 in 1,000"), "{text}");
}

#[test]
fn a_condition_never_met_and_a_band_no_roll_makes_are_findings_with_their_cause() {
    let out = sim("sim-dice", &["--encounters", "200"]);
    let text = out.stdout.replace("\n        ", " ");
    assert!(
        text.contains("help: its condition `{wealth >= rich}` never held; "),
        "{text}"
    );
    let out = sim("sim-outlier", &["--encounters", "200"]);
    let text = out.stdout.replace("\n        ", " ");
    assert!(
        text.contains(
            "help: 1d6 with the terms readers had here (-1) rolls 0 to 5: no total falls in `6`; "
        ),
        "{text}"
    );
}

#[test]
fn an_arm_too_rarely_reached_to_tell_is_undecided_not_a_finding() {
    // 18 on 3d6 (one roll in 216) leads to a Master section: the run and
    // 12,800 lives towards 12 visit that block a few hundred times, short
    // of the 1,379 that would rule one reader in 200 out.
    let v = json("sim-rare", &["--encounters", "20000", "--seed", "1"]);
    let found = messages(&v);
    assert!(!found.iter().any(|m| m.contains("COURAGE")), "{found:?}");
    let undecided = &v["undecided"][0];
    assert_eq!(undecided["paragraph"], 12);
    assert_eq!(undecided["arm"], "COURAGE at Master level");
    assert_eq!(undecided["lives"], 12_800);
    let seen =
        undecided["visits"].as_u64().unwrap() + undecided["targeted_visits"].as_u64().unwrap();
    assert!(seen > 0 && seen < 1379, "{undecided}");
    let out = sim("sim-rare", &["--encounters", "20000", "--seed", "1"]);
    assert!(
        out.stdout.contains("undecided: section `COURAGE at Master level` of paragraph 12: no reader could take it in "),
        "{}",
        out.stdout
    );
    let html = sim(
        "sim-rare",
        &["--encounters", "20000", "--seed", "1", "--format", "html"],
    );
    assert!(
        html.stdout.contains(
            "<td>undecided</td><td>`COURAGE at Master level`: no reader could take it in "
        ),
        "{}",
        html.stdout
    );
}

#[test]
fn decisions_are_the_same_on_one_thread_or_two_and_merged_shards_are_the_run() {
    let run = ["--encounters", "2000", "--seed", "3"];
    let one = sim(
        "sim-rare",
        &[&run[..], &["--threads", "1", "--format", "json"]].concat(),
    );
    let two = sim(
        "sim-rare",
        &[&run[..], &["--threads", "2", "--format", "json"]].concat(),
    );
    assert_eq!(one.stdout, two.stdout);
    let tmp = tempfile::tempdir().unwrap();
    let book = common::fixture("sim-rare");
    let shard = |k: &str| {
        let file = tmp.path().join(format!("{}.json", k.replace('/', "-")));
        let file = file.to_str().unwrap().to_owned();
        let args = [
            &run[..],
            &["--shard", k, "--format", "json", "--output", &file],
        ]
        .concat();
        let mut all = vec!["sim", book.to_str().unwrap()];
        all.extend_from_slice(&args);
        assert_eq!(common::tales(&all, tmp.path()).code, 0);
        file
    };
    let (a, b) = (shard("1/2"), shard("2/2"));
    let whole = shard("1/1");
    let merged = common::tales(&["sim", "merge", &b, &a, "--format", "json"], tmp.path());
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    // Decided on the merged counts: byte for byte the whole run's report,
    // its targeted lives and findings included.
    assert_eq!(merged.stdout, std::fs::read_to_string(whole).unwrap());
    let v: serde_json::Value = serde_json::from_str(&merged.stdout).unwrap();
    assert_eq!(v["never_reached"].as_array().unwrap().len(), 1, "{v}");
}

#[test]
fn a_choice_nobody_happened_to_take_is_offered_so_it_is_no_finding() {
    // Eight roads at 10 and a dozen visits: some road is left untaken, by
    // chance; every visitor was offered it.
    let mut roads = String::new();
    for w in [
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ] {
        roads.push_str("> If you take road ");
        roads.push_str(w);
        roads.push_str(": You walk on. [S1]\n");
    }
    let text = std::fs::read_to_string(common::fixture("sim-dice").join("tales/book.tales"))
        .unwrap()
        .replace(
            "-10-\nYou wait, and nothing happens. [S1]\n",
            &format!("-10-\nYou wait, and nothing happens. Choose a road:\n{roads}"),
        );
    let book = common::book_with("sim-dice", &[("tales/book.tales", &text)]);
    let out = common::tales(
        &["sim", "book", "--encounters", "40", "--format", "json"],
        book.path(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let roads = v["paragraphs"]["10"]["sections"].as_object().unwrap();
    assert!(roads.values().any(|n| n == 0), "{roads:?}");
    assert_eq!(
        messages(&v),
        [
            "condition arm `{wealth >= rich} If you are Rich` of paragraph 12 could be taken by no reader in 1,622 visits"
        ]
    );
}
