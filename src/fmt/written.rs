//! What a file says as written: its words and numbers, in order. `fmt`
//! changes spacing, the case of the book's own markup and the punctuation
//! between items, never a word or a number, so a formatted file whose
//! words or numbers differ from the original's (a header renumbered, a
//! number clamped, two numbers run together, a word dropped) is refused.
//! The check is on the text, not on what it was read as: a guess the
//! reader made cannot hide a change.

/// The first word or number that differs between two texts, as `(before,
/// after)`; `None` when both say the same words and numbers in order (the
/// case of letters aside).
pub fn first_difference(before: &str, after: &str) -> Option<(String, String)> {
    if before.is_ascii() && after.is_ascii() {
        // The usual case, a byte at a time: the same tokens (an ASCII
        // character is alphanumeric as a `char` exactly when as a byte).
        let (x, y) = mismatch(ascii_tokens(before), ascii_tokens(after), |x, y| {
            x.eq_ignore_ascii_case(y)
        })?;
        let text = |t: Option<&[u8]>| t.map(|t| String::from_utf8_lossy(t).into_owned());
        return Some((shown(text(x).as_deref()), shown(text(y).as_deref())));
    }
    let (x, y) = mismatch(tokens(before), tokens(after), same)?;
    Some((shown(x), shown(y)))
}

/// The first pair of items that differ (`None` past the end of one).
fn mismatch<'a, T: ?Sized>(
    mut a: impl Iterator<Item = &'a T>,
    mut b: impl Iterator<Item = &'a T>,
    same: impl Fn(&T, &T) -> bool,
) -> Option<(Option<&'a T>, Option<&'a T>)> {
    loop {
        match (a.next(), b.next()) {
            (None, None) => return None,
            (Some(x), Some(y)) if same(x, y) => {}
            (x, y) => return Some((x, y)),
        }
    }
}

/// The runs of letters and digits of a text.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
}

/// [`tokens`] of an ASCII text, as bytes.
fn ascii_tokens(text: &str) -> impl Iterator<Item = &[u8]> {
    text.as_bytes()
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
}

fn same(a: &str, b: &str) -> bool {
    a == b
        || a.chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase))
}

fn shown(token: Option<&str>) -> String {
    token.map_or_else(|| "the end of the file".to_owned(), |t| format!("`{t}`"))
}

#[cfg(test)]
mod tests {
    use super::first_difference;

    #[test]
    fn spacing_case_and_slashes_say_the_same() {
        assert_eq!(
            first_difference(
                "-2-  chart(L)\n[w+1 (MAX poor)/S1]",
                "-2- chart (L)\n[W+1 (max Poor) / S1]"
            ),
            None
        );
    }

    #[test]
    fn a_number_changed_run_together_or_dropped_is_a_difference() {
        let d = |a, b| first_difference(a, b).unwrap();
        assert_eq!(d("-41-\nx", "-42-\nx"), ("`41`".into(), "`42`".into()));
        assert_eq!(
            d(" 5-18446744073709551615", " 5-4294967295").0,
            "`18446744073709551615`"
        );
        assert_eq!(d("1 2-7:", "12-7:"), ("`1`".into(), "`12`".into()));
        assert_eq!(d("-01-", "-1-"), ("`01`".into(), "`1`".into()));
        assert_eq!(d("[S1 / D1]", "[S1]").1, "the end of the file");
        assert_eq!(d("[S1]", "[S1 / D1]").0, "the end of the file");
        assert_eq!(d("é 41", "é 42"), ("`41`".into(), "`42`".into()));
        assert_eq!(first_difference("ÉTÉ 4", "été 4"), None);
    }
}
