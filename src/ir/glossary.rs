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
    /// Each entry's name as [`crate::text::fold`] writes it, for suggestions.
    folded: Vec<String>,
}

/// How names are compared: emphasis and case ignored, spaces folded.
pub fn normalize_name(text: &str) -> String {
    let t = text.trim().trim_matches('*').trim_matches('_').trim();
    let mut out = String::with_capacity(t.len());
    for word in t.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

impl Glossary {
    /// Add an entry. Returns the index of an earlier entry with the same id
    /// or name, if any (the entry is added all the same).
    pub fn push(&mut self, entry: GlossaryEntry) -> Option<usize> {
        let i = self.entries.len();
        let clash_id = self.by_id.insert(entry.id.value.to_string(), i);
        self.by_address
            .insert(entry.id.value.as_str().as_ptr() as usize, i);
        let clash_name = self.by_name.insert(normalize_name(&entry.name.value), i);
        self.folded
            .push(crate::text::fold(entry.name.value.trim_matches('*')));
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
        let key = crate::text::fold(text.trim().trim_matches('*'));
        let n = key.chars().count();
        if n > 64 {
            return None;
        }
        let k = crate::text::slack(n);
        self.folded
            .iter()
            .enumerate()
            .filter_map(|(i, name)| crate::text::near(&key, name, k).map(|d| (d, i)))
            .min_by_key(|(d, _)| *d)
            .map(|(_, i)| &self.entries[i])
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
