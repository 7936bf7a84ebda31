//! A piece of an award item being read as an effect, and the helpers every
//! effect reader shares: patterns and their slots, and the award items
//! inside an item, read by the award reader that is passed in.

use crate::diagnostic::Diagnostics;
use crate::effect_words::read;
use crate::ir::{AwardItem, Effect, Typed};
use crate::span::Span;
use crate::syntax::context::Context;

/// Reads award items from some text at an offset, if it reads as items,
/// with their findings: the award reader, passed in by the readers above
/// (items hold effects, and effects hold items).
pub(crate) type ReadItems = fn(&Context, &str, usize) -> Option<(Vec<AwardItem>, Diagnostics)>;

/// A piece of an item: its text and where it starts in the file.
#[derive(Clone, Copy)]
pub(crate) struct Piece<'t> {
    pub text: &'t str,
    pub at: usize,
    pub end: usize,
    /// The reader of the award items inside the piece.
    pub read: ReadItems,
}

impl<'t> Piece<'t> {
    pub(crate) fn span(&self, ctx: &Context) -> Span {
        let start = self.at.min(self.end);
        Span::new(
            ctx.file,
            start,
            (start + self.text.len()).min(self.end).max(start),
        )
    }

    pub(crate) fn sub_at(&self, text: &'t str, offset: usize) -> Piece<'t> {
        Piece {
            text,
            at: self.at + offset,
            end: self.end,
            read: self.read,
        }
    }

    /// A form read: what every reader of a form returns.
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn typed(t: Typed) -> Option<Effect> {
        Some(Effect::Typed(Box::new(t)))
    }
}

/// The first pattern of `patterns` that reads `text`, with its slots.
pub(crate) fn first_read<'t>(
    patterns: &[String],
    text: &'t str,
) -> Option<Vec<(&'static str, &'t str, usize)>> {
    patterns.iter().find_map(|pat| read(pat, text))
}

/// The slots one pattern read.
pub(crate) type Slots<'t> = Vec<(&'static str, &'t str, usize)>;

/// What [`best_read`] made of an item.
pub(crate) enum Best<T> {
    /// No pattern reads the item.
    Unread,
    /// A reading, and what was made of it.
    Made(T),
    /// Patterns read the item and nothing was made of any reading: the
    /// first reading's findings are reported.
    Failed,
}

/// `make` on the readings of `patterns`, in order: the first it makes
/// something of, with the findings of that reading only. When every
/// reading fails, `make` on the first again, its findings reported. A
/// pattern is never shadowed by an earlier one that reads the same words
/// but not their names (`on a {faces}` before `on a roll of {faces}`).
pub(crate) fn best_read<'t, T>(
    patterns: &[String],
    text: &'t str,
    diags: &mut Diagnostics,
    mut make: impl FnMut(&Slots<'t>, &mut Diagnostics) -> Option<T>,
) -> Best<T> {
    let mut first = None;
    for slots in patterns.iter().filter_map(|pat| read(pat, text)) {
        let mut quiet = Vec::new();
        if let Some(t) = make(&slots, &mut quiet) {
            diags.append(&mut quiet);
            return Best::Made(t);
        }
        first.get_or_insert(slots);
    }
    match first.map(|f| make(&f, diags)) {
        None => Best::Unread,
        Some(Some(t)) => Best::Made(t),
        Some(None) => Best::Failed,
    }
}

/// The text of one slot.
pub(crate) fn slot<'t>(
    slots: &[(&'static str, &'t str, usize)],
    name: &str,
) -> Option<(&'t str, usize)> {
    slots
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, t, at)| (*t, *at))
}

/// The rest of `text` after `words` and a space (case aside).
pub(crate) fn after_words<'t>(text: &'t str, words: &str) -> Option<&'t str> {
    let n = crate::effect_words::starts_ci(text, words)?;
    text[n..].strip_prefix(' ')
}

/// Award items inside an item (a roll's, an arrival's, a choice's arm).
pub(crate) fn items(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<Vec<Effect>> {
    let (items, mut found) = (p.read)(ctx, p.text, p.at)?;
    diags.append(&mut found);
    Some(items.into_iter().map(|i| i.effect).collect())
}

/// One award item inside an item.
pub(crate) fn one(ctx: &Context, p: Piece, diags: &mut Diagnostics) -> Option<Effect> {
    let mut v = items(ctx, p, diags)?;
    (v.len() == 1).then(|| v.remove(0))
}
