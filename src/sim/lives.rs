//! Whose lives a run plays and where they start: `--from REF` (every life
//! starts there) and `--as SPEC` (what the spec sets of the character, for
//! every life; the keys it does not give stay random).

use crate::engine::{Character, Start};
use crate::ir::{Book, EntryKind, Expr, PointsTrack};

/// What `--as` fixes of every life's character.
#[derive(Clone, Debug)]
pub struct Persona {
    /// A character with the spec applied: the fixed keys are copied from it.
    template: Character,
    keys: Keys,
}

/// The keys a spec gives.
#[derive(Clone, Copy, Debug, Default)]
#[allow(clippy::struct_excessive_bools)] // one flag a key of the spec
struct Keys {
    skills: bool,
    gender: bool,
    space: bool,
    time: bool,
    points: bool,
    wealth: bool,
    statuses: bool,
    treasures: bool,
}

impl Persona {
    /// The character `pairs` (`play --as`'s keys) describe; the error of
    /// the first key that names nothing in the book.
    pub fn new(book: &Book, pairs: &[(String, String)]) -> Result<Persona, String> {
        let mut template = Character::new(book);
        crate::play::spec::apply_pairs(&mut template, book, pairs)?;
        let mut keys = Keys::default();
        for (key, _) in pairs {
            match key.as_str() {
                "skills" => keys.skills = true,
                "gender" => keys.gender = true,
                "space" => keys.space = true,
                "time" => keys.time = true,
                "destiny" | "story" => keys.points = true,
                "wealth" => keys.wealth = true,
                "statuses" => keys.statuses = true,
                _ => keys.treasures = true,
            }
        }
        Ok(Persona { template, keys })
    }

    /// A fresh life's character as the spec says: the keys it gives
    /// replace what was drawn (`skills=piety` is Piety alone).
    pub fn dress(&self, c: &mut Character) {
        let (t, k) = (&self.template, self.keys);
        if k.skills {
            c.skills.clone_from(&t.skills);
        }
        if k.gender {
            c.gender = t.gender;
        }
        if k.points {
            (c.destiny, c.story) = (t.destiny, t.story);
        }
        if k.wealth {
            c.wealth = t.wealth;
        }
        if k.statuses {
            c.statuses.clone_from(&t.statuses);
        }
        if k.treasures {
            c.treasures.clone_from(&t.treasures);
        }
        self.place(c);
    }

    /// Where and when every encounter is, when the spec says (`space=`,
    /// `time=`); otherwise as drawn.
    pub fn place(&self, c: &mut Character) {
        if self.keys.space {
            c.space.clone_from(&self.template.space);
        }
        if self.keys.time {
            c.time = self.template.time;
        }
    }
}

impl Persona {
    /// What a condition is by the keys the spec fixed alone: `Some` when
    /// those keys decide it whatever the keys left random are, `None` when
    /// it also hangs on something else (the one encountered, a key not
    /// given).
    pub fn fixed(&self, book: &Book, e: &Expr) -> Option<bool> {
        match e {
            Expr::Not(e) => self.fixed(book, e).map(|v| !v),
            Expr::All(es) => three_valued(es.iter().map(|e| self.fixed(book, e)), false),
            Expr::Any(es) => three_valued(es.iter().map(|e| self.fixed(book, e)), true),
            atom => self.fixed_atom(book, atom),
        }
    }

    /// An atom of a condition, when a key the spec gives decides it.
    fn fixed_atom(&self, book: &Book, e: &Expr) -> Option<bool> {
        let (t, k) = (&self.template, self.keys);
        let given = |fixed: bool, value: bool| fixed.then_some(value);
        match e {
            Expr::Has(id) => {
                let fixed = book
                    .glossary
                    .by_id(id.as_str())
                    .is_some_and(|g| match g.kind {
                        EntryKind::Skill => k.skills,
                        EntryKind::Status => k.statuses,
                        EntryKind::Treasure => k.treasures,
                    });
                given(fixed, t.holds(*id))
            }
            Expr::Master(id) => given(k.skills, t.is_master(*id)),
            Expr::Skills(cmp, n) => given(
                k.skills,
                cmp.holds(
                    i64::try_from(t.skills.len()).unwrap_or(i64::MAX),
                    i64::from(*n),
                ),
            ),
            Expr::AnyTreasure => given(k.treasures, t.has_treasure()),
            Expr::Gender(g) => given(k.gender, t.gender_now(book) == *g),
            Expr::Wealth(cmp, level) => given(
                k.wealth,
                cmp.holds(
                    i64::try_from(t.wealth).unwrap_or(0),
                    i64::try_from(*level).unwrap_or(0),
                ),
            ),
            Expr::Points(track, cmp, n) => {
                let have = match track {
                    PointsTrack::Destiny => t.destiny,
                    PointsTrack::Story => t.story,
                };
                given(k.points, cmp.holds(i64::from(have), i64::from(*n)))
            }
            Expr::Terrain(want) => given(
                k.space,
                t.terrain(book)
                    .is_some_and(|here| crate::text::eq_ci(here, want)),
            ),
            _ => None,
        }
    }
}

/// `all` (`short` false) or `any` (`short` true) of three-valued parts:
/// one part equal to `short` decides, else unknown if any part is.
fn three_valued(parts: impl Iterator<Item = Option<bool>>, short: bool) -> Option<bool> {
    let mut out = Some(!short);
    for p in parts {
        match p {
            Some(v) if v == short => return Some(short),
            Some(_) => {}
            None => out = None,
        }
    }
    out
}

/// Where lives start and who lives them.
#[derive(Clone, Debug, Default)]
pub struct Lives {
    /// `--from`: the first encounter of every life starts here.
    pub from: Option<Start>,
    /// `--as`: the character of every life.
    pub persona: Option<Persona>,
}
