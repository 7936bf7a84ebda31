//! The event reader ([`super::events`]) gives the tree serde-saphyr's
//! path gives, spans and duplicate-key findings included, whenever it
//! reads a file at all; and it reads the books of this project.

use super::{Lowering, budget, events, parse_by_serde};
use crate::span::FileId;
use proptest::prelude::*;

/// The event reader's tree and findings as text, if it reads `text`.
fn fast(text: &str) -> Option<String> {
    let mut cx = Lowering::new(FileId(0), text);
    let node = events::read(&mut cx, text, &budget())?;
    Some(format!("{node:?}\n{:?}", cx.diags))
}

/// serde-saphyr's tree and findings as text (or its refusal).
pub(super) fn by_serde(text: &str) -> String {
    match parse_by_serde(FileId(0), text, budget()) {
        Ok((node, diags)) => format!("{node:?}\n{diags:?}"),
        Err(d) => format!("refused: {d:?}"),
    }
}

/// Every `.yaml` file under `dir`, at any depth.
pub(super) fn yaml_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            yaml_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "yaml") {
            out.push(path);
        }
    }
}

#[test]
fn every_yaml_file_of_the_tests_and_books_reads_as_serde_saphyr_reads_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["content", "tests"] {
        yaml_files(&root.join(dir), &mut files);
    }
    let (mut read, mut left) = (0, 0);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        match fast(&text) {
            Some(tree) => {
                assert_eq!(tree, by_serde(&text), "{}", path.display());
                read += 1;
            }
            None => left += 1,
        }
    }
    assert!(read > 100, "{read} files read by the events, {left} left");
}

#[test]
fn the_books_yaml_is_read_by_the_events() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for book in [
        "content/sunken-lamp",
        "content/silver-caravan",
        "tests/fixtures/spec-example-v3",
    ] {
        let mut files = Vec::new();
        yaml_files(&root.join(book), &mut files);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(fast(&text).is_some(), "{}", path.display());
        }
    }
}

#[test]
fn what_the_events_leave_is_left_to_serde_saphyr() {
    for text in [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "<<: {a: 1}\nb: 2\n",
        "a: 1.5\n",
        "a: 0x1F\n",
        "a: 007\n",
        "a: .inf\n",
        "a: nan\n",
        "a: 99999999999999999999\n",
        "a: [\n",
        "a: 1\n---\nb: 2\n",
        "%YAML 1.2\n---\na: 1\n",
    ] {
        assert!(fast(text).is_none(), "{text:?}");
    }
}

#[test]
fn scalars_of_every_kind_read_as_serde_saphyr_reads_them() {
    for text in [
        "a: 12 Rich\nb: -3\nc: ~\nd: True\ne: 'x'\nf: 1d6\ng: \"1\"\nh:\n",
        "- 0\n- -0\n- 9223372036854775807\n- -9223372036854775808\n- NULL\n- FALSE\n",
        "m: {a: [1, b, {c: d}], \"e f\": x}\nq: |\n  two\n  lines\n",
        "a: >-\n  folded\n  text\nb: plain\n  continued\n1: one\n\"1\": again\n",
        "? complex\n: key\nx: é ẞ İ\ny: W+1 (max Rich)\nz: \"@A:Row\"\n",
        "\u{feff}a: 1\n",
        "--- \na: 1\n...\n",
    ] {
        let tree = fast(text).unwrap_or_else(|| panic!("{text:?} is read by the events"));
        assert_eq!(tree, by_serde(text), "{text:?}");
    }
}

/// A line of YAML-like text: keys, indentation, and scalars of every kind.
fn line() -> impl Strategy<Value = String> {
    let scalar = prop_oneof![
        Just("1"),
        Just("0"),
        Just("-3"),
        Just("01"),
        Just("1.5"),
        Just("1e3"),
        Just("+2"),
        Just("true"),
        Just("True"),
        Just("yes"),
        Just("~"),
        Just("null"),
        Just(""),
        Just("'q'"),
        Just("\"d\\n\""),
        Just("inf"),
        Just(".nan"),
        Just("12 Rich"),
        Just("0x1F"),
        Just("<<"),
        Just("&a x"),
        Just("*a"),
        Just("!!str 1"),
        Just("[a, 1]"),
        Just("{a: 1, a: 2}"),
        Just("|\n  text"),
        Just(">-\n  folded"),
        Just("W+1 (max Rich)"),
        Just("@A:Row"),
        Just("\"@12\""),
        Just("é ẞ"),
        Just("x # c"),
        Just("a: b: c"),
        Just("- x"),
        Just("[")
    ];
    let key = prop_oneof![
        Just("a"),
        Just("b"),
        Just("1"),
        Just("\"1\""),
        Just("<<"),
        Just("? k")
    ];
    (0usize..3, key, scalar, prop::bool::ANY).prop_map(|(indent, k, v, item)| {
        let pad = "  ".repeat(indent);
        if item {
            format!("{pad}- {v}\n")
        } else {
            format!("{pad}{k}: {v}\n")
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn the_events_read_what_they_read_as_serde_saphyr_does(
        lines in proptest::collection::vec(line(), 1..8),
    ) {
        let text: String = lines.concat();
        if let Some(tree) = fast(&text) {
            prop_assert_eq!(tree, by_serde(&text), "{}", text);
        }
    }
}
