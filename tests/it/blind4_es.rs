//! A third Spanish translator (issue #23; docs/translations.md, "A third
//! Spanish translator"): the fourth blind book translated with Spanish
//! typography, as a translator in Spain types it: «comillas» and the
//! dialogue dash, `¿` and `¡`, `n.º` before a paragraph number, ordinals
//! (`1.ª vez`), no-break spaces before a unit, numbers as words where the
//! source has digits and digits where it has words, `u` for `o` before an
//! o sound, accented capitals in headings. Its lines are the source's, so
//! its findings are the source's own at the same lines, and each slip
//! planted in it is one finding.

use crate::common;

const BOOK: &str = "blind4-book";
const ES: &str = "blind4-book-es";
const FILE: &str = "tales/blind4.tales";
const AWARD: &str = "l10n-award-mismatch";

pub(crate) type Found = Vec<(String, String, usize)>;

pub(crate) fn sorted(mut found: Found) -> Found {
    found.sort_by(|a, b| (a.2, &a.0).cmp(&(b.2, &b.0)));
    found
}

/// A source book and its translation (fixture folders), and the file of
/// the translation that slips and variants are planted in.
pub(crate) struct Pair {
    pub(crate) book: &'static str,
    pub(crate) es: &'static str,
    pub(crate) file: &'static str,
}

const PAIR: Pair = Pair {
    book: BOOK,
    es: ES,
    file: FILE,
};

impl Pair {
    /// The source and the translation side by side in a temporary folder,
    /// with `old` (once in the translation's file) replaced by `new`.
    pub(crate) fn with(&self, old: &str, new: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        crate::blind3::translation_of(self.book, self.es, self.file, old, new)
    }

    /// The faithful translation's findings once `old` is `new`: those below
    /// it move by the lines it adds or removes, those in it go with it.
    pub(crate) fn shifted(&self, found: &Found, old: &str, new: &str) -> Found {
        let text = std::fs::read_to_string(common::fixture(self.es).join(self.file)).unwrap();
        let at = text[..text.find(old).unwrap()].lines().count() + 1;
        let end = at + old.matches('\n').count();
        let delta =
            new.matches('\n').count().cast_signed() - old.matches('\n').count().cast_signed();
        let file = self.file;
        (found.iter())
            .filter(|(_, f, line)| f != file || *line < at || *line >= end || delta >= 0)
            .map(|(code, f, line)| {
                let moved = if f == file && *line >= end {
                    line.saturating_add_signed(delta)
                } else {
                    *line
                };
                (code.clone(), f.clone(), moved)
            })
            .collect()
    }

    /// The messages of the findings at `line` of the translation's file.
    pub(crate) fn messages_at(
        &self,
        checked: &tales::report::Checked,
        line: usize,
    ) -> impl Iterator<Item = String> {
        crate::blind3::messages_at(checked, self.file, line)
    }

    /// Each slip `(old, new, code, line, says)` planted alone is the
    /// faithful translation's findings and one more, `code` at `line`,
    /// whose message says `says`.
    pub(crate) fn assert_each_slip_is_one_finding(
        &self,
        slips: &[(&str, &str, &str, usize, &str)],
    ) {
        let faithful = common::codes(&common::check(&common::fixture(self.es)));
        for &(old, new, code, line, says) in slips {
            let (_dir, es) = self.with(old, new);
            let checked = common::check(&es);
            let mut want = self.shifted(&faithful, old, new);
            want.push((code.to_owned(), self.file.to_owned(), line));
            let human = common::human(&checked);
            assert_eq!(
                sorted(common::codes(&checked)),
                sorted(want),
                "`{new}`:\n{human}"
            );
            assert!(
                self.messages_at(&checked, line).any(|m| m.contains(says)),
                "`{new}`: no finding at {line} says `{says}`:\n{human}"
            );
        }
    }

    /// Each of `variants` (`old`, `new`) planted alone adds no finding.
    pub(crate) fn assert_variants_add_no_finding(&self, variants: &[(&str, &str)]) {
        let faithful = common::codes(&common::check(&common::fixture(self.es)));
        for &(old, new) in variants {
            let (_dir, es) = self.with(old, new);
            let checked = common::check(&es);
            assert_eq!(
                sorted(common::codes(&checked)),
                sorted(self.shifted(&faithful, old, new)),
                "`{new}`:\n{}",
                common::human(&checked)
            );
        }
    }
}

/// The whole translation, faithful down to the source's twelve planted
/// defects, gives the source's findings at the same lines and nothing else
/// (before this translator's spellings were read: 19 more, and the go-to
/// of defect 2 lost to `n.º`).
#[test]
fn the_third_spanish_translation_pairs_with_its_source() {
    let checked = common::check(&common::fixture(ES));
    let want: Found = (crate::blind3::truth_findings(BOOK).into_iter())
        .map(|(code, line)| (code, FILE.to_owned(), line))
        .collect();
    assert_eq!(want.len(), 12);
    assert_eq!(
        sorted(common::codes(&checked)),
        sorted(want),
        "{}",
        common::human(&checked)
    );
}

/// Slips planted alone: `(old, new, code, line, says)`.
const SLIPS: &[(&str, &str, &str, usize, &str)] = &[
    // A number changed inside «» dialogue (the source spells it `two`):
    // reported at the number, on its line.
    (
        "«el cuento de las 2\u{a0}hermanas»",
        "«el cuento de las 3\u{a0}hermanas»",
        "l10n-number-mismatch",
        103,
        "the source has none, the translation 3",
    ),
    // An ordinal for the paragraph number: read as the go-to (defect 2's
    // `dangling-reference` stays), and one finding of its own.
    (
        "Ve al párrafo n.º\u{a0}399",
        "Ve al párrafo 399.º",
        "syntax-error",
        94,
        "an ordinal where the go-to phrase takes a paragraph number",
    ),
    // A dropped `¡...!` option.
    (
        "> Si la compras {wealth >= rico}: ¡Vuela! [R-2 (mín.: Pobre) / Alfombra voladora (1 uso)]\n",
        "",
        "l10n-structure-mismatch",
        423,
        "the translation has a choice of 1 option",
    ),
    // A number written as a word changed.
    (
        "[H1 / Mueve dos casillas]",
        "[H1 / Mueve tres casillas]",
        AWARD,
        14,
        "found [H1 / Mueve tres casillas]",
    ),
    // A number before a no-break space changed.
    (
        "Mueve 2\u{a0}casillas por mar",
        "Mueve 3\u{a0}casillas por mar",
        AWARD,
        43,
        "found [H1 / R+1 (máx.: Rico) / Mueve 3 casillas por mar]",
    ),
    // The arm after `u` names another place.
    (
        "u Oportunidad de entrar en la Ciudad de Bronce]",
        "u Oportunidad de entrar en un lugar de poder]",
        AWARD,
        477,
        "u Oportunidad de entrar en un lugar de poder]",
    ),
];

#[test]
fn each_slip_of_the_third_translator_is_one_finding() {
    PAIR.assert_each_slip_is_one_finding(SLIPS);
}

/// Spellings this translator might have written instead, each planted
/// alone: no finding.
const VARIANTS: &[(&str, &str)] = &[
    ("Ve al párrafo n.º\u{a0}399", "Ve al párrafo nº 399"),
    ("1.ª vez en un mes", "primera vez en un mes"),
    (
        "[H1 / A elegir entre perder Herido o H2]",
        "[H1 / A elegir entre Pierde Herido o H2]",
    ),
    (
        "[H1 / Te llevan a cualquier isla]",
        "[H1 / Mueve a cualquier casilla de isla]",
    ),
    ("[H1 / Roba 2 Tesoros]", "[H1 / Roba dos Tesoros]"),
    (
        "u Oportunidad de entrar en la Ciudad de Bronce]",
        "o Oportunidad de entrar en la Ciudad de Bronce]",
    ),
    (
        "[S1 / mueve dos casillas en cualquier dirección]",
        "[S1 / mueve 2\u{a0}casillas en cualquier dirección]",
    ),
];

#[test]
fn the_third_translator_s_other_spellings_add_no_finding() {
    PAIR.assert_variants_add_no_finding(VARIANTS);
}
