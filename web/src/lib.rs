//! `tales` in WebAssembly: what the static web page (`web/page/`) calls.
//!
//! A [`Session`] holds the files the page opened (a folder, a `.zip`, a
//! bundled sample) in memory; each call reads the books from them afresh,
//! as `tales` reads them from disk, and answers in JSON or HTML. Nothing
//! here touches a filesystem or a thread: the library is built without its
//! `cli`, `disk` and `parallel` features.

mod api;
mod play;

pub use api::Files;
use wasm_bindgen::prelude::*;

/// The page's files and every command over them.
#[wasm_bindgen]
#[derive(Default)]
pub struct Session {
    files: Files,
}

#[wasm_bindgen]
impl Session {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        Session::default()
    }

    /// Add or replace a file (`/book/tales/a.tales`) from its text.
    pub fn set_file(&mut self, path: &str, text: &str) {
        self.files.set(path, text.as_bytes());
    }

    /// Add or replace a file from its bytes (a file picked or unzipped:
    /// read as `tales` reads a file on disk, not-UTF-8 bytes included).
    pub fn set_bytes(&mut self, path: &str, bytes: &[u8]) {
        self.files.set(path, bytes);
    }

    /// Forget every file.
    pub fn clear(&mut self) {
        self.files = Files::default();
    }

    /// A file's text, if it is there and is text.
    pub fn text(&self, path: &str) -> Option<String> {
        self.files.text(path)
    }

    /// JSON: every file's path, and the books (folders with `book.yaml`),
    /// each with the source it translates.
    pub fn books(&self) -> String {
        self.files.books().to_string()
    }

    /// JSON: `tales check` of a book (a translation compared with its
    /// source): `{"diagnostics": [{code, severity, file, line, ...,
    /// "human"}], "summary"}`.
    pub fn check(&self, root: &str) -> String {
        self.files.check(root).to_string()
    }

    /// JSON: `tales l10n SOURCE TRANSLATION`: the translation's findings.
    pub fn l10n(&self, source: &str, translation: &str) -> String {
        self.files.l10n(source, translation).to_string()
    }

    /// JSON: `tales fmt` of a book: `{"formatted": {path: text}, "left":
    /// {path: why}}`.
    pub fn fmt(&self, root: &str) -> String {
        self.files.fmt(root).to_string()
    }

    /// `tales render`: the print-and-play page.
    pub fn render(&self, root: &str) -> String {
        self.files.render(root)
    }

    /// `tales render TRANSLATION --beside SOURCE`.
    pub fn render_beside(&self, source: &str, translation: &str) -> String {
        self.files.render_beside(source, translation)
    }

    /// JSON: where an encounter can start: paragraphs, matrix rows, places.
    pub fn starts(&self, root: &str) -> String {
        self.files.starts(root).to_string()
    }

    /// JSON: one encounter from `start` (`328`, `F:Terrible`, `K`, a place,
    /// or `card`), with `seed`, the choices so far made: what was read, the
    /// question now asked (`ask`), or the end and the award.
    pub fn play(&self, root: &str, start: &str, seed: u32, choices: &[u32]) -> String {
        self.files.play(root, start, seed, choices).to_string()
    }
}
