//! The words of a translation: text copied from the source, numbers in the
//! prose, and the counts for the progress summary.

use super::Compare;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Node, Paragraph};

impl Compare<'_> {
    /// A block whose text is the source's, word for word.
    pub(super) fn untranslated(&self, out: &mut Diagnostics, a: &Node, b: &Node) {
        let (Some(sa), Some(sb)) = (a.span, b.span) else {
            return;
        };
        let (x, y) = (self.s_text(sa), self.t_text(sb));
        // Translated text differs at once, at its first word with a letter
        // (a branch's `>` is the same in every language); text of award codes
        // and references alone has no words to translate.
        let first = |text| prose_words(text).find(|w| w.chars().any(char::is_alphabetic));
        match (first(x), first(y)) {
            (Some(p), Some(q)) if p == q => {}
            _ => return,
        }
        let (x, y): (Vec<&str>, Vec<&str>) = (prose_words(x).collect(), prose_words(y).collect());
        if x != y
            || x.iter()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count()
                <= 3
        {
            return;
        }
        out.push(
            Diagnostic::new(
                "l10n-untranslated",
                sb,
                "this text is the source's, untranslated",
            )
            .label("same words as the source")
            .with_secondary(self.src(sa), "the source's text")
            .with_help("translate it; names and numbers alone may stay as they are"),
        );
    }

    /// Numbers in the prose (die bands written out, counts), not in award
    /// codes, references or roll specs.
    pub(super) fn numbers(
        &self,
        out: &mut Diagnostics,
        sp: &Paragraph,
        tp: &Paragraph,
        mut x: Vec<&str>,
        mut y: Vec<&str>,
    ) {
        x.sort_unstable();
        y.sort_unstable();
        if x != y && !spelled_alike(&x, &y, (self.s, sp), (self.t, tp)) {
            // At the first number the translation has and the source has
            // not (a number changed in dialogue is found on its line), and
            // the source's own; a paragraph's header when a side has none.
            // A number the source has, written once more, is told as such.
            let (at, label) = match first_only(self.t_text(tp.span), tp.span, &y, &x) {
                Some((at, n)) if x.contains(&n) => (at, format!("the source has fewer `{n}`")),
                Some((at, _)) => (at, "not the source's number".to_owned()),
                None => (tp.header, "other numbers".to_owned()),
            };
            let source =
                first_only(self.s_text(sp.span), sp.span, &x, &y).map_or(sp.header, |(at, _)| at);
            let d = Diagnostic::new(
                "l10n-number-mismatch",
                at,
                format!(
                    "numbers in the text differ: the source has {}, the translation {}",
                    list_or_none(&x),
                    list_or_none(&y)
                ),
            )
            .label(label)
            .with_secondary(self.src(source), "the source")
            .with_help("die bands and counts written in the prose keep the source's numbers");
            out.push(d);
        }
    }
}

/// Where, in a paragraph's `text` (at `span`), the first of the numbers
/// `a` has and `b` has not stands (both sorted; each a slice of `text`),
/// and that number (`b` may have it fewer times).
fn first_only<'t>(
    text: &str,
    span: crate::span::Span,
    a: &[&'t str],
    b: &[&str],
) -> Option<(crate::span::Span, &'t str)> {
    let mut only = Vec::new();
    let mut rest = b.iter().peekable();
    for n in a {
        while rest.next_if(|m| **m < *n).is_some() {}
        if rest.next_if(|m| *m == n).is_none() {
            only.push(*n);
        }
    }
    let base = text.as_ptr() as usize;
    let off = only
        .iter()
        .filter_map(|n| (n.as_ptr() as usize).checked_sub(base))
        .filter(|&o| o < text.len())
        .min()?;
    let n = only.iter().find(|n| n.as_ptr() as usize == base + off)?;
    let start = span.start as usize + off;
    Some((crate::span::Span::new(span.file, start, start + n.len()), n))
}

/// The value of a number word of a locale: its `numbers` (one to six) and
/// `numbers-beyond` (zero, seven to twelve: `Doce camellos` for `12
/// camels`), but one where the locale's word for it is an article (es
/// `una` is an article as often as a number).
fn number_word(effects: &crate::effect_words::EffectWords, word: &str) -> Option<usize> {
    let eq = |n: &String| crate::text::eq_ci(n, word);
    if let Some(i) = effects.numbers.iter().position(eq) {
        let article = effects.articles.iter().any(|a| crate::text::eq_ci(a, word));
        return (i >= 1 || !article).then_some(i + 1);
    }
    // `numbers-beyond` is zero, then seven and on.
    let i = effects.numbers_beyond.iter().position(eq)?;
    Some(if i == 0 { 0 } else { i + 6 })
}

/// The numbers of two paragraphs' prose that differ are each written as a
/// word on the other side (`Roll two dice` for `Tira 2 dados`, `Doce
/// camellos` for `12 camels`): the locale's number words zero to twelve
/// ([`number_word`]; en `one`: `Roll one die` for `Tira 1 dado`).
fn spelled_alike(
    x: &[&str],
    y: &[&str],
    (sb, sp): (&crate::ir::Book, &Paragraph),
    (tb, tp): (&crate::ir::Book, &Paragraph),
) -> bool {
    let spelled = |book: &crate::ir::Book, p: &Paragraph| -> Vec<String> {
        let effects = &book.manifest.locale.effects;
        prose_words(body(book.sources.slice(p.span)))
            .filter_map(|w| {
                let w = w.trim_matches(|c: char| !c.is_alphanumeric());
                number_word(effects, w).map(|n| n.to_string())
            })
            .collect()
    };
    // Each number on one side only, matched by a word on the other: counts
    // of each number, so a paragraph of many numbers stays linear.
    let counts = |v: &mut dyn Iterator<Item = String>| {
        let mut m: std::collections::HashMap<String, isize> = std::collections::HashMap::new();
        for n in v {
            *m.entry(n).or_default() += 1;
        }
        m
    };
    let only = |a: &[&str], b: &[&str]| -> std::collections::HashMap<String, isize> {
        let mut m = counts(&mut a.iter().map(|n| (*n).to_owned()));
        for n in b {
            if let Some(c) = m.get_mut(*n) {
                *c -= 1;
            }
        }
        m.retain(|_, c| *c > 0);
        m
    };
    let covered = |missing: std::collections::HashMap<String, isize>, words: Vec<String>| {
        let have = counts(&mut words.into_iter());
        missing
            .iter()
            .all(|(n, c)| have.get(n).is_some_and(|h| h >= c))
    };
    covered(only(x, y), spelled(tb, tp)) && covered(only(y, x), spelled(sb, sp))
}

/// A paragraph's text without its header line.
pub(super) fn body(text: &str) -> &str {
    text.split_once('\n').map_or("", |(_, rest)| rest)
}

/// The words of some text outside `[...]` award codes and `{...}` roll
/// specs, references left out, one at a time (the first is often enough to tell a translation).
fn prose_words(text: &str) -> impl Iterator<Item = &str> {
    let mut chars = text.char_indices();
    let mut depth = 0usize;
    std::iter::from_fn(move || {
        let mut start = None;
        loop {
            let Some((i, c)) = chars.next() else {
                return start.filter(|_| depth == 0).map(|s| &text[s..]);
            };
            let boundary = c.is_whitespace() || matches!(c, '[' | ']' | '{' | '}');
            let word = if boundary {
                start.take().filter(|_| depth == 0).map(|s| &text[s..i])
            } else {
                None
            };
            match c {
                '[' | '{' => depth += 1,
                ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if !boundary && start.is_none() {
                start = Some(i);
            }
            if word.is_some() {
                return word;
            }
        }
    })
    .filter(|w| !w.contains('@'))
}

/// Space, letter (ASCII or any byte of a non-ASCII character) and special
/// (digits, brackets and `@`: the bytes numbers and references turn on)
/// masks of 64 bytes. Sixteen bytes at a time and only comparisons, so the
/// compiler makes vector instructions of them.
fn masks(block: &[u8; 64]) -> (u64, u64, u64) {
    let (mut space, mut letter, mut special) = (0u64, 0u64, 0u64);
    for (k, chunk) in block.chunks_exact(16).enumerate() {
        let (mut s, mut l, mut p) = (0u16, 0u16, 0u16);
        for (i, &b) in chunk.iter().enumerate() {
            let is_space = matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c);
            let is_letter = (b | 0x20).wrapping_sub(b'a') < 26 || b >= 0x80;
            // `b | 0x20` folds `[` onto `{` and `]` onto `}`.
            let is_special =
                b.wrapping_sub(b'0') < 10 || matches!(b | 0x20, b'{' | b'}') || b == b'@';
            s |= u16::from(is_space) << i;
            l |= u16::from(is_letter) << i;
            p |= u16::from(is_special) << i;
        }
        space |= u64::from(s) << (16 * k);
        letter |= u64::from(l) << (16 * k);
        special |= u64::from(p) << (16 * k);
    }
    (space, letter, special)
}

fn is_ref_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b':' || b == b'-'
}

/// Bits `from..to` (clamped to 0..64).
fn bits(from: usize, to: usize) -> u64 {
    let (from, to) = (from.min(64), to.min(64));
    if from >= to {
        return 0;
    }
    let high = if to == 64 { u64::MAX } else { (1u64 << to) - 1 };
    high & !((1u64 << from) - 1)
}

/// One pass over some prose: how many words (runs of non-space with a
/// letter, any non-ASCII character counted as one), and the runs of digits
/// outside `[...]`, `{...}` and `@` references.
///
/// This reads both books' whole text, so it works 64 bytes at a time: each
/// block becomes bit masks (space, letter, special), the few special bytes
/// (digits, brackets, `@`) are visited one by one, and words are counted
/// with bit arithmetic: a word is counted at its first letter, which is
/// either where its run starts or right after the punctuation it starts
/// with (adding a run's lowest bit to it carries to the bit after it). The
/// byte-at-a-time definition is in the tests, which check the two agree.
pub(super) fn prose_stats(text: &str) -> (usize, Vec<&str>) {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut specials = Specials {
        text,
        depth: 0,
        skip: 0,
        numbers: Vec::new(),
    };
    let mut words = 0usize;
    // The previous block ended inside a run of non-space, with a letter or not.
    let (mut in_run, mut lettered) = (false, false);
    let mut base = 0;
    while base < n {
        let block = &bytes[base..n.min(base + 64)];
        let (space, mut letter, special) = if let Ok(full) = <&[u8; 64]>::try_from(block) {
            masks(full)
        } else {
            // The last block: past the end of the text, spaces.
            let mut padded = [b' '; 64];
            padded[..block.len()].copy_from_slice(block);
            masks(&padded)
        };
        // References and numbers, at the special bytes only.
        let skipped = specials.visit(base, special);
        // A reference's letters make no word.
        letter &= !skipped;
        let run = !space;
        let punct = run & !letter;
        let starts = run & !((run << 1) | u64::from(in_run));
        // Where a run may still find its first letter: its start, or the
        // start of the block when a run without a letter goes on.
        let open = starts | u64::from(in_run && !lettered) & run;
        let after_punct = punct.wrapping_add(open & punct) & !punct;
        words += ((open | after_punct) & letter).count_ones() as usize;
        // The run at the block's end, if any.
        in_run = run >> 63 == 1;
        if in_run {
            lettered = if space == 0 {
                lettered || letter != 0
            } else {
                let last_space = space.ilog2();
                letter >> last_space != 0
            };
        }
        base += 64;
    }
    (words, specials.numbers)
}

/// What reading the special bytes carries from block to block.
struct Specials<'t> {
    text: &'t str,
    /// How deep in `[...]` and `{...}`.
    depth: usize,
    /// Bytes before `skip` belong to a reference or a number already read.
    skip: usize,
    /// The runs of digits outside brackets and references.
    numbers: Vec<&'t str>,
}

impl Specials<'_> {
    /// The special bytes (digits, brackets, `@`) of the block at `base`
    /// visited one by one: the block's bits of references (and of what was
    /// read before it).
    fn visit(&mut self, base: usize, special: u64) -> u64 {
        let bytes = self.text.as_bytes();
        let n = bytes.len();
        let mut skipped = bits(0, self.skip.saturating_sub(base));
        let mut rest = special & !skipped;
        while rest != 0 {
            let i = base + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if i < self.skip {
                continue;
            }
            match bytes[i] {
                b'[' | b'{' => self.depth += 1,
                b']' | b'}' => self.depth = self.depth.saturating_sub(1),
                b'@' => {
                    let mut end = i + 1;
                    while end < n && is_ref_byte(bytes[end]) {
                        end += 1;
                    }
                    skipped |= bits(i + 1 - base, end - base);
                    self.skip = end;
                }
                _ if self.depth == 0 => {
                    if let Some(colon) = band_label(bytes, i) {
                        // Its digits are no numbers (its bytes count for
                        // words as any others).
                        self.skip = colon;
                        continue;
                    }
                    let mut end = i + 1;
                    while end < n && bytes[end].is_ascii_digit() {
                        end += 1;
                    }
                    self.numbers.push(&self.text[i..end]);
                    self.skip = end;
                }
                _ => {}
            }
        }
        skipped
    }
}

/// A die band's label (`> 2–7:`, `>> ❖ 8+:`) starting at the digit at `i`:
/// where its `:` is. Bands are markup, compared as such, never as numbers
/// in the prose.
fn band_label(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    let mut marks = false;
    while j > 0 {
        match bytes[j - 1] {
            b'>' => marks = true,
            b' ' | b'\t' => {}
            // `❖` is E2 9D 96.
            0x96 if j >= 3 && bytes[j - 3..j] == [0xE2, 0x9D, 0x96] => j -= 2,
            b'\n' => break,
            _ => return None,
        }
        j -= 1;
    }
    if !marks {
        return None;
    }
    let line_end = bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| i + p);
    let colon = i + bytes[i..line_end].iter().position(|&b| b == b':')?;
    // Digits, spaces, `+`, `-` and dashes only.
    let label = std::str::from_utf8(&bytes[i..colon]).ok()?;
    label
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '\t' | '+' | '-' | '–' | '—' | '−'))
        .then_some(colon)
}

fn list_or_none(v: &[&str]) -> String {
    if v.is_empty() {
        "none".to_owned()
    } else {
        v.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, a byte at a time: [`prose_stats`] must agree.
    /// One pass over some prose: how many words (runs of non-space with a
    /// letter, any non-ASCII character counted as one), and the runs of digits
    /// outside `[...]`, `{...}` and `@` references.
    fn reference(text: &str) -> (usize, Vec<&str>) {
        let bytes = text.as_bytes();
        let (mut words, mut numbers) = (0, Vec::new());
        let (mut depth, mut in_word, mut lettered) = (0usize, false, false);
        let mut band_end = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_whitespace() {
                if in_word && lettered {
                    words += 1;
                }
                (in_word, lettered) = (false, false);
                i += 1;
                continue;
            }
            in_word = true;
            lettered |= b.is_ascii_alphabetic() || b >= 0x80;
            match b {
                b'[' | b'{' => depth += 1,
                b']' | b'}' => depth = depth.saturating_sub(1),
                b'@' => {
                    i += 1;
                    while i < bytes.len()
                        && (bytes[i].is_ascii_alphanumeric()
                            || bytes[i] == b':'
                            || bytes[i] == b'-')
                    {
                        i += 1;
                    }
                    continue;
                }
                b'0'..=b'9' if depth == 0 && i >= band_end => {
                    if let Some(colon) = band_label(bytes, i) {
                        band_end = colon;
                        i += 1;
                        continue;
                    }
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    numbers.push(&text[start..i]);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        if in_word && lettered {
            words += 1;
        }
        (words, numbers)
    }

    #[test]
    fn prose_words_leave_out_codes_and_references() {
        let words: Vec<&str> =
            prose_words("Talk to @812 the [D2 / S1] vizier,[W+1]again @A:Lost").collect();
        assert_eq!(words, ["Talk", "to", "the", "vizier,", "again"]);
        assert_eq!(prose_words("[D2 / S1] @812").next(), None);
        assert_eq!(prose_words("{2d6 + luck - wounded}").next(), None);
    }

    proptest! {
        /// Long enough to cross blocks; digits, brackets, references and
        /// non-ASCII letters everywhere.
        #[test]
        fn agrees_with_the_definition(text in "([a-zA-Z0-9é—–❖>+@:\\[\\]{}\\- ,.=\n\t]{0,12}){0,40}") {
            prop_assert_eq!(prose_stats(&text), reference(&text));
        }

        #[test]
        fn agrees_on_any_text(text in "\\PC{0,200}") {
            prop_assert_eq!(prose_stats(&text), reference(&text));
        }
    }

    #[test]
    fn die_bands_are_markup_not_numbers() {
        let text =
            "Roll two dice:\n> 1–6: You fall. [S1]\n>> ❖ 7+: She waves 3 times.\n> 10-12 guards";
        let (_, numbers) = prose_stats(text);
        assert_eq!(numbers, ["3", "10", "12"]);
        assert_eq!(prose_stats(text), reference(text));
    }

    #[test]
    fn words_and_numbers_of_a_paragraph() {
        let text = "Roll: 1-2 = Scorned, 3 = the vizier. See @812 and @A:Lost [D2 / S1] {Wits} — ¡sí! 40 coins";
        let (words, numbers) = prose_stats(text);
        // Numbers outside award codes, roll specs and references.
        assert_eq!(numbers, ["1", "2", "3", "40"]);
        // Roll: Scorned, the vizier. See and [D2 S1] {Wits} — ¡sí! coins:
        // a run of digits and signs is no word, nor is a reference.
        assert_eq!(words, 12);
    }
}
