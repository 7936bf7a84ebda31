//! The words of the locale's effect patterns, and the near misses of them:
//! what tells `statusses` from `statuses` when an award item reads as no
//! effect form ([`crate::syntax::effects::near_form`]).
//!
//! Made the first time a book's item reads as no form: most books have
//! none, and then never pay for it (a locale's patterns are 16,000
//! characters in English).

use crate::effect_words::EffectWords;
use rustc_hash::FxHashMap;

/// The words of a locale's effect patterns, folded and sorted, and their
/// near-miss index.
#[derive(Debug, Default)]
pub struct Vocabulary {
    words: Vec<String>,
    /// Each word with up to two of its characters deleted, by its hash ->
    /// the words (indices) it comes from, made at the first look-up: see
    /// [`Vocabulary::near`].
    deletions: std::sync::OnceLock<FxHashMap<u64, Vec<u32>>>,
}

impl Vocabulary {
    /// The vocabulary of the patterns `w` holds.
    pub fn new(w: &EffectWords) -> Vocabulary {
        Vocabulary {
            words: words_of(w),
            deletions: std::sync::OnceLock::new(),
        }
    }

    /// The words, folded and sorted.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The words (indices, in order) that may be within two edits of
    /// `word` (folded): every such word, and some farther. Two words within
    /// two edits share a form with up to two characters deleted from each
    /// (an edit, a swap of neighbours too, deletes at most one on each
    /// side), so a few keys are asked, not every word (a file of thousands
    /// of misspelt items compared each word of each with every word of the
    /// patterns).
    pub fn near(&self, word: &str) -> Vec<usize> {
        if word.chars().count() > NEAR_WORD_MAX {
            return (0..self.words.len()).collect();
        }
        let index = self.deletions.get_or_init(|| {
            let mut index: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
            for (i, v) in self.words.iter().enumerate() {
                let i = u32::try_from(i).unwrap_or(u32::MAX);
                each_deletion(v, |d| {
                    let at = index.entry(d).or_default();
                    if at.last() != Some(&i) {
                        at.push(i);
                    }
                });
            }
            index
        });
        let mut out: Vec<usize> = Vec::new();
        each_deletion(word, |d| {
            if let Some(found) = index.get(&d) {
                out.extend(found.iter().map(|&i| i as usize));
            }
        });
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The longest word [`Vocabulary::near`] looks up by its deletions
/// (in characters); a longer one is given every word.
const NEAR_WORD_MAX: usize = 32;

/// The hash of `word` with up to two of its characters deleted, each way
/// (the word itself first), given to `each`: a byte at a time (FNV-1a), so
/// that a form has one hash however it is cut. Two words within two edits
/// share a form, so they share a hash; two that share a hash may share no
/// form (a collision): [`Vocabulary::near`] gives some farther
/// words, never fewer near ones.
fn each_deletion(word: &str, mut each: impl FnMut(u64)) {
    fn hash(parts: [&str; 3]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in parts.iter().flat_map(|p| p.bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }
    each(hash([word, "", ""]));
    let at: Vec<(usize, usize)> = (word.char_indices())
        .map(|(i, c)| (i, i + c.len_utf8()))
        .collect();
    for (x, &(a0, a1)) in at.iter().enumerate() {
        each(hash([&word[..a0], &word[a1..], ""]));
        for &(b0, b1) in &at[x + 1..] {
            each(hash([&word[..a0], &word[a1..b0], &word[b1..]]));
        }
    }
}

/// Every word the patterns of `w` spell out (slots left out), folded: the
/// words a near miss of a form is told by (`statusses`, `Destinaton`).
fn words_of(w: &EffectWords) -> Vec<String> {
    // Each word once before it is folded: the patterns say `your`, `space`
    // and `treasure` hundreds of times.
    fn walk<'v>(v: &'v serde_json::Value, out: &mut rustc_hash::FxHashSet<&'v str>) {
        match v {
            serde_json::Value::String(s) => words_outside_slots(s, out),
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let Ok(v) = serde_json::to_value(w) else {
        return Vec::new();
    };
    let mut words = rustc_hash::FxHashSet::default();
    walk(&v, &mut words);
    let mut out: Vec<String> = words.into_iter().map(crate::text::fold).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The runs of letters of three characters or more in `pattern`, its
/// `{slots}` left out. ASCII text a byte at a time (most patterns are);
/// other text by its characters, where a letter may be any script's.
fn words_outside_slots<'p>(pattern: &'p str, out: &mut rustc_hash::FxHashSet<&'p str>) {
    if !pattern.is_ascii() {
        return words_by_chars(pattern, out);
    }
    let (mut slot, mut start) = (false, None);
    for (i, b) in pattern.bytes().chain([b' ']).enumerate() {
        match (b.is_ascii_alphabetic() && !slot, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                if i - s >= 3 {
                    out.insert(&pattern[s..i]);
                }
                start = None;
            }
            _ => {}
        }
        match b {
            b'{' => slot = true,
            b'}' => slot = false,
            _ => {}
        }
    }
}

/// [`words_outside_slots`] by characters.
fn words_by_chars<'p>(pattern: &'p str, out: &mut rustc_hash::FxHashSet<&'p str>) {
    let mut slot = false;
    for piece in pattern.split_inclusive(['{', '}']) {
        if !slot {
            let words = piece.split(|c: char| !c.is_alphabetic());
            out.extend(words.filter(|w| w.chars().count() >= 3));
        }
        slot = piece.ends_with('{');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// An ASCII pattern's words, read a byte at a time, are the words
        /// read by characters (braces, letters and spaces mostly).
        #[test]
        fn ascii_words_by_bytes_are_words_by_chars(pattern in "[{} a-zA-Z0-9.,:]{0,40}") {
            let (mut bytes, mut chars) = (rustc_hash::FxHashSet::default(), rustc_hash::FxHashSet::default());
            words_outside_slots(&pattern, &mut bytes);
            words_by_chars(&pattern, &mut chars);
            proptest::prop_assert_eq!(bytes, chars);
        }
    }
}
