//! Outcomes (an award, a choice, a roll over bands) and the rules about
//! encounters and places.

use super::super::read;
use super::values::count;
use super::{Bands, Cx, bad, field, get};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::Reference;
use crate::ir::rules::{Meet, Outcome, RuleKind};
use crate::syntax::yaml::{Node, Value};

impl Cx<'_> {
    pub(super) fn award(&self, v: &Node, diags: &mut Diagnostics) -> Option<crate::ir::Award> {
        let Value::Str(text) = &v.value else {
            diags.push(bad(
                v.span,
                format!("an award must be a text, not {}", v.kind_name()),
                "write the award items in quotes, e.g. `\"D1 / S1\"`",
            ));
            return None;
        };
        let offset = read::text_offset(self.source, v.span);
        let before = diags.len();
        let award = crate::syntax::award::parse_items(&self.ctx, text, offset, diags);
        (diags.len() == before).then_some(award)
    }

    /// `home: true`, or `home: {on-return: OUTCOME}`.
    pub(super) fn home(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        if matches!(v.value, Value::Bool(true)) {
            return Some(RuleKind::Home { on_return: None });
        }
        let f = Self::fields(v, &["on-return"], "`home`", diags)?;
        let on_return = match get(&f, "on-return") {
            Some(n) => Some(self.outcome(n, diags)?),
            None => None,
        };
        Some(RuleKind::Home { on_return })
    }

    /// An award text, `{choice: {LABEL: OUTCOME, ...}}`, `{roll: 1d6,
    /// "1-2": OUTCOME, ...}`, or a list of outcomes in order.
    pub(super) fn outcome(&self, v: &Node, diags: &mut Diagnostics) -> Option<Outcome> {
        match &v.value {
            Value::Seq(items) => {
                let mut all = Vec::with_capacity(items.len());
                for i in items {
                    all.push(self.outcome(i, diags)?);
                }
                Some(Outcome::All(all))
            }
            Value::Map(m)
                if m.first().and_then(|(k, _)| k.scalar()).as_deref() == Some("choice") =>
            {
                let options = read::map(&m[0].1, "a `choice`", diags);
                let mut out = Vec::with_capacity(options.len());
                for (label, o) in options {
                    out.push((read::key(label), self.outcome(o, diags)?));
                }
                if m.len() > 1 || out.len() < 2 {
                    diags.push(bad(
                        v.span,
                        "a `choice` is a map of two or more labelled outcomes, alone".into(),
                        "write e.g. `{choice: {Accept: \"D2 / Married\", Refuse: \"Scorned\"}}`",
                    ));
                    return None;
                }
                Some(Outcome::Choice(out))
            }
            Value::Map(_) => {
                let (dice, bands) = Self::bands(v, diags, |n, d| self.outcome(n, d))?;
                Some(Outcome::Roll { dice, bands })
            }
            _ => Some(Outcome::Award(self.award(v, diags)?)),
        }
    }

    /// `{roll: 1d6, "1-2": X, "3-6": Y}`: the dice and each band's value;
    /// the bands must cover every total once.
    pub(super) fn bands<T>(
        v: &Node,
        diags: &mut Diagnostics,
        mut each: impl FnMut(&Node, &mut Diagnostics) -> Option<T>,
    ) -> Option<(u8, Bands<T>)> {
        let m = read::map(v, "a roll", diags);
        let mut dice = None;
        let mut bands = Vec::new();
        for (k, n) in m {
            let key = k.scalar().unwrap_or_default();
            if key == "roll" {
                dice = match n.scalar().as_deref() {
                    Some("1d6") => Some(1u8),
                    Some("2d6") => Some(2),
                    _ => {
                        diags.push(bad(
                            n.span,
                            "a rule's roll is `1d6` or `2d6`".into(),
                            "write `roll: 1d6` or `roll: 2d6`",
                        ));
                        return None;
                    }
                };
                continue;
            }
            let Some((lo, hi)) = band(&key) else {
                diags.push(bad(
                    k.span,
                    format!("`{key}` is no band of a roll"),
                    "write a band as `2` or `1-3`, after `roll: 1d6`",
                ));
                return None;
            };
            bands.push((lo, hi, each(n, diags)?, k.span));
        }
        let Some(dice) = dice else {
            diags.push(bad(
                v.span,
                "a roll needs `roll: 1d6` or `roll: 2d6`".into(),
                "write the dice first: `{roll: 1d6, \"1-3\": ..., \"4-6\": ...}`",
            ));
            return None;
        };
        let (min, max) = (u32::from(dice), 6 * u32::from(dice));
        bands.sort_by_key(|b| b.0);
        let mut next = min;
        for (lo, hi, _, span) in &bands {
            if *lo != next || *hi > max || hi < lo {
                diags.push(bad(
                    *span,
                    format!(
                        "the bands of a {dice}d6 roll must cover {min} to {max} once, in order"
                    ),
                    "make each band start where the one before ends",
                ));
                return None;
            }
            next = hi + 1;
        }
        if next != max + 1 {
            diags.push(bad(
                v.span,
                format!("the bands of a {dice}d6 roll stop before {max}"),
                "add a band for the highest totals",
            ));
            return None;
        }
        Some((
            dice,
            bands.into_iter().map(|(l, h, t, _)| (l, h, t)).collect(),
        ))
    }

    pub(super) fn meet(&self, v: &Node, diags: &mut Diagnostics) -> Option<Meet> {
        if let Value::Map(_) = &v.value {
            let f = Self::fields(v, &["female", "male"], "an encounter by sex", diags)?;
            return Some(Meet::BySex {
                female: self.reference(field(&f, "female", v, diags)?, diags)?,
                male: self.reference(field(&f, "male", v, diags)?, diags)?,
            });
        }
        Some(Meet::At(self.reference(v, diags)?))
    }

    /// A reference: checked with every other by the reference graph
    /// (`dangling-reference`), where a row that does not exist is found too.
    pub(super) fn reference(&self, v: &Node, diags: &mut Diagnostics) -> Option<Reference> {
        read::target(v, self.source, "an encounter", diags)
    }

    pub(super) fn encounter_on_roll(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let Value::Map(m) = &v.value else {
            diags.push(bad(
                v.span,
                "`encounter-on-roll` takes a roll and its bands".into(),
                "write e.g. `{roll: 1d6, \"1-2\": \"@H:Pursuer\", \"3-6\": ~}`",
            ));
            return None;
        };
        let mut next_turn_only = false;
        let kept: Vec<(Node, Node)> = m
            .iter()
            .filter(|(k, n)| {
                let once = k.scalar().as_deref() == Some("next-turn-only");
                next_turn_only |= once && matches!(n.value, Value::Bool(true));
                !once
            })
            .cloned()
            .collect();
        let node = Node {
            value: Value::Map(kept),
            span: v.span,
        };
        let (dice, bands) = Self::bands(&node, diags, |n, d| {
            if n.is_null() {
                Some(None)
            } else {
                self.meet(n, d).map(Some)
            }
        })?;
        Some(RuleKind::EncounterOnRoll {
            dice,
            bands: bands
                .into_iter()
                .filter_map(|(l, h, m)| Some((l, h, m?)))
                .collect(),
            next_turn_only,
        })
    }

    pub(super) fn marked_city(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let f = Self::fields(
            v,
            &["on-encounter", "on-gained-again", "move-there"],
            "`marked-city`",
            diags,
        )?;
        let outcome = |k: &str, diags: &mut Diagnostics| match get(&f, k) {
            Some(n) => self.outcome(n, diags).map(Some),
            None => Some(None),
        };
        Some(RuleKind::MarkedCity {
            on_encounter: outcome("on-encounter", diags)?,
            on_gained_again: outcome("on-gained-again", diags)?,
            move_there: get(&f, "move-there")
                .is_some_and(|n| read::boolean(n, "`move-there`", diags)),
        })
    }

    pub(super) fn journey(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let f = Self::fields(v, &["to", "farther-than", "award"], "`journey`", diags)?;
        let to = read::string(field(&f, "to", v, diags)?, "`to`", diags)?;
        if let Some(board) = &self.book.board
            && board.space(&to.value).is_none()
        {
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    to.span,
                    format!("`{}` is no space of board.yaml", to.value),
                )
                .label("no such space")
                .with_help("name a space of board.yaml"),
            );
            return None;
        }
        Some(RuleKind::Journey {
            to,
            farther_than: get(&f, "farther-than").map_or(Some(0), |n| count(n, 0, diags))?,
            award: match get(&f, "award") {
                Some(n) => Some(self.outcome(n, diags)?),
                None => None,
            },
        })
    }
}

/// `3`, `1-3`, `2–7` (an en dash too).
fn band(key: &str) -> Option<(u32, u32)> {
    let key = key.trim();
    if let Some((a, b)) = key.split_once(['-', '–']) {
        return Some((a.trim().parse().ok()?, b.trim().parse().ok()?));
    }
    let n = key.parse().ok()?;
    Some((n, n))
}
