//! An in-process mutation fuzzer. Each round copies a fixture book, mutates
//! one of its files (bytes, the format's tokens, letters that change length
//! when their case changes, long lines, deep nesting, splices), and runs
//! every reader on it: the `.tales`, award and YAML parsers, `check` with
//! every report format, `l10n` (on the Spanish examples, each beside the
//! book it translates), the engine, which plays encounters from every paragraph,
//! `fmt` (in place, on books with errors too), which must never refuse
//! a file as changed in meaning, must leave a file with an error byte for
//! byte, and must keep every number, header and word of the others as
//! written, `render`, whose page must parse as XML (control characters
//! included), and `graph` in every format (its SVG parses as XML, its JSON
//! as JSON). Besides the book, each round reads `tales lsp` frames with
//! huge, negative and garbage `Content-Length` headers, and a simulation
//! shard and baseline with huge counts (read, merged, reported or refused).
//! On a translation, a round first mutates its `l10n.lock`, or imports a
//! mutated PO or XLIFF export into it ([`cat`]); one round in three then
//! opens a file of the book in `tales lsp`, edits it and asks every request
//! at random positions ([`lsp`]).
//!
//! A round fails when anything panics (overflow checks are on in the test
//! profile, so an overflow is a panic; the language server's caught panics
//! count), when an import's error is not one short line, when a round takes longer than
//! [`SLOW`] (a quadratic pass on a few kilobytes), or when a report is out
//! of proportion to its input. The failing input is written to
//! `target/fuzz-findings/` and the seed to reproduce it is printed; turn it
//! into a regression test in `tests/it/hostile.rs`.
//!
//! CI runs it for [`DEFAULT_SECONDS`] on two threads (one a core of CI's
//! two, [`default_threads`]) from one fixed seed (`.ci/run` sets
//! `TALES_FUZZ_SEED`), so that a red run is the change's doing. New seeds
//! find new problems: a campaign, for an hour on both cores:
//!
//! ```sh
//! TALES_FUZZ_SECONDS=3600 TALES_FUZZ_THREADS=2 cargo test --profile fuzz --test fuzz -- --nocapture
//! ```
//!
//! `TALES_FUZZ_SEED=N` replays from a seed (the default seed changes every
//! run and is printed); `TALES_FUZZ_ROUND=N` replays the one round a
//! problem names.

#[path = "fuzz/cat.rs"]
mod cat;
mod common;
#[path = "fuzz/lsp.rs"]
mod lsp;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tales::engine::{Character, Engine, Quiet, RandomChooser, Rng, Start};
use tales::ir::Target;
use tales::lints::levels::CliLevels;
use tales::report::{self, Format, HumanOptions};

const DEFAULT_SECONDS: u64 = 15;

/// Two threads where there are two cores: `cargo test` runs this binary
/// alone, so one thread would leave a core idle.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(2))
}
/// A round on a book of a few kilobytes that takes longer than this is a
/// hang or a quadratic pass (debug build; the release build is ~20x faster).
const SLOW: Duration = Duration::from_secs(10);

/// Tokens of the format, spliced in whole.
const TOKENS: &[&str] = &[
    "-1-",
    "-99-",
    "- 12 -",
    "-0-",
    "-999999-",
    "-9999999-",
    "-12- chart",
    "-4- chart (F)",
    "chart (",
    "\n",
    "\r\n",
    "\r",
    "[",
    "]",
    "[D1]",
    "[S2 / W+1 (max Poor)]",
    "(max ",
    "(min Beggar)",
    "(Max: Rich)",
    "/",
    " / ",
    "@",
    "@12",
    "@F:Terrible",
    "@K",
    "@city-of-brass",
    "@ 12",
    "{",
    "}",
    "{else}",
    "{!wounded}",
    "{wounded & !blessed}",
    "{2d6 + piety}",
    "{1d6}",
    "(",
    ")",
    ">",
    "> ",
    ">>",
    ">>>",
    "> If you go: ",
    "> 2-7: ",
    "> 8+: ",
    "> 1: ",
    "NO SKILL: ",
    "PIETY: ",
    "WOUNDED (mandatory): ",
    "(all mandatory)",
    ":",
    "# tales: allow(unreachable-paragraph)\n",
    "# tales: allow(",
    "#",
    "Lose ",
    "Master ",
    "Choice of ",
    " or ",
    " and ",
    " at Master level",
    "Death",
    "Treasure",
    "Deth",
    "Wounded (1 turn)",
    "D-1",
    "S+3",
    "W−3",
    "2–7",
    "❖ ",
    "*",
    "**",
    "\u{a0}",
    "\u{202f}",
    "\u{feff}",
    "\t",
    " ",
    "é",
    "ñ",
    "ẞ",
    "İ",
    "ß",
    "ﬁ",
    "Ω",
    "K",
    "\u{1F600}",
    "\0",
    "Go to paragraph 12",
    "1-12 A {Lost} Merchant (L)",
    " 3-4 ",
    "- {",
    "~",
    "&a",
    "*a",
    "- ",
    ": ",
    "? ",
    "'",
    "\"",
    "0x1F",
    "-1",
    "4294967295",
    "18446744073709551616",
    "99999999999999999999999",
    "-1-\n",
    "-2- chart (L)\n",
    " 5-18446744073709551615 ",
    // White space and control characters (issue #25: `[\u{85}S2]` was
    // free text with no finding).
    "\u{85}",
    "\u{2028}",
    "\u{2029}",
    "\u{2003}",
    "\u{3000}",
    "\u{1680}",
    "\u{205f}",
    "\u{b}",
    "\u{c}",
    "\u{1b}",
    "\u{7f}",
    "\u{200b}",
    "\u{5}",
    "\u{0}",
];

/// `Content-Length` values a language client could send.
const LENGTHS: &[&str] = &[
    "4000000000",
    "100000000000",
    "18446744073709551615",
    "18446744073709551616",
    "67108865",
    "-1",
    "x",
    "",
    "0",
    "1e9",
    " 2",
];

/// Counts near the ends of what a shard's JSON could hold.
const HUGE: &[u64] = &[
    u64::MAX,
    u64::MAX - 1,
    1 << 63,
    (1 << 63) - 1,
    1 << 53,
    (1 << 53) + 1,
    1 << 52,
];

/// Letters whose lower or upper case has another length in UTF-8.
const CASE_SHIFTERS: &[&str] = &["ẞ", "İ", "ı", "ſ", "Ω", "K", "ﬀ", "ŉ", "ǰ", "ΐ"];

/// A book the fuzzer mutates: its name, its folder, and the book it
/// translates (copied beside it, where its `translation-of` points).
struct FuzzBook {
    name: &'static str,
    dir: PathBuf,
    source: Option<PathBuf>,
}

fn books() -> Vec<FuzzBook> {
    let content = |b: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("content")
            .join(b)
    };
    let fixture = |name: &'static str, source: Option<&str>| FuzzBook {
        name,
        dir: common::fixture(name),
        source: source.map(common::fixture),
    };
    vec![
        fixture("spec-example", None),
        fixture("spec-example-es", Some("spec-example")),
        fixture("spec-example-v2", None),
        fixture("spec-example-v3", None),
        fixture("spec-example-v3-es", Some("spec-example-v3")),
        fixture("defects", None),
        fixture("board-example", None),
        fixture("game-place", None),
        // The sample book: a board, quest cards, statuses with rules.
        FuzzBook {
            name: "sunken-lamp",
            dir: content("sunken-lamp"),
            source: None,
        },
        FuzzBook {
            name: "sunken-lamp-es",
            dir: content("sunken-lamp-es"),
            source: Some(content("sunken-lamp")),
        },
    ]
}

/// Every file of a book folder, relative.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in walk(dir) {
        out.push(e.strip_prefix(dir).unwrap().to_owned());
    }
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// One mutation of the bytes, at a random place.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    let at =
        |rng: &mut Rng, len: usize| rng.below(u32::try_from(len + 1).unwrap_or(u32::MAX)) as usize;
    match rng.below(10) {
        0 if len > 0 => {
            let i = at(rng, len - 1);
            bytes[i] = rng.below(256) as u8;
        }
        1 if len > 0 => {
            let i = at(rng, len - 1);
            let n = (rng.below(16) as usize).min(len - i);
            bytes.drain(i..i + n);
        }
        2 | 3 => {
            let i = at(rng, len);
            let t = TOKENS[rng.below(TOKENS.len() as u32) as usize];
            bytes.splice(i..i, t.bytes());
        }
        4 => {
            let i = at(rng, len);
            let t = CASE_SHIFTERS[rng.below(CASE_SHIFTERS.len() as u32) as usize];
            let n = 1 + rng.below(4) as usize;
            bytes.splice(i..i, t.repeat(n).into_bytes());
        }
        5 => {
            // A long line of one token.
            let i = at(rng, len);
            let t = TOKENS[rng.below(TOKENS.len() as u32) as usize].replace(['\n', '\r'], "");
            let n = 1 + rng.below(20_000) as usize / t.len().max(1);
            bytes.splice(i..i, t.repeat(n).into_bytes());
        }
        6 => {
            // Deep nesting.
            let i = at(rng, len);
            let (open, close) =
                [("(", ")"), ("{", "}"), ("[", "]"), ("!", ""), (">", "")][rng.below(5) as usize];
            let n = 1 + rng.below(3_000) as usize;
            let mut s = open.repeat(n);
            s.push('x');
            s.push_str(&close.repeat(n));
            bytes.splice(i..i, s.into_bytes());
        }
        7 if len > 1 => {
            // Duplicate a slice elsewhere (splices lines into other places).
            let a = at(rng, len - 1);
            let b = (a + 1 + rng.below(200) as usize).min(len);
            let slice = bytes[a..b].to_vec();
            let i = at(rng, len);
            bytes.splice(i..i, slice);
        }
        8 if len > 0 => {
            // Swap the case of a run of letters.
            let a = at(rng, len - 1);
            let b = (a + 1 + rng.below(40) as usize).min(len);
            for c in &mut bytes[a..b] {
                if c.is_ascii_alphabetic() {
                    *c ^= 0x20;
                }
            }
        }
        _ => {
            let i = at(rng, len);
            bytes.insert(i, b"\n:[]{}()@>-/"[rng.below(12) as usize]);
        }
    }
}

/// A report writer that counts what it is given and keeps nothing.
struct Count(usize);

impl std::io::Write for Count {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every reader on one mutated book. Returns a problem, if any.
fn round(dir: &Path, book_name: &str, input_bytes: usize) -> Option<String> {
    let root = std::fs::canonicalize(dir.join("book")).unwrap();
    let checked = tales::check::check_book(&root, "book".into(), &CliLevels::default());
    let human = HumanOptions {
        color: false,
        width: 80,
        summary_only: false,
        findings_only: false,
    };
    for format in [Format::Human, Format::Json, Format::Github, Format::Sarif] {
        let mut out = Count(0);
        report::write(format, std::slice::from_ref(&checked), &human, &mut out).ok()?;
        // A report is linear in its findings, each shown with a window of
        // its lines: a megabyte line must never be printed per finding.
        // (SARIF carries every lint's page as its rules: a fixed 300 KB.)
        let limit = 400_000 + checked.diagnostics.len() * 4_000 + input_bytes * 4;
        if out.0 > limit {
            return Some(format!(
                "{format:?} report of {} bytes for {} findings",
                out.0,
                checked.diagnostics.len()
            ));
        }
    }
    // The engine, from every paragraph and from random cards.
    let book = &checked.book;
    let engine = Engine::new(book);
    let mut rng = Rng::new(7);
    let mut chooser = RandomChooser(Rng::new(11));
    let mut c = Character::new(book);
    let starts = book
        .paragraphs
        .iter()
        .map(|p| Start::At(Target::Paragraph(p.number)))
        .chain((0..20).map(|_| Start::Card));
    for start in starts.take(200) {
        let _ = engine.encounter(&mut c, &start, &mut rng, &mut chooser, &mut Quiet);
    }
    // Whole games, while the mutated book still has a board and a start.
    if tales::game::board_of(book).is_ok() {
        let arms = tales::sim::tally::ArmIndex::of(book);
        let opts = tales::sim::games::GamesOptions {
            games: 2,
            seed: input_bytes as u64,
            setup: tales::game::Setup {
                players: 2,
                goal: None,
            },
            shard: (1, 1),
        };
        let _ = tales::sim::games::run(&engine, &arms, &opts);
    }
    // `fmt`, in place, on a book with errors as much as on a clean one:
    // never a panic, never a file it cannot prove means the same, a file
    // with an error byte for byte as it was, and every other file with
    // its numbers, headers and words as written.
    if let Err(e) = common::fmt_keeps_what_is_written(&root) {
        return Some(format!("fmt: {e}"));
    }
    let _ = book_name;
    let mut rng = Rng::new(input_bytes as u64);
    if let Some(p) = render_problem(book) {
        return Some(p);
    }
    if let Some(p) = graph_problem(book) {
        return Some(p);
    }
    lsp_frames(&mut rng);
    huge_counts(book, &mut rng)
}

/// `render`: a page that parses as XML and holds no control character XML
/// 1.0 forbids, whatever the book holds.
fn render_problem(book: &tales::ir::Book) -> Option<String> {
    xml_problem("render", &tales::render::page(book))
}

/// `tales graph`: the overview, a neighbourhood and the board, in every
/// format: SVG that parses as XML, JSON that parses as JSON.
fn graph_problem(book: &tales::ir::Book) -> Option<String> {
    use tales::storymap;
    let graph = tales::graph::build(book);
    let from: Vec<_> = (book.paragraphs.iter().take(3))
        .filter_map(|p| graph.paragraphs.get(&p.number).copied())
        .collect();
    let maps = [
        Some(storymap::overview(book, &graph)),
        Some(storymap::neighbourhood(book, &graph, &from, 2)),
        storymap::board(book),
    ];
    for map in maps.iter().flatten() {
        let _ = storymap::dot::write(map);
        let _ = storymap::mermaid::write(map);
        let json = storymap::json::write(book, map);
        if let Err(e) = serde_json::from_str::<serde_json::Value>(&json) {
            return Some(format!("graph wrote JSON that does not parse: {e}"));
        }
        if let Some(p) = xml_problem("graph", &storymap::svg::write(map)) {
            return Some(p);
        }
    }
    None
}

/// A page that parses as XML and holds no control character XML 1.0
/// forbids.
fn xml_problem(what: &str, page: &str) -> Option<String> {
    if let Some(c) = page
        .chars()
        .find(|&c| u32::from(c) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Some(format!("{what} wrote the control character {c:?}"));
    }
    let mut reader = quick_xml::Reader::from_str(page);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => return None,
            Ok(_) => {}
            Err(e) => return Some(format!("{what} wrote a page that does not parse: {e}")),
        }
    }
}

/// `tales lsp`'s framing on headers of any length and mutated bytes: never
/// a panic, never more than a message's limit read.
fn lsp_frames(rng: &mut Rng) {
    use tales::lsp::framing::{self, Frame};
    let length = LENGTHS[rng.below(LENGTHS.len() as u32) as usize];
    let mut bytes =
        format!("Content-Length: {length}\r\n\r\n{{\"jsonrpc\": \"2.0\"}}").into_bytes();
    for _ in 0..rng.below(3) {
        mutate(rng, &mut bytes);
    }
    let mut input = std::io::Cursor::new(bytes);
    for _ in 0..64 {
        if matches!(framing::read(&mut input), Frame::End | Frame::Broken(_)) {
            break;
        }
    }
}

/// A shard or baseline with huge counts (as a user may pass in): read,
/// merged with itself and reported, or refused; never an overflow.
fn huge_counts(book: &tales::ir::Book, rng: &mut Rng) -> Option<String> {
    use tales::sim::tally::{ArmIndex, Tally};
    let arms = ArmIndex::of(book);
    let mut raw = Tally::new(book, &arms, 20).raw();
    let mut leaves = Vec::new();
    numbers(&raw, &mut leaves);
    for _ in 0..=rng.below(4) {
        if leaves.is_empty() {
            break;
        }
        let leaf = leaves.swap_remove(rng.below(leaves.len() as u32) as usize);
        let huge = HUGE[rng.below(HUGE.len() as u32) as usize];
        *raw.pointer_mut(&leaf)? = if rng.below(4) == 0 {
            serde_json::Value::from(i64::MIN)
        } else {
            serde_json::Value::from(huge)
        };
    }
    if let Ok(t) = Tally::from_raw(&raw, book.paragraphs.len(), (arms.arms.len(), arms.rolls)) {
        let merged = t.clone().merge(t);
        if merged.within_bounds().is_ok() {
            let outliers = tales::sim::report::outliers(book, &merged);
            let run = tales::sim::report::Run {
                book: String::new(),
                seed: 1,
                length: 20,
                encounters: merged.encounters,
                shard: (1, 1),
                from: None,
                persona: None,
            };
            let _ = tales::sim::report::human(book, &arms, &merged, &run, (&outliers, &[]));
        }
    }
    let report = serde_json::json!({"raw": raw});
    let _ = tales::sim::compare::compare(&report, &report);
    None
}

/// The JSON pointers of every number in `v`.
fn numbers(v: &serde_json::Value, out: &mut Vec<String>) {
    fn walk(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Number(_) => out.push(at.to_owned()),
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, &format!("{at}/{i}"), out);
                }
            }
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    walk(x, &format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }
    walk(v, "", out);
}

#[test]
fn fuzz_every_reader() {
    let seconds = std::env::var("TALES_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SECONDS);
    let threads = std::env::var("TALES_FUZZ_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(default_threads);
    let seed: u64 = std::env::var("TALES_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
    println!(
        "fuzz: seed {seed}, {seconds} s on {threads} thread(s) (TALES_FUZZ_SEED={seed} replays it)"
    );
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let results: Vec<(u64, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| s.spawn(move || fuzz_thread(seed.wrapping_add(t * 0x9E37_79B9), deadline)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let rounds: u64 = results.iter().map(|(n, _)| n).sum();
    let problems: Vec<String> = results.into_iter().flat_map(|(_, p)| p).collect();
    println!("fuzz: {rounds} rounds, {} problems", problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn fuzz_thread(seed: u64, deadline: Instant) -> (u64, Vec<String>) {
    let mut rng = Rng::new(seed);
    let books = books();
    // `TALES_FUZZ_ROUND=N` replays one round by the seed a problem names.
    let only: Option<u64> = std::env::var("TALES_FUZZ_ROUND")
        .ok()
        .and_then(|s| s.parse().ok());
    if let Some(round_seed) = only {
        let problem = one_round(round_seed, &books, seed);
        return (1, problem.into_iter().collect());
    }
    let mut rounds = 0u64;
    let mut problems = Vec::new();
    while Instant::now() < deadline && problems.len() < 3 {
        rounds += 1;
        let round_seed = u64::from(rng.below(u32::MAX));
        problems.extend(one_round(round_seed, &books, seed));
    }
    (rounds, problems)
}

/// One round: a fixture book, one file mutated, every reader run on it.
fn one_round(round_seed: u64, books: &[FuzzBook], seed: u64) -> Option<String> {
    let mut r = Rng::new(round_seed);
    let FuzzBook {
        name,
        dir: src,
        source,
    } = &books[r.below(books.len() as u32) as usize];
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(src, &dir.path().join("book"));
    // A translation's source, where its book.yaml says (`../<source>`).
    if let Some(source) = source {
        common::copy_dir(source, &dir.path().join(source.file_name().unwrap()));
    }
    let all = files(src);
    let file = &all[r.below(all.len() as u32) as usize];
    let path = dir.path().join("book").join(file);
    let mut bytes = std::fs::read(&path).unwrap();
    for _ in 0..=r.below(6) {
        mutate(&mut r, &mut bytes);
    }
    std::fs::write(&path, &bytes).unwrap();
    // What a crash that takes the process down (a stack overflow) was
    // reading: kept until the next round overwrites it.
    let _ = save_as(&format!("current-{seed}"), &bytes);
    let extra_seed = u64::from(r.below(u32::MAX));
    let started = Instant::now();
    let outcome = std::panic::catch_unwind(|| {
        let mut r = Rng::new(extra_seed);
        let book = std::fs::canonicalize(dir.path().join("book")).unwrap();
        // A translation: its lock mutated, or a mutated exchange file
        // imported into it, before every reader reads it.
        if source.is_some() {
            match r.below(3) {
                0 => cat::mutated_lock(&book, &mut r),
                1 => {
                    if let Some(p) = cat::import_problem(&book, &mut r) {
                        return Some(p);
                    }
                }
                _ => {}
            }
        }
        let problem = round(dir.path(), name, bytes.len());
        // The language server, in one round of three.
        problem.or_else(|| {
            (r.below(3) == 0)
                .then(|| lsp::session_problem(&book, &book.join(file), &mut r))
                .flatten()
        })
    });
    let took = started.elapsed();
    let problem = match outcome {
        Err(p) => Some(format!(
            "panic: {}",
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default()
        )),
        Ok(Some(p)) => Some(p),
        Ok(None) if took > SLOW => Some(format!("slow: {took:?}")),
        Ok(None) => None,
    }?;
    let saved = save(name, file, &bytes, round_seed);
    Some(format!(
        "{problem}\n  book {name}, file {}, round seed {round_seed} (TALES_FUZZ_ROUND={round_seed} replays it): {saved}",
        file.display()
    ))
}

/// Keep a failing input where a regression test can be made of it.
fn save(book: &str, file: &Path, bytes: &[u8], seed: u64) -> String {
    save_as(
        &format!(
            "{book}-{seed}-{}",
            file.display().to_string().replace('/', "_")
        ),
        bytes,
    )
}

fn save_as(name: &str, bytes: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-findings");
    let _ = std::fs::create_dir_all(&dir);
    let p = dir.join(name);
    let _ = std::fs::write(&p, bytes);
    p.display().to_string()
}
