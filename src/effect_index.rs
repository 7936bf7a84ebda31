//! The locale's effect forms indexed by their first word: which of the
//! effect readers ([`crate::syntax::effects`]) can read an award item,
//! told from the item's first word before any pattern is tried.
//!
//! Every award item in words (a glossary name included) goes through the
//! readers, and each reader tries its patterns in turn; most items are no
//! form at all. A pattern's literal words before its first slot must start
//! the item (case aside), so its first word must be the item's first word:
//! one look-up of that word names the readers worth trying. A reader with
//! a pattern that starts with a slot (`{name} (1 use)`) is always tried.
//!
//! A "word" is a run of alphanumeric characters, so that case-insensitive
//! equality of characters ([`crate::text::chars_eq_ci`]) keeps a run's end
//! where it was: a character equal to a letter or a digit, case aside, is
//! one too. Runs of ASCII digits are one word (`1 Destiny Point`).

use crate::locale::Locale;
use rustc_hash::FxHashMap;

/// One reader of the effect forms: a bit of a [`Family`] set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    BySex = 0,
    Move,
    Encounter,
    Marker,
    Loss,
    Choice,
    OneUse,
    Wealth,
    Roll,
    Deck,
    RandomTreasure,
    Points,
    /// The words of a form before its first slot, and nothing after them.
    Half,
}

/// The readers an item may be read by, a bit a [`Family`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Families(u16);

impl Families {
    /// Every reader (what an unindexed reading tries).
    pub const ALL: Families = Families(u16::MAX);

    pub fn has(self, f: Family) -> bool {
        self.0 & (1 << f as u16) != 0
    }

    fn with(self, f: Family) -> Families {
        Families(self.0 | (1 << f as u16))
    }
}

/// The readers each first word may start, and those any word may.
#[derive(Clone, Debug, Default)]
pub struct EffectIndex {
    by_word: FxHashMap<String, u16>,
    always: u16,
    /// Of [`EffectIndex::always`], the readers tried whatever an item ends
    /// with: a pattern of theirs ends in a slot or a character other than
    /// ASCII, or a suffix is cut off before their patterns are tried.
    always_any_end: u16,
    /// Of the others, those a pattern of which ends with each ASCII byte
    /// (lowercase): a pattern reads an item only if the item ends with the
    /// pattern's last literal words (`{name} (1 use)` ends with `)`).
    always_by_end: Vec<u16>,
    /// The longest key, in bytes: a longer first word is no key.
    longest: usize,
    /// The locale's go-to spellings (`Ve al párrafo`, `Vaya al párrafo`,
    /// ...) grouped by their first letter in either case, in the locale's
    /// order: the prose is searched once a group (`go_to::in_prose`).
    go_to: Vec<GoToGroup>,
}

/// The locale's go-to spellings grouped by their first letter, in either
/// case (`Pasa` and `Pase`, `Dirígete` and `Diríjase`), each group with
/// the bytes all its spellings start with (`Pas`, `Dirí`).
fn go_to_groups(l: &Locale) -> Vec<GoToGroup> {
    let mut groups: Vec<GoToGroup> = Vec::new();
    for phrase in l.spellings("go-to") {
        let Some(first) = phrase.chars().next() else {
            continue;
        };
        let same = |c: char| c.to_lowercase().eq(first.to_lowercase());
        match groups.iter_mut().find(|g| same(g.first)) {
            Some(g) => g.spellings.push(phrase.to_owned()),
            None => groups.push(GoToGroup {
                first,
                common: 0,
                spellings: vec![phrase.to_owned()],
            }),
        }
    }
    for g in &mut groups {
        let one = &g.spellings[0];
        g.common = (one.char_indices().map(|(i, c)| i + c.len_utf8()))
            .take_while(|&end| g.spellings.iter().all(|s| s.get(..end) == one.get(..end)))
            .last()
            .unwrap_or(0);
    }
    groups
}

/// Go-to spellings that start with one letter: [`go_to_groups`].
#[derive(Clone, Debug, Default)]
pub(crate) struct GoToGroup {
    /// The letter, as the first spelling writes it.
    pub(crate) first: char,
    /// How many bytes every spelling of the group starts with alike.
    pub(crate) common: usize,
    /// The spellings, in the locale's order.
    pub(crate) spellings: Vec<String>,
}

/// What starts an item a reader reads: a pattern of
/// [`crate::effect_words::read`], or words followed by a space or a colon.
#[derive(Clone, Copy)]
enum Lead<'a> {
    Pattern(&'a str),
    Words(&'a str),
}

impl EffectIndex {
    /// The locale's go-to spellings by their first letter (the letter as
    /// the first of them writes it, and the spellings in the locale's
    /// order).
    pub(crate) fn go_to_groups(&self) -> &[GoToGroup] {
        &self.go_to
    }

    /// The index of a locale's forms (its `effects:` table and the words
    /// of section 2 the readers start with).
    pub fn new(l: &Locale) -> EffectIndex {
        let mut index = EffectIndex {
            always_by_end: vec![0; 128],
            ..EffectIndex::default()
        };
        for (family, leads) in leads(l) {
            for lead in leads {
                index.add(family, lead);
            }
        }
        let w = &l.effects;
        // A suffix cut off before the patterns are tried may cut into the
        // first word when it starts with one.
        let cuts_a_word = |s: &[String]| s.iter().any(|s| s.starts_with(char::is_alphanumeric));
        if cuts_a_word(&w.and_encounter) {
            index.always |= 1 << Family::Move as u16;
            index.always_any_end |= 1 << Family::Move as u16;
        }
        if cuts_a_word(&w.per_level_lost) {
            index.always |= 1 << Family::Wealth as u16;
            index.always_any_end |= 1 << Family::Wealth as u16;
        }
        // `2 Destiny Points`: a number, then the track's word.
        index.add_key(Family::Points, "#".to_owned());
        index.go_to = go_to_groups(l);
        index
    }

    fn add(&mut self, family: Family, lead: Lead) {
        let (text, slotted) = match lead {
            Lead::Pattern(p) => {
                let head = p.split('{').next().unwrap_or("");
                (head, head.len() < p.len())
            }
            Lead::Words(w) => (w, false),
        };
        let run = first_run(text);
        // The first word runs on into a slot: any word may start the item.
        if slotted && run.len() == text.len() {
            let bit = 1 << family as u16;
            self.always |= bit;
            match lead {
                Lead::Pattern(p) => match p.bytes().last() {
                    Some(b) if b.is_ascii() && b != b'}' => {
                        self.always_by_end[usize::from(b.to_ascii_lowercase())] |= bit;
                    }
                    _ => self.always_any_end |= bit,
                },
                Lead::Words(_) => self.always_any_end |= bit,
            }
            return;
        }
        self.add_key(family, key(run));
    }

    fn add_key(&mut self, family: Family, key: String) {
        self.longest = self.longest.max(key.len());
        *self.by_word.entry(key).or_default() |= 1 << family as u16;
    }

    /// The readers that may read `text`: those its first word may start,
    /// and [`Family::Half`] too when that word is not in ASCII (the
    /// half-form reader compares whole strings lowercased).
    pub fn families(&self, text: &str) -> Families {
        let f = self.by_first_word(text);
        if first_run(text).is_ascii() {
            f
        } else {
            f.with(Family::Half)
        }
    }

    fn by_first_word(&self, text: &str) -> Families {
        // Leading white space is trimmed by some readers: try them all.
        if text.starts_with(char::is_whitespace) {
            return Families::ALL;
        }
        let run = first_run(text);
        // A key's lowercase is at most three times its bytes longer or
        // shorter; a run far longer than every key is none of them.
        let found = if run.len() > 3 * self.longest + 3 {
            0
        } else {
            self.by_word.get(&key(run)).copied().unwrap_or(0)
        };
        Families(self.always_for(text) | found)
    }

    /// The readers any first word may start that may read `text`, told by
    /// its last byte (all of them when it is not ASCII).
    fn always_for(&self, text: &str) -> u16 {
        match text.bytes().last() {
            Some(b) if b.is_ascii() => {
                self.always_any_end | self.always_by_end[usize::from(b.to_ascii_lowercase())]
            }
            _ => self.always,
        }
    }
}

/// The leading run of alphanumeric characters of `text`.
fn first_run(text: &str) -> &str {
    let end = text
        .find(|c: char| !c.is_alphanumeric())
        .unwrap_or(text.len());
    &text[..end]
}

/// A run as a key: lowercase, a run of ASCII digits `#`.
fn key(run: &str) -> String {
    if !run.is_empty() && run.bytes().all(|b| b.is_ascii_digit()) {
        return "#".to_owned();
    }
    if run.is_ascii() {
        return run.to_ascii_lowercase();
    }
    run.chars().flat_map(char::to_lowercase).collect()
}

fn pats<'a>(lists: &[&'a Vec<String>]) -> Vec<Lead<'a>> {
    (lists.iter())
        .flat_map(|v| v.iter().map(|p| Lead::Pattern(p)))
        .collect()
}

fn words<'a>(lists: &[&'a Vec<String>]) -> Vec<Lead<'a>> {
    (lists.iter())
        .flat_map(|v| v.iter().map(|p| Lead::Words(p)))
        .collect()
}

/// What starts each reader's items.
fn leads(l: &Locale) -> Vec<(Family, Vec<Lead<'_>>)> {
    let w = &l.effects;
    vec![
        (Family::BySex, pats(&[&w.by_sex])),
        (
            Family::Move,
            pats(&[&w.r#move, &w.move_other, &w.place_other, &w.may_move]),
        ),
        (
            Family::Encounter,
            pats(&[
                &w.encounter_now,
                &w.encounter_next,
                &w.opportunity_any,
                &w.opportunity,
            ]),
        ),
        (
            Family::Marker,
            pats(&[
                &w.destination,
                &w.destination_other,
                &w.destination_bare,
                &w.destination_other_bare,
            ]),
        ),
        (Family::Loss, loss(l)),
        (Family::Choice, choice(l)),
        (
            Family::OneUse,
            pats(&[
                &w.master_one_use,
                &w.one_use,
                &w.master_level,
                &w.gain_level,
                &w.lose_level,
            ]),
        ),
        (Family::Wealth, pats(&[&w.set_wealth])),
        (
            Family::Roll,
            pats(&[&w.roll_wealth_max, &w.roll_wealth, &w.roll]),
        ),
        (
            Family::Deck,
            pats(&[
                &w.draw_keep,
                &w.draw,
                &w.search,
                &w.react_spend,
                &w.react_again,
            ]),
        ),
        (Family::RandomTreasure, pats(&[&w.random_treasure])),
        (
            Family::Points,
            words(&[&w.destiny_words, &w.story_words, &w.wealth_words]),
        ),
        // The half-form reader compares a pattern's words before its
        // first slot with the whole item.
        (Family::Half, half(w)),
    ]
}

/// What starts a loss: the locale's `Lose` and the loss forms' words.
fn loss(l: &Locale) -> Vec<Lead<'_>> {
    let w = &l.effects;
    let mut loss = words(&[&w.may_lose, &w.lose]);
    loss.push(Lead::Words(&l.lose));
    loss
}

/// What starts a choice: the locale's `choice of`, the choice forms' words
/// and the `any skill` patterns.
fn choice(l: &Locale) -> Vec<Lead<'_>> {
    let w = &l.effects;
    let mut choice = words(&[&w.choice_of]);
    choice.push(Lead::Words(&l.choice_of));
    choice.extend(pats(&[
        &w.any_skill_new,
        &w.any_skill_one_use,
        &w.any_skill,
    ]));
    choice
}

/// What starts a form cut short: each pattern's words before its first
/// slot.
fn half(w: &crate::effect_words::EffectWords) -> Vec<Lead<'_>> {
    let half = [
        &w.r#move,
        &w.move_other,
        &w.place_other,
        &w.opportunity,
        &w.destination,
        &w.destination_other,
        &w.encounter_now,
        &w.encounter_next,
        &w.roll,
    ];
    half.iter()
        .flat_map(|v| v.iter())
        .map(|p| Lead::Words(p.split('{').next().unwrap_or("")))
        .collect()
}

#[cfg(test)]
thread_local! {
    /// Every reader tried on every item, as before the index: what the
    /// index is held to (`effect_index_tests.rs`).
    pub(crate) static UNINDEXED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}
