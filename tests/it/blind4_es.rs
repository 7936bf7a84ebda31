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

type Found = Vec<(String, String, usize)>;

fn sorted(mut found: Found) -> Found {
    found.sort_by(|a, b| (a.2, &a.0).cmp(&(b.2, &b.0)));
    found
}

/// The source and the translation side by side in a temporary folder, with
/// `old` (once in the translation's `tales/blind4.tales`) replaced by `new`.
fn translation_with(old: &str, new: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    crate::blind3::translation_of(BOOK, ES, FILE, old, new)
}

/// The faithful translation's findings once `old` is `new`: those below it
/// move by the lines it adds or removes, those in it go with it.
fn shifted(found: &Found, old: &str, new: &str) -> Found {
    let text = std::fs::read_to_string(common::fixture(ES).join(FILE)).unwrap();
    let at = text[..text.find(old).unwrap()].lines().count() + 1;
    let end = at + old.matches('\n').count();
    let delta = new.matches('\n').count().cast_signed() - old.matches('\n').count().cast_signed();
    (found.iter())
        .filter(|(_, f, line)| f != FILE || *line < at || *line >= end || delta >= 0)
        .map(|(code, f, line)| {
            let moved = if f == FILE && *line >= end {
                line.saturating_add_signed(delta)
            } else {
                *line
            };
            (code.clone(), f.clone(), moved)
        })
        .collect()
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
    let faithful = common::codes(&common::check(&common::fixture(ES)));
    for &(old, new, code, line, says) in SLIPS {
        let (_dir, es) = translation_with(old, new);
        let checked = common::check(&es);
        let mut want = shifted(&faithful, old, new);
        want.push((code.to_owned(), FILE.to_owned(), line));
        let human = common::human(&checked);
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(want),
            "`{new}`:\n{human}"
        );
        assert!(
            messages_at(&checked, line).any(|m| m.contains(says)),
            "`{new}`: no finding at {line} says `{says}`:\n{human}"
        );
    }
}

/// The messages of the findings at `line` of `tales/blind4.tales`.
fn messages_at(checked: &tales::report::Checked, line: usize) -> impl Iterator<Item = String> {
    let json = tales::report::render(
        tales::report::Format::Json,
        std::slice::from_ref(checked),
        &tales::report::HumanOptions::default(),
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let all = v["diagnostics"].as_array().unwrap().clone();
    (all.into_iter())
        .filter(move |d| d["file"] == FILE && d["line"] == line)
        .map(|d| d["message"].as_str().unwrap().to_owned())
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
    let faithful = common::codes(&common::check(&common::fixture(ES)));
    for &(old, new) in VARIANTS {
        let (_dir, es) = translation_with(old, new);
        let checked = common::check(&es);
        assert_eq!(
            sorted(common::codes(&checked)),
            sorted(shifted(&faithful, old, new)),
            "`{new}`:\n{}",
            common::human(&checked)
        );
    }
}
