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

use crate::diagnostic::Diagnostic;
use crate::ir::{Award, Effect, LabelKind};
use crate::span::Span;
use std::cell::RefCell;
use std::collections::HashMap;

/// Distinct award texts kept per file, and the longest text kept.
const MAX_ENTRIES: usize = 4096;
const MAX_TEXT: usize = 256;

/// An award code as first read: where, what, and what was found in it.
type Read = (usize, Option<Award>, Vec<Diagnostic>);

/// A file's award codes by text, with their findings, as read at `at`.
#[derive(Default)]
pub struct AwardCache {
    seen: RefCell<HashMap<Box<str>, Read>>,
    phrases: RefCell<HashMap<Box<str>, (usize, Effect)>>,
    headings: RefCell<HashMap<Box<str>, Option<LabelKind>>>,
}

impl AwardCache {
    /// The award of `text` at byte `at`, read by `read` the first time.
    pub(crate) fn get_or_read(
        &self,
        text: &str,
        at: usize,
        diags: &mut Vec<Diagnostic>,
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
        let award = read(&mut found);
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
        let kind = read();
        let mut headings = self.headings.borrow_mut();
        if text.len() <= MAX_TEXT && headings.len() < MAX_ENTRIES {
            headings.insert(text.into(), kind.clone());
        }
        kind
    }

    /// The effect an item in words of this text was read as, clean, moved
    /// to the item at byte `at`.
    pub(crate) fn phrase(&self, text: &str, at: usize) -> Option<Effect> {
        let phrases = self.phrases.borrow();
        let (first, effect) = phrases.get(text)?;
        let mut effect = effect.clone();
        effect.for_each_span(&mut |s| *s = moved(*s, *first, at));
        Some(effect)
    }

    /// Keep the effect the item `text` at byte `at` was read as, clean (no
    /// finding).
    pub(crate) fn keep_phrase(&self, text: &str, at: usize, effect: &Effect) {
        let mut phrases = self.phrases.borrow_mut();
        if text.len() <= MAX_TEXT && phrases.len() < MAX_ENTRIES {
            phrases.insert(text.into(), (at, effect.clone()));
        }
    }
}

/// A span of the award read at `from`, for the same text at `to`.
fn moved(s: Span, from: usize, to: usize) -> Span {
    let at = |x: u32| (x as usize).saturating_sub(from) + to;
    Span::new(s.file, at(s.start), at(s.end))
}
