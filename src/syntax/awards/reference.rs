//! `@` references: `@328`, `@F:Terrible`, `@K`, `@city-of-brass`.

use crate::ir::{Reference, Target};
use crate::span::{FileId, Span};
use crate::syntax::grammar::award::{AwardParser, Rule};
use pest::Parser;
use pest::iterators::Pair;

/// The longest reference read, in bytes (`@` and a row name).
const MAX_REFERENCE: usize = 256;

pub(crate) fn lower_reference(pair: Pair<Rule>) -> Target {
    let inner = pair.into_inner().next().expect("a reference has a target");
    match inner.as_rule() {
        Rule::paragraph_ref => Target::Paragraph(paragraph_number(inner.as_str())),
        Rule::row_ref => {
            let mut parts = inner.into_inner();
            let matrix = parts
                .next()
                .map(|p| p.as_str().to_owned())
                .unwrap_or_default();
            match parts.next() {
                Some(row) => Target::Row {
                    matrix,
                    row: row.as_str().to_owned(),
                },
                None => Target::Matrix(matrix),
            }
        }
        _ => Target::Place(inner.as_str().trim_end_matches('-').to_owned()),
    }
}

/// A referenced paragraph's number; one too large to read is `u32::MAX`,
/// past any paragraph (`MAX_PARAGRAPH`): its finding quotes it as written.
fn paragraph_number(digits: &str) -> u32 {
    digits.parse().unwrap_or(u32::MAX)
}

/// Parse a reference at the start of `text` (which starts with `@`):
/// the target and the length matched.
pub fn reference_at(text: &str) -> Option<(Target, usize)> {
    // A reference holds no space and no second `@`, and is short: the
    // parser sees only that much, so scanning a line of a hundred thousand
    // `@` stays linear (pest's setup reads all the text it is given).
    let end = text
        .char_indices()
        .skip(1)
        .find(|&(i, c)| c.is_whitespace() || c == '@' || i >= MAX_REFERENCE)
        .map_or(text.len(), |(i, _)| i);
    let text = &text[..end];
    quick(text).or_else(|| by_grammar(text))
}

/// `@328`, `@city-of-brass`, `@F` and `@F:Greedy`, the common references,
/// read without the parser (`grammar/award.pest`'s `paragraph_ref`,
/// `place_ref` and `row_ref` with ASCII names; a property test holds the
/// two together). `None` for anything else.
pub(crate) fn quick(text: &str) -> Option<(Target, usize)> {
    let rest = text.strip_prefix('@')?;
    let first = *rest.as_bytes().first()?;
    if first.is_ascii_digit() {
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        return Some((Target::Paragraph(paragraph_number(&rest[..n])), 1 + n));
    }
    if first.is_ascii_lowercase() {
        let n = rest
            .bytes()
            .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
            .count();
        return Some((
            Target::Place(rest[..n].trim_end_matches('-').to_owned()),
            1 + n,
        ));
    }
    if first.is_ascii_uppercase() {
        return quick_row(rest);
    }
    None
}

/// `F`, `F2:Greedy`, `F:Terrible-Storm` after the `@`: a matrix id and a
/// row name of ASCII letters, digits, `-` and `'` (a name that goes on in
/// other letters is the grammar's).
fn quick_row(rest: &str) -> Option<(Target, usize)> {
    let m = rest
        .bytes()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        .count();
    let (matrix, after) = rest.split_at(m);
    // `matrix_id`'s `!(ASCII_ALPHA_LOWER | "-")`: no reference at all.
    if after.starts_with(|c: char| c.is_ascii_lowercase() || c == '-') {
        return None;
    }
    let Some(row) = after.strip_prefix(':') else {
        return Some((Target::Matrix(matrix.to_owned()), 1 + m));
    };
    let n = row
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'\''))
        .count();
    if row.as_bytes().get(n).is_some_and(|b| !b.is_ascii()) {
        return None;
    }
    if n == 0 {
        return Some((Target::Matrix(matrix.to_owned()), 1 + m));
    }
    let target = Target::Row {
        matrix: matrix.to_owned(),
        row: row[..n].to_owned(),
    };
    Some((target, 1 + m + 1 + n))
}

fn by_grammar(text: &str) -> Option<(Target, usize)> {
    let pair = AwardParser::parse(Rule::reference, text).ok()?.next()?;
    let len = pair.as_str().len();
    Some((lower_reference(pair), len))
}

/// Every `@` reference in prose, skipping the byte ranges in `skip`.
pub fn scan_references(
    file: FileId,
    text: &str,
    map: impl Fn(usize) -> usize,
    skip: &[(usize, usize)],
) -> Vec<Reference> {
    let mut refs = Vec::new();
    // `skip` is ascending and `@`s come in order: one pass over both.
    let mut k = 0;
    for i in memchr::memchr_iter(b'@', text.as_bytes()) {
        while k < skip.len() && skip[k].1 <= i {
            k += 1;
        }
        if skip.get(k).is_some_and(|&(a, b)| i >= a && i < b) {
            continue;
        }
        let before = text[..i].chars().next_back();
        if before.is_some_and(char::is_alphanumeric) {
            continue;
        }
        // Every reference has a letter or digit after its `@`: most `@`
        // that are none are told without the parser.
        if !text[i + 1..].starts_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        if let Some((target, len)) = reference_at(&text[i..]) {
            let start = map(i);
            refs.push(Reference {
                target,
                span: Span::new(file, start, start + len),
            });
        }
    }
    refs
}

/// A reference written as a whole YAML value (`"@K"`, `"@F:Terrible"`).
pub fn parse_whole_reference(text: &str) -> Option<Target> {
    let t = text.trim();
    let (target, len) = reference_at(t)?;
    (len == t.len()).then_some(target)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The quick reader reads what the grammar reads, or leaves it.
        #[test]
        fn quick_references_agree_with_the_grammar(text in "@([0-9]{0,12}|[a-z][a-z0-9-]{0,8}|[A-Z][A-Z0-9]{0,2}(:[A-Za-z0-9'’é-]{0,6})?)[a-zA-Z0-9:.,é’'-]{0,3}") {
            if let Some(q) = super::quick(&text) {
                prop_assert_eq!(Some(q), super::by_grammar(&text));
            }
        }
    }
}
