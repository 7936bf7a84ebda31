use super::Reference;
use crate::locale::Locale;
use crate::span::{Span, Spanned};

/// `book.yaml`.
#[derive(Clone, Debug)]
pub struct Manifest {
    pub title: Option<Spanned<String>>,
    pub locale: Locale,
    pub translation_of: Option<Spanned<String>>,
    /// `translation-status: in-progress`: missing paragraphs are one
    /// summary finding, not one each (the span is the value's).
    pub in_progress: Option<Span>,
    pub rules: Rules,
    pub world: World,
    pub lints: Vec<LintSetting>,
}

impl Default for Manifest {
    fn default() -> Self {
        Self {
            title: None,
            locale: Locale::built_in("en").expect("en is built in"),
            translation_of: None,
            in_progress: None,
            rules: Rules::default(),
            world: World::default(),
            lints: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Rules {
    pub victory_points: Option<u32>,
    pub start: Option<Spanned<String>>,
    /// The wealth ladder, lowest first.
    pub wealth: Vec<WealthLevel>,
    /// Reactions the two may only choose when of opposite sexes (v2; the
    /// published game's Court).
    pub opposite_sex_reactions: Vec<Spanned<String>>,
}

impl Rules {
    /// A wealth level's index by name, case-insensitively.
    pub fn wealth_level(&self, name: &str) -> Option<usize> {
        let key = super::glossary_normalize(name);
        self.wealth
            .iter()
            .position(|w| super::glossary_normalize(&w.name.value) == key)
    }

    /// The starting wealth level: the one marked `start`, else the lowest.
    pub fn start_level(&self) -> usize {
        self.wealth.iter().position(|w| w.start).unwrap_or(0)
    }
}

#[derive(Clone, Debug)]
pub struct WealthLevel {
    pub name: Spanned<String>,
    pub land: Option<u32>,
    pub sea: Option<u32>,
    pub start: bool,
    pub needs_treasure: bool,
}

#[derive(Clone, Default)]
pub struct World {
    pub terrains: Vec<Spanned<String>>,
    /// Set once, as book.yaml is lowered (nothing changes them after:
    /// [`World::place_named`] indexes them at its first look-up).
    pub places: Vec<Place>,
    pub spaces: Vec<Space>,
    /// Where book.yaml writes `spaces:` (its value), when it does.
    pub spaces_written: Option<crate::span::Span>,
    /// Each place's name and id by [`crate::text::ci_key`], to the first
    /// place that has it (see [`World::place_named`]).
    places_by_name: std::sync::OnceLock<std::collections::HashMap<String, usize>>,
    /// Each space's name by [`crate::text::ci_key`], to the first space
    /// that has it (see [`World::space_named`]; [`World::set_spaces`]
    /// forgets it).
    spaces_by_name: std::sync::OnceLock<std::collections::HashMap<String, usize>>,
    /// Each terrain by [`crate::text::ci_key`], to the first of a name (see
    /// [`World::terrain_named`]).
    terrains_by_name: std::sync::OnceLock<std::collections::HashMap<String, usize>>,
    /// Each place's id, as written, to the first place that has it (see
    /// [`World::place_position`]).
    places_by_id: std::sync::OnceLock<std::collections::HashMap<String, usize>>,
}

/// What the world holds, without the index of its places: a cache, whose
/// order and whether it was built yet say nothing of the book (`fmt`'s
/// meaning of book.yaml is this form).
impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("terrains", &self.terrains)
            .field("places", &self.places)
            .field("spaces", &self.spaces)
            .field("spaces_written", &self.spaces_written)
            .finish_non_exhaustive()
    }
}

impl World {
    /// A place of power by its id.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.place_position(id).map(|i| &self.places[i])
    }

    /// A place of power's index in `places`, by its id (the first of an
    /// id): a map, as the graph looks up every `@place` reference (20,000
    /// of them among 20,000 places were a walk of the places each).
    pub fn place_position(&self, id: &str) -> Option<usize> {
        let index = self.places_by_id.get_or_init(|| {
            let mut index = std::collections::HashMap::new();
            for (i, p) in self.places.iter().enumerate() {
                index.entry(p.id.value.clone()).or_insert(i);
            }
            index
        });
        index.get(id).copied()
    }

    /// The first place of power whose id or name is `name`, case aside
    /// (`text::eq_ci`). Looked up for every place an effect names: a map,
    /// not a walk of the places (a book of many places read each
    /// `Move to PLACE` against all of them).
    pub fn place_named(&self, name: &str) -> Option<&Place> {
        let index = self.places_by_name.get_or_init(|| {
            let mut index = std::collections::HashMap::new();
            for (i, p) in self.places.iter().enumerate() {
                for n in std::iter::once(&p.id).chain(&p.name) {
                    index.entry(crate::text::ci_key(&n.value)).or_insert(i);
                }
            }
            index
        });
        index
            .get(&crate::text::ci_key(name))
            .map(|&i| &self.places[i])
    }
}

impl World {
    /// The first space whose name is `name`, case aside (`text::eq_ci`).
    /// Looked up for every space an effect names: a map, not a walk of the
    /// spaces (a board of 40,000 spaces, each named once, was 16 s).
    pub fn space_named(&self, name: &str) -> Option<&Space> {
        let index = self.spaces_by_name.get_or_init(|| {
            let mut index = std::collections::HashMap::new();
            for (i, s) in self.spaces.iter().enumerate() {
                index.entry(crate::text::ci_key(&s.name.value)).or_insert(i);
            }
            index
        });
        index
            .get(&crate::text::ci_key(name))
            .map(|&i| &self.spaces[i])
    }

    /// The first terrain of `world.terrains` whose name is `name`, case
    /// aside (`text::eq_ci`): a map, as every condition and effect that
    /// names a terrain looks one up.
    pub fn terrain_named(&self, name: &str) -> Option<&Spanned<String>> {
        let index = self.terrains_by_name.get_or_init(|| {
            let mut index = std::collections::HashMap::new();
            for (i, t) in self.terrains.iter().enumerate() {
                index.entry(crate::text::ci_key(&t.value)).or_insert(i);
            }
            index
        });
        index
            .get(&crate::text::ci_key(name))
            .map(|&i| &self.terrains[i])
    }

    /// Replace the spaces (the board's, once it is read), and the index of
    /// their names with them.
    pub fn set_spaces(&mut self, spaces: Vec<Space>) {
        self.spaces = spaces;
        self.spaces_by_name = std::sync::OnceLock::new();
    }
}

/// A place of power.
#[derive(Clone, Debug)]
pub struct Place {
    pub id: Spanned<String>,
    pub name: Option<Spanned<String>>,
    pub paragraph: Option<Reference>,
    pub exit: Option<Spanned<String>>,
    pub span: Span,
}

/// A space of the board.
#[derive(Clone, Debug)]
pub struct Space {
    pub name: Spanned<String>,
    pub terrain: Option<Spanned<String>>,
    /// The number printed in the space's icon, added to chart rolls.
    pub gem: Option<u32>,
    pub span: Span,
}

/// `lints: {code: level}` in `book.yaml`.
#[derive(Clone, Debug)]
pub struct LintSetting {
    pub code: Spanned<String>,
    pub level: Spanned<String>,
}

#[cfg(test)]
mod tests {
    use super::{Place, Space, World};
    use crate::span::{FileId, Span, Spanned};

    /// The index of places built by a look-up is a cache: the world reads
    /// the same before and after (fmt compares book.yaml by this form).
    #[test]
    fn the_place_index_is_not_part_of_what_the_world_says() {
        let s = Span::new(FileId(0), 0, 0);
        let place = |id: &str| Place {
            id: Spanned::new(id.into(), s),
            name: Some(Spanned::new(format!("The {id}"), s)),
            paragraph: None,
            exit: None,
            span: s,
        };
        let world = World {
            places: vec![place("well"), place("tower")],
            ..World::default()
        };
        let before = format!("{world:?}");
        assert_eq!(
            world.place_named("THE TOWER").map(|p| p.id.value.as_str()),
            Some("tower")
        );
        assert_eq!(format!("{world:?}"), before);
    }

    /// A space is found by name, case aside, the first of a name; spaces
    /// set anew are found anew.
    #[test]
    fn spaces_are_found_by_name_case_aside() {
        let s = Span::new(FileId(0), 0, 0);
        let space = |name: &str, gem: u32| Space {
            name: Spanned::new(name.into(), s),
            terrain: None,
            gem: Some(gem),
            span: s,
        };
        let mut world = World {
            spaces: vec![space("Bantu", 1), space("Dunes", 2), space("BANTU", 3)],
            ..World::default()
        };
        assert_eq!(world.space_named(" bantu ").and_then(|x| x.gem), Some(1));
        assert_eq!(world.space_named("dunes").and_then(|x| x.gem), Some(2));
        assert!(world.space_named("Qalat").is_none());
        world.set_spaces(vec![space("Qalat", 4)]);
        assert_eq!(world.space_named("QALAT").and_then(|x| x.gem), Some(4));
        assert!(world.space_named("Bantu").is_none());
    }
}
