//! Whose lives a run plays and where they start: `--from REF` (every life
//! starts there) and `--as SPEC` (what the spec sets of the character, for
//! every life; the keys it does not give stay random).

use crate::engine::{Character, Start};
use crate::ir::Book;

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

/// Where lives start and who lives them.
#[derive(Clone, Debug, Default)]
pub struct Lives {
    /// `--from`: the first encounter of every life starts here.
    pub from: Option<Start>,
    /// `--as`: the character of every life.
    pub persona: Option<Persona>,
}
