//! A file's "did you mean" for words that are no glossary name: each
//! distinct word looked for once (a slip a book repeats is answered alike
//! every time), within a budget of name comparisons linear in the file.

use crate::ir::{Glossary, GlossaryEntry};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// The comparisons a file may make besides one a byte of it. A book's
/// slips are a few hundred names each at most; hostile text (thousands of
/// slips against thousands of names a letter apart) stops being offered
/// suggestions, not linear.
const FLOOR: usize = 1 << 16;
/// Distinct words remembered per file, and the longest remembered.
const MAX_SEEN: usize = 4096;
const MAX_WORD: usize = 256;

/// The suggestions of one file so far.
pub struct Suggestions {
    left: Cell<usize>,
    /// Each word's answer, as the entry's index in the glossary.
    seen: RefCell<HashMap<Box<str>, Option<usize>>>,
}

impl Suggestions {
    /// The budget of a file of `bytes` bytes.
    pub fn for_file(bytes: usize) -> Self {
        Suggestions {
            left: Cell::new(bytes.saturating_add(FLOOR)),
            seen: RefCell::new(HashMap::new()),
        }
    }

    /// The budget of a part of a file, `(its bytes, the file's)`: its
    /// bytes and its share of the floor, so a file's parts together have
    /// the file's budget.
    pub fn for_share((part, file): (usize, usize)) -> Self {
        let floor = if file == 0 {
            FLOOR
        } else {
            (FLOOR as u128 * part as u128 / file as u128) as usize
        };
        Suggestions {
            left: Cell::new(part.saturating_add(floor)),
            seen: RefCell::new(HashMap::new()),
        }
    }

    /// The comparisons left in the file's budget.
    pub(crate) fn left(&self) -> usize {
        self.left.get()
    }

    /// The entry `text` was likely meant as: the answer given to the same
    /// text before, else [`Glossary::suggest_within`] the budget left.
    pub(crate) fn suggest<'a>(
        &self,
        glossary: &'a Glossary,
        text: &str,
    ) -> Option<&'a GlossaryEntry> {
        let seen = self.seen.borrow().get(text).copied();
        let found = seen.unwrap_or_else(|| {
            let mut budget = self.left.get();
            let found = glossary.suggest_within(text, &mut budget);
            self.left.set(budget);
            let mut seen = self.seen.borrow_mut();
            if seen.len() < MAX_SEEN && text.len() <= MAX_WORD {
                seen.insert(text.into(), found);
            }
            found
        });
        found.map(|i| &glossary.entries[i])
    }
}

impl Suggestions {
    /// The closest of `count` names to `name` ([`crate::text::close_name`]),
    /// each compared spending one of the file's budget: `None` once the
    /// budget cannot pay for them all (a big board's spaces, a book's many
    /// terrains or places, against thousands of slips, stay linear).
    pub(crate) fn close<'n>(
        &self,
        count: usize,
        names: impl Iterator<Item = &'n str>,
        name: &str,
    ) -> Option<&'n str> {
        let mut left = self.left.get();
        let close = crate::text::close_name_within(&mut left, count, names, name);
        self.left.set(left);
        close
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::EntryKind;
    use crate::span::{FileId, Span, Spanned};

    /// A glossary of `n` names a letter apart: `Xname aaa`, `Xname aab`, ...
    fn near_misses(n: usize) -> Glossary {
        let mut g = Glossary::default();
        let l = |k: usize| char::from(b'a' + u8::try_from(k % 26).unwrap());
        for i in 0..n {
            let s = Span::new(FileId(0), 0, 0);
            let id = format!("x-{i}");
            g.push(GlossaryEntry {
                id: Spanned::new(id.as_str().into(), s),
                name: Spanned::new(format!("Xname {}{}{}", l(i / 676), l(i / 26), l(i)), s),
                kind: EntryKind::Treasure,
                encounters: None,
                sell: None,
                toggle: false,
                flips_gender: false,
                text: None,
                rules: Vec::new(),
            });
        }
        g
    }

    #[test]
    fn a_slip_repeated_is_answered_alike_after_the_budget_is_spent() {
        let g = near_misses(4_000);
        let s = Suggestions::for_file(0);
        let first = s.suggest(&g, "Xnamf aab").map(|e| e.name.value.clone());
        assert_eq!(first.as_deref(), Some("Xname aab"));
        // 4,000 names of a near length a word: 16 other words spend the
        // 65,536 comparisons.
        for i in 0..20 {
            s.suggest(&g, &format!("Xnamf c{i:02}"));
        }
        assert_eq!(s.left.get(), 0);
        assert!(
            s.suggest(&g, "Xnamf bcd").is_none(),
            "a new word past the budget"
        );
        let again = s.suggest(&g, "Xnamf aab").map(|e| e.name.value.clone());
        assert_eq!(again, first, "the same slip, the same answer");
    }
}
