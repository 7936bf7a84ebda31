//! `l10n.lock`: a short hash of each source paragraph, recorded by
//! `tales l10n --stamp`, so later runs can tell which paragraphs changed in
//! the source after they were translated. The format is text, one
//! `NUMBER HASH` a line, sorted, so it diffs well in review.

use std::collections::HashMap;
use std::fmt::Write as _;

/// The lock file's name, in the translation's folder.
pub const FILE: &str = "l10n.lock";

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
pub fn parse(text: &str) -> HashMap<u32, String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let n = parts.next()?.parse().ok()?;
            let h = parts.next()?;
            Some((n, h.to_owned()))
        })
        .collect()
}

/// Format a lock file from `(number, hash)` pairs.
pub fn format(entries: &[(u32, String)]) -> String {
    let mut sorted = entries.to_vec();
    sorted.sort();
    let mut out = String::from(
        "# tales l10n lock: the hash of each source paragraph when it was translated.\n# Written by `tales l10n SOURCE TRANSLATION --stamp`; commit it with the translation.\n",
    );
    for (n, h) in sorted {
        let _ = writeln!(out, "{n} {h}");
    }
    out
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
        let entries = vec![(20, hash("b")), (3, hash("a"))];
        let parsed = parse(&format(&entries));
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[&3], hash("a"));
    }
}
