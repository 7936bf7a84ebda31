//! What starts a branch or a die roll: bands (`2-7`, `8+`), conditions
//! (`{!married}`, `{else}`) and roll specs (`{2d6 + scholarship}`).

use super::Context;
use super::award::MAX_AMOUNT;
use super::award_grammar::{AwardParser, Rule};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Band, Expr, Id, RollSpec};
use crate::span::Span;
use pest::Parser;
use pest::iterators::Pair;

/// A die band label (`2-7`, `8+`, `❖ 4`).
pub fn parse_band(text: &str) -> Option<Result<Band, String>> {
    // Most labels are choices ("If you accept"): only a digit or `❖` can
    // start a band, so skip the parser for the rest.
    let first = text.trim_start().chars().next()?;
    if !(first.is_ascii_digit() || first == '❖') {
        return None;
    }
    let pair = AwardParser::parse(Rule::band, text.trim()).ok()?.next()?;
    let mut lo = 0u32;
    let mut hi = None;
    let mut open = false;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::number => lo = p.as_str().parse().unwrap_or(u32::MAX),
            Rule::band_open => open = true,
            Rule::band_to => {
                let n = p.into_inner().next().map_or("", |n| n.as_str());
                hi = Some(n.parse().unwrap_or(u32::MAX));
            }
            _ => {}
        }
    }
    if lo > MAX_AMOUNT || hi.is_some_and(|h| h > MAX_AMOUNT) {
        return Some(Err("die band number is too large".into()));
    }
    if let Some(h) = hi {
        if h < lo {
            return Some(Err(format!("die band `{lo}-{h}` runs backwards")));
        }
    }
    Some(Ok(Band {
        lo,
        hi: if open { None } else { Some(hi.unwrap_or(lo)) },
    }))
}

/// A roll spec `{2d6 + skill}` at the start of `text`: dice, sides, the
/// skill names as written with their offsets, and the length matched.
/// A roll spec as matched: dice, sides, skill names with their offsets, and
/// the length matched.
pub struct RollParts {
    pub dice: u32,
    pub sides: u32,
    pub names: Vec<(String, usize)>,
    pub len: usize,
}

pub fn parse_roll_spec(text: &str) -> Option<RollParts> {
    let pair = AwardParser::parse(Rule::roll_spec, text).ok()?.next()?;
    let len = pair.as_str().len();
    let mut dice = 1;
    let mut sides = 6;
    let mut names = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::dice => {
                for d in p.into_inner() {
                    let n = d.as_str().parse::<u32>().unwrap_or(u32::MAX);
                    match d.as_rule() {
                        Rule::count => dice = n,
                        Rule::sides => sides = n,
                        _ => {}
                    }
                }
            }
            Rule::roll_term => {
                let s = p.as_str();
                let lead = s.len() - s.trim_start().len();
                names.push((s.trim().to_owned(), p.as_span().start() + lead));
            }
            _ => {}
        }
    }
    Some(RollParts {
        dice,
        sides,
        names,
        len,
    })
}

/// How a branch label starts: `{else}`, `{expr}`, or neither. The names in
/// an expression come back with their offsets for resolution.
pub enum GuardSyntax {
    Else,
    Expr(RawExpr),
    Malformed,
}

/// A condition with names as written.
pub enum RawExpr {
    Name(String, usize),
    Not(Box<RawExpr>),
    All(Vec<RawExpr>),
    Any(Vec<RawExpr>),
}

/// The deepest parenthesis nesting a condition may have.
const MAX_NESTING: usize = 32;

pub fn parse_guard(text: &str) -> GuardSyntax {
    let mut depth = 0usize;
    for c in text.chars().take_while(|&c| c != '}') {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return GuardSyntax::Malformed;
        }
    }
    let Some(pair) = AwardParser::parse(Rule::guard, text)
        .ok()
        .and_then(|mut p| p.next())
    else {
        return GuardSyntax::Malformed;
    };
    let inner = pair.into_inner().next();
    match inner {
        Some(p) if p.as_rule() == Rule::else_kw => GuardSyntax::Else,
        Some(p) => GuardSyntax::Expr(raw_expr(p)),
        None => GuardSyntax::Malformed,
    }
}

fn raw_expr(pair: Pair<Rule>) -> RawExpr {
    match pair.as_rule() {
        Rule::expr => {
            let mut parts: Vec<RawExpr> = pair.into_inner().map(raw_expr).collect();
            if parts.len() == 1 {
                parts.remove(0)
            } else {
                RawExpr::Any(parts)
            }
        }
        Rule::and_expr => {
            let mut parts: Vec<RawExpr> = pair.into_inner().map(raw_expr).collect();
            if parts.len() == 1 {
                parts.remove(0)
            } else {
                RawExpr::All(parts)
            }
        }
        Rule::unary => {
            let mut nots = 0;
            let mut atom = None;
            for p in pair.into_inner() {
                if p.as_rule() == Rule::not {
                    nots += 1;
                } else {
                    atom = Some(raw_expr(p));
                }
            }
            // `!!x` is `x`: only the parity counts, so a run of ten
            // thousand `!` is one node, not a recursion ten thousand deep.
            let e = atom.unwrap_or(RawExpr::All(Vec::new()));
            if nots % 2 == 1 {
                RawExpr::Not(Box::new(e))
            } else {
                e
            }
        }
        _ => {
            let s = pair.as_str();
            let lead = s.len() - s.trim_start().len();
            RawExpr::Name(s.trim().to_owned(), pair.as_span().start() + lead)
        }
    }
}

/// Resolve the names of a condition against the glossary.
pub fn resolve_expr(ctx: &Context, raw: RawExpr, offset: usize, diags: &mut Diagnostics) -> Expr {
    match raw {
        RawExpr::Name(name, at) => {
            let span = Span::new(ctx.file, offset + at, offset + at + name.len());
            Expr::Has(resolve_name_or_report(ctx, &name, span, "condition", diags))
        }
        RawExpr::Not(e) => Expr::Not(Box::new(resolve_expr(ctx, *e, offset, diags))),
        RawExpr::All(es) => Expr::All(
            es.into_iter()
                .map(|e| resolve_expr(ctx, e, offset, diags))
                .collect(),
        ),
        RawExpr::Any(es) => Expr::Any(
            es.into_iter()
                .map(|e| resolve_expr(ctx, e, offset, diags))
                .collect(),
        ),
    }
}

/// A glossary id for a name or id; `unknown-name` (with a suggestion) when
/// there is none, and the name itself is returned.
pub fn resolve_name_or_report(
    ctx: &Context,
    name: &str,
    span: Span,
    what: &str,
    diags: &mut Diagnostics,
) -> Id {
    if let Some(e) = ctx.glossary.resolve(name) {
        return e.id.value.clone();
    }
    let mut d = Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` in a {what} is no glossary id or name"),
    )
    .label("unknown name");
    if let Some(e) = ctx.glossary.suggest(name) {
        d = d.with_help(format!("did you mean `{}`?", e.id.value));
    } else {
        d = d.with_help(
            "conditions and roll specs take glossary ids (`wounded`) or names (`Wounded`)",
        );
    }
    diags.push(d);
    name.into()
}

/// Build a [`RollSpec`] from parsed parts, resolving the skill names.
pub fn roll_spec(
    ctx: &Context,
    parts: RollParts,
    offset: usize,
    span: Span,
    diags: &mut Diagnostics,
) -> RollSpec {
    let RollParts {
        dice, sides, names, ..
    } = parts;
    if !(1..=10).contains(&dice) || !(2..=100).contains(&sides) {
        diags.push(
            Diagnostic::new("syntax-error", span, format!("cannot roll {dice}d{sides}"))
                .label("dice")
                .with_help("roll 1 to 10 dice of 2 to 100 sides, e.g. `{2d6}`"),
        );
    }
    let skills = names
        .into_iter()
        .map(|(n, at)| {
            let s = Span::new(ctx.file, offset + at, offset + at + n.len());
            resolve_name_or_report(ctx, &n, s, "roll spec", diags)
        })
        .collect();
    RollSpec {
        dice: dice.clamp(1, 10),
        sides: sides.clamp(2, 100),
        skills,
        span: Some(span),
    }
}
