//! A result paragraph's body: the intro, the skill sections and their
//! branch blocks (choices, conditions, die rolls).

use super::Context;
use super::block::{Joined, lower_text};
use super::branch::{self, GuardSyntax};
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

pub(super) fn lower_result(
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
    labels.shrink_to_fit();
    labels
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
            match branch::parse_guard(trimmed) {
                GuardSyntax::Else => Guard::Else,
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
