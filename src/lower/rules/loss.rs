//! `lose-when:`: the ways a status is lost, and payments.

use super::super::read;
use super::values::count;
use super::{Cx, LOSSES, bad, get, rule_keys};
use crate::diagnostic::Diagnostics;
use crate::ir::EntryKind;
use crate::ir::rules::{Loss, Payment};
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

impl Cx<'_> {
    pub(super) fn losses(&self, v: &Node, diags: &mut Diagnostics) -> Vec<Spanned<Loss>> {
        let entries = read::map(v, "`lose-when`", diags);
        let mut out = Vec::new();
        for (name, n, span) in rule_keys(entries, LOSSES, "`lose-when`", diags) {
            if name == "pay" {
                let each: Vec<&Node> = match &n.value {
                    Value::Seq(s) => s.iter().collect(),
                    _ => vec![n],
                };
                for p in each {
                    if let Some(pay) = self.payment(p, diags) {
                        out.push(Spanned::new(Loss::Pay(pay), p.span));
                    }
                }
                continue;
            }
            if let Some(l) = self.loss(name, n, diags) {
                out.push(Spanned::new(l, span.to(n.span)));
            }
        }
        out
    }

    fn loss(&self, name: &str, n: &Node, diags: &mut Diagnostics) -> Option<Loss> {
        let yes = |diags: &mut Diagnostics| {
            matches!(n.value, Value::Bool(true))
                .then_some(())
                .or_else(|| {
                    diags.push(bad(
                        n.span,
                        format!("`{name}` takes `true`"),
                        "write `true`, or leave it out",
                    ));
                    None
                })
        };
        Some(match name {
            "gains" => Loss::Gains(self.names(n, &[EntryKind::Status], diags)?),
            "story-reaches" => Loss::StoryReaches(count(n, 1, diags)?),
            "destiny-rises" => Loss::DestinyRises(count(n, 1, diags)?),
            "points-rise" => Loss::PointsRise(count(n, 1, diags)?),
            "after-roll" => Loss::AfterRoll(count(n, 0, diags)?),
            "after-turns" => Loss::AfterTurns(count(n, 1, diags)?),
            "after-encounters" => Loss::AfterEncounters(count(n, 1, diags)?),
            "in-one-encounter" => {
                let f = Self::fields(n, &["wealth", "treasures"], "`in-one-encounter`", diags)?;
                Loss::InOneEncounter {
                    wealth: get(&f, "wealth").map_or(Some(0), |w| count(w, 1, diags))?,
                    treasures: get(&f, "treasures").map_or(Some(0), |w| count(w, 1, diags))?,
                }
            }
            "gains-skill" => {
                yes(diags)?;
                Loss::GainsSkill
            }
            "roll-off" => {
                yes(diags)?;
                Loss::RollOff
            }
            _ => {
                yes(diags)?;
                Loss::MovedByEffect
            }
        })
    }

    fn payment(&self, v: &Node, diags: &mut Diagnostics) -> Option<Payment> {
        const KEYS: &[&str] = &[
            "destiny",
            "story",
            "wealth",
            "one-of",
            "skip-turn",
            "to-player-with",
            "gained-while-held",
            "becomes",
            "free-when-broke",
        ];
        let f = Self::fields(v, KEYS, "a payment", diags)?;
        let num =
            |k: &str, diags: &mut Diagnostics| get(&f, k).map_or(Some(0), |n| count(n, 1, diags));
        let yes = |k: &str, diags: &mut Diagnostics| {
            get(&f, k).is_some_and(|n| read::boolean(n, &format!("`{k}`"), diags))
        };
        let p = Payment {
            destiny: num("destiny", diags)?,
            story: num("story", diags)?,
            wealth: num("wealth", diags)?,
            one_of: yes("one-of", diags),
            skip_turn: yes("skip-turn", diags),
            to_player_with: match get(&f, "to-player-with") {
                Some(n) => self.names(n, &[EntryKind::Skill], diags)?,
                None => Vec::new(),
            },
            gained_while_held: yes("gained-while-held", diags),
            becomes: match get(&f, "becomes") {
                Some(n) => Some(self.one(n, &[EntryKind::Status], diags)?),
                None => None,
            },
            free_when_broke: yes("free-when-broke", diags),
        };
        if p.destiny + p.story + p.wealth == 0 && !p.skip_turn {
            diags.push(bad(
                v.span,
                "a payment pays something".into(),
                "write what it costs: `destiny: 3`, `wealth: 1`, `skip-turn: true`",
            ));
            return None;
        }
        Some(p)
    }
}
