//! Hostile input found by fuzzing (see `tests/fuzz.rs`): each reproducer is
//! the text of one extra `.tales` file in the spec example, or a small
//! change to it. `tales check` must answer with findings and exit 0 or 1 in
//! every format, never crash, never print a backtrace, never hang, and
//! never write a report out of proportion to its input.

use crate::common;
use common::{book_with, tales};
use std::fmt::Write as _;
use std::path::Path;

/// `check` in every format: exit 0 or 1, nothing on stderr, a bounded report.
fn survives(dir: &Path) -> String {
    let mut human = String::new();
    for format in ["human", "json", "github", "sarif"] {
        let out = tales(&["check", "book", "--format", format], dir);
        assert!(
            out.code == 0 || out.code == 1,
            "{format}: exit {}; stderr: {}",
            out.code,
            &out.stderr[..out.stderr.len().min(2000)]
        );
        assert!(out.stderr.is_empty(), "{format}: stderr: {}", out.stderr);
        if format == "human" {
            human = out.stdout;
        }
    }
    human
}

fn extra(text: &str) -> tempfile::TempDir {
    book_with("spec-example", &[("tales/extra.tales", text)])
}

#[test]
fn ten_thousand_negations_are_not_a_recursion() {
    // `resolve_expr` recursed once per `!`: a stack overflow, exit 134.
    let text = format!(
        "-900-\n> {{{}wounded}} a: b\n> {{else}} c: d\n",
        "!".repeat(12_000)
    );
    survives(extra(&text).path());
    let d = extra(&format!(
        "-900-\nGo.\n> {{{}wounded}} a: b\n> {{else}} c: d\n",
        "!".repeat(12_000)
    ));
    let out = tales(
        &["play", "book/tales/extra.tales", "--seed", "1", "--auto"],
        d.path(),
    );
    assert!(
        out.code == 0 || out.code == 1,
        "play: exit {}: {}",
        out.code,
        out.stderr
    );
}

#[test]
fn letters_that_change_length_in_lower_case() {
    // `split_word` cut the text at offsets of its lowercased copy: a panic.
    for award in [
        "[Choice of ẞ or İ]",
        "[ẞ and İ at Master level]",
        "[Choice of İİ or ẞẞ or x]",
    ] {
        survives(extra(&format!("-900-\nText {award}\n")).path());
    }
}

#[test]
fn a_finding_past_column_65535_is_shown_cut() {
    // miette panicked ("Formatting argument out of range").
    let text = format!("-900-\n{}@999\n", " ".repeat(65_536));
    let human = survives(extra(&text).path());
    assert!(human.contains("paragraph 999 does not exist"), "{human}");
    assert!(human.contains("extra.tales:2:65537"), "{human}");
    assert!(human.len() < 5_000, "{} bytes", human.len());
}

#[test]
fn a_line_of_at_signs_is_read_in_linear_time() {
    // Each `@` that was no reference made the parser read the rest of the
    // line: 40,000 of them took seconds. (Not a timing test: a quadratic
    // scan of 400,000 would not finish in the test's time.)
    survives(extra(&format!("-900-\n{}\n", "@".repeat(400_000))).path());
}

#[test]
fn references_with_a_letter_for_a_digit_are_read_in_linear_time() {
    // Each `@1` runs on in letters read as digits (issue #23's slips): the
    // run is read once, however long, in prose, awards and charts.
    let runs = format!("@1{} ", "O".repeat(300_000));
    let many = "@1O ".repeat(50_000);
    let awards = "[Sl / @2O1 / Go to 1O1] ".repeat(20_000);
    let chart = " l-2 A door @1O1\n".repeat(10_000);
    survives(extra(&format!("-900-\n{runs}\n{many}\n{awards}\n")).path());
    survives(extra(&format!("-90- chart\n{chart}")).path());
}

#[test]
fn a_roll_spec_with_a_long_run_of_tabs_is_read_in_linear_time() {
    // Found by the fuzz harness: `{1d6 + seamans<17,600 tabs>hip}` took
    // 12 s in a debug build, as the atom reader looked past the run of
    // spaces once per space. 400,000 tabs, read linearly, take no time; a
    // quadratic scan would not finish in the test's time.
    let tabs = "\t".repeat(400_000);
    let text = format!(
        "-900-\nRoll: {{1d6 + seamans{tabs}hip}}\n> 1-3: Low. [S1]\n> 4+: High. [S2]\n\n-901-\nRoll: {{1d6 + (seamans{tabs}hip)}}\n> 1-3: Low. [S1]\n> 4+: High. [S2]\n"
    );
    survives(extra(&text).path());
}

#[test]
fn an_award_with_many_unclosed_parentheses_is_read_in_linear_time() {
    // Found by the fuzz harness: `[Ebony Deth… allow(# tales: allow(…` with
    // a thousand `(` left open was read again with one more `)` per `(`,
    // each time whole: seconds for 35 KB. 20,000 of them now take no time.
    let text = format!("-900-\nA gift. [Ebony {}]\n", "x allow(".repeat(20_000));
    survives(extra(&text).path());
}

/// A book's control characters (`ESC [`, BEL, DEL, the C1 `CSI`) are not
/// written to the terminal by the human report: a hostile book drove the
/// reader's terminal (colours, title, clipboard) through a snippet.
#[test]
fn the_report_writes_no_control_character_of_the_book() {
    let text = "-900-\nA\u{1b}]0;pwned\u{7} x\u{1b}[2J y\u{7f} z\u{9b}31m @nowhere\n\n-901-\nGo @900. [Wound\u{1b}ed]\n";
    let human = survives(extra(text).path());
    assert!(human.contains("@nowhere"), "{human}");
    // A message that quotes the book quotes it shown, too.
    assert!(human.contains("`Wound?ed`"), "{human}");
    let controls: Vec<char> = human
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect();
    assert!(controls.is_empty(), "{controls:?} in {human}");
}

#[test]
fn the_report_of_a_long_line_is_cut_to_a_window() {
    // The human report grew as findings x line length: 1.9 GB for 60 KB.
    let text = format!("-900-\n{}\n", "@x ".repeat(20_000));
    let human = survives(extra(&text).path());
    // The same dangling target, named 20,000 times in one paragraph, is one
    // finding with the count.
    assert!(
        human.contains("place `x` does not exist (and 19999 more times here)"),
        "{human}"
    );
    assert!(human.len() < 40_000_000, "{} bytes", human.len());
}

#[test]
fn overflowing_numbers() {
    // `nearest_help` computed `n * 10` of 2147483648.
    survives(extra("-900-\nFar away. [@2147483648 / @4294967295 / @99999999999]\n").path());
    // A gem number near u32::MAX made the chart total wrap.
    let d = book_with("spec-example", &[]);
    let p = d.path().join("book/book.yaml");
    let text = std::fs::read_to_string(&p).unwrap();
    let text = text.replace("terrain: city}", "terrain: city, gem: 4294967295}");
    std::fs::write(&p, text).unwrap();
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert!(
        out.stdout.contains("gem number 4294967295 is out of range"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_replay_with_an_impossible_encounter_number() {
    let d = book_with("spec-example", &[]);
    let t = d.path().join("t.jsonl");
    std::fs::write(
        &t,
        "{\"seed\": 1, \"encounter\": 18446744073709551615, \"choice_index\": 1}\n",
    )
    .unwrap();
    let out = tales(&["play", "book", "--replay", "t.jsonl"], d.path());
    assert_eq!(out.code, 2, "{} {}", out.stdout, out.stderr);
    assert!(out.stderr.contains("out of range"), "{}", out.stderr);
}

#[test]
fn a_nul_byte_after_the_first_8_kb() {
    let mut text = format!("-900-\n{}\n", "word ".repeat(3000)).into_bytes();
    text.extend(b"\0 tail\n");
    let d = book_with("spec-example", &[]);
    std::fs::write(d.path().join("book/tales/late.tales"), text).unwrap();
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains("a NUL byte at line 3, column 1"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_book_that_translates_itself() {
    let d = book_with("spec-example", &[]);
    let p = d.path().join("book/book.yaml");
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("locale: en\n", "locale: en\ntranslation-of: .\n");
    std::fs::write(&p, text).unwrap();
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains("names this book itself"),
        "{}",
        out.stdout
    );
}

#[test]
fn parse_award_takes_any_text() {
    let book = tales::ir::Book::default();
    let ctx = tales::syntax::Context {
        locale: &book.manifest.locale,
        glossary: &book.glossary,
        rules: &book.manifest.rules,
        matrices: &book.matrices,
        matrix_index: &book.matrix_index,
        row_index: &book.row_index,
        world: &book.manifest.world,
        file: tales::span::FileId(0),
        awards: None,
        suggestions: None,
    };
    for text in ["", "[", "]", "x", "é", "[D1", "D1]", "[]", "[ ]", "[D1]"] {
        let mut diags = Vec::new();
        let _ = tales::syntax::award::parse_award(&ctx, text, 0, &mut diags);
    }
}

#[test]
fn yaml_nested_thirty_thousand_deep_is_refused() {
    // Found by the fuzzer: a run of `- ` in matrices.yaml nested lists
    // deeper than a debug build's stack could recurse.
    let yaml = format!("K:\n  rows:\n   {}x\n", "- ".repeat(30_000));
    let d = book_with("spec-example", &[("matrices.yaml", &yaml)]);
    let human = survives(d.path());
    assert!(human.contains("nested deeper than 24 levels"), "{human}");
    assert!(
        human.contains("not shown: matrices.yaml could not be read"),
        "{human}"
    );
}

#[test]
fn a_million_copies_of_one_slip_show_a_thousand() {
    let d = extra(&"- 1 -\n".repeat(5_000));
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let shown = v["diagnostics"].as_array().unwrap().len();
    assert!(shown <= 1_010, "{shown}");
    assert_eq!(v["summary"]["held_back"]["crowded"], 4_000);
}

#[test]
fn many_missing_rows_of_a_big_matrix_are_found_in_linear_time() {
    // Each reference to a missing row looked for a row of a close name
    // among all the matrix's rows, and `Matrix::row` scanned the rows: a
    // matrix of 8,000 rows and 8,000 such references was 64 million name
    // comparisons (minutes). Rows are indexed now, a target's guess is made
    // once, and the did-you-mean searches have a budget. The cells point
    // nowhere too, with fans of paragraphs left for them.
    let n = 4_000;
    let mut rows = String::new();
    for i in 0..n {
        let _ = writeln!(rows, "    R{i}: [{}, {}]", 900_000 + i * 6, 900_003 + i * 6);
    }
    let matrices = format!(
        "{}Q:\n  reactions: [X, Y]\n  rows:\n{rows}",
        std::fs::read_to_string(common::fixture("spec-example").join("matrices.yaml")).unwrap()
    );
    let mut book = String::new();
    for i in 0..3 * n {
        let _ = write!(book, "-{}-\nText. [S1]\n\n", 100_000 + i);
    }
    for i in 0..n {
        let _ = write!(book, "-{}-\nGo. [@Q:Missing{}]\n\n", 200_000 + i, i % 50);
    }
    let d = book_with(
        "spec-example",
        &[("matrices.yaml", &matrices), ("tales/extra.tales", &book)],
    );
    let human = survives(d.path());
    // 80 references to one missing row are one finding, with a few of
    // them as labels and the first rows of the matrix as the help.
    let at = human
        .find("`Missing0`")
        .expect("the missing row is reported");
    let finding = &human[at.saturating_sub(100)..(at + 3000).min(human.len())];
    assert!(
        finding.contains("matrix Q has no row `Missing0` (80 references lead there)"),
        "{finding}"
    );
    assert!(finding.contains("R11 and 3988 more"), "{finding}");
}

/// `check` of the spec example with these files besides, in every format.
fn survives_with(files: &[(&str, &str)]) -> String {
    survives(book_with("spec-example", files).path())
}

#[test]
fn lines_of_one_open_bracket_are_read_in_linear_time() {
    // Each text line looked ahead, line by line, for the next line that
    // was no text (where an arm might start): 100,000 lines of `(` took
    // 9 s in a release build. (Not a timing test: the quadratic scan of
    // 200,000 lines would not finish in the test's time.)
    for (open, code) in [
        ("(", "unbalanced-parenthesis"),
        ("[", "unbalanced-bracket"),
        ("{", "unbalanced-bracket"),
    ] {
        let text = format!("-900-\n{}", format!("{open}\n").repeat(200_000));
        let human = survives(extra(&text).path());
        assert!(human.contains(code), "{open}: {human}");
    }
}

#[test]
fn one_heading_of_many_names_is_read_in_linear_time() {
    // `PIETY / PIETY / ...:` looked for a misspelt ` at Master level`
    // after each name up to the heading's colon: 23 s for 400 KB.
    let text = format!(
        "-900-\nA shrine.\n\nNO SKILL: You pass. [S1]\n\n{}PIETY: You pray. [S1]\n",
        "PIETY / ".repeat(100_000)
    );
    survives(extra(&text).path());
}

#[test]
fn a_block_of_many_arms_is_read_in_linear_time() {
    // A block's kind was worked out from all its arms for each new arm
    // (is one of them `{else}`?): 40,000 options of one choice took 2.7 s.
    let choice = format!("-900-\nYou may choose:\n{}", "> a: b\n".repeat(100_000));
    survives(extra(&choice).path());
    let roll = format!(
        "-900-\nRoll: {{2d6}}\n{}",
        "> 2-7: a\n> 8+: b\n".repeat(50_000)
    );
    let human = survives(extra(&roll).path());
    assert!(human.contains("more than one band for 2-12"), "{human}");
}

#[test]
fn slips_of_a_glossary_of_names_a_letter_apart_are_read_in_linear_time() {
    // Each word that is no name was compared with every glossary name: a
    // glossary of 4,000 names a letter apart and 4,000 slips of them was
    // 16 million comparisons. A file's suggestions now compare names of a
    // near length only, within a budget of about one a byte: the first
    // slips are read as meant, the rest read as what is written.
    let letters = |i: usize| {
        let l = |k: usize| char::from(b'a' + u8::try_from(k % 26).unwrap());
        format!("{}{}{}", l(i / 676), l(i / 26), l(i))
    };
    let spec =
        std::fs::read_to_string(common::fixture("spec-example").join("glossary.yaml")).unwrap();
    let mut entries = String::new();
    let mut slips = String::new();
    for i in 0..4_000 {
        let _ = writeln!(entries, "  x-{i}: Xname {}", letters(i));
        let _ = write!(slips, "-{}-\nA gift. [Xnamf {}]\n\n", 900 + i, letters(i));
    }
    let glossary = spec.replace("treasures:\n", &format!("treasures:\n{entries}"));
    let human = survives_with(&[("glossary.yaml", &glossary), ("tales/extra.tales", &slips)]);
    assert!(
        human.contains("`Xnamf aaa` is no name of the glossary")
            && human.contains("did you mean `Xname aaa`?"),
        "{}",
        &human[..human.len().min(3000)]
    );
}

#[test]
fn a_board_of_many_spaces_and_routes_to_nowhere_is_read_in_linear_time() {
    // Each route end that names no space looks for the space it almost
    // names among all the spaces: 10,000 of them on a board of 5,000
    // spaces would be 50 million comparisons. The searches have a budget
    // linear in the board; every space is cut off, and each cut-off space
    // is told once (in the finding of a route end that may have meant it,
    // or alone), never twice. (Not a timing test: the quadratic search
    // would not finish in the test's time.)
    let n = 5_000;
    let mut board = String::from("spaces:\n");
    for i in 0..n {
        let _ = writeln!(board, "  Space {i}: {{terrain: city, number: {}}}", i % 9);
    }
    board.push_str("routes:\n  land:\n");
    for i in 0..n {
        let _ = writeln!(board, "    - [Nowhere {i}, Elsewhere {i}]");
    }
    let book = std::fs::read_to_string(common::fixture("board-example").join("book.yaml")).unwrap();
    let d = common::book_with(
        "board-example",
        &[("board.yaml", &board), ("book.yaml", &book)],
    );
    let human = survives(d.path());
    let start = &human[..2000.min(human.len())];
    assert!(
        human.contains("did you mean `Space 1`? No other route joins it to the board"),
        "{start}"
    );
    assert!(human.contains("is 0 to 5, not `8`"), "{start}");
    assert!(!human.contains("board-cut-off"), "{start}");
}

#[test]
fn quests_of_many_names_that_name_nothing_are_read_in_linear_time() {
    // Each quest's region is one letter off a region of a board of 5,000
    // regions: looking for each likely name among all of them would be 25
    // million comparisons. The searches have a budget linear in the file;
    // the first slips get their likely name, the rest are read as written.
    // (Not a timing test: the quadratic search would not finish in time.)
    let n = 5_000;
    let mut board = String::from("spaces:\n");
    for i in 0..n {
        let _ = writeln!(board, "  Space {i}: {{terrain: city, region: Region {i}}}");
    }
    board.push_str("routes:\n  land:\n");
    for i in 1..n {
        let _ = writeln!(board, "    - [Space 0, Space {i}]");
    }
    let mut quests = String::new();
    for i in 0..n {
        let _ = writeln!(
            quests,
            "- name: Q{i}\n  steps:\n    - when: {{in: Regin {i}, hold: Ebony Hors{i}}}"
        );
    }
    let book = std::fs::read_to_string(common::fixture("board-example").join("book.yaml")).unwrap();
    let d = common::book_with(
        "board-example",
        &[
            ("board.yaml", &board),
            ("book.yaml", &book.replace("start: Bantu", "start: Space 0")),
            ("quests.yaml", &quests),
        ],
    );
    let human = survives(d.path());
    let start = &human[..3000.min(human.len())];
    assert!(human.contains("did you mean `Region 0`?"), "{start}");
    // Past the budget, a slip is read as written, without a search.
    assert!(
        human.contains("`Regin 450` is no region of the board"),
        "{start}"
    );
    assert!(
        human.contains("name a region of board.yaml's spaces"),
        "{start}"
    );
}

#[test]
fn many_roll_bonuses_and_gapped_rolls_are_read_in_linear_time() {
    // Every sum of some of a glossary's roll bonuses shifts every roll
    // (`roll-coverage`): 3,000 bonuses of 99 and 20,000 rolls with a gap
    // would be millions of shifted totals a roll, enumerated. Past 256 sums
    // they are one interval, and rolls, bands and gaps are intervals too.
    use std::fmt::Write as _;
    let mut glossary =
        std::fs::read_to_string(common::fixture("spec-example/glossary.yaml")).unwrap();
    for i in 0..3_000 {
        let _ = writeln!(
            glossary,
            "  bonus-{i}: {{name: Bonus {i}, rules: {{roll-bonus: 99}}}}"
        );
    }
    let mut rolls = String::new();
    for i in 1000..21_000 {
        let _ = write!(rolls, "-{i}-\nRoll: {{1d6}}\n> 1-6: a\n> 12+: b\n\n");
    }
    let human = survives_with(&[
        ("glossary.yaml", &glossary),
        (
            "tales/extra.tales",
            &format!("# tales: allow(unreachable-paragraph)\n{rolls}"),
        ),
    ]);
    assert!(
        human.contains("no band for 7-11, reached with a roll bonus"),
        "{}",
        &human[..human.len().min(3000)]
    );
}

#[test]
fn a_huge_name_is_quoted_by_its_ends_in_every_finding() {
    // Fuzzing: a glossary name of 30 KB (`Wounded` with a run of `é` in
    // it), which the book writes by its id in eight places: each finding
    // quoted it whole twice, a 650 KB report for 10 findings.
    let glossary =
        std::fs::read_to_string(common::fixture("spec-example-v2").join("glossary.yaml"))
            .unwrap()
            .replace(
                "wounded: Wounded",
                &format!("wounded: Wound{}ed", "é".repeat(15_000)),
            );
    let dir = book_with("spec-example-v2", &[("glossary.yaml", &glossary)]);
    let human = survives(dir.path());
    assert!(human.contains("`Woundééé"), "{human}");
    assert!(human.contains("ééé…ééééééééééééééed`"), "{human}");
    assert!(human.len() < 60_000, "{} bytes", human.len());
}

/// `tales ARGS` in `dir` ends (with 0 or 1) within a minute; a hang is
/// killed and fails the test rather than hang it.
fn ends(args: &[&str], dir: &Path) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tales"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(matches!(status.code(), Some(0 | 1)), "{args:?}: {status}");
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("{args:?} did not end in a minute");
}

#[test]
fn a_skill_defined_twice_is_drawn_once() {
    // Fuzzing (seed 424242): `skills:` misspelt `kills:` above a copy of
    // the one skill (read as `skills`, each definition kept for its
    // finding). A fresh life drew skills until it held min(3, entries)
    // distinct ones: two entries of one id, a draw that never ended, in
    // `sim` and in a whole game's setup alike.
    let dir = common::book_with(
        "game-place",
        &[(
            "glossary.yaml",
            "skills:\n  luck: Luck\nkills:\n  luck: Luck\n",
        )],
    );
    let human = survives(dir.path());
    assert!(
        human.contains("`Luck` is already in the glossary"),
        "{human}"
    );
    ends(
        &["sim", "book", "--encounters", "200", "--threads", "1"],
        dir.path(),
    );
    // `sim --games` refuses a book with errors (exit 1); a hot-seat game
    // of bots still sets a game up on it, drawing each player's skills.
    ends(
        &["sim", "book", "--games", "2", "--threads", "1"],
        dir.path(),
    );
    ends(
        &[
            "play",
            "book",
            "--game",
            "--players",
            "2",
            "--bots",
            "2",
            "--seed",
            "1",
        ],
        dir.path(),
    );
}

/// The spec's example (`src`) and its Spanish translation (`es`), which
/// names it, in a temporary folder.
fn spec_pair() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::fixture("spec-example"), &dir.path().join("src"));
    common::copy_dir(&common::fixture("spec-example-es"), &dir.path().join("es"));
    let yaml = dir.path().join("es/book.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("../spec-example", "../src")).unwrap();
    dir
}

#[test]
fn a_stamped_paragraph_changed_in_thousands_of_words_is_diffed_in_linear_time() {
    // `l10n-stale` shows what changed since the stamp as a word diff, whose
    // cost was the words times the changes: a source paragraph of 20,000
    // words, all other than the lock's, took two minutes (10,000: 19 s).
    // Past 2,000 changed words the change is one mark, cut short, and the
    // diff only ever looks at what changed. (Not a timing test: 100,000
    // words diffed word by word would not finish in the test's time.)
    let dir = spec_pair();
    let words = |p: &str| (0..100_000).map(|i| format!("{p}{i}")).collect::<Vec<_>>();
    let city = dir.path().join("src/tales/city.tales");
    let text = std::fs::read_to_string(&city).unwrap().replacen(
        "The bazaar",
        &format!("{} The bazaar", words("w").join(" ")),
        1,
    );
    std::fs::write(&city, text).unwrap();
    std::fs::write(
        dir.path().join("es/l10n.lock"),
        format!("8 0123456789ab {}\n", words("v").join(" ")),
    )
    .unwrap();
    let out = tales(&["l10n", "src", "es", "--format", "json"], dir.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let stale = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "l10n-stale")
        .expect("paragraph 8 is stale");
    let help = stale["help"].as_str().unwrap();
    assert!(help.contains("[-v0 v1 v2"), "{help}");
    assert!(help.contains("…-] {+-8- w0 w1"), "{help}");
    assert!(help.len() < 1_000, "{} bytes", help.len());
}

#[test]
fn a_paragraph_of_many_numbers_other_than_its_translation_is_compared_in_linear_time() {
    // The numbers a paragraph's prose has on one side only were matched to
    // the other side's number words by a search of a list for each: 40,000
    // numbers on each side, none alike, took 13.6 s (the test build; now
    // 0.3 s).
    // They are counted now, and the mismatch is still its one finding.
    let dir = spec_pair();
    let numbers = |from: usize| {
        (from..from + 40_000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (file, opening, from) in [
        ("src/tales/city.tales", "The bazaar", 100_000),
        ("es/tales/city.tales", "El bazar", 200_000),
    ] {
        let path = dir.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.replacen(opening, &format!("{} {opening}", numbers(from)), 1);
        std::fs::write(&path, text).unwrap();
    }
    let out = tales(&["l10n", "src", "es", "--format", "json"], dir.path());
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let mismatches = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "l10n-number-mismatch")
        .count();
    assert_eq!(mismatches, 1, "{}", out.stdout);
}

#[test]
fn a_choice_of_thousands_of_ors_is_read_in_linear_time() {
    // Issue #23's CI trial: `Choice of W+1 or or or ... Treasure` was read by
    // joining every run of the pieces between the `or`s and looking each up
    // as a glossary name: 4,000 `or`s took a second, 50,000 over a minute.
    // A name spans a few pieces at most; 50,000 now take no time.
    let text = format!(
        "-900-\nA gift. [Choice of W+1 {}Treasure / Choice of Piety {}Luck]\n",
        "or ".repeat(50_000),
        "or ".repeat(50_000)
    );
    survives(extra(&text).path());
}

#[test]
fn award_items_one_word_from_a_form_are_read_in_linear_time() {
    // The near-miss reader of issue #23's trial (`Move thre spaces by sea`)
    // tries a few spellings of each word of a short item: thousands of such
    // items, and items far too long to try, stay cheap.
    let many = vec!["Move thre spaces by sea"; 5_000].join(" / ");
    let long = format!("Lose all {}", "statusses ".repeat(10_000));
    let text = format!("-900-\nA gift. [{many}]\n\n-901-\nA gift. [{long}]\n");
    let book = book_with("spec-example-v3", &[("tales/extra.tales", &text)]);
    let report = survives(book.path());
    assert!(
        report.contains("`thre` is no word of an effect"),
        "{report}"
    );
}

#[test]
fn a_board_of_many_spaces_each_named_by_a_move_is_read_in_linear_time() {
    // Each `Move to SPACE` looked its space up among all the board's
    // spaces: 20,000 moves on a board of 20,000 spaces were 200 million
    // comparisons (40,000 of each took 16 s in a release build). A map of
    // the names now. (Not a timing test: the quadratic look-up would not
    // finish in the test's time in a debug build.)
    let n = 20_000;
    let base = common::fixture("spec-example-v3");
    let mut board = std::fs::read_to_string(base.join("board.yaml")).unwrap();
    let at = board.find("routes:").unwrap();
    let mut extra = String::new();
    for i in 0..n {
        let _ = writeln!(extra, "  Space {i}: {{terrain: desert, region: Arabia}}");
    }
    board.insert_str(at, &extra);
    let routes: Vec<String> = (0..n).map(|i| format!("[Bantu, Space {i}]")).collect();
    let land = format!("land: [[Bantu, Dunes], {}]", routes.join(", "));
    let board = board.replace("land: [[Bantu, Dunes]]", &land);
    assert!(board.contains("[Bantu, Space 0]"), "{board:.300}");
    let items: Vec<String> = (0..n)
        .map(|i| format!("Move to Space {}", n - 1 - i))
        .collect();
    let tales = format!("-9000-\nYou wander the roads. [{}]\n", items.join(" / "));
    let d = common::book_with(
        "spec-example-v3",
        &[("board.yaml", &board), ("tales/wander.tales", &tales)],
    );
    let human = survives(d.path());
    assert_no_finding(&human, "unknown-name");
}

#[test]
fn many_terrains_each_named_are_read_in_linear_time() {
    // Each `{terrain = NAME}` and `Move to any NAME space` looked its
    // terrain up among all of `world.terrains`: 20,000 of each against
    // 20,000 terrains were 9 s in a release build. A map of the names now.
    let n = 10_000;
    let base = common::fixture("spec-example-v3");
    let book = std::fs::read_to_string(base.join("book.yaml")).unwrap();
    let terrains: Vec<String> = (0..n).map(|i| format!("terr{i}")).collect();
    let book = book.replace(
        "terrains: [sea, desert, city]",
        &format!("terrains: [sea, desert, city, {}]", terrains.join(", ")),
    );
    let mut tales = String::from("-9002-\nNO SKILL: You look about you.\n");
    for i in (0..n).rev() {
        let _ = writeln!(tales, "> {{terrain = terr{i}}} You know this land. [D1]");
    }
    let moves: Vec<String> = (0..n)
        .map(|i| format!("Move to any terr{i} space"))
        .collect();
    let _ = write!(tales, "\n-9004-\nYou go. [{}]\n", moves.join(" / "));
    let d = common::book_with(
        "spec-example-v3",
        &[("book.yaml", &book), ("tales/far.tales", &tales)],
    );
    let human = survives(d.path());
    assert_no_finding(&human, "unknown-name");
    assert_no_finding(&human, "syntax-error");
}

#[test]
fn many_places_each_referenced_are_linked_in_linear_time() {
    // Each `@place` reference looked its place up among all of
    // `world.places` as the graph was built: 20,000 references to 20,000
    // places were a second in a release build (1.4 billion instructions at
    // 10,000). A map of the ids now.
    let n = 10_000;
    let base = common::fixture("spec-example-v3");
    let book = std::fs::read_to_string(base.join("book.yaml")).unwrap();
    let mut places = String::new();
    for i in 0..n {
        let _ = writeln!(
            places,
            "    place-{i}: {{name: Place {i}, paragraph: 100, exit: Bantu}}"
        );
    }
    let book = book.replace("  places:\n", &format!("  places:\n{places}"));
    let mut board = std::fs::read_to_string(base.join("board.yaml")).unwrap();
    let mut spaces = String::new();
    for i in 0..n {
        let _ = writeln!(spaces, "  Place {i}: {{place: place-{i}, exit: Bantu}}");
    }
    board.insert_str(board.find("routes:").unwrap(), &spaces);
    let refs: Vec<String> = (0..n).rev().map(|i| format!("@place-{i}")).collect();
    let tales = format!("-9000-\nYou wander. {} [D1]\n", refs.join(" "));
    let d = common::book_with(
        "spec-example-v3",
        &[
            ("book.yaml", &book),
            ("board.yaml", &board),
            ("tales/far.tales", &tales),
        ],
    );
    let human = survives(d.path());
    assert_no_finding(&human, "dangling-reference");
    assert!(!human.contains("× "), "{}", &human[..human.len().min(2000)]);
}

#[test]
fn thousands_of_misspelt_spaces_places_and_terrains_are_read_in_linear_time() {
    // Each name that is no space, place or terrain was compared with every
    // one of a big book's for its "did you mean", and the board's place
    // findings with every finding: 4,000 slips of each against 4,000 of
    // each took 13.6 s in a release build. The suggestions now have a
    // budget (past it a finding has no "did you mean"), and the folding
    // reads sets. Each slip is still its one finding.
    let n = 3_000;
    let base = common::fixture("spec-example-v3");
    let mut book = std::fs::read_to_string(base.join("book.yaml")).unwrap();
    let mut places = String::from("  places:\n");
    let mut spaces = String::new();
    let mut terrains = String::from("terrains: [sea, desert, city");
    let mut routes = String::from("land: [[Bantu, Dunes]");
    for i in 0..n {
        let _ = writeln!(
            places,
            "    place-{i}: {{name: Place {i}, paragraph: 100, exit: Bantu}}"
        );
        let _ = writeln!(spaces, "  Place {i}: {{place: place-{i}, exit: Bantu}}");
        let _ = writeln!(spaces, "  Space {i}: {{terrain: terr{i}, region: Arabia}}");
        let _ = write!(terrains, ", terr{i}");
        let _ = write!(routes, ", [Bantu, Space {i}]");
    }
    book = book.replace("  places:\n", &places);
    book = book.replace("terrains: [sea, desert, city", &terrains);
    let mut board = std::fs::read_to_string(base.join("board.yaml")).unwrap();
    board.insert_str(board.find("routes:").unwrap(), &spaces);
    let board = board.replace("land: [[Bantu, Dunes]", &routes);
    let moves: Vec<String> = (0..n).map(|i| format!("Move to Spcae {i}")).collect();
    let enter: Vec<String> = (0..n)
        .map(|i| format!("Opportunity to enter Plcae {i}"))
        .collect();
    let mut text = format!(
        "-9000-\nYou wander. [{}]\n\n-9002-\nYou go. [{}]\n\n-9004-\nNO SKILL: You look.\n",
        moves.join(" / "),
        enter.join(" / ")
    );
    for i in 0..n {
        let _ = writeln!(text, "> {{terrain = ter{i}}} You know it. [D1]");
    }
    let d = common::book_with(
        "spec-example-v3",
        &[
            ("book.yaml", &book),
            ("board.yaml", &board),
            ("tales/slips.tales", &text),
        ],
    );
    let human = survives(d.path());
    // The report shows the first thousand findings of a code in a file,
    // and counts the others: 3,000 slips of each kind, 9,000 findings.
    let tail = &human[human.len().saturating_sub(600)..];
    assert!(tail.contains("failed: 1000 errors"), "{tail}");
    assert!(tail.contains("8000 findings not shown"), "{tail}");
    assert!(human.starts_with("unknown-name"), "{}", &human[..300]);
}

#[test]
fn chart_entries_that_name_no_matrix_among_thousands_are_read_in_linear_time() {
    // A chart entry that names no matrix asked each of the book's matrices
    // whether it has the entry's row (and, with no braces, each word's):
    // 6,000 such entries against 6,000 matrices were 1.8 s in a release
    // build. The rows are looked up by name now. Each entry is still its
    // one finding, read as the one matrix that has the row.
    let n = 3_000;
    let base = common::fixture("spec-example-v3");
    let mut matrices = std::fs::read_to_string(base.join("matrices.yaml")).unwrap();
    let mut charts = String::new();
    for i in 0..n {
        let _ = writeln!(
            matrices,
            "M{i}:\n  reactions: [Aid, Rob]\n  rows:\n    Row{i}: [41, 44]"
        );
    }
    for c in 0..n / 6 {
        let _ = writeln!(charts, "-{}- chart", 20_000 + c);
        for k in 0..6 {
            let i = c * 6 + k;
            // Half with braces, half without.
            let row = if k % 2 == 0 {
                format!("{{Row{i}}}")
            } else {
                format!("Row{i}")
            };
            let _ = writeln!(charts, " {}-{} A {row} Thing", 2 * k + 1, 2 * k + 2);
        }
        charts.push('\n');
    }
    let d = common::book_with(
        "spec-example-v3",
        &[
            ("matrices.yaml", &matrices),
            ("tales/charts2.tales", &charts),
        ],
    );
    let human = survives(d.path());
    let tail = &human[human.len().saturating_sub(600)..];
    // One `syntax-error` an entry (3,000), the first thousand shown.
    assert!(tail.contains("2000 findings not shown"), "{tail}");
    assert!(
        human.contains("is a row of matrix M0 only"),
        "{}",
        &human[..1500]
    );
    assert!(
        human.contains("did you mean `{Row1}`?"),
        "{}",
        &human[..3000]
    );
}

/// No finding of `code` in a human report (its first 2,000 bytes shown
/// when there is one).
fn assert_no_finding(human: &str, code: &str) {
    assert!(!human.contains(code), "{}", &human[..human.len().min(2000)]);
}

#[test]
fn a_paragraph_of_many_go_to_phrases_is_compared_with_its_translation_in_linear_time() {
    // Issue #23's hostile round: the references of a paragraph and its
    // translation were paired by a search from the start of the list for
    // each, and equal references (a go-to phrase left in the prose, in
    // each spelling) made it quadratic: 80,000 a side took 7.6 s in a
    // release build. (Not a timing test: 100,000 paired quadratically
    // would not finish in the test's time in a debug build.)
    let phrases = |p: &str| vec![format!("{p}40. "); 100_000];
    let codes = go_to_pair_codes(phrases("Go to paragraph "), phrases("Ve al párrafo "));
    assert!(codes.iter().any(|c| c == "go-to-in-prose"), "{codes:?}");
    assert!(
        !codes.iter().any(|c| c == "l10n-reference-mismatch"),
        "{codes:?}"
    );
    assert!(
        !codes.iter().any(|c| c == "l10n-number-mismatch"),
        "{codes:?}"
    );
}

#[test]
fn distinct_go_to_phrases_in_opposite_orders_are_paired_in_linear_time() {
    // Distinct references, the translation's in the opposite order, were
    // still searched for in the whole list: 80,000 a side took 12.6 s in a
    // release build (1.6 s now, most of it the source's 80,000
    // `dangling-reference`s). Each is now looked for among the
    // translation's references of its own key (l10n/multiset.rs). (Not a
    // timing test: 60,000 searched quadratically would take minutes in a
    // debug build.)
    let phrases = |p: &str| {
        (1..=60_000)
            .map(|n| format!("{p}{n}. "))
            .collect::<Vec<_>>()
    };
    let mut reversed = phrases("Ve al párrafo ");
    reversed.reverse();
    let codes = go_to_pair_codes(phrases("Go to paragraph "), reversed);
    assert!(codes.iter().any(|c| c == "dangling-reference"), "{codes:?}");
    assert!(
        !codes.iter().any(|c| c == "l10n-reference-mismatch"),
        "{codes:?}"
    );
}

/// The codes `tales l10n --format json` gives for the spec's example with
/// `source` before the bazaar's opening and `translation` before its
/// translation's.
fn go_to_pair_codes(source: Vec<String>, translation: Vec<String>) -> Vec<String> {
    let dir = spec_pair();
    for (file, opening, phrases) in [
        ("src/tales/city.tales", "The bazaar", source),
        ("es/tales/city.tales", "El bazar", translation),
    ] {
        let path = dir.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let many = phrases.concat();
        std::fs::write(
            &path,
            text.replacen(opening, &format!("{many}{opening}"), 1),
        )
        .unwrap();
    }
    let out = tales(&["l10n", "src", "es", "--format", "json"], dir.path());
    assert!(out.code <= 1, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    (v["diagnostics"].as_array().unwrap().iter())
        .filter_map(|d| d["code"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn capital_lines_inside_an_open_quotation_are_read_in_linear_time() {
    // A capitals line that names nothing, inside an open quotation, is
    // prose; whether the quotation is open counted the node's text again
    // for each such line: 20,000 lines took 3.9 s in a release build (the
    // count is carried now). Not a timing test: the quadratic count of
    // 200,000 lines would not finish in the test's time.
    let text = format!(
        "-900-\nHe reads aloud: \"WHOEVER ENTERS HERE\n{}",
        "FOO BAR BAZ: THE DEAD\n".repeat(200_000)
    );
    survives(extra(&text).path());
}

#[test]
fn many_go_tos_to_charts_are_guessed_in_linear_time() {
    // Each go-to to a chart looks for the result paragraph a keystroke off
    // that nothing reaches: one pass over the graph for all of them, a few
    // numbers each (blind trial 8). 40,000 go-tos, half of them with a
    // paragraph a keystroke off of the chart's number, all unreached.
    let n = 20_000;
    let mut book = String::new();
    for i in 0..n {
        let _ = write!(
            book,
            "-{}-\nGo. [@2]\n\n-{}-\nGo. [S1 / @3]\n\n",
            300_000 + 2 * i,
            300_001 + 2 * i
        );
    }
    book.push_str("-13-\nNothing else reaches this. [S1]\n");
    let human = survives(extra(&book).path());
    assert!(
        human.contains("go-to-chart"),
        "{}",
        &human[..human.len().min(3000)]
    );
}
