//! The lines of a `.tales` file, classified by `grammar/tales.pest`.

use crate::diagnostic::Diagnostic;
use crate::span::{Span, Spanned};
use crate::syntax::context::{Context, Range};
use crate::syntax::grammar::tales::Rule;
use pest::iterators::Pair;

/// A line, classified.
pub(crate) enum Line {
    Header {
        number: Range,
        rest: Range,
        /// A line that almost is a header (`-366`, `- 366 -`), read as one
        /// and reported.
        near: bool,
    },
    BadHeader,
    Comment(Range),
    /// `>`, `>>`, ...: an arm of a block at this depth; `body` is the rest
    /// of the line after the marks (its label, its `:`, its text).
    Branch {
        depth: usize,
        body: Range,
    },
    Blank,
    Text,
}

pub(crate) struct ClassifiedLine {
    pub(crate) kind: Line,
    pub(crate) span: Range,
}

/// The lines of one chunk of a file (`file` matched on the text from
/// byte `offset` on), into `out`, with spans in the whole file.
pub(crate) fn classify(text: &str, offset: usize, file: Pair<Rule>, out: &mut Vec<ClassifiedLine>) {
    let range = |p: &Pair<Rule>| (offset + p.as_span().start(), offset + p.as_span().end());
    for p in file.into_inner() {
        let span = range(&p);
        let kind = match p.as_rule() {
            Rule::header => {
                let mut inner = p.into_inner();
                let number = range(&inner.next().expect("header number"));
                let rest = range(&inner.next().expect("header rest"));
                Line::Header {
                    number,
                    rest,
                    near: false,
                }
            }
            Rule::bad_header => misread_header(text, span).unwrap_or(Line::BadHeader),
            Rule::comment => Line::Comment(range(&p.into_inner().next().expect("comment text"))),
            Rule::branch => {
                let mut inner = p.into_inner();
                let marks = range(&inner.next().expect("branch marks"));
                let body = range(&inner.next().expect("branch body"));
                Line::Branch {
                    depth: marks.1 - marks.0,
                    body,
                }
            }
            Rule::blank => Line::Blank,
            Rule::text => near_header(text, span).unwrap_or(Line::Text),
            _ => continue,
        };
        out.push(ClassifiedLine { kind, span });
    }
}

/// Lint codes named by `# tales: allow(a, b)` comments right above a header,
/// with their spans. A comment that starts like a directive but is not one
/// (`# tales: alow(x)`, `# tales allow x`) is reported.
pub(crate) fn allows_before(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    diags: &mut Vec<Diagnostic>,
) -> Vec<Spanned<String>> {
    let mut allows = Vec::new();
    for l in lines.iter().rev() {
        let Line::Comment(c) = l.kind else { break };
        if let Some(d) = directive(ctx, text, c, &mut allows) {
            diags.push(d);
        }
    }
    allows
}

/// A `# tales: ...` comment: its codes into `allows`, or the finding for a
/// comment that looks like a directive and is not one.
pub(crate) fn directive(
    ctx: &Context,
    text: &str,
    c: Range,
    allows: &mut Vec<Spanned<String>>,
) -> Option<Diagnostic> {
    let raw = &text[c.0..c.1];
    let lead = raw.len() - raw.trim_start().len();
    let body = raw.trim();
    let rest = crate::text::strip_prefix_ci(body, "tales")?;
    // A directive is `tales:`, or `tales` and a word like `allow`; any
    // other comment that starts with the word (`# Tales of the sea`) is prose.
    let after = rest.trim_start();
    let word: String = after.chars().take_while(|c| c.is_alphabetic()).collect();
    if !after.starts_with(':') && crate::text::near(&word.to_lowercase(), "allow", 1).is_none() {
        return None;
    }
    let at = c.0 + lead;
    let span = Span::new(ctx.file, at, at + body.len());
    let list = rest
        .trim_start()
        .strip_prefix(':')
        .map(str::trim)
        .and_then(|r| r.strip_prefix("allow("))
        .and_then(|r| r.strip_suffix(')'));
    let Some(list) = list else {
        return Some(
            Diagnostic::new(
                "syntax-error",
                span,
                "a `# tales` comment that is no directive",
            )
            .label("not `# tales: allow(CODE)`")
            .with_help(
                "write `# tales: allow(CODE, CODE)` on the line right above a paragraph header",
            ),
        );
    };
    let base = at + body.len() - 1 - list.len();
    let mut from = 0;
    for piece in list.split(',') {
        let code = piece.trim();
        let start = base + from + (piece.len() - piece.trim_start().len());
        from += piece.len() + 1;
        if !code.is_empty() {
            allows.push(Spanned::new(
                code.to_owned(),
                Span::new(ctx.file, start, start + code.len()),
            ));
        }
    }
    None
}

/// Dashes a hand types for the header's: hyphen, en and em dash, minus.
const DASHES: [char; 4] = ['-', '–', '—', '−'];

/// A line that is a header but for its dashes or spaces: `-366`, `- 366 -`,
/// `–366–`, ` -366-`, `-366 - chart`. It must start with a dash, hold a
/// number, and nothing after it but dashes, spaces and `chart ...`.
fn near_header(text: &str, span: Range) -> Option<Line> {
    let line = &text[span.0..span.1];
    let body = line.trim_start_matches([' ', '\t']);
    let lead = line.len() - body.len();
    let after_dash = body.trim_start_matches(DASHES);
    if after_dash.len() == body.len() {
        return None;
    }
    let digits_at = after_dash.len() - after_dash.trim_start().len();
    let digits = &after_dash[digits_at..];
    let n = digits.len()
        - digits
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if n == 0 {
        return None;
    }
    let tail = digits[n..].trim_start().trim_start_matches(DASHES).trim();
    let chart = crate::text::strip_prefix_ci(tail, "chart");
    if !tail.is_empty() && !chart.is_some_and(|r| r.is_empty() || r.starts_with([' ', '('])) {
        return None;
    }
    let number_at = span.0 + lead + (body.len() - after_dash.len()) + digits_at;
    let rest_at = span.1 - tail.len() - (line.len() - line.trim_end().len());
    Some(Line::Header {
        number: (number_at, number_at + n),
        rest: (rest_at, rest_at + tail.len()),
        near: true,
    })
}

/// `-2O1-`: a header whose number has a letter for a digit (the letter O
/// for 0, l or I for 1), read as `-201-` and reported
/// ([`near_header_finding`]).
fn misread_header(text: &str, span: Range) -> Option<Line> {
    let line = text[span.0..span.1].trim_end();
    let inside = line.strip_prefix('-')?.strip_suffix('-')?;
    crate::text::letters_for_digits(inside)?;
    let end = span.0 + line.len();
    Some(Line::Header {
        number: (span.0 + 1, end - 1),
        rest: (end, end),
        near: true,
    })
}

/// `syntax-error` for a near header (read as one): what it should be.
pub(crate) fn near_header_finding(
    ctx: &Context,
    text: &str,
    line: Range,
    number: Range,
) -> Diagnostic {
    let written = text[line.0..line.1].trim();
    let n = &text[number.0..number.1];
    let at = line.0 + (text[line.0..line.1].len() - text[line.0..line.1].trim_start().len());
    if let Some(digits) = crate::text::letters_for_digits(n) {
        return Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, at, at + written.len()),
            format!("paragraph header `{written}` has a letter for a digit"),
        )
        .label(format!("read as `-{digits}-`"))
        .with_help(format!("did you mean `-{digits}-`?"));
    }
    Diagnostic::new(
        "syntax-error",
        Span::new(ctx.file, line.0 + (text[line.0..line.1].len() - text[line.0..line.1].trim_start().len()), line.0 + text[line.0..line.1].trim_end().len()),
        format!("malformed paragraph header `{written}`"),
    )
    .label(format!("read as `-{n}-`"))
    .with_help(format!(
        "a header is exactly `-{n}-` at the start of its line (a hyphen before and after the number, no spaces)"
    ))
}

pub(crate) fn bad_header(ctx: &Context, text: &str, span: Range) -> Diagnostic {
    let written = text[span.0..span.1].trim();
    // The number its digits make (`-26x2-`: 262), which the check names
    // when a cell sends readers to that paragraph and it is missing.
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    let meant = (!digits.is_empty() && digits.len() <= 6)
        .then(|| digits.parse::<u32>().ok())
        .flatten()
        .filter(|n| (1..=crate::syntax::limits::MAX_PARAGRAPH).contains(n));
    let d = Diagnostic::new(
        "syntax-error",
        Span::new(ctx.file, span.0, span.1),
        format!(
            "malformed paragraph header `{}`",
            text[span.0..span.1].trim()
        ),
    )
    .label("not a header")
    .with_help(format!(
        "a header is `-N-` with N a number from 1 to {}, e.g. `-328-`",
        crate::syntax::limits::MAX_PARAGRAPH
    ));
    match meant {
        Some(n) => d.naming(n, n),
        None => d,
    }
}
