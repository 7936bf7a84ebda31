//! The common award codes read without the parser: points items with
//! their bounds (`D2`, `S-1`, `W−1 (min Beggar)`, `W+1 (Max: Rich)`), `@N`,
//! and phrases (`Wounded`, `Lose Wounded`, `Wounded (1 turn)`, `Go to
//! paragraph 12`). Most award codes of a book are such, and one parse has a
//! cost of its own (about ten thousand instructions for `[D1]`, twenty-five
//! for `[S1 / W-1 (min Beggar)]`). Anything else, and anything that would
//! be a finding, goes to `grammar/award.pest`; a property test holds the
//! two to the same result.

use crate::ir::{AwardItem, Bound, Effect};
use crate::locale::Track;
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::effects::piece::ReadItems;

/// The grammar's `ws`.
const WS: [char; 3] = [' ', '\t', '\n'];

/// The items of `[...]` at byte `offset`, when every one reads clean
/// (`read` reads the items inside an item).
pub(crate) fn items(
    ctx: &Context,
    text: &str,
    offset: usize,
    read: ReadItems,
) -> Option<Vec<AwardItem>> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    bare(ctx, inner, offset + 1, read)
}

/// The items of a city-card result (the grammar's `items`: an award code's
/// items without the brackets) at byte `offset`, when every one reads
/// clean.
pub(crate) fn bare(
    ctx: &Context,
    inner: &str,
    offset: usize,
    read: ReadItems,
) -> Option<Vec<AwardItem>> {
    if inner.contains(['[', ']', '\r', '*', '{', '}']) {
        return None;
    }
    let mut items = Vec::with_capacity(4);
    let mut at = 0;
    for piece in inner.split('/') {
        let start = offset + at + (piece.len() - piece.trim_start_matches(WS).len());
        at += piece.len() + 1;
        items.push(item(ctx, piece, start, read)?);
    }
    Some(items)
}

/// One piece between separators, first as points, then `@N`, then a phrase
/// (the grammar's order).
fn item(ctx: &Context, piece: &str, start: usize, read: ReadItems) -> Option<AwardItem> {
    let body = piece.trim_matches(WS);
    if body.is_empty() {
        return None;
    }
    let at = |len: usize| Span::new(ctx.file, start, start + len);
    if looks_like_points(body) {
        let effect = points(ctx, body)?;
        return Some(AwardItem {
            effect,
            span: at(body.len()),
        });
    }
    if body.starts_with('@') {
        // The whole item one reference (`@328`, `@F:Greedy`, `@well`).
        let (target, len) = crate::syntax::awards::reference::reference_at(body)?;
        if len != body.len() {
            return None;
        }
        return Some(AwardItem {
            effect: Effect::Goto(target),
            span: at(body.len()),
        });
    }
    // The grammar's `phrase` runs to the `/` or `]`, spaces included.
    let raw = piece.trim_start_matches(WS);
    let span = at(raw.len());
    let effect = phrase(ctx, raw, span, read)?;
    Some(AwardItem { effect, span })
}

/// An item in words read clean, from the file's cache when it was read
/// before. `None`: findings, or free text that may be items run together,
/// which are the grammar path's to report.
fn phrase(ctx: &Context, raw: &str, span: Span, read: ReadItems) -> Option<Effect> {
    if let Some(effect) = ctx.awards.and_then(|c| c.phrase(raw, span.start as usize)) {
        return Some(effect);
    }
    let mut diags = Vec::new();
    let before = ctx
        .suggestions
        .map(crate::syntax::suggestions::Suggestions::left);
    let effect = crate::syntax::awards::phrase::lower_phrase(ctx, raw, span, read, &mut diags);
    if !diags.is_empty() || matches!(&effect, Effect::FreeText(s) if s.contains([',', ' '])) {
        return None;
    }
    if let Some(cache) = ctx.awards {
        let quiet = ctx
            .suggestions
            .map(crate::syntax::suggestions::Suggestions::left)
            == before;
        cache.keep_phrase(raw, span.start as usize, &effect, quiet);
    }
    Some(effect)
}

/// Whether the grammar's `points` would start here: one to three letters
/// (as many as there are), a sign or not, a digit.
fn looks_like_points(body: &str) -> bool {
    let letters: usize = body
        .chars()
        .take_while(|c| c.is_alphabetic())
        .take(3)
        .map(char::len_utf8)
        .sum();
    let rest = &body[letters..];
    let rest = rest.strip_prefix(['+', '-', '−', '–']).unwrap_or(rest);
    letters > 0 && rest.starts_with(|c: char| c.is_ascii_digit())
}

/// `D2`, `S-1`, `W+1`, `W−1 (min Beggar)`: letters of the locale, a sign,
/// up to three digits, and a wealth item's bound.
fn points(ctx: &Context, body: &str) -> Option<Effect> {
    let letters = body.find(|c: char| !c.is_ascii_alphabetic())?;
    let (l, rest) = body.split_at(letters);
    if l.is_empty() || l.len() > 3 {
        return None;
    }
    let (negative, rest) = match rest.strip_prefix('+') {
        Some(r) => (false, r),
        None => match rest.strip_prefix(['-', '−', '–']) {
            Some(r) => (true, r),
            None => (false, rest),
        },
    };
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, after) = rest.split_at(digits);
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let n: i32 = digits.parse().ok()?;
    let delta = if negative { -n } else { n };
    let bound = if after.is_empty() {
        None
    } else {
        Some(bound(ctx, after)?)
    };
    Some(match (ctx.locale.track(l)?, bound) {
        (Track::Wealth, bound) => Effect::Wealth { delta, bound },
        (_, Some(_)) => return None,
        (Track::Destiny, None) => Effect::Destiny(delta),
        (Track::Story, None) => Effect::Story(delta),
    })
}

/// ` (max Rich)`, `(Max: Rich)`, `(máx.: Pobre)` after the amount: a known
/// keyword and a level of the book's ladder, and nothing after.
fn bound(ctx: &Context, after: &str) -> Option<Bound> {
    let rest = after.trim_start_matches(WS).strip_prefix('(')?;
    let rest = rest.trim_start_matches(WS);
    let kw = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    let kw = kw + usize::from(rest[kw..].starts_with('.'));
    let (kw, rest) = rest.split_at(kw);
    let max = ctx.locale.bound_is_max(kw)?;
    let rest = rest.trim_start_matches(WS);
    let rest = rest
        .strip_prefix(':')
        .unwrap_or(rest)
        .trim_start_matches(WS);
    let close = rest.find([')', '/', ']', '\n', '\r'])?;
    if !rest[close..].starts_with(')') || !rest[close + 1..].trim_matches(WS).is_empty() {
        return None;
    }
    let level = ctx.rules.wealth_level(rest[..close].trim())?;
    Some(Bound { max, level })
}

#[cfg(test)]
mod tests {
    use crate::ir::{Book, EntryKind, GlossaryEntry, WealthLevel};
    use crate::span::{FileId, Spanned};
    use crate::syntax::context::Context;
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
                text: None,
                rules: Vec::new(),
            });
        }
        for name in ["Beggar", "Poor", "Rich"] {
            b.manifest.rules.wealth.push(WealthLevel {
                name: Spanned::new(name.into(), crate::span::Span::new(FileId(0), 0, 0)),
                land: None,
                sea: None,
                start: false,
                needs_treasure: false,
            });
        }
        b
    }

    /// Award items of every shape the quick reader reads, their near
    /// misses, and shapes it leaves to the grammar.
    const ITEMS: &str = concat!(
        "(D|S|W|X|d|s|Ds|Ñ)(\\+|-|−|–)?[0-9]{1,4}",
        "|W(\\+|-|−)[0-9]( |  |\\n)?\\(( )?(max|Max|min|máx\\.|Mx|maxi)( )?:?( )?(Poor|Rich|Beggar|Rihc|Poor / Rich|)( )?\\)?( |x)?",
        "|D1 \\(max Poor\\)",
        "|@[0-9]{1,10}|@x|@F:Row|@F|@F2:Rich-Man|@F:|@F::|@Fa|@F-|@F:Ñu|@F:Gr’s|@F:Row x|@well|@well-2",
        "|Wounded|wounded|Woundd|Courtly Graces|Courtly  Graces|Master Thief|D1x",
        "|(Lose|Los|Master) (Wounded|Courtly Graces|a treasure of your choice|one turn)",
        "|Wounded \\([0-9] turns?\\)|Wounded \\(|Death|Deth|Treasure",
        "|(Go to|go to|Goto) (paragraph )?[0-9]{1,4}",
        "|  | |\\n|ñ|free words|a, b",
    );

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Whatever the quick reader reads, the grammar reads the same,
        /// with the same spans and no finding.
        #[test]
        fn the_quick_reader_agrees_with_the_grammar(
            items in proptest::collection::vec(ITEMS, 1..5),
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
            if let Some(quick) = super::items(&ctx, &text, 7, crate::syntax::awards::award::try_items) {
                let mut diags = Vec::new();
                let slow = crate::syntax::awards::award::parse_with_grammar(&ctx, &text, 7, &mut diags);
                prop_assert!(diags.is_empty(), "{text}: {diags:?}");
                prop_assert_eq!(Some(quick), slow.map(|a| a.items), "{}", text);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// A city-card result (items without brackets) the quick reader
        /// reads, the grammar reads the same, with the same spans and no
        /// finding; read twice through a file's cache, the same again.
        #[test]
        fn bare_items_agree_with_the_grammar(
            items in proptest::collection::vec(ITEMS, 1..5),
            seps in proptest::collection::vec("/| / |\\n/ | /\\n", 0..5),
            lead in "( |\\n)?",
        ) {
            let b = book();
            let ctx = Context::of(&b, FileId(0));
            let mut text = lead;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    text.push_str(seps.get(i).map_or("/", String::as_str));
                }
                text.push_str(item);
            }
            if let Some(quick) = super::bare(&ctx, &text, 7, crate::syntax::awards::award::try_items) {
                let mut diags = Vec::new();
                let slow = crate::syntax::awards::award::parse_items_with_grammar(&ctx, &text, 7, &mut diags);
                prop_assert!(diags.is_empty(), "{text}: {diags:?}");
                prop_assert_eq!(&quick, &slow.items, "{}", text);
                let cache = crate::syntax::AwardCache::default();
                let cached = Context { awards: Some(&cache), ..ctx };
                for at in [7, 100] {
                    let again = super::bare(&cached, &text, at, crate::syntax::awards::award::try_items);
                    let slow = crate::syntax::awards::award::parse_items_with_grammar(&ctx, &text, at, &mut diags);
                    prop_assert_eq!(again, Some(slow.items), "{}", text);
                }
            }
        }
    }

    /// City-card results as books write them are read without the grammar.
    #[test]
    fn city_results_are_read_quickly() {
        let b = book();
        let ctx = Context::of(&b, FileId(0));
        for text in [
            "@B:Greedy",
            "W+1 (max Rich)",
            "Courtly Graces / @brass-lighthouse",
            "S1 / Wounded (1 turn)",
            "Lose Wounded",
            "@F2",
        ] {
            assert!(
                super::bare(&ctx, text, 0, crate::syntax::awards::award::try_items).is_some(),
                "{text}"
            );
        }
        for text in ["", "S1 /", "[S1]", "@B:Greedy x", "@Bx"] {
            assert!(
                super::bare(&ctx, text, 0, crate::syntax::awards::award::try_items).is_none(),
                "{text}"
            );
        }
    }

    /// An item in words read clean is kept by its text, and the next
    /// award code that holds it takes it from there, at its own place (a
    /// typed effect's names moved with it).
    #[test]
    fn items_in_words_are_read_once_a_file() {
        let b = book();
        let cache = crate::syntax::AwardCache::default();
        let ctx = Context {
            awards: Some(&cache),
            ..Context::of(&b, FileId(0))
        };
        let read = crate::syntax::awards::award::try_items;
        let first = super::items(&ctx, "[S1 / Lose Wounded]", 0, read).unwrap();
        assert_eq!(
            cache.phrase("Lose Wounded", 6),
            Some(first[1].effect.clone())
        );
        assert_eq!(
            cache.phrase("S1", 1),
            None,
            "points are read quickly anyway"
        );
        let again = super::items(&ctx, "[D2 / Lose Wounded]", 50, read).unwrap();
        assert_eq!(again[1].effect, first[1].effect);
        assert_eq!(again[1].span, crate::span::Span::new(FileId(0), 56, 68));
        super::items(&ctx, "[Lose a treasure of your choice]", 0, read).unwrap();
        assert!(cache.phrase("Lose a treasure of your choice", 1).is_some());
    }

    /// A typed effect's names carry where they are written: read from the
    /// cache at another place, they are where a first reading puts them.
    #[test]
    fn a_typed_effect_read_again_has_its_names_where_it_is_written() {
        let b = book();
        let cache = crate::syntax::AwardCache::default();
        let cached = Context {
            awards: Some(&cache),
            ..Context::of(&b, FileId(0))
        };
        let fresh = Context::of(&b, FileId(0));
        let read = crate::syntax::awards::award::try_items;
        let text = "[S1 / Lose Wounded or Courtly Graces]";
        let first = super::items(&cached, text, 0, read).unwrap();
        assert!(matches!(first[1].effect, crate::ir::Effect::Typed(_)));
        let again = super::items(&cached, "[D2 / Lose Wounded or Courtly Graces]", 70, read);
        let alone = super::items(&fresh, "[D2 / Lose Wounded or Courtly Graces]", 70, read);
        assert_eq!(again, alone);
        let mut spans = Vec::new();
        again.unwrap()[1]
            .effect
            .clone()
            .for_each_span(&mut |s| spans.push((s.start, s.end)));
        assert_eq!(spans, vec![(81, 88), (92, 106)]);
    }

    /// The shapes a generated or printed book uses most are read quickly,
    /// and their near misses are left to the grammar.
    #[test]
    fn the_common_shapes_are_read_quickly() {
        let b = book();
        let ctx = Context::of(&b, FileId(0));
        for text in [
            "[D1 / S2 / W+1 (max Rich) / Wounded]",
            "[S1 / W−2 (min Beggar)]",
            "[D2 / S1 / W+1 (Max: Rich)]",
            "[S1 / Lose Wounded]",
            "[S1 / Wounded (1 turn)]",
            "[D1 / S1 / Go to paragraph 12]",
            "[D–1]",
            "[Death]",
            // A typed effect of section 9.3, read clean.
            "[Lose a treasure of your choice]",
        ] {
            assert!(
                super::items(&ctx, text, 0, crate::syntax::awards::award::try_items).is_some(),
                "{text}"
            );
        }
        for text in [
            "[W+1 (max Rich / Wounded]",
            "[W+1 (max Rihc)]",
            "[D1 (max Rich)]",
            "[Deth]",
            "[S1, Wounded]",
            "[W+1x]",
        ] {
            assert!(
                super::items(&ctx, text, 0, crate::syntax::awards::award::try_items).is_none(),
                "{text}"
            );
        }
    }
}
