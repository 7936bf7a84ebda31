//! `tales play`: scripted sessions as golden files (screen and transcript),
//! replays, and 10,000 random encounters checked after every step.

use crate::common;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tales::engine::{Character, Engine, Event, RandomChooser, Rng, Sink, Start};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Run `tales` with some standard input, from the repository's root.
fn tales_with_input(args: &[&str], input: &str) -> common::Output {
    tales_in(&root(), args, input)
}

fn golden(name: &str, text: &str) {
    common::golden(&root().join("tests/play").join(name), text);
}

#[test]
fn a_scripted_session_on_the_sample_book() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--seed",
            "7",
            "--encounters",
            "3",
            "--as",
            "skills=piety*,courtly-graces,magic statuses=on-pilgrimage",
            "--transcript",
            t.to_str().unwrap(),
        ],
        "state\n1\n2\nBow\n1\n2\n1\n2\n1\n",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    golden("sample-seed-7.txt", &out.stdout);
    let transcript = std::fs::read_to_string(&t).unwrap();
    golden("sample-seed-7.jsonl", &transcript);
    let (first, steps) = transcript.split_once('\n').unwrap();
    let start: serde_json::Value = serde_json::from_str(first).unwrap();
    assert_eq!(start["kind"], "start");
    assert_eq!(start["seed"], 7);
    assert_eq!(start["character"]["skills"][2], "piety*");
    for line in steps.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for key in ["step", "kind", "paragraph", "choice", "roll", "state"] {
            assert!(v.get(key).is_some(), "a step has `{key}`: {line}");
        }
        assert!(
            ["chart", "reaction", "destiny", "section", "award", "goto"]
                .contains(&v["kind"].as_str().unwrap())
        );
        for key in [
            "destiny",
            "story",
            "wealth",
            "skills",
            "statuses",
            "treasures",
        ] {
            assert!(v["state"].get(key).is_some(), "the state has `{key}`");
        }
    }

    // The transcript replays to the same session.
    let replayed_t = dir.path().join("r.jsonl");
    let replay = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--replay",
            t.to_str().unwrap(),
            "--transcript",
            replayed_t.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(replay.code, 0, "{}", replay.stdout);
    assert_eq!(std::fs::read_to_string(&replayed_t).unwrap(), transcript);
}

/// A nested paragraph of the version 2 example (a condition, a choice under
/// its `{else}`, a die roll under the choice, a go-to to a paragraph with
/// a FEMALE section) played by hand, then replayed from its transcript
/// alone: the transcript keeps the start, the character and her gender.
#[test]
fn a_nested_paragraph_plays_depth_by_depth_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let book = "tests/fixtures/spec-example-v2";
    let out = tales_with_input(
        &[
            "play",
            book,
            "--at",
            "71",
            "--seed",
            "3",
            "--as",
            "skills=luck,courtly-graces gender=female",
            "--transcript",
            t.to_str().unwrap(),
        ],
        "1\n2\n",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    golden("nested-71.txt", &out.stdout);
    let transcript = std::fs::read_to_string(&t).unwrap();
    let steps: Vec<serde_json::Value> = transcript
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The path through paragraph 71, depth by depth: the condition's arm,
    // the choice, the die band.
    let path: Vec<(u64, &str)> = steps
        .iter()
        .filter(|s| s["paragraph"] == 71 && s["kind"] == "section")
        .map(|s| (s["depth"].as_u64().unwrap(), s["choice"].as_str().unwrap()))
        .collect();
    assert_eq!(path.len(), 3, "{path:?}");
    assert_eq!(path[0], (1, "{else} Otherwise"));
    assert_eq!(path[2].0, 3);
    assert!(
        steps
            .iter()
            .skip(1)
            .all(|s| s["state"]["gender"] == "female")
    );
    // At 75 she reads FEMALE, offered because of her gender.
    assert!(
        steps
            .iter()
            .any(|s| s["paragraph"] == 75 && s["choice"] == "FEMALE")
    );

    let replay = tales_with_input(&["play", book, "--replay", t.to_str().unwrap()], "");
    assert_eq!(replay.code, 0, "{}{}", replay.stdout, replay.stderr);
    golden("nested-71-replay.txt", &replay.stdout);
    let last = |s: &str| s.rsplit_once("\n\ndestiny").map(|(_, t)| t.to_owned());
    assert_eq!(
        last(&replay.stdout),
        last(&out.stdout),
        "the same end state"
    );
}

#[test]
fn back_undoes_the_last_choice() {
    // Avoid, then the destiny die (−) leads to 46's choice; `back` returns to
    // the reaction, the dice roll the same again.
    let out = tales_with_input(
        &[
            "play",
            "tests/fixtures/spec-example",
            "--at",
            "@L:Lost",
            "--seed",
            "3",
        ],
        "3\nback\n1\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    golden("back.txt", &out.stdout);
    assert!(out.stdout.contains("(back: choose again)"));
    assert!(out.stdout.contains("you react: Avoid"));
    assert!(out.stdout.contains("you react: Aid"));
}

#[test]
fn a_file_plays_from_its_first_paragraph() {
    let out = tales_with_input(
        &[
            "play",
            "tests/fixtures/spec-example/tales/places.tales",
            "--seed",
            "1",
        ],
        "1\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(out.stdout.contains("\n-100-\n"), "{}", out.stdout);
}

#[test]
fn the_spec_example_plays_end_to_end_at_random() {
    let out = tales_with_input(
        &[
            "play",
            "tests/fixtures/spec-example",
            "--auto",
            "--seed",
            "5",
            "--encounters",
            "40",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    golden("spec-auto-seed-5.txt", &out.stdout);
}

#[test]
fn a_broken_node_stops_the_session_with_its_diagnostic() {
    let out = tales_with_input(
        &[
            "play",
            "tests/fixtures/defects",
            "--at",
            "48",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("the book has 2 errors and 1 warning ("),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("the session stopped at a broken node"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("paragraph 1010 does not exist"),
        "{}",
        out.stdout
    );
}

#[test]
fn unknown_ids_in_as_are_errors_with_a_suggestion() {
    let out = tales_with_input(
        &["play", "content/sunken-lamp", "--as", "skills=pietyy"],
        "",
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean `piety`?"),
        "{}",
        out.stderr
    );
    let out = tales_with_input(
        &["play", "content/sunken-lamp", "--as", "wealth=Loaded"],
        "",
    );
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("no wealth level"), "{}", out.stderr);
}

#[test]
fn a_character_file_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("hero.yaml");
    std::fs::write(
        &f,
        "wealth: Rich\ndestiny: 3\nskills: [piety*, Seamanship]\ngender: female\n",
    )
    .unwrap();
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "500",
            "--seed",
            "1",
            "--as",
            f.to_str().unwrap(),
        ],
        "1\n",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("skills: Piety (Master), Seamanship"),
        "{}",
        out.stdout
    );
}

/// Checks the invariants after every step.
struct Invariants<'b> {
    book: &'b tales::ir::Book,
    steps: u64,
}

impl Sink for Invariants<'_> {
    fn event(&mut self, c: &Character, _: Event<'_>) {
        self.steps += 1;
        let ladder = &self.book.manifest.rules.wealth;
        assert!(c.wealth < ladder.len(), "wealth within the ladder");
        if ladder[c.wealth].needs_treasure {
            assert!(!c.treasures.is_empty(), "Fabulous only with a treasure");
        }
        let mut ids: Vec<&str> = c.statuses.iter().map(|s| &*s.id).collect();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "no duplicate status");
        // Points are u32: never below 0 by construction, and never wrapped.
        assert!(c.destiny < 100_000 && c.story < 100_000);
    }
}

#[test]
fn ten_thousand_random_encounters_keep_the_invariants() {
    let book = common::check(&root().join("content/sunken-lamp")).book;
    let engine = Engine::new(&book);
    let mut sink = Invariants {
        book: &book,
        steps: 0,
    };
    let mut encounters = 0;
    for seed in 0..20u64 {
        let mut rng = Rng::new(seed * 7919 + 1);
        let mut chooser = RandomChooser(Rng::new(seed));
        let mut c = Character::new(&book);
        for _ in 0..500 {
            engine
                .encounter(&mut c, &Start::Card, &mut rng, &mut chooser, &mut sink)
                .expect("the sample book has no broken node");
            encounters += 1;
        }
    }
    assert_eq!(encounters, 10_000);
    assert!(sink.steps > 30_000, "{} steps", sink.steps);
}

#[test]
fn a_status_with_encounters_is_a_place_to_start() {
    // FORMAT.md section 8: a status's `encounters` is an entry point (`imprisoned: @K`).
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "imprisoned",
            "--seed",
            "2",
        ],
        "1\n1\n",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("(matrix K, row"), "{}", out.stdout);
}

/// Run `tales` in a folder with some standard input.
fn tales_in(dir: &Path, args: &[&str], input: &str) -> common::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tales"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    common::Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn what_at_and_as_name_must_exist_before_a_session_starts() {
    for (args, says) in [
        (
            vec!["--at", "2001"],
            "the book has no paragraph 2001 (did you mean `200` or `201`?)",
        ),
        (
            vec!["--at", "wounded"],
            "`Wounded` is a status of the glossary with no `encounters:`",
        ),
        (
            vec!["--at", "@A:Generus"],
            "matrix A has no row `Generus` (did you mean `Generous`?)",
        ),
        (
            vec!["--at", "@brass-lighthose"],
            "(did you mean `brass-lighthouse`?)",
        ),
        (
            vec!["--at", "201", "--as", "space=Basar"],
            "`Basar` is no space of this book (did you mean `Basra`?)",
        ),
    ] {
        let mut all = vec!["play", "content/sunken-lamp"];
        all.extend(args.iter().copied());
        let out = tales_with_input(&all, "");
        assert_eq!(out.code, 2, "{args:?}: {}{}", out.stdout, out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        assert!(
            !out.stderr.contains("place `wounded`"),
            "a status is never called a place"
        );
        assert!(
            !out.stdout.contains("playing"),
            "{args:?}: no session started"
        );
    }
}

#[test]
fn scripted_input_that_ends_at_a_question_is_said_and_exits_1() {
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "@A:Generous",
            "--seed",
            "7",
            "--as",
            "skills=storytelling",
        ],
        "1\n",
    );
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("the input ended at a question, with no answer"),
        "{}",
        out.stdout
    );
}

#[test]
fn play_without_a_path_plays_the_book_around_the_current_folder() {
    let dir = root().join("content/sunken-lamp/tales");
    let out = tales_in(&dir, &["play", "--at", "200", "--seed", "1"], "");
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("-200-"), "{}", out.stdout);
}

#[test]
fn a_replay_on_a_book_that_changed_says_where_it_parts_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &root().join("content/sunken-lamp"),
        &dir.path().join("book"),
    );
    let t = dir.path().join("t.jsonl");
    let out = tales_in(
        dir.path(),
        &[
            "play",
            "book",
            "--at",
            "@A:Generous",
            "--seed",
            "7",
            "--as",
            "skills=storytelling",
            "--transcript",
            t.to_str().unwrap(),
        ],
        "1\n2\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    let same = tales_in(
        dir.path(),
        &["play", "book", "--replay", t.to_str().unwrap()],
        "",
    );
    assert_eq!(same.code, 0, "{}", same.stdout);
    let royalty = dir.path().join("book/tales/royalty.tales");
    let text = std::fs::read_to_string(&royalty).unwrap();
    std::fs::write(
        &royalty,
        text.replace(
            "be that friend. [D1 / S2 / Respected]",
            "be that friend. [D1 / S3 / Respected]",
        ),
    )
    .unwrap();
    let changed = tales_in(
        dir.path(),
        &["play", "book", "--replay", t.to_str().unwrap()],
        "",
    );
    assert_eq!(changed.code, 1, "{}", changed.stdout);
    assert!(
        changed.stdout.contains("the replay parts from its transcript at step 5: the book changed since the transcript was written"),
        "{}",
        changed.stdout
    );
}

/// A JSON value written again as another writer would: keys in reverse
/// order, a space after every `:` and `,`.
fn reserialised(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let items: Vec<String> = m
                .iter()
                .rev()
                .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), reserialised(v)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(reserialised).collect();
            format!("[ {} ]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// A transcript whose lines were written again (other spacing, other key
/// order) is the same transcript: the replay compares values, not bytes.
#[test]
fn a_transcript_written_again_with_other_spacing_and_key_order_replays() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "@A:Generous",
            "--seed",
            "7",
            "--as",
            "skills=storytelling",
            "--transcript",
            t.to_str().unwrap(),
        ],
        "1\n2\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    let mut again = String::new();
    for line in std::fs::read_to_string(&t).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let written = reserialised(&v);
        assert_ne!(written, line, "the line is written differently");
        again.push_str(&written);
        again.push('\n');
    }
    let t2 = dir.path().join("again.jsonl");
    std::fs::write(&t2, again).unwrap();
    let replay = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--replay",
            t2.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(replay.code, 0, "{}{}", replay.stdout, replay.stderr);
    assert!(
        !replay.stdout.contains("parts from its transcript"),
        "{}",
        replay.stdout
    );
}

/// Proofreading: `--read` lays the encounter out whole without rolling,
/// every section and arm at every depth, who qualifies, what each awards.
#[test]
fn read_shows_the_whole_tree_without_rolling() {
    let out = tales_with_input(
        &["play", "content/silver-caravan", "--at", "111", "--read"],
        "",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    golden("read-silver-111.txt", &out.stdout);
    assert!(
        out.stdout
            .contains("WEALTH: PRINCELY or greater (mandatory): — wealth >= Princely (mandatory)")
    );
    assert!(out.stdout.contains("> 11+: — a total of 11 or more"));
    let row = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "@A:Generous",
            "--read",
        ],
        "",
    );
    assert!(
        row.stdout
            .contains("cell 201; the destiny die reads 200, 201 or 202"),
        "{}",
        row.stdout
    );
    assert!(!row.stdout.contains("you roll"), "nothing is rolled");
}

/// `back` between encounters undoes the last choice of the encounter
/// before: it is asked again, and the transcript keeps only the new one.
#[test]
fn back_between_encounters_asks_the_last_choice_again() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--seed",
            "42",
            "--as",
            "skills=storytelling",
            "--transcript",
            t.to_str().unwrap(),
        ],
        // A city card first (no choice), then the Pearl Diver's Calm sea.
        "\n1\nback\n2\nquit\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("(back: choose again in the last encounter)"),
        "{}",
        out.stdout
    );
    let steps: Vec<serde_json::Value> = std::fs::read_to_string(&t)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let reactions: Vec<&str> = steps
        .iter()
        .filter(|s| s["kind"] == "reaction")
        .map(|s| s["choice"].as_str().unwrap())
        .collect();
    assert_eq!(reactions, ["Pray"], "the undone Sail is gone: {steps:?}");
}

/// At the start `play` says who you are (skills, gender, space, time) and
/// how `--as` changes it; `state` shows the space and the time; an option
/// typed by name is shown once (as typed), then what it did.
#[test]
fn play_says_who_you_are_and_echoes_a_named_option_once() {
    let out = tales_with_input(
        &[
            "play",
            "content/sunken-lamp",
            "--at",
            "@A:Generous",
            "--seed",
            "7",
            "--as",
            "skills=storytelling gender=female space=Samarkand time=night",
        ],
        "state\nbow\nstory\n",
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[1..7],
        [
            "you are: destiny 0, story 0, wealth Poor, female",
            "skills: Storytelling",
            "statuses: none",
            "treasures: none",
            "space: Samarkand, time: night",
            "(change it with `--as`, e.g. `--as \"skills=acting-and-disguise* gender=female time=noon\"`; `tales play --help` names every key)",
        ]
    );
    let state = lines.iter().position(|l| *l == "> state").unwrap();
    assert_eq!(lines[state + 5], "space: Samarkand, time: night");
    let bow = lines.iter().position(|l| *l == "> bow").unwrap();
    assert!(
        lines[bow + 1].starts_with("you react: Bow "),
        "{}",
        out.stdout
    );
    let story = lines.iter().position(|l| *l == "> story").unwrap();
    assert_eq!(
        lines[story + 1..story + 3],
        ["", "STORYTELLING:"],
        "{}",
        out.stdout
    );
}

/// `play --read --output FILE` writes the proofread to FILE, as it would
/// print it.
#[test]
fn the_proofread_can_go_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("read.txt");
    let args = ["play", "content/silver-caravan", "--at", "111", "--read"];
    let printed = tales_with_input(&args, "");
    let written = tales_with_input(
        &[&args[..], &["--output", file.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!((printed.code, written.code), (0, 0), "{}", written.stderr);
    assert_eq!(written.stdout, "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), printed.stdout);
    assert!(printed.stdout.contains("-111-"), "{}", printed.stdout);
}

/// `--read` proofreads a `.tales` file from its first paragraph, as play
/// starts there; without `--at` or a file it says what it needs (it used
/// to be refused by the argument parser with "--at is required", a file
/// named or not).
#[test]
fn read_takes_a_file_or_says_what_it_needs() {
    let file = tales_with_input(
        &[
            "play",
            "tests/fixtures/spec-example/tales/places.tales",
            "--read",
        ],
        "",
    );
    assert_eq!(file.code, 0, "{}{}", file.stdout, file.stderr);
    assert!(file.stdout.contains("-100-"), "{}", file.stdout);
    assert!(!file.stdout.contains("you roll"), "nothing is rolled");
    let book = tales_with_input(&["play", "content/sunken-lamp", "--read"], "");
    assert_eq!(book.code, 2, "{}", book.stdout);
    assert_eq!(
        book.stderr.trim(),
        "error: --read needs what to proofread: `--at REF` (`--at 328`, `--at @F:Terrible`) or a `.tales` file"
    );
}
