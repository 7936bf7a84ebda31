//! Every internal link of the book is checked: each relative link (and
//! image) of `README.md`, `ARCHITECTURE.md`, `CONTRIBUTING.md`,
//! `docs/**/*.md` and `lints/*.md` names a file that exists, and its
//! `#anchor` a heading of that file (as mdBook and GitHub write heading ids),
//! and each `{{#include FILE}}` of the book names a file that exists. A
//! page of the book links only inside `docs/` (includes aside): the built
//! site holds nothing else. No tool
//! to install: the Markdown is read by pulldown-cmark, as mdBook reads it.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_FOOTNOTES
}

/// The Markdown files whose links are checked, relative to the repository.
fn markdown_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
        .iter()
        .map(PathBuf::from)
        .collect();
    for dir in ["docs", "lints"] {
        for entry in walkdir::WalkDir::new(repo().join(dir)) {
            let path = entry.unwrap().into_path();
            if path.extension().is_some_and(|e| e == "md") {
                files.push(path.strip_prefix(repo()).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// A heading's id as mdBook and GitHub make it: its text lowercased, each
/// space a `-`, anything but letters, digits, `-` and `_` dropped.
fn slug(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The ids of a Markdown text's headings (a second heading of the same
/// text gets `-1`, a third `-2`), its `{#id}`s, and its HTML `id="..."`s.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut heading: Option<(String, Option<String>)> = None;
    for event in Parser::new_ext(text, options()) {
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                heading = Some((String::new(), id.map(|i| i.to_string())));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((h, _)) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let (h, id) = heading.take().unwrap();
                let id = id.unwrap_or_else(|| {
                    let base = slug(h.trim());
                    let n = seen.entry(base.clone()).or_insert(0);
                    *n += 1;
                    if *n == 1 {
                        base
                    } else {
                        format!("{base}-{}", *n - 1)
                    }
                });
                out.insert(id);
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                for part in h.split("id=\"").skip(1) {
                    out.insert(part.split('"').next().unwrap().to_owned());
                }
            }
            _ => {}
        }
    }
    out
}

/// The link and image targets of a Markdown text, with their line.
/// How `links` marks an `{{#include}}`'s file, which may lie outside the book.
const INCLUDE: &str = "include:";

fn links(text: &str) -> Vec<(String, usize)> {
    let line = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut out = Vec::new();
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) = event {
            out.push((dest_url.to_string(), line(range.start)));
        }
    }
    for (n, l) in text.lines().enumerate() {
        if let Some(rest) = l.trim().strip_prefix("{{#include ") {
            let file = rest.trim_end_matches("}}").split(':').next().unwrap();
            out.push((format!("{INCLUDE}{}", file.trim()), n + 1));
        }
    }
    out.sort_by_key(|(_, line)| *line);
    out
}

/// `path` with its `..` and `.` folded away (no filesystem access).
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Pages of the site that are built with it, not written in `docs/`: the
/// path a link names, the script that builds it, and the line of the
/// script that does.
const BUILT_WITH_THE_SITE: &[(&str, &str, &str)] = &[(
    "docs/app/index.html",
    "tools/book/build.sh",
    "web/build.sh target/book/app",
)];

/// What is wrong with the link `target` of `file` (both relative to
/// `root`), if anything: the file it names missing, or its anchor.
fn broken(root: &Path, file: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (target, included) = match target.strip_prefix(INCLUDE) {
        Some(t) => (t, true),
        None => (target, false),
    };
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let named = if path.is_empty() {
        file.to_path_buf()
    } else {
        normal(&file.parent().unwrap().join(path))
    };
    if file.starts_with("docs") && !named.starts_with("docs") && !included {
        return Some(format!(
            "{} is outside the book: the built site has no such page",
            named.display()
        ));
    }
    let full = root.join(&named);
    if let Some((_, script, line)) = BUILT_WITH_THE_SITE
        .iter()
        .find(|(p, _, _)| named == Path::new(p))
    {
        let text = std::fs::read_to_string(root.join(script)).unwrap_or_default();
        return (!text.contains(line)).then(|| {
            format!(
                "{} is built by no script: {script} no longer runs `{line}`",
                named.display()
            )
        });
    }
    if !full.exists() {
        return Some(format!("{} does not exist", named.display()));
    }
    let anchor = anchor.filter(|a| !a.is_empty())?;
    if full.is_dir() {
        return Some(format!("#{anchor} points into a folder"));
    }
    let text = std::fs::read_to_string(&full).ok()?;
    let is_markdown = named.extension().is_some_and(|e| e == "md");
    (is_markdown && !anchors(&text).contains(anchor))
        .then(|| format!("{} has no heading #{anchor}", named.display()))
}

/// Every broken link of `files` (relative to `root`), as `file:line: target: why`.
fn broken_links(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        // A lint page is read in `lints/` and, included, in `docs/lints/`.
        let mut places = vec![file.clone()];
        if file.starts_with("lints") {
            places.push(Path::new("docs").join(file));
        }
        for (target, line) in links(&text) {
            for place in &places {
                if let Some(why) = broken(root, place, &target) {
                    out.push(format!("{}:{line}: ({target}): {why}", file.display()));
                }
            }
        }
    }
    out
}

#[test]
fn every_internal_link_of_the_book_and_the_readme_resolves() {
    let files = markdown_files();
    assert!(files.len() > 60, "the book's pages were found: {files:?}");
    let broken = broken_links(repo(), &files);
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The checker finds a missing file, a missing anchor and a missing
/// include, and takes what exists: a heading with code in it, a second
/// heading of the same words, an explicit id, a web address.
#[test]
fn the_checker_finds_each_kind_of_broken_link() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs/sub")).unwrap();
    std::fs::write(
        dir.path().join("docs/sub/page.md"),
        "# In an editor (`tales lsp`)\n\n## Notes\n\n## Notes\n\n## Other {#own-id}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("docs/index.md"),
        "[a](sub/page.md#in-an-editor-tales-lsp) [b](sub/page.md#notes-1)\n\
         [c](sub/page.md#own-id) [d](https://example.com/x.md) [e](#top)\n\n\
         # Top\n\n[f](sub/gone.md) [g](sub/page.md#notes-2) ![h](img/x.png)\n\n\
         {{#include ../lints/none.md}}\n\n`[i](not/a/link.md)` [j](../README.md)\n",
    )
    .unwrap();
    let broken = broken_links(dir.path(), &[PathBuf::from("docs/index.md")]);
    assert_eq!(
        broken,
        [
            "docs/index.md:6: (sub/gone.md): docs/sub/gone.md does not exist",
            "docs/index.md:6: (sub/page.md#notes-2): docs/sub/page.md has no heading #notes-2",
            "docs/index.md:6: (img/x.png): docs/img/x.png does not exist",
            "docs/index.md:8: (include:../lints/none.md): lints/none.md does not exist",
            "docs/index.md:10: (../README.md): README.md is outside the book: the built site has no such page",
        ]
    );
    // The web page is built into the site: a link to it holds while the
    // book's script builds it there, and breaks when the script no longer
    // does.
    std::fs::write(
        dir.path().join("docs/web.md"),
        "[the page](app/index.html)\n",
    )
    .unwrap();
    let web = [PathBuf::from("docs/web.md")];
    std::fs::create_dir_all(dir.path().join("tools/book")).unwrap();
    let script = dir.path().join("tools/book/build.sh");
    std::fs::write(&script, "mdbook build\nweb/build.sh target/book/app\n").unwrap();
    assert!(broken_links(dir.path(), &web).is_empty());
    std::fs::write(&script, "mdbook build\n").unwrap();
    assert_eq!(
        broken_links(dir.path(), &web),
        [
            "docs/web.md:1: (app/index.html): docs/app/index.html is built by no script: tools/book/build.sh no longer runs `web/build.sh target/book/app`"
        ]
    );
}

/// The README is a front page: at most 200 lines, and it links into the
/// book.
#[test]
fn the_readme_is_a_front_page_that_links_into_the_book() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 200, "README.md has {lines} lines: at most 200");
    let into_book: BTreeSet<String> = links(&readme)
        .into_iter()
        .filter(|(t, _)| t.starts_with("docs/"))
        .map(|(t, _)| t)
        .collect();
    for page in ["docs/SUMMARY.md", "docs/format.md", "docs/cli.md"] {
        assert!(
            into_book.iter().any(|t| t.starts_with(page)),
            "README links to {page}"
        );
    }
}

#[test]
fn heading_ids_are_those_mdbook_writes() {
    assert_eq!(
        slug("Version 2: the printed book's tree"),
        "version-2-the-printed-books-tree"
    );
    assert_eq!(slug("Quests (quests.yaml)"), "quests-questsyaml");
    assert_eq!(slug("Effects named in awards"), "effects-named-in-awards");
}
