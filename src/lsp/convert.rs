//! Spans and findings into the protocol's locations and diagnostics.

use super::position::{Encoding, LineIndex};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::Book;
use crate::span::Span;
use lsp_types as lt;
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range, Url,
};

/// The file URI of a path.
pub(super) fn uri(path: &std::path::Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

/// The range of a span in its file.
pub(super) fn range(book: &Book, span: Span, enc: Encoding) -> Range {
    let text: &str = &book.sources.get(span.file).text;
    // A file's line index is made per call: a request needs one or two.
    let ix = LineIndex::new(text);
    Range::new(
        ix.position(text, span.start as usize, enc),
        ix.position(text, span.end as usize, enc),
    )
}

pub(super) fn location(book: &Book, span: Span, enc: Encoding) -> Option<Location> {
    if span.file.0 as usize >= book.sources.len() {
        return None;
    }
    let path = &book.sources.get(span.file).path;
    Some(Location::new(uri(path)?, range(book, span, enc)))
}

/// A finding as the protocol has it (its file is its primary span's).
pub(super) fn diagnostic(
    book: &Book,
    d: &Diagnostic,
    ix: &LineIndex,
    enc: Encoding,
) -> lsp_types::Diagnostic {
    let text: &str = &book.sources.get(d.primary.span.file).text;
    let at = |s: Span| {
        Range::new(
            ix.position(text, s.start as usize, enc),
            ix.position(text, s.end as usize, enc),
        )
    };
    let mut message = d.message.clone();
    if let Some(h) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(h);
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|l| {
            Some(DiagnosticRelatedInformation {
                location: location(book, l.span, enc)?,
                message: if l.text.is_empty() {
                    d.message.clone()
                } else {
                    l.text.clone()
                },
            })
        })
        .collect();
    lsp_types::Diagnostic {
        range: at(d.primary.span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_owned())),
        code_description: lint_page(d.code).map(|href| lt::CodeDescription { href }),
        source: Some("tales".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The lint's page (`lints/CODE.md`) in the source tree `tales` was built
/// from, when that is still there (`cargo install --path .` from a clone,
/// or `--git`, whose checkout cargo keeps); the pages have no web address.
fn lint_page(code: &str) -> Option<Url> {
    static LINTS: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let dir = LINTS.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lints");
        dir.is_dir().then_some(dir)
    });
    let page = dir.as_ref()?.join(format!("{code}.md"));
    Url::from_file_path(page).ok()
}
