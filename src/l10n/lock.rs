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

use crate::diagnostic::Diagnostic;
use crate::span::{FileId, Span};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

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

/// Parse a lock file's entries (see [`read`] for the lines that do not
/// read).
pub fn parse(text: &str) -> HashMap<u32, Entry> {
    read(text).0
}

/// What of a lock file did not read: a run of lines (1-based, first and
/// last) or a merge conflict left in it, with its byte range and the
/// paragraphs its sides stamp differently (not checked for staleness).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    Lines {
        range: Range<usize>,
        lines: (usize, usize),
    },
    Conflict {
        range: Range<usize>,
        lines: (usize, usize),
        doubtful: Vec<u32>,
    },
}

/// Read a lock file: its entries, and what did not read. A line is
/// `NUMBER HASH WORDS...` (the words may be missing: an older lock), a
/// comment (`#`) or blank. A paragraph given twice keeps its last line.
/// In a merge conflict, a paragraph its sides stamp alike is kept, one
/// they stamp differently is left out (which side is right is not known),
/// and the conflict is one [`Unread`].
pub fn read(text: &str) -> (HashMap<u32, Entry>, Vec<Unread>) {
    let mut r = Reader::default();
    let mut start = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        r.line(start..start + raw.len(), i + 1, raw.trim());
        start += raw.len();
    }
    if let Some((from, first)) = r.conflict {
        let last = text.lines().count().max(first);
        r.end_conflict(from..text.len(), (first, last));
    }
    (r.entries, r.unread)
}

#[derive(Default)]
struct Reader {
    entries: HashMap<u32, Entry>,
    unread: Vec<Unread>,
    /// Where the conflict being read started (byte, line), and its lines.
    conflict: Option<(usize, usize)>,
    sides: Vec<(u32, Entry)>,
}

impl Reader {
    fn line(&mut self, range: Range<usize>, line: usize, l: &str) {
        if l.starts_with("<<<<<<<") {
            self.conflict.get_or_insert((range.start, line));
        } else if let Some((from, first)) = self.conflict.filter(|_| l.starts_with(">>>>>>>")) {
            self.end_conflict(from..range.end, (first, line));
        } else if l.is_empty() || l.starts_with('#') || (self.conflict.is_some() && is_marker(l)) {
        } else if let Some((n, e)) = entry(l) {
            if self.conflict.is_some() {
                self.sides.push((n, e));
            } else {
                self.entries.insert(n, e);
            }
        } else if let Some(Unread::Lines { range: r, lines }) = (self.unread.last_mut())
            .filter(|u| matches!(u, Unread::Lines { lines, .. } if lines.1 + 1 == line))
        {
            (r.end, lines.1) = (range.end, line);
        } else {
            let lines = (line, line);
            self.unread.push(Unread::Lines { range, lines });
        }
    }

    fn end_conflict(&mut self, range: Range<usize>, lines: (usize, usize)) {
        let sides = std::mem::take(&mut self.sides);
        let mut first: HashMap<u32, &str> = HashMap::new();
        let mut doubtful: Vec<u32> = Vec::new();
        for (n, e) in &sides {
            if *first.entry(*n).or_insert(&e.hash) != e.hash {
                doubtful.push(*n);
            }
        }
        doubtful.sort_unstable();
        doubtful.dedup();
        for (n, e) in sides {
            if doubtful.binary_search(&n).is_err() {
                self.entries.insert(n, e);
            } else {
                self.entries.remove(&n);
            }
        }
        self.conflict = None;
        self.unread.push(Unread::Conflict {
            range,
            lines,
            doubtful,
        });
    }
}

fn is_marker(l: &str) -> bool {
    l.starts_with("=======") || l.starts_with("|||||||")
}

/// One line's entry: a paragraph number, a hash of hex digits, its words.
fn entry(l: &str) -> Option<(u32, Entry)> {
    let mut parts = l.splitn(3, ' ');
    let number = parts.next()?;
    let hash = parts.next()?.trim();
    let hex = !hash.is_empty() && hash.len() <= 16 && hash.bytes().all(|b| b.is_ascii_hexdigit());
    if !number.bytes().all(|b| b.is_ascii_digit()) || !hex {
        return None;
    }
    let words = parts.next().unwrap_or("").trim().to_owned();
    let hash = hash.to_owned();
    Some((number.parse().ok()?, Entry { hash, words }))
}

/// A translation's lock file as read.
#[derive(Debug, Default)]
pub struct Lock {
    pub entries: HashMap<u32, Entry>,
    pub path: PathBuf,
    /// Its text (empty when it could not be read).
    pub text: Arc<str>,
    pub unread: Vec<Unread>,
    /// Why it could not be read at all.
    pub error: Option<String>,
}

impl Lock {
    /// The lock file at `path`, as `text` (else why it could not be read).
    pub fn of(path: PathBuf, text: Result<Arc<str>, String>) -> Lock {
        match text {
            Ok(text) => {
                let (entries, unread) = read(&text);
                Lock {
                    entries,
                    path,
                    text,
                    unread,
                    error: None,
                }
            }
            Err(e) => Lock {
                path,
                error: Some(e),
                ..Lock::default()
            },
        }
    }

    /// Whether all of it was read.
    pub fn is_clean(&self) -> bool {
        self.unread.is_empty() && self.error.is_none()
    }

    /// The findings of what did not read, the file being `file` in the
    /// translation's source map.
    pub fn findings(&self, file: FileId) -> Vec<Diagnostic> {
        let mut out = findings(&self.text, &self.unread, file);
        if let Some(e) = &self.error {
            out.push(
                Diagnostic::new(CODE, Span::file_start(file), format!("{FILE} is not read: {e}"))
                    .with_help("the lock is written by `tales l10n SOURCE TRANSLATION --stamp`: delete it and stamp again the paragraphs whose translation is up to date; until then no paragraph's staleness is checked"),
            );
        }
        out
    }
}

/// The findings of what did not read in a lock file (`text`, read as
/// `file` in the translation's source map).
fn findings(text: &str, unread: &[Unread], file: FileId) -> Vec<Diagnostic> {
    let stamp = "`tales l10n SOURCE TRANSLATION --stamp`";
    unread
        .iter()
        .map(|u| match u {
            Unread::Lines { range, lines } => Diagnostic::new(
                CODE,
                span_of(text, file, range, false),
                if lines.0 == lines.1 {
                    format!("line {} of {FILE} is not a stamp", lines.0)
                } else {
                    format!("lines {}–{} of {FILE} are not stamps", lines.0, lines.1)
                },
            )
            .label("not `NUMBER HASH WORDS`")
            .with_help(format!(
                "the lock is written by {stamp}: delete what is not a stamp, and stamp again the paragraphs whose translation is up to date; until then their staleness is not checked"
            )),
            Unread::Conflict { range, lines, doubtful } => Diagnostic::new(
                CODE,
                span_of(text, file, range, true),
                format!("a merge conflict is left in {FILE} ({})", line_words(*lines)),
            )
            .label("the conflict starts here")
            .with_help(conflict_help(doubtful, stamp)),
        })
        .collect()
}

fn conflict_help(doubtful: &[u32], stamp: &str) -> String {
    let fix = format!(
        "keep one side's lines, or both (a paragraph given twice keeps its last line), and delete the markers; or stamp again with {stamp}"
    );
    if doubtful.is_empty() {
        return fix;
    }
    let list: Vec<String> = doubtful.iter().map(u32::to_string).collect();
    let (which, is) = if list.len() == 1 {
        ("paragraph", "is")
    } else {
        ("paragraphs", "are")
    };
    format!(
        "{fix}; until then {which} {}, stamped differently on the two sides, {is} not checked for staleness",
        list.join(", ")
    )
}

/// The code of a lock file's findings.
pub const CODE: &str = "l10n-lock-unreadable";

fn line_words((first, last): (usize, usize)) -> String {
    if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}–{last}")
    }
}

/// A finding's span: the range without its line break, or only its first
/// line (a conflict's marker).
fn span_of(text: &str, file: FileId, range: &Range<usize>, first_line: bool) -> Span {
    let bytes = text.as_bytes();
    let mut end = range.end.min(bytes.len());
    if first_line {
        end = (bytes[range.start..end].iter())
            .position(|&b| b == b'\n')
            .map_or(end, |i| range.start + i);
    }
    while end > range.start && matches!(bytes[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    Span::new(file, range.start, end)
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
    fn lines_that_are_not_stamps_are_one_finding_a_run() {
        let text =
            "# header\n3 0123456789ab a b\n4 see the note\nTODO\n\n5 0123456789ab\n6 xyz words\n";
        let (entries, unread) = read(text);
        assert_eq!(
            entries
                .keys()
                .copied()
                .collect::<std::collections::BTreeSet<_>>(),
            [3, 5].into()
        );
        let runs: Vec<(usize, usize)> = (unread.iter())
            .map(|u| match u {
                Unread::Lines { lines, .. } => *lines,
                Unread::Conflict { .. } => panic!("no conflict here"),
            })
            .collect();
        assert_eq!(runs, [(3, 4), (7, 7)]);
        let found = findings(text, &unread, FileId(0));
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].message, "lines 3–4 of l10n.lock are not stamps");
        assert_eq!(found[1].message, "line 7 of l10n.lock is not a stamp");
        // The span is the lines, without their line break.
        assert_eq!(&text[found[0].primary.span.range()], "4 see the note\nTODO");
        // A clean lock (CRLF line ends too) leaves nothing.
        assert!(read("# x\r\n3 0123456789ab a b\r\n\r\n").1.is_empty());
    }

    #[test]
    fn a_merge_conflict_is_one_finding_and_keeps_what_its_sides_agree_on() {
        let text = "<<<<<<< HEAD\n1 aaaaaaaaaaaa x\n2 bbbbbbbbbbbb y\n=======\n1 cccccccccccc x\n2 bbbbbbbbbbbb y\n3 dddddddddddd z\n>>>>>>> other\n4 eeeeeeeeeeee w\n";
        let (entries, unread) = read(text);
        // 1 is stamped differently on the two sides: left out.
        assert_eq!(
            entries
                .keys()
                .copied()
                .collect::<std::collections::BTreeSet<_>>(),
            [2, 3, 4].into()
        );
        assert_eq!(
            unread,
            [Unread::Conflict {
                range: 0..text.find("4 eee").unwrap(),
                lines: (1, 8),
                doubtful: vec![1]
            }]
        );
        let found = findings(text, &unread, FileId(0));
        assert_eq!(
            found[0].message,
            "a merge conflict is left in l10n.lock (lines 1–8)"
        );
        assert_eq!(&text[found[0].primary.span.range()], "<<<<<<< HEAD");
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap()
                .contains("until then paragraph 1, stamped differently")
        );
        // A conflict never closed runs to the end of the file.
        let (_, unread) = read("<<<<<<< HEAD\n1 aaaaaaaaaaaa x\n=======\n");
        assert!(matches!(
            &unread[..],
            [Unread::Conflict { lines: (1, 3), .. }]
        ));
        // A stray marker outside a conflict is a line that is not a stamp.
        assert!(matches!(
            &read("=======\n").1[..],
            [Unread::Lines { lines: (1, 1), .. }]
        ));
    }

    #[test]
    fn a_huge_conflict_or_garbage_lock_reads_in_linear_time() {
        let mut text = String::from("<<<<<<< a\n");
        for n in 0..100_000 {
            let _ = writeln!(text, "{n} {:012x} w", n % 7);
        }
        text.push_str("=======\n");
        for n in 0..100_000 {
            let _ = writeln!(text, "{n} {:012x} w", n % 5);
        }
        text.push_str(">>>>>>> b\n");
        text.push_str(&"garbage line\n".repeat(100_000));
        let (entries, unread) = read(&text);
        assert_eq!(unread.len(), 2);
        assert!(entries.len() < 100_000);
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
