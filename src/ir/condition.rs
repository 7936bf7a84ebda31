//! Conditions and die rolls (FORMAT.md section 2a): what a condition arm,
//! a section's qualifier and a roll spec's terms test about a character.

use super::Id;
use crate::span::Span;

/// A character's (or the encountered one's) gender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gender {
    Female,
    Male,
}

impl Gender {
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Female => "female",
            Gender::Male => "male",
        }
    }

    #[must_use]
    pub fn other(self) -> Gender {
        match self {
            Gender::Female => Gender::Male,
            Gender::Male => Gender::Female,
        }
    }
}

/// `>=`, `<=`, `=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    Ge,
    Le,
    Eq,
}

impl Cmp {
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Ge => a >= b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Cmp::Ge => ">=",
            Cmp::Le => "<=",
            Cmp::Eq => "=",
        }
    }
}

/// Destiny or story points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointsTrack {
    Destiny,
    Story,
}

/// A condition over the character, the one encountered and the place.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// Holds that skill (any level), status or treasure.
    Has(Id),
    /// `id:master`: holds that skill at Master level.
    Master(Id),
    /// `treasure`: holds any treasure.
    AnyTreasure,
    /// `female`, `male`: the character's gender.
    Gender(Gender),
    /// `other-female`, `other-male`: the encountered one's gender.
    Other(Gender),
    /// `opposite-sex`: the two are of opposite sexes.
    OppositeSex,
    /// `wealth >= rich`: a position on the book's wealth ladder.
    Wealth(Cmp, usize),
    /// `destiny >= 5`, `story <= 2`.
    Points(PointsTrack, Cmp, u32),
    /// `skills >= 4`: the number of different skills held (FORMAT.md 2b).
    Skills(Cmp, u32),
    /// `terrain = sea`.
    Terrain(String),
    Not(Box<Expr>),
    All(Vec<Expr>),
    Any(Vec<Expr>),
}

impl Expr {
    /// Evaluate with a lookup for each atom (`Not`, `All`, `Any` applied).
    pub fn eval(&self, atom: &mut impl FnMut(&Expr) -> bool) -> bool {
        match self {
            Expr::Not(e) => !e.eval(atom),
            Expr::All(es) => es.iter().all(|e| e.eval(atom)),
            Expr::Any(es) => es.iter().any(|e| e.eval(atom)),
            a => atom(a),
        }
    }

    /// Every atom of the expression, in order (repeats kept).
    pub fn atoms<'a>(&'a self, out: &mut Vec<&'a Expr>) {
        match self {
            Expr::Not(e) => e.atoms(out),
            Expr::All(es) | Expr::Any(es) => es.iter().for_each(|e| e.atoms(out)),
            a => out.push(a),
        }
    }
}

/// `{2d6 + 2 quick-thinking + weapon-use - wounded}`: dice plus terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSpec {
    pub dice: u32,
    pub sides: u32,
    pub terms: Vec<RollTerm>,
    pub span: Option<Span>,
}

/// `+ 2 quick-thinking`: adds `weight` when the condition holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollTerm {
    pub weight: i32,
    pub when: Expr,
}

/// The most distinct atoms a roll's reachable totals are worked out from
/// exactly (2^16 combinations); past that, every sum of weights counts.
const MAX_ATOMS: usize = 16;

impl RollSpec {
    /// The dice alone: 1d6 when no band passes 6, else 2d6.
    pub fn plain(dice: u32, sides: u32) -> RollSpec {
        RollSpec {
            dice,
            sides,
            terms: Vec::new(),
            span: None,
        }
    }

    /// The lowest and highest totals of the dice alone.
    pub fn dice_range(&self) -> (i64, i64) {
        let d = i64::from(self.dice);
        (d, d * i64::from(self.sides))
    }

    /// What the terms can add, every combination of their atoms taken
    /// (`x:master` implies `x`), sorted and without repeats.
    pub fn modifiers(&self) -> Vec<i64> {
        let mut atoms: Vec<&Expr> = Vec::new();
        for t in &self.terms {
            t.when.atoms(&mut atoms);
        }
        let mut distinct: Vec<&Expr> = Vec::new();
        for a in atoms {
            if !distinct.contains(&a) {
                distinct.push(a);
            }
        }
        if distinct.len() > MAX_ATOMS {
            // Every subset of the terms: an over-estimate, never an under.
            let mut sums = vec![0i64];
            for t in &self.terms {
                let w = i64::from(t.weight);
                let more: Vec<i64> = sums.iter().map(|s| s + w).collect();
                sums.extend(more);
                sums.sort_unstable();
                sums.dedup();
            }
            return sums;
        }
        let mut out = Vec::new();
        for mask in 0u32..(1 << distinct.len()) {
            let holds = |e: &Expr| {
                distinct
                    .iter()
                    .position(|d| *d == e)
                    .is_some_and(|i| mask & (1 << i) != 0)
            };
            // `x:master` holds only with `x`.
            let coherent = distinct.iter().enumerate().all(|(i, d)| match d {
                Expr::Master(id) if mask & (1 << i) != 0 => distinct
                    .iter()
                    .position(|x| *x == &Expr::Has(*id))
                    .is_none_or(|j| mask & (1 << j) != 0),
                _ => true,
            });
            if !coherent {
                continue;
            }
            let sum: i64 = self
                .terms
                .iter()
                .filter(|t| t.when.eval(&mut |a| holds(a)))
                .map(|t| i64::from(t.weight))
                .sum();
            out.push(sum);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every total the roll can reach, sorted.
    pub fn totals(&self) -> Vec<i64> {
        let (lo, hi) = self.dice_range();
        let mut out = Vec::new();
        let mods = self.modifiers();
        // Dice sums are contiguous: each modifier shifts the whole range.
        let mut ranges: Vec<(i64, i64)> = mods.iter().map(|m| (lo + m, hi + m)).collect();
        ranges.sort_unstable();
        let mut next = i64::MIN;
        for (a, b) in ranges {
            for t in a.max(next)..=b {
                out.push(t);
            }
            next = next.max(b + 1);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(s: &str) -> Expr {
        Expr::Has(s.into())
    }

    /// `{2d6 + ...}` with these weighted terms.
    fn two_d6(terms: Vec<(i32, Expr)>) -> RollSpec {
        RollSpec {
            dice: 2,
            sides: 6,
            terms: terms
                .into_iter()
                .map(|(weight, when)| RollTerm { weight, when })
                .collect(),
            span: None,
        }
    }

    #[test]
    fn master_implies_the_skill() {
        // {2d6 + weapon-use + 2 weapon-use:master}: +0, +1 or +3, never +2.
        let spec = two_d6(vec![
            (1, has("weapon-use")),
            (2, Expr::Master("weapon-use".into())),
        ]);
        assert_eq!(spec.modifiers(), vec![0, 1, 3]);
        assert_eq!(spec.totals(), (2..=15).collect::<Vec<_>>());
    }

    #[test]
    fn a_subtracted_either_term_counts_once() {
        // {2d6 + weapon-use - (wounded | crippled)}
        let spec = two_d6(vec![
            (1, has("weapon-use")),
            (-1, Expr::Any(vec![has("wounded"), has("crippled")])),
        ]);
        assert_eq!(spec.modifiers(), vec![-1, 0, 1]);
        assert_eq!(spec.totals().first(), Some(&1));
    }
}
