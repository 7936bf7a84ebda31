//! miette's graphical report.

use super::Checked;
use crate::diagnostic::{Diagnostic, Severity};
use crate::source::SourceFile;
use crate::text::count;
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
    /// Only the summary lines, not the findings (`check --output FILE`
    /// writes the findings to the file).
    pub summary_only: bool,
    /// Only the findings, no summary (`fmt` shows why it left a file).
    pub findings_only: bool,
}

impl Default for HumanOptions {
    fn default() -> Self {
        Self {
            color: false,
            width: 80,
            summary_only: false,
            findings_only: false,
        }
    }
}

/// Each finding of a book as the human report shows it (code, message,
/// the lines with the span marked, help), one string a finding, in the
/// order of `checked.diagnostics`: the web page lists them.
pub fn each(checked: &Checked, width: usize) -> Vec<String> {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(width)
        .with_links(false);
    checked
        .diagnostics
        .iter()
        .map(|d| {
            let mut out = String::new();
            let _ = handler.render_report(&mut out, &Report::new(checked, d));
            out
        })
        .collect()
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
        for d in c.diagnostics.iter().filter(|_| !opts.summary_only) {
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
    if opts.findings_only {
        return Ok(());
    }
    let books = if checked.len() == 1 {
        String::new()
    } else {
        // A folder of books: a line for each, then the total.
        for c in checked {
            let status = if c.errors() > 0 { "failed" } else { "ok" };
            let _ = writeln!(
                out,
                "{}: {status}: {}, {} ({}, {})",
                c.display,
                count(c.errors(), "error"),
                count(c.warnings(), "warning"),
                count(c.book.paragraph_count(), "paragraph"),
                count(c.book.sources.own_len(), "file"),
            );
        }
        format!(" in {} books", checked.len())
    };
    let status = if errors > 0 { "failed" } else { "ok" };
    let _ = writeln!(
        out,
        "{status}: {}, {}{books} ({}, {})",
        count(errors, "error"),
        count(warnings, "warning"),
        count(paragraphs, "paragraph"),
        count(files, "file"),
    );
    for c in checked {
        if let Some(line) = c.held_back.line() {
            let _ = writeln!(out, "{line}");
        }
    }
    for p in progress {
        out.push_str(&p);
        out.push('\n');
    }
    sink.write_all(out.as_bytes())
}

/// The lines of a file around a report's labels, as miette reads them.
///
/// miette's own `SourceCode` for a string counts lines from the start of
/// the text for every snippet (a report of many findings in one big file
/// was quadratic), and prints each line whole (a finding on a line of
/// 60,000 bytes printed all of it, and one past column 65,535 made miette
/// panic). An excerpt holds only the lines around the labels, found through
/// the file's line index, with a line longer than [`LONG_LINE`] cut to a
/// window around its labels (`…` marks a cut). Labels are moved into the
/// excerpt; line numbers and the header's column stay the file's. Where no
/// line is cut, miette prints exactly what it prints from the whole text.
struct Excerpt {
    name: String,
    text: String,
    /// The file's 0-based line number of the excerpt's first line.
    first_line: usize,
    lines: Vec<ExcerptLine>,
}

/// One line of an excerpt: where it starts in the excerpt, and which bytes
/// of the file's line it keeps.
struct ExcerptLine {
    at: usize,
    file_start: usize,
    keep: (usize, usize),
    /// Where the line's text ends (its line break follows).
    body_end: usize,
    /// Bytes of the `…` before and after the kept part (0 when not cut).
    prefix: usize,
    suffix: usize,
}

/// A line longer than this (in bytes) is cut around its labels.
const LONG_LINE: usize = 240;
/// Bytes kept on each side of the labels of a cut line.
const MARGIN: usize = 60;
/// Lines kept around the labels (miette shows one).
const CONTEXT: usize = 2;
const CUT: &str = "…";

impl Excerpt {
    fn new(name: String, file: &SourceFile, spans: &[crate::span::Span]) -> Self {
        let text: &str = &file.text;
        let lo = spans
            .iter()
            .map(|s| s.start as usize)
            .min()
            .unwrap_or(0)
            .min(text.len());
        let hi = spans
            .iter()
            .map(|s| s.end as usize)
            .max()
            .unwrap_or(0)
            .min(text.len());
        let first_line = file.line_of(lo).saturating_sub(CONTEXT);
        let last_line = (file.line_of(hi) + CONTEXT).min(file.line_of(text.len()));
        let mut out = Excerpt {
            name,
            text: String::new(),
            first_line,
            lines: Vec::new(),
        };
        for line in first_line..=last_line {
            let start = file.line_start(line);
            let end = file.line_start(line + 1);
            let body_end = end - text[start..end].len()
                + text[start..end].trim_end_matches(['\n', '\r']).len();
            let keep = if body_end - start > LONG_LINE {
                window(text, start, body_end, spans)
            } else {
                (start, body_end)
            };
            let prefix = if keep.0 > start { CUT.len() } else { 0 };
            let suffix = if keep.1 < body_end { CUT.len() } else { 0 };
            out.lines.push(ExcerptLine {
                at: out.text.len(),
                file_start: start,
                keep,
                body_end,
                prefix,
                suffix,
            });
            if prefix > 0 {
                out.text.push_str(CUT);
            }
            push_shown(&mut out.text, &text[keep.0..keep.1]);
            if suffix > 0 {
                out.text.push_str(CUT);
            }
            out.text.push_str(&text[body_end..end]);
        }
        out
    }

    /// The excerpt offset of a file offset (clamped into its line's window).
    fn map(&self, offset: usize) -> usize {
        let i = self
            .lines
            .partition_point(|l| l.file_start <= offset)
            .saturating_sub(1);
        let Some(l) = self.lines.get(i) else { return 0 };
        if offset < l.file_start {
            return l.at;
        }
        let kept = l.keep.1 - l.keep.0;
        if offset > l.body_end || offset == l.body_end && l.keep.1 < l.body_end {
            // The line break (or past it).
            return l.at + l.prefix + kept + l.suffix + (offset - l.body_end);
        }
        l.at + l.prefix + offset.clamp(l.keep.0, l.keep.1) - l.keep.0
    }

    fn span(&self, span: crate::span::Span) -> SourceSpan {
        let a = self.map(span.start as usize);
        let b = self.map(span.end as usize).max(a);
        SourceSpan::new(a.into(), b - a)
    }

    /// The file's byte column of an excerpt offset on a line cut at its
    /// start (elsewhere miette's own count is right).
    fn file_column(&self, offset: usize) -> Option<usize> {
        let i = self
            .lines
            .partition_point(|l| l.at <= offset)
            .checked_sub(1)?;
        let l = &self.lines[i];
        if l.prefix == 0 {
            return None;
        }
        let into = offset.checked_sub(l.at + l.prefix)?;
        Some(l.keep.0 - l.file_start + into)
    }
}

/// A line's text as a terminal may show it: each control character (C0
/// but the tab, DEL, C1) replaced by a printable one of as many bytes (`?`,
/// `¿`), so every offset stays. Written raw, a book's `ESC [` or a C1
/// `CSI` drove the reader's terminal (colours, title, clipboard).
fn push_shown(out: &mut String, line: &str) {
    for c in line.chars() {
        out.push(match c {
            '\t' => c,
            '\u{80}'..='\u{9f}' => '¿',
            c if c.is_control() => '?',
            c => c,
        });
    }
}

/// A finding's message, help or label as a terminal may show it (they
/// quote the book: `` `Wound\u{1b}ed` is no name ``), as [`push_shown`].
fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n');
        push_shown(&mut out, body.unwrap_or(line));
        if body.is_some() {
            out.push('\n');
        }
    }
    out
}

/// The part of a long line to keep: around the labels that start or end on
/// it, at most [`LONG_LINE`] bytes plus margins, on character boundaries.
fn window(text: &str, start: usize, end: usize, spans: &[crate::span::Span]) -> (usize, usize) {
    let on_line = |o: usize| (start..=end).contains(&o).then_some(o);
    let points: Vec<usize> = spans
        .iter()
        .flat_map(|s| [on_line(s.start as usize), on_line(s.end as usize)])
        .flatten()
        .collect();
    let lo = points.iter().copied().min().unwrap_or(start);
    let hi = points
        .iter()
        .copied()
        .max()
        .unwrap_or(start)
        .min(lo + LONG_LINE);
    let mut a = lo.saturating_sub(MARGIN).max(start);
    let mut b = (hi + MARGIN).min(end);
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    while !text.is_char_boundary(b) {
        b += 1;
    }
    (a, b)
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.as_bytes().read_span(span, before, after)?;
        let column = match (before, self.file_column(span.offset())) {
            (0, Some(c)) => c,
            _ => inner.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count() + self.first_line,
        )))
    }
}

/// How many lines from its finding's primary label a label may be and
/// still share its snippet.
const NEAR_LINES: usize = 12;

/// A finding with its source, as miette wants it.
struct Report {
    code: &'static str,
    message: String,
    /// `None` for a related note.
    severity: Option<Severity>,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    source: Option<Excerpt>,
    /// Labels in other files, each shown with its own snippet.
    related: Vec<Report>,
}

impl Report {
    fn new(c: &Checked, d: &Diagnostic) -> Self {
        let book = &c.book;
        let has_source = !book.sources.is_empty();
        let excerpt = |file, spans: &[crate::span::Span]| {
            let f = book.sources.get(file);
            Excerpt::new(super::display_path(c, &f.name), f, spans)
        };
        let file = d.primary.span.file;
        // A label in the primary's file shares its snippet when it is a few
        // lines away; a far one gets a snippet of its own, as one in
        // another file does (a snippet prints every line between labels).
        let near = |s: &crate::diagnostic::Label| {
            s.span.file == file && {
                let f = book.sources.get(file);
                let (a, b) = (d.primary.span.start as usize, s.span.start as usize);
                has_source && f.line_of(a).abs_diff(f.line_of(b)) <= NEAR_LINES
            }
        };
        let here: Vec<_> = std::iter::once(&d.primary)
            .chain(d.secondary.iter().filter(|s| near(s)))
            .collect();
        let source =
            has_source.then(|| excerpt(file, &here.iter().map(|l| l.span).collect::<Vec<_>>()));
        let labels = match &source {
            Some(x) => here
                .iter()
                .enumerate()
                .map(|(i, l)| label(&shown(&l.text), x.span(l.span), i == 0))
                .collect(),
            None => Vec::new(),
        };
        let mut related = Vec::new();
        for s in d.secondary.iter().filter(|s| !near(s)) {
            if has_source {
                let x = excerpt(s.span.file, &[s.span]);
                related.push(Report {
                    code: d.code,
                    message: shown(&s.text),
                    severity: None,
                    help: None,
                    labels: vec![label("", x.span(s.span), true)],
                    source: Some(x),
                    related: Vec::new(),
                });
            }
        }
        Self {
            code: d.code,
            message: shown(&d.message),
            severity: Some(d.severity),
            help: d.help.as_deref().map(shown),
            labels,
            source,
            related,
        }
    }
}

fn label(text: &str, s: SourceSpan, primary: bool) -> LabeledSpan {
    let text = (!text.is_empty()).then(|| text.to_owned());
    if primary {
        LabeledSpan::new_primary_with_span(text, s)
    } else {
        LabeledSpan::new_with_span(text, s)
    }
}

impl fmt::Debug for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
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
        /// Where no line is cut, the excerpt reads exactly what miette reads
        /// from the whole text: the same bytes, line, column and line count
        /// (its offsets shifted by where the excerpt starts), for any text
        /// (CRLF, blank lines, no final newline) and any span.
        #[test]
        fn excerpt_reads_what_miette_reads(
            text in "([a-zé ]{0,6}(\n|\r\n)?){0,12}",
            start in 0usize..80,
            len in 0usize..20,
            ctx in 0usize..2,
        ) {
            let start = start.min(text.len());
            let end = (start + len).min(text.len());
            prop_assume!(text.is_char_boundary(start) && text.is_char_boundary(end));
            let file = SourceFile::new("f".into(), "f".into(), text.as_str().into());
            let span = crate::span::Span::new(crate::span::FileId(0), start, end);
            let x = Excerpt::new("f".into(), &file, &[span]);
            let base = file.line_start(x.first_line);
            let shifted = read(&x, x.span(span), ctx).map(|(d, s, l, c, n)| {
                (d, SourceSpan::new((s.offset() + base).into(), s.len()), l, c, n)
            });
            prop_assert_eq!(shifted, read(&text.as_str(), SourceSpan::new(start.into(), end - start), ctx));
        }
    }

    /// A book's control characters reach no terminal: ESC, BEL, DEL and
    /// the C1 `CSI` in a snippet are shown as `?` and `¿`, and the label
    /// still points at its text.
    #[test]
    fn control_characters_are_not_written_to_the_terminal() {
        let text = "-1-\nA\u{1b}[31m bell\u{7} del\u{7f} csi\u{9b}2J @999\r\n";
        let file = SourceFile::new("f".into(), "f".into(), text.into());
        let at = text.find('@').unwrap();
        let span = crate::span::Span::new(crate::span::FileId(0), at, at + 4);
        let x = Excerpt::new("f".into(), &file, &[span]);
        assert!(
            !x.text.contains(['\u{1b}', '\u{7}', '\u{7f}', '\u{9b}']),
            "{:?}",
            x.text
        );
        assert!(x.text.contains("A?[31m bell? del? csi¿2J"), "{:?}", x.text);
        assert!(x.text.ends_with("\r\n"), "{:?}", x.text);
        let s = x.span(span);
        assert_eq!(&x.text[s.offset()..s.offset() + s.len()], "@999");
    }

    #[test]
    fn a_long_line_is_cut_around_the_label() {
        let text = format!("-1-\n{}@999 and more\n", " ".repeat(70_000));
        let file = SourceFile::new("f".into(), "f".into(), text.as_str().into());
        let at = 4 + 70_000;
        let span = crate::span::Span::new(crate::span::FileId(0), at, at + 4);
        let x = Excerpt::new("f".into(), &file, &[span]);
        assert!(x.text.len() < 200, "{}", x.text.len());
        let s = x.span(span);
        assert_eq!(&x.text[s.offset()..s.offset() + s.len()], "@999");
        let c = x.read_span(&s, 0, 0).unwrap();
        assert_eq!((c.line(), c.column()), (1, 70_000));
    }
}
