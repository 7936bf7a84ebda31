//! Encounter chart entries: ` 3-4  A {Lost} Fisherman (L)`.

use super::award_grammar::{AwardParser, Rule};
use super::reference::lower_reference;
use crate::ir::Target;
use pest::Parser;

/// A chart entry line as matched: the range and what it names, with
/// offsets into the line.
pub struct EntrySyntax {
    pub lo: u32,
    pub hi: u32,
    pub adjective: Option<(String, usize)>,
    pub matrix: Option<(String, usize)>,
    pub reference: Option<(Target, usize, usize)>,
}

pub fn parse_chart_entry(line: &str) -> Option<EntrySyntax> {
    let pair = AwardParser::parse(Rule::chart_entry, line).ok()?.next()?;
    let mut e = EntrySyntax {
        lo: 0,
        hi: 0,
        adjective: None,
        matrix: None,
        reference: None,
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::range => {
                let nums: Vec<u32> = p
                    .into_inner()
                    .map(|n| n.as_str().parse().unwrap_or(u32::MAX))
                    .collect();
                e.lo = nums[0];
                e.hi = *nums.get(1).unwrap_or(&nums[0]);
            }
            Rule::entry_text => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::adjective => {
                            let n = q.into_inner().next().expect("adjective has a name");
                            e.adjective
                                .get_or_insert((n.as_str().trim().to_owned(), n.as_span().start()));
                        }
                        Rule::matrix_mark => {
                            let m = q.into_inner().next().expect("matrix mark has a letter");
                            e.matrix = Some((m.as_str().to_owned(), m.as_span().start()));
                        }
                        Rule::reference => {
                            let start = q.as_span().start();
                            let len = q.as_str().len();
                            let before = line[..start].chars().next_back();
                            if !before.is_some_and(char::is_alphanumeric) {
                                e.reference.get_or_insert((lower_reference(q), start, len));
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Some(e)
}
