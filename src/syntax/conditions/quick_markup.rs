//! Die bands, conditions and roll specs read without the parser. A printed
//! book has thousands of arms, and one pest parse of `{wealth >= rich}` or
//! `{2d6 + 2 quick-thinking - wounded}` costs tens of thousands of
//! instructions. These readers follow `grammar/award.pest`'s `band`,
//! `guard` and `roll_spec` rules step for step (PEG: ordered, greedy, an
//! optional part that matched is kept); property tests hold each to the
//! grammar on generated text. A roll spec with a parenthesised term goes to
//! the grammar.

use crate::syntax::conditions::written::{GuardSyntax, RawExpr, RawSpec, RawTerm};

struct Cursor<'a> {
    s: &'a str,
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.s[self.i..].chars().next()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += c.len_utf8();
            true
        } else {
            false
        }
    }
    /// `hspace*`; how many were eaten.
    fn spaces(&mut self) -> usize {
        let n = self.s[self.i..]
            .bytes()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        self.i += n;
        n
    }
    fn digits(&mut self) -> Option<(usize, usize)> {
        let n = self.s[self.i..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        (n > 0).then(|| {
            self.i += n;
            (self.i - n, self.i)
        })
    }
}

/// `band`: `❖`? hspace* number (hspace* `+` | hspace* (`-`|`–`) hspace*
/// number)? hspace* EOI. (lo, hi, open) as written.
pub(crate) fn band(text: &str) -> Option<(&str, Option<&str>, bool)> {
    let mut c = Cursor { s: text, i: 0 };
    if c.eat('❖') {
        c.spaces();
    }
    let lo = c.digits()?;
    let save = c.i;
    let mut hi = None;
    let mut open = false;
    c.spaces();
    if c.eat('+') {
        open = true;
    } else if c.eat('-') || c.eat('–') {
        c.spaces();
        match c.digits() {
            Some(h) => hi = Some(h),
            None => c.i = save,
        }
    } else {
        c.i = save;
    }
    c.spaces();
    (c.i == text.len()).then(|| (&text[lo.0..lo.1], hi.map(|h| &text[h.0..h.1]), open))
}

/// `guard`, from the start of `text` (what follows its `}` is not read).
pub(crate) fn guard(text: &str) -> GuardSyntax {
    let mut c = Cursor { s: text, i: 0 };
    if !c.eat('{') {
        return GuardSyntax::Malformed;
    }
    c.spaces();
    // else_kw = ^"else" ~ &(hspace* ~ "}")
    if text
        .get(c.i..c.i + 4)
        .is_some_and(|w| w.eq_ignore_ascii_case("else"))
    {
        let mut ahead = Cursor {
            s: text,
            i: c.i + 4,
        };
        ahead.spaces();
        if ahead.peek() == Some('}') {
            return GuardSyntax::Else;
        }
    }
    let Some(e) = expr(&mut c) else {
        return GuardSyntax::Malformed;
    };
    c.spaces();
    if c.eat('}') {
        GuardSyntax::Expr(e)
    } else {
        GuardSyntax::Malformed
    }
}

/// `expr = and_expr ~ (hspace* ~ "|" ~ hspace* ~ and_expr)*`.
fn expr(c: &mut Cursor) -> Option<RawExpr> {
    list(c, '|', and_expr).map(|mut parts| {
        if parts.len() == 1 {
            parts.remove(0)
        } else {
            RawExpr::Any(parts)
        }
    })
}

fn and_expr(c: &mut Cursor) -> Option<RawExpr> {
    list(c, '&', unary).map(|mut parts| {
        if parts.len() == 1 {
            parts.remove(0)
        } else {
            RawExpr::All(parts)
        }
    })
}

/// `item ~ (hspace* ~ sep ~ hspace* ~ item)*`, a failed repetition undone.
fn list(
    c: &mut Cursor,
    sep: char,
    item: fn(&mut Cursor) -> Option<RawExpr>,
) -> Option<Vec<RawExpr>> {
    let mut parts = vec![item(c)?];
    loop {
        let save = c.i;
        c.spaces();
        if !c.eat(sep) {
            c.i = save;
            break;
        }
        c.spaces();
        let Some(e) = item(c) else {
            c.i = save;
            break;
        };
        parts.push(e);
    }
    Some(parts)
}

/// `unary = not* ~ hspace* ~ atom`; an even run of `!` is none.
fn unary(c: &mut Cursor) -> Option<RawExpr> {
    let mut nots = 0;
    while c.eat('!') {
        nots += 1;
    }
    c.spaces();
    let e = atom(c)?;
    Some(if nots % 2 == 1 {
        RawExpr::Not(Box::new(e))
    } else {
        e
    })
}

/// `atom = "(" ~ hspace* ~ expr ~ hspace* ~ ")" | cond_name`.
fn atom(c: &mut Cursor) -> Option<RawExpr> {
    let save = c.i;
    if c.eat('(') {
        c.spaces();
        if let Some(e) = expr(c) {
            c.spaces();
            if c.eat(')') {
                return Some(e);
            }
        }
        c.i = save;
        return None;
    }
    let start = c.i;
    let n = c.s[start..]
        .find(['!', '&', '|', '(', ')', '{', '}', '\n', '\r'])
        .unwrap_or(c.s.len() - start);
    if n == 0 {
        return None;
    }
    c.i = start + n;
    let s = &c.s[start..c.i];
    let lead = s.len() - s.trim_start().len();
    Some(RawExpr::Name(s.trim().to_owned(), start + lead))
}

/// `roll_spec`, from the start of `text`; `None` when it does not read,
/// or has a parenthesised term (the grammar reads those).
pub(crate) fn roll_spec(text: &str) -> Option<RawSpec> {
    let mut c = Cursor { s: text, i: 0 };
    if !c.eat('{') {
        return None;
    }
    c.spaces();
    let count = c.digits();
    if !(c.eat('d') || c.eat('D')) {
        return None;
    }
    let sides = c.digits()?;
    let mut terms = Vec::new();
    loop {
        let save = c.i;
        c.spaces();
        let Some(negative) = sign(&mut c) else {
            c.i = save;
            break;
        };
        c.spaces();
        match term(&mut c) {
            Ok(Some((weight, atom))) => terms.push(RawTerm {
                negative,
                weight,
                atom,
            }),
            Ok(None) => {
                c.i = save;
                break;
            }
            Err(()) => return None,
        }
    }
    c.spaces();
    c.eat('}').then_some(RawSpec {
        count,
        sides,
        terms,
        len: c.i,
    })
}

/// `roll_sign`: whether it subtracts.
fn sign(c: &mut Cursor) -> Option<bool> {
    if c.eat('+') {
        Some(false)
    } else if c.eat('-') || c.eat('−') || c.eat('–') {
        Some(true)
    } else {
        None
    }
}

/// `roll_term = (weight ~ hspace+ ~ !roll_sign)? ~ roll_cond`. `Err` for a
/// parenthesised condition (left to the grammar).
#[allow(clippy::type_complexity)]
fn term(c: &mut Cursor) -> Result<Option<(Option<(usize, usize)>, (usize, usize))>, ()> {
    let save = c.i;
    let mut weight = None;
    if let Some(w) = c.digits() {
        let at = c.i;
        if c.spaces() > 0 && sign(&mut Cursor { s: c.s, i: c.i }).is_none() {
            weight = Some(w);
        } else {
            c.i = save;
            let _ = at;
        }
    }
    if c.peek() == Some('(') {
        return Err(());
    }
    Ok(roll_atom(c).map(|a| (weight, a)))
}

/// `roll_atom`: characters up to `+` or `}` (spaces before them aside), a
/// minus sign after a space, or one of `{()&|!` or a line break.
fn roll_atom(c: &mut Cursor) -> Option<(usize, usize)> {
    let start = c.i;
    let s = c.s;
    let mut i = start;
    while let Some(ch) = s[i..].chars().next() {
        // A run of spaces is looked past once (not once a space, which
        // was quadratic on a long run): it ends the atom when what follows
        // it does, else it is part of the atom.
        let rest = &s[i..];
        let after_spaces = rest.trim_start_matches([' ', '\t']);
        let run = rest.len() - after_spaces.len();
        if after_spaces.starts_with(['+', '}'])
            || run > 0 && after_spaces.starts_with(['-', '−', '–'])
            || matches!(ch, '{' | '(' | ')' | '&' | '|' | '!' | '\n' | '\r')
        {
            break;
        }
        i += if run > 0 { run } else { ch.len_utf8() };
    }
    (i > start).then(|| {
        c.i = i;
        (start, i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::grammar::award::{AwardParser, Rule};
    use pest::Parser;
    use pest::iterators::Pair;
    use proptest::prelude::*;

    /// The grammar's band, as the quick reader gives it.
    fn grammar_band(text: &str) -> Option<(&str, Option<&str>, bool)> {
        let pair = AwardParser::parse(Rule::band, text).ok()?.next()?;
        let (mut lo, mut hi, mut open) = ("", None, false);
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::number => lo = p.as_str(),
                Rule::band_open => open = true,
                Rule::band_to => hi = p.into_inner().next().map(|n| n.as_str()),
                _ => {}
            }
        }
        Some((lo, hi, open))
    }

    fn grammar_spec(text: &str) -> Option<RawSpec> {
        let pair = AwardParser::parse(Rule::roll_spec, text).ok()?.next()?;
        let len = pair.as_str().len();
        let (mut count, mut sides, mut terms, mut negative) = (None, (0, 0), Vec::new(), false);
        let range = |p: &Pair<Rule>| (p.as_span().start(), p.as_span().end());
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::dice => {
                    for d in p.into_inner() {
                        match d.as_rule() {
                            Rule::count => count = Some(range(&d)),
                            _ => sides = range(&d),
                        }
                    }
                }
                Rule::roll_sign => negative = p.as_str() != "+",
                Rule::roll_term => {
                    let mut weight = None;
                    let mut cond = None;
                    for q in p.into_inner() {
                        if q.as_rule() == Rule::weight {
                            weight = Some(range(&q));
                        } else {
                            let inner = q.into_inner().next().unwrap();
                            if inner.as_rule() != Rule::roll_atom {
                                return None; // parenthesised: not the quick reader's
                            }
                            cond = Some((inner.as_span().start(), inner.as_span().end()));
                        }
                    }
                    terms.push(RawTerm {
                        negative,
                        weight,
                        atom: cond.unwrap(),
                    });
                }
                _ => {}
            }
        }
        Some(RawSpec {
            count,
            sides,
            terms,
            len,
        })
    }

    fn same_guard(a: &GuardSyntax, b: &GuardSyntax) -> bool {
        match (a, b) {
            (GuardSyntax::Else, GuardSyntax::Else)
            | (GuardSyntax::Malformed, GuardSyntax::Malformed) => true,
            (GuardSyntax::Expr(x), GuardSyntax::Expr(y)) => x == y,
            _ => false,
        }
    }

    proptest! {
        #[test]
        fn bands_read_as_the_grammar_reads_them(text in "[❖ \t0-9+\\-–—x]{0,10}") {
            prop_assert_eq!(band(&text), grammar_band(&text));
        }

        #[test]
        fn conditions_read_as_the_grammar_reads_them(text in "\\{[ \t!&|()a-z=>0-9\n{}]{0,24}\\}?[a-z ]{0,3}") {
            let quick = guard(&text);
            let slow = crate::syntax::conditions::condition::parse_guard_by_grammar(&text);
            prop_assert!(same_guard(&quick, &slow), "{:?}: {:?} vs {:?}", text, quick, slow);
        }

        #[test]
        fn else_reads_as_the_grammar_reads_it(text in "\\{[ \t]{0,2}(else|ELSE|Else|elsa|else x)[ \t]{0,2}\\}?") {
            let quick = guard(&text);
            let slow = crate::syntax::conditions::condition::parse_guard_by_grammar(&text);
            prop_assert!(same_guard(&quick, &slow), "{:?}", text);
        }

        #[test]
        fn roll_specs_read_as_the_grammar_reads_them(text in "\\{ ?[0-9]{0,2}[dDx][0-9]{0,2}([ \t]{0,2}[+\\-−–][ \t]{0,2}([0-9]{1,2}[ \t]{0,2})?[a-z:\\-&()]{0,6}){0,4}[ \t]{0,2}\\}?") {
            let quick = roll_spec(&text);
            let slow = grammar_spec(&text);
            let parenthesised = text.contains('(');
            if !parenthesised {
                prop_assert_eq!(quick, slow, "{:?}", text);
            } else if let Some(q) = quick {
                prop_assert_eq!(Some(q), slow, "{:?}", text);
            }
        }
    }

    #[test]
    fn the_printed_shapes_read() {
        assert_eq!(band("1–6"), Some(("1", Some("6"), false)));
        assert_eq!(band("❖ 8+"), Some(("8", None, true)));
        assert_eq!(band("1—6"), None);
        let spec = roll_spec("{2d6 + 2 quick-thinking + luck - wounded}").unwrap();
        assert_eq!(spec.terms.len(), 3);
        assert!(spec.terms[2].negative);
        assert!(matches!(guard("{ else }"), GuardSyntax::Else));
        assert!(
            matches!(guard("{wealth >= rich}"), GuardSyntax::Expr(RawExpr::Name(ref n, 1)) if n == "wealth >= rich")
        );
    }
}
