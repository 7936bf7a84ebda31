//! Reading a book: the one place that does file I/O for `check`.
//!
//! Files come from a [`Vfs`]: the disk ([`Disk`], found with walkdir, with
//! the `disk` feature) or files held in memory ([`MemFiles`], what the
//! WebAssembly build reads). They are read and parsed in parallel (with the
//! `parallel` feature) and lowered into one [`Book`]; every problem becomes
//! a diagnostic.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::encoding::{ReadAs, Recoded};
use crate::ir::Book;
use crate::lower;
use crate::par::prelude::*;
use crate::source::{SourceFile, SourceMap};
use crate::span::{FileId, Span};
use crate::syntax::{self, Context, yaml};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod vfs;

#[cfg(test)]
mod shared_tests;
#[cfg(feature = "disk")]
pub use vfs::Disk;
pub use vfs::{FileText, MemFiles, Vfs};

/// Why a command could not run at all (exit code 2).
#[derive(Debug)]
pub enum LoadError {
    NoSuchPath(PathBuf),
    NotABook(PathBuf),
    /// A folder in no book, with no book under it.
    NoBooks(PathBuf),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NoSuchPath(p) => write!(f, "no such file or folder: {}", p.display()),
            LoadError::NotABook(p) => write!(
                f,
                "{} is not inside a book: no book.yaml in it or any folder above it",
                p.display()
            ),
            LoadError::NoBooks(p) => write!(
                f,
                "{} holds no book: no book.yaml in it, under it or in any folder above it",
                p.display()
            ),
        }
    }
}

#[cfg(feature = "disk")]
/// The book folder of a path: the path itself or the nearest folder above
/// it that holds a `book.yaml`.
pub fn find_book_root(path: &Path) -> Result<PathBuf, LoadError> {
    let abs = std::fs::canonicalize(path).map_err(|_| LoadError::NoSuchPath(path.to_owned()))?;
    let mut dir = if abs.is_dir() {
        Some(abs.as_path())
    } else {
        abs.parent()
    };
    while let Some(d) = dir {
        if d.join("book.yaml").is_file() {
            return Ok(d.to_owned());
        }
        dir = d.parent();
    }
    Err(LoadError::NotABook(path.to_owned()))
}

#[cfg(feature = "disk")]
/// The books a path names: the book around it (see [`find_book_root`]),
/// or, for a folder that is in no book, every book under it (a content
/// repository), in path order, four folders deep at most. Hidden folders and
/// `target` are not searched.
pub fn find_books(path: &Path) -> Result<Vec<PathBuf>, LoadError> {
    match find_book_root(path) {
        Ok(root) => Ok(vec![root]),
        Err(LoadError::NotABook(_)) if path.is_dir() => {
            let mut books = Vec::new();
            let mut walk = walkdir::WalkDir::new(path)
                .follow_links(false)
                .max_depth(4)
                .sort_by_file_name()
                .into_iter();
            while let Some(entry) = walk.next() {
                let Ok(e) = entry else { continue };
                let name = e.file_name().to_string_lossy();
                let skip = e.depth() > 0 && (name.starts_with('.') || name == "target");
                if e.file_type().is_dir() && skip {
                    walk.skip_current_dir();
                } else if e.file_type().is_dir() && e.path().join("book.yaml").is_file() {
                    books.push(
                        std::fs::canonicalize(e.path()).unwrap_or_else(|_| e.path().to_owned()),
                    );
                    walk.skip_current_dir();
                }
            }
            if books.is_empty() {
                Err(LoadError::NoBooks(path.to_owned()))
            } else {
                Ok(books)
            }
        }
        Err(e) => Err(e),
    }
}

/// Files larger than this are refused unread.
pub(crate) const MAX_FILE_BYTES: u64 = 1 << 30;

const YAML_FILES: [&str; 6] = [
    "book.yaml",
    "glossary.yaml",
    "matrices.yaml",
    "cards.yaml",
    "board.yaml",
    "quests.yaml",
];

/// Read, parse and lower the book in `root`.
#[cfg(feature = "disk")]
pub fn load_book(root: &Path) -> (Book, Diagnostics) {
    load_book_with(root, &Overlays::new())
}

/// Texts that stand in for files on disk: an editor's unsaved buffers, by
/// absolute path.
pub type Overlays = std::collections::HashMap<PathBuf, Arc<str>>;

/// [`load_book`], with some files' text given instead of read (a `.tales`
/// file given under `tales/` is part of the book even before it is saved).
#[cfg(feature = "disk")]
pub fn load_book_with(root: &Path, overlays: &Overlays) -> (Book, Diagnostics) {
    load_book_in(&Disk, root, overlays)
}

/// [`load_book_with`], the files read from `vfs`.
pub fn load_book_in(vfs: &dyn Vfs, root: &Path, overlays: &Overlays) -> (Book, Diagnostics) {
    let mut diags = Vec::new();
    let (paths, walk_problems) = book_files(vfs, root, overlays);
    let mut files = read_files(vfs, paths, overlays, &mut diags);
    walk_findings(&files.sources, walk_problems, &mut diags);
    let mut book = Book {
        root: root.to_owned(),
        ..Book::default()
    };
    lower_yaml(&mut book, &mut files, &mut diags);
    lower_tales(&mut book, &files, &mut diags);
    lower::index::index_paragraphs(&mut book, &mut diags);
    if let Some(d) = check_translation_path(vfs, &book) {
        diags.push(d);
    }
    book.sources = files.sources;
    book.damaged = files.damaged;
    (book, diags)
}

/// The files of a book, named relative to its root: the YAML files there
/// are, then the `.tales` files under `tales/` (and unsaved ones given as
/// overlays) in order; with the problems met walking `tales/`.
fn book_files(
    vfs: &dyn Vfs,
    root: &Path,
    overlays: &Overlays,
) -> (Vec<(String, PathBuf)>, Vec<String>) {
    let mut paths: Vec<(String, PathBuf)> = YAML_FILES
        .iter()
        .map(|n| ((*n).to_owned(), root.join(n)))
        .filter(|(_, p)| vfs.is_file(p) || overlays.contains_key(p))
        .collect();
    let tales_dir = root.join("tales");
    let (mut tales, walk_problems) = if vfs.is_dir(&tales_dir) {
        vfs.tales_files(root, &tales_dir)
    } else {
        (Vec::new(), Vec::new())
    };
    for path in overlays.keys() {
        let unsaved = path.starts_with(&tales_dir)
            && path.extension().is_some_and(|x| x == "tales")
            && !tales.iter().any(|(_, p)| p == path);
        if unsaved {
            tales.push((relative(root, path), path.clone()));
        }
    }
    tales.sort();
    paths.extend(tales);
    (paths, walk_problems)
}

/// A book's files as read: every one in the source map (an unreadable one
/// empty), those whose text was read, and the parts of the book damaged.
struct Files {
    sources: SourceMap,
    texts_ok: Vec<FileId>,
    damaged: Vec<(FileId, Needs)>,
}

/// Read every file in parallel, keeping the order; a file that cannot be
/// read, or was recoded, is reported at that file.
fn read_files(
    vfs: &dyn Vfs,
    paths: Vec<(String, PathBuf)>,
    overlays: &Overlays,
    diags: &mut Diagnostics,
) -> Files {
    let read: Vec<(String, PathBuf, FileText)> = paths
        .into_par_iter()
        .map(|(name, path)| {
            let text = match overlays.get(&path) {
                Some(t) => Ok((t.clone(), None)),
                None => vfs.read(&path),
            };
            (name, path, text)
        })
        .collect();
    let mut files = Files {
        sources: SourceMap::default(),
        texts_ok: Vec::new(),
        damaged: Vec::new(),
    };
    for (name, path, text) in read {
        let (text, problem, recoding) = match text {
            Ok((t, r)) => (t, None, r),
            Err(msg) => (Arc::from(""), Some(msg), None),
        };
        let id = files.sources.add(SourceFile::new(name, path, text.clone()));
        match problem {
            Some(msg) => {
                diags.push(file_problem(id, &msg));
                files
                    .damaged
                    .push((id, part_of(&files.sources.get(id).name)));
            }
            None => files.texts_ok.push(id),
        }
        if let Some(r) = recoding {
            diags.push(recoded(id, r));
        }
    }
    files
}

/// The problems met walking `tales/`, reported at the start of
/// `book.yaml`.
fn walk_findings(sources: &SourceMap, problems: Vec<String>, diags: &mut Diagnostics) {
    let book_yaml = sources
        .iter()
        .find(|(_, f)| f.name == "book.yaml")
        .map(|(id, _)| id);
    for msg in problems {
        let at = book_yaml.map_or(Span::new(FileId(0), 0, 0), Span::file_start);
        diags.push(
            Diagnostic::new("unreadable-file", at, msg)
                .label("while reading this book")
                .with_help("remove the link or fix the file's permissions"),
        );
    }
}

/// The YAML file `name` parsed, if it was read; one that does not parse
/// is reported and its part of the book marked damaged.
fn yaml_of(files: &mut Files, name: &str, diags: &mut Diagnostics) -> Option<(yaml::Node, FileId)> {
    let (id, f) = files.sources.iter().find(|(_, f)| f.name == name)?;
    if !files.texts_ok.contains(&id) {
        return None;
    }
    match yaml::parse(id, &f.text) {
        Ok((n, found)) => {
            diags.extend(found);
            Some((n, id))
        }
        Err(d) => {
            diags.push(*d);
            files.damaged.push((id, part_of(name)));
            None
        }
    }
}

/// The book's YAML files lowered into it, each with what it needs of the
/// ones before: the manifest, the glossary, matrices, cards, the board,
/// the quests.
fn lower_yaml(book: &mut Book, files: &mut Files, diags: &mut Diagnostics) {
    if let Some((node, id)) = yaml_of(files, "book.yaml", diags) {
        book.manifest = lower::manifest::lower(&node, &files.sources.get(id).text, diags);
    }
    let mut glossary_rules = None;
    if let Some((node, id)) = yaml_of(files, "glossary.yaml", diags) {
        let (glossary, pending) = lower::glossary::lower(
            &node,
            &files.sources.get(id).text,
            &book.manifest.rules,
            diags,
        );
        book.glossary = glossary;
        glossary_rules = Some((id, pending));
    }
    if let Some((node, _)) = yaml_of(files, "matrices.yaml", diags) {
        book.set_matrices(lower::matrices::lower(&node, diags));
    }
    if let Some((node, id)) = yaml_of(files, "cards.yaml", diags) {
        let ctx = Context::of(book, id);
        let cards = lower::cards::lower(&node, &files.sources.get(id).text, &ctx, diags);
        book.cards = cards;
    }
    if let Some((node, id)) = yaml_of(files, "board.yaml", diags) {
        let mut board = lower::board::lower(
            &node,
            &files.sources.get(id).text,
            &book.manifest.world,
            diags,
        );
        // A board without a space is no board: one finding here, and the
        // book read as one without board.yaml (not a finding for each name
        // of a space, region or place elsewhere).
        if board.spaces.is_empty() {
            diags.push(lower::board::no_spaces(node.span));
        } else {
            lower::board::settle(&mut board, &mut book.manifest, diags);
            book.board = Some(board);
        }
    }
    if let Some((node, id)) = yaml_of(files, "quests.yaml", diags) {
        let ctx = Context::of(book, id);
        let quests = lower::quests::lower(
            &node,
            &files.sources.get(id).text,
            &ctx,
            book.board.as_ref(),
            diags,
        );
        book.quests = quests;
    }
    // Rules last: they name entries, reactions and spaces (FORMAT.md 9.2).
    if let Some((id, pending)) = glossary_rules.filter(|(_, p)| !p.is_empty()) {
        lower::rules::lower(book, id, &files.sources.get(id).text, &pending, diags);
    }
}

/// The Book of Tales read into the book, in parallel, one file a task.
fn lower_tales(book: &mut Book, files: &Files, diags: &mut Diagnostics) {
    let sources = &files.sources;
    let tales_ids: Vec<FileId> = files
        .texts_ok
        .iter()
        .copied()
        .filter(|id| {
            Path::new(&sources.get(*id).name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tales"))
        })
        .collect();
    // What one file reads clean, the others take (the books repeat their
    // award codes and headings from file to file).
    let shared = Arc::new(syntax::BookCache::default());
    let parsed: Vec<_> = tales_ids
        .par_iter()
        .map(|&id| parse_tales_in(book, &sources.get(id).text, id, Some(&shared)))
        .collect();
    book.paragraphs
        .reserve_exact(parsed.iter().map(|(p, _)| p.len()).sum());
    for (paragraphs, d) in parsed {
        book.paragraphs.extend(paragraphs);
        diags.extend(d);
    }
}

/// One `.tales` file of a book (whose YAML files are lowered), read.
pub fn parse_tales(
    book: &Book,
    text: &str,
    id: FileId,
) -> (Vec<crate::ir::Paragraph>, Diagnostics) {
    parse_tales_in(book, text, id, None)
}

/// [`parse_tales`], sharing what the book's files read clean in `shared`.
fn parse_tales_in(
    book: &Book,
    text: &str,
    id: FileId,
    shared: Option<&Arc<syntax::BookCache>>,
) -> (Vec<crate::ir::Paragraph>, Diagnostics) {
    if text.trim().is_empty() {
        let d = Diagnostic::new("syntax-error", Span::file_start(id), "empty file")
            .label("no paragraph here")
            .with_help("a `.tales` file holds at least one paragraph `-N-`; delete the file if it is not needed");
        return (Vec::new(), vec![d]);
    }
    syntax::tales::parse_book_file(book, id, text, shared)
}

/// `translation-of` must name a folder inside the repository that holds
/// the book (the nearest folder above with `.git`, else the book's parent).
fn check_translation_path(vfs: &dyn Vfs, book: &Book) -> Option<Diagnostic> {
    let t = book.manifest.translation_of.as_ref()?;
    let repo = vfs.repository_root(&book.root);
    let target = book.root.join(&t.value);
    match vfs.canonicalize(&target) {
        Some(abs) if vfs.canonicalize(&book.root).is_some_and(|me| me == abs) => Some(
            Diagnostic::new(
                "dangling-reference",
                t.span,
                format!("`translation-of: {}` names this book itself", t.value),
            )
            .label("this book")
            .with_help("a translation names its source book, e.g. `translation-of: ../my-book`"),
        ),
        Some(abs) if abs.starts_with(&repo) => None,
        Some(_) => Some(
            Diagnostic::new(
                "translation-outside-repository",
                t.span,
                format!(
                    "`translation-of` points outside the repository: `{}`",
                    t.value
                ),
            )
            .label("outside the repository")
            .with_help(
                "name the source book by a relative path that stays inside the repository (the folder with `.git` above this book)",
            ),
        ),
        None => Some(
            Diagnostic::new(
                "dangling-reference",
                t.span,
                format!("`translation-of` names `{}`, which does not exist", t.value),
            )
            .label("no such folder")
            .with_help("give the path of the source book, relative to this book's folder"),
        ),
    }
}

/// The source book of a translation: `translation-of`, when it names a book
/// inside the repository.
#[cfg(feature = "disk")]
pub fn translation_source(book: &Book) -> Option<PathBuf> {
    translation_source_in(&Disk, book)
}

/// [`translation_source`], the folders looked up in `vfs`.
pub fn translation_source_in(vfs: &dyn Vfs, book: &Book) -> Option<PathBuf> {
    let t = book.manifest.translation_of.as_ref()?;
    let abs = vfs.canonicalize(&book.root.join(&t.value))?;
    let me = vfs.canonicalize(&book.root)?;
    let inside = abs.starts_with(vfs.repository_root(&book.root));
    (abs != me && inside && vfs.is_file(&abs.join("book.yaml"))).then_some(abs)
}

/// A translation's `l10n.lock`, if it has one.
#[cfg(feature = "disk")]
pub fn read_lock(root: &Path) -> Option<crate::l10n::lock::Lock> {
    read_lock_in(&Disk, root)
}

/// [`read_lock`] from `vfs`.
pub fn read_lock_in(vfs: &dyn Vfs, root: &Path) -> Option<crate::l10n::lock::Lock> {
    let path = root.join(crate::l10n::lock::FILE);
    if !vfs.is_file(&path) {
        return None;
    }
    let text = vfs.read(&path).map(|(text, _)| text);
    Some(crate::l10n::lock::Lock::of(path, text))
}

/// A path from one folder to another (`../example`), `/` as separator.
pub fn relative_path(from: &Path, to: &Path) -> String {
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return to.display().to_string();
    }
    let ups = std::iter::repeat_n("..".to_owned(), a.len() - common);
    let downs = b[common..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let parts: Vec<String> = ups.chain(downs).collect();
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

pub(crate) fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(feature = "disk")]
/// `stray-file` for each file named on the command line that is not part of
/// its book (outside `tales/`, hidden, or not a book file): added to the
/// book's sources so the finding has a place to point at.
pub fn stray_files(book: &mut Book, named: &[PathBuf]) -> Diagnostics {
    let mut out = Vec::new();
    let read: Vec<PathBuf> = book
        .sources
        .iter()
        .filter_map(|(_, f)| std::fs::canonicalize(&f.path).ok())
        .collect();
    for path in named {
        let Ok(abs) = std::fs::canonicalize(path) else {
            continue;
        };
        if !abs.is_file() || read.contains(&abs) {
            continue;
        }
        let name = relative(&book.root, &abs);
        let why = if abs.extension().is_some_and(|x| x == "tales") {
            if abs.starts_with(book.root.join("tales")) {
                "hidden files and folders under `tales/` are skipped: rename it without the leading `.`"
            } else {
                "only `.tales` files under the book's `tales/` folder are read: move it there"
            }
        } else {
            "a book is `book.yaml`, `glossary.yaml`, `matrices.yaml`, `cards.yaml`, `board.yaml`, `quests.yaml` and `tales/**/*.tales`"
        };
        let text = Disk.read(&abs).map_or_else(|_| Arc::from(""), |(t, _)| t);
        let id = book
            .sources
            .add(SourceFile::new(name.clone(), abs.clone(), text));
        out.push(
            Diagnostic::new(
                "stray-file",
                Span::file_start(id),
                format!("`{name}` is not part of the book, so it was not checked"),
            )
            .label("not read")
            .with_help(format!("{why}, or check the book without naming it")),
        );
    }
    out
}

/// The part of a book a file holds.
fn part_of(name: &str) -> Needs {
    match name {
        // The board is part of the world book.yaml describes.
        "book.yaml" | "board.yaml" => Needs::MANIFEST,
        "glossary.yaml" => Needs::GLOSSARY,
        "matrices.yaml" => Needs::MATRICES,
        "cards.yaml" => Needs::CARDS,
        "quests.yaml" => Needs::QUESTS,
        _ => Needs::PARAGRAPHS,
    }
}

/// `not-utf8`: the file was read, its stray bytes as Windows-1252, or all
/// of it as UTF-16.
fn recoded(id: FileId, r: Recoded) -> Diagnostic {
    let order = match r.read_as {
        ReadAs::Windows1252 => return recoded_1252(id, r),
        ReadAs::Utf16Le => "little-endian",
        ReadAs::Utf16Be => "big-endian",
    };
    Diagnostic::new(
        "not-utf8",
        Span::new(id, r.at, r.at + r.len),
        format!("file is UTF-16 ({order}, by its byte order mark), not UTF-8: read as UTF-16"),
    )
    .label("UTF-16")
    .with_help(
        "save the file as UTF-8 (the book format's encoding); tales read it as UTF-16 meanwhile",
    )
}

fn recoded_1252(id: FileId, r: Recoded) -> Diagnostic {
    let more = match r.count {
        1 => String::new(),
        2 => " and 1 more".to_owned(),
        n => format!(" and {} more", n - 1),
    };
    Diagnostic::new(
        "not-utf8",
        Span::new(id, r.at, r.at + r.len),
        format!("file is not UTF-8: byte 0x{:02X}{more} read as Windows-1252", r.byte),
    )
    .label("not UTF-8")
    .with_help("save the file as UTF-8 (the book format's encoding); tales read it as Windows-1252 (Latin-1) meanwhile")
}

fn file_problem(id: FileId, msg: &str) -> Diagnostic {
    let code = if msg.starts_with("cannot read") {
        "unreadable-file"
    } else {
        "syntax-error"
    };
    Diagnostic::new(code, Span::file_start(id), msg.to_owned())
        .label("this file")
        .with_help("book files are UTF-8 text; convert the file or remove it from the book")
}
