//! miette's graphical report.

use super::Checked;
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::SourceFile;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
use std::fmt;
use std::fmt::Write as _;

/// Colour and width of the human report.
#[derive(Clone, Copy, Debug)]
pub struct HumanOptions {
    pub color: bool,
    pub width: usize,
}

impl Default for HumanOptions {
    fn default() -> Self {
        Self {
            color: false,
            width: 80,
        }
    }
}

pub(super) fn write(
    checked: &[Checked],
    opts: &HumanOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(opts.width)
        .with_links(false);
    let mut out = String::new();
    let (mut errors, mut warnings, mut paragraphs, mut files) = (0, 0, 0, 0);
    let mut progress = Vec::new();
    for c in checked {
        if let Some(l) = &c.l10n {
            progress.push(super::progress_line(c, l));
        }
        for d in &c.diagnostics {
            let report = Report::new(c, d);
            let _ = handler.render_report(&mut out, &report);
            out.push('\n');
            sink.write_all(out.as_bytes())?;
            out.clear();
        }
        errors += c.errors();
        warnings += c.warnings();
        paragraphs += c.book.paragraph_count();
        files += c.book.sources.own_len();
    }
    let books = if checked.len() == 1 {
        String::new()
    } else {
        format!(" in {} books", checked.len())
    };
    let status = if errors > 0 { "failed" } else { "ok" };
    let _ = writeln!(
        out,
        "{status}: {} {}, {} {}{books} ({paragraphs} paragraphs, {files} files)",
        errors,
        plural(errors, "error"),
        warnings,
        plural(warnings, "warning"),
    );
    for p in progress {
        out.push_str(&p);
        out.push('\n');
    }
    sink.write_all(out.as_bytes())
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

/// A file as miette reads it, through the file's line index: miette's own
/// `SourceCode` for a string counts lines from the start of the text for
/// every snippet, which made a report of many findings in one big file
/// quadratic. Here each snippet reads only a window of lines around its
/// span, and the answer is what miette would give on the whole text.
struct Snippet<'a> {
    name: String,
    file: &'a SourceFile,
}

impl SourceCode for Snippet<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text: &str = &self.file.text;
        let first = self.file.line_of(span.offset()).saturating_sub(before + 1);
        let last = self.file.line_of(span.offset() + span.len()) + after + 2;
        let (a, b) = (self.file.line_start(first), self.file.line_start(last));
        let inner_span = SourceSpan::new((span.offset() - a).into(), span.len());
        let inner = text.as_bytes()[a..b].read_span(&inner_span, before, after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + a).into(), inner.span().len()),
            inner.line() + first,
            inner.column(),
            inner.line_count() + first,
        )))
    }
}

/// A finding with its source, as miette wants it.
struct Report<'a> {
    code: &'static str,
    message: String,
    /// `None` for a related note.
    severity: Option<Severity>,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: Option<Snippet<'a>>,
    /// Labels in other files, each shown with its own snippet.
    related: Vec<Report<'a>>,
}

impl<'a> Report<'a> {
    fn new(c: &'a Checked, d: &Diagnostic) -> Self {
        let book = &c.book;
        let has_source = !book.sources.is_empty();
        let source_of = |file| {
            let f = book.sources.get(file);
            Snippet {
                name: super::display_path(c, &f.name),
                file: f,
            }
        };
        let file = d.primary.span.file;
        let mut labels = vec![label(&d.primary.text, d.primary.span, true)];
        let mut related = Vec::new();
        for s in &d.secondary {
            if s.span.file == file {
                labels.push(label(&s.text, s.span, false));
            } else if has_source {
                related.push(Report {
                    code: d.code,
                    message: s.text.clone(),
                    severity: None,
                    help: None,
                    labels: vec![label("", s.span, true)],
                    source: Some(source_of(s.span.file)),
                    related: Vec::new(),
                });
            }
        }
        Self {
            code: d.code,
            message: d.message.clone(),
            severity: Some(d.severity),
            help: d.help.clone(),
            labels,
            source: has_source.then(|| source_of(file)),
            related,
        }
    }
}

fn label(text: &str, span: crate::span::Span, primary: bool) -> LabeledSpan {
    let text = (!text.is_empty()).then(|| text.to_owned());
    let s = miette::SourceSpan::new(miette::SourceOffset::from(span.start as usize), span.len());
    if primary {
        LabeledSpan::new_primary_with_span(text, s)
    } else {
        LabeledSpan::new_with_span(text, s)
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.severity
            .map(|_| Box::new(self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Some(Severity::Error) => miette::Severity::Error,
            Some(Severity::Warning) => miette::Severity::Warning,
            None => miette::Severity::Advice,
        })
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|r| r as &dyn miette::Diagnostic),
        ))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source.as_ref()?;
        Some(Box::new(self.labels.iter().cloned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What miette reads for a span, as comparable values.
    fn read(
        code: &dyn SourceCode,
        span: SourceSpan,
        ctx: usize,
    ) -> Option<(Vec<u8>, SourceSpan, usize, usize, usize)> {
        let c = code.read_span(&span, ctx, ctx).ok()?;
        Some((
            c.data().to_vec(),
            *c.span(),
            c.line(),
            c.column(),
            c.line_count(),
        ))
    }

    proptest! {
        /// The line-indexed snippet reads exactly what miette reads from the
        /// whole text: same window, line, column and line count, for any
        /// text (CRLF, blank lines, no final newline) and any span.
        #[test]
        fn snippet_reads_what_miette_reads(
            text in "([a-zé ]{0,6}(\n|\r\n)?){0,12}",
            start in 0usize..80,
            len in 0usize..20,
            ctx in 0usize..3,
        ) {
            let file = SourceFile::new("f".into(), "f".into(), text.as_str().into());
            let snippet = Snippet { name: "f".into(), file: &file };
            let span = SourceSpan::new(start.into(), len);
            prop_assert_eq!(read(&snippet, span, ctx), read(&text.as_str(), span, ctx));
        }
    }
}
