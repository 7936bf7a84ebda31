//! Conditions and roll specs (FORMAT.md section 2a): `{!married}`,
//! `{wealth >= rich}`, `{destiny >= 5 | story >= 5}`, `{else}`, and
//! `{2d6 + 2 quick-thinking + weapon-use:master - (wounded | crippled)}`.
//! `grammar/award.pest` matches their shape; the atoms are read here, with
//! the book's glossary, wealth ladder and terrains.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Cmp, Expr, Gender, Id, PointsTrack, RollSpec, RollTerm};
use crate::span::Span;
use crate::syntax::conditions::written::{GuardSyntax, RawExpr, RawSpec};
use crate::syntax::context::Context;
use crate::syntax::grammar::award::{AwardParser, Rule};
use crate::text::near;
use pest::Parser;
use pest::iterators::Pair;

/// The deepest parenthesis nesting a condition may have.
const MAX_NESTING: usize = 32;

/// `{...}` at the start of `text`.
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
    crate::syntax::conditions::quick_markup::guard(text)
}

/// [`parse_guard`] by `grammar/award.pest` (the quick reader is held to it).
#[cfg(test)]
pub(crate) fn parse_guard_by_grammar(text: &str) -> GuardSyntax {
    let Some(pair) = AwardParser::parse(Rule::guard, text)
        .ok()
        .and_then(|mut p| p.next())
    else {
        return GuardSyntax::Malformed;
    };
    match pair.into_inner().next() {
        Some(p) if p.as_rule() == Rule::else_kw => GuardSyntax::Else,
        Some(p) => GuardSyntax::Expr(raw_expr(p)),
        None => GuardSyntax::Malformed,
    }
}

fn raw_expr(pair: Pair<Rule>) -> RawExpr {
    match pair.as_rule() {
        Rule::expr | Rule::and_expr => {
            let any = pair.as_rule() == Rule::expr;
            let mut parts: Vec<RawExpr> = pair.into_inner().map(raw_expr).collect();
            if parts.len() == 1 {
                parts.remove(0)
            } else if any {
                RawExpr::Any(parts)
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

/// Resolve a condition's atoms; `offset` is where its text starts.
pub fn resolve_expr(ctx: &Context, raw: RawExpr, offset: usize, diags: &mut Diagnostics) -> Expr {
    match raw {
        RawExpr::Name(name, at) => {
            let span = Span::new(ctx.file, offset + at, offset + at + name.len());
            atom(ctx, &name, span, "condition", diags)
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

/// The words a condition names without the glossary.
const WORDS: [&str; 6] = [
    "female",
    "male",
    "other-female",
    "other-male",
    "opposite-sex",
    "treasure",
];

/// One atom: a word of the format, a comparison, `id:master`, or a glossary
/// id or name. What reads as none is reported (with the closest word) and
/// kept as a name that nothing holds.
pub fn atom(ctx: &Context, name: &str, span: Span, what: &str, diags: &mut Diagnostics) -> Expr {
    let n = name.trim();
    match n.to_lowercase().as_str() {
        "female" => return Expr::Gender(Gender::Female),
        "male" => return Expr::Gender(Gender::Male),
        "other-female" => return Expr::Other(Gender::Female),
        "other-male" => return Expr::Other(Gender::Male),
        "opposite-sex" => return Expr::OppositeSex,
        "treasure" => return Expr::AnyTreasure,
        _ => {}
    }
    if let Some((left, cmp, right, op)) = comparison(n) {
        if let Some(right) = strict(ctx, left, op, right) {
            // `skills > 10` with ten skills: the count that is never true
            // is the one finding (the operator's fix would not mend it).
            let mut found = Vec::new();
            let e = compared(ctx, left, cmp, &right, span, &mut found);
            let written = format!("{left} {} {right}", cmp.as_str());
            if found.is_empty() {
                found.push(
                Diagnostic::new("syntax-error", span, format!("`{op}` is no comparison of a condition"))
                    .label(format!("read as `{written}`"))
                    .with_help(format!(
                        "conditions compare with `>=` (at least), `<=` (at most) and `=`: write `{written}`"
                    )),
                );
            }
            diags.append(&mut found);
            return e;
        }
        if let Some(d) = beyond_the_ends(ctx, left, op, right, span) {
            diags.push(d);
            return compared(ctx, left, cmp, right, span, &mut Vec::new());
        }
        if op != cmp.as_str() {
            diags.push(
                Diagnostic::new("syntax-error", span, format!("`{op}` is no comparison of a condition"))
                    .label(format!("read as `{}`", cmp.as_str()))
                    .with_help(format!(
                        "conditions compare with `>=` (at least), `<=` (at most) and `=`: write `{left} {} {right}`",
                        cmp.as_str()
                    )),
            );
        }
        return compared(ctx, left, cmp, right, span, diags);
    }
    if let Some(id) = n
        .strip_suffix(":master")
        .or_else(|| n.strip_suffix(":Master"))
    {
        return Expr::Master(glossary_id(ctx, id, span, what, diags));
    }
    if ctx.glossary.resolve(n).is_none()
        && let Some(word) = WORDS
            .iter()
            .find(|w| near(&n.to_lowercase(), w, 1).is_some())
    {
        diags.push(
            Diagnostic::new(
                "unknown-name",
                span,
                format!("`{n}` in a {what} is no condition word"),
            )
            .label(format!("read as `{word}`"))
            .with_help(format!("did you mean `{word}`?")),
        );
        return atom(ctx, word, span, what, diags);
    }
    Expr::Has(glossary_id(ctx, n, span, what, diags))
}

/// `skills < 0`, `wealth < beggar`, `wealth > fabulous`: a strict
/// comparison past the lowest or highest value, never true; one finding
/// (the non-strict operator would change what it means).
fn beyond_the_ends(
    ctx: &Context,
    left: &str,
    op: &str,
    right: &str,
    span: Span,
) -> Option<Diagnostic> {
    let up = match op {
        ">" => true,
        "<" => false,
        _ => return None,
    };
    let at_end = if left.eq_ignore_ascii_case("wealth") {
        let i = ctx.rules.wealth_level(right)?;
        if up {
            i + 1 == ctx.rules.wealth.len()
        } else {
            i == 0
        }
    } else {
        !up && right.parse::<u32>().ok()? == 0
    };
    let (least, why) = match (up, left.eq_ignore_ascii_case("wealth")) {
        (true, _) => (">=", format!("no wealth is above {right}")),
        (false, true) => ("<=", format!("no wealth is below {right}")),
        (false, false) => ("<=", format!("no reader has fewer than {right} {left}")),
    };
    at_end.then(|| {
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{left} {op} {right}` is never true: {why}"),
        )
        .label("never true")
        .with_help(format!(
            "write `{left} {least} {right}` for a reader at that end, or remove the condition"
        ))
    })
}

/// What `left > right` or `left < right` compares with `>=` or `<=`: the
/// next level or number up or down (`wealth < rich` is `wealth <= poor`,
/// `skills > 3` is `skills >= 4`); `None` for any other operator, or when
/// there is no such level or number (the comparison is then read as the
/// non-strict one and reported so).
fn strict(ctx: &Context, left: &str, op: &str, right: &str) -> Option<String> {
    let up = match op {
        ">" => true,
        "<" => false,
        _ => return None,
    };
    if left.eq_ignore_ascii_case("wealth") {
        let i = ctx.rules.wealth_level(right)?;
        let j = if up {
            i.checked_add(1)?
        } else {
            i.checked_sub(1)?
        };
        return Some(ctx.rules.wealth.get(j)?.name.value.to_lowercase());
    }
    let n = right.parse::<u32>().ok()?;
    let m = if up {
        n.checked_add(1)?
    } else {
        n.checked_sub(1)?
    };
    Some(m.to_string())
}

/// `skills >= 0` (every reader), `skills >= 11` or `skills = 11` with ten
/// skills in the glossary (no reader), `skills <= 10` (every reader): a
/// count that decides nothing, one `syntax-error` (as `ANY 0 SKILLS` is).
/// Without a glossary only `>= 0` is known to be so.
fn skills_constant(ctx: &Context, cmp: Cmp, n: u32, span: Span) -> Option<Diagnostic> {
    let skills = ctx.glossary.ids(crate::ir::EntryKind::Skill).len();
    let known = skills > 0;
    let n_ = n as usize;
    let always = match cmp {
        Cmp::Ge if n == 0 => true,
        Cmp::Le if known && n_ >= skills => true,
        Cmp::Ge | Cmp::Eq if known && n_ > skills => false,
        _ => return None,
    };
    let (what, why) = match (always, n) {
        (true, 0) => ("always", "every reader has 0 skills or more".to_owned()),
        (true, _) => ("always", format!("the glossary has {skills} skills")),
        (false, _) => ("never", format!("the glossary has {skills} skills")),
    };
    let help = match skills {
        0 => "compare skills with a number of 1 or more, e.g. `skills >= 4`".to_owned(),
        _ => format!("compare skills with a number from 1 to {skills}, e.g. `skills >= 4`"),
    };
    Some(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("this count of skills is {what} true: {why}"),
        )
        .label(format!("{what} true"))
        .with_help(help)
        .needs(crate::diagnostic::Needs::GLOSSARY),
    )
}

/// `wealth >= rich` -> (`wealth`, Ge, `rich`, `>=`). Operators written
/// otherwise (`=>`, `>`, `≥`, `==`, ...) come back as written, read as the
/// comparison they most likely mean (the caller reports them).
fn comparison(s: &str) -> Option<(&str, Cmp, &str, &str)> {
    const OPS: [(&str, Cmp); 10] = [
        (">=", Cmp::Ge),
        ("<=", Cmp::Le),
        ("=>", Cmp::Ge),
        ("=<", Cmp::Le),
        ("==", Cmp::Eq),
        ("≥", Cmp::Ge),
        ("≤", Cmp::Le),
        ("=", Cmp::Eq),
        (">", Cmp::Ge),
        ("<", Cmp::Le),
    ];
    // The first operator in the text, the longest there.
    let i = s.find(['>', '<', '=', '≥', '≤'])?;
    let (op, cmp) = OPS.iter().find(|(op, _)| s[i..].starts_with(op))?;
    let rest = &s[i + op.len()..];
    // `> =`: the operator written with a space in it, one slip.
    if matches!(*op, ">" | "<")
        && let Some(after) = rest.trim_start().strip_prefix('=')
    {
        let end = s.len() - after.len();
        return Some((s[..i].trim(), *cmp, after.trim(), &s[i..end]));
    }
    Some((s[..i].trim(), *cmp, rest.trim(), op))
}

fn compared(
    ctx: &Context,
    left: &str,
    cmp: Cmp,
    right: &str,
    span: Span,
    diags: &mut Diagnostics,
) -> Expr {
    let bad = |msg: String, help: String| {
        Diagnostic::new("unknown-name", span, msg)
            .label("not a comparison")
            .with_help(help)
    };
    match left.to_lowercase().as_str() {
        "wealth" => {
            let level = ctx.rules.wealth_level(right).unwrap_or_else(|| {
                diags.push(crate::syntax::names::unknown_level(ctx, right, span));
                0
            });
            Expr::Wealth(cmp, level)
        }
        t @ ("destiny" | "story") => {
            let track = if t == "destiny" {
                PointsTrack::Destiny
            } else {
                PointsTrack::Story
            };
            match right.parse::<u32>() {
                Ok(n) if n <= crate::syntax::limits::MAX_AMOUNT => Expr::Points(track, cmp, n),
                _ => {
                    diags.push(bad(
                        format!("`{right}` is no number of points"),
                        format!("compare {t} with a number, e.g. `{t} >= 5`"),
                    ));
                    Expr::Points(track, cmp, 0)
                }
            }
        }
        "skills" => match right.parse::<u32>() {
            Ok(n) if n <= crate::syntax::limits::MAX_AMOUNT => {
                diags.extend(skills_constant(ctx, cmp, n, span));
                Expr::Skills(cmp, n)
            }
            _ => {
                diags.push(bad(
                    format!("`{right}` is no number of skills"),
                    "compare skills with a number, e.g. `skills >= 4`".to_owned(),
                ));
                Expr::Skills(cmp, 0)
            }
        },
        "terrain" => terrain(ctx, right, span, diags),
        other => {
            let close = ["wealth", "destiny", "story", "skills", "terrain"]
                .into_iter()
                .find(|w| near(other, w, 2).is_some());
            diags.push(bad(
                format!("`{left}` cannot be compared"),
                match close {
                    Some(w) => format!("did you mean `{w}`?"),
                    None => "compare `wealth`, `destiny`, `story`, `skills` or `terrain`: `wealth >= rich`"
                        .to_owned(),
                },
            ));
            Expr::Has(left.into())
        }
    }
}

/// `terrain = NAME`: a terrain of the book, or the one a near miss meant.
fn terrain(ctx: &Context, right: &str, span: Span, diags: &mut Diagnostics) -> Expr {
    let terrains = &ctx.world.terrains;
    if let Some(t) = ctx.world.terrain_named(right) {
        return Expr::Terrain(t.value.clone());
    }
    let close = ctx.close_name(
        terrains.len(),
        terrains.iter().map(|t| t.value.as_str()),
        right,
    );
    diags.push(
        Diagnostic::new(
            "unknown-name",
            span,
            format!("`{right}` is no terrain of this book"),
        )
        .label("unknown terrain")
        .with_help(match close {
            Some(t) => format!("did you mean `{t}`?"),
            None => "list the terrains in book.yaml under `world: terrains:`".to_owned(),
        }),
    );
    Expr::Terrain(right.to_owned())
}

/// A glossary id for a name or id; `unknown-name` (with a suggestion, the
/// name read as it) when there is none.
pub fn glossary_id(
    ctx: &Context,
    name: &str,
    span: Span,
    what: &str,
    diags: &mut Diagnostics,
) -> Id {
    if let Some(e) = ctx.glossary.resolve(name) {
        return e.id.value;
    }
    let d = Diagnostic::new(
        "unknown-name",
        span,
        format!("`{name}` in a {what} is no glossary id or name"),
    );
    if let Some(e) = ctx.suggest(name) {
        diags.push(
            d.label(format!("read as `{}`", e.id.value))
                .with_help(format!("did you mean `{}`?", e.id.value)),
        );
        e.id.value
    } else {
        diags.push(d.label("unknown name").with_help(
            "conditions and roll specs take glossary ids (`wounded`) or names (`Wounded`), `female`, `treasure`, `wealth >= rich`, ...; the last arm of a condition may be `{else}`",
        ));
        name.into()
    }
}

/// A roll spec `{2d6 + ...}` at the start of `text`, which starts at byte
/// `offset` of the file, and its length; `None` when the text is no spec.
pub fn roll_spec(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<(RollSpec, usize)> {
    if let Some(raw) = crate::syntax::conditions::quick_markup::roll_spec(text) {
        return Some(quick_spec(ctx, text, &raw, offset, diags));
    }
    // No rule inside a roll spec reads a `}`: what the grammar makes of
    // one depends on its text to the first `}` only, the key of the file's
    // (and the book's) roll specs read clean.
    let (Some(cache), Some(close)) = (ctx.awards, text.find('}')) else {
        return grammar_spec(ctx, text, offset, diags);
    };
    let key = &text[..=close];
    let at = |(mut spec, len): (RollSpec, usize)| {
        spec.span = Some(Span::new(ctx.file, offset, offset + len));
        (spec, len)
    };
    if let Some(roll) = cache.roll(key) {
        return Some(at(roll));
    }
    let before = ctx
        .suggestions
        .map(crate::syntax::suggestions::Suggestions::left);
    let mut found = Vec::new();
    let read = grammar_spec(ctx, text, offset, &mut found);
    if let Some(roll) = read.as_ref().filter(|_| found.is_empty()) {
        let quiet = ctx
            .suggestions
            .map(crate::syntax::suggestions::Suggestions::left)
            == before;
        cache.keep_roll(key, roll, quiet);
    }
    diags.extend(found);
    read
}

/// [`roll_spec`] by the grammar (a parenthesised term).
fn grammar_spec(
    ctx: &Context,
    text: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<(RollSpec, usize)> {
    let pair = AwardParser::parse(Rule::roll_spec, text).ok()?.next()?;
    let len = pair.as_str().len();
    let span = Span::new(ctx.file, offset, offset + len);
    let (mut dice, mut sides) = (1u32, 6u32);
    let mut written = "";
    let mut terms = Vec::new();
    let mut negative = false;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::dice => {
                written = p.as_str();
                for d in p.into_inner() {
                    let n = d.as_str().parse::<u32>().unwrap_or(u32::MAX);
                    match d.as_rule() {
                        Rule::count => dice = n,
                        Rule::sides => sides = n,
                        _ => {}
                    }
                }
            }
            Rule::roll_sign => negative = p.as_str() != "+",
            Rule::roll_term => {
                let (weight, when) = term(ctx, p, offset, diags);
                let weight = if negative { -weight } else { weight };
                terms.push(RollTerm { weight, when });
            }
            _ => {}
        }
    }
    if !(1..=10).contains(&dice) || !(2..=100).contains(&sides) {
        diags.push(cannot_roll(span, written));
    }
    Some((
        RollSpec {
            dice: dice.clamp(1, 10),
            sides: sides.clamp(2, 100),
            terms,
            span: Some(span),
        },
        len,
    ))
}

/// `cannot roll 99999999999d6`: dice a roll spec cannot roll, as written.
fn cannot_roll(span: Span, written: &str) -> Diagnostic {
    Diagnostic::new(
        "syntax-error",
        span,
        format!("cannot roll `{}`", written.trim()),
    )
    .label("dice")
    .with_help("roll 1 to 10 dice of 2 to 100 sides, e.g. `{2d6}`")
}

/// Whether text (after a `{` or `(`) starts like a roll spec: `2d6`, `d6`.
pub fn looks_like_spec(text: &str) -> bool {
    let t = text.trim_start_matches([' ', '\t']);
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &t[digits..];
    (rest.starts_with('d') || rest.starts_with('D'))
        && rest[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// A `{2d6 ...}` that does not read: at the first character the grammar
/// could not take.
pub fn malformed_spec(ctx: &Context, text: &str, offset: usize) -> Diagnostic {
    let at = match AwardParser::parse(Rule::roll_spec, text) {
        Err(e) => match e.location {
            pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
        },
        Ok(_) => 0,
    };
    let width = text[at..].chars().next().map_or(0, char::len_utf8);
    Diagnostic::new("syntax-error", Span::new(ctx.file, offset + at, offset + at + width), "malformed roll spec")
        .label("not read from here")
        .with_help("a roll spec is `{2d6 + name + 2 name - name}`: the dice, then terms each after `+` or ` - ` (a minus with a space before it)")
}

/// `2 quick-thinking`, `(wounded | crippled)`: a weight and a condition.
fn term(ctx: &Context, pair: Pair<Rule>, offset: usize, diags: &mut Diagnostics) -> (i32, Expr) {
    let mut weight = 1;
    let mut when = Expr::All(Vec::new());
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::weight => {
                let s = p.as_span();
                weight = weight_of(ctx, p.as_str(), offset + s.start(), diags);
            }
            Rule::roll_cond => {
                let inner = p.into_inner().next().expect("roll_cond has a child");
                if inner.as_rule() == Rule::roll_atom {
                    let at = offset + inner.as_span().start();
                    if let Some(e) = atom_term(ctx, inner.as_str(), at, diags) {
                        when = e;
                    }
                } else {
                    when = resolve_expr(ctx, raw_expr(inner), offset, diags);
                }
            }
            _ => {}
        }
    }
    (weight, when)
}

/// A roll term's number (at byte `at` of the file): at most 99.
fn weight_of(ctx: &Context, s: &str, at: usize, diags: &mut Diagnostics) -> i32 {
    s.parse::<i32>()
        .ok()
        .filter(|w| *w <= 99)
        .unwrap_or_else(|| {
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    Span::new(ctx.file, at, at + s.len()),
                    format!("roll term number `{s}` is too large"),
                )
                .label("too large")
                .with_help("a term adds at most 99"),
            );
            0
        })
}

/// A roll term's atom as written (at byte `at`); `None` for a bare number
/// (reported: a term is a number and a condition).
fn atom_term(ctx: &Context, raw: &str, at: usize, diags: &mut Diagnostics) -> Option<Expr> {
    let s = raw.trim();
    let span = Span::new(ctx.file, at, at + s.len());
    if s.bytes().all(|b| b.is_ascii_digit()) {
        diags.push(
            Diagnostic::new("syntax-error", span, format!("`{s}` is a number with no condition"))
                .label("adds to every roll?")
                .with_help(format!("a roll spec's term is a number and a condition (`{s} luck`); to add to every roll, shift the bands instead")),
        );
        return None;
    }
    Some(atom(ctx, s, span, "roll spec", diags))
}

/// A roll spec read by the quick reader, lowered as [`roll_spec`] lowers
/// the grammar's.
fn quick_spec(
    ctx: &Context,
    text: &str,
    raw: &RawSpec,
    offset: usize,
    diags: &mut Diagnostics,
) -> (RollSpec, usize) {
    let span = Span::new(ctx.file, offset, offset + raw.len);
    // Too large to read is too many (the finding quotes the text as written).
    let number = |r: (usize, usize)| text[r.0..r.1].parse::<u32>().unwrap_or(u32::MAX);
    let written = text
        .get(raw.count.map_or(raw.sides.0.saturating_sub(1), |c| c.0)..raw.sides.1)
        .unwrap_or("");
    let dice = raw.count.map_or(1, number);
    let sides = number(raw.sides);
    let mut terms = Vec::with_capacity(raw.terms.len());
    for t in &raw.terms {
        let weight = t
            .weight
            .map_or(1, |w| weight_of(ctx, &text[w.0..w.1], offset + w.0, diags));
        let (a, b) = t.atom;
        let when = atom_term(ctx, &text[a..b], offset + a, diags).unwrap_or(Expr::All(Vec::new()));
        terms.push(RollTerm {
            weight: if t.negative { -weight } else { weight },
            when,
        });
    }
    if !(1..=10).contains(&dice) || !(2..=100).contains(&sides) {
        diags.push(cannot_roll(span, written));
    }
    let spec = RollSpec {
        dice: dice.clamp(1, 10),
        sides: sides.clamp(2, 100),
        terms,
        span: Some(span),
    };
    (spec, raw.len)
}

#[cfg(test)]
#[path = "roll_cache_tests.rs"]
mod roll_cache_tests;
