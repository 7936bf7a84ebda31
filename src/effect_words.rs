//! The words of the effects that awards name (FORMAT.md section 9.3), one
//! list of patterns per form, in a locale's `effects:` table. The first
//! pattern of a list is how `tales` prints the form; the others are printed
//! variants read as the same. `{slot}` marks what the form names.

use serde::Deserialize;

/// `effects:` of a locale table. A locale without one reads no typed effect.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct EffectWords {
    /// `one` .. `six`: the number words a count may be written as.
    pub numbers: Vec<String>,
    /// `zero`, then `seven` .. `twelve`: counts no movement names, read
    /// only to say so (`Move seven spaces` is one finding, not free text).
    pub numbers_beyond: Vec<String>,
    /// Words that may stand before a name (`the City of Brass`).
    pub articles: Vec<String>,
    pub r#move: Vec<String>,
    pub move_other: Vec<String>,
    pub place_other: Vec<String>,
    pub and_encounter: Vec<String>,
    pub to: Vec<String>,
    pub any: Vec<String>,
    pub spaces: Vec<String>,
    pub up_to: Vec<String>,
    pub exactly: Vec<String>,
    /// `to any space within 3` (printed variants): up to N spaces.
    pub within: Vec<String>,
    /// `anywhere` (printed variants): to any space.
    pub anywhere: Vec<String>,
    pub area_space: Vec<String>,
    pub area_city: Vec<String>,
    pub area_coastal: Vec<String>,
    pub area_island: Vec<String>,
    pub area_land: Vec<String>,
    pub area_place_of_power: Vec<String>,
    pub area_terrain: Vec<String>,
    pub area_non_terrain: Vec<String>,
    pub area_except_place_of_power: Vec<String>,
    /// The published game's terrains (`sea`, `desert`, ...) in the
    /// locale's words (`sea: [mar]`): a book whose `world.terrains` keeps
    /// the game's ids, as a translation keeps its source's, names them so
    /// in its prose (`casilla de mar`).
    pub terrain_words: std::collections::BTreeMap<String, Vec<String>>,
    /// A name's endings in its feminine form, by the glossary's ending
    /// (es `o: [a]`): `(si eres mujer y no estás Casada)` names `Casado`.
    pub feminine_endings: std::collections::BTreeMap<String, Vec<String>>,
    pub encounter_now: Vec<String>,
    pub encounter_next: Vec<String>,
    pub opportunity: Vec<String>,
    pub opportunity_any: Vec<String>,
    pub destination: Vec<String>,
    pub destination_other: Vec<String>,
    pub may_lose: Vec<String>,
    pub loss_one_status: Vec<String>,
    pub loss_any_statuses: Vec<String>,
    pub loss_one_skill: Vec<String>,
    pub loss_one_treasure_choice: Vec<String>,
    pub loss_one_treasure: Vec<String>,
    pub loss_all_treasures: Vec<String>,
    pub loss_all_levels: Vec<String>,
    pub any_skill: Vec<String>,
    pub any_skill_one_use: Vec<String>,
    pub any_skill_new: Vec<String>,
    pub one_use: Vec<String>,
    pub master_one_use: Vec<String>,
    pub master_level: Vec<String>,
    /// `Gain a level in {name}` (the rules' "gain a level" in a skill): the
    /// skill itself, as section 2 gains it; read, never printed.
    pub gain_level: Vec<String>,
    /// `Lose a level of {name}`: `Lose NAME` (Master to Talent, Talent to
    /// none); read, never printed.
    pub lose_level: Vec<String>,
    pub set_wealth: Vec<String>,
    pub per_level_lost: Vec<String>,
    pub roll: Vec<String>,
    pub roll_wealth: Vec<String>,
    pub roll_wealth_max: Vec<String>,
    pub draw_keep: Vec<String>,
    pub draw: Vec<String>,
    pub search: Vec<String>,
    pub react_again: Vec<String>,
    pub react_spend: Vec<String>,
    pub if_note: Vec<String>,
    pub you_are: Vec<String>,
    pub not: Vec<String>,
    pub appropriate: Vec<String>,
    pub by_sex: Vec<String>,
    /// Forms beyond 9.3 (docs/effects.md, "Forms beyond 9.3"): combinations
    /// of its pieces that a printed book writes.
    pub may_move: Vec<String>,
    pub nearest: Vec<String>,
    pub by_sea: Vec<String>,
    pub by_land: Vec<String>,
    pub area_coastal_city: Vec<String>,
    pub area_island_city: Vec<String>,
    pub by_other: Vec<String>,
    pub loss_all_statuses: Vec<String>,
    pub loss_all_skills: Vec<String>,
    /// A loss another player picks, printed: one status, skill, treasure.
    pub loss_picked_by_other: Vec<String>,
    pub destination_bare: Vec<String>,
    pub destination_other_bare: Vec<String>,
    /// `gain` before the items taken on arrival (`gain S2 and W+1`).
    pub arrival_gain: Vec<String>,
    /// Printed variants of section 2's items, read as the item and never
    /// printed: `A choice of`, `Discard`, `Lose either A or B`, `Lose A or
    /// B (your choice)`, `a Treasure`, `Wealth +1`, `1 Destiny Point`.
    pub choice_of: Vec<String>,
    pub lose: Vec<String>,
    pub either: Vec<String>,
    /// Other spellings of the locale's `or` between a choice's arms: the
    /// Spanish `u` before a word that starts with an o sound (`R+2 u
    /// Oportunidad de entrar en ...`).
    pub or_words: Vec<String>,
    pub your_choice: Vec<String>,
    pub random_treasure: Vec<String>,
    pub destiny_words: Vec<String>,
    pub story_words: Vec<String>,
    pub wealth_words: Vec<String>,
    /// Words for one besides the first of `numbers` (`un turno`).
    pub one: Vec<String>,
    /// Words before a note's number of turns: `durante` in `(durante 1
    /// turno)`.
    pub duration: Vec<String>,
    /// An `if-note` condition that is the item's own name not held: `no lo
    /// estás ya` in `Casado (si no lo estás ya)`.
    pub not_already: Vec<String>,
}

/// The first pattern of a form (how `tales` prints it).
pub fn first(patterns: &[String]) -> &str {
    patterns.first().map_or("", String::as_str)
}

/// `pattern` with each `{slot}` replaced by its value.
pub fn fill(pattern: &str, slots: &[(&str, &str)]) -> String {
    let mut out = pattern.to_owned();
    for (name, value) in slots {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The slots of `text` read by `pattern`: each slot's text and its byte
/// offset in `text`. Literal words compare case-insensitively; a slot runs
/// to the first place the literal after it matches (to the end when last),
/// and is never empty (but `{any}`, which may be).
pub fn read<'t>(pattern: &str, text: &'t str) -> Option<Vec<(&'static str, &'t str, usize)>> {
    // Told by its two ends first: most award items are no such form, and
    // a scan for a slot's end costs the item's length. The words before the
    // first slot are compared as the pattern is read (most items differ at
    // their first letter), the words after the last slot only then.
    if !head_matches(pattern, text) {
        return None;
    }
    // A byte search from the end: a pattern is a few dozen bytes, and
    // `rfind` was a call of ~250 instructions when not inlined.
    if let Some(close) = pattern.bytes().rposition(|b| b == b'}')
        && crate::text::strip_suffix_ci(text, &pattern[close + 1..]).is_none()
    {
        return None;
    }
    let mut out = Vec::new();
    let mut at = 0;
    let mut rest = pattern;
    while !rest.is_empty() {
        if let Some(open) = rest.strip_prefix('{') {
            let close = open.find('}')?;
            let name = slot_name(&open[..close])?;
            rest = &open[close + 1..];
            let lit = rest.split('{').next().unwrap_or("");
            let end = if lit.is_empty() {
                text.len()
            } else {
                // A slot holds one character at least: the first, whole
                // (`−1`, `Ébano`: more than one byte).
                let first = text[at..].chars().next().map_or(1, char::len_utf8);
                let from = if name == "any" { at } else { at + first };
                at + find_ci(text.get(from..)?, lit)? + (from - at)
            };
            if end <= at && name != "any" {
                return None;
            }
            out.push((name, &text[at..end], at));
            at = end;
        } else {
            let lit = rest.split('{').next().unwrap_or("");
            at += starts_ci(&text[at..], lit)?;
            rest = &rest[lit.len()..];
        }
    }
    (at == text.len()).then_some(out)
}

/// Whether `text` starts with `pattern`'s words before its first slot
/// (all of it when it has none), case aside.
fn head_matches(pattern: &str, text: &str) -> bool {
    let mut t = text.chars();
    for p in pattern.chars() {
        if p == '{' {
            return true;
        }
        match t.next() {
            Some(c) if crate::text::chars_eq_ci(c, p) => {}
            _ => return false,
        }
    }
    true
}

const SLOTS: [&str; 16] = [
    "way", "where", "area", "n", "terrain", "row", "matrix", "place", "items", "name", "level",
    "faces", "any", "cond", "a", "b",
];

fn slot_name(s: &str) -> Option<&'static str> {
    SLOTS.iter().copied().find(|n| *n == s)
}

/// The byte length of `text`'s prefix that equals `lit` case-insensitively.
pub fn starts_ci(text: &str, lit: &str) -> Option<usize> {
    let mut t = text.char_indices();
    for l in lit.chars() {
        let (_, c) = t.next()?;
        if !crate::text::chars_eq_ci(c, l) {
            return None;
        }
    }
    Some(t.next().map_or(text.len(), |(i, _)| i))
}

/// Where `lit` first starts in `text`, case-insensitively.
fn find_ci(text: &str, lit: &str) -> Option<usize> {
    let first = lit.chars().next()?;
    text.char_indices()
        .filter(|(_, c)| crate::text::chars_eq_ci(*c, first))
        .find(|(i, _)| starts_ci(&text[*i..], lit).is_some())
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_run_to_the_literal_after_them() {
        let got = read("Move {n} spaces", "move two spaces").unwrap();
        assert_eq!(got, vec![("n", "two", 5)]);
        let got = read("{name} (1 use)", "Luck (1 use)").unwrap();
        assert_eq!(got, vec![("name", "Luck", 0)]);
        assert!(read("Move {n} spaces", "Move spaces").is_none());
        assert!(read("Move {n} spaces", "Move two spaces now").is_none());
    }

    #[test]
    fn an_any_slot_may_be_empty() {
        let p = "Have an immediate second encounter{any}, choosing a different reaction";
        let got = read(
            p,
            "Have an immediate second encounter, choosing a different reaction",
        );
        assert_eq!(got.unwrap()[0].1, "");
    }

    proptest::proptest! {
        /// The head compared as the pattern is read is the words before
        /// its first slot compared whole.
        #[test]
        fn the_head_is_the_words_before_the_first_slot(
            pattern in "(Move|move|MOVE| |to|\\{n\\}|\\{where\\}|\\}|\\{|K|k|\u{212a}|é|É|ß){0,8}",
            text in "(Move|move|MOVE| |to|two|\\{|\\}|K|k|\u{212a}|é|É|ß){0,8}",
        ) {
            let head = pattern.split('{').next().unwrap_or("");
            proptest::prop_assert_eq!(head_matches(&pattern, &text), starts_ci(&text, head).is_some());
        }
    }
}
