//! The common award codes read without the parser: every item a points
//! item (`D2`, `S-1`, `W+1`), a glossary name (`Wounded`) or `@N`. Most
//! award codes of a book are such, and one parse has a cost of its own
//! (about ten thousand instructions for `[D1]`). Anything else goes to
//! `grammar/award.pest`; a property test holds the two to the same result.

use super::Context;
use crate::ir::{AwardItem, Effect, Target};
use crate::locale::Track;
use crate::span::Span;

/// The items of `[...]` at byte `offset`, when every one is simple.
pub(super) fn items(ctx: &Context, text: &str, offset: usize) -> Option<Vec<AwardItem>> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    if inner.contains(['[', ']', '(', ')', '\r', '*', '{', '}']) {
        return None;
    }
    let mut items = Vec::with_capacity(4);
    let mut at = 1;
    for piece in inner.split('/') {
        let lead = piece.len() - piece.trim_start().len();
        let body = piece.trim();
        if body.is_empty() {
            return None;
        }
        let start = offset + at + lead;
        at += piece.len() + 1;
        let item = if let Some(e) = points(ctx, body) {
            AwardItem {
                effect: e,
                span: Span::new(ctx.file, start, start + body.len()),
            }
        } else if let Some(n) = paragraph(body) {
            AwardItem {
                effect: Effect::Goto(Target::Paragraph(n)),
                span: Span::new(ctx.file, start, start + body.len()),
            }
        } else {
            // A name: the grammar's `phrase` runs to the `/` or `]`, spaces
            // after the name included. Words the phrase reader looks for
            // first (`Lose`, `Death`, ...) go to the grammar.
            if special(ctx, body) {
                return None;
            }
            let e = ctx.glossary.resolve(body)?;
            let len = piece.len() - lead;
            AwardItem {
                effect: Effect::Gain {
                    id: e.id.value.clone(),
                    note: None,
                },
                span: Span::new(ctx.file, start, start + len),
            }
        };
        items.push(item);
    }
    Some(items)
}

/// Whether a phrase starts or ends with a word of the award phrases, or is
/// one.
fn special(ctx: &Context, body: &str) -> bool {
    use crate::text::{eq_ci, strip_prefix_ci, strip_suffix_ci};
    let l = ctx.locale;
    eq_ci(body, &l.treasure)
        || eq_ci(body, &l.death)
        || strip_prefix_ci(body, &l.choice_of).is_some()
        || strip_prefix_ci(body, &l.lose).is_some()
        || strip_prefix_ci(body, &l.master).is_some()
        || strip_suffix_ci(body, &l.master_suffix).is_some()
}

/// `D2`, `S-1`, `W+1`: letters of the locale, a sign, up to three digits.
fn points(ctx: &Context, body: &str) -> Option<Effect> {
    let letters = body.find(|c: char| !c.is_ascii_alphabetic())?;
    let (l, rest) = body.split_at(letters);
    if l.is_empty() || l.len() > 3 {
        return None;
    }
    let (negative, digits) = match rest.as_bytes().first()? {
        b'+' => (false, &rest[1..]),
        b'-' => (true, &rest[1..]),
        b'0'..=b'9' => (false, rest),
        _ => return None,
    };
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i32 = digits.parse().ok()?;
    let delta = if negative { -n } else { n };
    Some(match ctx.locale.track(l)? {
        Track::Destiny => Effect::Destiny(delta),
        Track::Story => Effect::Story(delta),
        Track::Wealth => Effect::Wealth { delta, bound: None },
    })
}

/// `@328`: a paragraph reference alone.
fn paragraph(body: &str) -> Option<u32> {
    let digits = body.strip_prefix('@')?;
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use crate::ir::{Book, EntryKind, GlossaryEntry};
    use crate::span::{FileId, Spanned};
    use crate::syntax::Context;
    use proptest::prelude::*;

    fn book() -> Book {
        let mut b = Book::default();
        for (id, name) in [
            ("wounded", "Wounded"),
            ("courtly-graces", "Courtly Graces"),
            ("master-thief", "Master Thief"),
            ("d1", "D1x"),
        ] {
            let s = crate::span::Span::new(FileId(0), 0, 0);
            b.glossary.push(GlossaryEntry {
                id: Spanned::new(id.into(), s),
                name: Spanned::new(name.into(), s),
                kind: EntryKind::Status,
                encounters: None,
                sell: None,
                toggle: false,
                flips_gender: false,
            });
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Whatever the quick reader reads, the grammar reads the same,
        /// with the same spans and no finding.
        #[test]
        fn the_quick_reader_agrees_with_the_grammar(
            items in proptest::collection::vec("(D|S|W|X|d|s|Ds)(\\+|-|−)?[0-9]{1,4}|@[0-9]{1,10}|@x|Wounded|wounded|Courtly Graces|Courtly  Graces|Master Thief|Lose Wounded|Death|Treasure|D1x|  | |\\n|ñ|W\\+1 \\(max Poor\\)", 1..5),
            seps in proptest::collection::vec("/| / |\\n/ | /\\n", 0..5),
        ) {
            let b = book();
            let ctx = Context::of(&b, FileId(0));
            let mut text = String::from("[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    text.push_str(seps.get(i).map_or("/", String::as_str));
                }
                text.push_str(item);
            }
            text.push(']');
            if let Some(quick) = super::items(&ctx, &text, 7) {
                let mut diags = Vec::new();
                let slow = crate::syntax::award::parse_with_grammar(&ctx, &text, 7, &mut diags);
                prop_assert!(diags.is_empty(), "{text}: {diags:?}");
                prop_assert_eq!(Some(quick), slow.map(|a| a.items), "{}", text);
            }
        }
    }
}
