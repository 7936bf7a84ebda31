use crate::lints::{LINTS, find, suggest};
use std::process::ExitCode;

/// The book format, version 2: a copy of the contract kept in the
/// repository (a test holds it in step with the shared spec).
pub(super) const FORMAT: &str = include_str!("../../docs/format.md");

/// The rule vocabulary of glossary `rules:` (FORMAT.md 9.2).
pub(super) const RULES: &str = include_str!("../../docs/rules.md");

/// `tales explain CODE`: the lint's doc page, as written in `lints/`;
/// `tales explain format`: the book format; `tales explain rules`: the
/// rule vocabulary of glossary `rules:`.
pub(super) fn explain(code: &str) -> ExitCode {
    if code == "format" {
        print!("{FORMAT}");
        ExitCode::SUCCESS
    } else if code == "rules" {
        print!("{RULES}");
        ExitCode::SUCCESS
    } else if let Some(lint) = find(code) {
        print!("{}", lint.doc);
        ExitCode::SUCCESS
    } else {
        let hint = suggest(code).map_or_else(
            || "`tales lints` lists every code".to_owned(),
            |c| format!("did you mean `{c}`?"),
        );
        super::fail(&format!("unknown lint code `{code}`: {hint}"))
    }
}

/// `tales lints`: every code with its default level.
pub(super) fn list() -> ExitCode {
    let width = LINTS.iter().map(|l| l.code.len()).max().unwrap_or(0);
    for l in LINTS {
        println!("{:width$}  {:5}  {}", l.code, l.level.as_str(), l.summary);
    }
    ExitCode::SUCCESS
}
