//! `rules:` of glossary entries (FORMAT.md 9.2) into [`crate::ir::rules`],
//! once the glossary, the matrices and the board are known: names resolve
//! to entries, reactions to the matrices' reactions, awards are read as
//! award codes. A rule name a slip away is read as meant (`misspelt-key`);
//! any other is `unknown-rule`; a value that does not fit is one `bad-rule`.

mod loss;
mod names;
mod outcome;
mod values;

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::rules::{Rule, RuleKind};
use crate::ir::{Book, EntryKind};
use crate::span::{FileId, Span};
use crate::syntax::Context;
use crate::syntax::yaml::{Node, Value};
use values::{choices, count, dice_by, flag, signed, track, words};

/// Every rule name, as `rules:` writes it.
pub const RULES: &[&str] = &[
    "movement",
    "rate-at-least",
    "movement-limit",
    "city-hops",
    "cannot-trade",
    "cannot-gain",
    "cannot-use",
    "skills-count-lower",
    "double",
    "award-becomes",
    "cannot-react",
    "must-react",
    "chosen-by-another",
    "dice",
    "second-roll",
    "decline-award",
    "gains-to-another",
    "no-victory",
    "on-gain",
    "instead-if-held",
    "requires",
    "encounter-on-roll",
    "encounter-optional",
    "home",
    "marked-city",
    "journey",
    "share",
    "exchange",
    "counts-as",
    "roll-bonus",
    "one-use-move",
    "lose-when",
];

/// The bands of a roll, lowest first, with what each gives.
type Bands<T> = Vec<(u32, u32, T)>;

/// Every way of loss, as `lose-when:` writes it.
pub const LOSSES: &[&str] = &[
    "gains",
    "story-reaches",
    "destiny-rises",
    "points-rise",
    "gains-skill",
    "after-roll",
    "after-turns",
    "after-encounters",
    "roll-off",
    "in-one-encounter",
    "moved-by-effect",
    "pay",
];

/// The largest count a rule takes (points, turns, spaces).
const MAX_COUNT: i64 = 99;

/// Lower each pending `rules:` node into its entry.
pub fn lower(
    book: &mut Book,
    file: FileId,
    source: &str,
    pending: &[(usize, Node)],
    diags: &mut Diagnostics,
) {
    let mut lowered = Vec::with_capacity(pending.len());
    {
        let cx = Cx {
            book,
            ctx: Context::of(book, file),
            source,
        };
        for (i, node) in pending {
            let what = format!("the rules of `{}`", book.glossary.entries[*i].id.value);
            lowered.push((*i, cx.rules(node, &what, diags)));
        }
    }
    for (i, rules) in lowered {
        book.glossary.entries[i].rules = rules;
    }
}

struct Cx<'a> {
    book: &'a Book,
    ctx: Context<'a>,
    source: &'a str,
}

/// `rules: second-roll`: the rules are a map of rule names to values; a
/// rule named alone is most likely one that takes `true`.
fn not_a_map(node: &Node, written: &str, what: &str) -> Diagnostic {
    let name = written.trim();
    let example = if RULES.contains(&name) {
        format!("`rules: {{{name}: true}}`, if `{name}` takes `true`")
    } else {
        "`rules: {no-victory: true}`".to_owned()
    };
    Diagnostic::new(
        "syntax-error",
        node.span,
        format!("{what} must be a map, not {}", node.kind_name()),
    )
    .label("expected a map of rule names and values")
    .with_help(format!(
        "write each rule as `name: value`, e.g. {example} (`tales explain rules` lists them)"
    ))
}

pub(crate) fn bad(span: Span, message: String, help: &str) -> Diagnostic {
    Diagnostic::new("bad-rule", span, message)
        .label("does not fit this rule")
        .with_help(help.to_owned())
}

/// A map's keys as the vocabulary spells them: a slip read as meant
/// (`misspelt-key`), anything else `unknown-rule` with the closest name.
fn rule_keys<'n>(
    entries: &'n [(Node, Node)],
    known: &[&'static str],
    what: &str,
    diags: &mut Diagnostics,
) -> Vec<(&'static str, &'n Node, Span)> {
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        let name = k.scalar().unwrap_or_default();
        if let Some(&same) = known.iter().find(|c| **c == name) {
            out.push((same, v, k.span));
            continue;
        }
        if let Some(c) = read::near_key(&name, known) {
            diags.push(
                Diagnostic::new(
                    "misspelt-key",
                    k.span,
                    format!("`{name}` is no key of {what}: did you mean `{c}`?"),
                )
                .label(format!("read as `{c}`"))
                .with_help(format!(
                    "write `{c}:`; tales reads this key as `{c}` meanwhile"
                )),
            );
            out.push((c, v, k.span));
            continue;
        }
        // The likely rule: within half the name's letters, else none.
        let lower = name.to_lowercase();
        let closest = known
            .iter()
            .map(|c| (crate::text::edit_distance(c, &lower), *c))
            .min()
            .filter(|(d, _)| *d <= lower.chars().count().div_ceil(2))
            .map_or(String::new(), |(_, c)| format!("did you mean `{c}`? "));
        diags.push(
            Diagnostic::new(
                "unknown-rule",
                k.span,
                format!("`{name}` is no rule tales knows in {what}"),
            )
            .label("unknown rule")
            .with_help(format!(
                "{closest}the rules are {} (`tales explain rules`)",
                known.join(", ")
            )),
        );
    }
    out
}

impl Cx<'_> {
    fn rules(&self, node: &Node, what: &str, diags: &mut Diagnostics) -> Vec<Rule> {
        if let Some(written) = node.scalar().filter(|_| !matches!(node.value, Value::Null)) {
            diags.push(not_a_map(node, &written, what));
            return Vec::new();
        }
        let entries = read::map(node, what, diags);
        let mut out = Vec::new();
        for (name, v, span) in rule_keys(entries, RULES, what, diags) {
            if let Some(kind) = self.rule(name, v, diags) {
                out.push(Rule {
                    kind,
                    span: span.to(v.span),
                });
            }
        }
        out
    }

    fn rule(&self, name: &str, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        Some(match name {
            "movement" => {
                let (land, sea) = Self::land_sea(v, true, diags)?;
                RuleKind::Movement { land, sea }
            }
            "rate-at-least" => {
                let (land, sea) = Self::land_sea(v, false, diags)?;
                RuleKind::RateAtLeast {
                    land: land.unsigned_abs(),
                    sea: sea.unsigned_abs(),
                }
            }
            "movement-limit" => RuleKind::MovementLimit(count(v, 0, diags)?),
            "roll-bonus" => RuleKind::RollBonus(signed(v, diags)?),
            "cannot-gain" => RuleKind::CannotGain(self.barred(v, diags)?),
            "cannot-use" => RuleKind::CannotUse(self.skills(v, diags)?),
            "skills-count-lower" => RuleKind::SkillsCountLower(self.skills(v, diags)?),
            "counts-as" => RuleKind::CountsAs(self.names(v, &[EntryKind::Skill], diags)?),
            "double" => RuleKind::Double(track(v, diags)?),
            "award-becomes" => Self::award_becomes(v, diags)?,
            "cannot-react" => self.cannot_react(v, diags)?,
            "must-react" => RuleKind::MustReact(self.reaction(v, diags)?),
            "chosen-by-another" => RuleKind::ChosenByAnother(choices(v, diags)?),
            "dice" => RuleKind::Dice(dice_by(v, diags)?),
            "gains-to-another" => Self::gains_to_another(v, diags)?,
            "on-gain" => RuleKind::OnGain(self.outcome(v, diags)?),
            "one-use-move" => RuleKind::OneUseMove(self.award(v, diags)?),
            "lose-when" => RuleKind::LoseWhen(self.losses(v, diags)),
            "city-hops" | "cannot-trade" | "second-roll" | "decline-award" | "no-victory"
            | "encounter-optional" => flag(name, v, diags)?,
            _ => self.rule_of_places(name, v, diags)?,
        })
    }

    /// The rules about places, homes, other players and exchanges.
    fn rule_of_places(&self, name: &str, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let statuses = [EntryKind::Status];
        Some(match name {
            "instead-if-held" => {
                let m = read::map(v, "`instead-if-held`", diags);
                let [(held, instead)] = m else {
                    diags.push(bad(
                        v.span,
                        "`instead-if-held` names one status held and the one gained instead".into(),
                        "write e.g. `instead-if-held: {Married: Grief Stricken}`",
                    ));
                    return None;
                };
                RuleKind::InsteadIfHeld {
                    held: self.one(held, &statuses, diags)?,
                    instead: self.one(instead, &statuses, diags)?,
                }
            }
            "requires" => {
                let f = Self::fields(v, &["points", "else"], "`requires`", diags)?;
                RuleKind::Requires {
                    points: count(field(&f, "points", v, diags)?, 1, diags)?,
                    instead: self.one(field(&f, "else", v, diags)?, &statuses, diags)?,
                }
            }
            "encounter-on-roll" => self.encounter_on_roll(v, diags)?,
            "home" => self.home(v, diags)?,
            "marked-city" => self.marked_city(v, diags)?,
            "journey" => self.journey(v, diags)?,
            "share" => {
                let f = Self::fields(v, &["destiny", "needs"], "`share`", diags)?;
                RuleKind::Share {
                    destiny: count(field(&f, "destiny", v, diags)?, 0, diags)?,
                    needs: match get(&f, "needs") {
                        Some(n) => self.names(n, &[EntryKind::Skill], diags)?,
                        None => Vec::new(),
                    },
                }
            }
            "exchange" => {
                let f = Self::fields(v, &["to", "needs-master", "points"], "`exchange`", diags)?;
                RuleKind::Exchange {
                    to: self.one(field(&f, "to", v, diags)?, &statuses, diags)?,
                    needs_master: match get(&f, "needs-master") {
                        Some(n) => self.names(n, &[EntryKind::Skill], diags)?,
                        None => Vec::new(),
                    },
                    points: get(&f, "points").map_or(Some(0), |n| count(n, 0, diags))?,
                }
            }
            _ => return None,
        })
    }

    /// A map's fields by the names given (slips read as meant).
    fn fields<'n>(
        v: &'n Node,
        known: &[&'static str],
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(&'static str, &'n Node)>> {
        let Value::Map(entries) = &v.value else {
            diags.push(bad(
                v.span,
                format!("{what} takes a map of {}", known.join(", ")),
                "see `tales explain rules` for this rule's example",
            ));
            return None;
        };
        Some(
            rule_keys(entries, known, what, diags)
                .into_iter()
                .map(|(k, n, _)| (k, n))
                .collect(),
        )
    }

    fn land_sea(v: &Node, signed_ok: bool, diags: &mut Diagnostics) -> Option<(i32, i32)> {
        let one = |n: &Node, diags: &mut Diagnostics| {
            if signed_ok {
                signed(n, diags)
            } else {
                count(n, 0, diags).and_then(|c| i32::try_from(c).ok())
            }
        };
        if let Value::Map(_) = &v.value {
            let f = Self::fields(v, &["land", "sea"], "a movement rule", diags)?;
            let land = get(&f, "land").map_or(Some(0), |n| one(n, diags))?;
            let sea = get(&f, "sea").map_or(Some(0), |n| one(n, diags))?;
            return Some((land, sea));
        }
        let both = one(v, diags)?;
        Some((both, both))
    }

    fn award_becomes(v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let m = read::map(v, "`award-becomes`", diags);
        let [(from, to)] = m else {
            diags.push(bad(
                v.span,
                "`award-becomes` takes one kind of award and the kind it becomes".into(),
                "write e.g. `award-becomes: {destiny: story}`",
            ));
            return None;
        };
        Some(RuleKind::AwardBecomes {
            from: track(from, diags)?,
            to: track(to, diags)?,
        })
    }

    fn cannot_react(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        if let Value::Map(_) = &v.value {
            let f = Self::fields(v, &["reaction", "if-forced"], "`cannot-react`", diags)?;
            return Some(RuleKind::CannotReact {
                reaction: self.reaction(field(&f, "reaction", v, diags)?, diags)?,
                if_forced: match get(&f, "if-forced") {
                    Some(n) => self.names(n, &[EntryKind::Status], diags)?,
                    None => Vec::new(),
                },
            });
        }
        Some(RuleKind::CannotReact {
            reaction: self.reaction(v, diags)?,
            if_forced: Vec::new(),
        })
    }

    fn gains_to_another(v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
        let (mut destiny, mut treasures) = (false, false);
        for w in words(v, diags)? {
            match w.value.as_str() {
                "destiny" => destiny = true,
                "treasures" | "treasure" => treasures = true,
                _ => {
                    diags.push(bad(
                        w.span,
                        format!("`{}` is not what goes to another player", w.value),
                        "write `destiny`, `treasures` or both",
                    ));
                    return None;
                }
            }
        }
        Some(RuleKind::GainsToAnother { destiny, treasures })
    }
}

pub(super) fn get<'n>(fields: &[(&'static str, &'n Node)], key: &str) -> Option<&'n Node> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
}

pub(super) fn field<'n>(
    fields: &[(&'static str, &'n Node)],
    key: &str,
    at: &Node,
    diags: &mut Diagnostics,
) -> Option<&'n Node> {
    let n = get(fields, key);
    if n.is_none() {
        diags.push(bad(
            at.span,
            format!("this rule needs `{key}`"),
            "see `tales explain rules` for this rule's example",
        ));
    }
    n
}
