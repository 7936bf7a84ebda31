//! Die bands: the labels of a die roll's arms (`2-7`, `8+`, `❖ 4`, `2–7`).

use super::award::MAX_AMOUNT;
use super::award_grammar::{AwardParser, Rule};
use crate::ir::Band;
use pest::Parser;

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
