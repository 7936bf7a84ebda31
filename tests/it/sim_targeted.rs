//! `tales sim --from REF --as SPEC`: targeted lives, each starting where
//! `--from` says with the character `--as` gives (the keys left out drawn
//! as usual), deterministic whatever the thread count, and recorded in the
//! report so that `merge` refuses shards of another `--from` or `--as`.

use crate::common;

fn json(dir: &std::path::Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "sim",
        ".",
        "--encounters",
        "2000",
        "--seed",
        "5",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = common::tales(&args, dir);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

const RICH: &str = "> {wealth >= rich} If you are Rich";

#[test]
fn every_life_starts_at_from_as_the_character_as_gives() {
    let dir = common::fixture("sim-dice");
    // No reader of the book is Rich: without `--as` the arm is never taken,
    // even by the 100 lives (2,000 encounters of 20) that start at 12.
    let plain = json(&dir, &["--from", "12"]);
    let twelve = &plain["paragraphs"]["12"];
    assert!(twelve["visits"].as_u64().unwrap() >= 100, "{twelve}");
    assert_eq!(twelve["sections"][RICH], 0);
    assert_eq!(plain["run"]["from"], "12");
    assert_eq!(plain["run"]["as"], serde_json::Value::Null);
    // As a Rich reader, every visit of 12 takes it.
    let rich = json(&dir, &["--from", "12", "--as", "wealth=Rich"]);
    let twelve = &rich["paragraphs"]["12"];
    assert_eq!(twelve["sections"][RICH], twelve["visits"]);
    assert_eq!(rich["run"]["as"], "wealth=Rich");
    // The human report says whose lives they were.
    let out = common::tales(
        &[
            "sim",
            ".",
            "--encounters",
            "2000",
            "--seed",
            "5",
            "--from",
            "12",
            "--as",
            "wealth=Rich gender=female",
        ],
        &dir,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    common::golden(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/sim-from-as.txt"),
        &out.stdout,
    );
}

#[test]
fn a_chart_or_row_or_a_yaml_character_file_are_taken_as_play_takes_them() {
    let dir = common::book_with(
        "sim-dice",
        &[("rich.yaml", "wealth: Rich\nskills: [luck]\n")],
    );
    let book = dir.path().join("book");
    let from_row = json(&book, &["--from", "@A:Calm", "--as", "rich.yaml"]);
    // Row Calm's only cell is 11: every life's first encounter reads it.
    assert!(from_row["paragraphs"]["11"]["visits"].as_u64().unwrap() >= 100);
    assert_eq!(from_row["run"]["from"], "@A:Calm");
    let twelve = &from_row["paragraphs"]["12"];
    assert_eq!(twelve["sections"][RICH], twelve["visits"]);
}

#[test]
fn a_ref_or_spec_that_names_nothing_is_a_usage_error_with_the_likely_one() {
    let dir = common::fixture("sim-dice");
    let out = common::tales(&["sim", ".", "--from", "13"], &dir);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(
            "--from 13: the book has no paragraph 13 (did you mean `1` or `10` or `11` or `12`?)"
        ),
        "{}",
        out.stderr
    );
    let out = common::tales(&["sim", ".", "--as", "welth=Rich"], &dir);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("--as: unknown key `welth` (did you mean `wealth`?)"),
        "{}",
        out.stderr
    );
}

#[test]
fn targeted_lives_are_the_same_on_one_thread_or_two() {
    let dir = common::fixture("spec-example-v2");
    let from = ["--from", "@F:Terrible", "--as", "gender=female"];
    let one = json(&dir, &[&from[..], &["--threads", "1"]].concat());
    let two = json(&dir, &[&from[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_ne!(one["raw"], json(&dir, &["--threads", "2"])["raw"]);
}

#[test]
fn shards_of_targeted_lives_merge_and_shards_of_another_from_or_as_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let book = common::fixture("sim-dice");
    let book = book.to_str().unwrap();
    let out = |name: &str| tmp.path().join(name).to_str().unwrap().to_owned();
    let sim = |extra: &[&str], file: &str| {
        let file = out(file);
        let mut args = vec![
            "sim",
            book,
            "--encounters",
            "6000",
            "--seed",
            "4",
            "--format",
            "json",
            "--output",
            &file,
        ];
        args.extend_from_slice(extra);
        let run = common::tales(&args, tmp.path());
        assert_eq!(run.code, 0, "{}", run.stderr);
    };
    let targeted = ["--from", "12", "--as", "wealth=Rich"];
    sim(&targeted, "whole.json");
    sim(&[&targeted[..], &["--shard", "1/2"]].concat(), "a.json");
    sim(
        &[&targeted[..], &["--shard", "2/2", "--threads", "1"]].concat(),
        "b.json",
    );
    sim(&["--from", "12", "--shard", "2/2"], "other-as.json");
    sim(
        &["--as", "wealth=Rich", "--shard", "2/2"],
        "other-from.json",
    );
    let merge = |b: &str| {
        common::tales(
            &["sim", "merge", &out("a.json"), &out(b), "--format", "json"],
            tmp.path(),
        )
    };
    let merged = merge("b.json");
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(
        merged.stdout,
        std::fs::read_to_string(out("whole.json")).unwrap()
    );
    for other in ["other-as.json", "other-from.json"] {
        let refused = merge(other);
        assert_eq!(refused.code, 2, "{other}");
        assert!(
            refused
                .stderr
                .contains("is not another shard of the run of"),
            "{}",
            refused.stderr
        );
    }
}

const RICH_ALMS: &str = "condition arm `{wealth >= rich} If you are Rich` of paragraph 11";

/// The `never-reached` messages of a JSON report.
fn never_reached(v: &serde_json::Value) -> Vec<&str> {
    v["never_reached"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect()
}

#[test]
fn what_as_leaves_out_of_the_character_is_counted_not_never_reached() {
    let dir = common::fixture("sim-as");
    // The book's readers hold Seamanship at times: its section and the
    // paragraph it leads to are read.
    let plain = json(&dir, &[]);
    assert!(plain["paragraphs"]["13"]["visits"].as_u64().unwrap() > 0);
    assert!(
        !never_reached(&plain)
            .iter()
            .any(|m| m.contains("SEAMANSHIP"))
    );
    assert!(plain.get("excluded_by_as").is_none());
    // As a Piety master no reader can take SEAMANSHIP nor read 13: a fact
    // of the character, counted apart. The Rich arm (its condition on a
    // key `--as` left random) is still reported.
    let pious = json(&dir, &["--as", "skills=piety*"]);
    let found = never_reached(&pious);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with(RICH_ALMS), "{found:?}");
    let excluded = &pious["excluded_by_as"];
    assert_eq!(excluded["arms"][0]["paragraph"], 11);
    assert_eq!(excluded["arms"][0]["arm"], "SEAMANSHIP");
    assert_eq!(excluded["arms"].as_array().unwrap().len(), 1);
    assert_eq!(excluded["paragraphs"], serde_json::json!([13]));
    // The human report says so in one line.
    let out = common::tales(
        &[
            "sim",
            ".",
            "--encounters",
            "2000",
            "--seed",
            "5",
            "--as",
            "skills=piety*",
        ],
        &dir,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "by --as: 1 arm no reader could take needs what `skills=piety*` leaves out of the character (and 1 paragraph only they lead to): not reported as never-reached"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stdout.matches("never-reached\n").count(),
        1,
        "{}",
        out.stdout
    );
}

#[test]
fn a_condition_is_decided_by_the_keys_as_gave_and_by_them_alone() {
    use tales::ir::{Expr, Gender};
    let c = common::check(&common::fixture("sim-as"));
    let book = &c.book;
    let pairs = tales::play::spec::pairs("skills=piety*").unwrap();
    let pious = tales::sim::Persona::new(book, &pairs).unwrap();
    let id = |k: &str| book.glossary.by_id(k).unwrap().id.value;
    let sea = Expr::Has(id("seamanship"));
    let female = Expr::Gender(Gender::Female);
    assert_eq!(pious.fixed(book, &sea), Some(false));
    assert_eq!(pious.fixed(book, &Expr::Master(id("piety"))), Some(true));
    assert_eq!(
        pious.fixed(book, &Expr::Not(Box::new(sea.clone()))),
        Some(true)
    );
    // A key `--as` left random decides nothing, and a part it decides
    // decides the whole only when that part settles it.
    assert_eq!(pious.fixed(book, &female), None);
    let both = vec![sea.clone(), female.clone()];
    assert_eq!(pious.fixed(book, &Expr::Any(both.clone())), None);
    assert_eq!(pious.fixed(book, &Expr::All(both)), Some(false));
}
