//! Whole games (`tales sim --games`, issue 24): a game small enough to
//! compute matches its exact distribution; runs are their seed whatever
//! the threads; shards merge into the run; the sample books play cleanly.

// Rounds and counts far below 2^52.
#![allow(clippy::cast_precision_loss)]

use crate::common;
use common::{fixture, golden, tales};
use serde_json::Value;
use std::path::Path;

fn json(args: &[&str]) -> Value {
    let out = tales(args, &fixture(""));
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

/// The exact distribution of the round a game of `game-tiny` ends in: one
/// player on one city space (the start), goal 0/20, each turn's encounter
/// one card → one chart → one matrix whose cells' N-1, N and N+1 give S1,
/// S2 and S3. The destiny die makes each turn's story 1, 2 or 3 with
/// chance 1/3 each, and the game ends in the first round where the story
/// reaches 20: `p[n]` is the chance that is round `n`.
fn exact_rounds() -> Vec<f64> {
    exact_rounds_of(&[1, 2, 3])
}

/// The same for any story gains a turn, each of chance `1 / gains.len()`.
fn exact_rounds_of(gains: &[usize]) -> Vec<f64> {
    let chance = 1.0 / gains.len() as f64;
    // alive[s]: the chance of standing at story s < 20 after the rounds so far.
    let mut alive = vec![0.0; 20];
    alive[0] = 1.0;
    let mut p = vec![0.0];
    while alive.iter().sum::<f64>() > 1e-15 {
        let mut next = vec![0.0; 20];
        let mut ends = 0.0;
        for (s, &a) in alive.iter().enumerate() {
            for gain in gains {
                if s + gain >= 20 {
                    ends += a * chance;
                } else {
                    next[s + gain] += a * chance;
                }
            }
        }
        p.push(ends);
        alive = next;
    }
    p
}

#[test]
fn a_game_small_enough_to_compute_matches_its_exact_distribution() {
    let p = exact_rounds();
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let games = 20_000;
    let v = json(&[
        "sim",
        "game-tiny",
        "--games",
        "20000",
        "--players",
        "1",
        "--goal",
        "0/20",
        "--seed",
        "7",
        "--format",
        "json",
    ]);
    assert_eq!(v["games"], games);
    assert_eq!(v["unfinished"], 0);
    let n = f64::from(games);
    // The mean round, within 4 standard errors of the exact mean.
    let mean: f64 = p.iter().enumerate().map(|(r, q)| r as f64 * q).sum();
    let var: f64 = p
        .iter()
        .enumerate()
        .map(|(r, q)| (r as f64 - mean).powi(2) * q)
        .sum();
    let got = v["rounds_mean"].as_f64().unwrap();
    let se = (var / n).sqrt();
    assert!(
        (got - mean).abs() < 4.0 * se,
        "mean {got}, exact {mean} ± {se}"
    );
    // Each round's share, within 4 standard errors of its exact chance.
    let rounds = v["rounds"].as_object().unwrap();
    let mut seen = 0;
    for (r, &q) in p.iter().enumerate() {
        let count = rounds
            .get(&r.to_string())
            .map_or(0, |c| c.as_u64().unwrap());
        seen += count;
        let share = count as f64 / n;
        let se = (q * (1.0 - q) / n).sqrt().max(1.0 / n);
        assert!(
            (share - q).abs() < 4.0 * se,
            "round {r}: {share} against {q} ± {se}"
        );
    }
    assert_eq!(
        seen, 20_000,
        "every game ended in a round of the distribution"
    );
    // Each encounter read one result paragraph, counted as `tales sim` counts.
    let visits: u64 = v["paragraphs"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p["visits"].as_u64().unwrap())
        .sum();
    assert_eq!(visits, v["encounters"].as_u64().unwrap());
    assert_eq!(v["never_reached"], serde_json::json!([]));
    // One player: the player wins every game; all the points are the matrix's.
    assert_eq!(v["wins"]["by_seat"]["1"]["wins"], games);
    assert_eq!(v["wins"]["by_goal"]["0/20"]["players"], games);
    let points = &v["points_by_source"];
    assert_eq!(points["card"], 0);
    assert_eq!(points["chart"], 0);
    assert!(points["matrix"].as_i64().unwrap() >= 20 * i64::from(games));
}

#[test]
fn a_games_run_is_its_seed_whatever_the_threads_and_its_shards_merge_into_it() {
    let base = [
        "sim",
        "spec-example-v3",
        "--games",
        "300",
        "--players",
        "3",
        "--seed",
        "5",
        "--format",
        "json",
    ];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        json(&args)
    };
    let one = with(&["--threads", "1"]);
    let two = with(&["--threads", "2"]);
    assert_eq!(one, two);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for k in ["1/3", "2/3", "3/3"] {
        let v = with(&["--shard", k]);
        let f = dir.path().join(format!("{}.json", k.replace('/', "-")));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f);
    }
    let mut args = vec!["sim", "merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    args.extend(["--format", "json"]);
    let merged = json(&args);
    assert_eq!(merged, one);
}

#[test]
fn the_report_keys_of_whole_games() {
    let v = json(&[
        "sim",
        "spec-example-v3",
        "--games",
        "50",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    // An encounter run's keys, from the games' encounters, and the games'.
    for key in [
        "encounters",
        "seed",
        "paragraphs",
        "never_reached",
        "economy",
        "deaths",
        "broken",
        "run",
        "by_matrix",
        "by_source",
        "by_chart",
        "gains",
        "raw",
        "games",
        "rounds",
        "wins",
        "points_by_source",
        "encounters_per_player",
        "raw_games",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {v}");
    }
    for key in ["by_seat", "by_goal"] {
        assert!(v["wins"].get(key).is_some(), "no wins.{key}");
    }
    let sources: Vec<&str> = v["points_by_source"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        sources,
        [
            "chart",
            "card",
            "matrix",
            "place_of_power",
            "quest",
            "treasure",
            "status"
        ]
    );
    // Every encounter of the games is counted as an encounter run counts them.
    assert_eq!(v["encounters"], v["raw_games"]["encounters"]);
    let visits: u64 = v["paragraphs"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p["visits"].as_u64().unwrap())
        .sum();
    assert!(visits > 0);
    let rounds: u64 = v["rounds"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(rounds + v["unfinished"].as_u64().unwrap(), 50);
}

#[test]
fn the_spec_example_and_the_tiny_game_play_cleanly() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec/example-v3");
    // The tiny book gives story only: a goal with destiny is never met there.
    let tiny = ["--players", "1", "--goal", "0/20"];
    for (book, extra) in [(spec, &[][..]), (fixture("game-tiny"), &tiny[..])] {
        let mut args = vec![
            "sim",
            book.to_str().unwrap(),
            "--games",
            "200",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = tales(&args, &fixture(""));
        assert_eq!(out.code, 0, "{}", out.stderr);
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(v["broken"], serde_json::json!([]), "{}", book.display());
        assert_eq!(v["unfinished"], 0, "{}", book.display());
    }
}

#[test]
fn a_book_without_a_board_cannot_play_games() {
    let out = tales(&["sim", "spec-example-v2", "--games", "10"], &fixture(""));
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: the book has no board.yaml: whole games need a board (FORMAT.md 9.1)\n"
    );
}

#[test]
fn a_goal_must_split_the_victory_points() {
    let out = tales(
        &["sim", "game-tiny", "--games", "10", "--goal", "5/5"],
        &fixture(""),
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("adds up to 10, not to the book's victory points (20)"),
        "{}",
        out.stderr
    );
}

#[test]
fn human_report_of_whole_games() {
    let out = tales(
        &[
            "sim",
            "spec-example-v3",
            "--games",
            "300",
            "--players",
            "2",
            "--seed",
            "3",
        ],
        &fixture(""),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    golden(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/sim-games.txt"),
        &out.stdout,
    );
}

#[test]
fn a_place_of_power_is_entered_by_its_marker_and_left_by_its_exit() {
    // `game-place`: every card gives an opportunity to enter the Tower
    // (exit: Home, the start), and only the Tower gives destiny (D1). With
    // the marker down, the default policy stays or enters with chance 1/2
    // each; the Tower's turn ends at Home, and the next turn draws a card,
    // which puts the marker down again. A game of goal 20/0 is then 20
    // visits of 1 + G turns, G geometric of chance 1/2 (mean 2, variance
    // 2): rounds of mean 60 and variance 40.
    let v = json(&[
        "sim",
        "game-place",
        "--games",
        "4000",
        "--players",
        "1",
        "--goal",
        "20/0",
        "--seed",
        "11",
        "--format",
        "json",
    ]);
    assert_eq!(v["unfinished"], 0);
    let got = v["rounds_mean"].as_f64().unwrap();
    let se = (40.0_f64 / 4000.0).sqrt();
    assert!((got - 60.0).abs() < 4.0 * se, "mean {got}, exact 60 ± {se}");
    let points = &v["points_by_source"];
    assert_eq!(points["place_of_power"], 20 * 4000);
    assert_eq!(points["card"], 0);
    assert_eq!(points["matrix"], 0);
    // Won at Home: the turn never ended in the Tower.
    assert_eq!(v["wins"]["by_seat"]["1"]["wins"], 4000);
}

#[test]
fn the_html_report_of_whole_games_is_one_page_with_its_rounds_drawn() {
    let out = tales(
        &[
            "sim",
            "game-tiny",
            "--games",
            "200",
            "--players",
            "1",
            "--goal",
            "0/20",
            "--format",
            "html",
        ],
        &fixture(""),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = out.stdout;
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<h1>A Game Small Enough to Compute — whole games</h1>"));
    // One bar a round some game ended in, each titled with its count.
    let json = json(&[
        "sim",
        "game-tiny",
        "--games",
        "200",
        "--players",
        "1",
        "--goal",
        "0/20",
        "--format",
        "json",
    ]);
    let rounds = json["rounds"].as_object().unwrap();
    let chart = |title: &str| {
        let at = page.find(&format!("<h2>{title}</h2>")).expect(title);
        let end = page[at..].find("</svg>").unwrap() + at;
        page[at..end].to_owned()
    };
    let drawn = chart("Rounds a game lasts");
    assert_eq!(drawn.matches("<rect ").count(), rounds.len());
    // Each bar stands at its round: x grows by the same step a round, so a
    // round no game ended in is a gap, not the next bar moved left.
    let mut at = Vec::new();
    for (r, n) in rounds {
        let title = format!("<title>round {r}: {n} games</title>");
        let end = drawn.find(&title).unwrap_or_else(|| panic!("round {r}"));
        let rect = &drawn[drawn[..end].rfind("<rect ").unwrap()..end];
        let x: f64 = rect
            .split("x=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        at.push((r.parse::<f64>().unwrap(), x));
    }
    assert!(at.len() >= 3, "{at:?}");
    let (r0, x0) = at[0];
    let (rn, xn) = at[at.len() - 1];
    let step = (xn - x0) / (rn - r0);
    for &(r, x) in &at {
        assert!(
            (x - x0 - step * (r - r0)).abs() < 0.05,
            "round {r} at {x}: {at:?}"
        );
    }
    // The chart fits the page however many rounds: drawn to its width.
    assert!(drawn.contains("width=\"100%\""));
    // A bar a goal and a bar a source of points; then the text report whole.
    assert_eq!(chart("Wins by goal").matches("<rect ").count(), 1);
    assert_eq!(chart("Points by source").matches("<rect ").count(), 7);
    assert!(page.contains("<h2>The whole report</h2><pre>200 games of 1 player (seed 1)"));
}

#[test]
fn shards_of_games_with_huge_counts_merge_without_overflow() {
    // A shard's counts are what a user passes in: added up, they saturate.
    let mut v = json(&[
        "sim",
        "game-tiny",
        "--games",
        "20",
        "--players",
        "1",
        "--goal",
        "0/20",
        "--shard",
        "1/2",
        "--format",
        "json",
    ]);
    let raw = &mut v["raw_games"];
    for key in ["games", "encounters", "deaths"] {
        raw[key] = Value::from(u64::MAX);
    }
    raw["rounds"] = serde_json::json!({"10": u64::MAX, "4294967295": u64::MAX});
    raw["seats"] = serde_json::json!({"1": u64::MAX});
    raw["points_by_source"] = serde_json::json!({"matrix": i64::MAX});
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("1.json");
    let two = dir.path().join("2.json");
    std::fs::write(&one, v.to_string()).unwrap();
    v["run"]["shard"] = Value::from("2/2");
    std::fs::write(&two, v.to_string()).unwrap();
    for format in ["human", "json", "html"] {
        let out = tales(
            &[
                "sim",
                "merge",
                one.to_str().unwrap(),
                two.to_str().unwrap(),
                "--format",
                format,
            ],
            &fixture(""),
        );
        assert_eq!(out.code, 0, "{format}: {}", out.stderr);
    }
    let merged = json(&[
        "sim",
        "merge",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(merged["games"], u64::MAX);
    assert_eq!(merged["points_by_source"]["matrix"], i64::MAX);
}

#[test]
fn a_death_keeps_the_points_and_the_game_goes_on() {
    // `game-death`: as `game-tiny`, but each cell's N-1 is Death. A death
    // keeps the story (rules summary, "Death"), so a turn gains 0, 2 or 3
    // with chance 1/3 each, and the game ends when the story reaches 20;
    // deaths are a third of the turns (Wald: E[deaths] = E[rounds] / 3).
    let p = exact_rounds_of(&[0, 2, 3]);
    let games = 20_000;
    let v = json(&[
        "sim",
        "game-death",
        "--games",
        "20000",
        "--players",
        "1",
        "--goal",
        "0/20",
        "--seed",
        "9",
        "--format",
        "json",
    ]);
    assert_eq!(v["unfinished"], 0);
    let n = f64::from(games);
    let mean: f64 = p.iter().enumerate().map(|(r, q)| r as f64 * q).sum();
    let square: f64 = p
        .iter()
        .enumerate()
        .map(|(r, q)| (r as f64).powi(2) * q)
        .sum();
    let got = v["rounds_mean"].as_f64().unwrap();
    let se = ((square - mean * mean) / n).sqrt();
    assert!(
        (got - mean).abs() < 4.0 * se,
        "mean {got}, exact {mean} ± {se}"
    );
    // Deaths a game ≤ rounds a game, so their variance is at most E[rounds²].
    let deaths = v["deaths"].as_f64().unwrap() / n;
    let bound = 4.0 * (square / n).sqrt();
    assert!(
        (deaths - mean / 3.0).abs() < bound,
        "deaths {deaths}, exact {} ± {bound}",
        mean / 3.0
    );
    assert_eq!(v["wins"]["by_seat"]["1"]["wins"], games);
}

#[test]
fn statuses_quests_and_treasures_of_the_sample_book_in_whole_games() {
    // The Sunken Lamp's Imprisoned goes after 3 turns at most, its Wounded
    // after 2; its quests are completed, and treasures found.
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let v = json(&[
        "sim",
        book.to_str().unwrap(),
        "--games",
        "200",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let turns = |s: &str| v["statuses"][s]["turns_mean"].as_f64().unwrap();
    assert!(
        turns("Imprisoned") > 1.0 && turns("Imprisoned") <= 3.0,
        "{}",
        v["statuses"]
    );
    assert!(
        turns("Wounded") > 1.0 && turns("Wounded") <= 2.0,
        "{}",
        v["statuses"]
    );
    let quests = v["quests"].as_object().unwrap();
    assert!(quests.len() >= 5, "{quests:?}");
    assert!(
        quests
            .values()
            .all(|q| q["round_mean"].as_f64().unwrap() >= 1.0)
    );
    assert!(v["points_by_source"]["quest"].as_i64().unwrap() > 0);
    assert!(v["treasures"]["Sunken Lamp"].as_u64().unwrap() > 0);
}

/// `--baseline` with `--games`: the same run moved nothing; a goal of all
/// destiny (which the book pays slowly) instead of all story lengthens the
/// games beyond the noise; an encounter run's report is no baseline.
#[test]
fn a_games_baseline_says_what_moved_with_confidence_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.json");
    let old_arg = old.to_str().unwrap();
    let base = [
        "sim",
        "spec-example-v3",
        "--games",
        "300",
        "--players",
        "2",
        "--seed",
        "3",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        tales(&args, &fixture(""))
    };
    let out = run(&["--goal", "0/20", "--format", "json", "--output", old_arg]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let same = run(&["--goal", "0/20", "--baseline", old_arg, "--format", "json"]);
    let v: Value = serde_json::from_str(&same.stdout).unwrap();
    let b = &v["baseline"];
    assert_eq!(b["rounds"]["change"], 0.0);
    assert_eq!(b["rounds"]["beyond_noise"], false);
    assert_eq!(b["wins_by_seat"]["1"]["beyond_noise"], false);
    assert_eq!(b["economy"]["story"]["change"], 0.0);
    let moved = run(&["--goal", "20/0", "--baseline", old_arg]);
    assert_eq!(moved.code, 0, "{}", moved.stderr);
    let line = moved
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("rounds "))
        .expect("a rounds line");
    assert!(line.ends_with("beyond the noise"), "{line}");
    // The outliers' line says they are paragraphs ("new award outliers:
    // 304" read as a count).
    assert!(
        moved
            .stdout
            .contains("  paragraphs whose awards are new outliers: "),
        "{}",
        moved.stdout
    );
    // A seat's share moves in percentage points, said before the interval.
    let seat = moved
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("wins of seat 1 "))
        .expect("a line for seat 1");
    assert!(seat.contains(" points (95%), "), "{seat}");
    let encounters = dir.path().join("encounters.json");
    let enc_arg = encounters.to_str().unwrap();
    let out = tales(
        &[
            "sim",
            "spec-example-v3",
            "--format",
            "json",
            "--output",
            enc_arg,
        ],
        &fixture(""),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let refused = tales(
        &[
            "sim",
            "spec-example-v3",
            "--games",
            "5",
            "--baseline",
            enc_arg,
        ],
        &fixture(""),
    );
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("the baseline is no `tales sim --games --format json` report"),
        "{}",
        refused.stderr
    );
}

/// One player alone on the sample book, 100 games: every game ends. A
/// player with the goal met and On Pilgrimage (no victory until the
/// journey is done) went home and waited there, barred, until the
/// 1,000th round (2 games of these 100).
#[test]
fn a_barred_player_with_the_goal_met_does_not_wait_at_home_forever() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let v = json(&[
        "sim",
        book.to_str().unwrap(),
        "--games",
        "100",
        "--players",
        "1",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(v["unfinished"], 0, "{}", v["rounds"]);
}

/// A book with errors plays no whole games: `sim --games` says the errors
/// (the book's numbers would be a broken board's) and exits 1. It played
/// them, silently.
#[test]
fn a_book_with_errors_is_refused_with_its_errors() {
    let board = std::fs::read_to_string(fixture("spec-example-v3/board.yaml")).unwrap();
    let board = board.replacen("[Bantu, Dunes]", "[Bantu, Dunez]", 1);
    let dir = common::book_with("spec-example-v3", &[("board.yaml", &board)]);
    let out = tales(&["sim", "book", "--games", "5"], dir.path());
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert_eq!(
        out.stderr,
        "error: the book has 1 error: whole games need a book without errors; fix it first (`tales check` shows it):\n  error[unknown-name] book/board.yaml:9:18: route end `Dunez` is no space of the board\n"
    );
}

/// The default policy but selling as it did before issue #24's trial:
/// uniformly among selling each treasure offered (for nothing, or one its
/// quest needs) and selling none.
struct SellsAnything(tales::game::Uniform);

impl tales::engine::Chooser for SellsAnything {
    fn choose(&mut self, ask: &tales::engine::Ask<'_>) -> usize {
        self.0.choose(ask)
    }
}

impl tales::game::Policy for SellsAnything {
    fn movement(&mut self, m: &[tales::game::movement::Move], t: Option<&[Option<u32>]>) -> usize {
        self.0.movement(m, t)
    }
    fn space(&mut self, by: usize, s: &[usize], t: Option<&[Option<u32>]>) -> usize {
        self.0.space(by, s, t)
    }
    fn mover(&mut self, seat: usize, o: &[usize]) -> usize {
        self.0.mover(seat, o)
    }
    fn move_for(&mut self, by: usize, seat: usize, m: &[tales::game::movement::Move]) -> usize {
        self.0.move_for(by, seat, m)
    }
    fn sell(&mut self, sales: &[tales::game::Sale]) -> Option<usize> {
        let k = self.0.pick(sales.len() + 1);
        (k < sales.len()).then_some(k)
    }
    fn keep_city_card(&mut self, card: usize) -> bool {
        self.0.keep_city_card(card)
    }
    fn pick(&mut self, n: usize) -> usize {
        self.0.pick(n)
    }
}

/// One game: the quests completed, whether The Lamp Beneath the Waves was
/// one, the treasures sold.
fn quests_and_sales<P: tales::game::Policy>(
    engine: &tales::engine::Engine,
    setup: tales::game::Setup,
    seed: u64,
    mut policy: P,
) -> (usize, bool, u32) {
    let game = tales::game::Game::new(engine, setup, seed, &mut policy).unwrap();
    let r = game.play(&mut policy);
    let lamp = r
        .quests
        .iter()
        .any(|(q, _)| q == "The Lamp Beneath the Waves");
    (r.quests.len(), lamp, r.sold)
}

/// Issue #24's trial: bots sold a treasure for nothing, even the Sunken
/// Lamp their own quest needed. The default policy now keeps both; on the
/// sample book (400 three-player games a policy, the same seeds) it
/// completes no fewer quests a game than the old selling did, and The Lamp
/// Beneath the Waves no less often.
#[test]
fn keeping_what_the_quest_needs_completes_no_fewer_quests() {
    use tales::engine::{Engine, Rng};
    use tales::game::{Setup, Uniform};
    let lamp = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/sunken-lamp");
    let book = tales::load::load_book(&lamp).0;
    let engine = Engine::new(&book);
    let setup = Setup {
        players: 3,
        goal: None,
    };
    let (mut now, mut before) = ([0u64; 3], [0u64; 3]);
    for seed in 0..400 {
        let policy = Uniform(Rng::new(seed ^ 0x5EED));
        let (q, l, s) = quests_and_sales(&engine, setup, seed, policy);
        now = [
            now[0] + q as u64,
            now[1] + u64::from(l),
            now[2] + u64::from(s),
        ];
        let policy = SellsAnything(Uniform(Rng::new(seed ^ 0x5EED)));
        let (q, l, s) = quests_and_sales(&engine, setup, seed, policy);
        before = [
            before[0] + q as u64,
            before[1] + u64::from(l),
            before[2] + u64::from(s),
        ];
    }
    assert!(
        now[0] >= before[0],
        "quests completed: {now:?} against {before:?}"
    );
    assert!(
        now[1] >= before[1],
        "the Lamp's quest: {now:?} against {before:?}"
    );
    assert!(
        now[2] < before[2],
        "fewer treasures sold: {now:?} against {before:?}"
    );
}
