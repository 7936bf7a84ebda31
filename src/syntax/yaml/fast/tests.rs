//! The hand reader ([`super::read`]) gives the tree the events give (or
//! serde-saphyr, when the events give up), spans and duplicate-key findings
//! included, whenever it reads a file at all; and it reads the books.

use super::super::events_tests::{by_serde, yaml_files};
use super::super::{Lowering, budget, events};
use crate::span::FileId;
use proptest::prelude::*;
use std::fmt::Write as _;

/// The hand reader's tree and findings as text, if it reads `text`.
fn fast(text: &str) -> Option<String> {
    let mut cx = Lowering::new(FileId(0), text);
    let node = super::read(&mut cx, text)?;
    Some(format!("{node:?}\n{:?}", cx.diags))
}

/// The tree and findings of the events, or of serde-saphyr when they give up.
fn slow(text: &str) -> String {
    let mut cx = Lowering::new(FileId(0), text);
    if let Some(node) = events::read(&mut cx, text, &budget()) {
        return format!("{node:?}\n{:?}", cx.diags);
    }
    by_serde(text)
}

#[test]
fn every_yaml_file_of_the_tests_books_and_spec_reads_as_the_events_read_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["content", "tests", "../shared/spec"] {
        yaml_files(&root.join(dir), &mut files);
    }
    let (mut read, mut left) = (0, 0);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        match fast(&text) {
            Some(tree) => {
                assert_eq!(tree, slow(&text), "{}", path.display());
                read += 1;
            }
            None => left += 1,
        }
    }
    assert!(read > 100, "{read} files read by hand, {left} left");
}

#[test]
fn the_books_yaml_is_read_by_hand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("tales-fast-yaml-{}", std::process::id()));
    for (i, book) in [
        "content/sunken-lamp",
        "content/silver-caravan",
        "tests/fixtures/spec-example-v3",
    ]
    .into_iter()
    .enumerate()
    {
        // The book as written, and repeated as the benchmarks' real text is.
        let copies = out.join(i.to_string());
        bookgen::write_from_book(&root.join(book), &copies, 600, 300).unwrap();
        let mut files = Vec::new();
        yaml_files(&root.join(book), &mut files);
        yaml_files(&copies, &mut files);
        assert!(files.len() >= 6, "{book}");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let tree = fast(&text).unwrap_or_else(|| panic!("{} is read by hand", path.display()));
            assert_eq!(tree, slow(&text), "{}", path.display());
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn each_shape_books_write_reads_as_the_events_read_it() {
    for text in [
        // A block mapping's span is its first key; an empty value's is its colon.
        "# c\n\na: 1\nb:\nc:   # n\nd: x y  # z\n",
        // A sequence at its key's indentation starts at its first item.
        "k:\n- a\n- [b]\nj:\n-   c: 1\n    d: 2\n",
        "k:\n  - name: x\n    m: 3\n  - - p\n    - q\n  -  \"s\"\n",
        "- x\n- y: 1\n  z: {a: [1, 'b', \"c\"], d: {}}\n- []\n",
        "a: 'it''s'\nb: \"q\\\"y\\\\z\\/\\t\\n\"\nc: -3\nd: 1d6\n",
        "\"1\": a\n'b': c\n1: d\ntrue: e\nx: é ẞ İ\ny: a:b#c\n",
        "a: |\n  x\n  y\n\nb: >-\n  p\n  q\n\n  r\nc: 1\n",
        "- text: >\n    foo\n    bar\n\n  rules: x\n- t: |-\n    l1\n\n\n    l3\n# end\n",
        "s: |\n  a\n    b\n  c\n  # in\n# out\nt: >\n  z\n",
        "m: {a: 1, a: 2}\nm: x\n",
        "a:",
        "a: x",
    ] {
        let tree = fast(text).unwrap_or_else(|| panic!("{text:?} is read by hand"));
        assert_eq!(tree, slow(text), "{text:?}");
    }
}

#[test]
fn what_the_hand_reader_leaves_is_left_to_the_events() {
    for text in [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "<<: {a: 1}\nb: 2\n",
        "a: {<<: {b: 1}}\n",
        "a: 1.5\n",
        "a:\tb\n",
        "a: b\r\n",
        "\u{feff}a: 1\n",
        "a: x\n  continued\n",
        "a: 'two\n  lines'\n",
        "a: [1,\n  2]\n",
        "a: [1, 2,]\n",
        "a: {b}\n",
        "a: \"\\x41\"\n",
        "a: |2\n   x\n",
        "a: |+\n  x\n\n",
        "a: >\n  x\n    more\n  y\n",
        "a: |\n  x",
        "a: 1\n---\nb: 2\n",
        "--- \na: 1\n",
        "%YAML 1.2\n---\na: 1\n",
        "? k\n: v\n",
        "a: b: c\n",
        "a:\n  b: 1\n c: 2\n",
        "- a\n-\n  b: 1\n",
        "a : 1\n",
        "x\n",
        "  a: 1\n",
        "a: @b\n",
        "a: `b`\n",
    ] {
        assert!(fast(text).is_none(), "{text:?}");
    }
}

#[test]
fn hostile_files_are_read_or_left_at_once() {
    // A line of a megabyte, as a value and in a flow sequence.
    let long = "x".repeat(1 << 20);
    let text = format!("a: {long}\n");
    let tree = fast(&text).expect("a long value is read");
    assert_eq!(tree, slow(&text));
    // In a flow sequence a scalar that long is left (to the key's lookahead).
    assert!(fast(&format!("b: [{long}]\n")).is_none());
    // Nesting past the limit is left to the events (which refuse it).
    for deep in [
        "- ".repeat(10_000) + "x\n",
        "[".repeat(10_000),
        (0..10_000).fold(String::new(), |mut s, i| {
            writeln!(s, "{}k:", " ".repeat(i)).unwrap();
            s
        }),
    ] {
        assert!(fast(&deep).is_none());
    }
}

/// A YAML tree to write.
#[derive(Clone, Debug)]
enum Tree {
    Scalar(&'static str),
    Seq(Vec<Tree>),
    Map(Vec<(&'static str, Tree)>),
}

fn scalar() -> impl Strategy<Value = &'static str> {
    let book = prop::sample::select(vec![
        "a",
        "b",
        "x y",
        "1",
        "-3",
        "0",
        "true",
        "~",
        "",
        "@E:Raging",
        "W+1 (max Rich)",
        "é ẞ",
        "it's",
        "q\"u",
        "a#b",
        "[x]",
        "D1 / S1",
        "Lose Pursued",
        "42",
        "a\\b",
        "x-y",
    ]);
    let odd = prop::sample::select(vec![
        "007", "1.5", "null", "a: b", "x #c", "- x", "{y}", "12:30", "<<", "...", "---", "%x",
        "?x", "-", "&a", "*a", "!t", "|", ">", "x:", ":x", "a\tb",
    ]);
    prop_oneof![6 => book, 1 => odd]
}

fn tree() -> impl Strategy<Value = Tree> {
    scalar()
        .prop_map(Tree::Scalar)
        .prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::Seq),
                prop::collection::vec((scalar(), inner), 0..4).prop_map(Tree::Map),
            ]
        })
}

/// How a tree is written: each choice taken from `styles` in turn.
struct Writer {
    styles: Vec<u8>,
    next: usize,
    out: String,
}

impl Writer {
    fn pick(&mut self, n: u8) -> u8 {
        let s = self.styles[self.next % self.styles.len()];
        self.next += 1;
        s % n
    }

    fn scalar(&mut self, s: &str, indent: usize) -> String {
        match self.pick(6) {
            0 => format!("'{}'", s.replace('\'', "''")),
            1 => format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")),
            2 if !s.is_empty() => {
                let pad = " ".repeat(indent + 1 + usize::from(self.pick(2)));
                let head = ["|", ">", "|-", ">-"][usize::from(self.pick(4))];
                let body: Vec<String> = s.split(' ').map(|w| format!("{pad}{w}")).collect();
                let gap = if self.pick(3) == 0 { "\n\n" } else { "\n" };
                format!("{head}\n{}", body.join(gap))
            }
            _ => s.to_owned(),
        }
    }

    fn flow(&mut self, t: &Tree) -> String {
        match t {
            Tree::Scalar(s) => self.scalar(s, 0).lines().next().unwrap_or("").to_owned(),
            Tree::Seq(items) => {
                let items: Vec<String> = items.iter().map(|i| self.flow(i)).collect();
                format!("[{}]", items.join(", "))
            }
            Tree::Map(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(k, v)| format!("{k}: {}", self.flow(v)))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
        }
    }

    /// `t` as a value after `key:` or `-` at `indent`.
    fn value(&mut self, t: &Tree, indent: usize, entry: bool) {
        let flat = matches!(t, Tree::Scalar(_)) || self.pick(3) == 0;
        if flat {
            let text = if let Tree::Scalar(s) = t {
                self.scalar(s, indent)
            } else {
                self.flow(t)
            };
            let comment = if self.pick(4) == 0 { "  # c" } else { "" };
            writeln!(self.out, " {text}{comment}").unwrap();
            // Comment lines and blank ones, at any indentation.
            match self.pick(8) {
                0 => {
                    let pad = " ".repeat(usize::from(self.pick(6)));
                    writeln!(self.out, "{pad}# n").unwrap();
                }
                1 => self.out.push('\n'),
                2 => {
                    let pad = " ".repeat(usize::from(self.pick(5)) + 1);
                    writeln!(self.out, "{pad}").unwrap();
                }
                _ => {}
            }
            return;
        }
        let step = usize::from(self.pick(3)) + 1;
        if entry && self.pick(4) != 0 {
            // `- key: value` and `- - item` on the entry's line.
            self.out.push(' ');
            self.block(t, indent + 2, true);
            return;
        }
        self.out.push('\n');
        if self.pick(5) == 0 {
            writeln!(self.out, "{}# between\n", " ".repeat(indent)).unwrap();
        }
        let indentless = !entry && matches!(t, Tree::Seq(_)) && self.pick(2) == 0;
        self.block(t, if indentless { indent } else { indent + step }, false);
    }

    /// `t` as a block collection at `indent` (its first line already
    /// indented when `inline`).
    fn block(&mut self, t: &Tree, indent: usize, inline: bool) {
        let pad = " ".repeat(indent);
        let mut first = inline;
        let mut line = |w: &mut Writer, head: &str| {
            if !std::mem::take(&mut first) {
                w.out.push_str(&pad);
            }
            w.out.push_str(head);
        };
        match t {
            Tree::Scalar(s) => line(self, s),
            Tree::Seq(items) if !items.is_empty() => {
                for i in items {
                    line(self, "-");
                    self.value(i, indent, true);
                }
            }
            Tree::Map(entries) if !entries.is_empty() => {
                for (k, v) in entries {
                    line(self, &format!("{k}:"));
                    self.value(v, indent, false);
                }
            }
            _ => {
                let flow = self.flow(t);
                line(self, &flow);
                self.out.push('\n');
            }
        }
    }
}

fn write(t: &Tree, styles: Vec<u8>) -> String {
    let mut w = Writer {
        styles,
        next: 0,
        out: String::new(),
    };
    w.block(t, 0, false);
    w.out
}

/// `text` mutated: cut, a line indented more or less, a character put in
/// or taken out.
fn mutate(text: &str, how: u8, at: usize) -> String {
    let mut cut = at % (text.len() + 1);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let (head, tail) = text.split_at(cut);
    match how % 6 {
        0 => head.to_owned(),
        1 => format!("{head} {tail}"),
        2 => {
            let mut t = tail.chars();
            t.next();
            format!("{head}{}", t.as_str())
        }
        3 => format!(
            "{head}{}{tail}",
            ["'", "\"", ":", "#", "-", "[", "é", "\n"][at % 8]
        ),
        4 => format!("{head}\n  {tail}"),
        _ => format!("{head}{}", tail.replacen('\n', "\n ", 1)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn written_yaml_reads_as_the_events_read_it(
        t in tree(),
        styles in prop::collection::vec(any::<u8>(), 1..40),
        how in any::<u8>(),
        at in any::<usize>(),
    ) {
        let text = write(&t, styles);
        if let Some(tree) = fast(&text) {
            prop_assert_eq!(tree, slow(&text), "{}", text);
        }
        let text = mutate(&text, how, at);
        if let Some(tree) = fast(&text) {
            prop_assert_eq!(tree, slow(&text), "{}", text);
        }
    }
}

/// Text of mostly printable ASCII with a few other bytes anywhere (tabs,
/// controls, `é`, NEL, the separators, a byte order mark), often near a run
/// of 64 bytes' end.
fn mostly_ascii() -> impl Strategy<Value = Vec<u8>> {
    let odd: &[&[u8]] = &[
        b"\t",
        b"\r",
        b"\x01",
        b"\x7f",
        "é".as_bytes(),
        "\u{85}".as_bytes(),
        "\u{2028}".as_bytes(),
        "\u{feff}".as_bytes(),
        "\u{fffe}".as_bytes(),
        "’".as_bytes(),
    ];
    let odd: Vec<Vec<u8>> = odd.iter().map(|b| b.to_vec()).collect();
    (
        prop::collection::vec(prop::sample::select(b"ab: -\n#'\"".to_vec()), 0..300),
        prop::collection::vec((0usize..300, prop::sample::select(odd)), 0..3),
    )
        .prop_map(|(mut text, inserts)| {
            for (at, bytes) in inserts {
                let at = at.min(text.len());
                text.splice(at..at, bytes);
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The runs of ASCII passed at once say what looking at every byte says.
    #[test]
    fn plain_text_by_runs_is_plain_text_byte_by_byte(b in mostly_ascii()) {
        prop_assert_eq!(super::plain_text(&b), super::plain_from(&b, 0));
    }
}
