//! The commands over files in memory, in plain Rust (tested natively by
//! `cargo test -p tales-web`; `lib.rs` only binds them for JavaScript).

use serde_json::{Value, json};
use std::path::Path;
use tales::check;
use tales::ir::Book;
use tales::lints::levels::CliLevels;
use tales::load::{self, MemFiles, Vfs};
use tales::report::{self, Checked, Format, HumanOptions};

/// The width the human report of each finding is drawn at.
const WIDTH: usize = 100;

/// A book's name in the human report, as `tales` run in the folder that was
/// opened names it: `sunken-lamp/tales/beasts.tales:10:39`, not a path from
/// the root of the files in memory (`/sunken-lamp/...`); `.` for a book at
/// the top of a `.zip` (whose files are then `tales/beasts.tales`).
fn shown(root: &str) -> String {
    load::relative_path(Path::new("/"), Path::new(root))
}

/// The files a page opened.
#[derive(Default)]
pub struct Files(MemFiles);

impl Files {
    pub fn set(&mut self, path: &str, bytes: &[u8]) {
        self.0.insert_bytes(path, bytes);
    }

    pub fn text(&self, path: &str) -> Option<String> {
        self.0
            .read(Path::new(path))
            .ok()
            .map(|(t, _)| t.to_string())
    }

    /// Every file, and each book with the source it translates (if any).
    pub fn books(&self) -> Value {
        let books: Vec<Value> = self
            .0
            .books()
            .iter()
            .map(|root| {
                let (book, _) = self.load(root);
                let source = load::translation_source_in(&self.0, &book);
                json!({
                    "root": root.to_string_lossy(),
                    "title": book.manifest.title.as_ref().map(|t| t.value.clone()),
                    "translation_of": source.map(|s| s.to_string_lossy().into_owned()),
                })
            })
            .collect();
        let files: Vec<_> = self.0.paths().map(Path::to_string_lossy).collect();
        json!({"files": files, "books": books})
    }

    fn load(&self, root: &Path) -> (Book, tales::diagnostic::Diagnostics) {
        load::load_book_in(&self.0, root, &load::Overlays::new())
    }

    pub fn check(&self, root: &str) -> Value {
        let checked =
            check::check_book_in(&self.0, Path::new(root), shown(root), &CliLevels::default());
        findings(&checked)
    }

    pub fn l10n(&self, source: &str, translation: &str) -> Value {
        let (_, t) = self.pair(source, translation);
        findings(&t)
    }

    fn pair(&self, source: &str, translation: &str) -> (Checked, Checked) {
        check::check_pair_in(
            &self.0,
            (Path::new(source), shown(source)),
            (Path::new(translation), shown(translation)),
            &CliLevels::default(),
        )
    }

    /// The canonical text of each file `fmt` would change, and why it left
    /// the files it did not format.
    pub fn fmt(&self, root: &str) -> Value {
        let checked =
            check::check_book_in(&self.0, Path::new(root), shown(root), &CliLevels::default());
        let book = &checked.book;
        let mut formatted = serde_json::Map::new();
        let mut left = serde_json::Map::new();
        for f in tales::fmt::format_book(book, &checked.diagnostics) {
            let name = book.sources.get(f.file).name.clone();
            let why = match f.outcome {
                tales::fmt::Outcome::Unchanged => continue,
                tales::fmt::Outcome::Formatted(text) => {
                    formatted.insert(name, Value::String(text));
                    continue;
                }
                tales::fmt::Outcome::HasErrors(_) => {
                    "the file has errors: fix them first".to_owned()
                }
                tales::fmt::Outcome::Unreadable => "the file is not UTF-8 text".to_owned(),
                tales::fmt::Outcome::Refused { before, after } => {
                    format!("formatting would change what it means: `{before}` became `{after}`")
                }
            };
            left.insert(name, Value::String(why));
        }
        json!({"formatted": formatted, "left": left})
    }

    pub fn render(&self, root: &str) -> String {
        tales::render::page(&self.load(Path::new(root)).0)
    }

    pub fn render_beside(&self, source: &str, translation: &str) -> String {
        let (s, t) = self.pair(source, translation);
        tales::render::beside(&s.book, &t.book, &t.diagnostics)
    }

    pub fn starts(&self, root: &str) -> Value {
        crate::play::starts(&self.load(Path::new(root)).0)
    }

    pub fn play(&self, root: &str, start: &str, seed: u32, choices: &[u32]) -> Value {
        let checked =
            check::check_book_in(&self.0, Path::new(root), shown(root), &CliLevels::default());
        crate::play::encounter(&checked, start, seed, choices)
    }
}

/// A checked book's findings: the JSON report, each finding with its human
/// rendering (`human`) beside, and the human report's line on the findings
/// held back (`held_back_line`: `3 findings not shown: matrices.yaml could
/// not be read`), if any.
fn findings(checked: &Checked) -> Value {
    let text = report::render(
        Format::Json,
        std::slice::from_ref(checked),
        &HumanOptions::default(),
    );
    let mut out: Value = serde_json::from_str(&text).unwrap_or_default();
    let human = report::human_each(checked, WIDTH);
    if let Some(Value::Array(list)) = out.get_mut("diagnostics") {
        for (d, h) in list.iter_mut().zip(human) {
            d["human"] = Value::String(h);
        }
    }
    if let Some(line) = checked.held_back.line() {
        out["held_back_line"] = Value::String(line);
    }
    out
}
