use crate::engine::{Character, Engine, Start};
use crate::lints::levels::CliLevels;
use crate::load::find_book_root;
use crate::play::{self, End, Mode, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct PlayArgs {
    /// A book folder, or a `.tales` file inside one (play starts at its first
    /// paragraph).
    path: PathBuf,
    /// Where to start: `328`, `@F:Terrible`, `@K`, `@city-of-brass`, or a
    /// status with encounters (`imprisoned`).
    #[arg(long, value_name = "REF")]
    at: Option<String>,
    /// Seed of the dice; the same seed and choices give the same session.
    #[arg(long)]
    seed: Option<u64>,
    /// The character: `wealth=Poor destiny=3 skills=piety*,seamanship
    /// statuses=wounded treasures=ebony-horse gender=female` (`*` = Master),
    /// or a YAML file with those keys.
    #[arg(long = "as", value_name = "SPEC")]
    character: Option<String>,
    /// Choose at random.
    #[arg(long)]
    auto: bool,
    /// How many encounters (default: 1 with --at or a file, 20 with --auto,
    /// else until `quit`).
    #[arg(long)]
    encounters: Option<usize>,
    /// Write one JSON object per step to FILE (JSON Lines).
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Play a transcript again: its seed and its choices.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
}

pub(super) fn run(args: &PlayArgs) -> ExitCode {
    let root = match find_book_root(&args.path) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
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
    if !checked.diagnostics.is_empty() {
        let _ = writeln!(
            stdout,
            "the book has {} errors and {} warnings (`tales check` shows them):",
            checked.errors(),
            checked.warnings()
        );
        for d in checked.diagnostics.iter().take(10) {
            let p = crate::report::position_of(&checked, d.primary.span);
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
    let mut engine = Engine::new(book);
    engine.broken = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .map(|d| d.primary.span)
        .collect();

    let recording = match &args.replay {
        Some(file) => match std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|t| play::transcript::read(&t))
        {
            Ok(r) => Some(r),
            Err(e) => return super::fail(&format!("cannot replay {}: {e}", file.display())),
        },
        None => None,
    };
    // A replay starts where its transcript started, with its character;
    // `--at` and `--as` given with it change that.
    let start = match (&recording, &args.at) {
        (Some(r), None) if r.start.is_some() => r.start.clone().unwrap_or(Start::Card),
        _ => match start(args, book, &root) {
            Ok(s) => s,
            Err(e) => return super::fail(&e),
        },
    };
    let mut character = Character::new(book);
    for (key, value) in recording.iter().flat_map(|r| &r.character) {
        if let Err(e) = play::spec::set(&mut character, book, key, value) {
            return super::fail(&format!("cannot replay the transcript's character: {e}"));
        }
    }
    if let Some(spec) = &args.character {
        if let Err(e) = as_spec(&mut character, book, spec) {
            return super::fail(&format!("--as: {e}"));
        }
    }
    let (mode, seed, recorded) = if let Some(r) = recording {
        (Mode::Replay(r.choices), r.seed, Some(r.encounters))
    } else {
        let seed = args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| u64::from(d.subsec_nanos()) % 1_000_000)
        });
        (if args.auto { Mode::Auto } else { Mode::Ask }, seed, None)
    };
    let encounters = args.encounters.or(recorded).or(match (&start, &mode) {
        (Start::At(_), _) => Some(1),
        (Start::Card, Mode::Auto) => Some(20),
        _ => None,
    });
    let _ = writeln!(
        stdout,
        "playing {} with seed {seed} (`--seed {seed}` plays it again)",
        checked.display
    );
    let width = super::check::terminal_width().min(100);
    let echo = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    let opts = Options {
        start,
        seed,
        encounters,
        width,
        mode,
        echo,
    };
    let first = play::transcript::start_line(seed, &opts.start, &character, book);
    let mut input = std::io::stdin().lock();
    let (end, lines) = play::run(book, &engine, &mut character, opts, &mut input, &mut stdout);
    if let Some(file) = &args.transcript {
        let mut text = first;
        for line in &lines {
            text.push('\n');
            text.push_str(line);
        }
        text.push('\n');
        if let Err(e) = std::fs::write(file, text) {
            return super::fail(&format!("cannot write {}: {e}", file.display()));
        }
    }
    let _ = writeln!(stdout);
    let _ = write!(stdout, "{}", play::screen::state(book, &character));
    match end {
        End::Finished | End::Quit => ExitCode::SUCCESS,
        End::Broken(b) => {
            let at = b
                .span
                .map(|s| format!(" ({})", crate::report::position_of(&checked, s)))
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

/// `--as`: `key=value` words, or a YAML file of those keys.
fn as_spec(character: &mut Character, book: &crate::ir::Book, spec: &str) -> Result<(), String> {
    if std::path::Path::new(spec).is_file() {
        let text = std::fs::read_to_string(spec).map_err(|e| format!("cannot read {spec}: {e}"))?;
        play::spec::apply_yaml(character, book, &text)
    } else {
        play::spec::apply(character, book, spec)
    }
}

/// `--at`, or the first paragraph of a `.tales` file, or a card draw.
fn start(args: &PlayArgs, book: &crate::ir::Book, root: &std::path::Path) -> Result<Start, String> {
    if let Some(at) = &args.at {
        // A status with encounters (`--at imprisoned`) starts at them.
        if let Some(r) = book
            .glossary
            .resolve(at)
            .and_then(|e| e.encounters.as_ref())
        {
            return Ok(Start::At(r.target.clone()));
        }
        let text = if at.starts_with('@') {
            at.clone()
        } else {
            format!("@{at}")
        };
        return crate::syntax::reference::parse_whole_reference(&text)
            .map(Start::At)
            .ok_or_else(|| format!("--at takes a paragraph number or a reference (`328`, `@F:Terrible`, `@K`, `@city-of-brass`), not `{at}`"));
    }
    if args.path.extension().is_some_and(|e| e == "tales") {
        let abs = std::fs::canonicalize(&args.path).map_err(|e| e.to_string())?;
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
            .ok_or_else(|| format!("{} has no paragraph to start from", args.path.display()))?;
        return Ok(Start::At(crate::ir::Target::Paragraph(p.number)));
    }
    Ok(Start::Card)
}
