//! Hostile and broken input gets a clear diagnostic and exit 1, never a
//! panic (exit 101) or a hang.

mod common;
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
                -4-\nYou run.\n> If you run: You roll. {2d6 + 99999999999 piety}\n>> 2+: Any. [S1]\n";
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
