//! Small text helpers shared by the parsers and the lints.

/// `1 cell`, `2 cells`: a count with its noun (regular English plurals).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A number written with a letter for a digit, the classic slips of a
/// tired hand: `O` or `o` for 0, `l` or `I` for 1 (`5O1`, `2l0`). The
/// digits meant, when `s` is only digits and such letters with at least one
/// of each, and at most nine characters long; `None` otherwise (a plain
/// number, a word).
pub fn letters_for_digits(s: &str) -> Option<String> {
    if s.is_empty() || s.len() > 9 || !s.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut letters = false;
    let digits: Option<String> = s
        .chars()
        .map(|c| match c {
            '0'..='9' => Some(c),
            'O' | 'o' => {
                letters = true;
                Some('0')
            }
            'l' | 'I' => {
                letters = true;
                Some('1')
            }
            _ => None,
        })
        .collect();
    digits.filter(|_| letters)
}

/// `text` with the digits of another script as ASCII digits (Arabic-Indic
/// `١٢٣`, Eastern Arabic-Indic `۱۲۳`, Devanagari `१२३`, full-width `１２３`,
/// and a full-width `＠`), when it holds at least one; `None` otherwise.
pub fn other_digits_as_ascii(text: &str) -> Option<String> {
    let mut found = false;
    let fixed: String = text
        .chars()
        .map(|c| {
            let zero = match c {
                '\u{660}'..='\u{669}' => 0x660,
                '\u{6f0}'..='\u{6f9}' => 0x6f0,
                '\u{966}'..='\u{96f}' => 0x966,
                '\u{ff10}'..='\u{ff19}' => 0xff10,
                '＠' => {
                    found = true;
                    return '@';
                }
                _ => return c,
            };
            found = true;
            char::from_digit(u32::from(c) - zero, 10).unwrap_or(c)
        })
        .collect();
    found.then_some(fixed)
}

/// Numbers one keystroke from `n`: a digit changed, deleted, inserted or
/// two swapped (`1010` -> `101`, `45` -> `44`, `312` -> `321`).
pub fn one_digit_off(n: u32) -> Vec<u32> {
    let s = n.to_string();
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut push = |t: String| {
        if let Ok(m) = t.parse::<u32>()
            && m != n
            && m > 0
            && !t.starts_with('0')
        {
            out.push(m);
        }
    };
    for i in 0..b.len() {
        push(format!("{}{}", &s[..i], &s[i + 1..]));
        for d in b'0'..=b'9' {
            push(format!("{}{}{}", &s[..i], d as char, &s[i + 1..]));
        }
        if i + 1 < b.len() {
            let mut t = b.to_vec();
            t.swap(i, i + 1);
            push(String::from_utf8(t).unwrap_or_default());
        }
    }
    for i in 0..=b.len() {
        for d in b'0'..=b'9' {
            push(format!("{}{}{}", &s[..i], d as char, &s[i..]));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The closest name within a few edits (case and accents aside).
pub fn close_name<'a>(names: impl Iterator<Item = &'a str>, name: &str) -> Option<&'a str> {
    let want = fold(name);
    let k = slack(want.chars().count()).max(1);
    names
        .filter_map(|n| near(&fold(n), &want, k).map(|d| (d, n)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// [`close_name`] of `count` names, within a budget of comparisons (one a
/// name): `None`, and nothing spent, once the budget cannot pay for them
/// all. What keeps thousands of slips against thousands of names linear.
pub fn close_name_within<'a>(
    budget: &mut usize,
    count: usize,
    names: impl Iterator<Item = &'a str>,
    name: &str,
) -> Option<&'a str> {
    *budget = budget.checked_sub(count)?;
    close_name(names, name)
}

/// `1, 2, 5-7` from sorted numbers.
pub fn ranges(ns: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j].checked_add(1) == Some(ns[j + 1]) {
            j += 1;
        }
        parts.push(if i == j {
            ns[i].to_string()
        } else {
            format!("{}-{}", ns[i], ns[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Edit distance in characters: insertions, deletions, substitutions and
/// swaps of two neighbours (`Lots` is one edit from `Lost`), each counting
/// one (the optimal string alignment distance).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && *ca == b[j - 1] && a[i - 1] == *cb {
                d = d.min(before[j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The longest strings [`near`] compares, in characters.
const NEAR_MAX: usize = 96;

/// The [`edit_distance`] when it is at most `k`, else `None`. Suggestions
/// call this for every name against every word that might be a slip, so it
/// works in the band of `k` cells either side of the diagonal, on the
/// stack, and gives up on the first row past `k`: a refusal costs a few
/// dozen steps, not a full table. Strings whose lengths alone differ by
/// more than `k` (most candidates) are refused at once.
pub fn near(a: &str, b: &str, k: usize) -> Option<usize> {
    let mut ab = ['\0'; NEAR_MAX];
    let mut bb = ['\0'; NEAR_MAX];
    let la = chars_into(a, &mut ab)?;
    let lb = chars_into(b, &mut bb)?;
    near_chars(&ab[..la], &bb[..lb], k)
}

/// [`near`] on characters already split (at most [`NEAR_MAX`] each, else
/// `None`): a suggestion splits its word once for every name it is
/// compared with.
pub fn near_chars(a: &[char], b: &[char], k: usize) -> Option<usize> {
    let (la, lb) = (a.len(), b.len());
    if la.abs_diff(lb) > k || la > NEAR_MAX || lb > NEAR_MAX {
        return None;
    }
    // Rows as long as the string needs (a name is short): filling three
    // rows of the longest for every name compared was most of the cost.
    if lb < 24 {
        banded::<24>(a, b, k)
    } else {
        banded::<{ NEAR_MAX + 1 }>(a, b, k)
    }
}

/// [`near_chars`] with rows of `W` cells (`b` shorter than `W`).
fn banded<const W: usize>(a: &[char], b: &[char], k: usize) -> Option<usize> {
    let (la, lb) = (a.len(), b.len());
    let far = u16::MAX / 4;
    let k16 = u16::try_from(k).unwrap_or(far);
    // Rows i-2, i-1 and i of the table, by i % 3 (distances are at most
    // `NEAR_MAX`, so 16 bits hold them).
    let mut rows = [[far; W]; 3];
    for (j, cell) in rows[0].iter_mut().enumerate().take(lb.min(k) + 1) {
        *cell = j as u16;
    }
    for i in 1..=la {
        let (lo, hi) = (i.saturating_sub(k).max(1), (i + k).min(lb));
        let (r2, r1, r) = ((i + 1) % 3, (i + 2) % 3, i % 3);
        rows[r][lo - 1] = if lo == 1 { i as u16 } else { far };
        let mut best = rows[r][lo - 1];
        for j in lo..=hi {
            let cost = u16::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[r1][j - 1] + cost)
                .min(rows[r1][j] + 1)
                .min(rows[r][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[r2][j - 2] + 1);
            }
            rows[r][j] = d;
            best = best.min(d);
        }
        if hi < lb {
            rows[r][hi + 1] = far;
        }
        if best > k16 {
            return None;
        }
    }
    let d = rows[la % 3][lb];
    (d <= k16).then_some(usize::from(d))
}

/// The characters of `s` into `out`, and how many; `None` past its length.
fn chars_into(s: &str, out: &mut [char; NEAR_MAX]) -> Option<usize> {
    let mut n = 0;
    for c in s.chars() {
        *out.get_mut(n)? = c;
        n += 1;
    }
    Some(n)
}

/// Lowercase, without the accents of the Latin letters of the built-in
/// locales (`Compétence` -> `competence`), spaces folded: how a name is
/// compared when looking for what a hand meant.
pub fn fold(text: &str) -> String {
    if text.is_ascii() {
        return fold_ascii(text);
    }
    fold_chars(text)
}

/// [`fold`] of ASCII text, a byte at a time: no case tables, no accents
/// (a board's space names are folded at each look-up).
/// One pass over the bytes: the white space of `char::is_whitespace` in
/// ASCII is tab to carriage return and the space.
fn fold_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for b in text.bytes() {
        if matches!(b, b'\t'..=b'\r' | b' ') {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(char::from(b.to_ascii_lowercase()));
    }
    out
}

/// [`fold`] of any text, a character at a time.
fn fold_chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.trim().chars().flat_map(char::to_lowercase) {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            '’' => '\'',
            c => c,
        });
    }
    out
}

/// How many edits a word of this many characters may be from the one it is
/// taken for: none below four letters, one up to five, two beyond.
pub fn slack(chars: usize) -> usize {
    match chars {
        0..=3 => 0,
        4..=5 => 1,
        _ => 2,
    }
}

/// `text` without `prefix`, compared case-insensitively.
pub fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    // ASCII against ASCII compares bytes, and most texts differ at their
    // first (every heading's words are asked for the locale's suffix). A
    // byte not ASCII on either side takes the character path: `K` (the
    // Kelvin sign) is a `k`.
    let bytes = text.as_bytes();
    for (i, &p) in prefix.as_bytes().iter().enumerate() {
        let &t = bytes.get(i)?;
        if !t.is_ascii() || !p.is_ascii() {
            break;
        }
        if !t.eq_ignore_ascii_case(&p) {
            return None;
        }
        if i + 1 == prefix.len() {
            return Some(&text[i + 1..]);
        }
    }
    strip_prefix_chars(text, prefix)
}

/// [`strip_prefix_ci`] a character at a time.
fn strip_prefix_chars<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let mut rest = text.char_indices();
    for p in prefix.chars() {
        let (_, t) = rest.next()?;
        if !chars_eq_ci(t, p) {
            return None;
        }
    }
    Some(rest.next().map_or("", |(i, _)| &text[i..]))
}

/// `text` without `suffix`, compared case-insensitively.
pub fn strip_suffix_ci<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let mut rest = text.char_indices().rev();
    let mut cut = text.len();
    for p in suffix.chars().rev() {
        let (i, t) = rest.next()?;
        if !chars_eq_ci(t, p) {
            return None;
        }
        cut = i;
    }
    Some(&text[..cut])
}

/// Two characters equal case aside. ASCII against ASCII needs no Unicode
/// case tables (most award items are compared with every effect pattern's
/// first words, and fail at the first letter).
pub(crate) fn chars_eq_ci(a: char, b: char) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(&b);
    }
    a == b || a.to_lowercase().eq(b.to_lowercase())
}

/// A key for [`eq_ci`]: two texts are `eq_ci` exactly when their keys are
/// equal (trimmed, each character lowercased; ASCII as bytes), so names
/// compared that way can be looked up in a map.
pub fn ci_key(text: &str) -> String {
    let t = text.trim();
    if t.is_ascii() {
        return t.to_ascii_lowercase();
    }
    t.chars().flat_map(char::to_lowercase).collect()
}

/// Case-insensitive equality after trimming.
pub fn eq_ci(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    // ASCII against ASCII needs no Unicode case tables (the engine compares
    // place and terrain names every encounter).
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// Split on a word (` or `, ` and `), case-insensitively, with spaces around.
/// Compared a character at a time: lowercasing the whole text first would
/// move byte offsets (`ẞ` and `İ` change length when lowercased).
pub fn split_word<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut search = 0;
    while let Some(i) = text[search..].find(' ').map(|i| search + i) {
        if let Some(rest) = strip_prefix_ci(&text[i + 1..], word)
            && rest.starts_with(' ')
            && !word.is_empty()
        {
            out.push(text[start..i].trim());
            start = text.len() - rest.len() + 1;
            search = start;
            continue;
        }
        search = i + 1;
    }
    out.push(text[start..].trim());
    out
}

/// Fold runs of white space (line breaks included) into one space; borrows
/// when there is nothing to fold.
pub fn fold_space(text: &str) -> std::borrow::Cow<'_, str> {
    let mut prev_space = false;
    let clean = text.chars().all(|c| {
        let ok = c == ' ' && !prev_space || !c.is_whitespace();
        prev_space = c == ' ';
        ok
    });
    if clean && !text.starts_with(' ') && !text.ends_with(' ') {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}

/// Whether `c` is white space other than the space, the tab and the line
/// breaks `\n` and `\r`: a no-break space (U+00A0, and the narrow U+202F
/// that French typography puts before a colon), an em or ideographic space
/// (U+2003, U+3000), U+0085, U+2028, U+2029, a vertical tab or a form feed.
pub fn is_other_space(c: char) -> bool {
    c.is_whitespace() && !matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// The text with each [`is_other_space`] character replaced by as many
/// ASCII spaces as its UTF-8 bytes, so every byte offset stays the
/// original's: such white space is read as a space, never as a word (an
/// award code `[\u{85}S2]` is `[ S2]`). Borrows when there is none (the
/// usual case, found by one scan for the bytes that can start one).
pub fn nbsp_as_spaces(text: &str) -> std::borrow::Cow<'_, str> {
    let Some(first) = first_other_space(text) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        if is_other_space(c) {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Where the first [`is_other_space`] character is: each is a vertical tab,
/// a form feed, or starts with byte `C2`, `E1`, `E2` or `E3` (all lead
/// bytes, so the text can be cut there). Those bytes are found by two
/// vector searches (`memchr3`), merged: a test of each run of 32 bytes was
/// 2.4 instructions a byte of every book.
fn first_other_space(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut leads = ascending_merge(
        memchr::memchr3_iter(0x0B, 0x0C, 0xC2, bytes),
        memchr::memchr3_iter(0xE1, 0xE2, 0xE3, bytes),
    );
    leads.find(|&i| text[i..].chars().next().is_some_and(is_other_space))
}

/// Two ascending sequences of offsets as one: the offsets of two vector
/// searches for different bytes, in the text's order.
pub(crate) fn ascending_merge(
    a: impl Iterator<Item = usize>,
    b: impl Iterator<Item = usize>,
) -> impl Iterator<Item = usize> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(&x), Some(&y)) if x < y => a.next(),
        (Some(_) | None, Some(_)) => b.next(),
        (Some(_), None) => a.next(),
        (None, None) => None,
    })
}

/// At most `max` characters of `text`, with `…` where it was cut: a quote
/// of hostile input in a message stays short.
pub fn shorten(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]).into(),
        None => text.into(),
    }
}

/// Words re-flowed to `width` columns, each line ending with a line break
/// (a word longer than the width has a line of its own).
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Text for HTML and SVG: `<`, `>`, `&` and quotes escaped.
pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 has no place for the C0 controls but tab and line
            // breaks, not even as references: each is shown as its
            // control picture (U+0005 as `␅`); U+FFFE and U+FFFF as `�`.
            '\t' | '\n' | '\r' => out.push(c),
            c if u32::from(c) < 0x20 => {
                out.push(char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'));
            }
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    proptest! {
        /// ASCII text folds a byte at a time as it does a character at a
        /// time: every white space of `char::is_whitespace` (a vertical
        /// tab too) parts words, capitals are small.
        #[test]
        fn ascii_folds_as_any_text(text in "[ \t\n\r\x0B\x0C\x1C\x1FaZ'.é-]{0,24}") {
            prop_assert_eq!(super::fold(&text), super::fold_chars(&text));
        }
    }

    #[test]
    fn a_space_name_folds_to_small_letters_and_one_space() {
        assert_eq!(super::fold("  Baghdad \x0B  GATE\t"), "baghdad gate");
        assert_eq!(super::fold("Compétence  Ñ"), "competence n");
    }

    #[test]
    fn letters_for_digits_reads_the_classic_slips() {
        use super::letters_for_digits as l;
        assert_eq!(l("5O1").as_deref(), Some("501"));
        assert_eq!(l("2l0").as_deref(), Some("210"));
        assert_eq!(l("I0o").as_deref(), Some("100"));
        assert_eq!(l("501"), None);
        assert_eq!(l("Oil"), None);
        assert_eq!(l("5O1x"), None);
        assert_eq!(l("1OOOOOOOOO"), None);
    }

    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The scan that passes over plain runs finds the first other space
        /// the byte-at-a-time scan finds.
        #[test]
        fn the_run_scan_finds_the_first_other_space(
            text in "([a-z \n\t.,]{0,40}|\u{a0}|\u{202f}|\u{2014}|\u{201c}|é|\u{b}|\u{c}|\u{3000}|\u{1680}){0,30}",
        ) {
            let slow = text.char_indices().find(|(_, c)| is_other_space(*c)).map(|(i, _)| i);
            prop_assert_eq!(first_other_space(&text), slow);
        }

        /// The banded [`near`] is the full table's answer, bounded.
        #[test]
        fn near_is_the_edit_distance_bounded(a in "[abcé ]{0,12}", b in "[abcé ]{0,12}", k in 0usize..4) {
            let d = edit_distance(&a, &b);
            prop_assert_eq!(near(&a, &b, k), (d <= k).then_some(d));
        }

        /// The same past the short rows (24 characters and more).
        #[test]
        fn near_is_the_edit_distance_bounded_on_long_strings(
            a in "[ab]{20,40}",
            b in "[ab]{20,40}",
            k in 0usize..4,
        ) {
            let d = edit_distance(&a, &b);
            prop_assert_eq!(near(&a, &b, k), (d <= k).then_some(d));
        }

        /// The ASCII shortcut of [`chars_eq_ci`] answers as the Unicode
        /// case tables do (`k` and the Kelvin sign included).
        #[test]
        fn ci_key_is_eq_ci(
            a in "( |a|A|b|ß|ẞ|\u{130}|\u{131}|i|I|\u{212a}|k|é|É|\t){0,6}",
            b in "( |a|A|b|ß|ẞ|\u{130}|\u{131}|i|I|\u{212a}|k|é|É|\t){0,6}",
        ) {
            prop_assert_eq!(ci_key(&a) == ci_key(&b), eq_ci(&a, &b), "{:?} {:?}", a, b);
        }

        #[test]
        fn strip_prefix_ci_bytes_agree_with_its_characters(
            text in "[a-zA-Z \u{212a}\u{130}é]{0,8}",
            prefix in "[a-zA-Z \u{212a}é]{0,5}",
        ) {
            prop_assert_eq!(strip_prefix_ci(&text, &prefix), strip_prefix_chars(&text, &prefix));
            // And where the text starts with the prefix in other capitals.
            let text = prefix.to_uppercase() + &text;
            prop_assert_eq!(strip_prefix_ci(&text, &prefix), strip_prefix_chars(&text, &prefix));
        }

        #[test]
        fn chars_eq_ci_is_unicode_lowercase_equality(
            a in prop_oneof![any::<char>(), "[a-zA-Z\u{212a}\u{130}\u{131}ßẞ]".prop_map(|s| s.chars().next().unwrap())],
            b in prop_oneof![any::<char>(), "[a-zA-Z\u{212a}\u{130}\u{131}ßẞ]".prop_map(|s| s.chars().next().unwrap())],
        ) {
            prop_assert_eq!(chars_eq_ci(a, b), a == b || a.to_lowercase().eq(b.to_lowercase()));
        }
    }

    #[test]
    fn near_refuses_long_strings() {
        let long = "a".repeat(NEAR_MAX + 1);
        assert_eq!(near(&long, &long, 2), None);
        assert_eq!(near(&long[..NEAR_MAX], &long[..NEAR_MAX], 0), Some(0));
    }

    #[test]
    fn no_break_spaces_become_spaces_at_the_same_offsets() {
        let text = "PIÉTÉ\u{202f}: (Max\u{a0}: Riche)";
        let out = nbsp_as_spaces(text);
        assert_eq!(out, "PIÉTÉ   : (Max  : Riche)");
        assert_eq!(out.len(), text.len());
        assert!(matches!(
            nbsp_as_spaces("plain — text"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn every_other_white_space_becomes_spaces_at_the_same_offsets() {
        for c in [
            '\u{85}', '\u{2028}', '\u{2029}', '\u{2003}', '\u{3000}', '\u{1680}', '\u{b}', '\u{c}',
        ] {
            let text = format!("— [{c}S2] “é”");
            let out = nbsp_as_spaces(&text);
            assert_eq!(out.len(), text.len(), "{c:?}");
            assert_eq!(
                out,
                format!("— [{}S2] “é”", " ".repeat(c.len_utf8())),
                "{c:?}"
            );
        }
        assert_eq!(nbsp_as_spaces("a\tb\r\nc"), "a\tb\r\nc");
    }

    #[test]
    fn one_digit_off_covers_the_slips_of_a_hand() {
        let c = one_digit_off(1010);
        assert!(c.contains(&101) && c.contains(&1011) && c.contains(&1100));
        assert!(one_digit_off(45).contains(&44));
        assert!(one_digit_off(312).contains(&321));
        assert!(!one_digit_off(1).contains(&0));
        assert!(one_digit_off(u32::MAX).iter().all(|&m| m != u32::MAX));
    }

    #[test]
    fn fold_drops_case_accents_and_extra_spaces() {
        assert_eq!(fold("  SANS  COMPÉTENCE "), "sans competence");
        assert_eq!(fold("Narración"), "narracion");
        assert_eq!(near("deth", "death", 1), Some(1));
        assert_eq!(near("d", "death", 2), None);
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("blesed", "blessed"), 1);
        assert_eq!(edit_distance("piety", "piety"), 0);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("lots", "lost"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn prefix_and_suffix_ignore_case() {
        assert_eq!(strip_prefix_ci("LOSE Wounded", "lose "), Some("Wounded"));
        assert_eq!(strip_prefix_ci("Pierde Herido", "pierde "), Some("Herido"));
        assert_eq!(
            strip_suffix_ci("Piety at master level", " at Master level"),
            Some("Piety")
        );
        assert_eq!(strip_prefix_ci("Lo", "Lose"), None);
    }

    #[test]
    fn split_word_needs_spaces_around() {
        assert_eq!(
            split_word("Respected or Blessed", "or"),
            vec!["Respected", "Blessed"]
        );
        assert_eq!(split_word("Honor", "or"), vec!["Honor"]);
        assert_eq!(split_word("a OR b or c", "or"), vec!["a", "b", "c"]);
    }

    #[test]
    fn split_word_survives_letters_that_change_length_in_lower_case() {
        assert_eq!(split_word("ẞ or İ", "or"), vec!["ẞ", "İ"]);
        assert_eq!(split_word("İİ and ẞẞ and x", "and"), vec!["İİ", "ẞẞ", "x"]);
    }
}
