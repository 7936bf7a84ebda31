//! `.tales` files, the top of the syntax layers: a file's classified lines
//! ([`super::lines`]) grouped into paragraphs (headers, allow comments,
//! stray directives), each paragraph's body lowered by [`super::tree`].

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Paragraph, ParagraphBody};
use crate::span::{Span, Spanned};
use crate::syntax::award_cache::{AwardCache, BookCache};
use crate::syntax::context::{Context, Range};
use crate::syntax::limits::MAX_PARAGRAPH;
use crate::syntax::lines::classify::{
    ClassifiedLine, Line, allows_before, bad_header, near_header_finding,
};
use crate::syntax::lines::read::lines_of;
use crate::syntax::tree::build::lower_result;
use crate::syntax::tree::chart::{chart_keyword, chart_matrix, lower_chart};
use std::sync::Arc;

/// Parse and lower one `.tales` file.
pub fn parse_file(ctx: &Context, text: &str) -> (Vec<Paragraph>, Diagnostics) {
    parse_file_in(ctx, text, None)
}

/// Parse and lower one `.tales` file of a book whose files share what
/// they read clean in `book` (see [`BookCache`]), on this thread.
pub fn parse_file_in(
    ctx: &Context,
    text: &str,
    book: Option<&Arc<BookCache>>,
) -> (Vec<Paragraph>, Diagnostics) {
    parse_with(ctx, text, |text, lines, parts| {
        parts
            .iter()
            .map(|part| lower_part(ctx, text, lines, part, book))
            .collect()
    })
}

/// [`parse_file_in`] for a file of `of`, its parts of [`PART`] bytes
/// lowered in parallel: a book typed in one file (a transcription often
/// is) is read on every core, as a book of many files is. The parts are
/// cut by bytes, never by the number of threads, so a report is the same
/// on every machine.
pub fn parse_book_file(
    of: &crate::ir::Book,
    file: crate::span::FileId,
    text: &str,
    book: Option<&Arc<BookCache>>,
) -> (Vec<Paragraph>, Diagnostics) {
    use crate::par::prelude::*;
    let ctx = Context::of(of, file);
    parse_with(&ctx, text, |text, lines, parts| {
        parts
            .par_iter()
            .map(|part| lower_part(&Context::of(of, file), text, lines, part, book))
            .collect()
    })
}

/// A part of a file: the lines of its paragraphs, and its share of the
/// file's bytes (for its budget of suggestions).
struct Part {
    /// The index of each of its paragraphs' header line, and the end.
    headers: Vec<usize>,
    end: usize,
    /// Its bytes, and the file's.
    share: (usize, usize),
}

/// A file's bytes a part holds at least (the last part fewer): a file of
/// fewer bytes is read as one part, as it always was.
pub const PART: usize = 1 << 17;

/// Lines, the text before the first header, the parts lowered by `lower`
/// in order, then what applies to the whole file.
fn parse_with(
    ctx: &Context,
    text: &str,
    lower: impl FnOnce(&str, &[ClassifiedLine], &[Part]) -> Vec<(Vec<Paragraph>, Diagnostics)>,
) -> (Vec<Paragraph>, Diagnostics) {
    // A no-break space is a space (`PIÉTÉ :` in French typography): the
    // grammars read a copy with ASCII spaces at the same offsets.
    let owned = crate::text::nbsp_as_spaces(text);
    let text: &str = &owned;
    let mut diags = Vec::new();
    let lines = match lines_of(text) {
        Ok(lines) => lines,
        Err(at) => {
            // The grammar accepts any text; this is a bug, reported, not a panic.
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    Span::new(ctx.file, at, at),
                    "unreadable line",
                )
                .label("here"),
            );
            return (Vec::new(), diags);
        }
    };
    let first = before_first_header(ctx, text, &lines, &mut diags);
    let parts = parts_of(&lines, first, text.len());
    let mut lowered = lower(text, &lines, &parts).into_iter();
    // Each part's paragraphs were read into a vector of their number (a
    // file's hundreds of paragraphs are large); a file of one part keeps it.
    let (mut paragraphs, d) = lowered.next().unwrap_or_default();
    diags.extend(d);
    let rest: Vec<_> = lowered.collect();
    paragraphs.reserve_exact(rest.iter().map(|(p, _)| p.len()).sum());
    for (p, d) in rest {
        paragraphs.extend(p);
        diags.extend(d);
    }
    stray_directives(ctx, text, &lines, &mut diags);
    crate::syntax::blocks::block::drop_explained(&mut diags);
    (paragraphs, diags)
}

/// Lines before the first header: comments and blanks only. The first
/// header's index.
fn before_first_header(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    diags: &mut Diagnostics,
) -> usize {
    let mut i = 0;
    let mut reported_stray = false;
    while i < lines.len() && !matches!(lines[i].kind, Line::Header { .. }) {
        let l = &lines[i];
        match l.kind {
            Line::Comment(_) | Line::Blank => {}
            Line::BadHeader => diags.push(bad_header(ctx, text, l.span)),
            _ if !reported_stray => {
                reported_stray = true;
                diags.push(
                    Diagnostic::new("syntax-error", Span::new(ctx.file, l.span.0, l.span.1), "text before the first paragraph header")
                        .label("belongs to no paragraph")
                        .with_help("start a paragraph with a header line `-N-`, or make the line a `#` comment"),
                );
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// The file's paragraphs from line `first` on, cut into parts of at least
/// [`PART`] bytes at their headers.
fn parts_of(lines: &[ClassifiedLine], first: usize, bytes: usize) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut headers = Vec::new();
    // The first part's share holds the lines before the first header: a
    // file of one part has the file's whole budget.
    let mut from = 0;
    for (i, l) in lines.iter().enumerate().skip(first) {
        if !matches!(l.kind, Line::Header { .. }) {
            continue;
        }
        if l.span.0 - from >= PART && !headers.is_empty() {
            let share = (l.span.0 - from, bytes);
            parts.push(Part {
                headers: std::mem::take(&mut headers),
                end: i,
                share,
            });
            from = l.span.0;
        }
        headers.push(i);
    }
    if !headers.is_empty() {
        parts.push(Part {
            headers,
            end: lines.len(),
            share: (bytes - from, bytes),
        });
    }
    parts
}

/// One part's paragraphs, with a cache of award codes and a budget of
/// suggestions of its own.
fn lower_part(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    part: &Part,
    book: Option<&Arc<BookCache>>,
) -> (Vec<Paragraph>, Diagnostics) {
    let cache = match book {
        Some(book) => AwardCache::sharing(Arc::clone(book), ctx.file),
        None => AwardCache::default(),
    };
    let suggestions = crate::syntax::suggestions::Suggestions::for_share(part.share);
    let ctx = &Context {
        awards: Some(&cache),
        suggestions: Some(&suggestions),
        ..*ctx
    };
    let mut diags = Vec::new();
    let mut paragraphs = Vec::with_capacity(part.headers.len());
    for (k, &start) in part.headers.iter().enumerate() {
        let end = part.headers.get(k + 1).copied().unwrap_or(part.end);
        let allows = allows_before(ctx, text, &lines[..start], &mut diags);
        if let Some(p) = lower_paragraph(ctx, text, &lines[start..end], allows, &mut diags) {
            paragraphs.push(p);
        }
    }
    (paragraphs, diags)
}

/// `# tales:` comments that stand anywhere but right above a header: they
/// apply to nothing.
fn stray_directives(ctx: &Context, text: &str, lines: &[ClassifiedLine], diags: &mut Diagnostics) {
    let mut above_header = false;
    for l in lines.iter().rev() {
        match l.kind {
            Line::Header { .. } => above_header = true,
            Line::Comment(c) => {
                if above_header {
                    continue;
                }
                let mut codes = Vec::new();
                match crate::syntax::lines::classify::directive(ctx, text, c, &mut codes) {
                    Some(d) => diags.push(d),
                    None if !codes.is_empty() => {
                        let body = text[c.0..c.1].trim();
                        let at = c.0 + text[c.0..c.1].find(body).unwrap_or(0);
                        diags.push(
                            Diagnostic::new("syntax-error", Span::new(ctx.file, at, at + body.len()), "this `# tales: allow` comment applies to no paragraph")
                                .label("not right above a header")
                                .with_help("put it on the line right above the paragraph's `-N-` header (no blank line between)"),
                        );
                    }
                    None => {}
                }
            }
            _ => above_header = false,
        }
    }
}

fn lower_paragraph(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    allows: Vec<Spanned<String>>,
    diags: &mut Diagnostics,
) -> Option<Paragraph> {
    let Line::Header { number, rest, near } = lines[0].kind else {
        return None;
    };
    if near {
        diags.push(near_header_finding(ctx, text, lines[0].span, number));
    }
    let header = Span::new(ctx.file, lines[0].span.0, lines[0].span.1);
    let n = paragraph_number(ctx, text, number, diags);
    let body = lower_body(ctx, text, (header, number, rest), &lines[1..], diags);
    let last = lines
        .iter()
        .rev()
        .find(|l| !matches!(l.kind, Line::Blank | Line::Comment(_)))
        .map_or(lines[0].span.1, |l| l.span.1);
    Some(Paragraph {
        number: n?,
        header,
        span: Span::new(ctx.file, lines[0].span.0, last),
        allows,
        body,
    })
}

/// A header's paragraph number, if it is in range (else reported).
fn paragraph_number(
    ctx: &Context,
    text: &str,
    number: Range,
    diags: &mut Diagnostics,
) -> Option<u32> {
    let digits = &text[number.0..number.1];
    // `-2O1-` is read as `-201-` (reported as a near header).
    let n = digits
        .parse::<u32>()
        .ok()
        .or_else(|| crate::text::letters_for_digits(digits)?.parse().ok())
        .filter(|n| (1..=MAX_PARAGRAPH).contains(n));
    if n.is_none() {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                Span::new(ctx.file, number.0, number.1),
                format!("paragraph number `{digits}` is out of range"),
            )
            .label("out of range")
            .with_help(format!("paragraph numbers run from 1 to {MAX_PARAGRAPH}")),
        );
    }
    n
}

/// A paragraph's body: a chart when its header says `chart` (or a word a
/// few letters off) or its lines read as one, else a result's tree.
/// `head` is the header's span, its number and the text after it.
fn lower_body(
    ctx: &Context,
    text: &str,
    head: (Span, Range, Range),
    body_lines: &[ClassifiedLine],
    diags: &mut Diagnostics,
) -> ParagraphBody {
    let (header, number, rest) = head;
    let digits = &text[number.0..number.1];
    let rest_text = text[rest.0..rest.1].trim();
    let (rest_text, misspelt_chart) = chart_keyword(rest_text);
    if let Some(word) = misspelt_chart {
        let at = rest.0 + text[rest.0..rest.1].find(word).unwrap_or(0);
        diags.push(
            Diagnostic::new(
                "syntax-error",
                Span::new(ctx.file, at, at + word.len()),
                format!("`{word}` after a paragraph header: did you mean `chart`?"),
            )
            .label("read as `chart`")
            .with_help("an encounter chart's header is `-N- chart` or `-N- chart (F)`"),
        );
    }
    let rest_text = rest_text.as_str();
    if rest_text.is_empty() && crate::syntax::tree::chart::reads_as_chart(text, body_lines) {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                header,
                format!("paragraph {digits} reads as an encounter chart, but its header does not say `chart`"),
            )
            .label("no `chart`")
            .with_help(format!(
                "write `-{digits}- chart` (or `-{digits}- chart (F)`); it is read as a chart meanwhile"
            )),
        );
        ParagraphBody::Chart(lower_chart(ctx, text, body_lines, None, diags))
    } else if rest_text.is_empty() {
        lower_result(ctx, text, body_lines, diags)
    } else if let Some(chart) = rest_text.strip_prefix("chart") {
        let matrix = chart_matrix(
            ctx,
            chart,
            rest.0
                + (text[rest.0..rest.1].len() - text[rest.0..rest.1].trim_start().len())
                + misspelt_chart.map_or(5, str::len),
            diags,
        );
        ParagraphBody::Chart(lower_chart(ctx, text, body_lines, matrix, diags))
    } else {
        diags.push(
            Diagnostic::new("syntax-error", Span::new(ctx.file, rest.0, rest.1), "unexpected text after a paragraph header")
                .label("not `chart`")
                .with_help("a header line is `-N-`, `-N- chart` or `-N- chart (F)`; the text goes on the next line"),
        );
        lower_result(ctx, text, body_lines, diags)
    }
}
