//! Award codes read once per file: a book repeats its award codes (`[S1]`,
//! `[D1 / S1]`), and a file of hostile text may repeat one a million times.
//! The second time a file holds the same text, the award (and whatever was
//! found in it) is the first one moved to its place.
//!
//! The items in words of the award codes the quick reader reads (a name,
//! `Lose NAME`, `Treasure`) are kept too, by their text: a written book
//! names the same skills and statuses in many different award codes, and
//! each reading tries every effect form that may start with its words.
//! Only what was read clean is kept; a typed effect's names carry where
//! they are written, so they are moved with the rest.
//!
//! So are the names of section headings (`WILDERNESS LORE`, `NO SKILL`),
//! resolved exactly or not at all: a paragraph's headings are the same few
//! dozen names all through a book.
//!
//! A book's files share a [`BookCache`] besides: what one file read clean
//! (no finding, and no "did you mean" looked for on the way), the next file
//! takes, its spans moved to its own file and place. A book writes the same
//! award codes in every file, and each file read them afresh.

use crate::diagnostic::Diagnostic;
use crate::ir::{Award, Effect, LabelKind, RollSpec};
use crate::span::{FileId, Span};
use crate::syntax::suggestions::Suggestions;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Texts of the book (what a hand, or a hostile file, wrote) to what they
/// were read as. Each award code, item and heading name of a book is
/// looked up here: foldhash (hashbrown's own) hashes a short text in a
/// fraction of `SipHash`'s work, and is keyed too, seeded at random per
/// process, so colliding texts cannot be written ahead; each map holds a
/// few thousand texts at most besides.
type Texts<V> = HashMap<Box<str>, V, foldhash::fast::RandomState>;

/// Distinct award texts kept per file, and the longest text kept.
const MAX_ENTRIES: usize = 4096;
const MAX_TEXT: usize = 256;

/// An award code as first read: where, what, and what was found in it.
type Read = (usize, Option<Award>, Vec<Diagnostic>);

/// Distinct texts of each kind a book's files share.
const MAX_SHARED: usize = 16_384;

/// A file's award codes by text, with their findings, as read at `at`.
pub struct AwardCache {
    seen: RefCell<Texts<Read>>,
    phrases: RefCell<Texts<(usize, Effect)>>,
    headings: RefCell<Texts<Option<LabelKind>>>,
    rolls: RefCell<Texts<Roll>>,
    /// What the book's other files read clean.
    book: Option<Arc<BookCache>>,
    /// The file the spans read here are in.
    file: FileId,
}

/// A roll spec read by the grammar, and its length (its span is where it
/// is written).
type Roll = (RollSpec, usize);

/// A place a text was first read at: its file and byte.
type At = (FileId, usize);

/// The award codes, items in words and heading names a book's files read
/// clean, by text, for every file read after (on any thread, in any order:
/// what is kept is what reading the text again there gives).
#[derive(Default)]
pub struct BookCache {
    awards: Mutex<Texts<(At, Award)>>,
    phrases: Mutex<Texts<(At, Effect)>>,
    headings: Mutex<Texts<Option<LabelKind>>>,
    rolls: Mutex<Texts<Roll>>,
}

/// Keep `value` under `text` in a shared map, within the limits.
fn share<V>(map: &Mutex<Texts<V>>, text: &str, value: impl FnOnce() -> V) {
    if text.len() > MAX_TEXT {
        return;
    }
    let Ok(mut map) = map.lock() else { return };
    if map.len() < MAX_SHARED && !map.contains_key(text) {
        map.insert(text.into(), value());
    }
}

/// A copy of what a shared map keeps under `text`.
fn shared<V: Clone>(map: &Mutex<Texts<V>>, text: &str) -> Option<V> {
    map.lock().ok()?.get(text).cloned()
}

/// Budget a reading spent looking for "did you mean": a reading that
/// spent none changes nothing of its file but what it returns.
fn left(s: Option<&Suggestions>) -> Option<usize> {
    s.map(Suggestions::left)
}

impl Default for AwardCache {
    /// A file's cache that shares nothing.
    fn default() -> Self {
        AwardCache {
            seen: RefCell::default(),
            phrases: RefCell::default(),
            headings: RefCell::default(),
            rolls: RefCell::default(),
            book: None,
            file: FileId(0),
        }
    }
}

impl BookCache {
    /// How many award codes, items in words and heading names are kept.
    #[cfg(test)]
    pub(crate) fn kept(&self) -> (usize, usize, usize) {
        let n = |m: &Mutex<Texts<_>>| m.lock().map_or(0, |m| m.len());
        (
            n(&self.awards),
            self.phrases.lock().map_or(0, |m| m.len()),
            self.headings.lock().map_or(0, |m| m.len()),
        )
    }
}

impl AwardCache {
    /// A cache for the file `file` of a book whose files share `book`.
    pub fn sharing(book: Arc<BookCache>, file: FileId) -> Self {
        AwardCache {
            book: Some(book),
            file,
            ..AwardCache::default()
        }
    }

    /// `span`, read at `from`, moved to byte `to` of this file.
    fn here(&self, span: Span, from: At, to: usize) -> Span {
        Span {
            file: self.file,
            ..moved(span, from.1, to)
        }
    }

    /// The award the book's other files read clean from `text`, moved to
    /// byte `at` of this file.
    fn shared_award(&self, text: &str, at: usize) -> Option<Award> {
        let (from, mut award) = shared(&self.book.as_ref()?.awards, text)?;
        award.span = self.here(award.span, from, at);
        for i in &mut award.items {
            i.span = self.here(i.span, from, at);
            i.effect
                .for_each_span(&mut |s| *s = self.here(*s, from, at));
        }
        Some(award)
    }
}

impl AwardCache {
    /// The award of `text` at byte `at`, read by `read` the first time.
    /// `suggestions` are the file's: an award read with a "did you mean"
    /// looked for is not shared with other files.
    pub(crate) fn get_or_read(
        &self,
        text: &str,
        at: usize,
        diags: &mut Vec<Diagnostic>,
        suggestions: Option<&Suggestions>,
        read: impl FnOnce(&mut Vec<Diagnostic>) -> Option<Award>,
    ) -> Option<Award> {
        if text.len() > MAX_TEXT {
            return read(diags);
        }
        if let Some((first, award, found)) = self.seen.borrow().get(text) {
            let shift = |s: Span| moved(s, *first, at);
            diags.extend(found.iter().cloned().map(|mut d| {
                d.primary.span = shift(d.primary.span);
                for l in &mut d.secondary {
                    l.span = shift(l.span);
                }
                d
            }));
            return award.clone().map(|mut a| {
                a.span = shift(a.span);
                for i in &mut a.items {
                    i.span = shift(i.span);
                    i.effect.for_each_span(&mut |s| *s = shift(*s));
                }
                a
            });
        }
        let mut found = Vec::new();
        let award = if let Some(award) = self.shared_award(text, at) {
            Some(award)
        } else {
            let before = left(suggestions);
            let award = read(&mut found);
            if let (Some(book), Some(a)) = (&self.book, &award)
                && found.is_empty()
                && left(suggestions) == before
            {
                share(&book.awards, text, || ((self.file, at), a.clone()));
            }
            award
        };
        diags.extend(found.iter().cloned());
        let mut seen = self.seen.borrow_mut();
        if seen.len() < MAX_ENTRIES {
            seen.insert(text.into(), (at, award.clone(), found));
        }
        award
    }
}

impl AwardCache {
    /// What the heading name `text` resolves to exactly, by `read` the
    /// first time.
    pub(crate) fn heading(
        &self,
        text: &str,
        read: impl FnOnce() -> Option<LabelKind>,
    ) -> Option<LabelKind> {
        if let Some(kind) = self.headings.borrow().get(text) {
            return kind.clone();
        }
        let book = self.book.as_deref();
        let kind = if let Some(kind) = book.and_then(|b| shared(&b.headings, text)) {
            kind
        } else {
            let kind = read();
            if let Some(b) = book {
                share(&b.headings, text, || kind.clone());
            }
            kind
        };
        let mut headings = self.headings.borrow_mut();
        if text.len() <= MAX_TEXT && headings.len() < MAX_ENTRIES {
            headings.insert(text.into(), kind.clone());
        }
        kind
    }

    /// The effect an item in words of this text was read as, clean, moved
    /// to the item at byte `at`.
    pub(crate) fn phrase(&self, text: &str, at: usize) -> Option<Effect> {
        if let Some((first, effect)) = self.phrases.borrow().get(text) {
            let mut effect = effect.clone();
            effect.for_each_span(&mut |s| *s = moved(*s, *first, at));
            return Some(effect);
        }
        let (from, mut effect) = shared(&self.book.as_ref()?.phrases, text)?;
        effect.for_each_span(&mut |s| *s = self.here(*s, from, at));
        self.keep(text, at, &effect);
        Some(effect)
    }

    /// Keep the effect the item `text` at byte `at` was read as, clean (no
    /// finding); `shared`: and no "did you mean" looked for, so the book's
    /// other files may take it too.
    pub(crate) fn keep_phrase(&self, text: &str, at: usize, effect: &Effect, shared: bool) {
        self.keep(text, at, effect);
        if let Some(book) = self.book.as_deref().filter(|_| shared) {
            share(&book.phrases, text, || ((self.file, at), effect.clone()));
        }
    }

    fn keep(&self, text: &str, at: usize, effect: &Effect) {
        let mut phrases = self.phrases.borrow_mut();
        if text.len() <= MAX_TEXT && phrases.len() < MAX_ENTRIES {
            phrases.insert(text.into(), (at, effect.clone()));
        }
    }
}

impl AwardCache {
    /// The roll spec `text` (to its closing brace) was read as, clean,
    /// in this file or another of the book; its span is not set.
    pub(crate) fn roll(&self, text: &str) -> Option<Roll> {
        if let Some(roll) = self.rolls.borrow().get(text) {
            return Some(roll.clone());
        }
        let roll = shared(&self.book.as_ref()?.rolls, text)?;
        self.keep_roll(text, &roll, false);
        Some(roll)
    }

    /// Keep the roll spec `text` was read as, clean (no finding);
    /// `shared`: and no "did you mean" looked for, so the book's other
    /// files may take it too.
    pub(crate) fn keep_roll(&self, text: &str, roll: &Roll, shared: bool) {
        let mut rolls = self.rolls.borrow_mut();
        if text.len() <= MAX_TEXT && rolls.len() < MAX_ENTRIES {
            rolls.insert(text.into(), roll.clone());
        }
        if let Some(book) = self.book.as_deref().filter(|_| shared) {
            share(&book.rolls, text, || roll.clone());
        }
    }
}

/// A span of the award read at `from`, for the same text at `to`.
fn moved(s: Span, from: usize, to: usize) -> Span {
    let at = |x: u32| (x as usize).saturating_sub(from) + to;
    Span::new(s.file, at(s.start), at(s.end))
}
