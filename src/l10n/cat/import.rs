//! `tales l10n import FILE --into TRANSLATION`: translated units written
//! back into the translation's `.tales` files, a whole paragraph at a time,
//! in canonical form (the source's tree; the translation's words; headings
//! from its glossary; awards printed from their meaning in its language;
//! references, bands, conditions and roll specs as the source writes
//! them). A paragraph some of whose units have no translation is not
//! touched, nor one whose units say what it says already.

use super::{Piece, Unit, units};
use crate::ir::{Block, Book, Guard, Node, ParagraphBody};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// What an import did.
#[derive(Debug, Default)]
pub struct Imported {
    /// Paragraphs written (new or changed).
    pub written: Vec<u32>,
    /// Paragraphs whose units already said what the file says.
    pub unchanged: usize,
    /// Paragraphs with some units untranslated, left as they were.
    pub partial: Vec<u32>,
    /// Units whose placeholders are not the source's (one lost, one added
    /// or doubled): their paragraphs are left as they were.
    pub rejected: Vec<(String, String)>,
    /// Files left as they were (not UTF-8, or changed on disk), why, and
    /// the paragraphs that were not written for it.
    pub refused: Vec<(PathBuf, String, Vec<u32>)>,
    pub files: Vec<PathBuf>,
}

/// What an exchange file holds, read for the source's units.
#[derive(Debug, Default)]
pub struct Units {
    /// The translated units' targets, by id.
    pub targets: HashMap<String, Vec<Piece>>,
    /// Ids of the file that are no unit of the source (a paragraph it does
    /// not have, or a file of another book or an older export).
    pub unknown: Vec<String>,
    /// The source's units, and how many of them the file does not hold at
    /// all (a file cut short, or an export of part of the book).
    pub source_units: usize,
    pub absent: usize,
}

/// Read an exchange file's bytes: XLIFF 1.2 or PO (told by the content),
/// UTF-8 (a BOM dropped), UTF-16 with a BOM, or Latin-1 where the file
/// says so (`charset=ISO-8859-1`).
///
/// # Errors
/// A file that is no text, does not parse, or gives a unit twice: why,
/// with the line.
pub fn read(bytes: &[u8], source: &Book) -> Result<Units, String> {
    let text = decode(bytes)?;
    let units = units(source, None);
    let markup: HashMap<&str, Vec<String>> = units
        .iter()
        .map(|u| {
            let marks = u.markup().into_iter().map(str::to_owned).collect();
            (u.id.as_str(), marks)
        })
        .collect();
    let lookup = |id: &str| markup.get(id).cloned();
    let read = if text.trim_start().starts_with("<?xml") || text.contains("<xliff") {
        super::xliff::read(&text, &lookup)
    } else {
        super::po::read(&text, &lookup)
    }
    .map_err(|e| shown(&e))?;
    let mut out = Units {
        source_units: markup.len(),
        absent: markup.keys().filter(|id| !read.ids.contains(**id)).count(),
        ..Units::default()
    };
    for (id, pieces) in read.targets {
        if markup.contains_key(id.as_str()) {
            out.targets.insert(id, pieces);
        } else {
            out.unknown.push(id);
        }
    }
    Ok(out)
}

/// A reader's message as one short line: what it quotes of the file (an
/// element's name, a string) may be a megabyte, or hold control
/// characters and line breaks.
fn shown(message: &str) -> String {
    let line: String = message
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    crate::text::shorten(&line, 300).into_owned()
}

/// An exchange file's text.
fn decode(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some((text, _)) = crate::encoding::decode_utf16(bytes) {
        return Ok(text.into());
    }
    let e = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text.into()),
        Err(e) => e,
    };
    let (text, _) = crate::encoding::decode(bytes);
    let latin = [
        "iso-8859-1",
        "iso8859-1",
        "latin1",
        "latin-1",
        "windows-1252",
        "cp1252",
    ];
    let says_latin = text.lines().take(50).any(|l| {
        let l = l.to_ascii_lowercase().replace(['"', '\''], "");
        latin
            .iter()
            .any(|c| l.contains(&format!("charset={c}")) || l.contains(&format!("encoding={c}")))
    });
    if says_latin {
        return Ok(text.into());
    }
    let good = &bytes[..e.valid_up_to()];
    #[allow(clippy::naive_bytecount)] // once, on a file about to be refused
    let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
    Err(format!(
        "it is not UTF-8 (byte 0x{:02X} at line {line}, column {column}); save it as UTF-8",
        bytes[e.valid_up_to()]
    ))
}

/// Write the imported targets (unit id -> pieces) into the translation.
///
/// # Errors
/// When a file cannot be read or written.
pub fn apply<S: std::hash::BuildHasher>(
    source: &Book,
    translation: &Book,
    root: &Path,
    imported: &HashMap<String, Vec<Piece>, S>,
) -> std::io::Result<Imported> {
    let all = units(source, Some(translation));
    let mut by_paragraph: BTreeMap<u32, Vec<&Unit>> = BTreeMap::new();
    for u in &all {
        by_paragraph.entry(u.paragraph).or_default().push(u);
    }
    let mut done = Imported::default();
    // file -> (start, end, text, paragraph): replacements (start ==
    // usize::MAX: an append).
    let mut edits: BTreeMap<String, Vec<Edit>> = BTreeMap::new();
    for (n, us) in by_paragraph {
        if !us.iter().any(|u| imported.contains_key(&u.id)) {
            continue;
        }
        let problems: Vec<(String, String)> = us
            .iter()
            .filter_map(|u| Some((u.id.clone(), placeholders_differ(u, imported.get(&u.id)?)?)))
            .collect();
        if !problems.is_empty() {
            done.rejected.extend(problems);
            continue;
        }
        let Some(finals) = finals(&us, imported) else {
            done.partial.push(n);
            continue;
        };
        if us.iter().all(|u| {
            u.target
                .as_deref()
                .is_some_and(|t| same(t, finals[u.id.as_str()]))
        }) {
            done.unchanged += 1;
            continue;
        }
        let Some(p) = source.paragraph(n) else {
            continue;
        };
        let text = match render(source, translation, p, &finals) {
            Ok(text) => text,
            Err(why) => {
                done.rejected.push((n.to_string(), why));
                continue;
            }
        };
        let edit = match translation.paragraph(n) {
            Some(tp) => {
                let name = translation.sources.get(tp.header.file).name.clone();
                (name, tp.header.start as usize, tp.span.end as usize)
            }
            None => (us[0].file.clone(), usize::MAX, usize::MAX),
        };
        edits.entry(edit.0).or_default().push(Edit {
            start: edit.1,
            end: edit.2,
            text,
            paragraph: n,
        });
        done.written.push(n);
    }
    for (name, list) in edits {
        let paragraphs: Vec<u32> = list.iter().map(|e| e.paragraph).collect();
        match write_file(translation, root, &name, list)? {
            Ok(path) => done.files.push(path),
            Err(why) => {
                done.written.retain(|n| !paragraphs.contains(n));
                done.refused.push((root.join(&name), why, paragraphs));
            }
        }
    }
    Ok(done)
}

/// Each unit's text: the imported one, or the translation's; `None` when
/// a unit has neither (the paragraph is not wholly translated).
fn finals<'a, S: std::hash::BuildHasher>(
    us: &[&'a Unit],
    imported: &'a HashMap<String, Vec<Piece>, S>,
) -> Option<HashMap<&'a str, &'a [Piece]>> {
    us.iter()
        .map(|u| {
            let t = (imported.get(&u.id).map(Vec::as_slice)).or(u.target.as_deref())?;
            Some((u.id.as_str(), t))
        })
        .collect()
}

/// A paragraph's new text, in place of `start..end` of its file's text
/// (at its end, when `start` is `usize::MAX`).
struct Edit {
    start: usize,
    end: usize,
    text: String,
    paragraph: u32,
}

/// Make the edits in one file of the translation: the text as the book
/// was read (BOM removed), edited, written over the file with its BOM,
/// permissions and links kept ([`crate::fmt::write::replace`]). A file that
/// is not on disk what was read (not UTF-8, or changed since) is left as
/// it is: `Ok(Err(why))`.
fn write_file(
    translation: &Book,
    root: &Path,
    name: &str,
    mut list: Vec<Edit>,
) -> std::io::Result<Result<PathBuf, String>> {
    let path = root.join(name);
    let sources = &translation.sources;
    let loaded = (sources.iter().take(sources.own_len()))
        .find(|(_, f)| f.name == name)
        .map(|(_, f)| f.text.clone());
    let mut body = match &loaded {
        Some(text) => {
            if let Some(why) = unlike_disk(&path, text)? {
                return Ok(Err(why));
            }
            text.to_string()
        }
        None => match std::fs::read(&path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(t) => t,
                Err(_) => return Ok(Err(NOT_UTF8.to_owned())),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e),
        },
    };
    list.sort_by_key(|e| std::cmp::Reverse(e.start));
    for e in list {
        if e.start == usize::MAX {
            if !body.is_empty() && !body.ends_with("\n\n") {
                body.push_str(if body.ends_with('\n') { "\n" } else { "\n\n" });
            }
            body.push_str(&e.text);
        } else {
            body.replace_range(e.start..e.end, e.text.trim_end_matches('\n'));
        }
    }
    if let Some(text) = loaded {
        crate::fmt::write::replace(&path, &text, &body)?;
    } else {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, body)?;
    }
    Ok(Ok(path))
}

const NOT_UTF8: &str = "it is not UTF-8 text (its paragraphs were read as Windows-1252 or UTF-16); save it as UTF-8 and import again";

/// Why the file on disk is not the text the book was read from, if it is
/// not (its BOM aside).
fn unlike_disk(path: &Path, text: &str) -> std::io::Result<Option<String>> {
    let bytes = std::fs::read(path)?;
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    Ok(if body == text.as_bytes() {
        None
    } else if std::str::from_utf8(body).is_err() {
        Some(NOT_UTF8.to_owned())
    } else {
        Some("it changed on disk while it was imported into; import again".to_owned())
    })
}

/// Why a translated unit's placeholders are not the source's, if they are
/// not: each of the source's once, and no other.
fn placeholders_differ(u: &Unit, target: &[Piece]) -> Option<String> {
    let markup = u.markup();
    let mut seen = vec![0usize; markup.len()];
    for p in target {
        if let Piece::Placeholder(n, m) = p {
            match n.checked_sub(1).and_then(|i| seen.get_mut(i)) {
                Some(count) => *count += 1,
                None if *n == 0 => return Some(format!("`{m}` is no placeholder of the source")),
                None => return Some(format!("placeholder {n} is not in the source")),
            }
        }
    }
    if let Some(i) = seen.iter().position(|&c| c == 0) {
        return Some(format!(
            "placeholder {} (`{}`) is missing: it would be lost",
            i + 1,
            markup[i]
        ));
    }
    if let Some(i) = seen.iter().position(|&c| c > 1) {
        return Some(format!(
            "placeholder {} (`{}`) is there twice",
            i + 1,
            markup[i]
        ));
    }
    None
}

/// The same words and placeholders (white space aside).
fn same(a: &[Piece], b: &[Piece]) -> bool {
    let flat = |v: &[Piece]| {
        v.iter()
            .map(|p| match p {
                Piece::Text(t) => t.split_whitespace().collect::<Vec<_>>().join(" "),
                Piece::Placeholder(n, _) => format!("\u{0}{n}\u{0}"),
            })
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    flat(a) == flat(b)
}

/// A paragraph in canonical form; an error when its text, read again,
/// would not be the source's tree (a translated word that starts a line
/// as a header, an arm or a heading).
fn render(
    s: &Book,
    t: &Book,
    p: &crate::ir::Paragraph,
    finals: &HashMap<&str, &[Piece]>,
) -> Result<String, String> {
    let r = Render { s, t, finals };
    let ParagraphBody::Result { intro, check } = &p.body else {
        return Ok(String::new());
    };
    let id = p.number.to_string();
    let mut out = format!("-{}-\n", p.number);
    out.push_str(&wrap(&r.text(&id, intro)));
    if let Some(b) = intro.block.as_deref() {
        r.arms(&mut out, "", &id, b);
    }
    if let Some(check) = check {
        r.arms(&mut out, "s", &id, check);
    }
    let ctx = crate::syntax::Context::of(t, crate::span::FileId(0));
    let (read, _) = crate::syntax::tales::parse_file(&ctx, &out);
    match read.as_slice() {
        [q] if q.number == p.number && shape(q) == shape(p) => Ok(out),
        _ => Err(
            "its text would be read as more than text (a line that starts as a header, an arm or a heading); reword it"
                .to_owned(),
        ),
    }
}

/// A paragraph's tree: each block's kind and arms, depth first.
fn shape(p: &crate::ir::Paragraph) -> String {
    fn block(b: &Block, out: &mut String) {
        out.push_str(b.kind.as_str());
        out.push('(');
        for arm in &b.arms {
            if let Some(inner) = arm.node.block.as_deref() {
                block(inner, out);
            }
            out.push(',');
        }
        out.push(')');
    }
    let mut out = String::new();
    if let ParagraphBody::Result { intro, check } = &p.body {
        for b in intro.block.as_deref().into_iter().chain(check.as_ref()) {
            block(b, &mut out);
        }
    }
    out
}

struct Render<'a> {
    s: &'a Book,
    t: &'a Book,
    finals: &'a HashMap<&'a str, &'a [Piece]>,
}

impl Render<'_> {
    /// A node's text in the translation's words, its markup written in the
    /// translation's language.
    fn text(&self, id: &str, n: &Node) -> String {
        let Some(pieces) = self.finals.get(id) else {
            return String::new();
        };
        pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.clone(),
                Piece::Placeholder(_, m) => self.markup(n, m),
            })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// An award code printed from its meaning in the translation's
    /// language; references and roll specs as written.
    fn markup(&self, n: &Node, m: &str) -> String {
        if m.starts_with('[') {
            let folded = |x: &str| x.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(a) = n
                .awards
                .iter()
                .find(|a| folded(self.s.sources.slice(a.span)) == folded(m))
            {
                let effects: Vec<_> = a.items.iter().map(|i| i.effect.clone()).collect();
                let effects = super::super::localize::effects(self.s, self.t, &effects);
                let l = &self.t.manifest;
                return crate::syntax::print::award(
                    &effects,
                    &l.locale,
                    &self.t.glossary,
                    &l.rules,
                );
            }
        }
        m.to_owned()
    }

    fn arms(&self, out: &mut String, prefix: &str, id: &str, b: &Block) {
        let cmp = super::super::Compare {
            s: self.s,
            t: self.t,
            offset: 0,
            out: Vec::new(),
            nameless: std::collections::HashSet::new(),
            misspelt: std::collections::HashMap::new(),
            named: std::sync::Mutex::default(),
        };
        for (k, arm) in b.arms.iter().enumerate() {
            let arm_id = format!("{id}/{prefix}{}", k + 1);
            let label = match &arm.guard {
                Guard::Section(labels) => cmp.heading_words(labels),
                Guard::Band(_) => self.s.sources.slice(arm.label.span).trim().to_owned(),
                _ => self.text(&format!("{arm_id}#label"), &arm.node),
            };
            let marks = if b.depth == 0 {
                out.push('\n');
                String::new()
            } else {
                format!("{} ", ">".repeat(usize::from(b.depth)))
            };
            let text = self.text(&arm_id, &arm.node);
            let line = if text.is_empty() {
                format!("{marks}{label}:")
            } else {
                format!("{marks}{label}: {text}")
            };
            out.push_str(&wrap(&line));
            if let Some(inner) = arm.node.block.as_deref() {
                self.arms(out, "", &arm_id, inner);
            }
        }
    }
}

/// Words wrapped at 78 columns, as the book's own files are; a word that
/// could start a line as more than text (`-12-`, `>`, `#`, a band, a
/// condition, a heading in capitals) stays on the line before.
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut width = 0;
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if width > 0 && width + 1 + n > 78 && !opens_a_line(word) {
            out.push('\n');
            width = 0;
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += n;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

fn opens_a_line(word: &str) -> bool {
    let capitals = word.chars().filter(|c| c.is_alphabetic()).count() > 1
        && !word.chars().any(char::is_lowercase);
    capitals
        || word.starts_with(['-', '#', '>', '{', '❖', '*'])
        || word.starts_with(|c: char| c.is_ascii_digit())
}
