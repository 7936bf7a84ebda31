//! The lint registry: every diagnostic code, its default level, its doc
//! page (`lints/<code>.md`, embedded) and, for lints that run over the IR
//! and the graph, its check.
//!
//! Codes are never reused; a renamed code keeps a redirect in [`RENAMED`].

mod chart_coverage;
mod free_text_effect;
mod go_to_chart;
mod goto_loop;
pub mod levels;
mod matrix_shape;
mod missing_destiny_neighbour;
mod missing_no_skill;
mod quest_impossible;
mod quest_past_victory;
mod roll_coverage;
mod shared_destiny_neighbour;
mod unreachable_paragraph;
mod unused_matrix_row;

use crate::diagnostic::Diagnostics;
use crate::graph::BookGraph;
use crate::ir::Book;

/// What a finding does by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Allow,
    Warn,
    Deny,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }
}

type Check = fn(&Book, &BookGraph, &mut Diagnostics);

/// One lint.
pub struct Lint {
    pub code: &'static str,
    pub level: Level,
    /// One line: what it finds.
    pub summary: &'static str,
    /// The doc page, `lints/<code>.md`.
    pub doc: &'static str,
    /// `None` for findings made while reading and parsing.
    pub check: Option<Check>,
}

macro_rules! lint {
    ($code:literal, $level:ident, $summary:literal, $check:expr) => {
        Lint {
            code: $code,
            level: Level::$level,
            summary: $summary,
            doc: include_str!(concat!("../../lints/", $code, ".md")),
            check: $check,
        }
    };
}

/// Every lint, alphabetically.
pub static LINTS: &[Lint] = &[
    lint!(
        "award-in-prose",
        Warn,
        "a bracket group that reads as an award code but has text after it, so is prose",
        None
    ),
    lint!(
        "award-outlier",
        Allow,
        "`tales sim`: a paragraph whose points a visit sit far from its matrix row's",
        None
    ),
    lint!(
        "bad-rule",
        Deny,
        "a glossary `rules:` value that does not fit its rule",
        None
    ),
    lint!(
        "board-cut-off",
        Deny,
        "a space of board.yaml that no land or sea route joins to the rest of the board",
        None
    ),
    lint!(
        "board-missing-place",
        Deny,
        "a place of power of book.yaml `world.places` that no space of board.yaml stands for",
        None
    ),
    lint!(
        "board-not-a-city",
        Deny,
        "a city card for a space of board.yaml that is not a city",
        None
    ),
    lint!(
        "board-place-route",
        Deny,
        "a route to or from a place of power, which is entered only as the rules say",
        None
    ),
    lint!(
        "board-redundant-route",
        Warn,
        "a route of board.yaml from a space to itself, or written twice",
        None
    ),
    lint!(
        "board-world-spaces",
        Deny,
        "book.yaml `world.spaces` written beside a board.yaml",
        None
    ),
    lint!(
        "chart-coverage",
        Deny,
        "chart entries that do not cover 1 to 12 exactly once",
        Some(chart_coverage::check)
    ),
    lint!(
        "dangling-reference",
        Deny,
        "a reference to a paragraph, matrix, row, place or city that does not exist",
        Some(dangling)
    ),
    lint!(
        "duplicate-name",
        Deny,
        "two glossary entries with the same id or name",
        None
    ),
    lint!(
        "duplicate-paragraph",
        Deny,
        "a paragraph number defined twice",
        None
    ),
    lint!(
        "free-text-effect",
        Allow,
        "an award item the engine cannot apply by itself",
        Some(free_text_effect::check)
    ),
    lint!(
        "go-to-chart",
        Warn,
        "a go-to in a result paragraph to a number that is an encounter chart",
        Some(go_to_chart::check)
    ),
    lint!(
        "go-to-in-prose",
        Warn,
        "the go-to phrase written in the text, where it moves no one, instead of in the award code",
        None
    ),
    lint!(
        "goto-loop",
        Deny,
        "moves every reader makes that go round in a circle",
        Some(goto_loop::check)
    ),
    lint!(
        "heading-like-line",
        Deny,
        "a line that looks like a section heading but is not written as one",
        None
    ),
    lint!(
        "l10n-award-mismatch",
        Deny,
        "a translated award that means something else than the source's",
        None
    ),
    lint!(
        "l10n-extra-paragraph",
        Deny,
        "a paragraph of the translation that the source does not have",
        None
    ),
    lint!(
        "l10n-glossary-mismatch",
        Deny,
        "a glossary id missing or extra in a translation, or two ids with one name",
        None
    ),
    lint!(
        "l10n-in-progress",
        Warn,
        "a translation in progress (`translation-status: in-progress`): its missing paragraphs, counted in one finding",
        None
    ),
    lint!(
        "l10n-lock-unreadable",
        Warn,
        "lines of a translation's `l10n.lock` that are not stamps (a merge conflict left in it, an edit by hand), or a lock file that cannot be read",
        None
    ),
    lint!(
        "l10n-missing-paragraph",
        Deny,
        "a paragraph of the source that the translation does not have",
        None
    ),
    lint!(
        "l10n-number-mismatch",
        Warn,
        "numbers in a translated paragraph's prose that differ from the source's",
        None
    ),
    lint!(
        "l10n-reference-mismatch",
        Deny,
        "`@` references of a translated paragraph or section that differ from the source's",
        None
    ),
    lint!(
        "l10n-section-mismatch",
        Deny,
        "a translated section with another kind, order, label or mandatory flag",
        None
    ),
    lint!(
        "l10n-stale",
        Warn,
        "a paragraph whose source changed after it was translated",
        None
    ),
    lint!(
        "l10n-structure-mismatch",
        Deny,
        "matrices, charts, cards, places, branches or the wealth ladder changed by a translation",
        None
    ),
    lint!(
        "l10n-untranslated",
        Warn,
        "text or a heading still in the source's language",
        None
    ),
    lint!(
        "matrix-shape",
        Deny,
        "a matrix row whose length differs from the number of reactions",
        Some(matrix_shape::check)
    ),
    lint!(
        "misspelt-key",
        Deny,
        "a YAML key within two edits of a key of the format (read as that key)",
        None
    ),
    lint!(
        "missing-destiny-neighbour",
        Deny,
        "a matrix cell N whose N-1, N or N+1 is missing or a chart",
        Some(missing_destiny_neighbour::check)
    ),
    lint!(
        "missing-no-skill",
        Deny,
        "a paragraph with sections but no, or two, NO SKILL sections",
        Some(missing_no_skill::check)
    ),
    lint!(
        "never-reached",
        Warn,
        "`tales sim`: a paragraph the graph reaches that no simulated reader read, or an arm the counts say no reader can take",
        None
    ),
    lint!(
        "not-utf8",
        Deny,
        "a book file that is not UTF-8 (read as Windows-1252 meanwhile)",
        None
    ),
    lint!(
        "quest-impossible",
        Deny,
        "a quest of quests.yaml that can never be completed on its book's board",
        Some(quest_impossible::check)
    ),
    lint!(
        "quest-past-victory",
        Warn,
        "a quest step that asks for more points than `rules.victory-points`, which a game is won with",
        Some(quest_past_victory::check)
    ),
    lint!(
        "roll-coverage",
        Deny,
        "die-roll bands that do not cover every total exactly once",
        Some(roll_coverage::check)
    ),
    lint!(
        "shared-destiny-neighbour",
        Allow,
        "two matrix cells whose destiny neighbours overlap",
        Some(shared_destiny_neighbour::check)
    ),
    lint!(
        "single-choice",
        Deny,
        "a choice block with one option (another option lost its `>`)",
        None
    ),
    lint!(
        "stray-file",
        Deny,
        "a file named on the command line that is not part of its book",
        None
    ),
    lint!(
        "syntax-error",
        Deny,
        "text or YAML that cannot be read as the book format",
        None
    ),
    lint!(
        "translation-outside-repository",
        Deny,
        "a `translation-of` path that leaves the repository",
        None
    ),
    lint!(
        "unbalanced-bracket",
        Deny,
        "a `[` or `{` of an award code or condition never closed, or a `]` or `}` that closes nothing",
        None
    ),
    lint!(
        "unbalanced-parenthesis",
        Warn,
        "a parenthesis of the prose that closes nothing or is never closed",
        None
    ),
    lint!(
        "unknown-key",
        Warn,
        "a YAML key the format does not have",
        None
    ),
    lint!(
        "unknown-name",
        Deny,
        "a name that resolves to nothing: heading, wealth level, terrain, condition, glossary name",
        None
    ),
    lint!(
        "unknown-lint",
        Deny,
        "a lint code that does not exist, in `# tales: allow(...)` or book.yaml `lints:`",
        None
    ),
    lint!(
        "unknown-rule",
        Deny,
        "a glossary `rules:` name that is no rule of the vocabulary",
        None
    ),
    lint!(
        "unreachable-paragraph",
        Warn,
        "a paragraph no path leads to",
        Some(unreachable_paragraph::check)
    ),
    lint!(
        "unreadable-file",
        Deny,
        "a file or folder of the book that cannot be read",
        None
    ),
    lint!(
        "unused-matrix-row",
        Warn,
        "a matrix row nothing sends the reader to",
        Some(unused_matrix_row::check)
    ),
];

/// Renamed codes: (old, new).
pub static RENAMED: &[(&str, &str)] = &[];

/// A lint by code, following renames.
pub fn find(code: &str) -> Option<&'static Lint> {
    let code = RENAMED
        .iter()
        .find(|(old, _)| *old == code)
        .map_or(code, |(_, new)| new);
    LINTS.iter().find(|l| l.code == code)
}

/// The closest code, for "did you mean": within three edits, or sharing a
/// long prefix (`dangling-refs` -> `dangling-reference`).
pub fn suggest(code: &str) -> Option<&'static str> {
    let prefix = |l: &str| {
        l.chars()
            .zip(code.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    LINTS
        .iter()
        .map(|l| (crate::text::edit_distance(l.code, code), l.code))
        .filter(|(d, c)| *d <= 3 || prefix(c) >= 6)
        .min_by_key(|(d, c)| (usize::MAX - prefix(c), *d))
        .map(|(_, c)| c)
}

/// Run every check over a book and its graph.
pub fn run(book: &Book, graph: &BookGraph) -> Diagnostics {
    let mut out = Vec::new();
    for lint in LINTS {
        if let Some(check) = lint.check {
            check(book, graph, &mut out);
        }
    }
    out
}

fn dangling(_: &Book, graph: &BookGraph, out: &mut Diagnostics) {
    out.extend(graph.dangling.iter().cloned());
}
