//! Baselines (`--write-baseline`, `--baseline`): adopting `tales` on a book
//! that already has findings shows only the new ones. Findings are matched
//! by code, file and the text at their span, so a line added above them
//! keeps the match; one fixed since is counted.

use crate::common;
use common::{copy_dir, fixture, tales};

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn a_baseline_hides_todays_findings_and_shows_new_ones() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    copy_dir(&fixture("defects"), &book);
    let before = json(&tales(&["check", "book", "--format", "json"], dir.path()).stdout);
    let n = before["diagnostics"].as_array().unwrap().len();
    assert!(n >= 2, "the defects fixture has findings");

    let w = tales(
        &["check", "book", "--write-baseline", "baseline.json"],
        dir.path(),
    );
    assert_eq!(w.code, 0, "{}", w.stderr);
    assert!(
        w.stderr.contains(&format!("recorded {n} findings")),
        "{}",
        w.stderr
    );
    let clean = tales(
        &[
            "check",
            "book",
            "--baseline",
            "baseline.json",
            "--format",
            "json",
        ],
        dir.path(),
    );
    assert_eq!(clean.code, 0, "{}", clean.stdout);
    let v = json(&clean.stdout);
    assert!(v["diagnostics"].as_array().unwrap().is_empty());
    assert_eq!(v["summary"]["held_back"]["baseline"], n);

    // A comment above everything moves every line; a new slip is new.
    let file = common::walk(&book.join("tales"))
        .into_iter()
        .next()
        .unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        format!("# moved\n\n{text}\n-999-\nNew. [S1 / @12345]\n"),
    )
    .unwrap();
    let out = tales(
        &[
            "check",
            "book",
            "--baseline",
            "baseline.json",
            "--format",
            "json",
        ],
        dir.path(),
    );
    let v = json(&out.stdout);
    let codes: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"dangling-reference"), "{codes:?}");
    assert_eq!(
        v["summary"]["held_back"]["baseline"], n,
        "the old ones stay hidden"
    );
    assert_eq!(out.code, 1);

    // Fixing an old finding counts it as fixed since.
    let mut b: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("baseline.json")).unwrap())
            .unwrap();
    b["findings"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"code": "x", "file": "y", "text": "z", "count": 1}));
    std::fs::write(dir.path().join("baseline.json"), b.to_string()).unwrap();
    let human = tales(
        &["check", "book", "--baseline", "baseline.json"],
        dir.path(),
    );
    assert!(
        human.stdout.contains(&format!(
            "{n} findings hidden by the baseline (1 fixed since: `--write-baseline` drops them)"
        )),
        "{}",
        human.stdout
    );
    let bad = tales(
        &["check", "book", "--baseline", "book/book.yaml"],
        dir.path(),
    );
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

/// `--output FILE`: the report in its format goes to the file, and the
/// terminal gets the human summary only.
#[test]
fn output_writes_the_report_to_a_file_and_the_summary_to_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("defects"), &dir.path().join("book"));
    let out = tales(
        &[
            "check",
            "book",
            "--format",
            "sarif",
            "--output",
            "tales.sarif",
        ],
        dir.path(),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stdout.starts_with("failed: "), "{}", out.stdout);
    assert!(out.stdout.contains("the report is in tales.sarif"));
    assert!(!out.stdout.contains('×'), "no findings on the terminal");
    let sarif = json(&std::fs::read_to_string(dir.path().join("tales.sarif")).unwrap());
    assert_eq!(sarif["version"], "2.1.0");
    assert!(!sarif["runs"][0]["results"].as_array().unwrap().is_empty());
}

/// The CI kit at the root (`action.yml`, `.pre-commit-hooks.yaml`) is YAML
/// that parses, and every `tales` option it passes exists.
#[test]
fn the_ci_kit_uses_options_that_exist() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let action = std::fs::read_to_string(root.join("action.yml")).unwrap();
    let help = tales(&["check", "--help"], root).stdout;
    for flag in ["--format", "--deny", "--baseline", "--output"] {
        assert!(action.contains(flag), "action.yml uses {flag}");
        assert!(help.contains(flag), "`tales check` has {flag}");
    }
    // Both files parse, and each hook's entry and each action input is one
    // the book's CI tutorial documents.
    let read = |name: &str| -> serde_json::Value {
        serde_saphyr::from_str(&std::fs::read_to_string(root.join(name)).unwrap()).unwrap()
    };
    let readme = std::fs::read_to_string(root.join("docs/tutorials/ci.md")).unwrap();
    let hooks = read(".pre-commit-hooks.yaml");
    let ids: Vec<&str> = hooks
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["tales-check", "tales-fmt"]);
    for h in hooks.as_array().unwrap() {
        let entry = h["entry"].as_str().unwrap();
        assert!(
            readme.contains(h["id"].as_str().unwrap()),
            "docs/tutorials/ci.md names {entry}"
        );
        let sub = entry.split_whitespace().nth(1).unwrap();
        assert_eq!(tales(&[sub, "--help"], root).code, 0, "{entry}");
    }
    let action = read("action.yml");
    for (input, _) in action["inputs"].as_object().unwrap() {
        assert!(
            readme.contains(&format!("`{input}`")),
            "docs/tutorials/ci.md documents the input `{input}`"
        );
    }
    assert!(tales(&["fmt", "--help"], root).stdout.contains("--diff"));
}

/// The messages of a `--format json` report.
fn messages(out: &str) -> Vec<String> {
    json(out)["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_owned())
        .collect()
}

/// A baseline never hides a new defect: a finding that names a run of
/// paragraphs is matched by the run, not only by the text at its span (the
/// run's first header). Paragraph 901 appended after a baselined
/// unreachable 900 is shown, said to be new; a run that shrank (901
/// reached since) stays hidden, and a baseline written before runs were
/// recorded still reads.
#[test]
fn a_baseline_never_hides_a_paragraph_added_to_an_unreachable_run() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book");
    copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp"),
        &book,
    );
    let file = book.join("tales/royalty.tales");
    let text = std::fs::read_to_string(&file).unwrap();
    let with = |extra: &str| std::fs::write(&file, format!("{text}{extra}")).unwrap();
    let lone = "\n-900-\nA lonely place. [S1]\n";
    let two = "\n-900-\nA lonely place. [S1]\n\n-901-\nAnother. [S1]\n";
    let check = |baseline: &str| {
        tales(
            &["check", "book", "--baseline", baseline, "--format", "json"],
            dir.path(),
        )
    };

    with(lone);
    let w = tales(&["check", "book", "--write-baseline", "b.json"], dir.path());
    assert_eq!(w.code, 0, "{}", w.stderr);
    assert!(messages(&check("b.json").stdout).is_empty());

    with(two);
    assert_eq!(
        messages(&check("b.json").stdout),
        ["paragraphs 900 and 901 are unreachable (901 is new since the baseline)"]
    );

    // A run recorded whole, then one of it reached: nothing new.
    tales(
        &["check", "book", "--write-baseline", "b2.json"],
        dir.path(),
    );
    with(lone);
    let v = json(&check("b2.json").stdout);
    assert!(v["diagnostics"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(v["summary"]["held_back"]["baseline"], 1);

    // A baseline without runs matches a run of one paragraph only.
    let old = r#"{"tales-baseline": 1, "findings": [{"code": "unreachable-paragraph",
        "file": "tales/royalty.tales", "text": "-900-", "count": 1}]}"#;
    std::fs::write(dir.path().join("old.json"), old).unwrap();
    assert!(messages(&check("old.json").stdout).is_empty());
    with(two);
    assert_eq!(
        messages(&check("old.json").stdout),
        ["paragraphs 900 and 901 are unreachable"]
    );
}

/// `tales sim --games --baseline`: the share of games each status was held
/// in, the turns a holding lasts, and the share of games each quest was
/// completed in (issue #24's trial: two new encounters took Scorned from 5%
/// to 78% of games and the baseline said nothing). The sample book given
/// Scorned in its most read paragraph says so; the same book again moves
/// nothing.
#[test]
fn a_games_baseline_says_when_a_status_became_common() {
    let dir = tempfile::tempdir().unwrap();
    let lamp = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    copy_dir(&lamp, &old);
    copy_dir(&lamp, &new);
    let sorcery = new.join("tales/sorcery.tales");
    let text = std::fs::read_to_string(&sorcery).unwrap();
    assert_eq!(text.matches("open. [S1]\n").count(), 1);
    let scorned = text.replace("open. [S1]\n", "open. [S1 / Scorned (2 turns)]\n");
    std::fs::write(&sorcery, scorned).unwrap();
    let sim = |book: &str, extra: &[&str]| {
        let base = ["sim", book, "--games", "300", "--seed", "1"];
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = tales(&args, dir.path());
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    sim("old", &["--format", "json", "--output", "old.json"]);

    let same = json(&sim("old", &["--baseline", "old.json", "--format", "json"]));
    let b = &same["baseline"];
    let statuses = b["statuses"].as_object().unwrap();
    assert!(statuses.len() >= 10, "{statuses:?}");
    for (name, s) in statuses {
        // The same games (a float read back from JSON may differ in its
        // last bit).
        let change = s["share_of_games"]["change"].as_f64().unwrap();
        assert!(change.abs() < 1e-12, "{name}: {change}");
        assert_eq!(s["share_of_games"]["beyond_noise"], false, "{name}");
        assert_eq!(s["turns_mean"]["beyond_noise"], false, "{name}");
    }
    let quests = b["quests"].as_object().unwrap();
    assert!(quests.len() >= 6, "{quests:?}");
    assert!(
        quests
            .values()
            .all(|q| q["share_of_games"]["beyond_noise"] == false)
    );

    let moved = json(&sim("new", &["--baseline", "old.json", "--format", "json"]));
    let s = &moved["baseline"]["statuses"]["Scorned"]["share_of_games"];
    assert_eq!(s["beyond_noise"], true, "{s}");
    assert!(s["old"].as_f64().unwrap() < 0.1, "{s}");
    assert!(s["new"].as_f64().unwrap() > 0.5, "{s}");
    let human = sim("new", &["--baseline", "old.json"]);
    let line = human
        .lines()
        .find(|l| l.trim_start().starts_with("Scorned  held in "))
        .unwrap_or_else(|| panic!("a line for Scorned:\n{human}"));
    assert!(line.ends_with(" points (95%), beyond the noise"), "{line}");
    let same = sim("old", &["--baseline", "old.json"]);
    assert!(
        same.contains("  statuses held: 0 beyond the noise, ")
            && same.contains("  quests completed: 0 beyond the noise, "),
        "{same}"
    );
}
