//! The lines of a `.tales` file, classified by `grammar/tales.pest`.

use super::Context;
use super::tales_grammar::Rule;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use pest::iterators::Pair;

/// Byte range in the file.
pub(super) type Range = (usize, usize);

/// A line, classified.
pub(super) enum Line {
    Header {
        number: Range,
        rest: Range,
    },
    BadHeader,
    Comment(Range),
    Branch {
        label: Range,
        rest: Range,
    },
    BadBranch,
    Section {
        items: Vec<(Range, Option<Range>)>,
        label: Range,
        rest: Range,
    },
    Blank,
    Text,
}

pub(super) struct ClassifiedLine {
    pub(super) kind: Line,
    pub(super) span: Range,
}

pub(super) fn classify(file: Pair<Rule>) -> Vec<ClassifiedLine> {
    let range = |p: &Pair<Rule>| (p.as_span().start(), p.as_span().end());
    let mut out = Vec::new();
    for p in file.into_inner() {
        let span = range(&p);
        let kind = match p.as_rule() {
            Rule::header => {
                let mut inner = p.into_inner();
                let number = range(&inner.next().expect("header number"));
                let rest = range(&inner.next().expect("header rest"));
                Line::Header { number, rest }
            }
            Rule::bad_header => Line::BadHeader,
            Rule::comment => Line::Comment(range(&p.into_inner().next().expect("comment text"))),
            Rule::branch => {
                let mut inner = p.into_inner();
                let label = range(&inner.next().expect("branch label"));
                let rest = range(&inner.next().expect("branch text"));
                Line::Branch { label, rest }
            }
            Rule::bad_branch => Line::BadBranch,
            Rule::section => {
                let mut items = Vec::new();
                let mut rest = (span.1, span.1);
                let mut label_end = span.0;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::label_item => {
                            label_end = q.as_span().end();
                            let mut parts = q.into_inner();
                            let name = range(&parts.next().expect("label name"));
                            let note = parts.next().map(|n| range(&n));
                            items.push((name, note));
                        }
                        Rule::rest => rest = range(&q),
                        _ => {}
                    }
                }
                Line::Section {
                    items,
                    label: (span.0, label_end),
                    rest,
                }
            }
            Rule::blank => Line::Blank,
            Rule::text => Line::Text,
            _ => continue,
        };
        out.push(ClassifiedLine { kind, span });
    }
    out
}

/// Lint codes named by `# tales: allow(a, b)` comments right above a header.
pub(super) fn allows_before(text: &str, lines: &[ClassifiedLine]) -> Vec<String> {
    let mut allows = Vec::new();
    for l in lines.iter().rev() {
        let Line::Comment(c) = l.kind else { break };
        let c = text[c.0..c.1].trim();
        if let Some(rest) = c.strip_prefix("tales:") {
            let rest = rest.trim();
            if let Some(list) = rest
                .strip_prefix("allow(")
                .and_then(|r| r.strip_suffix(')'))
            {
                allows.extend(
                    list.split(',')
                        .map(|s| s.trim().to_owned())
                        .filter(|s| !s.is_empty()),
                );
            }
        }
    }
    allows
}

pub(super) fn bad_header(ctx: &Context, text: &str, span: Range) -> Diagnostic {
    Diagnostic::new(
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
        super::tales::MAX_PARAGRAPH
    ))
}
