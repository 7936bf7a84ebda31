//! Where a book's files come from: the disk, or a set of files in memory.

use super::{MAX_FILE_BYTES, relative};
use crate::encoding::Recoded;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// A file's text, and what was not UTF-8 in it; or why it could not be read.
pub type FileText = Result<(Arc<str>, Option<Recoded>), String>;

/// The files a book is read from. Paths are absolute in the set's own
/// terms (a disk path, or `/book/tales/a.tales` in memory).
pub trait Vfs: Sync {
    /// A file is there.
    fn is_file(&self, path: &Path) -> bool;
    /// A folder is there.
    fn is_dir(&self, path: &Path) -> bool;
    /// The `.tales` files under `tales_dir` (hidden entries skipped), named
    /// relative to `root`, in order; with the problems met on the way.
    fn tales_files(&self, root: &Path, tales_dir: &Path) -> (Vec<(String, PathBuf)>, Vec<String>);
    /// A file's text.
    fn read(&self, path: &Path) -> FileText;
    /// A path with `.`, `..` (and on disk, links) resolved, if it exists.
    fn canonicalize(&self, path: &Path) -> Option<PathBuf>;
    /// The repository a book is in: what `translation-of` may name.
    fn repository_root(&self, book: &Path) -> PathBuf;
}

/// A file's bytes as text: UTF-8, BOM removed, stray bytes read as
/// Windows-1252; UTF-16 when it starts with its byte order mark; a NUL
/// character refuses it.
pub(super) fn text_of(bytes: &[u8]) -> FileText {
    if let Some((text, recoded)) = crate::encoding::decode_utf16(bytes) {
        refuse_nul(text.as_bytes())?;
        return Ok((Arc::from(text), Some(recoded)));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    refuse_nul(bytes)?;
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok((Arc::from(s), None));
    }
    let (text, recoded) = crate::encoding::decode(bytes);
    Ok((Arc::from(text), recoded))
}

/// A NUL byte: the file is binary (its line and column said).
fn refuse_nul(bytes: &[u8]) -> Result<(), String> {
    // Asked of every byte of every file: a vector search (the slice's own
    // search, a word at a time, was about 1 instruction a byte), then the
    // place only in a file about to be refused.
    let Some(pos) = memchr::memchr(0, bytes) else {
        return Ok(());
    };
    #[allow(clippy::naive_bytecount)] // once, on a file about to be refused
    let line = bytes[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = pos
        - bytes[..pos]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    Err(format!(
        "file is binary, not text (a NUL byte at line {line}, column {column})"
    ))
}

/// Files held in memory, by absolute path (`/` separated): what a web page
/// was given. One repository holds them all.
#[derive(Clone, Debug, Default)]
pub struct MemFiles {
    files: BTreeMap<PathBuf, FileText>,
}

impl MemFiles {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Add or replace a file from its bytes (read as a file on disk is).
    pub fn insert_bytes(&mut self, path: impl AsRef<Path>, bytes: &[u8]) {
        let text = if bytes.len() as u64 > MAX_FILE_BYTES {
            Err(format!(
                "file is too large ({} bytes; the limit is {MAX_FILE_BYTES})",
                bytes.len()
            ))
        } else {
            text_of(bytes)
        };
        self.files.insert(normal(path.as_ref()), text);
    }

    /// Add or replace a file from its text.
    pub fn insert(&mut self, path: impl AsRef<Path>, text: &str) {
        self.insert_bytes(path, text.as_bytes());
    }

    /// Remove a file; whether it was there.
    pub fn remove(&mut self, path: impl AsRef<Path>) -> bool {
        self.files.remove(&normal(path.as_ref())).is_some()
    }

    /// Every file's path, in order.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.keys().map(PathBuf::as_path)
    }

    /// The folders holding a `book.yaml`, in order.
    pub fn books(&self) -> Vec<PathBuf> {
        self.files
            .keys()
            .filter(|p| p.file_name().is_some_and(|n| n == "book.yaml"))
            .filter_map(|p| p.parent().map(Path::to_owned))
            .collect()
    }
}

/// A path with `.` and `..` resolved, without looking anything up.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(n) => out.push(n),
            _ => {}
        }
    }
    out
}

impl Vfs for MemFiles {
    fn is_file(&self, path: &Path) -> bool {
        self.files.contains_key(&normal(path))
    }

    fn is_dir(&self, path: &Path) -> bool {
        let dir = normal(path);
        self.files
            .range(dir.clone()..)
            .next()
            .is_some_and(|(p, _)| p != &dir && p.starts_with(&dir))
    }

    fn tales_files(&self, root: &Path, tales_dir: &Path) -> (Vec<(String, PathBuf)>, Vec<String>) {
        let dir = normal(tales_dir);
        let tales = self
            .files
            .range(dir.clone()..)
            .map(|(p, _)| p)
            .take_while(|p| p.starts_with(&dir))
            .filter(|p| p.extension().is_some_and(|x| x == "tales"))
            .filter(|p| {
                let under = p.strip_prefix(&dir).unwrap_or(p);
                !under
                    .components()
                    .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
            })
            .map(|p| (relative(&normal(root), p), p.clone()))
            .collect();
        (tales, Vec::new())
    }

    fn read(&self, path: &Path) -> FileText {
        self.files
            .get(&normal(path))
            .cloned()
            .unwrap_or_else(|| Err("cannot read the file: no such file".to_owned()))
    }

    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        let p = normal(path);
        (self.is_file(&p) || self.is_dir(&p)).then_some(p)
    }

    fn repository_root(&self, _book: &Path) -> PathBuf {
        PathBuf::from("/")
    }
}

/// The files of a folder on disk.
#[cfg(feature = "disk")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

#[cfg(feature = "disk")]
impl Vfs for Disk {
    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }

    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }

    fn tales_files(&self, root: &Path, tales_dir: &Path) -> (Vec<(String, PathBuf)>, Vec<String>) {
        disk_tales_files(root, tales_dir)
    }

    fn read(&self, path: &Path) -> FileText {
        let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
        if meta.len() > MAX_FILE_BYTES {
            return Err(format!(
                "file is too large ({} bytes; the limit is {MAX_FILE_BYTES})",
                meta.len()
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the file: {e}"))?;
        text_of(&bytes)
    }

    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        std::fs::canonicalize(path).ok()
    }

    /// The nearest folder above with `.git`, else the book's parent.
    fn repository_root(&self, book: &Path) -> PathBuf {
        let mut dir = Some(book);
        while let Some(d) = dir {
            if d.join(".git").exists() {
                return d.to_owned();
            }
            dir = d.parent();
        }
        book.parent().unwrap_or(book).to_owned()
    }
}

#[cfg(feature = "disk")]
/// The `.tales` files under `tales_dir` (hidden entries skipped, links
/// followed only where they stay in the repository), with the problems
/// met on the way.
fn disk_tales_files(root: &Path, tales_dir: &Path) -> (Vec<(String, PathBuf)>, Vec<String>) {
    let repo = Disk.repository_root(root);
    let mut tales = Vec::new();
    let mut problems = Vec::new();
    let mut outside = Vec::new();
    let walker = walkdir::WalkDir::new(tales_dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            if e.depth() > 0 && e.file_name().to_string_lossy().starts_with('.') {
                return false;
            }
            // Links are followed only where they stay in the repository:
            // CI checks untrusted pull requests.
            if e.path_is_symlink() {
                let inside = std::fs::canonicalize(e.path()).is_ok_and(|t| t.starts_with(&repo));
                if !inside {
                    outside.push(relative(root, e.path()));
                    return false;
                }
            }
            true
        });
    for entry in walker {
        match entry {
            Ok(e)
                if e.file_type().is_file()
                    && e.path().extension().is_some_and(|x| x == "tales") =>
            {
                tales.push((relative(root, e.path()), e.path().to_owned()));
            }
            Ok(_) => {}
            Err(err) => problems.push(err.to_string_with(root)),
        }
    }
    problems.extend(
        outside.into_iter().map(|p| {
            format!("symlink `{p}` points outside the repository or nowhere: not followed")
        }),
    );
    (tales, problems)
}

#[cfg(feature = "disk")]
/// A walkdir error as a message.
trait WalkMessage {
    fn to_string_with(&self, root: &Path) -> String;
}

#[cfg(feature = "disk")]
impl WalkMessage for walkdir::Error {
    fn to_string_with(&self, root: &Path) -> String {
        let what = self.path().map(|p| relative(root, p)).unwrap_or_default();
        if self.loop_ancestor().is_some() {
            format!("symlink loop at `{what}`: the folder is skipped")
        } else {
            let cause = self
                .io_error()
                .map_or_else(|| self.to_string(), ToString::to_string);
            format!("cannot read `{what}`: {cause}")
        }
    }
}
