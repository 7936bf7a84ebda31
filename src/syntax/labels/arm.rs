//! The head of a block's arm, after its `>` marks (FORMAT.md section 2a):
//! a section label (`NO SKILL:`, `{terrain = sea} (mandatory):`), a
//! condition (`{female} If you are female:`, `{else} Otherwise:`), a die
//! band (`2-7:`, `❖ 8+:`) or a choice's plain label (`If you accept:`). A
//! choice's label may run onto the next lines, as printed books wrap it.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Band, Guard};
use crate::span::Span;
use crate::syntax::conditions::condition::{parse_guard, resolve_expr};
use crate::syntax::conditions::written::{GuardSyntax, RawExpr};
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::syntax::labels::heading::{Item, lower_labels, malformed_condition, scan};

/// An arm's head as read.
pub(crate) struct Head {
    /// The label, trimmed, up to (not with) its `:`.
    pub(crate) label: Range,
    pub(crate) guard: Guard,
    /// Where the arm's own text starts (after the `:`).
    pub(crate) text: usize,
    /// How many of the following lines the label ran onto.
    pub(crate) lines: usize,
}

/// Whether `head` is the reading of a line with no label (no `:`): the
/// "branch has no label" error, read as an option whose label is the line.
pub(crate) fn has_no_label(text: &str, head: &Head) -> bool {
    matches!(head.guard, Guard::None)
        && head.lines == 0
        && !text[head.label.1..head.text.max(head.label.1)].contains(':')
}

/// Lines a choice's label may run onto, after its first.
const MAX_WRAP: usize = 3;

/// Read the head of an arm whose body (after its marks) is `body`; `next`
/// are the text lines that follow it (for a label that wraps).
pub(crate) fn head(
    ctx: &Context,
    text: &str,
    body: Range,
    next: &[Range],
    diags: &mut Diagnostics,
) -> Head {
    let (start, end) = body;
    if let Some(mut s) = scan(ctx, text, start, end, true)
        && is_section(text, &s.items)
    {
        crate::syntax::labels::heading::note_after_colon(ctx, text, &mut s, end, diags);
        let labels = lower_labels(ctx, text, &s.items, false, diags);
        return Head {
            label: s.label,
            guard: Guard::Section(labels),
            text: s.colon + 1,
            lines: 0,
        };
    }
    if let Some(head) = section_in_another_case(ctx, text, body, diags) {
        return head;
    }
    let line = &text[start..end];
    if line.starts_with('{') {
        return condition(ctx, text, body, next, diags);
    }
    if let Some(head) = paren_condition(ctx, text, body, next, diags) {
        return head;
    }
    let Some((colon, lines)) = colon_after(text, start, end, 0, next) else {
        diags.push(
            Diagnostic::new("syntax-error", Span::new(ctx.file, start, end), "branch has no label")
                .label("expected `> LABEL: text`")
                .with_help("a branch is `> If you accept: ...`, `> {wounded} ...: ...` or `> 2-7: ...`; the `:` ends its label (a line of prose starts with no `>`)"),
        );
        // Read as an option whose label is the line: the block keeps its
        // shape, and nothing else is reported for this slip.
        let trimmed = start + line.trim_end().len();
        return Head {
            label: (start, trimmed),
            guard: Guard::None,
            text: end,
            lines: 0,
        };
    };
    let label = (start, start + text[start..colon].trim_end().len());
    let guard = label_guard(ctx, text, label, diags);
    if matches!(guard, Guard::None)
        && let Some((guard, after)) = guard_after_colon(ctx, text, label, colon, diags)
    {
        return Head {
            label,
            guard,
            text: after,
            lines,
        };
    }
    Head {
        label,
        guard,
        text: colon + 1,
        lines,
    }
}

/// Words a heading in Title Case may leave small.
const SMALL: [&str; 11] = [
    "of", "and", "at", "the", "de", "del", "y", "et", "du", "la", "le",
];

/// `> No Skill: ...`, `> Courtly Graces at Master level: ...`: an arm's
/// section label in another case, every name one the book knows as
/// written: read as the section, one `heading-like-line` (before, it was
/// a choice's label, and the block's kind was reported at the next arm).
fn section_in_another_case(
    ctx: &Context,
    text: &str,
    body: Range,
    diags: &mut Diagnostics,
) -> Option<Head> {
    // Told at once from a choice's label (`If you accept`): the label,
    // without the Master suffix, is the NO SKILL keyword or in Title Case
    // (no word of it starts small but `of`, `and`, ...), and its first
    // name, without a note, is one the book knows. A few dozen
    // instructions a choice's arm.
    // A die band (`4+`, `1-3`), an `{expr}` and a label in capitals are
    // none: a letter starts it, and a small one is in it.
    let first = text[body.0..body.1].trim_start().chars().next()?;
    if !first.is_alphabetic() {
        return None;
    }
    let colon = memchr::memchr(b':', &text.as_bytes()[body.0..body.1])?;
    let label = text[body.0..body.0 + colon].trim();
    if !label.chars().any(char::is_lowercase) {
        return None;
    }
    let label =
        crate::text::strip_suffix_ci(label, &ctx.locale.master_suffix).map_or(label, str::trim_end);
    let title = label.split_ascii_whitespace().all(|w| {
        let w = w.trim_start_matches([',', '/']);
        !w.starts_with(char::is_lowercase) || SMALL.contains(&w)
    });
    let no_skill = &ctx.locale.no_skill;
    let keyword = label.len() == no_skill.len() && crate::text::eq_ci(label, no_skill);
    if !(title || keyword) {
        return None;
    }
    section_in_any_case(ctx, text, body, false, diags)
}

/// A block's choice labels where no choice can stand, read as the
/// sections they name in another case: beside a skill check's arm
/// (`> NO SKILL:` and `> Courtly graces:`, once "a choice arm in a skill
/// check block" at the wrong arm), or when every label names one (`>
/// piety:` and `> wisdom:`, once a choice with one finding short). `arms`:
/// each arm's head and first line.
pub(crate) fn sections_in_any_case(
    ctx: &Context,
    text: &str,
    mut arms: Vec<(&mut Head, Range)>,
    diags: &mut Diagnostics,
) {
    let choice = |h: &Head| matches!(h.guard, Guard::None) && h.lines == 0;
    let beside_section = arms
        .iter()
        .any(|(h, _)| matches!(h.guard, Guard::Section(_)));
    if !beside_section && !arms.iter().all(|(h, _)| choice(h)) {
        return;
    }
    let mut read = Vec::new();
    let mut found = Diagnostics::new();
    for (i, (h, line)) in arms.iter().enumerate() {
        if !choice(h) {
            continue;
        }
        let body = (h.label.0, line.1);
        match section_in_any_case(ctx, text, body, beside_section, &mut found) {
            Some(head) => read.push((i, head)),
            // Every label, or none: a choice may name one section.
            None if !beside_section => return,
            None => {}
        }
    }
    for (i, head) in read {
        *arms[i].0 = head;
    }
    diags.append(&mut found);
}

/// `> Courtly graces: ...`: an arm's label in any case whose every name is
/// one the book knows as written, read as the section with one
/// `heading-like-line`. Asked of a choice's label only where a choice
/// cannot stand: among a skill check's arms (the block is told by them),
/// or where every label of the block names a section (`> piety:` and
/// `> wisdom:`). `near`: a name a few edits off is read too (`> Cortesia:`
/// beside `> SIN HABILIDAD:`), where no choice can stand.
fn section_in_any_case(
    ctx: &Context,
    text: &str,
    body: Range,
    near: bool,
    diags: &mut Diagnostics,
) -> Option<Head> {
    use crate::syntax::labels::heading::{At, Resolved, Shape, exact, near_heading, resolve};
    let colon = memchr::memchr(b':', &text.as_bytes()[body.0..body.1])?;
    let label = text[body.0..body.0 + colon].trim();
    let label =
        crate::text::strip_suffix_ci(label, &ctx.locale.master_suffix).map_or(label, str::trim_end);
    if !near {
        exact(ctx, label.split([',', '/', '(', '{']).next()?.trim())?;
    }
    let at = At {
        fresh: true,
        after_sections: true,
        label: near,
    };
    let h = near_heading(ctx, text, body, at).filter(|h| h.recover)?;
    let known = h.scan.items.iter().all(|i| match i.shape {
        Shape::Name { name, .. } => match resolve(ctx, &text[name.0..name.1]) {
            Resolved::Exact(_) => true,
            Resolved::Near(..) => near,
            Resolved::Unknown => false,
        },
        _ => false,
    });
    if !known {
        return None;
    }
    let mut finding = h.finding;
    finding.help = finding
        .help
        .map(|t| t.replace(", at the start of the line", ""));
    diags.push(finding);
    let labels = lower_labels(ctx, text, &h.scan.items, true, diags);
    Some(Head {
        label: h.scan.label,
        guard: Guard::Section(labels),
        text: h.scan.colon + 1,
        lines: 0,
    })
}

/// The guard a label says: a die band (one finding for a band too large or
/// malformed), or an option's `{expr}`.
fn label_guard(ctx: &Context, text: &str, label: Range, diags: &mut Diagnostics) -> Guard {
    match crate::syntax::conditions::branch::parse_band(&text[label.0..label.1]) {
        Some(Ok(b)) => {
            if let Some((lo, hi)) =
                crate::syntax::conditions::branch::too_large(&text[label.0..label.1])
            {
                let max = crate::syntax::limits::MAX_AMOUNT;
                diags.push(
                    Diagnostic::new(
                        "syntax-error",
                        Span::new(ctx.file, label.0, label.1),
                        format!("die band number `{hi}` is too large"),
                    )
                    .label("too large")
                    .with_help(format!(
                        "a band's numbers go up to {max}; `{lo}+` is every total from {lo} up"
                    )),
                );
            }
            Guard::Band(b)
        }
        Some(Err(msg)) => {
            diags.push(
                Diagnostic::new("syntax-error", Span::new(ctx.file, label.0, label.1), msg)
                    .label("bad band"),
            );
            Guard::None
        }
        None => match band_in_words(ctx, &text[label.0..label.1]) {
            Some(lo) => {
                diags.push(
                    Diagnostic::new(
                        "syntax-error",
                        Span::new(ctx.file, label.0, label.1),
                        format!("`{}` is a die band in words", &text[label.0..label.1]),
                    )
                    .label(format!("read as `{lo}+`"))
                    .with_help(format!(
                        "write `{lo}+`: a die band is `N`, `N-M` or `N+` (tales reads it so meanwhile)"
                    )),
                );
                Guard::Band(Band { lo, hi: None })
            }
            None => option_guard(ctx, text, label, diags),
        },
    }
}

/// `9 or more`, `4 o más`: a number then one of the locale's `band-up`
/// words, a die band from it up. Asked only of a label a digit starts
/// that reads as no band.
fn band_in_words(ctx: &Context, label: &str) -> Option<u32> {
    let digits = label.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let lo: u32 = label[..digits].parse().ok()?;
    let rest = label[digits..].trim();
    let words = crate::text::fold(rest);
    let up = ctx.locale.band_up.iter().map(String::as_str);
    (lo <= crate::syntax::limits::MAX_AMOUNT
        && up.into_iter().any(|g| crate::text::fold(g) == words))
    .then_some(lo)
}

/// `> If you pay the fee: {wealth >= rich} He brings ...`: a condition at
/// the start of an option's text, where it guards nothing. One error at
/// it, read as the option's guard (FORMAT.md 2b) with the text after it;
/// a roll spec there (`{2d6 + luck}`) is the text's own.
fn guard_after_colon(
    ctx: &Context,
    text: &str,
    label: Range,
    colon: usize,
    diags: &mut Diagnostics,
) -> Option<(Guard, usize)> {
    let rest = &text[colon + 1..];
    let open = colon + 1 + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    let line = &text[open..text[open..].find('\n').map_or(text.len(), |n| open + n)];
    let close = line.strip_prefix('{')?.find('}')? + 2;
    let braced = &line[..close];
    let inner = braced[1..].trim_start();
    let dice = inner.trim_start_matches(|c: char| c.is_ascii_digit());
    if dice.starts_with(['d', 'D']) && dice[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let GuardSyntax::Expr(raw) = parse_guard(braced) else {
        return None;
    };
    let label_text = text[label.0..label.1].trim_end();
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, open, open + close),
            format!("`{braced}` after an option's colon guards nothing"),
        )
        .label("read as the option's condition")
        .with_help(format!(
            "put the condition before the colon: `> {label_text} {braced}: ...`"
        )),
    );
    Some((
        Guard::Option(resolve_expr(ctx, raw, open, diags)),
        open + close,
    ))
}

/// A choice's label that ends with `{expr}` (FORMAT.md 2b, guarded
/// options): the option is offered only when it holds. A condition that
/// does not read is one error, and the option is read as never offered.
fn option_guard(ctx: &Context, text: &str, label: Range, diags: &mut Diagnostics) -> Guard {
    let line = &text[label.0..label.1];
    let Some(open) = line.rfind('{').filter(|&i| i > 0) else {
        return Guard::None;
    };
    let at = label.0 + open;
    let closed;
    let guard = if line.ends_with('}') {
        &line[open..]
    } else if line[open..].contains('}') {
        return Guard::None;
    } else {
        // `If you pay {wealth >= rich:`: one error at the `{`, read as if
        // closed, so the option keeps its condition.
        diags.push(
            Diagnostic::new(
                "unbalanced-bracket",
                Span::new(ctx.file, at, at + 1),
                "`{` is never closed",
            )
            .label("this condition has no `}`")
            .with_help("close the option's condition with `}` before the `:`"),
        );
        closed = format!("{}}}", &line[open..]);
        &closed
    };
    match parse_guard(guard) {
        GuardSyntax::Expr(raw) => Guard::Option(resolve_expr(ctx, raw, at, diags)),
        GuardSyntax::Else => {
            diags.push(
                Diagnostic::new("syntax-error", Span::new(ctx.file, at, label.1), "`{else}` guards no option")
                    .label("not a condition of its own")
                    .with_help("the option taken when no other is offered is a plain `> Otherwise: ...`; drop `{else}`, or write the condition it stands for"),
            );
            Guard::None
        }
        GuardSyntax::Malformed => {
            diags.push(malformed_condition(ctx, (at, label.1)));
            Guard::Option(crate::ir::Expr::Any(Vec::new()))
        }
    }
}

/// Items that make a section label: names, or conditions alone (`{else}`
/// is a condition's arm, never a section).
fn is_section(text: &str, items: &[Item]) -> bool {
    !items.is_empty()
        && !items.iter().any(|i| {
            matches!(i.shape, crate::syntax::labels::heading::Shape::Condition(r) if text[r.0 + 1..r.1 - 1].trim().eq_ignore_ascii_case("else"))
        })
}

/// `{expr} label:` or `{else} label:`.
fn condition(
    ctx: &Context,
    text: &str,
    body: Range,
    next: &[Range],
    diags: &mut Diagnostics,
) -> Head {
    let (start, end) = body;
    let close = text[start..end].find('}').map_or(end, |i| start + i + 1);
    let (colon, lines) = colon_after(text, close, end, 0, next).unwrap_or((end, 0));
    let label = (start, start + text[start..colon].trim_end().len());
    let guard = match parse_guard(&text[start..close]) {
        GuardSyntax::Else => Guard::Else,
        GuardSyntax::Expr(RawExpr::Name(name, _))
            if name != "else"
                && crate::text::near(&name.to_lowercase(), "else", 1).is_some()
                && ctx.glossary.resolve(&name).is_none() =>
        {
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    Span::new(ctx.file, start, close),
                    format!("`{{{name}}}` is no condition"),
                )
                .label("read as `{else}`")
                .with_help("did you mean `{else}`?"),
            );
            Guard::Else
        }
        GuardSyntax::Expr(raw) => Guard::Condition(resolve_expr(ctx, raw, start, diags)),
        GuardSyntax::Malformed => {
            if text[start..close].ends_with('}') {
                diags.push(malformed_condition(ctx, (start, close)));
            } else {
                diags.push(
                    Diagnostic::new("unbalanced-bracket", Span::new(ctx.file, start, start + 1), "the condition's `{` is never closed")
                        .label("no `}` on this line")
                        .with_help("close the condition before the arm's label: `> {wounded} If you are Wounded: ...`"),
                );
            }
            // Still a condition's arm (one that never holds): the block
            // keeps its kind, and nothing else is reported for this slip.
            Guard::Condition(crate::ir::Expr::Any(Vec::new()))
        }
    };
    // No colon (`colon == end`): the text is empty; a colon on this line
    // or on a line the label wrapped onto: the text starts after it.
    let text = if colon < end || lines > 0 {
        colon + 1
    } else {
        end
    };
    Head {
        label,
        guard,
        text,
        lines,
    }
}

/// `> (wounded) If you are Wounded:`: a condition in parentheses, when what
/// is inside reads as one without a word against it. Reported, read as the
/// condition.
fn paren_condition(
    ctx: &Context,
    text: &str,
    body: Range,
    next: &[Range],
    diags: &mut Diagnostics,
) -> Option<Head> {
    let (start, end) = body;
    let close = start + text[start..end].find(')')?;
    let inner = text.get(start + 1..close)?;
    if !text[start..end].starts_with('(') || inner.trim().is_empty() {
        return None;
    }
    let braced = format!("{{{inner}}}");
    let GuardSyntax::Expr(raw) = parse_guard(&braced) else {
        return None;
    };
    let mut quiet = Vec::new();
    let expr = resolve_expr(ctx, raw, start, &mut quiet);
    if !quiet.is_empty() {
        return None;
    }
    let (colon, lines) = colon_after(text, close + 1, end, 0, next)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, start, close + 1),
            format!("a condition in parentheses: `({inner})`"),
        )
        .label(format!("read as `{braced}`"))
        .with_help(format!("a condition is written in braces: `{braced}`")),
    );
    Some(Head {
        label: (start, start + text[start..colon].trim_end().len()),
        guard: Guard::Condition(expr),
        text: colon + 1,
        lines,
    })
}

/// The first `:` after `from` on the line (`to`), or on the text lines that
/// follow (a wrapped label): where it is and how many lines on.
fn colon_after(
    text: &str,
    from: usize,
    to: usize,
    depth: usize,
    next: &[Range],
) -> Option<(usize, usize)> {
    if let Some(i) = memchr::memchr(b':', &text.as_bytes()[from..to]) {
        return Some((from + i, depth));
    }
    if depth >= MAX_WRAP {
        return None;
    }
    let (&(a, b), rest) = next.split_first()?;
    colon_after(text, a, b, depth + 1, rest)
}
