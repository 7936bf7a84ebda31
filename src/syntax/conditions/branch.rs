//! Die bands: the labels of a die roll's arms (`2-7`, `8+`, `❖ 4`, `2–7`).

use crate::ir::Band;
use crate::syntax::limits::MAX_AMOUNT;

/// A die band label (`2-7`, `8+`, `❖ 4`). A band whose upper number is too
/// large ([`too_large`], reported by the caller) is read as open (`7+`).
pub fn parse_band(text: &str) -> Option<Result<Band, String>> {
    // Most labels are choices ("If you accept"): only a digit or `❖` can
    // start a band, so skip the parser for the rest.
    let first = text.trim_start().chars().next()?;
    if !(first.is_ascii_digit() || first == '❖') {
        return None;
    }
    let (lo, hi, open) = crate::syntax::conditions::quick_markup::band(text.trim())?;
    if !fits(lo) {
        return Some(Err(format!("die band number `{lo}` is too large")));
    }
    let open = open || hi.is_some_and(|h| !fits(h));
    let lo: u32 = lo.parse().unwrap_or_default();
    let hi: Option<u32> = hi.map(|h| h.parse().unwrap_or_default());
    if let Some(h) = hi
        && h < lo
        && !open
    {
        return Some(Err(format!("die band `{}` runs backwards", text.trim())));
    }
    Some(Ok(Band {
        lo,
        hi: if open { None } else { Some(hi.unwrap_or(lo)) },
    }))
}

/// A band that reads but for its upper number (`7-99999`): the lower and
/// the upper number as written. One finding; the band is read as open.
pub fn too_large(text: &str) -> Option<(&str, &str)> {
    let first = text.trim_start().chars().next()?;
    if !(first.is_ascii_digit() || first == '❖') {
        return None;
    }
    let (lo, hi, _) = crate::syntax::conditions::quick_markup::band(text.trim())?;
    hi.filter(|h| fits(lo) && !fits(h)).map(|h| (lo, h))
}

/// A band's number: at most `MAX_AMOUNT`.
fn fits(n: &str) -> bool {
    n.parse::<u32>().is_ok_and(|n| n <= MAX_AMOUNT)
}
