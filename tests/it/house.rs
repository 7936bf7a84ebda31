//! The house rules, read from the source files. Of `src/syntax/`:
//!
//! - its modules import each other without a cycle;
//! - the layers hold: `tales` (a file into paragraphs) uses `tree` (a
//!   paragraph's body), which uses `blocks` (a block's text), which uses
//!   `lines` (the classified lines); every layer may use the readers, and
//!   the readers use no layer above them: `awards` (award items) uses
//!   `labels` (headings) and `effects`, which use `conditions`; `print` and `yaml` stand beside them; the files at
//!   the top of `src/syntax/` (the context, the grammars) are the ground
//!   everything stands on, and the root `mod.rs` is only the outside's door.
//!
//! Of all `src/`: no function is longer than 80 lines, from its `fn` line
//! to its closing brace (test modules and test files aside).
//!
//! A module's dependencies are the `super::` and `crate::syntax::` paths its
//! code names (in `use` lines and inline), test modules and comments aside.

use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FN_LINES: usize = 80;
const READERS: [&str; 4] = ["labels", "awards", "effects", "conditions"];

/// A module of `src/syntax`: its path below `syntax` (`["awards", "award"]`;
/// a folder's `mod.rs` is the folder) and its source, test code and
/// comments left out.
struct Module {
    path: Vec<String>,
    file: PathBuf,
    code: String,
}

fn syntax_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax")
}

fn modules() -> Vec<Module> {
    let root = syntax_dir();
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let entry = entry.expect("src/syntax is readable");
        let file = entry.path();
        if file.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = file.strip_prefix(&root).unwrap().with_extension("");
        let mut path: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if path.last().is_some_and(|l| l == "mod") {
            path.pop();
        }
        let text = std::fs::read_to_string(file).unwrap();
        out.push(Module {
            path,
            file: file.to_path_buf(),
            code: without_tests_and_comments(&text),
        });
    }
    out
}

/// The text before its `#[cfg(test)]` module, comment lines dropped.
fn without_tests_and_comments(text: &str) -> String {
    let end = text.find("#[cfg(test)]\nmod ").unwrap_or(text.len());
    text[..end]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a module's code names, as written: `super::x::y`,
/// `crate::syntax::x::{y, z::w}` (one level of braces read).
fn named_paths(m: &Module) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["super::", "crate::syntax::"] {
        for (at, _) in m.code.match_indices(start) {
            let before = m.code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut base = if start == "super::" {
                parent(&m.path, m.file.ends_with("mod.rs"))
            } else {
                Vec::new()
            };
            let rest = &m.code[at + start.len()..];
            let mut rest = rest;
            // `super::super::`
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            for tail in expand(rest) {
                let mut p = base.clone();
                p.extend(tail);
                out.push(p);
            }
        }
    }
    out
}

/// The module a `super::` in module `path` names.
fn parent(path: &[String], is_folder: bool) -> Vec<String> {
    let mut p = path.to_vec();
    if !is_folder || !p.is_empty() {
        p.pop();
    }
    p
}

/// The segments of the path at the start of `rest`; a `{...}` group gives
/// one path for each of its items (groups inside groups too).
fn expand(rest: &str) -> Vec<Vec<String>> {
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let head: Vec<String> = rest[..len]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let grouped = rest[len..].starts_with('{') && (len == 0 || rest[..len].ends_with("::"));
    if !grouped {
        return vec![head];
    }
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, len + 1);
    for (i, c) in rest.char_indices().skip(len) {
        match c {
            '{' => depth += 1,
            '}' | ',' if depth == 1 => {
                items.push(&rest[from..i]);
                from = i + 1;
                if c == '}' {
                    break;
                }
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .flat_map(expand)
        .map(|tail| head.iter().cloned().chain(tail).collect())
        .collect()
}

/// The module a path lands in: its longest prefix that is a module file.
fn resolve<'m>(path: &[String], by_path: &'m BTreeMap<Vec<String>, usize>) -> Option<&'m usize> {
    (0..=path.len()).rev().find_map(|n| by_path.get(&path[..n]))
}

fn name(m: &Module) -> String {
    let rel = m.file.strip_prefix(syntax_dir()).unwrap();
    format!("src/syntax/{}", rel.display())
}

/// The layer of a module: the folder it is in, or `ground` for the files at
/// the top of `src/syntax/` (`tales` and the root `mod.rs` aside).
fn layer(path: &[String]) -> &str {
    match path.first().map(String::as_str) {
        None => "root",
        Some("tales") => "tales",
        Some(folder) if path.len() > 1 || is_folder(folder) => folder,
        Some(_) => "ground",
    }
}

fn is_folder(name: &str) -> bool {
    syntax_dir().join(name).is_dir()
}

/// Whether a module in layer `from` may use one in layer `to`.
fn may_use(from: &str, to: &str) -> bool {
    let below: &[&str] = match from {
        "root" => return to != "root",
        "tales" => &["tree", "blocks", "lines"],
        "tree" => &["blocks", "lines"],
        "blocks" => &["lines"],
        // The readers among themselves: award items hold effects and
        // headings (a go-to with a section); effects and headings hold
        // conditions.
        "awards" => &["labels", "effects", "conditions"],
        "labels" | "effects" => &["conditions"],
        _ => &[],
    };
    let reader = |l: &str| READERS.contains(&l);
    from == to
        || to == "ground"
        || below.contains(&to)
        || (reader(to) && !reader(from) && !matches!(from, "print" | "yaml" | "ground"))
}

/// Every edge between two modules, named by file, with the path that
/// makes it.
fn edges(mods: &[Module]) -> Vec<(usize, usize, String)> {
    let by_path: BTreeMap<Vec<String>, usize> = mods
        .iter()
        .enumerate()
        .map(|(i, m)| (m.path.clone(), i))
        .collect();
    let mut out = Vec::new();
    for (i, m) in mods.iter().enumerate() {
        for p in named_paths(m) {
            if let Some(&j) = resolve(&p, &by_path)
                && j != i
            {
                out.push((i, j, p.join("::")));
            }
        }
    }
    out
}

#[test]
fn syntax_modules_import_each_other_without_a_cycle() {
    let mods = modules();
    let mut graph = DiGraph::<usize, ()>::new();
    for (i, _) in mods.iter().enumerate() {
        graph.add_node(i);
    }
    let edges = edges(&mods);
    for &(from, to, _) in &edges {
        graph.update_edge(NodeIndex::new(from), NodeIndex::new(to), ());
    }
    // Each cycle as the uses that make it: `a.rs -> b.rs (path)`.
    let cycles: Vec<String> = tarjan_scc(&graph)
        .into_iter()
        .filter(|scc| scc.len() > 1)
        .map(|scc| {
            let inside = |i: usize| scc.contains(&NodeIndex::new(i));
            let uses: BTreeSet<String> = edges
                .iter()
                .filter(|&&(from, to, _)| inside(from) && inside(to))
                .map(|(from, to, path)| {
                    format!("  {} -> {} ({path})", name(&mods[*from]), name(&mods[*to]))
                })
                .collect();
            let uses: Vec<String> = uses.into_iter().collect();
            format!("a cycle of {} modules:\n{}", scc.len(), uses.join("\n"))
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles in src/syntax:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn syntax_layers_only_use_the_layers_below_them() {
    let mods = modules();
    let wrong: Vec<String> = edges(&mods)
        .into_iter()
        .filter(|&(from, to, _)| !may_use(layer(&mods[from].path), layer(&mods[to].path)))
        .map(|(from, to, path)| {
            format!(
                "{} ({}) uses {} ({}) through `{path}`",
                name(&mods[from]),
                layer(&mods[from].path),
                name(&mods[to]),
                layer(&mods[to].path),
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "layers used upwards:\n{}",
        wrong.join("\n")
    );
}

/// Each `fn` of a file longer than [`MAX_FN_LINES`], as `file:line name (n lines)`.
fn long_functions(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let tests = in_test_modules(&lines);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(fn_name) = fn_name(line).filter(|_| !tests[i]) else {
            continue;
        };
        let indent = &line[..line.len() - line.trim_start().len()];
        // A declaration without a body (in a trait) ends at its `;`.
        let body = lines[i..]
            .iter()
            .position(|l| l.trim_end().ends_with('{') || l.trim_end().ends_with(';'))
            .is_some_and(|k| lines[i + k].trim_end().ends_with('{'));
        if !body || line.trim_end().ends_with('}') {
            continue;
        }
        let close = format!("{indent}}}");
        let end = lines[i + 1..]
            .iter()
            .position(|l| *l == close)
            .map_or(lines.len(), |k| i + 1 + k);
        let n = end - i + 1;
        if n > MAX_FN_LINES {
            out.push(format!(
                "{}:{} {fn_name} ({n} lines)",
                file.display(),
                i + 1
            ));
        }
    }
    out
}

/// Which lines are in a test module: `#[cfg(test)]` (other attributes
/// may follow it), then `mod x {`, to the brace that closes it.
fn in_test_modules(lines: &[&str]) -> Vec<bool> {
    let mut out = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        let start = i;
        i += 1;
        if lines[start].trim() != "#[cfg(test)]" {
            continue;
        }
        let mut head = start + 1;
        while lines
            .get(head)
            .is_some_and(|l| l.trim_start().starts_with("#["))
        {
            head += 1;
        }
        let Some(line) = lines.get(head) else {
            continue;
        };
        let code = line.trim();
        if !(code.starts_with("mod ") || code.contains(" mod ")) || !code.ends_with('{') {
            continue;
        }
        let close = format!("{}}}", &line[..line.len() - line.trim_start().len()]);
        let end = lines[head + 1..]
            .iter()
            .position(|l| *l == close)
            .map_or(lines.len() - 1, |k| head + 1 + k);
        out[start..=end].fill(true);
        i = end + 1;
    }
    out
}

/// Every `.rs` file under `src/`, test files aside.
fn src_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("src is readable").into_path())
        .filter(|f| f.extension().is_some_and(|e| e == "rs") && !is_test_file(f))
        .collect()
}

/// A file of tests only: `tests.rs`, or `*_tests.rs` (`#[cfg(test)] mod
/// x_tests;` beside the module it tests).
fn is_test_file(file: &Path) -> bool {
    file.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| s == "tests" || s.ends_with("_tests"))
}

/// The name of the function a line starts (`pub(crate) const fn x(`).
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r.strip_prefix(' ').unwrap_or(r);
        if rest.starts_with('(') {
            rest = rest[rest.find(')')? + 1..].trim_start();
        }
    }
    for word in ["const ", "async ", "unsafe ", "extern \"C\" "] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

#[test]
fn no_function_in_src_is_longer_than_80_lines() {
    let files = src_files();
    assert!(
        files.iter().any(|f| f.ends_with("src/syntax/tales.rs"))
            && files.iter().any(|f| f.ends_with("src/cli/play.rs"))
            && !files
                .iter()
                .any(|f| f.ends_with("src/effect_index_tests.rs")),
        "src/ listed wrong: {files:?}"
    );
    let long: Vec<String> = files.iter().flat_map(|f| long_functions(f)).collect();
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them into named steps):\n{}",
        long.join("\n")
    );
}

/// The checks above read what they should: a cycle, an upward use and a
/// long function written on purpose are found; the same function in a
/// test module, or a test file, is not looked at.
#[test]
fn the_house_checks_find_what_they_look_for() {
    let m = |path: &[&str], code: &str| Module {
        path: path.iter().map(|s| (*s).to_string()).collect(),
        file: syntax_dir().join(format!("{}.rs", path.join("/"))),
        code: code.to_string(),
    };
    let mods = [
        m(
            &["blocks", "block"],
            "use crate::syntax::tree::build::lower;\n",
        ),
        m(
            &["tree", "build"],
            "use super::checks;\nuse crate::syntax::{blocks::block::x, lines::classify};\n",
        ),
        m(&["tree", "checks"], "fn f() { super::build::g() }\n"),
        m(&["lines", "classify"], ""),
    ];
    let e: Vec<(usize, usize)> = edges(&mods).iter().map(|&(a, b, _)| (a, b)).collect();
    assert_eq!(e, vec![(0, 1), (1, 2), (1, 0), (1, 3), (2, 1)]);
    assert!(!may_use("blocks", "tree"));
    assert!(may_use("tree", "blocks") && may_use("tree", "awards"));
    assert!(!may_use("awards", "lines") && !may_use("print", "awards"));
    assert!(may_use("awards", "effects") && !may_use("effects", "awards"));
    assert!(!may_use("conditions", "labels") && !may_use("ground", "conditions"));

    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.rs");
    let body = "    let x = 1;\n".repeat(80);
    std::fs::write(
        &long,
        format!("fn short() {{}}\n\npub(crate) fn long() {{\n{body}}}\n"),
    )
    .unwrap();
    let found = long_functions(&long);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with(":3 long (82 lines)"), "{found:?}");

    // The same function again in a test module, after one line longer
    // outside it: only the latter is found.
    std::fs::write(
        &long,
        format!(
            "#[cfg(test)]\n#[allow(dead_code)]\nmod tests {{\n    fn long() {{\n{body}    }}\n}}\n\nfn after() {{\n{body}    let y = 2;\n}}\n"
        ),
    )
    .unwrap();
    let found = long_functions(&long);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with(":88 after (83 lines)"), "{found:?}");
    assert!(is_test_file(Path::new("src/effect_index_tests.rs")));
    assert!(is_test_file(Path::new("src/syntax/yaml/fast/tests.rs")));
    assert!(!is_test_file(Path::new("src/syntax/tales.rs")));
}
