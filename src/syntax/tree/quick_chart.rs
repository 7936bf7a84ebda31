//! Chart entries read without the parser (` 3-4  A {Lost} Fisherman (L)`):
//! `award.pest`'s `chart_entry` tries its rules at every character of the
//! entry's text, about 50,000 instructions an entry. This reader gives the
//! same [`EntrySyntax`] for the entries books write, and gives up
//! ([`GiveUp`]: the grammar decides) on anything else: an `@` reference
//! other than the common ones (`@402`, `@well`, `@F:Lost`), a number too
//! long to read, a line break, a gender that is not ASCII. A property test
//! holds it to the grammar.

use crate::ir::Target;

/// A line this reader leaves to the grammar.
#[derive(Debug)]
pub(super) struct GiveUp;

/// `Ok(Some(entry))`, `Ok(None)` for a line that is no entry, or
/// [`GiveUp`] when the grammar must decide.
pub(super) fn chart_entry(line: &str) -> Result<Option<EntrySyntax>, GiveUp> {
    let b = line.as_bytes();
    let mut i = b.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    // Each paragraph's first line is asked: one that starts with no digit
    // is no entry (`SOI ~ hspace* ~ number`), told before it is scanned.
    if !b.get(i).is_some_and(u8::is_ascii_digit) {
        return Ok(None);
    }
    if line.bytes().any(|c| c == b'\n' || c == b'\r') {
        return Err(GiveUp);
    }
    let start = i;
    let (lo, end) = number(b, i)?;
    let Some(lo) = lo else { return Ok(None) };
    i = end;
    let mut hi = lo;
    let mut range_end = end;
    // `(hspace* ("-" | "–") hspace* number)?`
    let mut j = skip_space(b, i);
    let dash = if line[j..].starts_with('-') {
        Some(1)
    } else if line[j..].starts_with('–') {
        Some('–'.len_utf8())
    } else {
        None
    };
    if let Some(len) = dash {
        j = skip_space(b, j + len);
        let (n, e) = number(b, j)?;
        if let Some(n) = n {
            hi = n;
            range_end = e;
            i = e;
        }
    }
    let text_at = skip_space(b, i);
    if text_at == i {
        return Ok(None);
    }
    let mut e = EntrySyntax {
        lo,
        hi,
        range: (start, range_end),
        too_large: None,
        adjective: None,
        matrix: None,
        reference: None,
        gender: None,
    };
    entry_text(line, text_at, &mut e)?;
    Ok(Some(e))
}

/// The digits at `i` (`None` when there are none) and where they end;
/// [`GiveUp`] when they are too many to read here.
fn number(b: &[u8], i: usize) -> Result<(Option<u32>, usize), GiveUp> {
    let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 {
        return Ok((None, i));
    }
    if n > 9 {
        return Err(GiveUp);
    }
    let value = b[i..i + n]
        .iter()
        .fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
    Ok((Some(value), i + n))
}

fn skip_space(b: &[u8], i: usize) -> usize {
    i + b[i..]
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count()
}

/// `(adjective | matrix_mark | reference | entry_char)*` from `at`.
fn entry_text(line: &str, mut at: usize, e: &mut EntrySyntax) -> Result<(), GiveUp> {
    while at < line.len() {
        let rest = &line[at..];
        if rest.starts_with('{')
            && let Some(len) = adjective(rest)
        {
            let name = &rest[1..len - 1];
            e.adjective.get_or_insert((name.trim().to_owned(), at + 1));
            at += len;
        } else if rest.starts_with('@') {
            at += reference(line, at, e)?;
        } else if rest.starts_with('(')
            && let Some(mark) = matrix_mark(rest)?
        {
            let (m, m_at, g) = mark;
            e.matrix = Some((m.to_owned(), at + m_at));
            e.gender = g.map(|(g, g_at)| (g.to_owned(), at + g_at));
            return Ok(());
        } else {
            // On to the next byte that may start one of the three (ASCII, so
            // never inside a character).
            at += 1 + rest.as_bytes()[1..]
                .iter()
                .position(|c| matches!(c, b'{' | b'@' | b'('))
                .unwrap_or(rest.len() - 1);
        }
    }
    Ok(())
}

/// The `@` reference at `at` (the first one kept, and only after no
/// letter or digit, as the grammar's reader keeps it): its length.
/// [`GiveUp`] for one the quick reader leaves to the grammar (an `@` that
/// starts none included).
fn reference(line: &str, at: usize, e: &mut EntrySyntax) -> Result<usize, GiveUp> {
    let (target, len) = crate::syntax::awards::reference::quick(&line[at..]).ok_or(GiveUp)?;
    // `reference_at` reads at most 256 bytes; the grammar here, the whole.
    if len >= 200 {
        return Err(GiveUp);
    }
    if !line[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
    {
        e.reference.get_or_insert((target, at, len));
    }
    Ok(len)
}

/// `"{" adj_name "}"`: its length, or `None` when it is none.
fn adjective(rest: &str) -> Option<usize> {
    let body = &rest[1..];
    let n = body.find(['}', '{'])?;
    (n > 0 && body[n..].starts_with('}')).then_some(n + 2)
}

/// A matched matrix mark: the id and its offset, the gender and its offset.
type Mark<'t> = (&'t str, usize, Option<(&'t str, usize)>);

/// `"(" hspace* matrix_id hspace* ("," hspace* entry_gender hspace*)? ")"
/// hspace* EOI`: `Ok(None)` when it does not match, [`GiveUp`] for a gender
/// that is not ASCII (the grammar's `LETTER` decides).
fn matrix_mark(rest: &str) -> Result<Option<Mark<'_>>, GiveUp> {
    let b = rest.as_bytes();
    let id_at = skip_space(b, 1);
    if !b.get(id_at).is_some_and(u8::is_ascii_uppercase) {
        return Ok(None);
    }
    let id_len = b[id_at..]
        .iter()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        .count();
    let after = id_at + id_len;
    if b.get(after)
        .is_some_and(|c| c.is_ascii_lowercase() || *c == b'-')
    {
        return Ok(None);
    }
    let mut i = skip_space(b, after);
    let mut gender = None;
    if b.get(i) == Some(&b',') {
        let g_at = skip_space(b, i + 1);
        let g_len = rest[g_at..]
            .chars()
            .take_while(|c| c.is_alphabetic())
            .map(char::len_utf8)
            .sum::<usize>();
        if !rest[g_at..g_at + g_len].is_ascii() {
            return Err(GiveUp);
        }
        if g_len == 0 {
            return Ok(None);
        }
        gender = Some((&rest[g_at..g_at + g_len], g_at));
        i = skip_space(b, g_at + g_len);
    }
    if b.get(i) != Some(&b')') || skip_space(b, i + 1) != b.len() {
        return Ok(None);
    }
    Ok(Some((&rest[id_at..after], id_at, gender)))
}

/// A chart entry line as matched: the range and what it names, with
/// offsets into the line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct EntrySyntax {
    pub lo: u32,
    pub hi: u32,
    /// The range as written (`3-4`, `3 – 4`, `12`): start and end.
    pub range: (usize, usize),
    /// A number of the range too large to read (start and end), read as
    /// 12, the highest roll.
    pub too_large: Option<(usize, usize)>,
    pub adjective: Option<(String, usize)>,
    pub matrix: Option<(String, usize)>,
    pub reference: Option<(Target, usize, usize)>,
    /// `(L, female)`: the word and where it is.
    pub gender: Option<(String, usize)>,
}
