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

/// Collects diagnostics during a pass.
pub type Diagnostics = Vec<Diagnostic>;
