//! A result paragraph's body: the intro, the skill sections and their
//! branch blocks (choices, conditions, die rolls).

use super::Context;
use super::block::{Joined, lower_text};
use super::branch::{self, GuardSyntax};
use super::heading::{self, At, Resolved, near_heading};
use super::lines::{ClassifiedLine, Line, Range, bad_header};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{
    Band, Block, Branch, BranchBlock, BranchKind, Guard, LabelKind, ParagraphBody, RollSpec,
    Section, SectionLabel,
};
use crate::span::{Span, Spanned};

/// Pieces of text that make up one block, as byte ranges of the file.
#[derive(Default)]
struct Pieces(Vec<Range>);

impl Pieces {
    /// Add a line; one that follows the last piece with only a line break
    /// between extends it (a block of a million lines is one piece).
    fn push(&mut self, text: &str, r: Range) {
        if let Some(last) = self.0.last_mut() {
            if last.1 <= r.0 && text[last.1..r.0].bytes().all(|b| b == b'\n' || b == b'\r') {
                last.1 = r.1;
                return;
            }
        }
        self.0.push(r);
    }
}

/// A body being built: its own text, then its branches.
#[derive(Default)]
struct BodyBuilder {
    text: Pieces,
    branches: Vec<(Range, Range, Pieces)>, // (label, whole line, text)
}

impl BodyBuilder {
    fn push_text(&mut self, text: &str, r: Range) {
        match self.branches.last_mut() {
            Some((_, _, t)) => t.push(text, r),
            None => self.text.push(text, r),
        }
    }
}

/// A section being built: its label items, its label's range, its body,
/// and whether its names were already reported (a near heading).
type SectionBuilder = (Vec<(Range, Option<Range>)>, Range, BodyBuilder, bool);

pub(super) fn lower_result(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    diags: &mut Diagnostics,
) -> ParagraphBody {
    let mut intro = BodyBuilder::default();
    let mut sections: Vec<SectionBuilder> = Vec::new();
    let mut fresh = true;
    for l in lines {
        let at = At {
            fresh,
            after_sections: !sections.is_empty(),
        };
        fresh = ends_a_stretch(text, l);
        if matches!(l.kind, Line::Text) {
            if let Some(h) = near_heading(ctx, text, l.span, at) {
                diags.push(h.finding);
                if h.recover {
                    let mut b = BodyBuilder::default();
                    b.text.0.push(h.rest);
                    sections.push((h.items, h.label, b, true));
                    continue;
                }
            }
        }
        let current = match sections.last_mut() {
            Some((_, _, b, _)) => b,
            None => &mut intro,
        };
        match &l.kind {
            Line::Section { items, label, rest } => {
                let mut b = BodyBuilder::default();
                b.text.0.push(*rest);
                sections.push((items.clone(), *label, b, false));
            }
            Line::Branch { label, rest } => {
                current.branches.push((*label, l.span, Pieces(vec![*rest])));
            }
            Line::BadBranch => {
                diags.push(
                    Diagnostic::new("syntax-error", Span::new(ctx.file, l.span.0, l.span.1), "branch has no label")
                        .label("expected `> LABEL: text`")
                        .with_help("a branch is `> If you accept: ...`, `> {wounded} ...: ...` or `> 2-7: ...`; the `:` ends its label"),
                );
                // Read as an option whose label is the line: the block keeps
                // its shape, and nothing else is reported for this slip.
                let line = &text[l.span.0..l.span.1];
                let mark = line.find('>').map_or(l.span.0, |i| l.span.0 + i + 1);
                let end = l.span.0 + line.trim_end().len();
                current
                    .branches
                    .push(((mark, end), l.span, Pieces(vec![(end, end)])));
            }
            Line::BadHeader => diags.push(bad_header(ctx, text, l.span)),
            Line::Text | Line::Blank => current.push_text(text, l.span),
            Line::Comment(_) | Line::Header { .. } => {}
        }
    }
    let intro = lower_body(ctx, text, intro, diags);
    let sections = sections
        .into_iter()
        .map(|(items, label, body, quiet)| Section {
            labels: lower_labels(ctx, text, &items, quiet, diags),
            span: Span::new(ctx.file, label.0, label.1),
            body: lower_body(ctx, text, body, diags),
        })
        .collect();
    ParagraphBody::Result { intro, sections }
}

/// A line after which the next one starts a fresh stretch of text: a blank
/// line, or text that ends a sentence.
fn ends_a_stretch(text: &str, l: &ClassifiedLine) -> bool {
    match l.kind {
        Line::Blank | Line::Header { .. } => true,
        Line::Comment(_) => false,
        _ => text[l.span.0..l.span.1]
            .trim_end()
            .ends_with(['.', '!', '?', ']', '"', '”', '»', ')', ':']),
    }
}

fn lower_labels(
    ctx: &Context,
    text: &str,
    items: &[(Range, Option<Range>)],
    quiet: bool,
    diags: &mut Diagnostics,
) -> Vec<SectionLabel> {
    let l = ctx.locale;
    let mut labels = Vec::new();
    let mut all_mandatory = false;
    for (i, (name, note)) in items.iter().enumerate() {
        let raw = &text[name.0..name.1];
        let span = Span::new(ctx.file, name.0, name.1);
        let shown = raw.trim_matches('*');
        let kind = match heading::resolve(ctx, raw) {
            Resolved::Exact(kind) => kind,
            Resolved::Near(kind, fixed) => {
                if !quiet {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            span,
                            format!("section heading `{shown}` is no skill, status or treasure"),
                        )
                        .label(format!("read as `{fixed}`"))
                        .with_help(format!("did you mean `{fixed}`?")),
                    );
                }
                kind
            }
            Resolved::Unknown => {
                diags.push(
                    Diagnostic::new(
                        "unknown-name",
                        span,
                        format!("section heading `{shown}` is no skill, status or treasure"),
                    )
                    .label("unknown heading")
                    .with_help(format!(
                        "a heading is `{}` or a glossary name, in capitals",
                        l.no_skill
                    )),
                );
                LabelKind::Unknown(raw.to_owned())
            }
        };
        let mut mandatory = false;
        if let Some(note) = note {
            let inner = crate::ir::glossary_normalize(text[note.0 + 1..note.1 - 1].trim());
            let close = |word: &str| {
                let w = crate::text::fold(word);
                crate::text::near(
                    &crate::text::fold(&inner),
                    &w,
                    crate::text::slack(w.chars().count()),
                )
                .is_some()
            };
            let last = i + 1 == items.len();
            if inner == crate::ir::glossary_normalize(&l.mandatory) {
                mandatory = true;
            } else if inner == crate::ir::glossary_normalize(&l.all_mandatory) && last {
                all_mandatory = true;
            } else if close(&l.mandatory) || close(&l.all_mandatory) && last {
                // A few edits off: read as meant, reported once.
                let meant = if close(&l.mandatory) {
                    &l.mandatory
                } else {
                    &l.all_mandatory
                };
                mandatory = close(&l.mandatory);
                all_mandatory |= !mandatory;
                if !quiet {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            Span::new(ctx.file, note.0, note.1),
                            format!("unknown section note `{}`", &text[note.0..note.1]),
                        )
                        .label(format!("read as `({meant})`"))
                        .with_help(format!("did you mean `({meant})`?")),
                    );
                }
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
    labels.shrink_to_fit();
    labels
}

fn lower_body(ctx: &Context, text: &str, body: BodyBuilder, diags: &mut Diagnostics) -> Block {
    let mut block = lower_text(ctx, text, &body.text.0, diags);
    if body.branches.is_empty() {
        return block;
    }
    // A choice of one: the line that lost its `>`, if one looks like an
    // option (it starts with the option's first word and has a `:`).
    let lost = (body.branches.len() == 1)
        .then(|| {
            let (label, _, arm) = &body.branches[0];
            let first = text[label.0..label.1]
                .split_whitespace()
                .next()?
                .to_lowercase();
            // Each line of the text above the block and of the option.
            let lines = body.text.0.iter().chain(&arm.0).flat_map(|&(a, b)| {
                text[a..b].split('\n').scan(a, |at, l| {
                    let r = (*at, *at + l.len());
                    *at += l.len() + 1;
                    Some(r)
                })
            });
            let mut lines = lines;
            lines.find(|r| {
                let line = text[r.0..r.1].trim();
                line.contains(':')
                    && line
                        .split_whitespace()
                        .next()
                        .is_some_and(|w| w.to_lowercase() == first)
            })
        })
        .flatten();
    let mut branches = Vec::new();
    let mut kinds = Vec::new();
    for (label, line, pieces) in body.branches {
        let label_text = &text[label.0..label.1];
        let lead = label_text.len() - label_text.trim_start().len();
        let trimmed = label_text.trim();
        let label_span = Span::new(ctx.file, label.0 + lead, label.0 + lead + trimmed.len());
        let guard = if trimmed.starts_with('{') {
            match branch::parse_guard(trimmed) {
                GuardSyntax::Else => Guard::Else,
                GuardSyntax::Expr(branch::RawExpr::Name(name, _))
                    if name != "else"
                        && crate::text::near(&name.to_lowercase(), "else", 1).is_some()
                        && ctx.glossary.resolve(&name).is_none() =>
                {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            label_span,
                            format!("`{{{name}}}` is no condition"),
                        )
                        .label("read as `{else}`")
                        .with_help("did you mean `{else}`?"),
                    );
                    Guard::Else
                }
                GuardSyntax::Expr(raw) => {
                    Guard::Condition(branch::resolve_expr(ctx, raw, label.0 + lead, diags))
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
            match branch::parse_band(trimmed) {
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
    if kind == BranchKind::Choice && branches.len() == 1 {
        let b = &branches[0];
        let d = match lost {
            Some(r) => {
                let line = text[r.0..r.1].trim();
                let lead = text[r.0..r.1].len() - text[r.0..r.1].trim_start().len();
                let label = line.split(':').next().unwrap_or(line);
                Diagnostic::new(
                    "single-choice",
                    Span::new(ctx.file, r.0 + lead, r.0 + lead + label.len()),
                    format!("`{label}` looks like an option without its `>`"),
                )
                .label("no `>`")
                .with_secondary(b.label.span, "the choice's only option")
                .with_help(format!("write `> {label}:` to make it an option of the choice"))
            }
            None => Diagnostic::new(
                "single-choice",
                b.label.span,
                format!("a choice with only one option (`{}`)", b.label.value),
            )
            .label("the only option")
            .with_help("give each option its own line starting with `>`; was the `>` of another option forgotten?"),
        };
        diags.push(d);
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
    branches.shrink_to_fit();
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
    let parts = branch::parse_roll_spec(&t[open..])?;
    let len = parts.len;
    let start = joined.to_file(open);
    let span = Span::new(ctx.file, start, start + len);
    Some(branch::roll_spec(ctx, parts, start, span, diags))
}
