//! The rules of a block that hold at every depth and are checked while
//! reading: `{else}` last and once, and a choice of more than one option.
//! (NO SKILL once per skill check and the die roll's coverage are lints:
//! `missing-no-skill`, `roll-coverage`.)

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Arm, Guard};
use crate::span::Span;
use crate::syntax::blocks::pieces::Pieces;
use crate::syntax::context::Context;

/// `{else}` once, as the last arm.
pub(crate) fn else_last(ctx: &Context, arms: &[Arm], span: Span, diags: &mut Diagnostics) {
    let _ = ctx;
    let first_else = arms.iter().position(|a| a.guard == Guard::Else);
    let misplaced = arms.iter().filter(|a| a.guard == Guard::Else).count() > 1
        || first_else.is_some_and(|i| i + 1 != arms.len());
    if first_else == Some(0) && arms.len() == 1 {
        // `{else}` alone: the block it was meant for is one `>` up.
        let depth = arms[0].label.span;
        diags.push(
            Diagnostic::new("syntax-error", depth, "`{else}` alone in its block: it follows no condition")
                .label("no condition before it at this depth")
                .with_help("an `{else}` closes the conditions above it at the same depth: give it as many `>` as they have"),
        );
        return;
    }
    if misplaced {
        let at = first_else.map_or(span, |i| arms[i].label.span);
        diags.push(
            Diagnostic::new(
                "syntax-error",
                at,
                "`{else}` must be the last arm of its block, once",
            )
            .label("misplaced `{else}`")
            .with_secondary(span, "the block")
            .with_help("`{else}` takes what no arm above it matched: move it to the end"),
        );
    }
}

/// An `{else}` among a choice's options (`> {else} Otherwise:` after `> If
/// you pay {wealth >= rich}:`, or between two options): the slip is the
/// `{else}`, one finding there, and the arm is read as the plain option it
/// stands for (the block stays a choice, so nothing else is reported).
pub(crate) fn else_in_choice(arms: &mut [Arm], diags: &mut Diagnostics) {
    let options = |g: &Guard| matches!(g, Guard::None | Guard::Option(_));
    let elses = arms.iter().filter(|a| a.guard == Guard::Else).count();
    if elses != 1
        || arms.len() < 2
        || !arms
            .iter()
            .all(|a| a.guard == Guard::Else || options(&a.guard))
    {
        return;
    }
    // `> If you are Wounded: ... / > {else} Otherwise: ...` is a condition
    // that lost its braces (`kind_of` says so at that arm): the `{else}` is
    // the slip only where no condition can end with it, in the middle, or
    // beside an option guarded as options are (`If you pay {wealth >= rich}:`).
    let last = arms.len() - 1;
    let guarded = arms.iter().any(|a| matches!(a.guard, Guard::Option(_)));
    if !guarded && arms[last].guard == Guard::Else {
        return;
    }
    let Some(arm) = arms.iter_mut().find(|a| a.guard == Guard::Else) else {
        return;
    };
    diags.push(
        Diagnostic::new("syntax-error", arm.label.span, "`{else}` among a choice's options")
            .label("a condition's word, in a choice")
            .with_help("the option taken when no other is offered is a plain `> Otherwise: ...`; drop `{else}` (or, for a condition, put each arm's condition first: `> {wealth >= rich} If you pay:`)"),
    );
    arm.guard = Guard::None;
}

/// A choice of one option: the line that lost its `>`, if one looks like
/// an option (it starts with the option's first word and has a `:`), in
/// the text above the block or in the option's own text.
pub(crate) fn single_choice(
    ctx: &Context,
    text: &str,
    arm: &Arm,
    above: Option<&Pieces>,
) -> Diagnostic {
    if let Guard::Option(_) = arm.guard {
        return lone_guarded(arm);
    }
    let first = arm
        .label
        .value
        .split_whitespace()
        .next()
        .map(str::to_lowercase);
    let own = arm.node.span.map(|s| (s.start as usize, s.end as usize));
    let pieces = above
        .map_or(&[][..], |p| p.0.as_slice())
        .iter()
        .copied()
        .chain(own);
    let lost = first.and_then(|first| {
        let mut lines = pieces.flat_map(|(a, b)| {
            text[a..b].split('\n').scan(a, |at, l| {
                let r = (*at, *at + l.len());
                *at += l.len() + 1;
                Some(r)
            })
        });
        lines.find(|r| {
            let line = text[r.0..r.1].trim();
            !line.starts_with('>')
                && line.contains(':')
                && line
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| w.to_lowercase() == first)
        })
    });
    match lost {
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
            .with_secondary(arm.label.span, "the choice's only option")
            .with_help(format!("write `> {label}:` to make it an option of the choice"))
        }
        None => Diagnostic::new(
            "single-choice",
            arm.label.span,
            format!("a choice with only one option (`{}`)", arm.label.value),
        )
        .label("the only option")
        .with_help("give each option its own line starting with `>`; was the `>` of another option forgotten?"),
    }
}

/// A choice left with one guarded option (FORMAT.md 2b): the reader it is
/// not offered to has nothing to choose. The likely fix is the other option.
fn lone_guarded(arm: &Arm) -> Diagnostic {
    let label = &arm.label.value;
    let (words, guard) = label.rfind('{').map_or((label.as_str(), ""), |i| {
        (label[..i].trim_end(), &label[i..])
    });
    Diagnostic::new(
        "single-choice",
        arm.label.span,
        format!("a choice with only one option (`{label}`), offered only when `{guard}` holds"),
    )
    .label("the only option")
    .with_help(format!(
        "a guarded option needs another: add `> Otherwise: ...` after it, or make it a condition: `> {guard} {words}:`"
    ))
}
