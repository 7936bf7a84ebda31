//! `rules:` of glossary entries (FORMAT.md 9.2) into [`crate::ir::rules`],
//! once the glossary, the matrices and the board are known: names resolve
//! to entries, reactions to the matrices' reactions, awards are read as
//! award codes. A rule name a slip away is read as meant (`misspelt-key`);
//! any other is `unknown-rule`; a value that does not fit is one `bad-rule`.

use super::read;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::rules::{
    Barred, Choice, DiceBy, Loss, Meet, Outcome, Payment, Rule, RuleKind, Skills, Track,
};
use crate::ir::{Book, EntryKind, Id, Reference};
use crate::span::{FileId, Span, Spanned};
use crate::syntax::Context;
use crate::syntax::yaml::{Node, Value};

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
        let entries = read::map(node, &format!("`rules` of {what}"), diags);
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

    fn reaction(&self, v: &Node, diags: &mut Diagnostics) -> Option<Spanned<String>> {
        let r = read::string(v, "a reaction", diags)?;
        // Checked against the matrices' headers when the book has matrices
        // (a reference glossary alone has none).
        let mut known = self.book.matrices.iter().flat_map(|m| m.reactions.iter());
        if known.any(|k| crate::text::eq_ci(&k.value, &r.value)) {
            return Some(r);
        }
        if !self.book.matrices.is_empty() {
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    r.span,
                    format!("`{}` is no reaction of this book's matrices", r.value),
                )
                .label("unknown reaction")
                .with_help("write a reaction as the matrices' headers write it"),
            );
            return None;
        }
        Some(r)
    }

    /// One glossary name of these kinds.
    fn one(&self, v: &Node, kinds: &[EntryKind], diags: &mut Diagnostics) -> Option<Id> {
        let s = read::string(v, "a glossary name", diags)?;
        let Some(e) = self.ctx.glossary.resolve(&s.value) else {
            let mut d = Diagnostic::new(
                "unknown-name",
                s.span,
                format!("`{}` is no name of the glossary", s.value),
            )
            .label("unknown name");
            if let Some(near) = self.ctx.suggest(&s.value) {
                d = d.with_help(format!("did you mean `{}`?", near.name.value));
            }
            diags.push(d);
            return None;
        };
        if !kinds.contains(&e.kind) {
            let want: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
            diags.push(bad(
                s.span,
                format!(
                    "`{}` is a {}, not a {}",
                    s.value,
                    e.kind.as_str(),
                    want.join(" or ")
                ),
                "name an entry of the kind this rule takes",
            ));
            return None;
        }
        Some(e.id.value)
    }

    /// One name or a list of names.
    fn names(&self, v: &Node, kinds: &[EntryKind], diags: &mut Diagnostics) -> Option<Vec<Id>> {
        let nodes: Vec<&Node> = match &v.value {
            Value::Seq(s) => s.iter().collect(),
            _ => vec![v],
        };
        let mut out = Vec::with_capacity(nodes.len());
        let mut ok = true;
        for n in nodes {
            match self.one(n, kinds, diags) {
                Some(id) => out.push(id),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// `all`, or skill names.
    fn skills(&self, v: &Node, diags: &mut Diagnostics) -> Option<Skills> {
        if matches!(&v.value, Value::Str(s) if s == "all") {
            return Some(Skills::All);
        }
        Some(Skills::These(self.names(v, &[EntryKind::Skill], diags)?))
    }

    /// Names of skills, statuses or treasures, and the words `skills` (every
    /// skill) and `wealth`.
    fn barred(&self, v: &Node, diags: &mut Diagnostics) -> Option<Barred> {
        let nodes: Vec<&Node> = match &v.value {
            Value::Seq(s) => s.iter().collect(),
            _ => vec![v],
        };
        let mut b = Barred {
            skills: None,
            wealth: false,
            entries: Vec::new(),
        };
        let mut named = Vec::new();
        let all = [EntryKind::Skill, EntryKind::Status, EntryKind::Treasure];
        for n in nodes {
            match n.scalar().as_deref() {
                Some("skills") => b.skills = Some(Skills::All),
                Some("wealth") => b.wealth = true,
                _ => {
                    let id = self.one(n, &all, diags)?;
                    let is_skill = self
                        .book
                        .glossary
                        .by_id(&id)
                        .is_some_and(|e| e.kind == EntryKind::Skill);
                    if is_skill {
                        named.push(id);
                    } else {
                        b.entries.push(id);
                    }
                }
            }
        }
        if !named.is_empty() && b.skills.is_none() {
            b.skills = Some(Skills::These(named));
        }
        Some(b)
    }

    fn award(&self, v: &Node, diags: &mut Diagnostics) -> Option<crate::ir::Award> {
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
    fn home(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
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
    fn outcome(&self, v: &Node, diags: &mut Diagnostics) -> Option<Outcome> {
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
    fn bands<T>(
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

    fn meet(&self, v: &Node, diags: &mut Diagnostics) -> Option<Meet> {
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
    fn reference(&self, v: &Node, diags: &mut Diagnostics) -> Option<Reference> {
        read::target(v, self.source, "an encounter", diags)
    }

    fn encounter_on_roll(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
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

    fn marked_city(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
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

    fn journey(&self, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
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

fn get<'n>(fields: &[(&'static str, &'n Node)], key: &str) -> Option<&'n Node> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
}

fn field<'n>(
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

/// `3`, `1-3`, `2–7` (an en dash too).
fn band(key: &str) -> Option<(u32, u32)> {
    let key = key.trim();
    if let Some((a, b)) = key.split_once(['-', '–']) {
        return Some((a.trim().parse().ok()?, b.trim().parse().ok()?));
    }
    let n = key.parse().ok()?;
    Some((n, n))
}

/// A count from `min` to [`MAX_COUNT`]; anything else is one finding,
/// never a clamped number.
fn count(v: &Node, min: i64, diags: &mut Diagnostics) -> Option<u32> {
    match &v.value {
        Value::Int(i) if (min..=MAX_COUNT).contains(i) => u32::try_from(*i).ok(),
        _ => {
            diags.push(bad(
                v.span,
                format!("expected a whole number from {min} to {MAX_COUNT}"),
                "write a number as the card says it",
            ));
            None
        }
    }
}

fn signed(v: &Node, diags: &mut Diagnostics) -> Option<i32> {
    match &v.value {
        Value::Int(i) if (-MAX_COUNT..=MAX_COUNT).contains(i) && *i != 0 => i32::try_from(*i).ok(),
        _ => {
            diags.push(bad(
                v.span,
                format!("expected a whole number from -{MAX_COUNT} to {MAX_COUNT} other than 0"),
                "write the change as the card says it: `-1` for one less",
            ));
            None
        }
    }
}

fn flag(name: &str, v: &Node, diags: &mut Diagnostics) -> Option<RuleKind> {
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

fn track(v: &Node, diags: &mut Diagnostics) -> Option<Track> {
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
fn words(v: &Node, diags: &mut Diagnostics) -> Option<Vec<Spanned<String>>> {
    match &v.value {
        Value::Seq(s) => s.iter().map(|n| read::string(n, "a word", diags)).collect(),
        _ => Some(vec![read::string(v, "a word", diags)?]),
    }
}

fn choices(v: &Node, diags: &mut Diagnostics) -> Option<Vec<Choice>> {
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

fn dice_by(v: &Node, diags: &mut Diagnostics) -> Option<DiceBy> {
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

impl Cx<'_> {
    fn losses(&self, v: &Node, diags: &mut Diagnostics) -> Vec<Spanned<Loss>> {
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
