//! A finding: what the checks produce and the reports print.

use crate::span::Span;

/// How serious a finding is once lint levels are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// The parts of a book a finding was found against. When one of them could
/// not be read (a YAML file that does not parse, an unreadable `.tales`
/// file), the finding may only follow from that, and is held back: counted
/// in the summary, not shown ("96 findings not shown: matrices.yaml could
/// not be read").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Needs(u8);

impl Needs {
    pub const NOTHING: Needs = Needs(0);
    /// `book.yaml`: the locale, wealth levels, terrains, places, spaces.
    pub const MANIFEST: Needs = Needs(1);
    pub const GLOSSARY: Needs = Needs(2);
    pub const MATRICES: Needs = Needs(4);
    pub const CARDS: Needs = Needs(8);
    /// Every `.tales` file.
    pub const PARAGRAPHS: Needs = Needs(16);
    /// `quests.yaml`.
    pub const QUESTS: Needs = Needs(32);
    /// All of the book (reachability).
    pub const WHOLE: Needs = Needs(63);

    #[must_use]
    pub fn and(self, other: Needs) -> Needs {
        Needs(self.0 | other.0)
    }

    pub fn meets(self, other: Needs) -> bool {
        self.0 & other.0 != 0
    }
}

/// A span with a short text under it.
#[derive(Clone, Debug)]
pub struct Label {
    pub span: Span,
    pub text: String,
}

/// One finding. `code` is a lint code from [`crate::lints::registry`];
/// the message is lowercase without a trailing period.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub code: &'static str,
    pub message: String,
    pub primary: Label,
    pub secondary: Vec<Label>,
    pub help: Option<String>,
    /// Set by level resolution.
    pub severity: Severity,
    /// What the finding takes for granted.
    pub needs: Needs,
    /// The glossary entry (its id) whose name the finding says was written
    /// as its id: such findings of one entry may be one misspelt name in
    /// glossary.yaml (see `check::misspelt_names`).
    pub entry: Option<String>,
    /// The paragraphs a finding names, first to last, when it names a run
    /// of them (`paragraphs 300 and 301 are unreachable`): a baseline
    /// matches such a finding by them, not by the text at its span alone.
    pub run: Option<(u32, u32)>,
}

impl Diagnostic {
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            primary: Label {
                span,
                text: String::new(),
            },
            secondary: Vec::new(),
            help: None,
            severity: Severity::Error,
            needs: Needs::NOTHING,
            entry: None,
            run: None,
        }
    }

    /// Say which run of paragraphs the finding names.
    #[must_use]
    pub fn naming(mut self, first: u32, last: u32) -> Self {
        self.run = Some((first, last));
        self
    }

    /// Say which glossary entry's name was written as its id.
    #[must_use]
    pub fn about_entry(mut self, id: &str) -> Self {
        self.entry = Some(id.to_owned());
        self
    }

    /// Say what the finding takes for granted (see [`Needs`]).
    #[must_use]
    pub fn needs(mut self, needs: Needs) -> Self {
        self.needs = self.needs.and(needs);
        self
    }

    #[must_use]
    pub fn label(mut self, text: impl Into<String>) -> Self {
        self.primary.text = text.into();
        self
    }

    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    #[must_use]
    pub fn with_secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            text: text.into(),
        });
        self
    }
}

/// The longest quoted text a finding repeats whole; longer ones (a
/// 30-kilobyte name in a broken glossary) are shown by their ends.
const QUOTED_MAX: usize = 80;
/// The longest message, label or help a finding carries.
const TEXT_MAX: usize = 2_000;

impl Diagnostic {
    /// Shorten what the finding quotes, so that a report stays in
    /// proportion to its findings whatever the input: each `quoted` text
    /// past [`QUOTED_MAX`] characters keeps its first 48 and last 16, and
    /// each text is at most [`TEXT_MAX`] characters.
    pub fn elide_long_quotes(&mut self) {
        elide(&mut self.message);
        elide(&mut self.primary.text);
        for l in &mut self.secondary {
            elide(&mut l.text);
        }
        if let Some(h) = &mut self.help {
            elide(h);
        }
    }
}

fn elide(text: &mut String) {
    if text.len() <= QUOTED_MAX {
        return;
    }
    let mut out = String::with_capacity(text.len().min(TEXT_MAX + 8));
    for (i, piece) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let quoted = i % 2 == 1;
        if quoted && piece.chars().count() > QUOTED_MAX {
            let head: String = piece.chars().take(48).collect();
            let tail: Vec<char> = piece.chars().rev().take(16).collect();
            out.push_str(&head);
            out.push('…');
            out.extend(tail.into_iter().rev());
        } else {
            out.push_str(piece);
        }
    }
    if out.chars().count() > TEXT_MAX {
        out = out.chars().take(TEXT_MAX).collect();
        out.push('…');
    }
    *text = out;
}

/// Collects diagnostics during a pass.
pub type Diagnostics = Vec<Diagnostic>;

#[cfg(test)]
mod elide_tests {
    use super::*;

    #[test]
    fn a_long_quoted_name_keeps_its_ends_and_the_rest_is_kept_whole() {
        let name = format!("Wound{}ed", "é".repeat(10_000));
        let mut d = Diagnostic::new(
            "unknown-name",
            Span::new(crate::span::FileId(0), 0, 1),
            format!("`{name}` is not how this book writes `Wounded`"),
        )
        .with_help(format!("write `{name}`"));
        d.elide_long_quotes();
        let head: String = name.chars().take(48).collect();
        assert_eq!(
            d.message,
            format!(
                "`{head}…{}` is not how this book writes `Wounded`",
                "é".repeat(14) + "ed"
            )
        );
        assert!(d.help.unwrap().chars().count() < 80);
    }

    #[test]
    fn short_texts_are_untouched() {
        let mut s = "`Wounded` is no name of the glossary".to_owned();
        let before = s.clone();
        elide(&mut s);
        assert_eq!(s, before);
        let mut long = "x".repeat(5_000);
        elide(&mut long);
        assert_eq!(long.chars().count(), TEXT_MAX + 1);
    }
}
