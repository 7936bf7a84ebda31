//! A heading's labels lowered to IR, with their diagnostics: unknown and
//! near names, Master level, wealth labels, `{expr}` qualifiers and
//! section notes.

use super::resolve::{Resolved, any_skills_number, foreign_word, resolve};
use super::scan::{Item, Shape, bracketed_condition};
use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::{Cmp, LabelKind, SectionLabel, glossary_normalize};
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::text::{fold, near, slack};

/// The labels of a heading, resolved. `quiet`: the names were reported
/// already (a near heading), so a near miss is read without a word.
pub(crate) fn lower_labels(
    ctx: &Context,
    text: &str,
    items: &[Item],
    quiet: bool,
    diags: &mut Diagnostics,
) -> Vec<SectionLabel> {
    let mut labels = Vec::with_capacity(items.len());
    let mut all_mandatory = false;
    for (i, item) in items.iter().enumerate() {
        let (mut kind, span) = kind(ctx, text, &item.shape, quiet, diags);
        let qualifier = item.qualifier.map(|r| {
            // Told with the heading's finding: read, not reported again.
            let mut told = Diagnostics::default();
            condition_expr(ctx, text, r, if item.told { &mut told } else { diags })
        });
        let last = i + 1 == items.len();
        let master = item.note.filter(|&n| master_note(ctx, text, n));
        if let (Some(n), LabelKind::Entry(id)) = (master, &kind) {
            if !quiet {
                diags.push(master_in_parentheses(ctx, text, n, span));
            }
            kind = LabelKind::Master(*id);
        }
        // A second note (`WOUNDED [at night] (mandatory):`): the one read
        // counts, the other is reported, its help to remove it.
        let mut odd = None;
        let mut read = |n: Range| {
            let before = diags.len();
            let flags = note(ctx, text, n, (last, item.late), quiet, diags);
            if flags.is_none() {
                odd = Some((before, n));
            }
            flags
        };
        let first = item.note.filter(|_| master.is_none()).map(&mut read);
        let second = item.extra.map(&mut read);
        let flags = first.flatten().or(second.flatten());
        if let (Some(_), Some((i, n))) = (flags, odd)
            && let Some(d) = diags.get_mut(i)
        {
            d.help = Some(format!(
                "a name takes one note: remove `{}`",
                &text[n.0..n.1]
            ));
        }
        let (mandatory, all) = flags.unwrap_or_default();
        all_mandatory |= all;
        labels.push(SectionLabel {
            kind,
            qualifier,
            mandatory,
            note_told: flags.is_none() && first.or(second).is_some(),
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

/// A note that is the locale's master suffix (`(a nivel de maestro)`).
fn master_note(ctx: &Context, text: &str, n: Range) -> bool {
    let inner = &text[n.0 + 1..n.1 - 1];
    text[n.0..n.1].starts_with('(')
        && glossary_normalize(inner.trim()) == glossary_normalize(&ctx.locale.master_suffix)
}

/// `WISDOM (at Master level):`: one finding, read as the name at Master
/// level.
fn master_in_parentheses(ctx: &Context, text: &str, n: Range, name: Span) -> Diagnostic {
    let suffix = &ctx.locale.master_suffix;
    let written = text[name.start as usize..name.end as usize].trim();
    Diagnostic::new(
        "unknown-name",
        Span::new(ctx.file, n.0, n.1),
        format!("`{}` is no section note", &text[n.0..n.1]),
    )
    .label(format!("read as `{suffix}`"))
    .with_help(format!(
        "write `{written} {suffix}`, without the parentheses"
    ))
}

/// The expression of a `{...}` at `r` (braces included); a malformed one
/// is reported and read as always true.
fn condition_expr(ctx: &Context, text: &str, r: Range, diags: &mut Diagnostics) -> crate::ir::Expr {
    if text[r.0..r.1].starts_with(['[', '(']) {
        return bracketed_expr(ctx, text, r, diags);
    }
    if let crate::syntax::conditions::written::GuardSyntax::Expr(e) =
        crate::syntax::conditions::condition::parse_guard(&text[r.0..r.1])
    {
        crate::syntax::conditions::condition::resolve_expr(ctx, e, r.0, diags)
    } else {
        diags.push(malformed_condition(ctx, r));
        crate::ir::Expr::All(Vec::new())
    }
}

/// `[if opposite sex]` after a name: one error at the bracket, read as
/// the condition it means, or, when its words are no condition the format
/// has, as none (the heading still reads).
fn bracketed_expr(ctx: &Context, text: &str, r: Range, diags: &mut Diagnostics) -> crate::ir::Expr {
    use crate::ir::Expr;
    let written = &text[r.0..r.1];
    let message = format!("`{written}`: a condition in a heading is written in braces");
    let span = Span::new(ctx.file, r.0, r.1);
    let read = bracketed_condition(text, r.0, r.1).map(|(_, e)| (e, None));
    let Some((e, written)) = read.or_else(|| noted_names(ctx, text, r, diags)) else {
        diags.push(
            Diagnostic::new("syntax-error", span, message)
                .label("no condition of the format: read as none")
                .with_help("write the condition in braces after the name, such as `{opposite-sex}`, `{female}` or `{married}`"),
        );
        return Expr::All(Vec::new());
    };
    let meant = written.unwrap_or_else(|| braced(&e).to_owned());
    diags.push(
        Diagnostic::new("syntax-error", span, message)
            .label(format!("read as `{meant}`"))
            .with_help(format!("write `{meant}` after the name")),
    );
    e
}

/// How the format writes the condition of a printed `[if ...]` note
/// ([`bracketed_condition`]'s).
pub(super) fn braced(e: &crate::ir::Expr) -> &'static str {
    use crate::ir::{Expr, Gender};
    match e {
        Expr::OppositeSex => "{opposite-sex}",
        Expr::Gender(Gender::Female) => "{female}",
        Expr::Gender(Gender::Male) => "{male}",
        _ => "{!opposite-sex}",
    }
}

/// `(if you are not Wounded)`, `(if Married and not Wounded)`: a printed
/// note whose words are glossary names, each maybe after `not` (the
/// locale's words, as in a conditional award item's note); the condition
/// and how the format writes it. `None` when a word is no name.
fn noted_names(
    ctx: &Context,
    text: &str,
    r: Range,
    diags: &mut Diagnostics,
) -> Option<(crate::ir::Expr, Option<String>)> {
    use crate::ir::Expr;
    let w = &ctx.locale.effects;
    let inner = text[r.0 + 1..r.1 - 1].trim();
    let (_, words) = inner.split_once(' ')?;
    let strip = |s: &str, list: &[String]| -> (bool, String) {
        let s = s.trim();
        list.iter()
            .find_map(|y| {
                let n = crate::effect_words::starts_ci(s, y)?;
                s[n..].strip_prefix(' ').map(|rest| rest.trim().to_string())
            })
            .map_or((false, s.to_string()), |rest| (true, rest))
    };
    let (mut all, mut written) = (Vec::new(), Vec::new());
    for part in crate::text::split_word(words, &ctx.locale.and) {
        let (_, part) = strip(part, &w.you_are);
        let (negated, word) = strip(&part, &w.not);
        let (_, word) = strip(&word, &w.you_are);
        if w.appropriate.iter().any(|a| crate::text::eq_ci(a, &word)) {
            // `(if appropriate)`: the book's usual meaning, as in an award.
            written.push(format!("{}opposite-sex", if negated { "!" } else { "" }));
            all.push(if negated {
                Expr::Not(Box::new(Expr::OppositeSex))
            } else {
                Expr::OppositeSex
            });
            continue;
        }
        let entry = ctx.glossary.resolve(&word)?;
        let id = entry.id.value.as_str();
        let span = Span::new(ctx.file, r.0, r.1);
        let e = crate::syntax::conditions::condition::atom(ctx, id, span, "condition", diags);
        written.push(format!("{}{id}", if negated { "!" } else { "" }));
        all.push(if negated { Expr::Not(Box::new(e)) } else { e });
    }
    let e = if all.len() == 1 {
        all.pop()?
    } else {
        Expr::All(all)
    };
    Some((e, Some(format!("{{{}}}", written.join(" & ")))))
}

pub(crate) fn malformed_condition(ctx: &Context, r: Range) -> Diagnostic {
    Diagnostic::new("syntax-error", Span::new(ctx.file, r.0, r.1), "malformed condition")
        .label("expected `{expr}`")
        .with_help("a condition is `{id}`, `{!id}`, `{a & b}`, `{a | b}`, `{wealth >= rich}`, `{female}`, ... or `{else}`")
}

/// `WEALTH: RICH or more`: reported once, read with the comparison the
/// words say (a level that is not on the ladder is not reported again).
fn bad_wealth(
    ctx: &Context,
    text: &str,
    level: Range,
    words: Range,
    guess: Option<Cmp>,
    diags: &mut Diagnostics,
) -> (LabelKind, Span) {
    let l = ctx.locale;
    let span = Span::new(ctx.file, level.0, words.1.max(level.1));
    let name = text[level.0..level.1].trim();
    let written = text[words.0..words.1].trim();
    let mut d = Diagnostic::new(
        "syntax-error",
        span,
        if written.is_empty() {
            format!(
                "`{name}`: a wealth label says `{}` or `{}` after the level",
                l.or_less, l.or_greater
            )
        } else {
            format!("`{written}` is no comparison of a wealth label")
        },
    );
    let level_span = Span::new(ctx.file, level.0, level.1);
    let level = ctx.rules.wealth_level(name);
    let words_at = words;
    let fixed = |cmp: Cmp| {
        let words = if cmp == Cmp::Le {
            &l.or_less
        } else {
            &l.or_greater
        };
        format!("{} {words}", name.to_uppercase())
    };
    let kind = match (guess, level) {
        (Some(cmp), Some(i)) => {
            d = d
                .label(format!("read as `{}`", fixed(cmp)))
                .with_help(format!("write `{}: {}`", l.wealth_label, fixed(cmp)));
            LabelKind::Wealth(cmp, i)
        }
        (Some(cmp), None) => {
            // Two slips: the words, and a level not on the ladder.
            let words = if cmp == Cmp::Le {
                &l.or_less
            } else {
                &l.or_greater
            };
            d = d
                .label(format!("read as `{words}`"))
                .with_help(format!("write `{words}`"));
            d.primary.span = Span::new(ctx.file, words_at.0, words_at.1);
            diags.push(crate::syntax::names::unknown_level(ctx, name, level_span));
            LabelKind::Unknown(name.to_owned())
        }
        _ => {
            d = d.label("no comparison read").with_help(format!(
                "write `{0}: LEVEL {1}` or `{0}: LEVEL {2}`, LEVEL a wealth level of book.yaml",
                l.wealth_label, l.or_less, l.or_greater
            ));
            LabelKind::Unknown(name.to_owned())
        }
    };
    diags.push(d);
    (kind, span)
}

/// `WEALTH RICH or greater`: the `:` after the locale's word left out
/// (read as there).
fn wealth_colon(ctx: &Context, text: &str, at: usize, level: Range, cmp: Cmp) -> Diagnostic {
    let l = ctx.locale;
    let word = (at.checked_sub(l.wealth_label.len()))
        .and_then(|from| text.get(from..at))
        .unwrap_or(&l.wealth_label);
    let words = if cmp == Cmp::Le {
        &l.or_less
    } else {
        &l.or_greater
    };
    let meant = format!("{word}: {} {words}", text[level.0..level.1].trim());
    Diagnostic::new(
        "syntax-error",
        Span::new(ctx.file, at.saturating_sub(word.len()), at),
        format!("`{word}` is followed by no `:` before its level"),
    )
    .label(format!("read as `{meant}`"))
    .with_help(format!("write `{meant}`"))
}

/// What one item names.
fn kind(
    ctx: &Context,
    text: &str,
    shape: &Shape,
    quiet: bool,
    diags: &mut Diagnostics,
) -> (LabelKind, Span) {
    match shape {
        Shape::Condition(r) => {
            let span = Span::new(ctx.file, r.0, r.1);
            (
                LabelKind::Condition(condition_expr(ctx, text, *r, diags)),
                span,
            )
        }
        Shape::Wealth { level, cmp, colon } => {
            let span = Span::new(ctx.file, level.0, level.1);
            let name = text[level.0..level.1].trim();
            if let Some(at) = *colon {
                diags.push(wealth_colon(ctx, text, at, *level, *cmp));
            }
            if let Some(i) = ctx.rules.wealth_level(name) {
                (LabelKind::Wealth(*cmp, i), span)
            } else {
                diags.push(crate::syntax::names::unknown_level(ctx, name, span));
                (LabelKind::Unknown(name.to_owned()), span)
            }
        }
        Shape::BadWealth {
            level,
            words,
            guess,
        } => bad_wealth(ctx, text, *level, *words, *guess, diags),
        Shape::Name { name, master, near } => {
            let raw = &text[name.0..name.1];
            let span = Span::new(ctx.file, name.0, name.1);
            if let Some(r) = near.filter(|_| !quiet) {
                let suffix = &ctx.locale.master_suffix;
                diags.push(
                    Diagnostic::new(
                        "unknown-name",
                        Span::new(ctx.file, r.0, r.1),
                        format!("`{}` is not `{suffix}`", &text[r.0..r.1]),
                    )
                    .label(format!("read as `{suffix}`"))
                    .with_help(format!("did you mean `{suffix}`?")),
                );
            }
            let kind = name_kind(ctx, raw, span, quiet, diags);
            match (kind, master) {
                (LabelKind::Entry(id), true) => (LabelKind::Master(id), span),
                (LabelKind::Unknown(s), _) => (LabelKind::Unknown(s), span),
                (k, true) => {
                    diags.push(
                        Diagnostic::new(
                            "unknown-name",
                            span,
                            format!("`{}` has no Master level", raw.trim_matches('*')),
                        )
                        .label("not a skill")
                        .with_help(format!(
                            "`{}` follows a skill's name only",
                            ctx.locale.master_suffix
                        )),
                    );
                    (k, span)
                }
                (k, false) => (k, span),
            }
        }
    }
}

fn name_kind(
    ctx: &Context,
    raw: &str,
    span: Span,
    quiet: bool,
    diags: &mut Diagnostics,
) -> LabelKind {
    let shown = raw.trim_matches('*');
    if let Some(n) = any_skills_number(ctx, raw)
        && !n
            .parse::<u32>()
            .is_ok_and(|n| n <= crate::syntax::limits::MAX_AMOUNT)
    {
        // `ANY 999999999999 SKILLS`: the form, with a number past any.
        let kind = LabelKind::Condition(crate::ir::Expr::Skills(Cmp::Ge, u32::MAX));
        diags.extend(skills_out_of_range(ctx, shown, &kind, span));
        return LabelKind::Unknown(raw.to_owned());
    }
    match resolve(ctx, raw) {
        // A number no reader meets has no meaning to read: the heading's
        // words are kept as written (and `l10n` leaves them to this).
        Resolved::Exact(kind) => match skills_out_of_range(ctx, shown, &kind, span) {
            Some(d) => {
                diags.push(d);
                LabelKind::Unknown(raw.to_owned())
            }
            None => kind,
        },
        Resolved::Near(kind, fixed) => {
            if !quiet {
                // A glossary id where the book's name goes is another slip
                // than a misspelling: say which.
                let as_id = ctx.glossary.by_id_written(raw);
                let foreign = foreign_word(ctx, raw);
                let message = match (&foreign, as_id) {
                    (Some((_, id)), _) => format!(
                        "section heading `{shown}` is the keyword of another language ({id}), not how this book ({}) writes it",
                        ctx.locale.id
                    ),
                    (None, Some(_)) => format!(
                        "section heading `{shown}` is a glossary id, not how this book writes the name"
                    ),
                    (None, None) => {
                        format!("section heading `{shown}` is no skill, status or treasure")
                    }
                };
                let mut d = Diagnostic::new("unknown-name", span, message)
                    .label(format!("read as `{fixed}`"))
                    .with_help(format!("did you mean `{fixed}`?"))
                    .needs(Needs::GLOSSARY.and(Needs::MANIFEST));
                if let (None, Some(e)) = (&foreign, as_id) {
                    d = d.about_entry(&e.id.value);
                }
                diags.push(d);
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
                .with_help(joined_names(ctx, raw).unwrap_or_else(|| {
                    format!(
                        "a heading is `{}` or a glossary name, in capitals",
                        ctx.locale.no_skill
                    )
                })),
            );
            LabelKind::Unknown(raw.to_owned())
        }
    }
}

/// `WISDOM AND PIETY`: glossary names joined by the locale's `and`, which
/// may mean a reader with either or one with both (no guess): the help
/// writes out both.
fn joined_names(ctx: &Context, raw: &str) -> Option<String> {
    let parts = crate::text::split_word(&raw.to_lowercase(), &ctx.locale.and)
        .into_iter()
        .map(|p| ctx.glossary.resolve(p.trim()))
        .collect::<Option<Vec<_>>>()?;
    if parts.len() < 2 {
        return None;
    }
    let names: Vec<String> = parts.iter().map(|e| e.name.value.to_uppercase()).collect();
    let ids: Vec<&str> = parts.iter().map(|e| e.id.value.as_str()).collect();
    Some(format!(
        "for a reader with any of them, write `{}:`; for one with all of them, `{{{}}}:`",
        names.join(", "),
        ids.join(" & ")
    ))
}

/// `ANY 0 SKILLS` (every reader takes it) or `ANY 20 SKILLS` in a book
/// of 14 skills (none does): the number a slip, one finding at the heading.
fn skills_out_of_range(
    ctx: &Context,
    shown: &str,
    kind: &LabelKind,
    span: Span,
) -> Option<Diagnostic> {
    let LabelKind::Condition(crate::ir::Expr::Skills(Cmp::Ge, n)) = *kind else {
        return None;
    };
    let skills = ctx.glossary.ids(crate::ir::EntryKind::Skill).len();
    let (message, label) = if n == 0 {
        (
            format!("section heading `{shown}` asks for no skill: every reader takes it"),
            "asks for none",
        )
    } else if skills > 0 && n as usize > skills {
        (
            format!(
                "section heading `{shown}` asks for more skills than the glossary's {skills}: no reader takes it"
            ),
            "more than there are",
        )
    } else {
        return None;
    };
    let help = match skills {
        0 => "write how many different skills the reader needs, 1 or more".to_owned(),
        _ => format!("write how many different skills the reader needs, 1 to {skills}"),
    };
    Some(
        Diagnostic::new("syntax-error", span, message)
            .label(label)
            .with_help(help)
            .needs(Needs::GLOSSARY),
    )
}

/// `(mandatory)` or `(all mandatory)` (the latter after the last name), or
/// a few edits from one (read as meant): (mandatory, all mandatory); `None`
/// for a note that is none of them (reported, read as no note).
/// `last`: the note is the last name's; `late`: it stood after the colon.
fn note(
    ctx: &Context,
    text: &str,
    n: Range,
    (last, late): (bool, bool),
    quiet: bool,
    diags: &mut Diagnostics,
) -> Option<(bool, bool)> {
    let l = ctx.locale;
    let inner = glossary_normalize(text[n.0 + 1..n.1 - 1].trim());
    // A late note was reported with its brackets (`note_after_colon`).
    let in_brackets = text[n.0..n.1].starts_with('[') && !late;
    let exact = |word: &str| inner == glossary_normalize(word);
    if !in_brackets && l.spellings("mandatory").any(exact) {
        return Some((true, false));
    }
    if !in_brackets && l.spellings("all-mandatory").any(exact) && last {
        return Some((false, true));
    }
    let close = |word: &str| {
        let w = fold(word);
        near(&fold(&inner), &w, slack(w.chars().count())).is_some()
    };
    let span = Span::new(ctx.file, n.0, n.1);
    let message = if in_brackets {
        format!(
            "`{}`: a section note is written in parentheses",
            &text[n.0..n.1]
        )
    } else {
        format!("unknown section note `{}`", &text[n.0..n.1])
    };
    // Another word for `all` before the plural of `all mandatory`
    // (`(ambos obligatorios)`, `(both mandatory)`): read as it; never a
    // word of negation (`(not mandatory)` is no guess at all).
    let negation = |first: &str| {
        ctx.locale
            .effects
            .not
            .iter()
            .any(|w| crate::text::eq_ci(w, first))
    };
    // `(ambos obligatorios)`, `(los dos obligatorios)`, `(las dos
    // obligatorias)`: one or two words, none a negation, before the plural
    // of any spelling of `all mandatory`.
    let all_tail = |word: &str| {
        let word = glossary_normalize(word);
        let (_, tail) = word.rsplit_once(' ').unwrap_or(("", &word));
        let words: Vec<&str> = inner.split(' ').collect();
        (2..=3).contains(&words.len())
            && inner.ends_with(&format!(" {tail}"))
            && !words.iter().any(|w| negation(w))
    };
    if close(&l.mandatory)
        || (close(&l.all_mandatory) || l.spellings("all-mandatory").any(all_tail)) && last
    {
        let mandatory = close(&l.mandatory);
        let meant = if mandatory {
            &l.mandatory
        } else {
            &l.all_mandatory
        };
        if (!quiet || in_brackets) && !late {
            diags.push(
                Diagnostic::new("unknown-name", span, message)
                    .label(format!("read as `({meant})`"))
                    .with_help(format!("did you mean `({meant})`?")),
            );
        }
        return Some((mandatory, !mandatory));
    }
    diags.push(unknown_note(ctx, text, n));
    None
}

/// A note that is no section note, in parentheses or brackets.
fn unknown_note(ctx: &Context, text: &str, n: Range) -> Diagnostic {
    let l = ctx.locale;
    let bracketed = if text[n.0..n.1].starts_with('[') {
        " in brackets"
    } else {
        ""
    };
    if let Some(d) = negated_note(ctx, text, n) {
        return d;
    }
    Diagnostic::new(
        "unknown-name",
        Span::new(ctx.file, n.0, n.1),
        format!("unknown section note `{}`", &text[n.0..n.1]),
    )
    .label(format!("not a section note{bracketed}"))
    .with_help(format!(
        "a section note is `({})`, or `({})` after the last name",
        l.mandatory, l.all_mandatory
    ))
}

/// `(not mandatory)`, `(no obligatorios)`: a negation before the
/// locale's `mandatory` (any ending). A table means by it what a section
/// with no note is, one the reader may take or leave: read as no note, one
/// finding that says so and what to write either way.
fn negated_note(ctx: &Context, text: &str, n: Range) -> Option<Diagnostic> {
    let l = ctx.locale;
    let inner = fold(text[n.0 + 1..n.1 - 1].trim());
    let (first, rest) = inner.split_once(' ')?;
    let mandatory = fold(&l.mandatory);
    let stem = mandatory
        .char_indices()
        .last()
        .map_or(mandatory.as_str(), |(i, _)| &mandatory[..i]);
    let negation = l.effects.not.iter().any(|w| crate::text::eq_ci(w, first));
    if !negation || !rest.trim().starts_with(stem) {
        return None;
    }
    let written = &text[n.0..n.1];
    Some(
        Diagnostic::new(
            "unknown-name",
            Span::new(ctx.file, n.0, n.1),
            format!("`{written}` is no section note: a section without a note is not mandatory"),
        )
        .label("read as no note")
        .with_help(format!(
            "remove `{written}`; if the section is mandatory, write `({})`",
            l.mandatory
        )),
    )
}
