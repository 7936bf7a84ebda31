//! Plain values of rules: counts, signed numbers, flags, words.

use super::super::read;
use super::{MAX_COUNT, bad};
use crate::diagnostic::Diagnostics;
use crate::ir::rules::{Choice, DiceBy, RuleKind, Track};
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

/// A count from `min` to [`MAX_COUNT`]; anything else is one finding,
/// never a clamped number.
pub(super) fn count(v: &Node, min: i64, diags: &mut Diagnostics) -> Option<u32> {
    match &v.value {
        Value::Int(i) if (min..=MAX_COUNT).contains(i) => u32::try_from(*i).ok(),
        _ => {
            diags.push(bad(
                v.span,
                format!(
                    "expected a whole number from {min} to {MAX_COUNT}{}",
                    not_written(v)
                ),
                "write a number as the card says it",
            ));
            None
        }
    }
}

/// ``, not `three` ``: the value as written, when it is one (a map or a
/// list is not quoted).
fn not_written(v: &Node) -> String {
    v.scalar()
        .filter(|s| !s.trim().is_empty())
        .map_or_else(String::new, |s| format!(", not `{}`", s.trim()))
}

pub(super) fn signed(v: &Node, diags: &mut Diagnostics) -> Option<i32> {
    match &v.value {
        Value::Int(i) if (-MAX_COUNT..=MAX_COUNT).contains(i) && *i != 0 => i32::try_from(*i).ok(),
        _ => {
            diags.push(bad(
                v.span,
                format!(
                    "expected a whole number from -{MAX_COUNT} to {MAX_COUNT} other than 0{}",
                    not_written(v)
                ),
                "write the change as the card says it: `-1` for one less",
            ));
            None
        }
    }
}

pub(super) fn flag(name: &str, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
    if !matches!(v.value, Value::Bool(true)) {
        diags.push(bad(
            v.span,
            format!("`{name}` takes `true`"),
            "write `true`, or leave the rule out",
        ));
        return None;
    }
    Some(match name {
        "city-hops" => RuleKind::CityHops,
        "cannot-trade" => RuleKind::CannotTrade,
        "second-roll" => RuleKind::SecondRoll,
        "decline-award" => RuleKind::DeclineAward,
        "no-victory" => RuleKind::NoVictory,
        _ => RuleKind::EncounterOptional,
    })
}

pub(super) fn track(v: &Node, diags: &mut Diagnostics) -> Option<Track> {
    let t = match v.scalar().as_deref() {
        Some("destiny") => Track::Destiny,
        Some("story") => Track::Story,
        Some("wealth") => Track::Wealth,
        _ => {
            diags.push(bad(
                v.span,
                "expected `destiny`, `story` or `wealth`".into(),
                "name the kind of award",
            ));
            return None;
        }
    };
    Some(t)
}

/// A word or a list of words.
pub(super) fn words(v: &Node, diags: &mut Diagnostics) -> Option<Vec<Spanned<String>>> {
    match &v.value {
        Value::Seq(s) => s.iter().map(|n| read::string(n, "a word", diags)).collect(),
        _ => Some(vec![read::string(v, "a word", diags)?]),
    }
}

pub(super) fn choices(v: &Node, diags: &mut Diagnostics) -> Option<Vec<Choice>> {
    let mut out = Vec::new();
    for w in words(v, diags)? {
        out.push(match w.value.as_str() {
            "reaction" => Choice::Reaction,
            "chart-entry" => Choice::ChartEntry,
            "movement" => Choice::Movement,
            _ => {
                diags.push(bad(
                    w.span,
                    format!("`{}` is no choice another player can make", w.value),
                    "write `reaction`, `chart-entry` or `movement`",
                ));
                return None;
            }
        });
    }
    Some(out)
}

pub(super) fn dice_by(v: &Node, diags: &mut Diagnostics) -> Option<DiceBy> {
    match v.scalar().as_deref() {
        Some("player") => Some(DiceBy::Player),
        Some("another-player") => Some(DiceBy::AnotherPlayer),
        _ => {
            diags.push(bad(
                v.span,
                "`dice` is `player` or `another-player`".into(),
                "who names the number instead of rolling: `player` or `another-player`",
            ));
            None
        }
    }
}
