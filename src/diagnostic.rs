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
        }
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
