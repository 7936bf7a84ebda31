//! Section headings (FORMAT.md sections 2 and 2a): `NO SKILL:`,
//! `PERCEPTION / WISDOM:`, `WOUNDED (mandatory):`, `PIETY at Master level:`,
//! `ANY TREASURE:`, `FEMALE:`, `WEALTH: RICH or greater (mandatory):`,
//! `SEDUCTION {opposite-sex}, APPEARANCE:`, `{terrain = sea} (mandatory):`;
//! what their names resolve to; and text lines that almost are a heading
//! (what counts as "almost" is written in `lints/heading-like-line.md`).
//!
//! `scan`: a line read up to its colon; `resolve`: what a name resolves
//! to; `lower`: the labels lowered, with their diagnostics; `near`: the
//! lines that almost are a heading; `dashed`: headings set as a page sets
//! them (a dash, `;` or `.` for the colon, the note after the colon).

mod dashed;
mod lower;
mod near;
mod resolve;
mod scan;

pub(crate) use dashed::{dashed_heading, note_after_colon, separated_note};
pub(crate) use lower::{lower_labels, malformed_condition};
pub(crate) use near::{At, colonless_heading, names_nothing, near_heading, shouted};
pub(crate) use resolve::{Resolved, exact, resolve};
pub(crate) use scan::{Item, Shape, scan};

#[cfg(test)]
mod tests {
    use super::resolve::{exact, exact_uncached};
    use crate::ir::{Book, EntryKind, GlossaryEntry};
    use crate::span::{FileId, Span, Spanned};
    use crate::syntax::context::Context;
    use proptest::prelude::*;

    fn book() -> Book {
        let mut b = Book::default();
        for (id, name) in [("wisdom", "Wisdom"), ("wilderness-lore", "Wilderness Lore")] {
            let s = Span::new(FileId(0), 0, 0);
            b.glossary.push(GlossaryEntry {
                id: Spanned::new(id.into(), s),
                name: Spanned::new(name.into(), s),
                kind: EntryKind::Skill,
                encounters: None,
                sell: None,
                toggle: false,
                flips_gender: false,
                text: None,
                rules: Vec::new(),
            });
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Heading names resolved through a file's cache, in any order and
        /// repeated, resolve as each does alone.
        #[test]
        fn cached_headings_resolve_as_uncached(
            names in proptest::collection::vec(
                "WISDOM|Wisdom|\\*\\*WISDOM\\*\\*|WILDERNESS LORE|WILDERNESS  LORE|WILDERNES LORE|NO SKILL|No  Skill|ANY TREASURE|FEMALE|MALE|ANY [0-9]{1,3} SKILLS|ANY X SKILLS|WISDOM |Ñ|",
                1..12,
            ),
        ) {
            let b = book();
            let cache = crate::syntax::AwardCache::default();
            let plain = Context::of(&b, FileId(0));
            let cached = Context { awards: Some(&cache), ..plain };
            for name in names.iter().chain(names.iter()) {
                prop_assert_eq!(exact(&cached, name), exact_uncached(&plain, name), "{}", name);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The quick reject of a line without a `:` gives the full scan's
        /// answer on any line, headings and near-headings included, read
        /// strictly or not, inside a longer text.
        #[test]
        fn the_quick_reject_answers_as_the_full_scan(
            before in "[a-z\n ]{0,3}",
            pieces in proptest::collection::vec(
                "WISDOM|Wisdom|WEALTH|RICH|or greater|or more|at Master level|at Mastr level|NO SKILL|A|I|the|2-7|\\*\\*| |, |/|:|\\{|\\}|\\(mandatory\\)|\\(|\\)|\\[mandatory\\]|\\[if male\\]|\\[|\\]|é|’|\\.|[a-zA-Z:]{1,3}",
                0..10,
            ),
            after in "[a-z\n :]{0,3}",
        ) {
            let b = book();
            let ctx = Context::of(&b, FileId(0));
            let line = pieces.concat();
            let text = format!("{before}{line}{after}");
            let (start, end) = (before.len(), before.len() + line.len());
            for strict in [true, false] {
                let quick = super::scan(&ctx, &text, start, end, strict);
                let full = super::scan::scan_full(&ctx, &text, start, end, strict);
                prop_assert_eq!(format!("{quick:?}"), format!("{full:?}"), "{:?}", line);
            }
        }
    }

    /// A line of prose without a colon is no heading, and a heading still is.
    #[test]
    fn a_line_without_a_colon_is_no_heading() {
        let b = book();
        let ctx = Context::of(&b, FileId(0));
        let prose = "WISDOM (mandatory) and more";
        assert!(super::scan(&ctx, prose, 0, prose.len(), true).is_none());
        let heading = "WISDOM (mandatory): you see";
        let s = super::scan(&ctx, heading, 0, heading.len(), true).expect("a heading");
        assert_eq!(s.colon, heading.find(':').unwrap());
    }

    /// After the sections began, a Title Case label naming nothing is a
    /// heading-like line (`Sea Lore: You ride ...`), but a `Note:` whose
    /// text starts no sentence and a speaker's quotation are prose, no
    /// finding (the seventh blind trial).
    #[test]
    fn a_note_or_a_speaker_after_the_sections_is_prose() {
        let b = book();
        let ctx = Context::of(&b, FileId(0));
        let at = super::At {
            fresh: true,
            after_sections: true,
            label: false,
        };
        let near = |line: &str| super::near_heading(&ctx, line, (0, line.len()), at).is_some();
        assert!(near("Sea Lore: You ride the edge of the storm."));
        assert!(!near("Note: the camel is blind in one eye."));
        assert!(!near("Old Yusuf: \"Never trust a camel that smiles.\""));
        assert!(!near("Hassan: — Never, he says."));
        // Issue #23: a speaker's cry or question without its quotation
        // marks is prose too.
        assert!(!near("Hassan: You fool, you have ruined us!"));
        assert!(!near("Hassan: Will you betray us? he asks."));
        assert!(!near("Hassan: ¡Necio, nos has arruinado!"));
        assert!(near("Sea Lore: You ride the storm. Nothing stops you!"));
    }

    /// The text after a label's colon shouts when its first two words are
    /// capitals (an inscription: `BEWARE, TRAVELLER: THE SAND ...`), and not
    /// when it is a sentence, one word, or fewer than three letters (the
    /// ninth blind trial).
    #[test]
    fn a_shout_is_two_words_in_capitals_after_the_colon() {
        let shouted = |rest: &str| super::shouted(rest, 0, rest.len());
        assert!(shouted(" THE SAND REMEMBERS EVERY FOOTSTEP."));
        assert!(shouted(" \"HE PAID HIS DEBTS.\""));
        assert!(shouted(" ¡NO PASARÁS, EXTRANJERO!"));
        assert!(!shouted(" The sand remembers."));
        assert!(!shouted(" THE sand remembers."));
        assert!(!shouted(" I A"));
        assert!(!shouted(" THE"));
        assert!(!shouted(" 12 34"));
        assert!(!shouted(""));
    }

    /// A name resolved once in a file is not resolved again.
    #[test]
    fn a_heading_name_is_resolved_once_a_file() {
        let b = book();
        let cache = crate::syntax::AwardCache::default();
        let ctx = Context {
            awards: Some(&cache),
            ..Context::of(&b, FileId(0))
        };
        let first = exact(&ctx, "WILDERNESS LORE");
        assert!(first.is_some());
        let again = cache.heading("WILDERNESS LORE", || panic!("read again"));
        assert_eq!(again, first);
        assert_eq!(exact(&ctx, "WISDUM"), None);
        assert_eq!(cache.heading("WISDUM", || panic!("read again")), None);
    }
}
