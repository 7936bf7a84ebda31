//! `l10n.lock`: each source paragraph as it was when its translation was
//! stamped (`tales l10n SOURCE TRANSLATION --stamp`): a short hash, so later
//! runs can tell which paragraphs changed in the source since, and its
//! words, so `l10n-stale` can show what changed as a word diff (the role of
//! gettext's `#| previous msgid`).
//!
//! The words are kept in the lock rather than read from git history: a
//! translation is often in another repository than its source, CI clones
//! are shallow, and a book need not be in git at all. The cost is the
//! source's words once more, white space folded. The format is text, one
//! `NUMBER HASH WORDS...` a line, sorted, so it diffs well in review; a
//! line without words (an older lock) still tells staleness.

use std::collections::HashMap;
use std::fmt::Write as _;

/// The lock file's name, in the translation's folder.
pub const FILE: &str = "l10n.lock";

/// One stamped source paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub hash: String,
    /// Its words when stamped, white space folded (empty in an older lock).
    pub words: String,
}

impl Entry {
    pub fn of(text: &str) -> Entry {
        Entry {
            hash: hash(text),
            words: text.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

/// A short, stable hash of a paragraph's text (white space folded, so
/// re-wrapping a paragraph does not make it stale): 48 bits of FNV-1a, as
/// 12 hex digits.
pub fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut first = true;
    for word in text.split_whitespace() {
        if !first {
            h = (h ^ u64::from(b' ')).wrapping_mul(0x0100_0000_01b3);
        }
        first = false;
        for b in word.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:012x}", h & 0xffff_ffff_ffff)
}

/// Parse a lock file; lines that do not parse are skipped.
pub fn parse(text: &str) -> HashMap<u32, Entry> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.trim_start().splitn(3, ' ');
            let n = parts.next()?.parse().ok()?;
            let hash = parts.next()?.trim().to_owned();
            let words = parts.next().unwrap_or("").trim().to_owned();
            Some((n, Entry { hash, words }))
        })
        .collect()
}

/// Format a lock file.
pub fn format<S: std::hash::BuildHasher>(entries: &HashMap<u32, Entry, S>) -> String {
    let mut sorted: Vec<(&u32, &Entry)> = entries.iter().collect();
    sorted.sort_by_key(|(n, _)| **n);
    let mut out = String::from(
        "# tales l10n lock: each source paragraph (a hash and its words) when its translation was stamped.\n# Written by `tales l10n SOURCE TRANSLATION --stamp`; commit it with the translation.\n",
    );
    for (n, e) in sorted {
        if e.words.is_empty() {
            let _ = writeln!(out, "{n} {}", e.hash);
        } else {
            let _ = writeln!(out, "{n} {} {}", e.hash, e.words);
        }
    }
    out
}

/// What changed between two texts, word by word: `[-old-]{+new+}` (a run
/// of changed words in one mark) with three words of context around each
/// change, `…` between changes, at most about `limit` bytes.
pub fn word_diff(old: &str, new: &str, limit: usize) -> String {
    use similar::{ChangeTag, TextDiff};
    let (a, b): (Vec<&str>, Vec<&str>) = (
        old.split_whitespace().collect(),
        new.split_whitespace().collect(),
    );
    let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suf = (a[pre..].iter().rev())
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    if let Some(coarse) = coarse_diff(&a, &b, (pre, suf), limit) {
        return coarse;
    }
    // The words that changed and six of context at either side, which is
    // as many as a group shows: the diff's cost is in what changed.
    let window = |w: &[&str]| w[pre.saturating_sub(6)..w.len() - suf + suf.min(6)].join(" ");
    let (old, new) = (window(&a), window(&b));
    let diff = TextDiff::from_words(old.as_str(), new.as_str());
    let mut groups = Vec::new();
    for group in diff.grouped_ops(6) {
        // Words of the group with their tag, spaces dropped.
        let words: Vec<(ChangeTag, &str)> = group
            .iter()
            .flat_map(|op| diff.iter_changes(op))
            .map(|c| (c.tag(), c.value()))
            .filter(|(_, v)| !v.trim().is_empty())
            .collect();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (tag, _) = words[i];
            if tag == ChangeTag::Equal {
                out.push(words[i].1.to_owned());
                i += 1;
                continue;
            }
            // A run of changes: the deleted words, then the inserted ones.
            let mut j = i;
            while j < words.len() && words[j].0 != ChangeTag::Equal {
                j += 1;
            }
            let run = |want: ChangeTag| {
                words[i..j]
                    .iter()
                    .filter(|(t, _)| *t == want)
                    .map(|(_, v)| *v)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let (gone, came) = (run(ChangeTag::Delete), run(ChangeTag::Insert));
            let mut mark = String::new();
            if !gone.is_empty() {
                let _ = write!(mark, "[-{gone}-]");
            }
            if !came.is_empty() {
                let _ = write!(mark, "{{+{came}+}}");
            }
            out.push(mark);
            i = j;
        }
        groups.push(out.join(" "));
        if groups.iter().map(String::len).sum::<usize>() > limit {
            groups.push(String::new());
            break;
        }
    }
    groups.join(" … ").trim_end_matches(" … ").to_owned()
        + if groups.last().is_some_and(String::is_empty) {
            " …"
        } else {
            ""
        }
}

/// Past this many changed words (the two texts' common start and end
/// aside), the change is shown as one: a word diff costs the words times
/// the changes (two paragraphs of 20,000 other words took two minutes),
/// and no more than `limit` bytes of it would be shown.
const DIFF_WORDS: usize = 2_000;

/// The change of texts that differ in more than [`DIFF_WORDS`] words
/// (`pre` and `suf` words alike at their start and end), as one mark with
/// three words of context at either side, each side cut to half of
/// `limit`; `None` for a smaller change.
fn coarse_diff(a: &[&str], b: &[&str], (pre, suf): (usize, usize), limit: usize) -> Option<String> {
    let (gone, came) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    if gone.len() + came.len() <= DIFF_WORDS {
        return None;
    }
    let cut = |words: &[&str]| {
        let text = words.join(" ");
        let max = (limit / 2).max(16);
        crate::text::shorten(&text, max).into_owned()
    };
    let mut parts = vec![a[pre.saturating_sub(3)..pre].join(" ")];
    if !gone.is_empty() {
        parts.push(format!("[-{}-]", cut(gone)));
    }
    if !came.is_empty() {
        parts.push(format!("{{+{}+}}", cut(came)));
    }
    parts.push(a[a.len() - suf..][..suf.min(3)].join(" "));
    parts.retain(|p| !p.is_empty());
    Some(parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrapping_does_not_change_the_hash_but_words_do() {
        assert_eq!(hash("a b\nc"), hash("a  b c"));
        assert_ne!(hash("a b c"), hash("a b d"));
        assert_eq!(hash("x").len(), 12);
    }

    #[test]
    fn lock_files_round_trip() {
        let entries: HashMap<u32, Entry> = [(20, Entry::of("b  c\nd")), (3, Entry::of("a"))]
            .into_iter()
            .collect();
        let parsed = parse(&format(&entries));
        assert_eq!(parsed, entries);
        assert_eq!(parsed[&20].words, "b c d");
        // An older lock, hashes only, still reads.
        let old = parse("3 0123456789ab\n");
        assert_eq!(old[&3].hash, "0123456789ab");
        assert!(old[&3].words.is_empty());
    }

    #[test]
    fn a_change_of_thousands_of_words_is_one_mark_cut_short() {
        let old: Vec<String> = (0..3_000).map(|i| format!("v{i}")).collect();
        let new: Vec<String> = (0..3_000).map(|i| format!("w{i}")).collect();
        let d = word_diff(
            &format!("a b c d {} e f g h", old.join(" ")),
            &format!("a b c d {} e f g h", new.join(" ")),
            100,
        );
        assert!(d.starts_with("b c d [-v0 v1 v2"), "{d}");
        assert!(d.contains("…-] {+w0 w1"), "{d}");
        assert!(d.ends_with("…+} e f g"), "{d}");
        assert!(d.len() < 140, "{d}");
    }

    #[test]
    fn a_word_diff_marks_what_changed_with_some_context() {
        let d = word_diff(
            "The lion eats your bread and walks away. [S1]",
            "The lion eats your bread, sniffs your hand and walks away. [S2]",
            300,
        );
        assert_eq!(
            d,
            "lion eats your [-bread-]{+bread, sniffs your hand+} and walks away. [-[S1]-]{+[S2]+}"
        );
    }
}
