use crate::engine::{Character, Engine, Start};
use crate::lints::levels::CliLevels;
use crate::play::transcript::Recording;
use crate::play::{self, End, Mode, Options};
use crate::report::Checked;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct PlayArgs {
    /// A book folder, or a `.tales` file inside one (play starts at its first
    /// paragraph). Default: the book around the current folder.
    path: Option<PathBuf>,
    /// Where to start: `328`, `@F:Terrible`, `@K`, `@city-of-brass`, or a
    /// status with encounters (`imprisoned`).
    #[arg(long, value_name = "REF")]
    at: Option<String>,
    /// Seed of the dice; the same seed and choices give the same session.
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// Who you are: `key=value` words, or a YAML file of those keys. The
    /// keys: `skills=piety*,seamanship` (`*` = Master), `statuses=wounded`,
    /// `treasures=ebony-horse`, `wealth=Poor`, `destiny=3`, `story=1`,
    /// `gender=female` (default male), `space=Basra` (a space of the book's
    /// world), `time=noon` (`morning`, `noon` or `night`).
    #[arg(long = "as", value_name = "SPEC")]
    character: Option<String>,
    /// Choose at random.
    #[arg(long)]
    pub(super) auto: bool,
    /// How many encounters (default: 1 with --at or a file, 20 with --auto,
    /// else until `quit`).
    #[arg(long)]
    encounters: Option<usize>,
    /// Write one JSON object per step to FILE (JSON Lines).
    #[arg(long, value_name = "FILE")]
    pub(super) transcript: Option<PathBuf>,
    /// Play a transcript again: its seed and its choices.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// Proofread instead of playing: every section and arm of the
    /// encounter that `--at` names (or of a `.tales` file's first
    /// paragraph) at every depth, who qualifies, what each awards, and each
    /// cell's destiny neighbours, without rolling.
    #[arg(long)]
    read: bool,
    /// Write the proofread (`--read`) to FILE instead of standard output.
    #[arg(long, value_name = "FILE", requires = "read")]
    output: Option<PathBuf>,
    /// Play a whole game, hot seat (FORMAT.md 9.5; the book needs
    /// board.yaml): every decision of each person's seat asked in turn.
    #[arg(long, conflicts_with_all = ["at", "character", "encounters", "read"])]
    pub(super) game: bool,
    /// Players in the game, with --game (1 to 6; default 2).
    #[arg(long, requires = "game", value_parser = clap::value_parser!(u64).range(1..=6))]
    pub(super) players: Option<u64>,
    /// How many of the players are bots (the last seats), with --game: they
    /// play the simulation's default policy without asking (default 0).
    #[arg(long, requires = "game")]
    pub(super) bots: Option<u64>,
    /// Every player's secret goal, destiny/story (e.g. 8/12), with --game;
    /// drawn for each player when left out.
    #[arg(long, value_name = "D/S", requires = "game", value_parser = crate::sim::games_report::parse_goal)]
    pub(super) goal: Option<(u32, u32)>,
}

impl PlayArgs {
    /// A flag of a session of encounters that a game does not take.
    pub(super) fn encounter_flag(&self) -> Option<&'static str> {
        [
            (self.at.is_some(), "--at"),
            (self.character.is_some(), "--as"),
            (self.encounters.is_some(), "--encounters"),
            (self.read, "--read"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

pub(super) fn run(args: &PlayArgs) -> ExitCode {
    let root = match super::book_at(args.path.as_deref()) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let checked = crate::check::check_book(
        &root,
        super::check::display(&cwd, &root),
        &CliLevels::default(),
    );
    let book = &checked.book;
    // The check's findings first: a book being written has loose ends, and
    // play stops only where it actually reaches one.
    let mut stdout = std::io::stdout().lock();
    print_findings(&checked, &mut stdout);
    let engine = Engine::checked(book, &checked.diagnostics);

    let recording = match read_recording(args.replay.as_deref()) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    if args.game || recording.as_ref().is_some_and(|r| r.game.is_some()) {
        return super::play_game::run(args, &checked, &engine, recording.as_ref(), &mut stdout);
    }
    // A replay starts where its transcript started, with its character;
    // `--at` and `--as` given with it change that.
    let start = match (&recording, &args.at) {
        (Some(r), None) if r.start.is_some() => r.start.clone().unwrap_or(Start::Card),
        _ => match start(args, book, &root) {
            Ok(s) => s,
            Err(e) => return super::fail(&e),
        },
    };
    if args.read {
        return proofread(args, book, &start);
    }
    let character = match character(args, book, recording.as_ref()) {
        Ok(c) => c,
        Err(e) => return super::fail(&e),
    };
    let session = Session {
        checked: &checked,
        engine: &engine,
        start,
        character,
    };
    session.play(args, recording, &mut stdout)
}

/// The check's findings, the first ten, before the session.
fn print_findings(checked: &Checked, stdout: &mut dyn Write) {
    if checked.diagnostics.is_empty() {
        return;
    }
    let _ = writeln!(
        stdout,
        "the book has {} and {} (`tales check` shows them):",
        counted(checked.errors(), "error"),
        counted(checked.warnings(), "warning")
    );
    for d in checked.diagnostics.iter().take(10) {
        let p = crate::report::position_of(checked, d.primary.span);
        let _ = writeln!(
            stdout,
            "  {}[{}] {p}: {}",
            d.severity.as_str(),
            d.code,
            d.message
        );
    }
    if checked.diagnostics.len() > 10 {
        let _ = writeln!(stdout, "  ... and {} more", checked.diagnostics.len() - 10);
    }
}

/// `--replay FILE`: the transcript read back.
fn read_recording(file: Option<&std::path::Path>) -> Result<Option<Recording>, String> {
    let Some(file) = file else {
        return Ok(None);
    };
    std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| play::transcript::read(&t))
        .map(Some)
        .map_err(|e| format!("cannot replay {}: {e}", file.display()))
}

/// `--read`: the encounter `--at` names proofread, to `--output` or
/// standard output.
fn proofread(args: &PlayArgs, book: &crate::ir::Book, start: &Start) -> ExitCode {
    let Start::At(target) = start else {
        return super::fail(
            "--read needs what to proofread: `--at REF` (`--at 328`, `--at @F:Terrible`) or a `.tales` file",
        );
    };
    let width = super::check::terminal_width().min(100);
    let text = play::read::read(book, target, width);
    match super::write_out(args.output.as_deref(), &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&e),
    }
}

/// Who plays: the transcript's character when replaying, then `--as`.
fn character(
    args: &PlayArgs,
    book: &crate::ir::Book,
    recording: Option<&Recording>,
) -> Result<Character, String> {
    let mut character = Character::new(book);
    for (key, value) in recording.iter().flat_map(|r| &r.character) {
        play::spec::set(&mut character, book, key, value)
            .map_err(|e| format!("cannot replay the transcript's character: {e}"))?;
    }
    if let Some(spec) = &args.character {
        as_spec(&mut character, book, spec).map_err(|e| format!("--as: {e}"))?;
    }
    Ok(character)
}

/// A session of encounters ready to play: the checked book, where it
/// starts and who plays.
struct Session<'a> {
    checked: &'a Checked,
    engine: &'a Engine<'a>,
    start: Start,
    character: Character,
}

impl Session<'_> {
    /// The session played (asked, at random or replayed), its transcript
    /// written, a replay compared with its transcript, and its exit code.
    fn play(
        mut self,
        args: &PlayArgs,
        recording: Option<Recording>,
        stdout: &mut dyn Write,
    ) -> ExitCode {
        let book = &self.checked.book;
        let mut replayed: Option<(Option<String>, Vec<serde_json::Value>)> = None;
        let (mode, seed, recorded) = if let Some(r) = recording {
            replayed = Some((r.book.clone(), r.steps.clone()));
            (Mode::Replay(r.choices), r.seed, Some(r.encounters))
        } else {
            let seed = args.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| u64::from(d.subsec_nanos()) % 1_000_000)
            });
            (if args.auto { Mode::Auto } else { Mode::Ask }, seed, None)
        };
        let encounters = args.encounters.or(recorded).or(match (&self.start, &mode) {
            (Start::At(_), _) => Some(1),
            (Start::Card, Mode::Auto) => Some(20),
            _ => None,
        });
        let _ = write!(
            stdout,
            "playing {} with seed {seed} (`--seed {seed}` plays it again)\n{}",
            self.checked.display,
            play::screen::who(book, &self.character)
        );
        let width = super::check::terminal_width().min(100);
        let echo = !std::io::IsTerminal::is_terminal(&std::io::stdin());
        let opts = Options {
            start: self.start,
            seed,
            encounters,
            width,
            mode,
            echo,
        };
        let first = play::transcript::start_line(seed, &opts.start, &self.character, book);
        let mut input = std::io::stdin().lock();
        let (end, lines) = play::run(
            book,
            self.engine,
            &mut self.character,
            opts,
            &mut input,
            stdout,
        );
        if let Some(file) = &args.transcript
            && let Err(e) = write_transcript(file, first, &lines)
        {
            return super::fail(&e);
        }
        let _ = writeln!(stdout);
        let _ = write!(stdout, "{}", play::screen::state(book, &self.character));
        if let Some((hash, steps)) = &replayed
            && let Some(code) = diverged(book, hash.as_deref(), steps, &lines, stdout)
        {
            return code;
        }
        ended(end, self.checked, stdout)
    }
}

/// `--transcript FILE`: the start line, then a line a step.
fn write_transcript(file: &std::path::Path, first: String, lines: &[String]) -> Result<(), String> {
    let mut text = first;
    for line in lines {
        text.push('\n');
        text.push_str(line);
    }
    text.push('\n');
    std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))
}

/// How the session ended, said, as an exit code.
fn ended(end: End, checked: &Checked, stdout: &mut dyn Write) -> ExitCode {
    match end {
        End::Finished | End::Quit => ExitCode::SUCCESS,
        End::RanOut => {
            let _ = writeln!(
                stdout,
                "the input ended at a question, with no answer: the session stopped there"
            );
            ExitCode::from(1)
        }
        End::Broken(b) => {
            let at = b
                .span
                .map(|s| format!(" ({})", crate::report::position_of(checked, s)))
                .unwrap_or_default();
            let _ = writeln!(
                stdout,
                "the session stopped at a broken node{at}: {}",
                b.message
            );
            ExitCode::from(1)
        }
    }
}

/// A replay on a book that changed since its transcript: a warning, and
/// exit 1 when the session parts from the transcript (at which step).
pub(super) fn diverged(
    book: &crate::ir::Book,
    hash: Option<&str>,
    recorded: &[serde_json::Value],
    now: &[String],
    out: &mut dyn Write,
) -> Option<ExitCode> {
    let changed = hash.is_some_and(|h| h != play::transcript::book_hash(book));
    // Steps are compared as JSON values, not bytes: a transcript written
    // again (other spacing, other key order) replays as it was recorded.
    let parts = recorded
        .iter()
        .zip(now)
        .position(|(a, b)| serde_json::from_str::<serde_json::Value>(b).ok().as_ref() != Some(a))
        .or_else(|| (recorded.len() != now.len()).then(|| recorded.len().min(now.len())));
    match (changed, parts) {
        (_, Some(k)) => {
            let why = if changed {
                "the book changed since the transcript was written"
            } else {
                "the transcript does not match this book"
            };
            let _ = writeln!(
                out,
                "the replay parts from its transcript at step {}: {why}",
                k + 1
            );
            Some(ExitCode::from(1))
        }
        (true, None) => {
            let _ = writeln!(
                out,
                "warning: the book changed since the transcript was written, but the replay follows it step by step"
            );
            None
        }
        (false, None) => None,
    }
}

/// `--as`: `key=value` words, or a YAML file of those keys.
fn as_spec(character: &mut Character, book: &crate::ir::Book, spec: &str) -> Result<(), String> {
    play::spec::apply_pairs(character, book, &as_pairs(spec)?)
}

/// The keys `--as` sets (`play --as`, `sim --as`): `key=value` words, or a
/// YAML file of those keys when SPEC names a file.
pub(super) fn as_pairs(spec: &str) -> Result<Vec<(String, String)>, String> {
    if std::path::Path::new(spec).is_file() {
        let text = std::fs::read_to_string(spec).map_err(|e| format!("cannot read {spec}: {e}"))?;
        play::spec::yaml_pairs(&text)
    } else {
        play::spec::pairs(spec)
    }
}

/// What a flag (`play --at`, `graph --from`) names: a paragraph number, a
/// reference (`@F:Terrible`, `@K`, `@city-of-brass`) or a status with
/// encounters; a usage error with the likely one when the book has none.
pub(super) fn named_target(
    book: &crate::ir::Book,
    at: &str,
    flag: &str,
) -> Result<crate::ir::Target, String> {
    if let Some(r) = book
        .glossary
        .resolve(at)
        .and_then(|e| e.encounters.as_ref())
    {
        return Ok(r.target.clone());
    }
    let text = if at.starts_with('@') {
        at.to_owned()
    } else {
        format!("@{at}")
    };
    let target = crate::syntax::reference::parse_whole_reference(&text)
        .ok_or_else(|| format!("{flag} takes a paragraph number or a reference (`328`, `@F:Terrible`, `@K`, `@city-of-brass`), not `{at}`"))?;
    exists(book, &target, at, flag)?;
    Ok(target)
}

/// What `--at` names must be in the book: a usage error with the likely
/// one, before any session starts.
fn exists(
    book: &crate::ir::Book,
    target: &crate::ir::Target,
    at: &str,
    flag: &str,
) -> Result<(), String> {
    use crate::ir::Target;
    match target {
        Target::Paragraph(n) if book.paragraph(*n).is_none() => {
            let near: Vec<String> = crate::text::one_digit_off(*n)
                .into_iter()
                .filter(|m| book.paragraph(*m).is_some())
                .map(|m| format!("`{m}`"))
                .collect();
            let hint = if near.is_empty() {
                String::new()
            } else {
                format!(" (did you mean {}?)", near.join(" or "))
            };
            Err(format!("{flag} {at}: the book has no paragraph {n}{hint}"))
        }
        Target::Row { matrix, .. } | Target::Matrix(matrix) if book.matrix(matrix).is_none() => {
            let letters: Vec<&str> = book
                .matrices
                .iter()
                .map(|m| m.letter.value.as_str())
                .collect();
            Err(format!(
                "{flag} {at}: the book has no matrix `{matrix}` (its matrices: {})",
                letters.join(", ")
            ))
        }
        Target::Row { matrix, row } => {
            let m = book.matrix(matrix).expect("checked above");
            if m.rows
                .iter()
                .any(|r| crate::text::eq_ci(&r.name.value, row))
            {
                return Ok(());
            }
            let names: Vec<&str> = m.rows.iter().map(|r| r.name.value.as_str()).collect();
            Err(format!(
                "{flag} {at}: matrix {matrix} has no row `{row}`{}",
                closest(row, &names)
            ))
        }
        Target::Place(p) if !book.manifest.world.places.iter().any(|x| x.id.value == *p) => {
            Err(no_place(book, at, flag, p))
        }
        _ => Ok(()),
    }
}

/// `--at @name` naming no place of power and no status with encounters:
/// the error, with the likely one.
fn no_place(book: &crate::ir::Book, at: &str, flag: &str, p: &str) -> String {
    if let Some(e) = book.glossary.resolve(at.trim_start_matches('@')) {
        return format!(
            "{flag} {at}: `{}` is a {} of the glossary with no `encounters:`, so there is nowhere to start; --at takes a paragraph, a matrix row, a matrix, a place of power, or a status with encounters",
            e.name.value,
            e.kind.as_str()
        );
    }
    let mut names: Vec<&str> = book
        .manifest
        .world
        .places
        .iter()
        .map(|x| x.id.value.as_str())
        .collect();
    names.extend(
        book.glossary
            .entries
            .iter()
            .filter(|e| e.encounters.is_some())
            .map(|e| e.id.value.as_ref()),
    );
    format!(
        "{flag} {at}: no place of power and no status with encounters is called `{p}`{}",
        closest(p, &names)
    )
}

/// ` (did you mean `X`?)` for the name of `names` nearest `want`, if any
/// is near.
fn closest(want: &str, names: &[&str]) -> String {
    let folded = crate::text::fold(want);
    let k = crate::text::slack(folded.chars().count()).max(2);
    names
        .iter()
        .filter_map(|n| crate::text::near(&folded, &crate::text::fold(n), k).map(|d| (d, *n)))
        .min()
        .map_or_else(String::new, |(_, n)| format!(" (did you mean `{n}`?)"))
}

/// `--at`, or the first paragraph of a `.tales` file, or a card draw.
fn start(args: &PlayArgs, book: &crate::ir::Book, root: &std::path::Path) -> Result<Start, String> {
    if let Some(at) = &args.at {
        return named_target(book, at, "--at").map(Start::At);
    }
    if let Some(path) = args
        .path
        .as_ref()
        .filter(|p| p.extension().is_some_and(|e| e == "tales"))
    {
        let abs = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
        let rel = abs
            .strip_prefix(root)
            .unwrap_or(&abs)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let p = book
            .paragraphs
            .iter()
            .find(|p| book.sources.get(p.header.file).name == rel)
            .ok_or_else(|| format!("{} has no paragraph to start from", path.display()))?;
        return Ok(Start::At(crate::ir::Target::Paragraph(p.number)));
    }
    Ok(Start::Card)
}

/// `1 error`, `2 errors`, `0 warnings`.
fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
