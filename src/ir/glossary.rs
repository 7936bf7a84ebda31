use super::{Id, Reference};
use crate::span::Spanned;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryKind {
    Skill,
    Status,
    Treasure,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Skill => "skill",
            EntryKind::Status => "status",
            EntryKind::Treasure => "treasure",
        }
    }
}

/// A skill, status or treasure: a stable id and its name in this book.
#[derive(Clone, Debug)]
pub struct GlossaryEntry {
    pub id: Spanned<Id>,
    pub name: Spanned<String>,
    pub kind: EntryKind,
    /// A status's entry point (`encounters: "@K"`).
    pub encounters: Option<Reference>,
    /// A treasure's `sell:` level (index on the wealth ladder).
    pub sell: Option<usize>,
    /// A status that a second gain removes (Sex-Changed).
    pub toggle: bool,
    /// A status that flips the character's gender while held (v2).
    pub flips_gender: bool,
    /// The card's text as the book words it (`text:`), shown by `play`.
    pub text: Option<Spanned<String>>,
    /// What it does while held and how it is lost (`rules:`, FORMAT.md 9.2).
    pub rules: Vec<super::rules::Rule>,
}

/// The book's glossary, looked up by id or by name.
#[derive(Clone, Debug, Default)]
pub struct Glossary {
    pub entries: Vec<GlossaryEntry>,
    by_id: rustc_hash::FxHashMap<String, usize>,
    /// The same by where the interned id's text is: an id given as the
    /// engine's `Id` is found without hashing its text.
    by_address: rustc_hash::FxHashMap<usize, usize>,
    by_name: HashMap<String, usize>,
    /// Each entry's name as [`crate::text::fold`] writes it, in characters,
    /// for suggestions.
    folded: Vec<Box<[char]>>,
    /// The entries by how many characters their folded name has (names too
    /// long to be suggested left out): a suggestion compares only names
    /// whose length is near its word's.
    by_len: Vec<Vec<usize>>,
}

/// The longest word a suggestion is looked for, in characters.
const SUGGEST_MAX: usize = 64;

/// How names are compared: emphasis and case ignored, spaces folded.
pub fn normalize_name(text: &str) -> String {
    let t = text.trim().trim_matches('*').trim_matches('_').trim();
    if t.is_ascii() {
        return normalize_ascii(t);
    }
    let mut out = String::with_capacity(t.len());
    for word in t.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        // ASCII words without Unicode's case tables (every heading and
        // award name is looked up here).
        if word.is_ascii() {
            let start = out.len();
            out.push_str(word);
            out[start..].make_ascii_lowercase();
        } else {
            out.extend(word.chars().flat_map(char::to_lowercase));
        }
    }
    out
}

/// [`normalize_name`] of ASCII text (a name is looked up for every heading
/// and award item): a name with single spaces only, as nearly every name
/// is, is lowercased whole; others a byte at a time.
fn normalize_ascii(t: &str) -> String {
    let b = t.as_bytes();
    let plain = b
        .iter()
        .zip(b.iter().skip(1))
        .all(|(&x, &y)| !(matches!(y, 0x09..=0x0d) || (x == b' ' && y == b' ')))
        && !b.first().is_some_and(|c| matches!(c, 0x09..=0x0d));
    if plain {
        return t.to_ascii_lowercase();
    }
    let mut out = Vec::with_capacity(t.len());
    let mut gap = false;
    for &c in b {
        // ASCII's whitespace as `char::is_whitespace` has it (vertical tab
        // and form feed included).
        if matches!(c, b' ' | 0x09..=0x0d) {
            gap = !out.is_empty();
        } else {
            if gap {
                out.push(b' ');
                gap = false;
            }
            out.push(c.to_ascii_lowercase());
        }
    }
    // Only ASCII bytes were pushed.
    String::from_utf8(out).unwrap_or_default()
}

impl Glossary {
    /// The ids of the entries of one kind, each once, in the glossary's
    /// order. A glossary with an error may define an id twice (each
    /// definition is kept, for its findings): whatever draws distinct
    /// skills or treasures draws from these.
    pub fn ids(&self, kind: EntryKind) -> Vec<Id> {
        let mut seen = std::collections::HashSet::new();
        (self.entries.iter())
            .filter(|e| e.kind == kind && seen.insert(e.id.value))
            .map(|e| e.id.value)
            .collect()
    }

    /// Add an entry. Returns the index of an earlier entry with the same id
    /// or name, if any (the entry is added all the same).
    pub fn push(&mut self, entry: GlossaryEntry) -> Option<usize> {
        let i = self.entries.len();
        let clash_id = self.by_id.insert(entry.id.value.to_string(), i);
        self.by_address
            .insert(entry.id.value.as_str().as_ptr() as usize, i);
        let clash_name = self.by_name.insert(normalize_name(&entry.name.value), i);
        let folded: Box<[char]> = crate::text::fold(entry.name.value.trim_matches('*'))
            .chars()
            .collect();
        let len = folded.len();
        if len <= SUGGEST_MAX + 2 {
            if self.by_len.len() <= len {
                self.by_len.resize_with(len + 1, Vec::new);
            }
            self.by_len[len].push(i);
        }
        self.folded.push(folded);
        self.entries.push(entry);
        clash_id.or(clash_name)
    }

    /// An entry's place in [`Glossary::entries`], by id.
    pub fn position(&self, id: &str) -> Option<usize> {
        // An interned id's text is found by its address (the same address
        // and length is the same text); any other text by hashing it.
        match self.by_address.get(&(id.as_ptr() as usize)) {
            Some(&i) if self.entries[i].id.value.len() == id.len() => Some(i),
            _ => self.by_id.get(id).copied(),
        }
    }

    pub fn by_id(&self, id: &str) -> Option<&GlossaryEntry> {
        self.position(id).map(|i| &self.entries[i])
    }

    /// Resolve a name as written in the book (case and emphasis ignored);
    /// an id is accepted too.
    pub fn resolve(&self, text: &str) -> Option<&GlossaryEntry> {
        let key = normalize_name(text);
        self.by_name
            .get(&key)
            .or_else(|| self.by_id.get(&key))
            .map(|&i| &self.entries[i])
    }

    /// Resolve a name as written in the book's language (case and
    /// emphasis ignored); ids are not names.
    pub fn resolve_name(&self, text: &str) -> Option<&GlossaryEntry> {
        self.by_name
            .get(&normalize_name(text))
            .map(|&i| &self.entries[i])
    }

    /// An entry whose id (not its name) is the text: `Wisdom` in a Spanish
    /// book whose glossary says `wisdom: Sabiduría`.
    pub fn by_id_written(&self, text: &str) -> Option<&GlossaryEntry> {
        self.by_id
            .get(&normalize_name(text))
            .map(|&i| &self.entries[i])
    }

    /// The closest name, for "did you mean": the same but for accents, or
    /// within [`crate::text::slack`] edits (none below four letters). Cheap
    /// on free text: names whose length differs more are never compared.
    pub fn suggest(&self, text: &str) -> Option<&GlossaryEntry> {
        let mut unlimited = usize::MAX;
        self.suggest_within(text, &mut unlimited)
            .map(|i| &self.entries[i])
    }

    /// [`Glossary::suggest`], comparing the word with at most `budget`
    /// names (each name of a near length compared spends one): a file with
    /// thousands of slips, against a glossary of thousands of names a
    /// letter apart, stays linear. `None` once the budget is spent, never a
    /// suggestion from the names compared so far. The entry's index in
    /// [`Glossary::entries`].
    pub fn suggest_within(&self, text: &str, budget: &mut usize) -> Option<usize> {
        let key: Vec<char> = crate::text::fold(text.trim().trim_matches('*'))
            .chars()
            .collect();
        let n = key.len();
        if n > SUGGEST_MAX {
            return None;
        }
        let k = crate::text::slack(n);
        // The closest name; of equally close ones, the first in the glossary.
        let mut best: Option<(usize, usize)> = None;
        for len in n.saturating_sub(k)..=n + k {
            for &i in self.by_len.get(len).into_iter().flatten() {
                *budget = budget.checked_sub(1)?;
                if let Some(d) = crate::text::near_chars(&key, &self.folded[i], k)
                    && best.is_none_or(|b| (d, i) < b)
                {
                    best = Some((d, i));
                }
            }
        }
        best.map(|(_, i)| i)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod normalize_tests {
    use super::normalize_name;
    use proptest::prelude::*;

    proptest! {
        /// ASCII words are lowercased without the case tables, the same.
        #[test]
        fn ascii_words_lowercase_as_unicode_does(text in "[a-zA-Z0-9 *_\t\n\r\u{b}\u{c}\u{a0}éÉẞİK\u{212a}-]{0,24}") {
            let slow = text.trim().trim_matches('*').trim_matches('_')
                .split_whitespace()
                .map(|w| w.chars().flat_map(char::to_lowercase).collect::<String>())
                .collect::<Vec<_>>()
                .join(" ");
            prop_assert_eq!(normalize_name(&text), slow);
        }

        /// ASCII names (the byte-at-a-time path), spaces and controls
        /// of every kind among them, fold as the word-by-word path does.
        #[test]
        fn ascii_names_fold_as_words_do(text in "[a-zA-Z *_\t\n\r\u{b}\u{c}\u{1f}-]{0,40}") {
            let t = text.trim().trim_matches('*').trim_matches('_').trim();
            let slow = t.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>().join(" ");
            prop_assert_eq!(normalize_name(&text), slow);
        }
    }
}
