//! Hostile and broken input gets a clear diagnostic and exit 1, never a
//! panic (exit 101) or a hang.

use crate::common;
use common::{book_with, tales};
use std::fmt::Write as _;
use std::path::Path;

/// Check a book through the binary, expecting exit 1 and a finding with
/// `code` whose message contains `needle`.
fn expect(dir: &Path, code: &str, needle: &str) {
    let out = tales(&["check", "book", "--format", "json"], dir);
    assert_eq!(
        out.code, 1,
        "exit code; stderr: {}\nstdout: {}",
        out.stderr, out.stdout
    );
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("json output");
    let found = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["code"] == code && d["message"].as_str().unwrap().contains(needle));
    assert!(
        found,
        "no `{code}` finding with `{needle}` in:\n{}",
        out.stdout
    );
}

fn write_bytes(dir: &Path, rel: &str, bytes: &[u8]) {
    let p = dir.join("book").join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

#[test]
fn a_file_that_is_not_utf8() {
    let d = book_with("spec-example", &[]);
    write_bytes(
        d.path(),
        "tales/latin1.tales",
        b"-70-\nCaf\xe9 au lait. [S1]\n",
    );
    expect(d.path(), "not-utf8", "byte 0xE9 read as Windows-1252");
    // Read all the same: paragraph 70 exists, so nothing points nowhere.
    let c = common::check(&d.path().join("book"));
    let p = c.book.paragraph(70).expect("paragraph 70 is read");
    assert!(c.book.sources.slice(p.span).contains("Café au lait"));
    assert_eq!(c.diagnostics.len(), 2, "not-utf8 and unreachable 70");
}

#[test]
fn a_utf16_file_is_read_by_its_byte_order_mark_and_a_nul_in_it_is_binary() {
    let d = book_with("spec-example", &[]);
    let utf16 = |mark: [u8; 2], text: &str, le: bool| -> Vec<u8> {
        let units = text.encode_utf16();
        mark.into_iter()
            .chain(units.flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() }))
            .collect()
    };
    let text = "-70-\nCafé au lait. [S1]\n";
    write_bytes(
        d.path(),
        "tales/be.tales",
        &utf16([0xFE, 0xFF], text, false),
    );
    expect(d.path(), "not-utf8", "file is UTF-16 (big-endian");
    let c = common::check(&d.path().join("book"));
    let p = c.book.paragraph(70).expect("paragraph 70 is read");
    assert!(c.book.sources.slice(p.span).contains("Café au lait"));
    write_bytes(
        d.path(),
        "tales/be.tales",
        &utf16([0xFF, 0xFE], "-70-\nCaf\0", true),
    );
    expect(d.path(), "syntax-error", "a NUL byte at line 2, column 4");
}

#[test]
fn a_binary_file_named_tales() {
    let d = book_with("spec-example", &[]);
    write_bytes(
        d.path(),
        "tales/image.tales",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10",
    );
    expect(d.path(), "syntax-error", "binary");
}

#[test]
fn an_empty_file() {
    let d = book_with("spec-example", &[("tales/empty.tales", "")]);
    expect(d.path(), "syntax-error", "empty file");
}

#[test]
fn a_one_megabyte_single_line() {
    let line = "x".repeat(1 << 20);
    let d = book_with("spec-example", &[("tales/long.tales", &line)]);
    expect(
        d.path(),
        "syntax-error",
        "text before the first paragraph header",
    );
}

#[test]
fn a_megabyte_of_open_brackets_gives_one_finding() {
    let text = format!("-70-\n{}", "[".repeat(1 << 20));
    let d = book_with("spec-example", &[("tales/brackets.tales", &text)]);
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let unclosed = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "unbalanced-bracket")
        .count();
    assert_eq!(unclosed, 1);
}

#[test]
fn deeply_nested_conditions_are_refused_not_recursed() {
    let text = format!(
        "-70-\nWait.\n> {{{}wounded}} If: x [S1]\n> {{else}} Else: y [S1]\n",
        "(".repeat(100_000)
    );
    let d = book_with("spec-example", &[("tales/deep.tales", &text)]);
    expect(d.path(), "syntax-error", "malformed condition");
}

#[test]
fn a_huge_number() {
    let d = book_with(
        "spec-example",
        &[("tales/huge.tales", "-70-\nA lot. [D99999999999999999999]\n")],
    );
    expect(d.path(), "syntax-error", "too large");
}

#[test]
fn an_unclosed_bracket_at_end_of_file() {
    let d = book_with(
        "spec-example",
        &[("tales/open.tales", "-70-\nNo end. [D1 / S1")],
    );
    expect(d.path(), "unbalanced-bracket", "`[` is never closed");
}

#[test]
fn header_zero_and_header_letters() {
    let d = book_with(
        "spec-example",
        &[("tales/zero.tales", "-0-\nNothing. [S1]\n")],
    );
    expect(d.path(), "syntax-error", "out of range");
    let d = book_with(
        "spec-example",
        &[("tales/abc.tales", "-abc-\nNothing. [S1]\n")],
    );
    expect(d.path(), "syntax-error", "malformed paragraph header");
    let d = book_with(
        "spec-example",
        &[("tales/big.tales", "-99999999999999999999-\nNothing. [S1]\n")],
    );
    expect(d.path(), "syntax-error", "out of range");
}

#[test]
fn yaml_that_is_a_list_where_a_map_belongs() {
    let d = book_with("spec-example", &[("matrices.yaml", "- F\n- L\n")]);
    expect(d.path(), "syntax-error", "must be a map, not a list");
}

#[test]
fn invalid_yaml() {
    let d = book_with("spec-example", &[("cards.yaml", "character: [unclosed\n")]);
    expect(d.path(), "syntax-error", "invalid yaml");
}

#[test]
fn a_yaml_alias_bomb_is_refused() {
    // Billion laughs: nine levels of ten aliases would expand to 10^9 nodes.
    let mut y = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    for w in names.windows(2) {
        let (prev, next) = (w[0], w[1]);
        let refs = vec![format!("*{prev}"); 10].join(",");
        let _ = writeln!(y, "{next}: &{next} [{refs}]");
    }
    let d = book_with("spec-example", &[("matrices.yaml", &y)]);
    // Not a timing test: a checker that expanded the bomb would not finish.
    expect(d.path(), "syntax-error", "safety budget");
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_under_tales() {
    let d = book_with("spec-example", &[]);
    std::os::unix::fs::symlink("..", d.path().join("book/tales/up")).unwrap();
    std::os::unix::fs::symlink(".", d.path().join("book/tales/self")).unwrap();
    expect(d.path(), "unreadable-file", "symlink loop");
}

#[test]
fn a_translation_path_outside_the_repository() {
    let d = book_with("spec-example", &[]);
    let book = d.path().join("book/book.yaml");
    let text = std::fs::read_to_string(&book)
        .unwrap()
        .replace("locale: en\n", "locale: en\ntranslation-of: ../../..\n");
    std::fs::write(&book, text).unwrap();
    expect(
        d.path(),
        "translation-outside-repository",
        "outside the repository",
    );
}

#[test]
fn crlf_and_a_bom_are_accepted() {
    let d = book_with("spec-example", &[]);
    let p = d.path().join("book/tales/people.tales");
    let text = std::fs::read_to_string(&p).unwrap().replace('\n', "\r\n");
    std::fs::write(&p, format!("\u{feff}{text}")).unwrap();
    let out = tales(&["check", "book"], d.path());
    assert_eq!(out.code, 0, "{}", out.stdout);
}

#[test]
fn every_broken_thing_at_once_is_reported_in_one_run() {
    let d = book_with(
        "spec-example",
        &[
            ("tales/a.tales", "-0-\nx [D1\n"),
            ("tales/b.tales", "-71-\nA lot. [D99999999999999999999]\n"),
            ("cards.yaml", "- not a map\n"),
        ],
    );
    let out = tales(&["check", "book", "--format", "json"], d.path());
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(
        v["summary"]["errors"].as_u64().unwrap() >= 4,
        "{}",
        out.stdout
    );
}

#[test]
fn yaml_letters_that_look_like_booleans_stay_letters() {
    // YAML 1.1 read `N`, `Y`, `yes`, `off` as booleans; the published game
    // has a matrix N. tales reads YAML 1.2: only `true`/`false` are booleans.
    let d = book_with(
        "spec-example",
        &[(
            "matrices.yaml",
            "F:\n  reactions: [Pray, Avoid]\n  rows:\n    Terrible: [20, 23]\n    Mild: [26, 29]\nL:\n  reactions: [Aid, Rob, Avoid]\n  rows:\n    Lost: [41, 44, 47]\nK:\n  reactions: [Bribe, Wait]\n  rows:\n    Evil: [61, 64]\nN:\n  reactions: [yes, off]\n  rows:\n    Off: [20, 23]\n",
        )],
    );
    let c = common::check(&d.path().join("book"));
    let n = c.book.matrix("N").expect("matrix N is a letter");
    assert_eq!(n.reactions[0].value, "yes");
    assert_eq!(n.rows[0].name.value, "Off");
}

/// A number too large to read is one finding that quotes it as written:
/// never a clamped `4294967295`, never a guessed `paragraph 0` (issue #25).
#[test]
fn a_number_too_large_is_quoted_as_written() {
    let text = "-1- chart\n 1-99999999999 A {Lost} Merchant (L)\n\n\
                -2-\nYou go on (@99999999999, @1234567). {99999999999d6}\n\
                > If you go: You roll. {2d6}\n>> 2-6: Low. [S1]\n>> 7-99999999999: High. [S2]\n\n\
                -3-\nYou wait.\n> If you wait: You roll. {99999999999d6}\n>> 1+: Any. [S1]\n\n\
                -4-\nYou run.\n> If you run: You roll. {2d6 + 99999999999 piety}\n>> 2+: Any. [S1]\n\n\
                -95-\nYou sail. [S1 / Go to paragraph 7654321]\n";
    let dir = book_with("spec-example-v2", &[("tales/big.tales", text)]);
    for (code, needle) in [
        ("syntax-error", "roll number `99999999999` is too large"),
        (
            "dangling-reference",
            "paragraph number `99999999999` is out of range",
        ),
        (
            "dangling-reference",
            "paragraph number `1234567` is out of range",
        ),
        // A go-to phrase's number, not the whole phrase.
        (
            "dangling-reference",
            "paragraph number `7654321` is out of range",
        ),
        ("syntax-error", "die band number `99999999999` is too large"),
        ("syntax-error", "cannot roll `99999999999d6`"),
        (
            "syntax-error",
            "roll term number `99999999999` is too large",
        ),
    ] {
        expect(dir.path(), code, needle);
    }
    let out = tales(&["check", "book", "--format", "json"], dir.path());
    assert!(!out.stdout.contains("4294967295"), "{}", out.stdout);
    assert!(!out.stdout.contains("paragraph 0"), "{}", out.stdout);
}

/// A go-to phrase's number too large to read is that one finding too (it
/// was "after its paragraph number the go-to phrase takes only a section").
#[test]
fn a_go_to_phrase_with_a_number_too_large_is_out_of_range() {
    let text = "-95-\nYou sail on. [S1 / Go to paragraph 88888888888]\n";
    let dir = book_with("spec-example-v2", &[("tales/big.tales", text)]);
    expect(
        dir.path(),
        "dangling-reference",
        "paragraph number `88888888888` is out of range",
    );
    let out = tales(&["check", "book", "--format", "json"], dir.path());
    assert!(!out.stdout.contains("syntax-error"), "{}", out.stdout);
}

// `tales l10n import`: a CAT tool's exchange file as it may come back
// (cut short, in another encoding, a unit twice or of another book,
// placeholders out of range, text that reads as structure), and a
// translation whose files are not plain UTF-8. Each is a clear message
// and exit 1 or 2, never a panic, a lost file or a guess written.

/// The spec example and its Spanish translation side by side, and the
/// units exported as `format` (`po` or `xliff`), as text.
fn exported(format: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &common::fixture("spec-example"),
        &dir.path().join("spec-example"),
    );
    common::copy_dir(&common::fixture("spec-example-es"), &dir.path().join("es"));
    let out = tales(
        &[
            "l10n",
            "export",
            "spec-example",
            "--to",
            "es",
            "--format",
            format,
        ],
        dir.path(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    (dir, out.stdout)
}

/// Import `bytes` as FILE into the translation: the run's output.
fn import(dir: &Path, name: &str, bytes: &[u8]) -> common::Output {
    std::fs::write(dir.join(name), bytes).unwrap();
    let out = tales(&["l10n", "import", name, "--into", "es"], dir);
    assert!(
        !out.stderr.contains("a bug") && !out.stderr.contains("panicked"),
        "{name}: {}",
        out.stderr
    );
    out
}

const BAZAAR: &str = "El bazar de Bantú bulle de comerciantes";
const CITY: &str = "es/tales/city.tales";

#[test]
fn a_po_line_polib_would_panic_on_is_an_error_at_its_line() {
    // polib sliced `msgstr` alone, `"` alone and `"é` without looking: a
    // panic, shown as "tales failed on this input (a bug ...)".
    let (dir, po) = exported("po");
    for (bad, line) in [
        ("msgstr ", "`msgstr` is not followed by a quoted string"),
        ("\"", "a string with no closing `\"`"),
        ("\"é", "a string with no closing `\"`"),
    ] {
        let cut = po.replacen("msgstr \"\"\n", &format!("msgstr \"\"\n{bad}\n"), 1);
        let out = import(dir.path(), "bad.po", cut.as_bytes());
        assert_eq!(out.code, 2, "{bad}: {}", out.stderr);
        assert!(
            out.stderr.contains("cannot read bad.po: line 4: ") && out.stderr.contains(line),
            "{bad}: {}",
            out.stderr
        );
    }
    let out = import(dir.path(), "bad.po", b"\"a string first\"\n");
    assert!(
        out.stderr
            .contains("line 1: a string that follows no `msgid`, `msgstr` or comment"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_cut_short_or_doubled_exchange_file_is_an_error() {
    let (dir, xliff) = exported("xliff");
    let cut = &xliff[..xliff.len() / 2];
    let out = import(dir.path(), "cut.xlf", cut.as_bytes());
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("is it cut short?"), "{}", out.stderr);
    // The same unit twice: which translation is meant is not known (before:
    // the last one, silently).
    let twice = xliff.replace("id=\"8/s1\"", "id=\"8\"");
    let out = import(dir.path(), "twice.xlf", twice.as_bytes());
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("the unit `8` is there twice"),
        "{}",
        out.stderr
    );
    let (dir, po) = exported("po");
    let twice = po.replace("msgctxt \"8/s1\"", "msgctxt \"8\"");
    let out = import(dir.path(), "twice.po", twice.as_bytes());
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("the unit `msgctxt \"8\"` is there twice (line 14 too)"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_exchange_file_in_another_encoding() {
    let (dir, po) = exported("po");
    let changed = po.replace(BAZAAR, "El bazar de Bantú hierve de comerciantes");
    // Latin-1 without saying so: where the first byte that is not UTF-8 is.
    let latin1: Vec<u8> = changed.chars().map(|c| c as u8).collect();
    let out = import(dir.path(), "latin1.po", &latin1);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("it is not UTF-8 (byte 0xFA at line 19, column 18); save it as UTF-8"),
        "{}",
        out.stderr
    );
    // Latin-1 that says so, and UTF-16 with its byte order mark, are read.
    let said: Vec<u8> = changed
        .replace("charset=UTF-8", "charset=ISO-8859-1")
        .chars()
        .map(|c| c as u8)
        .collect();
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(changed.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    for (name, bytes) in [("said.po", said), ("utf16.po", utf16)] {
        std::fs::copy(
            common::fixture("spec-example-es/tales/city.tales"),
            dir.path().join(CITY),
        )
        .unwrap();
        let out = import(dir.path(), name, &bytes);
        assert!(
            out.stderr.contains("1 paragraph written"),
            "{name}: {}",
            out.stderr
        );
        let city = std::fs::read_to_string(dir.path().join(CITY)).unwrap();
        assert!(city.contains("Bantú hierve"), "{name}: {city}");
    }
}

#[test]
fn units_and_placeholders_the_source_does_not_have_are_named() {
    // Before: ids of no unit were dropped without a word, and `%7` (or a
    // number past u64) was written into the book as text.
    let (dir, po) = exported("po");
    let po = po.replace("msgctxt \"8\"\n", "msgctxt \"9999\"\n").replace(
        "vale el precio. %1",
        "vale el precio. %1 %18446744073709551616",
    );
    let out = import(dir.path(), "odd.po", po.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("1 unit of the file is no unit of")
            && out.stderr.contains("`9999`; ignored"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "unit 8/s1: `%18446744073709551616` is no placeholder of the source; its paragraph was left as it was"
        ),
        "{}",
        out.stderr
    );
    let (dir, xliff) = exported("xliff");
    let xliff = xliff.replacen(
        "<target xml:lang=\"es\">Regateas",
        "<target xml:lang=\"es\"><ph id=\"99999999999999999999\">x</ph>Regateas",
        1,
    );
    let out = import(dir.path(), "odd.xlf", xliff.as_bytes());
    assert!(
        out.stderr
            .contains("`<ph id=\"99999999999999999999\">` is no placeholder of the source"),
        "{}",
        out.stderr
    );
}

#[test]
fn translated_text_that_would_read_as_structure_is_refused() {
    // Words are wrapped at 78 columns: `-12-` after 76 letters started a
    // line, a new paragraph 12 in the middle of paragraph 8. It is kept
    // on the line before now; text that starts a paragraph as a header or
    // an arm is refused.
    let (dir, po) = exported("po");
    let first = "\"El bazar de Bantú bulle de comerciantes que juran por la tumba de sus \"\n\"abuelas que sus precios son los más bajos del mundo.\"";
    assert!(po.contains(first));
    let wrapped = po.replace(
        first,
        &format!("\"{} -12- NO SKILL: > a: b 2-7: c\"", "x".repeat(76)),
    );
    let out = import(dir.path(), "wrapped.po", wrapped.as_bytes());
    assert!(out.stderr.contains("1 paragraph written"), "{}", out.stderr);
    let city = std::fs::read_to_string(dir.path().join(CITY)).unwrap();
    assert!(city.contains("x -12- NO SKILL: >\n"), "{city}");
    assert!(!city.contains("\n-12-"), "{city}");
    for start in ["-12- El bazar.", "> Si vas: El bazar."] {
        let out = import(
            dir.path(),
            "start.po",
            po.replace(first, &format!("\"{start}\"")).as_bytes(),
        );
        assert_eq!(out.code, 1, "{start}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("unit 8: its text would be read as more than text"),
            "{start}: {}",
            out.stderr
        );
    }
}

#[test]
fn an_import_into_a_file_not_utf8_or_with_a_bom_writes_only_what_it_should() {
    // The file was read again from disk with `read_to_string`: one in
    // Windows-1252 was read as empty and written as the imported paragraph
    // alone (the rest of the file lost); one with a BOM was edited three
    // bytes off (`Rico)]o)]`).
    let (dir, po) = exported("po");
    let changed = po.replace("las siete esposas", "las ocho esposas");
    let city = dir.path().join(CITY);
    let text = std::fs::read_to_string(&city).unwrap();
    let cp1252: Vec<u8> = text.chars().map(|c| c as u8).collect();
    std::fs::write(&city, &cp1252).unwrap();
    let out = import(dir.path(), "e.po", changed.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("it is not UTF-8 text")
            && out.stderr.contains("its paragraph 8 was left as it was"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read(&city).unwrap(), cp1252);
    // Imported into the file as it was, then into the same with a BOM:
    // the same text, after the BOM.
    std::fs::write(&city, &text).unwrap();
    let out = import(dir.path(), "e.po", changed.as_bytes());
    assert!(out.stderr.contains("1 paragraph written"), "{}", out.stderr);
    let plain = std::fs::read_to_string(&city).unwrap();
    assert!(plain.contains("las ocho esposas"), "{plain}");
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(text.as_bytes());
    std::fs::write(&city, &bom).unwrap();
    let out = import(dir.path(), "e.po", changed.as_bytes());
    assert!(out.stderr.contains("1 paragraph written"), "{}", out.stderr);
    let mut expected = b"\xEF\xBB\xBF".to_vec();
    expected.extend(plain.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&std::fs::read(&city).unwrap()),
        String::from_utf8_lossy(&expected)
    );
}
