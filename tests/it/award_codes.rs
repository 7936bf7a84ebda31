//! Award codes as printed in real books, in every built-in language.

use crate::common;
use common::{check, fixture};
use tales::diagnostic::Diagnostics;
use tales::ir::{Book, Bound, Effect, Loss, Note, Target, Typed};
use tales::span::FileId;
use tales::syntax::Context;
use tales::syntax::award::parse_award;

fn parse(book: &Book, text: &str) -> (Vec<Effect>, Vec<&'static str>) {
    let ctx = Context::of(book, FileId(0));
    let mut diags: Diagnostics = Vec::new();
    let award = parse_award(&ctx, text, 0, &mut diags);
    let effects = award
        .map(|a| a.items.into_iter().map(|i| i.effect).collect())
        .unwrap_or_default();
    (effects, diags.iter().map(|d| d.code).collect())
}

fn english() -> Book {
    check(&fixture("spec-example")).book
}

fn wealth(delta: i32, max: bool, level: usize) -> Effect {
    Effect::Wealth {
        delta,
        bound: Some(Bound { max, level }),
    }
}

// The example's ladder: Beggar 0, Poor 1, Rich 2, Princely 3, Fabulous 4.

#[test]
fn the_format_example_award() {
    let (e, d) = parse(
        &english(),
        "[D2 / S1 / W+1 (max Poor) / Storytelling / Respected]",
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        e,
        vec![
            Effect::Destiny(2),
            Effect::Story(1),
            wealth(1, true, 1),
            Effect::Gain {
                id: "storytelling".into(),
                note: None
            },
            Effect::Gain {
                id: "respected".into(),
                note: None
            },
        ]
    );
}

#[test]
fn bound_spellings_seen_in_published_books() {
    let b = english();
    for text in [
        "[W+1 (Max: Rich)]",
        "[W+1 (max Rich)]",
        "[W+1 (MAX Rich)]",
        "[W+1 (Max : Rich)]",
        "[W+1(max Rich)]",
    ] {
        assert_eq!(
            parse(&b, text),
            (vec![wealth(1, true, 2)], vec![]),
            "{text}"
        );
    }
    assert_eq!(
        parse(&b, "[W-2 (min Beggar)]"),
        (vec![wealth(-2, false, 0)], vec![])
    );
}

#[test]
fn minus_signs_hyphen_unicode_minus_and_en_dash() {
    let b = english();
    for text in ["[D-1]", "[D−1]", "[D–1]"] {
        assert_eq!(parse(&b, text).0, vec![Effect::Destiny(-1)], "{text}");
    }
    assert_eq!(parse(&b, "[S+3]").0, vec![Effect::Story(3)]);
}

#[test]
fn emphasis_around_names_is_ignored() {
    let b = english();
    let (e, d) = parse(&b, "[*Blessed* / **Ebony Horse**]");
    assert!(d.is_empty());
    assert_eq!(
        e,
        vec![
            Effect::Gain {
                id: "blessed".into(),
                note: None
            },
            Effect::Gain {
                id: "ebony-horse".into(),
                note: None
            }
        ]
    );
}

#[test]
fn items_without_spaces_and_across_lines() {
    let b = english();
    assert_eq!(
        parse(&b, "[D1/S1/Treasure]").0,
        vec![Effect::Destiny(1), Effect::Story(1), Effect::RandomTreasure]
    );
    assert_eq!(
        parse(&b, "[D1 /\nS1]").0,
        vec![Effect::Destiny(1), Effect::Story(1)]
    );
}

#[test]
fn phrases_lose_master_choice_death_and_references() {
    let b = english();
    let (e, d) = parse(
        &b,
        "[Lose Wounded / Master Piety / Piety and Wisdom at Master level / Choice of Respected or Blessed / Death / @101 / @F:Terrible / @K / @city-of-brass]",
    );
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        e,
        vec![
            Effect::Lose("wounded".into()),
            Effect::Master(vec!["piety".into()]),
            Effect::Master(vec!["piety".into(), "wisdom".into()]),
            Effect::Choice(vec!["respected".into(), "blessed".into()]),
            Effect::Death,
            Effect::Goto(Target::Paragraph(101)),
            Effect::Goto(Target::Row {
                matrix: "F".into(),
                row: "Terrible".into()
            }),
            Effect::Goto(Target::Matrix("K".into())),
            Effect::Goto(Target::Place("city-of-brass".into())),
        ]
    );
}

#[test]
fn status_notes_durations_and_typed_losses() {
    let b = english();
    let (e, _) = parse(
        &b,
        "[Wounded (2 turns) / Blessed (GOOLEH) / Lose a status of your choice]",
    );
    assert_eq!(
        e,
        vec![
            Effect::Gain {
                id: "wounded".into(),
                note: Some(Note::Turns(2))
            },
            Effect::Gain {
                id: "blessed".into(),
                note: Some(Note::Text("GOOLEH".into()))
            },
            Effect::Typed(Box::new(Typed::Lose {
                loss: Loss::OneStatus,
                optional: false,
                by_other: false,
            })),
        ]
    );
}

#[test]
fn a_near_miss_of_a_glossary_name_is_reported_and_read_as_the_name() {
    let b = english();
    let (e, d) = parse(&b, "[D1 / Blesed]");
    assert_eq!(d, vec!["unknown-name"]);
    assert_eq!(
        e[1],
        Effect::Gain {
            id: "blessed".into(),
            note: None
        }
    );
}

/// Each slip of a hand in an award code: one finding of `code`, and the
/// item read as what was meant.
#[test]
fn award_words_a_few_edits_off_are_read_as_meant() {
    let b = english();
    let id = |s: &str| -> tales::ir::Id { s.into() };
    let cases: Vec<(&str, &str, Effect)> = vec![
        ("[Deth]", "unknown-name", Effect::Death),
        ("[Tresure]", "unknown-name", Effect::RandomTreasure),
        ("[TREASRE]", "unknown-name", Effect::RandomTreasure),
        (
            "[Mastr Wisdom]",
            "unknown-name",
            Effect::Master(vec![id("wisdom")]),
        ),
        (
            "[Loose Wounded]",
            "unknown-name",
            Effect::Lose(id("wounded")),
        ),
        ("[Lose Wonded]", "unknown-name", Effect::Lose(id("wounded"))),
        (
            "[Choise of Respected or Blessed]",
            "unknown-name",
            Effect::Choice(vec![id("respected"), id("blessed")]),
        ),
        (
            "[Choice of Respectd or Blessed]",
            "unknown-name",
            Effect::Choice(vec![id("respected"), id("blessed")]),
        ),
        (
            "[Wisdom at Mastr level]",
            "unknown-name",
            Effect::Master(vec![id("wisdom")]),
        ),
        (
            "[@ 26]",
            "syntax-error",
            Effect::Goto(tales::ir::Target::Paragraph(26)),
        ),
        ("[D 1]", "syntax-error", Effect::Destiny(1)),
        ("[W +1 (max Poor)]", "syntax-error", wealth(1, true, 1)),
        ("[W+2 (max Rich]", "syntax-error", wealth(2, true, 2)),
    ];
    for (text, code, meant) in cases {
        let (e, d) = parse(&b, text);
        assert_eq!(d, vec![code], "{text}");
        assert_eq!(e, vec![meant], "{text}");
    }
}

#[test]
fn items_joined_by_a_comma_or_no_slash_are_split() {
    let b = english();
    for text in ["[D-1, S1]", "[D-1,S1]", "[D-1 S1]"] {
        let (e, d) = parse(&b, text);
        assert_eq!(d, vec!["syntax-error"], "{text}");
        assert_eq!(e, vec![Effect::Destiny(-1), Effect::Story(1)], "{text}");
    }
    let (e, d) = parse(&b, "[S1 Wounded]");
    assert_eq!(d, vec!["syntax-error"]);
    assert_eq!(e.len(), 2);
}

#[test]
fn a_bare_award_letter_is_reported() {
    let (e, d) = parse(&english(), "[D1 / S]");
    assert_eq!(d, vec!["syntax-error"]);
    assert_eq!(e[1], Effect::FreeText("S".into()));
}

/// The other way: real free text, and words that only look alike, are
/// never taken for a slip.
#[test]
fn free_text_stays_free_text() {
    let b = english();
    for text in [
        "[Lose all your possessions]",
        "[Take the next ship, if you wish]",
        "[Roll again]",
        "[Dead man's chest]",
    ] {
        let (e, d) = parse(&b, text);
        assert!(d.is_empty(), "{text}: {d:?}");
        assert!(matches!(e[0], Effect::FreeText(_)), "{text}: {e:?}");
    }
}

#[test]
fn numbers_too_large_are_syntax_errors_not_overflows() {
    let (e, d) = parse(&english(), "[D99999999999999999999]");
    assert_eq!(d, vec!["syntax-error"]);
    assert_eq!(e, vec![Effect::Destiny(0)]);
}

#[test]
fn the_spanish_published_award_code() {
    let es = check(&fixture("spec-example-es")).book;
    // The Spanish example's ladder: Mendigo, Pobre, Rico, Opulento, Fabuloso.
    let (e, d) = parse(&es, "[S2 / H1 / R+1 (máx.: Pobre) / Narración / Respetado]");
    assert!(d.is_empty(), "{d:?}");
    let (en, _) = parse(
        &english(),
        "[D2 / S1 / W+1 (max Poor) / Storytelling / Respected]",
    );
    assert_eq!(
        e, en,
        "the same award in two languages is the same IR value"
    );
    assert_eq!(
        parse(&es, "[R-1 (mín.: Mendigo)]").0,
        vec![wealth(-1, false, 0)]
    );
    assert_eq!(
        parse(&es, "[A elegir entre Respetado o Bendito]").0,
        vec![Effect::Choice(vec!["respected".into(), "blessed".into()])]
    );
    assert_eq!(
        parse(&es, "[Muerte / Tesoro / Pierde Herido]").0,
        vec![
            Effect::Death,
            Effect::RandomTreasure,
            Effect::Lose("wounded".into())
        ]
    );
}

#[test]
fn the_french_published_award_code() {
    let c = check(&fixture("fr-mini"));
    assert!(c.diagnostics.is_empty(), "{}", common::human(&c));
    let fr = c.book;
    let (e, d) = parse(&fr, "[D1/H1/Fo+3 (Max : Riche)/Trésor]");
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        e,
        vec![
            Effect::Destiny(1),
            Effect::Story(1),
            wealth(3, true, 2),
            Effect::RandomTreasure
        ]
    );
    assert_eq!(
        parse(&fr, "[Blessé (1 tour)]").0,
        vec![Effect::Gain {
            id: "wounded".into(),
            note: Some(Note::Turns(1))
        }]
    );
}

#[test]
fn a_letter_from_another_language_is_reported() {
    let (_, d) = parse(&english(), "[H1]");
    assert_eq!(d, vec!["unknown-name"]);
}

/// French typography puts a no-break space (U+00A0, or the narrow U+202F)
/// before a colon; word processors insert it unasked. It is a space.
#[test]
fn french_no_break_spaces_are_spaces() {
    let fr = check(&fixture("fr-mini")).book;
    let plain = parse(&fr, "[D1/H1/Fo+3 (Max : Riche)/Trésor]");
    for nbsp in ['\u{a0}', '\u{202f}'] {
        let code = format!("[D1/H1/Fo+3 (Max{nbsp}:{nbsp}Riche){nbsp}/{nbsp}Trésor]");
        assert_eq!(parse(&fr, &code), plain, "{code:?}");
    }
    // The same in a section heading: `PIÉTÉ :` is the PIETY section.
    let ctx = Context::of(&fr, FileId(0));
    let labels = |text: &str| {
        let (paragraphs, diags) = tales::syntax::tales::parse_file(&ctx, text);
        assert!(diags.is_empty(), "{text:?}: {diags:?}");
        assert!(!paragraphs[0].is_chart());
        paragraphs[0]
            .sections()
            .iter()
            .map(|s| {
                s.labels()
                    .iter()
                    .map(|l| l.kind.clone())
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    };
    let paragraph = "-1-\nIntro.\nSANS COMPÉTENCE: Rien. [D1]\nPIÉTÉ: Le vent se tait. [D1]\n";
    let expected = labels(paragraph);
    assert_eq!(expected.len(), 2);
    for nbsp in ['\u{a0}', '\u{202f}'] {
        let text = paragraph.replace("PIÉTÉ:", &format!("PIÉTÉ{nbsp}:"));
        assert_eq!(labels(&text), expected, "{text:?}");
    }
}

/// Go-to with a section (FORMAT.md 2b) in every built-in language: the
/// same effect, whose section is the glossary id; `Read the NAME paragraph
/// below` is this paragraph's section.
#[test]
fn go_to_with_a_section_in_english_spanish_and_french() {
    let section = |paragraph| Effect::GotoSection {
        paragraph,
        section: "piety".into(),
    };
    let en = english();
    for text in [
        "[Go to paragraph 83 and read the PIETY paragraph]",
        "[Go to paragraph 83 and read the Piety section]",
        "[Go to paragraph 83 and read the PIETY paragraph.]",
    ] {
        assert_eq!(
            parse(&en, text),
            (vec![section(Some(83))], vec![]),
            "{text}"
        );
    }
    assert_eq!(
        parse(&en, "[S1 / Read the PIETY paragraph below]"),
        (vec![Effect::Story(1), section(None)], vec![])
    );
    let es = check(&fixture("spec-example-es")).book;
    assert_eq!(
        parse(&es, "[Ve al párrafo 83 y lee la sección PIEDAD]"),
        (vec![section(Some(83))], vec![])
    );
    let fr = check(&fixture("fr-mini")).book;
    assert_eq!(
        parse(
            &fr,
            "[Rendez-vous au paragraphe 83 et lisez la section PIÉTÉ]"
        ),
        (vec![section(Some(83))], vec![])
    );
    // Printed back in each language, it reads back as the same effect.
    for book in [&en, &es, &fr] {
        for e in [section(Some(83)), section(None)] {
            let m = &book.manifest;
            let text = tales::syntax::print::award(
                std::slice::from_ref(&e),
                &m.locale,
                &book.glossary,
                &m.rules,
            );
            assert_eq!(parse(book, &text), (vec![e], vec![]), "{text}");
        }
    }
}

#[test]
fn a_letter_for_a_digit_is_read_as_the_digit_and_a_zero_is_not_offered_as_the_fix() {
    let book = english();
    let helps = |text: &str| {
        let ctx = Context::of(&book, FileId(0));
        let mut diags: Diagnostics = Vec::new();
        parse_award(&ctx, text, 0, &mut diags);
        diags
            .iter()
            .map(|d| (d.code, d.help.clone().unwrap_or_default()))
            .collect::<Vec<_>>()
    };
    // `l` for 1: the fix is the digit.
    assert_eq!(
        helps("[Sl / D1]"),
        vec![("syntax-error", "write `S1`".to_string())]
    );
    // `O` for 0: `D0` gives nothing, so it is not offered as the fix.
    let zero = helps("[DO / S2]");
    assert_eq!(zero.len(), 1, "{zero:?}");
    assert_eq!(zero[0].0, "syntax-error");
    assert!(!zero[0].1.contains("write `D0`"), "{zero:?}");
    assert!(zero[0].1.contains("would give nothing"), "{zero:?}");
}

/// Issue #23: `Maestro en Erudición` (a Spanish book's Master form) and
/// `Master in Scholarship`, `Scholarship (Master)` (an English one's) are
/// the Master level the format writes `Master NAME`, so a translation
/// that writes one against the other pairs with no `l10n-award-mismatch`.
#[test]
fn master_in_a_skill_as_printed_books_word_it() {
    let en = english();
    let es = check(&fixture("spec-example-es")).book;
    let master = vec![Effect::Master(vec!["piety".into()])];
    for written in [
        "[Master Piety]",
        "[Master in Piety]",
        "[Piety (Master)]",
        "[Master of Piety]",
    ] {
        assert_eq!(parse(&en, written), (master.clone(), vec![]), "{written}");
    }
    for written in [
        "[Maestro Piedad]",
        "[Maestro en Piedad]",
        "[Maestro de Piedad]",
        "[Piedad (Maestro)]",
    ] {
        assert_eq!(parse(&es, written), (master.clone(), vec![]), "{written}");
    }
}
