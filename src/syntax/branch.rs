//! Die bands: the labels of a die roll's arms (`2-7`, `8+`, `❖ 4`, `2–7`).

use super::award::MAX_AMOUNT;
use crate::ir::Band;

/// A die band label (`2-7`, `8+`, `❖ 4`).
pub fn parse_band(text: &str) -> Option<Result<Band, String>> {
    // Most labels are choices ("If you accept"): only a digit or `❖` can
    // start a band, so skip the parser for the rest.
    let first = text.trim_start().chars().next()?;
    if !(first.is_ascii_digit() || first == '❖') {
        return None;
    }
    let (lo, hi, open) = super::quick_markup::band(text.trim())?;
    let lo: u32 = lo.parse().unwrap_or(u32::MAX);
    let hi: Option<u32> = hi.map(|h| h.parse().unwrap_or(u32::MAX));
    if lo > MAX_AMOUNT || hi.is_some_and(|h| h > MAX_AMOUNT) {
        return Some(Err("die band number is too large".into()));
    }
    if let Some(h) = hi
        && h < lo
    {
        return Some(Err(format!("die band `{lo}-{h}` runs backwards")));
    }
    Some(Ok(Band {
        lo,
        hi: if open { None } else { Some(hi.unwrap_or(lo)) },
    }))
}
