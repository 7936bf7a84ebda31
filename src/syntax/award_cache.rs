//! Award codes read once per file: a book repeats its award codes (`[S1]`,
//! `[D1 / S1]`), and a file of hostile text may repeat one a million times.
//! The second time a file holds the same text, the award (and whatever was
//! found in it) is the first one moved to its place.

use crate::diagnostic::Diagnostic;
use crate::ir::Award;
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

/// A span of the award read at `from`, for the same text at `to`.
fn moved(s: Span, from: usize, to: usize) -> Span {
    let at = |x: u32| (x as usize).saturating_sub(from) + to;
    Span::new(s.file, at(s.start), at(s.end))
}
