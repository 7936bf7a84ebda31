//! `.tales` files: lines matched by `grammar/tales.pest`, grouped into
//! paragraphs, sections and branches, and lowered into [`crate::ir`].

use super::Context;
use super::award::{self, GuardSyntax};
use super::tales_grammar::{Rule, TalesParser};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{
    Band, Block, Branch, BranchBlock, BranchKind, Chart, ChartEntry, ChartTarget, Effect, Guard,
    LabelKind, Paragraph, ParagraphBody, Reference, RollSpec, Section, SectionLabel, Target,
};
use crate::span::{Span, Spanned};
use pest::Parser;
use pest::iterators::Pair;
use std::borrow::Cow;

/// The highest paragraph number.
pub const MAX_PARAGRAPH: u32 = 999_999;

/// Byte range in the file.
type Range = (usize, usize);

/// A line, classified.
enum Line {
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

struct ClassifiedLine {
    kind: Line,
    span: Range,
}

/// Parse and lower one `.tales` file.
pub fn parse_file(ctx: &Context, text: &str) -> (Vec<Paragraph>, Diagnostics) {
    let mut diags = Vec::new();
    let lines = match TalesParser::parse(Rule::file, text) {
        Ok(mut pairs) => classify(pairs.next().expect("file rule matched")),
        Err(e) => {
            // The grammar accepts any text; this is a bug, reported, not a panic.
            let at = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
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
    let mut paragraphs = Vec::new();
    let mut i = 0;
    // Lines before the first header: comments and blanks only.
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
    while i < lines.len() {
        let start = i;
        i += 1;
        while i < lines.len() && !matches!(lines[i].kind, Line::Header { .. }) {
            i += 1;
        }
        let allows = allows_before(text, &lines[..start]);
        if let Some(p) = lower_paragraph(ctx, text, &lines[start..i], allows, &mut diags) {
            paragraphs.push(p);
        }
    }
    (paragraphs, diags)
}

fn classify(file: Pair<Rule>) -> Vec<ClassifiedLine> {
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
fn allows_before(text: &str, lines: &[ClassifiedLine]) -> Vec<String> {
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

fn bad_header(ctx: &Context, text: &str, span: Range) -> Diagnostic {
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
        "a header is `-N-` with N a number from 1 to {MAX_PARAGRAPH}, e.g. `-328-`"
    ))
}

fn lower_paragraph(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    allows: Vec<String>,
    diags: &mut Diagnostics,
) -> Option<Paragraph> {
    let Line::Header { number, rest } = lines[0].kind else {
        return None;
    };
    let header = Span::new(ctx.file, lines[0].span.0, lines[0].span.1);
    let digits = &text[number.0..number.1];
    let n = digits
        .parse::<u32>()
        .ok()
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
    let rest_text = text[rest.0..rest.1].trim();
    let body_lines = &lines[1..];
    let body = if rest_text.is_empty() {
        lower_result(ctx, text, body_lines, diags)
    } else if let Some(chart) = rest_text.strip_prefix("chart") {
        let matrix = chart_matrix(
            ctx,
            chart,
            rest.0 + (text[rest.0..rest.1].len() - text[rest.0..rest.1].trim_start().len()) + 5,
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
    };
    Some(Paragraph {
        number: n?,
        header,
        allows,
        body,
    })
}

/// `chart` was stripped; what follows may be ` (F)`. `offset` is where it starts.
fn chart_matrix(
    ctx: &Context,
    rest: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Spanned<String>> {
    let t = rest.trim();
    if t.is_empty() {
        return None;
    }
    let lead = rest.len() - rest.trim_start().len();
    if let Some(inner) = t.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        let letter = inner.trim();
        if !letter.is_empty() && letter.chars().all(|c| c.is_ascii_alphanumeric()) {
            let at = offset + lead + 1 + (inner.len() - inner.trim_start().len());
            return Some(Spanned::new(
                letter.to_owned(),
                Span::new(ctx.file, at, at + letter.len()),
            ));
        }
    }
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, offset + lead, offset + lead + t.len()),
            "malformed chart header",
        )
        .label("expected `(LETTER)`")
        .with_help("write `-N- chart` or `-N- chart (F)`"),
    );
    None
}

fn lower_chart(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    matrix: Option<Spanned<String>>,
    diags: &mut Diagnostics,
) -> Chart {
    let mut entries = Vec::new();
    for l in lines {
        match l.kind {
            Line::Comment(_) | Line::Blank => continue,
            Line::BadHeader => {
                diags.push(bad_header(ctx, text, l.span));
                continue;
            }
            _ => {}
        }
        let line = &text[l.span.0..l.span.1];
        let span = Span::new(ctx.file, l.span.0, l.span.1);
        let Some(e) = award::parse_chart_entry(line) else {
            diags.push(
                Diagnostic::new("syntax-error", span, "chart line is not an entry")
                    .label("expected `N text` or `N-M text`")
                    .with_help("a chart entry is a roll or range of rolls, then the encounter: ` 3-4 A {Lost} Fisherman (L)`"),
            );
            continue;
        };
        if e.lo > e.hi {
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    span,
                    format!("chart range `{}-{}` runs backwards", e.lo, e.hi),
                )
                .label("backwards range"),
            );
            continue;
        }
        let at = |off: usize, len: usize| Span::new(ctx.file, l.span.0 + off, l.span.0 + off + len);
        let target = if let Some((target, off, len)) = e.reference {
            let r = Reference {
                target: target.clone(),
                span: at(off, len),
            };
            match target {
                Target::Row { matrix, row } => ChartTarget::Row {
                    matrix: Spanned::new(matrix.clone(), at(off + 1, matrix.len())),
                    row: Spanned::new(row.clone(), at(off + 2 + matrix.len(), row.len())),
                },
                _ => ChartTarget::Paragraph(r),
            }
        } else if let Some((adj, adj_at)) = e.adjective {
            let m = e
                .matrix
                .map(|(m, off)| Spanned::new(m.clone(), at(off, m.len())))
                .or_else(|| matrix.clone());
            if let Some(m) = m {
                ChartTarget::Row {
                    matrix: m,
                    row: Spanned::new(adj.clone(), at(adj_at, adj.len())),
                }
            } else {
                diags.push(
                    Diagnostic::new("syntax-error", span, "chart entry names no matrix")
                        .label("which matrix?")
                        .with_help("end the entry with the matrix letter, `(L)`, or give the chart one: `-N- chart (L)`"),
                );
                ChartTarget::None
            }
        } else {
            diags.push(
                Diagnostic::new("syntax-error", span, "chart entry leads nowhere")
                    .label("no `{Adjective}` and no `@` reference")
                    .with_help("mark the matrix row with braces, `A {Lost} Merchant (L)`, or point at a paragraph, `A mirage @812`"),
            );
            ChartTarget::None
        };
        entries.push(ChartEntry {
            lo: e.lo,
            hi: e.hi,
            span,
            target,
        });
    }
    Chart { matrix, entries }
}

/// Pieces of text that make up one block, as byte ranges of the file.
#[derive(Default)]
struct Pieces(Vec<Range>);

/// A body being built: its own text, then its branches.
#[derive(Default)]
struct BodyBuilder {
    text: Pieces,
    branches: Vec<(Range, Range, Pieces)>, // (label, whole line, text)
}

impl BodyBuilder {
    fn push_text(&mut self, r: Range) {
        match self.branches.last_mut() {
            Some((_, _, t)) => t.0.push(r),
            None => self.text.0.push(r),
        }
    }
}

/// A section being built: its label items, its label's range and its body.
type SectionBuilder = (Vec<(Range, Option<Range>)>, Range, BodyBuilder);

fn lower_result(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    diags: &mut Diagnostics,
) -> ParagraphBody {
    let mut intro = BodyBuilder::default();
    let mut sections: Vec<SectionBuilder> = Vec::new();
    for l in lines {
        let current = match sections.last_mut() {
            Some((_, _, b)) => b,
            None => &mut intro,
        };
        match &l.kind {
            Line::Section { items, label, rest } => {
                let mut b = BodyBuilder::default();
                b.text.0.push(*rest);
                sections.push((items.clone(), *label, b));
            }
            Line::Branch { label, rest } => {
                current.branches.push((*label, l.span, Pieces(vec![*rest])));
            }
            Line::BadBranch => {
                diags.push(
                    Diagnostic::new("syntax-error", Span::new(ctx.file, l.span.0, l.span.1), "branch has no label")
                        .label("expected `> LABEL: text`")
                        .with_help("a branch is `> If you accept: ...`, `> {wounded} ...: ...` or `> 2-7: ...`"),
                );
                current.push_text(l.span);
            }
            Line::BadHeader => diags.push(bad_header(ctx, text, l.span)),
            Line::Text | Line::Blank => current.push_text(l.span),
            Line::Comment(_) | Line::Header { .. } => {}
        }
    }
    let intro = lower_body(ctx, text, intro, diags);
    let sections = sections
        .into_iter()
        .map(|(items, label, body)| Section {
            labels: lower_labels(ctx, text, &items, diags),
            span: Span::new(ctx.file, label.0, label.1),
            body: lower_body(ctx, text, body, diags),
        })
        .collect();
    ParagraphBody::Result { intro, sections }
}

fn lower_labels(
    ctx: &Context,
    text: &str,
    items: &[(Range, Option<Range>)],
    diags: &mut Diagnostics,
) -> Vec<SectionLabel> {
    let l = ctx.locale;
    let no_skill = crate::ir::glossary_normalize(&l.no_skill);
    let mut labels = Vec::new();
    let mut all_mandatory = false;
    for (i, (name, note)) in items.iter().enumerate() {
        let raw = &text[name.0..name.1];
        let span = Span::new(ctx.file, name.0, name.1);
        let kind = if crate::ir::glossary_normalize(raw) == no_skill {
            LabelKind::NoSkill
        } else if let Some(e) = ctx.glossary.resolve(raw) {
            LabelKind::Entry(e.id.value.clone())
        } else {
            let mut d = Diagnostic::new(
                "unknown-name",
                span,
                format!(
                    "section heading `{}` is no skill, status or treasure",
                    raw.trim_matches('*')
                ),
            )
            .label("unknown heading");
            d = match ctx.glossary.suggest(raw) {
                Some(e) => d.with_help(format!("did you mean `{}`?", e.name.value.to_uppercase())),
                None => d.with_help(format!(
                    "a heading is `{}` or a glossary name, in capitals",
                    l.no_skill
                )),
            };
            diags.push(d);
            LabelKind::Unknown(raw.to_owned())
        };
        let mut mandatory = false;
        if let Some(note) = note {
            let inner = crate::ir::glossary_normalize(text[note.0 + 1..note.1 - 1].trim());
            if inner == crate::ir::glossary_normalize(&l.mandatory) {
                mandatory = true;
            } else if inner == crate::ir::glossary_normalize(&l.all_mandatory)
                && i + 1 == items.len()
            {
                all_mandatory = true;
            } else {
                diags.push(
                    Diagnostic::new(
                        "unknown-name",
                        Span::new(ctx.file, note.0, note.1),
                        format!("unknown section note `{}`", &text[note.0..note.1]),
                    )
                    .label("not a section note")
                    .with_help(format!(
                        "a section note is `({})`, or `({})` after the last name",
                        l.mandatory, l.all_mandatory
                    )),
                );
            }
        }
        labels.push(SectionLabel {
            kind,
            mandatory,
            span,
        });
    }
    if all_mandatory {
        for label in &mut labels {
            label.mandatory = true;
        }
    }
    labels
}

/// The text of some pieces, joined, with a way back to file offsets.
struct Joined<'a> {
    text: Cow<'a, str>,
    /// (offset in `text`, offset in the file), ascending.
    map: Vec<(usize, usize)>,
}

impl Joined<'_> {
    fn new<'a>(file_text: &'a str, pieces: &[Range]) -> Joined<'a> {
        let Some(first) = pieces.first() else {
            return Joined {
                text: Cow::Borrowed(""),
                map: vec![(0, 0)],
            };
        };
        let last = pieces.last().expect("non-empty");
        let contiguous = pieces.windows(2).all(|w| {
            file_text[w[0].1..w[1].0]
                .chars()
                .all(|c| c == '\n' || c == '\r')
        });
        if contiguous {
            return Joined {
                text: Cow::Borrowed(&file_text[first.0..last.1]),
                map: vec![(0, first.0)],
            };
        }
        let mut text = String::new();
        let mut map = Vec::new();
        for p in pieces {
            if !text.is_empty() {
                text.push('\n');
            }
            map.push((text.len(), p.0));
            text.push_str(&file_text[p.0..p.1]);
        }
        Joined {
            text: Cow::Owned(text),
            map,
        }
    }

    fn to_file(&self, offset: usize) -> usize {
        let i = self
            .map
            .partition_point(|&(j, _)| j <= offset)
            .saturating_sub(1);
        let (j, f) = self.map[i];
        f + (offset - j)
    }
}

fn lower_body(ctx: &Context, text: &str, body: BodyBuilder, diags: &mut Diagnostics) -> Block {
    let mut block = lower_text(ctx, text, &body.text.0, diags);
    if body.branches.is_empty() {
        return block;
    }
    let mut branches = Vec::new();
    let mut kinds = Vec::new();
    for (label, line, pieces) in body.branches {
        let label_text = &text[label.0..label.1];
        let lead = label_text.len() - label_text.trim_start().len();
        let trimmed = label_text.trim();
        let label_span = Span::new(ctx.file, label.0 + lead, label.0 + lead + trimmed.len());
        let guard = if trimmed.starts_with('{') {
            match award::parse_guard(trimmed) {
                GuardSyntax::Else => Guard::Else,
                GuardSyntax::Expr(raw) => {
                    Guard::Condition(award::resolve_expr(ctx, raw, label.0 + lead, diags))
                }
                GuardSyntax::Malformed => {
                    diags.push(
                        Diagnostic::new("syntax-error", label_span, "malformed condition")
                            .label("expected `{expr}`")
                            .with_help("a condition is `{id}`, `{!id}`, `{a & b}`, `{a | b}` or `{else}`, at the start of the label"),
                    );
                    Guard::None
                }
            }
        } else {
            match award::parse_band(trimmed) {
                Some(Ok(b)) => Guard::Band(b),
                Some(Err(msg)) => {
                    diags.push(Diagnostic::new("syntax-error", label_span, msg).label("bad band"));
                    Guard::None
                }
                None => Guard::None,
            }
        };
        kinds.push(match guard {
            Guard::None => BranchKind::Choice,
            Guard::Condition(_) | Guard::Else => BranchKind::Condition,
            Guard::Band(_) => BranchKind::Roll,
        });
        let mut body = lower_text(ctx, text, &pieces.0, diags);
        body.span = Some(Span::new(
            ctx.file,
            line.0,
            body.span.map_or(line.1, |s| s.end as usize),
        ));
        branches.push(Branch {
            label: Spanned::new(trimmed.to_owned(), label_span),
            guard,
            body,
        });
    }
    let first_span = branches[0].body.span.expect("set above");
    let last_span = branches
        .last()
        .and_then(|b| b.body.span)
        .expect("set above");
    let span = first_span.to(last_span);
    let kind = kinds[0];
    if kinds.iter().any(|k| *k != kind) {
        diags.push(
            Diagnostic::new("syntax-error", span, "a branch block mixes choices, conditions and die bands")
                .label("mixed branches")
                .with_help("give every branch of a block the same kind of label: all plain, all `{condition}` or all die bands"),
        );
    }
    let elses = branches.iter().filter(|b| b.guard == Guard::Else).count();
    if elses > 1
        || branches
            .iter()
            .rev()
            .skip(1)
            .any(|b| b.guard == Guard::Else)
    {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                span,
                "`{else}` must be the last branch, once",
            )
            .label("misplaced `{else}`"),
        );
    }
    let roll = (kind == BranchKind::Roll).then(|| {
        let bands: Vec<Band> = branches
            .iter()
            .filter_map(|b| match b.guard {
                Guard::Band(band) => Some(band),
                _ => None,
            })
            .collect();
        find_roll_spec(ctx, text, &body.text.0, diags).unwrap_or_else(|| default_roll(&bands))
    });
    block.branches = Some(Box::new(BranchBlock {
        kind,
        roll,
        branches,
        span,
    }));
    block
}

/// Without a roll spec: one die when no band goes past 6, else two.
fn default_roll(bands: &[Band]) -> RollSpec {
    let past_six = bands
        .iter()
        .any(|b| b.lo > 6 || b.hi.is_some_and(|h| h > 6));
    RollSpec {
        dice: if past_six { 2 } else { 1 },
        sides: 6,
        skills: Vec::new(),
        span: None,
    }
}

/// A `{2d6 + skill}` at the end of the text before a die-roll block.
fn find_roll_spec(
    ctx: &Context,
    text: &str,
    pieces: &[Range],
    diags: &mut Diagnostics,
) -> Option<RollSpec> {
    let joined = Joined::new(text, pieces);
    let t = joined.text.as_ref();
    let open = t.rfind('{')?;
    let parts = award::parse_roll_spec(&t[open..])?;
    let len = parts.len;
    let start = joined.to_file(open);
    let span = Span::new(ctx.file, start, start + len);
    Some(award::roll_spec(ctx, parts, start, span, diags))
}

/// Awards and references of some text.
fn lower_text(ctx: &Context, text: &str, pieces: &[Range], diags: &mut Diagnostics) -> Block {
    let joined = Joined::new(text, pieces);
    let t = joined.text.as_ref();
    let mut block = Block::default();
    let trimmed_end = t.trim_end().len();
    if trimmed_end > 0 {
        let lead = t.len() - t.trim_start().len();
        block.span = Some(Span::new(
            ctx.file,
            joined.to_file(lead),
            joined.to_file(trimmed_end),
        ));
    }
    let mut award_ranges = Vec::new();
    let mut from = 0;
    while let Some(i) = t[from..].find('[') {
        let open = from + i;
        let after = &t[open + 1..];
        let close = after.find(']');
        let nested = after.find('[');
        match (close, nested) {
            (Some(c), n) if n.is_none_or(|n| n > c) => {
                let end = open + 1 + c + 1;
                award_ranges.push((open, end));
                let file_start = joined.to_file(open);
                let slice = &t[open..end];
                let fixed;
                let slice =
                    if joined.map.len() > 1 && joined.to_file(end) - file_start != slice.len() {
                        // The award spans a comment line: parse the joined text,
                        // report at its start.
                        fixed = slice.to_owned();
                        fixed.as_str()
                    } else {
                        slice
                    };
                if let Some(award) = award::parse_award(ctx, slice, file_start, diags) {
                    for item in &award.items {
                        match &item.effect {
                            Effect::Goto(target) => block.refs.push(Reference {
                                target: target.clone(),
                                span: item.span,
                            }),
                            Effect::FreeText(s) if s.contains('@') => {
                                let base = item.span.start as usize;
                                let src = text.get(item.span.range()).unwrap_or("");
                                block.refs.extend(award::scan_references(
                                    ctx.file,
                                    src,
                                    |o| base + o,
                                    &[],
                                ));
                            }
                            _ => {}
                        }
                    }
                    block.awards.push(award);
                }
                from = end;
            }
            _ => {
                let at = joined.to_file(open);
                diags.push(
                    Diagnostic::new(
                        "syntax-error",
                        Span::new(ctx.file, at, at + 1),
                        "unclosed `[`",
                    )
                    .label("this award code has no `]`")
                    .with_help("close the award code with `]`"),
                );
                // One report a block: hostile text with a million `[` must not
                // give a million findings.
                break;
            }
        }
    }
    block.refs.extend(award::scan_references(
        ctx.file,
        t,
        |o| joined.to_file(o),
        &award_ranges,
    ));
    block
}
