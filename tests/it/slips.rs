//! One mistake, one finding: each slip below is planted alone in a copy of
//! a book that checks clean (the sample book, the spec example, their
//! Spanish translations) and must give exactly one error, of the code
//! given, at the line given, with at most one warning beside it where the
//! warning is truly separate. The slips are the ones a tired designer or
//! translator makes: issue #9's list and more of the same families.
//!
//! `cargo test --test it slips:: -- --nocapture` prints the tally that docs/findings.md
//! quotes.

use crate::common;
use std::path::Path;
use tales::diagnostic::Severity;

/// A slip: in which book, which file, what is replaced by what, the code of
/// the one error expected, and the line it points at.
struct Slip {
    book: &'static str,
    file: &'static str,
    old: &'static str,
    new: &'static str,
    code: &'static str,
    line: usize,
}

const LAMP: &str = "sunken-lamp";
const LAMP_ES: &str = "sunken-lamp-es";
const SPEC: &str = "spec-example";
const SPEC_ES: &str = "spec-example-es";
const V2: &str = "spec-example-v2";
const V2_ES: &str = "spec-example-v2-es";
/// The spec's version 3 example, and its Spanish translation.
const V3: &str = "spec-example-v3";
const V3_ES: &str = "spec-example-v3-es";
const ROAD: &str = "tales/road.tales";
/// The version 2 example with version 3's board (FORMAT.md 9.1).
const BOARD: &str = "board-example";
/// The project's own version 2 book, laid out as a printed one.
const SILVER: &str = "silver-caravan";
const COURT: &str = "tales/court.tales";
const PRISON: &str = "tales/prison.tales";
const CHARTS: &str = "tales/charts.tales";

const fn slip(
    book: &'static str,
    file: &'static str,
    old: &'static str,
    new: &'static str,
    code: &'static str,
    line: usize,
) -> Slip {
    Slip {
        book,
        file,
        old,
        new,
        code,
        line,
    }
}

const BEASTS: &str = "tales/beasts.tales";
const ROYALTY: &str = "tales/royalty.tales";
const PERILS: &str = "tales/perils.tales";

static SLIPS: &[Slip] = &[
    // Section headings.
    slip(
        LAMP,
        BEASTS,
        "WILDERNESS LORE: You throw",
        "Wilderness Lore: You throw",
        "heading-like-line",
        12,
    ),
    slip(
        LAMP,
        BEASTS,
        "WILDERNESS LORE: You throw",
        "Wilderness lore: You throw",
        "heading-like-line",
        12,
    ),
    slip(
        LAMP,
        BEASTS,
        "WILDERNESS LORE: You throw",
        "Wilderness Lor: You throw",
        "heading-like-line",
        12,
    ),
    slip(
        LAMP,
        BEASTS,
        "WILDERNESS LORE: You throw",
        "Wild Lands: You throw",
        "heading-like-line",
        12,
    ),
    slip(
        LAMP,
        BEASTS,
        "NO SKILL: The lion is not impressed",
        "No skill: The lion is not impressed",
        "heading-like-line",
        10,
    ),
    slip(
        LAMP,
        BEASTS,
        "NO SKILL: The lion is not impressed",
        "NO SKIL: The lion is not impressed",
        "unknown-name",
        10,
    ),
    slip(
        LAMP,
        BEASTS,
        "WILDERNESS LORE: You throw",
        "WILDERNES LORE: You throw",
        "unknown-name",
        12,
    ),
    slip(
        SPEC,
        PERILS,
        "WOUNDED (mandatory):",
        "WOUNDED (mandatroy):",
        "unknown-name",
        60,
    ),
    slip(
        SPEC_ES,
        PERILS,
        "HERIDO (obligatorio):",
        "HERIDO (obligatoro):",
        "unknown-name",
        60,
    ),
    slip(
        SPEC_ES,
        PERILS,
        "SIN HABILIDAD: Las olas",
        "SIN HABILIDA: Las olas",
        "unknown-name",
        24,
    ),
    slip(
        SPEC_ES,
        PERILS,
        "SIN HABILIDAD: Las olas",
        "Sin habilidad: Las olas",
        "heading-like-line",
        24,
    ),
    // The source's keyword left untranslated: read as this book's.
    slip(
        SPEC_ES,
        PERILS,
        "SIN HABILIDAD: Las olas",
        "NO SKILL: Las olas",
        "unknown-name",
        24,
    ),
    // Award codes: brackets and shapes.
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "D1 / S2 / Wilderness Lore]",
        "unbalanced-bracket",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore",
        "unbalanced-bracket",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S1 / W+1 (max Rich)]",
        "[D1 / S1 / W+1 (max Rich]",
        "syntax-error",
        35,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / S1",
        "unbalanced-bracket",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns / S1]",
        "syntax-error",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns), S1]",
        "syntax-error",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / S]",
        "syntax-error",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / S 1]",
        "syntax-error",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) S1]",
        "syntax-error",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / @ 240]",
        "syntax-error",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / @2400]",
        "dangling-reference",
        38,
    ),
    // Award codes: words.
    slip(
        LAMP,
        BEASTS,
        "> 1: It wins. [Death]",
        "> 1: It wins. [Deth]",
        "unknown-name",
        30,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / Tresure]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / Mastr Piety]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / Choise of Piety or Luck]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / Loose Wounded]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wounded (2 turns) / Pursed]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[Wounded (2 turns) / S1]",
        "[Wonded (2 turns) / S1]",
        "unknown-name",
        31,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S1 / W+1 (max Rich)]",
        "[D1 / S1 / W+1 (max Rihc)]",
        "unknown-name",
        35,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S1 / W+1 (max Rich)]",
        "[D1 / S1 / W+1 (mx Rich)]",
        "unknown-name",
        35,
    ),
    slip(
        SPEC_ES,
        PERILS,
        "[S1 / H1 / Maestro Marinería]",
        "[S1 / H1 / Maestro Marineria]",
        "unknown-name",
        27,
    ),
    // Branches.
    slip(
        LAMP,
        ROYALTY,
        "> If you stay the night:",
        "If you stay the night:",
        "single-choice",
        42,
    ),
    slip(
        LAMP,
        ROYALTY,
        "> If you leave at once:",
        "If you leave at once:",
        "single-choice",
        43,
    ),
    slip(
        LAMP,
        ROYALTY,
        "> If you leave at once:",
        "> If you leave at once",
        "syntax-error",
        43,
    ),
    slip(
        LAMP,
        BEASTS,
        "> 2-4: You escape",
        "> 2-5: You escape",
        "roll-coverage",
        32,
    ),
    slip(
        LAMP,
        BEASTS,
        "> 2-4: You escape",
        "> 3-4: You escape",
        "roll-coverage",
        30,
    ),
    slip(
        SPEC,
        "tales/prison.tales",
        "> {wounded} If you",
        "> {woundd} If you",
        "unknown-name",
        19,
    ),
    slip(
        SPEC,
        "tales/prison.tales",
        "> {else} Otherwise",
        "> {esle} Otherwise",
        "unknown-name",
        20,
    ),
    slip(
        SPEC,
        PERILS,
        "{1d6 + seamanship}",
        "{1d6 + seamanshp}",
        "unknown-name",
        35,
    ),
    // Headers and charts.
    // A cell sent where no paragraph is, while its own paragraph 201 is
    // still reached by an `@201` of its neighbour 203: the fix is 201.
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [901, 204]",
        "dangling-reference",
        5,
    ),
    // A cell sent far off: no number one digit off fits, but the fan
    // 200..202 is the one no cell covers, so it is the fix and its
    // paragraphs are not reported unreachable besides.
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [9999, 204]",
        "dangling-reference",
        5,
    ),
    // A header renumbered: three references (a cell and two `@201`) agree
    // on 201, so the header is the mistake and the one finding is on it.
    slip(LAMP, ROYALTY, "-201-", "-2011-", "dangling-reference", 8),
    slip(LAMP, ROYALTY, "-201-", "-9201-", "dangling-reference", 8),
    // A destiny neighbour's header with a typo: found at the cell, the
    // help names the header, and 20 is not unreachable besides.
    slip(
        LAMP,
        ROYALTY,
        "-202-",
        "-20-",
        "missing-destiny-neighbour",
        5,
    ),
    // A row deleted: three references to it are one finding, and its
    // paragraphs are counted in the help, not reported unreachable.
    slip(
        LAMP,
        "matrices.yaml",
        "    Proud:    [207, 210]\n",
        "",
        "dangling-reference",
        28,
    ),
    // A definition renamed by a slip while its references agree with each
    // other: the one finding is on the definition.
    slip(
        LAMP,
        "matrices.yaml",
        "Proud:    [207, 210]",
        "Prod:    [207, 210]",
        "dangling-reference",
        6,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "B:  # merchants",
        "H:  # merchants",
        "dangling-reference",
        7,
    ),
    slip(
        LAMP,
        "book.yaml",
        "brass-lighthouse: {name",
        "brass-lighthous: {name",
        "dangling-reference",
        18,
    ),
    // A space of the board on a terrain the book does not have.
    slip(
        LAMP,
        "board.yaml",
        "{terrain: city, number: 2, region: Sogdia}",
        "{terrain: cty, number: 2, region: Sogdia}",
        "unknown-name",
        23,
    ),
    // A quest's names (FORMAT.md 9.4): a space, a region and a treasure
    // misspelt are one finding each, read as meant, and the quest is not
    // also reported as one that can never be completed.
    slip(
        LAMP,
        "quests.yaml",
        "{hold: Sunken Lamp, at: Basra}",
        "{hold: Sunken Lamp, at: Basar}",
        "unknown-name",
        12,
    ),
    slip(
        LAMP,
        "quests.yaml",
        "{story: 8, in: Persia}",
        "{story: 8, in: Perisa}",
        "unknown-name",
        63,
    ),
    slip(
        LAMP,
        "quests.yaml",
        "{hold: Sunken Lamp}",
        "{hold: Sunken Lamb}",
        "unknown-name",
        10,
    ),
    // A place of power's id misspelt on the board: one finding there.
    slip(
        LAMP,
        "board.yaml",
        "{place: valley-of-ash,",
        "{place: valley-of-ahs,",
        "unknown-name",
        46,
    ),
    // A chart whose header lost its `chart`: read as a chart all the same,
    // so its rows are not unused and its paragraphs not unreachable.
    slip(LAMP, CHARTS, "-2- chart", "-2-", "syntax-error", 12),
    // An arm that lost its `>`: above a deeper arm, and above an `{else}`
    // with its text running on to the next line.
    slip(
        SILVER,
        "tales/desert.tales",
        "> {wounded} If you are Wounded:",
        "{wounded} If you are Wounded:",
        "syntax-error",
        35,
    ),
    slip(
        SILVER,
        "tales/desert.tales",
        "> {blessed} If you are Blessed:",
        "{blessed} If you are Blessed:",
        "syntax-error",
        13,
    ),
    // A glossary name misspelt while the paragraphs write it right: one
    // finding on the glossary, not one for each place that names it.
    slip(
        LAMP,
        "glossary.yaml",
        "name: Seamanship",
        "name: Seamenship",
        "unknown-name",
        14,
    ),
    // A chart entry's matrix letter slipped: the row is in another matrix.
    slip(
        LAMP,
        CHARTS,
        " 7-8  A {Greedy} Smuggler (B)",
        " 7-8  A {Greedy} Smuggler (A)",
        "dangling-reference",
        8,
    ),
    // The same slips in a translation: the dangling reference is the one
    // finding, the comparison with the source does not report it again.
    slip(
        LAMP_ES,
        CHARTS,
        " 7-8  Un contrabandista {codicioso} (B)",
        " 7-8  Un contrabandista {codicioso} (A)",
        "dangling-reference",
        8,
    ),
    slip(
        LAMP_ES,
        "matrices.yaml",
        "Orgulloso: [207, 210]",
        "Orguloso: [207, 210]",
        "dangling-reference",
        6,
    ),
    // The Master suffix a few letters off: read as it, not as a choice.
    slip(
        V2,
        COURT,
        "COURTLY GRACES at Master level:",
        "COURTLY GRACES at Mastr level:",
        "unknown-name",
        10,
    ),
    slip(
        V2,
        COURT,
        "PIETY at Master level:",
        "PIETY at master levl:",
        "unknown-name",
        48,
    ),
    // A translator's condition naming a level the translation's ladder does
    // not have: the unknown level is the one finding, the comparison does
    // not say the condition differs besides.
    slip(
        V2_ES,
        COURT,
        "> {wealth >= rico}",
        "> {wealth >= respetable}",
        "unknown-name",
        17,
    ),
    slip(LAMP, BEASTS, "-264-", "-264", "syntax-error", 26),
    slip(LAMP, BEASTS, "-264-", "- 264 -", "syntax-error", 26),
    slip(LAMP, BEASTS, "-264-", "-263-", "duplicate-paragraph", 26),
    slip(
        LAMP,
        "tales/charts.tales",
        "-2- chart",
        "-2- chrt",
        "syntax-error",
        12,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        "-4- chart (C)",
        "-4- chart (C",
        "syntax-error",
        28,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        " 3-4  A {Hungry} Lion (D)",
        " 3-4  A {Hungy} Lion (D)",
        "dangling-reference",
        14,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        " 3-4  A {Hungry} Lion (D)",
        " 3-4  A Hungry Lion (D)",
        "syntax-error",
        14,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        " 3-4  A {Hungry} Lion (D)",
        " 3-4  A {Hungry} Lion",
        "syntax-error",
        14,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        " 3-4  A {Hungry} Lion (D)",
        " 3-4  A {Hungry} Lion (D",
        "syntax-error",
        14,
    ),
    slip(
        LAMP,
        "tales/charts.tales",
        " 3-4  A {Hungry} Lion (D)",
        " 3-5  A {Hungry} Lion (D)",
        "chart-coverage",
        15,
    ),
    // Matrices, cards, glossary, book.
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [201, 2004]",
        "dangling-reference",
        5,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [201, 240]",
        "missing-destiny-neighbour",
        5,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [201, 204",
        "syntax-error",
        5,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [201]",
        "matrix-shape",
        5,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "  reactions: [Bow, Petition]",
        "  reactions: [Bow, Petition, Flee]",
        "matrix-shape",
        3,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "  reactions: [Bow, Petition]",
        "  reaction: [Bow, Petition]",
        "misspelt-key",
        3,
    ),
    slip(
        LAMP,
        "cards.yaml",
        "    morning: 3",
        "    mornin: 3",
        "misspelt-key",
        3,
    ),
    slip(
        LAMP,
        "cards.yaml",
        "    desert: 2",
        "    desret: 2",
        "unknown-name",
        12,
    ),
    slip(
        LAMP,
        "cards.yaml",
        "    paragraph: 500",
        "    paragraf: 500",
        "misspelt-key",
        17,
    ),
    slip(
        SPEC,
        "glossary.yaml",
        "encounters: \"@K\"",
        "encounters: \"@J\"",
        "dangling-reference",
        12,
    ),
    slip(
        SPEC,
        "glossary.yaml",
        "encounters: \"@K\"",
        "encounter: \"@K\"",
        "misspelt-key",
        12,
    ),
    slip(
        SPEC,
        "glossary.yaml",
        "  wisdom: Wisdom",
        "  wisdom: Wisdom\n  wisdom: Wisdom",
        "syntax-error",
        8,
    ),
    slip(
        SPEC,
        "book.yaml",
        "    - {name: Poor,     land: 3, sea: 2, start: true}",
        "    - {name: Poor,     land: 3, sea: 2, strat: true}",
        "misspelt-key",
        8,
    ),
    slip(
        SPEC,
        "tales/people.tales",
        "[S1 / @101]",
        "[S1 / @1010]",
        "dangling-reference",
        49,
    ),
    // Comments and levels.
    slip(
        SPEC,
        "tales/people.tales",
        "-40-",
        "# tales: allow(dangling-refernce)\n-40-",
        "unknown-lint",
        3,
    ),
    slip(
        SPEC,
        "tales/people.tales",
        "-40-",
        "# tales: alow(unreachable-paragraph)\n-40-",
        "syntax-error",
        3,
    ),
    slip(
        SPEC,
        "book.yaml",
        "title: The Mirage Coast",
        "title: The Mirage Coast\nlints:\n  unreachable-paragraphs: deny",
        "unknown-lint",
        3,
    ),
    // Translations.
    slip(SPEC_ES, PERILS, "-22-", "-220-", "l10n-extra-paragraph", 18),
    // Version 2: the tree, printed spellings, gender, wealth and points.
    slip(
        V2,
        COURT,
        "[D1 / S2 / Go to paragraph 75]",
        "[D1 / S2 / Go to paragrph 75]",
        "unknown-name",
        23,
    ),
    slip(
        V2,
        COURT,
        "[D1 / S2 / Go to paragraph 75]",
        "[D1 / S2 / Go to 75]",
        "unknown-name",
        23,
    ),
    slip(
        V2,
        COURT,
        "[D1 / S2 / Go to paragraph 75]",
        "[D1 / S2 / Go to paragraph]",
        "syntax-error",
        23,
    ),
    slip(
        V2,
        COURT,
        "[D1 / S2 / Go to paragraph 75]",
        "[D1 / S2 / Go to paragraph 76]",
        "dangling-reference",
        23,
    ),
    slip(V2, COURT, "(Max: Rich)]", "(Max: Rihc)]", "unknown-name", 6),
    slip(
        V2,
        COURT,
        "(Max: Rich)]",
        "(Maxi: Rich)]",
        "unknown-name",
        6,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "{wealth >= rihc}",
        "unknown-name",
        17,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "{welth >= rich}",
        "unknown-name",
        17,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "{wealth => rich}",
        "syntax-error",
        17,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "{wealth >= rich",
        "unbalanced-bracket",
        17,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "(wealth >= rich)",
        "syntax-error",
        17,
    ),
    slip(
        V2,
        COURT,
        "{wealth >= rich}",
        "wealth >= rich",
        "syntax-error",
        17,
    ),
    slip(V2, CHARTS, "(A, female)", "(A, femal)", "unknown-name", 16),
    slip(V2, CHARTS, "(A, female)", "(A, woman)", "unknown-name", 16),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{2d6 + 2}",
        "syntax-error",
        21,
    ),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{2d6 + luk + courtly-graces - wounded}",
        "unknown-name",
        21,
    ),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{2d6 luck + courtly-graces - wounded}",
        "syntax-error",
        21,
    ),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "(2d6 + luck + courtly-graces - wounded)",
        "syntax-error",
        21,
    ),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{2d6 + luck + courtly-graces - wounded",
        "unbalanced-bracket",
        21,
    ),
    slip(
        V2,
        COURT,
        "{terrain = sea}",
        "{terrain = see}",
        "unknown-name",
        58,
    ),
    slip(
        V2,
        COURT,
        "{opposite-sex}",
        "{oposite-sex}",
        "unknown-name",
        68,
    ),
    slip(
        V2,
        COURT,
        "WEALTH: RICH or greater (mandatory)",
        "WEALTH: RICH or more (mandatory)",
        "syntax-error",
        33,
    ),
    slip(
        V2,
        COURT,
        "WEALTH: RICH or greater (mandatory)",
        "WEALTH: RICH or grater (mandatory)",
        "syntax-error",
        33,
    ),
    slip(
        V2,
        COURT,
        "WEALTH: RICH or greater (mandatory)",
        "WEALTH: RIHC or greater (mandatory)",
        "unknown-name",
        33,
    ),
    slip(
        V2,
        COURT,
        "WEALTH: RICH or greater (mandatory)",
        "WEALTH: RICH or greater [mandatory]",
        "unknown-name",
        33,
    ),
    slip(
        V2,
        COURT,
        "MALE (mandatory)",
        "MALE [mandatory]",
        "unknown-name",
        42,
    ),
    slip(
        V2,
        COURT,
        "MALE (mandatory)",
        "MAEL (mandatory)",
        "unknown-name",
        42,
    ),
    slip(
        V2,
        COURT,
        "MALE (mandatory)",
        "Male (mandatory)",
        "heading-like-line",
        42,
    ),
    slip(
        V2,
        COURT,
        ">> If you sing on",
        ">>> If you sing on",
        "syntax-error",
        24,
    ),
    slip(
        V2,
        COURT,
        ">> If you sing on",
        "> If you sing on",
        "syntax-error",
        24,
    ),
    slip(V2, COURT, ">>> 7+", ">> 7+", "syntax-error", 23),
    slip(V2, COURT, ">>> 7+", ">>>> 7+", "syntax-error", 23),
    slip(V2, COURT, ">>> 7+", "7+", "syntax-error", 23),
    // The first band under the roll spec without its marks: the band after
    // it has them.
    slip(V2, COURT, ">>> 1–6", "1–6", "syntax-error", 22),
    // The whole roll written one level up: its bands without marks, the
    // arm after them one `>` short. One finding, at the first band.
    slip(
        V2,
        COURT,
        ">>> 1–6: You fall into the roses. [Wounded (1 turn)]\n>>> 7+",
        "1–6: You fall into the roses. [Wounded (1 turn)]\n7+",
        "syntax-error",
        22,
    ),
    slip(V2, COURT, ">>> 7+", ">>> 8+", "roll-coverage", 22),
    slip(
        V2,
        COURT,
        ">> If you decline",
        "> If you decline",
        "syntax-error",
        13,
    ),
    slip(
        V2,
        COURT,
        ">> If you decline",
        ">>> If you decline",
        "syntax-error",
        13,
    ),
    slip(
        V2,
        COURT,
        "> COURTLY GRACES at Master",
        ">> COURTLY GRACES at Master",
        "syntax-error",
        10,
    ),
    slip(
        V2,
        COURT,
        "> COURTLY GRACES at Master",
        "COURTLY GRACES at Master",
        "syntax-error",
        12,
    ),
    slip(
        V2,
        COURT,
        ">> NO SKILL: You find",
        "> NO SKILL: You find",
        "syntax-error",
        57,
    ),
    slip(
        V2,
        COURT,
        ">> SEAMANSHIP",
        "> SEAMANSHIP",
        "syntax-error",
        58,
    ),
    slip(
        V2,
        COURT,
        "> 9+: You win",
        "9+: You win",
        "syntax-error",
        75,
    ),
    slip(
        V2,
        COURT,
        "> 2–8: She wins",
        "2–8: She wins",
        "syntax-error",
        74,
    ),
    slip(
        V2,
        PRISON,
        "> {else} Otherwise",
        ">> {else} Otherwise",
        "syntax-error",
        20,
    ),
    slip(
        V2,
        PRISON,
        "> {else} Otherwise",
        "> Otherwise",
        "syntax-error",
        20,
    ),
    slip(
        V2,
        PRISON,
        "> {else} Otherwise",
        "{else} Otherwise",
        "syntax-error",
        20,
    ),
    slip(V2, PRISON, "{else}", "{otherwise}", "unknown-name", 20),
    slip(V2, PRISON, "{wounded}", "(wounded)", "syntax-error", 19),
    slip(V2, PRISON, "{wounded}", "{wonded}", "unknown-name", 19),
    slip(
        V2_ES,
        COURT,
        "Ve al párrafo 75]",
        "Ve al párrafo 76]",
        "l10n-reference-mismatch",
        23,
    ),
    slip(
        V2_ES,
        COURT,
        "Ve al párrafo 75]",
        "Go to paragraph 75]",
        "l10n-award-mismatch",
        23,
    ),
    slip(
        V2_ES,
        COURT,
        ">>> 1–6: Caes",
        ">>> 1–5: Caes",
        "l10n-structure-mismatch",
        22,
    ),
    slip(
        V2_ES,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{2d6 + luck + courtly-graces}",
        "l10n-structure-mismatch",
        21,
    ),
    slip(
        V2_ES,
        COURT,
        "RICO o más (obligatorio)",
        "RICO o menos (obligatorio)",
        "l10n-section-mismatch",
        33,
    ),
    slip(
        V2_ES,
        COURT,
        "RICO o más (obligatorio)",
        "RICO o mas (obligatorio)",
        "syntax-error",
        33,
    ),
    slip(
        V2_ES,
        COURT,
        "MUJER: Te toma",
        "HOMBRE: Te toma",
        "l10n-section-mismatch",
        66,
    ),
    slip(
        V2_ES,
        COURT,
        "(máx.: Opulento)",
        "(máx.: Rico)",
        "l10n-award-mismatch",
        75,
    ),
    slip(
        V2_ES,
        COURT,
        "{wealth >= rico}",
        "{wealth >= pobre}",
        "l10n-structure-mismatch",
        17,
    ),
    slip(
        V2_ES,
        COURT,
        "{destiny >= 5 | story >= 5}",
        "{destiny >= 5 & story >= 5}",
        "l10n-structure-mismatch",
        52,
    ),
    slip(
        V2_ES,
        COURT,
        ">> Si aceptas: Os casáis en primavera. [S1 / H2 / Casado]\n",
        "",
        "l10n-structure-mismatch",
        12,
    ),
    slip(
        V2_ES,
        CHARTS,
        "(A, female)",
        "(A, male)",
        "l10n-structure-mismatch",
        16,
    ),
    slip(
        V2_ES,
        CHARTS,
        "(A, female)",
        "(A)",
        "l10n-structure-mismatch",
        16,
    ),
    slip(
        V2_ES,
        CHARTS,
        " 1-4  Un viajero",
        " 1-3  Un viajero",
        "l10n-structure-mismatch",
        15,
    ),
    // The bad input issue 16 names, in the project's version 2 book.
    slip(
        SILVER,
        "tales/nobles.tales",
        "{wealth >= rich}",
        "{wealth >= rihc}",
        "unknown-name",
        45,
    ),
    slip(
        SILVER,
        CHARTS,
        "Oasis (A, female)",
        "Oasis (A, femal)",
        "unknown-name",
        8,
    ),
    slip(
        SILVER,
        "tales/places.tales",
        "{2d6 + magic + 2 magic:master}",
        "{2d6 + 2}",
        "syntax-error",
        37,
    ),
    slip(
        SILVER,
        "tales/lost.tales",
        ">> If you run:",
        ">> 9+:",
        "syntax-error",
        43,
    ),
    slip(
        SILVER,
        "tales/desert.tales",
        "> {wounded} If you are Wounded",
        ">>> {wounded} If you are Wounded",
        "syntax-error",
        35,
    ),
    slip(
        SILVER,
        "tales/desert.tales",
        "[S1 / Go to paragraph 160.]",
        "[S1 / Go to paragraf 160.]",
        "unknown-name",
        22,
    ),
    // Version 3 (FORMAT.md 2b): guarded options, go-to with a section,
    // the number of skills, notes in brackets in a heading.
    slip(
        V3,
        ROAD,
        "{wealth <= poor}:",
        "{wealth <= poorr}:",
        "unknown-name",
        6,
    ),
    // Issue #23's trial: a guarded option's condition left open is one
    // error at its `{`, read as closed (before: no finding, and the option
    // offered to everyone).
    slip(
        V3,
        ROAD,
        "{wealth <= poor}:",
        "{wealth <= poor:",
        "unbalanced-bracket",
        6,
    ),
    slip(
        V3,
        ROAD,
        "> If you carry it for nothing: He blesses you at the shore. [D1 / Move to any coastal space]\n> If you refuse: He grumbles and points you the wrong way. [Have another player move you one space in any direction]\n",
        "",
        "single-choice",
        6,
    ),
    slip(
        V3,
        ROAD,
        "read the PIETY paragraph",
        "read the SEAMANSHIP paragraph",
        "dangling-reference",
        15,
    ),
    slip(
        V3,
        ROAD,
        "read the PIETY paragraph",
        "read the PIETYY paragraph",
        "dangling-reference",
        15,
    ),
    slip(
        V3,
        ROAD,
        "Go to paragraph 83 and",
        "Go to paragraph 838 and",
        "dangling-reference",
        15,
    ),
    slip(
        V3,
        ROAD,
        "ANY 4 SKILLS:",
        "{skills >= four}:",
        "unknown-name",
        22,
    ),
    slip(
        V3,
        ROAD,
        "ANY 4 SKILLS:",
        "ANY 4 SKILS:",
        "unknown-name",
        22,
    ),
    slip(
        V3,
        COURT,
        "SEDUCTION {opposite-sex}, APPEARANCE:",
        "SEDUCTION [if opposite sex], APPEARANCE:",
        "syntax-error",
        68,
    ),
    slip(
        V3,
        COURT,
        "SEDUCTION {opposite-sex}, APPEARANCE:",
        "SEDUCTION, APPEARANCE [if the opposite sex from the other]:",
        "syntax-error",
        68,
    ),
    slip(
        V3,
        COURT,
        "FEMALE: She takes",
        "WOUNDED [mandatory], LUCK: She takes",
        "unknown-name",
        66,
    ),
    slip(
        V3,
        COURT,
        "FEMALE: She takes",
        "WOUNDED, LUCK [All mandatory]: She takes",
        "unknown-name",
        66,
    ),
    // Issue #23's trial: a v3 paragraph translated badly is one finding:
    // a number, a place or a die face changed in a typed effect is the
    // award's mismatch; a wealth level misspelt in it is its unknown name
    // alone (read as the level meant, so the award still matches).
    slip(
        V3_ES,
        ROAD,
        "te mueva una casilla en",
        "te mueva dos casillas en",
        "l10n-award-mismatch",
        8,
    ),
    slip(
        V3_ES,
        ROAD,
        "Muévete a Dunas y",
        "Muévete a Qalat y",
        "l10n-award-mismatch",
        43,
    ),
    slip(
        V3_ES,
        ROAD,
        "con un 1 o 2, Herido",
        "con un 1 o 3, Herido",
        "l10n-award-mismatch",
        36,
    ),
    slip(
        V3_ES,
        ROAD,
        "(máx.: Rico) o Tesoro",
        "(máx.: Rica) o Tesoro",
        "unknown-name",
        29,
    ),
    slip(V3_ES, ROAD, "R=Mendigo", "R=Mendgo", "unknown-name", 27),
    // A space name translated that the translation's board does not know:
    // its `unknown-name` alone (before: an `l10n-award-mismatch` beside it).
    slip(
        V3_ES,
        ROAD,
        "destino en Qalat",
        "destino en Calat",
        "unknown-name",
        38,
    ),
    // The board (FORMAT.md 9.1): a route to a space that does not exist is
    // one finding at the route end, with the space it cut off as the likely
    // fix (not a second finding for the cut-off space); a misspelt terrain
    // is read as meant; a space copied and not renamed is the duplicate key
    // alone (the first is read, so no route is lost).
    slip(
        BOARD,
        "board.yaml",
        "[Shoals, Qalat]",
        "[Shoals, Zanzibar]",
        "unknown-name",
        10,
    ),
    slip(
        BOARD,
        "board.yaml",
        "[Shoals, Qalat]",
        "[Shoals, Qalta]",
        "unknown-name",
        10,
    ),
    slip(
        BOARD,
        "board.yaml",
        "terrain: desert",
        "terrain: dessert",
        "unknown-name",
        4,
    ),
    slip(
        BOARD,
        "board.yaml",
        "  Qalat:",
        "  Dunes:         {terrain: desert, number: 2, region: Arabia}\n  Qalat:",
        "syntax-error",
        6,
    ),
    slip(
        BOARD,
        "board.yaml",
        "number: 2",
        "number: 6",
        "syntax-error",
        4,
    ),
    slip(
        BOARD,
        "book.yaml",
        "start: Bantu",
        "start: Bantoo",
        "dangling-reference",
        5,
    ),
    slip(
        BOARD,
        "cards.yaml",
        "city: Bantu",
        "city: Dunes",
        "board-not-a-city",
        11,
    ),
    // `count: N` (FORMAT.md 9.5): 1 to 100 copies; anything else is one
    // finding at the count, and the card is dealt once.
    slip(
        V3,
        "cards.yaml",
        "    morning: 2",
        "    count: 0\n    morning: 2",
        "syntax-error",
        3,
    ),
    slip(
        V3,
        "cards.yaml",
        "    sea: 1",
        "    count: many\n    sea: 1",
        "syntax-error",
        8,
    ),
    slip(
        V3,
        "cards.yaml",
        "    paragraph: 8",
        "    count: 4000000000\n    paragraph: 8",
        "syntax-error",
        12,
    ),
    // Issue #23's trial: `routes:` under another name with its shape is
    // read as `routes:` (before: an `unknown-key` warning and a
    // `board-cut-off` for every space); no routes at all is one finding.
    slip(V3, "board.yaml", "routes:", "roads:", "misspelt-key", 8),
    slip(
        V3,
        "board.yaml",
        "routes:\n  land: [[Bantu, Dunes]]\n  sea:  [[Bantu, Shoals], [Shoals, Qalat]]\n",
        "",
        "board-cut-off",
        3,
    ),
    // Issue #24's trial: a board emptied of its spaces is one finding at
    // board.yaml, the book read as one without a board (before: 27 errors
    // on the sample book, for its start, places, city cards, quests and
    // rules, and none at board.yaml).
    slip(
        V3,
        "board.yaml",
        "spaces:\n  Bantu:         {terrain: city, region: Arabia}\n  Dunes:         {terrain: desert, number: 2, region: Arabia}\n  Shoals:        {terrain: sea, number: 1, region: Arabia}\n  Qalat:         {terrain: city, region: India, island: true}\n  City of Brass: {place: city-of-brass, exit: Bantu}\nroutes:\n  land: [[Bantu, Dunes]]\n  sea:  [[Bantu, Shoals], [Shoals, Qalat]]",
        "spaces: {}\nroutes: {}",
        "syntax-error",
        2,
    ),
    // A treasure found in one region and outside another, in one map: the
    // second is one finding (it silently replaced the first).
    slip(
        LAMP,
        "quests.yaml",
        "{hold: treasure, found-outside: Zanj, at: Kilwa}",
        "{hold: treasure, found-outside: Zanj, found-in: Hind, at: Kilwa}",
        "syntax-error",
        55,
    ),
    // A number too large to read (issue #25): one error quoting it as
    // written, never a clamped number or a guessed paragraph.
    slip(
        V2,
        CHARTS,
        " 1-12 A {Lost} Merchant",
        " 1-99999999999 A {Lost} Merchant",
        "syntax-error",
        12,
    ),
    slip(
        V2,
        COURT,
        ">>> 7+: She gives",
        ">>> 7-99999999999: She gives",
        "syntax-error",
        23,
    ),
    slip(
        V2,
        "tales/people.tales",
        "[S1 / @101]",
        "[S1 / @99999999999]",
        "dangling-reference",
        49,
    ),
    slip(
        V2,
        COURT,
        "{2d6 + luck + courtly-graces - wounded}",
        "{99999999999d6 + luck + courtly-graces - wounded}",
        "syntax-error",
        21,
    ),
    // The web trial's slips (issue #23): a letter for a digit in a go-to's
    // number (O for 0, l or I for 1) is one finding at the number, read as
    // the number meant (before: no finding at all, or `@24O` read as
    // `@24`); when the paragraph meant does not exist either, the one
    // finding is the dangling reference.
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / Go to 24O]",
        "unknown-name",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / @24O]",
        "syntax-error",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / @2l0]",
        "syntax-error",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / Go to paragraph 24O]",
        "syntax-error",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / Go to 5O1]",
        "dangling-reference",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / @5O1]",
        "dangling-reference",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / Go to paragraph 5O1]",
        "dangling-reference",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[S1 / Go to 501]",
        "dangling-reference",
        38,
    ),
    // A matrix's first row deleted while a chart or card still names it:
    // the row's fans lie before the matrix's other cells (before: only the
    // last row's were found, and the fans were reported again as
    // unreachable).
    slip(
        LAMP,
        "matrices.yaml",
        "    Hungry:   [261, 264]\n",
        "",
        "dangling-reference",
        14,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "    Honest: [221, 224]\n",
        "",
        "dangling-reference",
        37,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "    Generous: [201, 204]\n",
        "",
        "dangling-reference",
        64,
    ),
    // More of the family: a letter for a digit wherever a number is
    // written (before: a matrix cell gave an error and two unreachable
    // paragraphs; a city card's paragraph an error and an unreachable one;
    // a header `-2O1-` an error and a cell's dangling reference;
    // `@4O2` in a chart entry or prose was read as `@4`, chart 4, with no
    // finding; `Sl` was free text; a roll `l-2` gave an error and a
    // chart-coverage one).
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [2O1, 204]",
        "syntax-error",
        5,
    ),
    slip(
        LAMP,
        "matrices.yaml",
        "Generous: [201, 204]",
        "Generous: [5O1, 204]",
        "dangling-reference",
        5,
    ),
    slip(
        LAMP,
        "cards.yaml",
        "paragraph: 500",
        "paragraph: 5OO",
        "syntax-error",
        17,
    ),
    slip(
        LAMP,
        CHARTS,
        "yesterday @402",
        "yesterday @4O2",
        "syntax-error",
        26,
    ),
    slip(
        LAMP,
        ROYALTY,
        "a cousin who has. [S1 / @201]",
        "a cousin who has @2O1. [S1]",
        "syntax-error",
        26,
    ),
    slip(LAMP, ROYALTY, "\n-201-\n", "\n-2O1-\n", "syntax-error", 8),
    slip(
        LAMP,
        BEASTS,
        "[S1 / @240]",
        "[Sl / @240]",
        "syntax-error",
        38,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S1 / W+1 (max Rich)]",
        "[D1 / S1 / W+l (max Rich)]",
        "syntax-error",
        35,
    ),
    slip(
        LAMP,
        CHARTS,
        " 1-2  A {Calm}",
        " l-2  A {Calm}",
        "syntax-error",
        5,
    ),
    slip(
        LAMP,
        CHARTS,
        "{Honest} Caravan",
        "{H0nest} Caravan",
        "dangling-reference",
        16,
    ), // `-5O1-` for `-201-` (a letter for a digit, and a digit wrong):
    // before, the letter's error and the typo's `dangling-reference` at
    // the same header; now the typo's finding, quoting the header as
    // written.
    slip(
        LAMP,
        ROYALTY,
        "\n-201-\n",
        "\n-5O1-\n",
        "dangling-reference",
        8,
    ),
    // A header written inside an award code (`-5O1-` meant as a jump, or a
    // header pasted in): before, free text and no finding; now one, with
    // the go-to it may have meant (in the book's language).
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / -5O1-]",
        "syntax-error",
        13,
    ),
    // The same in a translation, and an award item a translator could not
    // write right (`HO`, a name not in the glossary): before, the item's
    // error and the comparison's `l10n-award-mismatch` (the award differs
    // because the item could not be read); now the item's error alone.
    slip(
        LAMP_ES,
        "tales/beasts.tales",
        "se aleja. [H1]",
        "se aleja. [H1 / -201-]",
        "syntax-error",
        5,
    ),
    slip(
        LAMP_ES,
        "tales/beasts.tales",
        "se aleja. [H1]",
        "se aleja. [HO]",
        "syntax-error",
        5,
    ),
    slip(
        LAMP_ES,
        "tales/beasts.tales",
        "se aleja. [H1]",
        "se aleja. [Herid]",
        "unknown-name",
        5,
    ),
    // More award-code slips of the family (doubled and stray separators,
    // O for 0, l for 1, amounts missing, stray signs, Spanish letters in
    // an English book). Before, `DO`, `SO`, `W-O`, `W (max Rich)`,
    // `W+ (max Rich)`, `S2 + Wilderness Lore`, `D1; S2`, `W++1`, `W+-1`
    // and `W+1 (max Rich))` were free text, with no finding at all.
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 // S2 / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore /]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[DO / S2 / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / SO / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[Dl / S2 / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W-O]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D / S2 / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W (max Rich)]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W+ (max Rich)]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 + Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1; S2 / Wilderness Lore]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W++1]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W+-1]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / W+1 (max Rich))]",
        "syntax-error",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / H2 / Wilderness Lore]",
        "unknown-name",
        13,
    ),
    slip(
        LAMP,
        BEASTS,
        "[D1 / S2 / Wilderness Lore]",
        "[D1 / S2 / Wilderness Lore / R+1 (max Rich)]",
        "unknown-name",
        13,
    ),
];

fn book_path(name: &str) -> std::path::PathBuf {
    match name {
        LAMP | LAMP_ES | SILVER => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("content")
            .join(name),
        _ => common::fixture(name),
    }
}

/// Plant a slip in a copy of its book (with its source beside it for a
/// translation) and check it.
fn plant(s: &Slip) -> Result<(), String> {
    let checked = planted(s)?;
    one_error_at_its_line(s, &checked)
}

/// A copy of the slip's book (and the books it may be a translation of)
/// with the slip planted, checked.
fn planted(s: &Slip) -> Result<tales::report::Checked, String> {
    let (_dir, root) = planted_at(s)?;
    Ok(common::check(&root))
}

/// A copy of a slip's book (with its source beside it for a translation)
/// with the slip planted.
fn planted_at(s: &Slip) -> Result<(tempfile::TempDir, std::path::PathBuf), String> {
    let dir = tempfile::tempdir().unwrap();
    for name in [LAMP, SPEC, V2, V3] {
        common::copy_dir(&book_path(name), &dir.path().join(name));
    }
    let root = dir.path().join(s.book);
    if !root.exists() {
        common::copy_dir(&book_path(s.book), &root);
    }
    let path = root.join(s.file);
    let text = std::fs::read_to_string(&path).unwrap();
    if text.matches(s.old).count() != 1 {
        return Err(format!("`{}` is not once in {}", s.old, s.file));
    }
    std::fs::write(&path, text.replace(s.old, s.new)).unwrap();
    Ok((dir, root))
}

/// The line a finding points at.
fn line_of(checked: &tales::report::Checked, d: &tales::diagnostic::Diagnostic) -> Option<usize> {
    tales::report::position_of(checked, d.primary.span)
        .rsplit(':')
        .nth(1)
        .and_then(|l| l.parse::<usize>().ok())
}

fn one_error_at_its_line(s: &Slip, checked: &tales::report::Checked) -> Result<(), String> {
    let errors: Vec<_> = checked
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let warnings = checked.diagnostics.len() - errors.len();
    let summary = || common::human(checked);
    match errors.as_slice() {
        [e] if e.code == s.code => {}
        _ => return Err(format!("expected one `{}` error:\n{}", s.code, summary())),
    }
    let at = line_of(checked, errors[0]);
    if at != Some(s.line) {
        return Err(format!(
            "expected line {}, found {at:?}:\n{}",
            s.line,
            summary()
        ));
    }
    if warnings > 1 {
        return Err(format!(
            "{warnings} warnings beside the error:\n{}",
            summary()
        ));
    }
    Ok(())
}

#[test]
fn every_slip_is_one_finding_at_its_cause() {
    let mut failed = Vec::new();
    for s in SLIPS {
        if let Err(e) = plant(s) {
            failed.push(format!(
                "{} {}: `{}` -> `{}`: {e}",
                s.book, s.file, s.old, s.new
            ));
        }
    }
    println!(
        "{} planted mistakes, {} caught with exactly one error at the cause",
        SLIPS.len(),
        SLIPS.len() - failed.len()
    );
    assert!(
        failed.is_empty(),
        "{}\n\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

/// `fmt` on every slip's book: the file with the slip (an error) is left
/// byte for byte, and every file keeps its numbers, headers and words as
/// written (issue #25: `fmt` wrote a duplicate header's guessed number).
#[test]
fn fmt_never_changes_what_a_slip_book_says() {
    let mut failed = Vec::new();
    for s in SLIPS {
        let result =
            planted_at(s).and_then(|(_dir, root)| common::fmt_keeps_what_is_written(&root));
        if let Err(e) = result {
            failed.push(format!(
                "{} {}: `{}` -> `{}`: {e}",
                s.book, s.file, s.old, s.new
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn the_books_the_slips_are_planted_in_check_clean() {
    for name in [LAMP, LAMP_ES, SPEC, SPEC_ES, V2, V2_ES, V3, V3_ES] {
        let checked = common::check(&book_path(name));
        assert!(
            checked.diagnostics.is_empty(),
            "{name}:\n{}",
            common::human(&checked)
        );
    }
}

/// A slip whose one finding must also say the right thing: the slip, the
/// severity of its one finding (no other finding beside it, error or
/// warning), words its message, help or labels must hold and words they
/// must not.
struct Told {
    slip: Slip,
    severity: Severity,
    says: &'static [&'static str],
    not: &'static [&'static str],
}

/// Issue #25's slips.
static TOLD: &[Told] = &[
    // The header of a cell's neighbour deleted (`-202-` beside cell 201):
    // one `missing-destiny-neighbour`, the award code the text now runs on
    // from shown as where the header was, not an `award-in-prose` besides.
    Told {
        slip: slip(
            LAMP,
            ROYALTY,
            "-202-\n",
            "\n",
            "missing-destiny-neighbour",
            5,
        ),
        severity: Severity::Error,
        says: &[
            "paragraph 202, the +1 neighbour of cell 201, does not exist",
            "the text of 202? its header `-202-` was likely above this line",
        ],
        not: &[],
    },
    // A stray `>` before a line of prose: one "branch has no label", not a
    // one-option choice besides; the help says a line of prose has no `>`.
    Told {
        slip: slip(
            LAMP,
            ROYALTY,
            "\nexiled prince laughs loudest",
            "\n> exiled prince laughs loudest",
            "syntax-error",
            6,
        ),
        severity: Severity::Error,
        says: &["branch has no label", "a line of prose starts with no `>`"],
        not: &[],
    },
    // A parenthesis of the prose changes no mechanic: one warning.
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "You throw it the haunch",
            "You throw (it the haunch",
            "unbalanced-parenthesis",
            12,
        ),
        severity: Severity::Warning,
        says: &["`(` is never closed", "close it with `)`"],
        not: &[],
    },
    Told {
        slip: slip(
            SPEC,
            PERILS,
            "leaving the sea like glass.",
            "leaving the sea like glass).",
            "unbalanced-parenthesis",
            16,
        ),
        severity: Severity::Warning,
        says: &["`)` closes no `(`"],
        not: &[],
    },
    // A header deleted: the help names the one paragraph missing, not the
    // fan around it (200 and 202 are there). The text of 201 runs on after
    // 200's award code, which reads it as prose: that is shown as where the
    // header was, a label of the one finding, not as a warning besides.
    Told {
        slip: slip(LAMP, ROYALTY, "-201-\n", "\n", "dangling-reference", 5),
        severity: Severity::Error,
        says: &[
            "write paragraph 201 (its header `-201-` is missing)",
            "the text of 201? its header `-201-` was likely above this line",
        ],
        not: &["200 to 202", "paragraphs 200"],
    },
    // A matrix cell sent into the charts: `62` is a keystroke from `2`,
    // but would leave 60 stranded; `61`'s fan is exactly the paragraphs no
    // cell covers.
    Told {
        slip: slip(
            SPEC,
            "matrices.yaml",
            "Evil: [61, 64]",
            "Evil: [2, 64]",
            "dangling-reference",
            13,
        ),
        severity: Severity::Error,
        says: &["did you mean `61`?", "60 to 62"],
        not: &["`62`"],
    },
    Told {
        slip: slip(
            V2,
            "matrices.yaml",
            "Evil: [61, 64]",
            "Evil: [2, 64]",
            "dangling-reference",
            17,
        ),
        severity: Severity::Error,
        says: &["did you mean `61`?"],
        not: &["`62`"],
    },
    // A translator's glossary slip: a name another entry has. The
    // duplicate is the one finding, on the entry that lost its name, and
    // says where the book still writes it; the headings it can no longer
    // read and the sections and awards that no longer match the source's
    // are not reported again.
    Told {
        slip: slip(
            LAMP_ES,
            "glossary.yaml",
            "quick-thinking: Perspicacia",
            "quick-thinking: Sabiduría",
            "duplicate-name",
            15,
        ),
        severity: Severity::Error,
        says: &[
            "the book still writes `PERSPICACIA` for `quick-thinking` (5 places)",
            "first at tales/lost.tales:42",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP_ES,
            "glossary.yaml",
            "wisdom: Sabiduría",
            "wisdom: Perspicacia",
            "duplicate-name",
            18,
        ),
        severity: Severity::Error,
        says: &["the book still writes `Sabiduría` for `wisdom` (9 places)"],
        not: &[],
    },
    // An entry's id misspelt, renamed or deleted in the translation's
    // glossary: one finding at the entry (or where it belongs), saying
    // where the book still writes its name; the headings and sections
    // that name it are not reported again.
    Told {
        slip: slip(
            LAMP_ES,
            "glossary.yaml",
            "piety: Piedad",
            "pietty: Piedad",
            "l10n-glossary-mismatch",
            16,
        ),
        severity: Severity::Error,
        says: &[
            "the book still writes `PIEDAD` for `piety` (7 places",
            "first at tales/beasts.tales:73",
            "did you mean `piety`?",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP_ES,
            "glossary.yaml",
            "piety: Piedad",
            "piety: Fe",
            "l10n-glossary-mismatch",
            16,
        ),
        severity: Severity::Error,
        says: &[
            "`piety` is named `Fe`",
            "the book still writes `PIEDAD` for `piety` (7 places",
            "first at tales/beasts.tales:73",
            "name `piety` `Piedad` again",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP_ES,
            "glossary.yaml",
            "  piety: Piedad\n",
            "",
            "l10n-glossary-mismatch",
            16,
        ),
        severity: Severity::Error,
        says: &[
            "glossary id `piety` is missing from the translation",
            "the book still writes `PIEDAD` for `piety` (7 places",
            "first at tales/beasts.tales:73",
            "add `piety: Piedad` back",
        ],
        not: &[],
    },
    // Issue #25's own: the city card that writes `Perspicacia` is one of
    // the places, not a card mismatch.
    Told {
        slip: slip(
            SPEC_ES,
            "glossary.yaml",
            "perception: Perspicacia",
            "perception: Sabiduría",
            "duplicate-name",
            3,
        ),
        severity: Severity::Error,
        says: &[
            "for `perception` (3 places)",
            "give `perception` back the name",
        ],
        not: &[],
    },
    // Issue #23's trial, fresh eyes: a bracketed note after a heading's
    // name that starts with `if` is the heading's, whatever its words: read
    // as the condition it means (its words a few letters off, or the
    // reader's sex), else as none, one error at the bracket either way; the
    // heading is never lost (no `dangling-reference` to its section, no
    // `award-in-prose` on the award above it).
    Told {
        slip: slip(
            V3,
            ROAD,
            "PIETY: You pray with",
            "PIETY [if oposite sex]: You pray with",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &[
            "a condition in a heading is written in braces",
            "write `{opposite-sex}` after the name",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "PIETY: You pray with",
            "PIETY [if you are female]: You pray with",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &["write `{female}` after the name"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "PIETY: You pray with",
            "PIETY [if you are rich]: You pray with",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &[
            "a condition in a heading is written in braces",
            "write the condition in braces after the name",
        ],
        not: &[],
    },
    // The go-to with a section, its fixed words a few letters off: read as
    // meant, one finding that writes the item out (before: "the go-to
    // phrase takes a paragraph number", though it has one; and `Read the
    // NAME paragrph below` was free text with no finding at all). Words
    // after the number that are no section form say so.
    Told {
        slip: slip(
            V3,
            ROAD,
            "Go to paragraph 83 and read the PIETY paragraph",
            "Go to paragraph 83 and reed the PIETY paragrah",
            "unknown-name",
            15,
        ),
        severity: Severity::Error,
        says: &["did you mean `Go to paragraph 83 and read the PIETY paragraph`?"],
        not: &["takes a paragraph number"],
    },
    // The go-to's own words a few letters off before a section: read as
    // meant, one finding (before: free text with no finding at all, so
    // paragraph 83 lost the reference and the reader was sent nowhere).
    Told {
        slip: slip(
            V3,
            ROAD,
            "Go to paragraph 83 and read the PIETY paragraph",
            "Got to paragrph 83 and read the PIETY paragraph",
            "unknown-name",
            15,
        ),
        severity: Severity::Error,
        says: &["did you mean `Go to paragraph 83 and read the PIETY paragraph`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Go to paragraph 83 and read the PIETY paragraph",
            "Read the WISDOM paragrph below",
            "unknown-name",
            15,
        ),
        severity: Severity::Error,
        says: &["did you mean `Read the WISDOM paragraph below`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Go to paragraph 83 and read the PIETY paragraph",
            "Go to paragraph 83 then read the PIETY paragraph",
            "syntax-error",
            15,
        ),
        severity: Severity::Error,
        says: &[
            "after its paragraph number the go-to phrase takes only a section",
            "write `Go to paragraph 83 and read the NAME paragraph`",
        ],
        not: &["takes a paragraph number"],
    },
    // A typed effect's kind of space or a printed note's name a few letters
    // off: read as meant, one finding (before: free text or a plain note,
    // with no finding, so the move was done by hand and `Beloved` went to
    // everyone).
    Told {
        slip: slip(
            V3,
            ROAD,
            "Move to any coastal space",
            "Move to any costal space",
            "unknown-name",
            7,
        ),
        severity: Severity::Error,
        says: &[
            "`costal space` is no kind of space",
            "did you mean `coastal space`?",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Beloved {!married}",
            "Beloved (if not Maried)",
            "unknown-name",
            22,
        ),
        severity: Severity::Error,
        says: &["`Maried` in a condition", "did you mean `married`?"],
        not: &[],
    },
    // The award `l10n` expects names the translation's places and spaces
    // (before: the source's, `Oportunidad de entrar en City of Brass`, which
    // the translation cannot read).
    Told {
        slip: slip(
            V3_ES,
            ROAD,
            "Oportunidad de entrar en la Ciudad de Bronce",
            "Oportunidad de entrar en cualquier lugar de poder",
            "l10n-award-mismatch",
            13,
        ),
        severity: Severity::Error,
        says: &["expected [H1 / Oportunidad de entrar en Ciudad de Bronce]"],
        not: &[],
    },
    Told {
        slip: slip(
            V3_ES,
            ROAD,
            "Muévete a Dunas y",
            "Muévete a Qalat y",
            "l10n-award-mismatch",
            43,
        ),
        severity: Severity::Error,
        says: &["expected [H1 / Mueve a Dunas y ten un encuentro inmediato]"],
        not: &[],
    },
    // `ANY N SKILLS` with its number in words: read as meant (before: an
    // unknown heading, read as nothing, its help no use).
    Told {
        slip: slip(
            V3,
            ROAD,
            "ANY 4 SKILLS:",
            "ANY FOUR SKILLS:",
            "unknown-name",
            22,
        ),
        severity: Severity::Error,
        says: &["did you mean `ANY 4 SKILLS`?"],
        not: &[],
    },
    // Issue #23's trial of the v3 forms: an award item one misspelt word
    // from a 9.3 form is one finding naming the word and the form's word,
    // and is read as the form (before: silent free text, done by hand in
    // `play`, ignored by `sim`; `Luck (1 uses)` was a plain gain of Luck).
    Told {
        slip: slip(
            V3,
            ROAD,
            "with a Terrible Storm (Matrix F)",
            "with a Terrible Storm (Matrx F)",
            "unknown-name",
            45,
        ),
        severity: Severity::Error,
        says: &["`Matrx` is no word of an effect", "did you mean `Matrix`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Roll one die: on a 1 or 2",
            "Roll one dice: on a 1 or 2",
            "unknown-name",
            36,
        ),
        severity: Severity::Error,
        says: &["`dice` is no word of an effect", "did you mean `die`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "[D1 / Move to any coastal space]",
            "[D1 / Lose all statusses]",
            "unknown-name",
            7,
        ),
        severity: Severity::Error,
        says: &[
            "`statusses` is no word of an effect",
            "did you mean `statuses`?",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "[D1 / Move to any coastal space]",
            "[D1 / Move three spaces by see]",
            "unknown-name",
            7,
        ),
        severity: Severity::Error,
        says: &["`see` is no word of an effect", "did you mean `sea`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "[D1 / Move to any coastal space]",
            "[D1 / Move thre spaces by sea]",
            "unknown-name",
            7,
        ),
        severity: Severity::Error,
        says: &["`thre` is no word of an effect", "did you mean `three`?"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Place your Destination marker",
            "Place your Destinaton marker",
            "unknown-name",
            38,
        ),
        severity: Severity::Error,
        says: &[
            "`Destinaton` is no word of an effect",
            "did you mean `Destination`?",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "Luck (1 use)",
            "Luck (1 uses)",
            "unknown-name",
            31,
        ),
        severity: Severity::Error,
        says: &["`uses` is no word of an effect", "did you mean `use`?"],
        not: &[],
    },
    // A strict comparison is read, and its fix written, as what it means:
    // `wealth < rich` is `wealth <= poor` (before: read as `wealth <= rich`,
    // Rich let in, and the help offered that); `> =` is one slip, not two.
    Told {
        slip: slip(
            V3,
            ROAD,
            "{wealth <= poor}:",
            "{wealth < rich}:",
            "syntax-error",
            6,
        ),
        severity: Severity::Error,
        says: &["read as `wealth <= poor`", "write `wealth <= poor`"],
        not: &["wealth <= rich"],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "ANY 4 SKILLS:",
            "{skills > 3}:",
            "syntax-error",
            22,
        ),
        severity: Severity::Error,
        says: &["write `skills >= 4`"],
        not: &["skills >= 3"],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "ANY 4 SKILLS:",
            "{skills > = 4}:",
            "syntax-error",
            22,
        ),
        severity: Severity::Error,
        says: &[
            "`> =` is no comparison of a condition",
            "write `skills >= 4`",
        ],
        not: &["no number of skills"],
    },
    // A conditional item whose `}` was forgotten, a word written twice, a
    // choice left with one arm: one finding each, read as meant (before:
    // each was silent free text).
    Told {
        slip: slip(
            V3,
            ROAD,
            "[S1 / W+1 (max Rich)]",
            "[S1 / W+1 {wealth <= poor]",
            "syntax-error",
            6,
        ),
        severity: Severity::Error,
        says: &["a `{` is never closed", "write `W+1 {wealth <= poor}`"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "(max Rich) or Treasure",
            "(max Rich) or or Treasure",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &[
            "`or` is written twice",
            "write `Choice of W+1 (max Rich) or Treasure`",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "(max Rich) or Treasure]",
            "(max Rich)]",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &[
            "offers one item: a choice takes two or more",
            "or write `W+1 (max Rich)` alone",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "(max Rich) or Treasure]",
            "(max Rich) or]",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &["offers one item: a choice takes two or more"],
        not: &[],
    },
    // The same with `and`, as a choice between arms is worded (hostile
    // round 8: it was free text with no finding).
    Told {
        slip: slip(
            V3,
            ROAD,
            "(max Rich) or Treasure]",
            "(max Rich) and]",
            "syntax-error",
            29,
        ),
        severity: Severity::Error,
        says: &["offers one item: a choice takes two or more"],
        not: &[],
    },
    // `{else}` guarding an option says so (before: "malformed condition",
    // its help offering `{else}`).
    Told {
        slip: slip(V3, ROAD, "{wealth <= poor}:", "{else}:", "syntax-error", 6),
        severity: Severity::Error,
        says: &["`{else}` guards no option", "`> Otherwise: ...`"],
        not: &["malformed condition"],
    },
    // `{else}` before an option among a choice's options, in the middle or
    // last: one error at the `{else}`, read as a plain option (before: two,
    // "a choice arm in a condition block" at the first option, and
    // "`{else}` must be the last arm").
    Told {
        slip: slip(
            V3,
            ROAD,
            "> If you carry it for nothing:",
            "> {else} If you carry it for nothing:",
            "syntax-error",
            7,
        ),
        severity: Severity::Error,
        says: &["`{else}` among a choice's options", "`> Otherwise: ...`"],
        not: &["condition block"],
    },
    Told {
        slip: slip(
            V3,
            ROAD,
            "> If you refuse:",
            "> {else} If you refuse:",
            "syntax-error",
            8,
        ),
        severity: Severity::Error,
        says: &["`{else}` among a choice's options"],
        not: &[],
    },
    // A guarded option's condition written after the colon, at the start
    // of its text: read as the option's guard, one error that moves it
    // (before: no finding, and the option offered to everyone).
    Told {
        slip: slip(
            V3,
            ROAD,
            "for a fee {wealth <= poor}: He pays",
            "for a fee: {wealth <= poor} He pays",
            "syntax-error",
            6,
        ),
        severity: Severity::Error,
        says: &[
            "after an option's colon guards nothing",
            "`> If you carry it for a fee {wealth <= poor}: ...`",
        ],
        not: &[],
    },
    // Issue #23's web trial: `Go to paragraph 24O` is the number with a
    // letter for a digit, not a go-to with a section (its help wrote
    // `Go to paragraph 24 and read the NAME paragraph`).
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "[S1 / @240]",
            "[S1 / Go to paragraph 24O]",
            "syntax-error",
            38,
        ),
        severity: Severity::Error,
        says: &[
            "`24O` is a paragraph number written with a letter for a digit",
            "did you mean `240`?",
        ],
        not: &["read the NAME paragraph"],
    },
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "[S1 / @240]",
            "[S1 / Go to 24O]",
            "unknown-name",
            38,
        ),
        severity: Severity::Error,
        says: &["did you mean `Go to paragraph 240`?"],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "[S1 / @240]",
            "[S1 / @24O]",
            "syntax-error",
            38,
        ),
        severity: Severity::Error,
        says: &["did you mean `@240`?"],
        not: &["paragraph 24 "],
    },
    // The paragraph meant does not exist either: one dangling reference
    // (its label says how the item was read).
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "[S1 / @240]",
            "[S1 / Go to 501]",
            "dangling-reference",
            38,
        ),
        severity: Severity::Error,
        says: &["paragraph 501 does not exist", "did you mean `@500`?"],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP,
            BEASTS,
            "[S1 / @240]",
            "[S1 / Go to paragraph 5O1]",
            "dangling-reference",
            38,
        ),
        severity: Severity::Error,
        says: &["paragraph 501 does not exist", "did you mean `@500`?"],
        not: &[],
    },
    // A deleted row that a chart names: one error there, whose help puts
    // the row back with its cells.
    Told {
        slip: slip(
            LAMP,
            "matrices.yaml",
            "    Hungry:   [261, 264]\n",
            "",
            "dangling-reference",
            14,
        ),
        severity: Severity::Error,
        says: &[
            "matrix D has no row `Hungry`",
            "add `Hungry: [261, 264]` to matrix D",
        ],
        not: &[],
    },
    // A deleted row nothing names (matrix K is named whole, by a status):
    // the one finding is its fans unreachable, and it says which row of
    // which matrix they were.
    Told {
        slip: slip(
            LAMP,
            "matrices.yaml",
            "    Cruel: [341, 344]\n",
            "",
            "unreachable-paragraph",
            4,
        ),
        severity: Severity::Warning,
        says: &[
            "paragraphs 340 to 345 are unreachable",
            "was a row of matrix K deleted? Add `NAME: [341, 344]` to matrix K",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            LAMP,
            "matrices.yaml",
            "    Forsaken: [321, 324]\n",
            "",
            "unreachable-paragraph",
            5,
        ),
        severity: Severity::Warning,
        says: &["Add `NAME: [321, 324]` to matrix G"],
        not: &[],
    },
    // One reference in a chart entry to a paragraph that does not exist is
    // one reference (it was linked from the entry and again from the
    // chart: "2 references lead there").
    Told {
        slip: slip(
            LAMP,
            CHARTS,
            "yesterday @402",
            "yesterday @405",
            "dangling-reference",
            26,
        ),
        severity: Severity::Error,
        says: &["paragraph 405 does not exist", "did you mean `@402`?"],
        not: &["references lead there"],
    },
    // A quest step that asks for more story than a game is won with (issue
    // #24's trial: `{story: 80}` at 20 points): one warning at the key,
    // naming the bound and where it is written.
    Told {
        slip: slip(
            LAMP,
            "quests.yaml",
            "{story: 8, in: Persia}",
            "{story: 80, in: Persia}",
            "quest-past-victory",
            63,
        ),
        severity: Severity::Warning,
        says: &[
            "quest `Tales Told in Persia` asks for more points than a game is won with",
            "story 80 is more than the 20 victory points",
            "book.yaml `rules.victory-points`",
        ],
        not: &[],
    },
    // A header written with a stray letter (`-26x2-`): the header's error
    // is the one finding, naming the header meant; the cell that sends
    // readers to 262 is its label (it was a second error, at the cell).
    Told {
        slip: slip(LAMP, BEASTS, "\n-262-\n", "\n-26x2-\n", "syntax-error", 18),
        severity: Severity::Error,
        says: &[
            "malformed paragraph header `-26x2-`",
            "did you mean `-262-`?",
            "the +1 neighbour of cell 261",
        ],
        not: &[],
    },
    // A heading whose colon was lost (the third blind trial, paragraph
    // 207): one error at the heading, read as it, so the award before it
    // is not taken for prose (it was an `award-in-prose` warning there).
    Told {
        slip: slip(
            V3,
            ROAD,
            "WISDOM: You read the map aloud",
            "WISDOM You read the map aloud",
            "heading-like-line",
            15,
        ),
        severity: Severity::Error,
        says: &[
            "`WISDOM` starts the line like a section heading, but no `:` follows it",
            "write `WISDOM:`",
        ],
        not: &["reads as an award code"],
    },
    // A note in brackets inside an award code (FORMAT.md 2a, `Pursued
    // [PRINCE]`; the third blind trial, paragraph 238): one error at the
    // note with the fix, read as meant (it was "`[` is never closed" at
    // the award's `[`, and the whole award was lost).
    Told {
        slip: slip(
            V3,
            PERILS,
            "\n[Wounded]",
            "\n[Wounded [MAST]]",
            "unbalanced-bracket",
            5,
        ),
        severity: Severity::Error,
        says: &[
            "`[MAST]` inside an award code: a note is written in parentheses",
            "write `Wounded (MAST)`",
            "read as `(MAST)`",
        ],
        not: &["never closed"],
    },
    // A heading with a dash for its colon, as a page sets it (the fifth
    // blind trial, paragraph 262): one error at the heading, read as it (it
    // was prose, the NO SKILL award before it an `award-in-prose` warning,
    // and NO SKILL took this section's award).
    Told {
        slip: slip(
            V3,
            ROAD,
            "WISDOM: You read the map aloud",
            "WISDOM — You read the map aloud",
            "heading-like-line",
            15,
        ),
        severity: Severity::Error,
        says: &[
            "`WISDOM —` is a section heading with a dash for its colon",
            "write `WISDOM:`",
        ],
        not: &["reads as an award code"],
    },
    Told {
        slip: slip(
            V3_ES,
            ROAD,
            "SABIDURÍA: Lees el mapa",
            "SABIDURÍA – Lees el mapa",
            "heading-like-line",
            15,
        ),
        severity: Severity::Error,
        says: &[
            "`SABIDURÍA –` is a section heading with a dash for its colon",
            "write `SABIDURÍA:`",
        ],
        not: &["reads as an award code"],
    },
    // The section note after the colon, where the page set it (the fifth
    // blind trial, paragraph 224): one error at the note, read as the
    // section's (it was the section's first words, and the section was no
    // longer mandatory, without a finding).
    Told {
        slip: slip(
            V3,
            PERILS,
            "WOUNDED (mandatory): The cold",
            "WOUNDED: (mandatory) The cold",
            "heading-like-line",
            60,
        ),
        severity: Severity::Error,
        says: &[
            "`(mandatory)` after the colon: a section note goes before it",
            "write `WOUNDED (mandatory):`",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3_ES,
            PERILS,
            "HERIDO (obligatorio): El frío",
            "HERIDO: (obligatorio) El frío",
            "heading-like-line",
            60,
        ),
        severity: Severity::Error,
        says: &["write `HERIDO (obligatorio):`"],
        not: &[],
    },
    // A doubled ` / ` (the fifth blind trial, paragraph 265): one error at
    // the stray `/` with the award as meant, and the award kept (it was
    // "malformed award code", the award lost).
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Choice of Respected or Blessed]",
            "[D1 / / S1 / Choice of Respected or Blessed]",
            "syntax-error",
            49,
        ),
        severity: Severity::Error,
        says: &[
            "a `/` with no award item on one side",
            "remove the extra `/`: `[D1 / S1 / Choice of Respected or Blessed]`",
        ],
        not: &["malformed award code"],
    },
    // A go-to to a chart's number (blind trial 8): one warning at the item,
    // and the paragraph it replaced, still reached as a cell's neighbour,
    // is no finding besides.
    Told {
        slip: slip(LAMP, BEASTS, "[S1 / @240]", "[S1 / @4]", "go-to-chart", 38),
        severity: Severity::Warning,
        says: &[
            "this go-to sends the reader to chart 4, not to a result paragraph",
            "allow(go-to-chart)",
        ],
        not: &[],
    },
    // A status where a skill is meant in `Gain a level in NAME` (issue
    // #23): one error at the name, with the fix (before: free text, no
    // finding).
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D1 / S1 / Gain a level in Wounded]",
            "unknown-name",
            27,
        ),
        severity: Severity::Error,
        says: &[
            "`Wounded` is a status, and only a skill has levels",
            "write `Wounded`",
        ],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D1 / S1 / Lose a level of Wounded]",
            "unknown-name",
            27,
        ),
        severity: Severity::Error,
        says: &["write `Lose Wounded`"],
        not: &[],
    },
    // Digits of another script in an award (issue #23): one error that
    // writes the item in 0 to 9 (before: "is no award item", with no fix).
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D1 / S1 / @١٢٣]",
            "syntax-error",
            27,
        ),
        severity: Severity::Error,
        says: &["digits (or an `@`) of another script", "write `@123`"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D２ / S1]",
            "syntax-error",
            27,
        ),
        severity: Severity::Error,
        says: &["write `D2`"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D1 / Go to paragraph ٢٩]",
            "syntax-error",
            27,
        ),
        severity: Severity::Error,
        says: &["write `Go to paragraph 29`"],
        not: &[],
    },
    // A go-to in words sent one digit off (issue #23): the fix said the
    // way the paragraph wrote it, not as `@N`.
    Told {
        slip: slip(
            V3,
            PERILS,
            "[D1 / S1 / Master Seamanship]",
            "[D1 / S1 / Go to paragraph 299]",
            "dangling-reference",
            27,
        ),
        severity: Severity::Error,
        says: &["did you mean `Go to paragraph 29`?"],
        not: &["`@29`"],
    },
    // `(no obligatorios)` in a translation (issue #23): read as no note,
    // what a table means by it, one error at it; the comparison with the
    // source's `(mandatory)` does not report the same note again.
    Told {
        slip: slip(
            V3_ES,
            PERILS,
            "HERIDO (obligatorio):",
            "HERIDO (no obligatorios):",
            "unknown-name",
            60,
        ),
        severity: Severity::Error,
        says: &[
            "a section without a note is not mandatory",
            "write `(obligatorio)`",
        ],
        not: &[],
    },
    // Two notes on one name, or an empty note (issue #23): the heading
    // kept, one error at the odd note (before: the section read as prose,
    // and only an `award-in-prose` warning on the line above).
    Told {
        slip: slip(
            V3,
            PERILS,
            "WOUNDED (mandatory):",
            "WOUNDED [at night] (mandatory):",
            "unknown-name",
            60,
        ),
        severity: Severity::Error,
        says: &["unknown section note `[at night]`", "remove `[at night]`"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "WOUNDED (mandatory):",
            "WOUNDED (mandatory) [at night]:",
            "unknown-name",
            60,
        ),
        severity: Severity::Error,
        says: &["remove `[at night]`"],
        not: &[],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "WOUNDED (mandatory):",
            "WOUNDED []:",
            "unknown-name",
            60,
        ),
        severity: Severity::Error,
        says: &["unknown section note `[]`"],
        not: &["award"],
    },
    Told {
        slip: slip(
            V3,
            PERILS,
            "WOUNDED (mandatory):",
            "WOUNDED ():",
            "unknown-name",
            60,
        ),
        severity: Severity::Error,
        says: &["unknown section note `()`"],
        not: &["award"],
    },
    // An arm's section label in another case (issue #23): read as the
    // section, one finding at it (before: read as a choice's label, and
    // "a skill check arm in a choice block" at the next arm).
    Told {
        slip: slip(
            V3,
            COURT,
            "> NO SKILL: You stay",
            "> No Skill: You stay",
            "heading-like-line",
            9,
        ),
        severity: Severity::Error,
        says: &["write `NO SKILL:`, in capitals"],
        not: &["block"],
    },
    Told {
        slip: slip(
            V3,
            COURT,
            "> COURTLY GRACES at Master level:",
            "> Courtly Graces at Master level:",
            "heading-like-line",
            10,
        ),
        severity: Severity::Error,
        says: &["write `COURTLY GRACES at Master level:`"],
        not: &["block"],
    },
];

fn told(t: &Told) -> Result<(), String> {
    let s = &t.slip;
    let checked = planted(s)?;
    let summary = || common::human(&checked);
    let [d] = checked.diagnostics.as_slice() else {
        return Err(format!("expected one finding:\n{}", summary()));
    };
    if d.code != s.code || d.severity != t.severity {
        return Err(format!(
            "expected one {:?} `{}`:\n{}",
            t.severity,
            s.code,
            summary()
        ));
    }
    if line_of(&checked, d) != Some(s.line) {
        return Err(format!("expected line {}:\n{}", s.line, summary()));
    }
    let labels: Vec<&str> = (std::iter::once(&d.primary).chain(&d.secondary))
        .map(|l| l.text.as_str())
        .collect();
    let said = format!(
        "{}\n{}\n{}",
        d.message,
        d.help.as_deref().unwrap_or(""),
        labels.join("\n")
    );
    if let Some(w) = t.says.iter().find(|w| !said.contains(**w)) {
        return Err(format!("it does not say `{w}`:\n{}", summary()));
    }
    if let Some(w) = t.not.iter().find(|w| said.contains(**w)) {
        return Err(format!("it says `{w}`:\n{}", summary()));
    }
    Ok(())
}

#[test]
fn each_slip_is_one_finding_that_says_what_to_do() {
    let failed: Vec<String> = TOLD
        .iter()
        .filter_map(|t| {
            told(t).err().map(|e| {
                let s = &t.slip;
                format!("{} {}: `{}` -> `{}`: {e}", s.book, s.file, s.old, s.new)
            })
        })
        .collect();
    println!(
        "{} slips told right, with one finding in all: {} of them",
        TOLD.len(),
        TOLD.len() - failed.len()
    );
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// Issue #23's third v3 trial: slips still silent, left for a later fix.
#[test]
#[ignore = "needs a new check (a heading no character can qualify for, or every one does) and the glossary's skill count; left by the trial"]
fn any_n_skills_that_no_one_or_everyone_has_is_one_finding() {
    for new in ["ANY 40 SKILLS:", "ANY 0 SKILLS:"] {
        let s = slip(V3, ROAD, "ANY 4 SKILLS:", new, "syntax-error", 22);
        plant(&s).unwrap_or_else(|e| panic!("`{new}`: {e}"));
    }
}

#[test]
#[ignore = "`won` is two edits from `one`: the near-miss reader allows one for a short word; a number-word homophone table would be needed"]
fn a_number_word_misheard_is_one_finding() {
    let s = slip(
        V3,
        ROAD,
        "move you one space",
        "move you won space",
        "unknown-name",
        8,
    );
    plant(&s).unwrap();
}
