//! `tales sim`: statistics within a few standard errors of the exact
//! values on a book small enough to work out by hand, the same report
//! whatever the thread count, and `never-reached` where a reader cannot go.

#![allow(clippy::cast_precision_loss)] // counts far below 2^52, as floats

use crate::common;
use tales::engine::Engine;
use tales::sim::{self, report, tally::ArmIndex, tally::Tally};

fn run(book: &tales::ir::Book, encounters: u64, threads: usize) -> Tally {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let engine = Engine::new(book);
    let arms = ArmIndex::of(book);
    let opts = sim::Options {
        encounters,
        seed: 7,
        length: 20,
        shard: (1, 1),
        lives: sim::Lives::default(),
    };
    pool.install(|| sim::run(&engine, &arms, &opts))
}

/// `never-reached` of a run of `sim-*` (seed 7, lives of 20), its arms
/// decided as the CLI does.
fn never_reached(book: &tales::ir::Book, t: &Tally) -> Vec<tales::diagnostic::Diagnostic> {
    let engine = Engine::new(book);
    let arms = ArmIndex::of(book);
    let decided = sim::decide::decide(
        &engine,
        &arms,
        t,
        &sim::Lives::default(),
        (7, 20, sim::decide::budget(0)),
    );
    report::never_reached(book, &tales::graph::build(book), &arms, (t, None), &decided)
}

/// `observed` is within four standard errors of the exact probability `p`
/// over `n` trials.
fn near(observed: u64, n: u64, p: f64) {
    let se = (p * (1.0 - p) / n as f64).sqrt();
    let got = observed as f64 / n as f64;
    assert!((got - p).abs() <= 4.0 * se, "{got} is not {p} ± 4 × {se}");
}

#[test]
fn counts_match_the_exact_odds_of_the_destiny_die_and_a_2d6_band() {
    let c = common::check(&common::fixture("sim-dice"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    let book = &c.book;
    let n = 60_000;
    let t = run(book, n, 2);
    assert_eq!(t.encounters, n);
    let visits = |number: u32| t.paragraphs[book.index[&number]];
    // The destiny die: cell 11 sends a third of readers to each of 10, 11, 12.
    for p in [10, 11, 12] {
        near(visits(p), n, 1.0 / 3.0);
    }
    // 2d6 of 8 or more: 15 of 36.
    let arms = ArmIndex::of(book);
    let band = arms
        .arms
        .iter()
        .position(|a| book.sources.slice(a.label) == "8+")
        .unwrap();
    near(t.arms[band], visits(11), 15.0 / 36.0);
    // Story per encounter: 1, or 1 or 3 by the band, or 2: exactly 29/18.
    let exact = 29.0 / 18.0;
    let var = {
        let m = t.story.mean();
        let sq: f64 = t
            .story
            .0
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 - 32.0 - m).powi(2) * c as f64)
            .sum();
        sq / n as f64
    };
    let se = (var / n as f64).sqrt();
    assert!(
        (t.story.mean() - exact).abs() <= 4.0 * se,
        "{} vs {exact}",
        t.story.mean()
    );
    assert_eq!(
        (
            t.story.quantile(0.1),
            t.story.quantile(0.5),
            t.story.quantile(0.9)
        ),
        (1, 1, 3)
    );
}

/// The chart's exact odds (rules summary: one die, plus the space's gem
/// number, plus 1 at 3-4 destiny or 2 at 5 and more, capped at 12) on
/// `sim-chart`: destiny is the encounter's turn in its life of 20 (one
/// point an encounter), the space is Oasis (no gem) or Dunes (gem 4).
fn chart_odds() -> [f64; 13] {
    let mut p = [0.0; 13];
    for turn in 0..20u32 {
        let bonus = match turn {
            0..=2 => 0,
            3 | 4 => 1,
            _ => 2,
        };
        for gem in [0usize, 4] {
            for die in 1..=6usize {
                p[(die + gem + bonus).min(12)] += 1.0 / 20.0 / 2.0 / 6.0;
            }
        }
    }
    p
}

#[test]
fn chart_entries_match_the_exact_odds_of_die_gem_and_destiny_bonus() {
    let c = common::check(&common::fixture("sim-chart"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    let book = &c.book;
    let n = 60_000;
    let t = run(book, n, 2);
    let odds = chart_odds();
    assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    for total in 1..=12u32 {
        let visits = t.paragraphs[book.index[&(100 + total)]];
        near(visits, n, odds[total as usize]);
    }
    // Every encounter rolls on chart 1 and gains exactly one destiny point.
    assert_eq!(t.charts[0].encounters, n);
    assert_eq!(t.destiny.quantile(0.0), 1);
    assert_eq!(t.destiny.quantile(1.0), 1);
}

#[test]
fn a_mandatory_section_is_taken_by_every_reader_who_qualifies() {
    // 200: PIETY (mandatory), WISDOM, NO SKILL. A life draws three of the
    // five skills, so 3/5 of lives hold Piety and must read its section;
    // every encounter ends at 200, so each life is 20 visits of one reader
    // (the standard error is over lives, not visits).
    let c = common::check(&common::fixture("sim-chart"));
    let book = &c.book;
    let n = 60_000;
    let t = run(book, n, 2);
    let visits = t.paragraphs[book.index[&200]];
    assert_eq!(visits, n);
    let arms = ArmIndex::of(book);
    let arm = |label: &str| {
        let i = arms
            .arms
            .iter()
            .position(|a| book.sources.slice(a.label).starts_with(label))
            .unwrap();
        t.arms[i]
    };
    let lives = n / 20;
    near(arm("PIETY") / 20, lives, 3.0 / 5.0);
    // The others are chosen at random among those a reader qualifies for:
    // Wisdom holders without Piety (3/10 of lives: C(3,2)/C(5,3)) half the
    // time; NO SKILL the rest.
    near(arm("WISDOM") / 20, lives, 3.0 / 10.0 / 2.0);
    assert_eq!(arm("PIETY") + arm("WISDOM") + arm("NO SKILL"), n);
}

#[test]
fn the_same_seed_gives_the_same_counts_on_one_thread_or_two() {
    let c = common::check(&common::fixture("spec-example-v2"));
    let one = run(&c.book, 30_000, 1);
    let two = run(&c.book, 30_000, 2);
    assert_eq!(one, two);
    let arms = ArmIndex::of(&c.book);
    let run = report::Run {
        book: "book".into(),
        seed: 7,
        length: 20,
        encounters: 30_000,
        shard: (1, 1),
        from: None,
        persona: None,
    };
    let a = report::json(&c.book, &arms, &one, &run, (&[], &[], &[]));
    let b = report::json(&c.book, &arms, &two, &run, (&[], &[], &[]));
    assert_eq!(a.to_string(), b.to_string());
}

#[test]
fn an_arm_no_reader_can_take_is_never_reached_at_its_label() {
    let c = common::check(&common::fixture("sim-dice"));
    let book = &c.book;
    let t = run(book, 20_000, 2);
    let found = never_reached(book, &t);
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d.code, "never-reached");
    assert_eq!(
        book.sources.slice(d.primary.span),
        "{wealth >= rich} If you are Rich"
    );
    assert!(d.message.starts_with("condition arm `{wealth >= rich} If you are Rich` of paragraph 12 could be taken by no reader in"), "{}", d.message);
}

#[test]
fn the_cli_reports_in_text_and_json_and_fails_under_a_coverage() {
    let dir = common::fixture("sim-dice");
    let out = common::tales(&["sim", ".", "--encounters", "20000", "--seed", "3"], &dir);
    assert_eq!(out.code, 0, "{}", out.stderr);
    common::golden(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/sim-dice.txt"),
        &out.stdout,
    );
    let json = common::tales(
        &[
            "sim",
            ".",
            "--encounters",
            "20000",
            "--seed",
            "3",
            "--format",
            "json",
        ],
        &dir,
    );
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["encounters"], 20000);
    assert_eq!(
        v["paragraphs"]["11"]["sections"].as_object().unwrap().len(),
        2
    );
    assert_eq!(v["never_reached"][0]["line"], 14);
    assert_eq!(v["never_reached"][0]["code"], "never-reached");
    let strict = common::tales(
        &["sim", ".", "--encounters", "100", "--fail-under", "1.01"],
        &dir,
    );
    assert_eq!(strict.code, 1);
    assert_eq!(common::tales(&["sim", "nowhere"], &dir).code, 2);
}

#[test]
fn a_paragraph_worth_ten_times_its_row_is_an_award_outlier_and_nothing_else_is() {
    for (fixture, expected) in [
        ("sim-outlier", vec![12]),
        ("sim-dice", vec![]),
        ("sim-chart", vec![]),
    ] {
        let c = common::check(&common::fixture(fixture));
        let t = run(&c.book, 20_000, 2);
        let found: Vec<u32> = report::outliers(&c.book, &t)
            .iter()
            .map(|o| c.book.paragraphs[o.paragraph].number)
            .collect();
        assert_eq!(found, expected, "{fixture}");
    }
    // The book turns the lint on: a warning at the header; an allow
    // comment above the paragraph silences it, and the summary still
    // lists it.
    let dir = common::fixture("sim-outlier");
    let out = common::tales(&["sim", ".", "--encounters", "5000"], &dir);
    assert!(
        out.stdout
            .contains("⚠ paragraph 12 gives 10.0 points a visit"),
        "{}",
        out.stdout
    );
    let text = std::fs::read_to_string(dir.join("tales/book.tales")).unwrap();
    let allowed = text.replace("-12-", "# tales: allow(award-outlier)\n-12-");
    let book = common::book_with("sim-outlier", &[("tales/book.tales", &allowed)]);
    let out = common::tales(&["sim", "book", "--encounters", "5000"], book.path());
    assert!(!out.stdout.contains("⚠ paragraph 12"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("award outlier: paragraph 12 gives 10.0 points a visit"),
        "{}",
        out.stdout
    );
}

#[test]
fn two_shards_merged_are_the_whole_run_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let book = common::fixture("spec-example-v2");
    let book = book.to_str().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sim = |extra: &[&str], file: &str| {
        let mut args = vec![
            "sim",
            book,
            "--encounters",
            "30000",
            "--seed",
            "9",
            "--format",
            "json",
            "--output",
        ];
        let file = out(file);
        args.push(&file);
        args.extend_from_slice(extra);
        assert_eq!(common::tales(&args, dir.path()).code, 0);
    };
    sim(&[], "whole.json");
    sim(&["--shard", "1/2"], "a.json");
    sim(&["--shard", "2/2", "--threads", "1"], "b.json");
    let merged = common::tales(
        &[
            "sim",
            "merge",
            &out("b.json"),
            &out("a.json"),
            "--format",
            "json",
        ],
        dir.path(),
    );
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(
        merged.stdout,
        std::fs::read_to_string(out("whole.json")).unwrap()
    );
    // A shard twice, or of another run, is refused.
    assert_eq!(
        common::tales(
            &["sim", "merge", &out("a.json"), &out("a.json")],
            dir.path()
        )
        .code,
        2
    );
}

/// A report whose `run.shard` is no part of a run (`0/2`, `3/2`, `2/1`:
/// hand-edited) is refused: merged with a real shard it made two reports
/// pass for the whole run, counted twice. A count that is no count is
/// named with its value, not called missing.
#[test]
fn a_shard_that_is_no_part_of_the_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = common::fixture("spec-example-v2");
    let book = book.to_str().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let args = [
        "sim",
        book,
        "--encounters",
        "2000",
        "--format",
        "json",
        "--shard",
        "1/2",
        "--output",
        &path("a.json"),
    ];
    assert_eq!(common::tales(&args, dir.path()).code, 0);
    let report = std::fs::read_to_string(path("a.json")).unwrap();
    let edited = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&report).unwrap();
        f(&mut v);
        std::fs::write(path("b.json"), serde_json::to_string(&v).unwrap()).unwrap();
        common::tales(
            &["sim", "merge", &path("a.json"), &path("b.json")],
            dir.path(),
        )
    };
    for shard in ["0/2", "3/2"] {
        let out = edited(&|v| v["run"]["shard"] = shard.into());
        assert_eq!(out.code, 2, "{shard}: {}", out.stdout);
        assert!(
            out.stderr.contains("b.json") && out.stderr.contains("1 ≤ K ≤ N"),
            "{shard}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{shard}: {}", out.stderr);
    }
    let out = edited(&|v| {
        v["run"]["shard"] = "2/2".into();
        v["raw"]["encounters"] = (-5).into();
    });
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(
        out.stderr.contains("`raw.encounters`") && out.stderr.contains("-5"),
        "{}",
        out.stderr
    );
}

/// Shards cut a run into consecutive parts, none left out and none twice,
/// however many encounters and shards: `chunks * k` is past `u64::MAX`
/// here (it panicked with overflow checks and wrapped in a release build).
#[test]
fn shards_of_a_huge_run_cut_it_into_consecutive_parts() {
    let chunks = u64::MAX / 4096;
    for n in [1u64, 2, 5_000, 10_000, u64::MAX] {
        let mut next = 0;
        let ks: Vec<u64> = if n > 10_000 {
            vec![1, 2, n - 1, n]
        } else {
            (1..=n).collect()
        };
        for k in ks {
            let (first, last) = sim::shard_chunks(chunks, (k, n));
            if n <= 10_000 {
                assert_eq!(first, next, "shard {k}/{n}");
            }
            assert!(first <= last && last <= chunks, "shard {k}/{n}");
            next = last;
        }
        assert_eq!(next, chunks, "shards of {n}");
    }
    let whole = (1..=3)
        .map(|k| sim::shard_encounters(u64::MAX, 20, (k, 3)))
        .sum::<u64>();
    assert_eq!(whole, u64::MAX);
}

/// A shard or a baseline whose counts are near `u64::MAX` (hand-edited, or
/// not a run at all) is refused with one line and exit 2: counts are never
/// added past what they hold (overflow checks are on in tests, where the
/// sum panicked; a release build wrapped it).
#[test]
fn shards_and_baselines_with_huge_counts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = common::fixture("spec-example-v2");
    let book = book.to_str().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    for (k, name) in [("1", "a.json"), ("2", "b.json")] {
        let shard = format!("{k}/2");
        let args = [
            "sim",
            book,
            "--encounters",
            "2000",
            "--seed",
            "9",
            "--format",
            "json",
            "--shard",
            &shard,
            "--output",
            &path(name),
        ];
        assert_eq!(common::tales(&args, dir.path()).code, 0);
    }
    let huge = u64::MAX - 5;
    let edit = |name: &str, f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path(name)).unwrap()).unwrap();
        f(&mut v);
        std::fs::write(path(name), serde_json::to_string(&v).unwrap()).unwrap();
    };
    edit("a.json", &|v| v["raw"]["encounters"] = huge.into());
    edit("b.json", &|v| v["raw"]["destiny"][32] = huge.into());
    let refused = |args: &[&str], what: &str| {
        let out = common::tales(args, dir.path());
        assert_eq!(out.code, 2, "{what}: {}{}", out.stdout, out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{what}: {}", out.stderr);
        assert!(
            out.stderr.contains("more than 2^53"),
            "{what}: {}",
            out.stderr
        );
        assert!(!out.stderr.contains("panicked"), "{what}: {}", out.stderr);
    };
    refused(&["sim", "merge", &path("a.json"), &path("b.json")], "merge");
    refused(&["sim", "merge", &path("b.json")], "one shard");
    // Two shards within bounds whose sum is not: each half of 2^53 and one.
    edit("a.json", &|v| v["raw"]["encounters"] = (1u64 << 52).into());
    edit("b.json", &|v| {
        v["raw"]["destiny"][32] = 0.into();
        v["raw"]["encounters"] = ((1u64 << 52) + 1).into();
    });
    refused(
        &["sim", "merge", &path("a.json"), &path("b.json")],
        "a sum past the bound",
    );
    edit("a.json", &|v| v["raw"]["story"][32] = huge.into());
    refused(
        &[
            "sim",
            book,
            "--encounters",
            "100",
            "--baseline",
            &path("a.json"),
        ],
        "baseline",
    );
}

#[test]
fn a_baseline_tells_a_real_change_from_sampling_noise() {
    let book = common::book_with("sim-dice", &[]);
    let dir = book.path();
    let run = |seed: &str, extra: &[&str]| {
        let mut args = vec![
            "sim",
            "book",
            "--encounters",
            "40000",
            "--seed",
            seed,
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = common::tales(&args, dir);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    std::fs::write(dir.join("old.json"), run("1", &[])).unwrap();
    // The same book, another seed: no change beyond the noise.
    let same: serde_json::Value =
        serde_json::from_str(&run("2", &["--baseline", "old.json"])).unwrap();
    for track in ["destiny", "story", "wealth"] {
        assert_eq!(
            same["baseline"]["economy"][track]["beyond_noise"], false,
            "{track}: {same}"
        );
    }
    // The 8+ band now gives S4 (exactly +1/3 × 15/36 story an encounter):
    // beyond the noise, and the interval holds the exact change.
    let path = dir.join("book/tales/book.tales");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("[S3]", "[S4]");
    std::fs::write(&path, text).unwrap();
    let moved: serde_json::Value =
        serde_json::from_str(&run("2", &["--baseline", "old.json"])).unwrap();
    let story = &moved["baseline"]["economy"]["story"];
    assert_eq!(story["beyond_noise"], true, "{moved}");
    let exact = 15.0 / 108.0;
    let (change, half) = (
        story["change"].as_f64().unwrap(),
        story["ci95"].as_f64().unwrap(),
    );
    assert!(
        (change - exact).abs() <= 2.0 * half,
        "{change} ± {half} vs {exact}"
    );
    assert_eq!(moved["baseline"]["gained"], serde_json::json!([]));
}

#[test]
fn a_band_inside_the_roll_that_no_reader_reaches_is_never_reached() {
    // Every reader holds Luck (the book's one skill), so `{1d6 - luck}`
    // never makes 6: `check` cannot tell, the band is inside the range.
    let c = common::check(&common::fixture("sim-outlier"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    let book = &c.book;
    let t = run(book, 20_000, 2);
    let found = never_reached(book, &t);
    let spans: Vec<&str> = found
        .iter()
        .map(|d| book.sources.slice(d.primary.span))
        .collect();
    assert_eq!(spans, ["6"], "{found:?}");
    assert!(
        found[0].message.starts_with("die band `6` of paragraph 11"),
        "{}",
        found[0].message
    );
}

#[test]
fn statuses_and_places_of_power_start_encounters_and_every_encounter_has_a_start() {
    // The sample book: Imprisoned sends its holder to the jailer (matrix K,
    // entered no other way), Lost to matrix G; each place of power is
    // visited once a life unless a status holds the reader there.
    let c = common::check(std::path::Path::new("content/sunken-lamp"));
    let book = &c.book;
    let n = 40_000;
    let t = run(book, n, 2);
    let arms = ArmIndex::of(book);
    let started: u64 = t.sources.iter().map(|s| s.encounters).sum();
    assert_eq!(started, n);
    let source = |kind: &str, name: &str| {
        let i = arms
            .slots
            .sources
            .iter()
            .position(|s| s.kind == kind && s.name == name)
            .unwrap();
        t.sources[i]
    };
    let reactions_in = |letter: &str| {
        let m = book.matrix_position(letter).unwrap();
        let from: usize = book.matrices[..m].iter().map(|m| m.reactions.len()).sum();
        let k = book.matrices[m].reactions.len();
        t.reactions[from..from + k].iter().map(|r| r.0).sum::<u64>()
    };
    assert_eq!(source("status", "Imprisoned").encounters, reactions_in("K"));
    assert!(source("status", "Lost").encounters > 0);
    let lives = n / 20;
    for place in ["The Brass Lighthouse", "The Valley of Ash"] {
        let visits = source("place", place).encounters;
        assert!(
            visits <= lives && visits * 10 > lives * 8,
            "{place}: {visits}"
        );
    }
    let imprisoned = book.glossary.position("imprisoned").unwrap();
    assert!(t.gains[imprisoned] > 0);
}

#[test]
fn a_chart_entry_worth_far_more_than_its_siblings_is_an_award_outlier() {
    // The paragraphs a chart's entries lead to are siblings too.
    let text = std::fs::read_to_string(common::fixture("sim-chart/tales/book.tales")).unwrap();
    let planted = text.replace(
        "You pass milestone 4. [D1 / @200]",
        "You pass milestone 4. [D1 / S9 / @200]",
    );
    assert_ne!(planted, text);
    let dir = common::book_with("sim-chart", &[("tales/book.tales", &planted)]);
    let c = common::check(&dir.path().join("book"));
    let t = run(&c.book, 20_000, 2);
    let found = report::outliers(&c.book, &t);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(c.book.paragraphs[found[0].paragraph].number, 104);
    assert_eq!(found[0].group, report::Siblings::Chart(1));
    let d = &report::outlier_findings(&c.book, &found)[0];
    assert_eq!(c.book.sources.slice(d.primary.span), "-104-");
    assert!(
        d.message
            .contains("the paragraphs of the entries of chart 1 give"),
        "{}",
        d.message
    );
}
