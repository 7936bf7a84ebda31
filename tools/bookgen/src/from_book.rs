//! `bookgen --from-book DIR`: a "real text" book, made of a human-written
//! book repeated and renumbered until it has about as many paragraphs as
//! asked. The prose, headings and award codes are the book's own writing;
//! what changes from copy to copy is only what keeps the copies apart:
//!
//! - copy `k` adds `k * stride` to every paragraph number (headers, `@N`,
//!   `Go to paragraph N`, matrix cells, a card's charts, a place's
//!   paragraph), `stride` a power of ten above the book's last paragraph;
//! - copy `k` renames each matrix `X` to `X` + a suffix (`@X:Row`, a chart's
//!   `(X)`, `(X, female)`, `(Matrix X)`), so its charts reach its own cells;
//! - copy `k` adds a character card of its own charts, and a place of
//!   power of its own paragraph (and its space, when the book has a board).
//!
//! The board, the glossary and the quest cards are the source's, once.
//! City cards and terrain cards are the source's alone, so a copy's city
//! paragraphs are reached only as the source's are reached by other means.

use super::Stats;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

/// The source book as read: its files and what the copies rename.
struct Source {
    tales: Vec<(String, String)>,
    /// The matrices the copies rename: all but the statuses'.
    matrices: Vec<String>,
    /// The matrices statuses encounter on (`encounters: "@K"`): kept, the
    /// copies' rows added to them.
    status_matrices: Vec<String>,
    paragraphs: u32,
    stride: u32,
}

/// Write `paragraphs` (about) of the book at `from` to `out`, in files of
/// about `per_file` paragraphs (whole copies of the book's files).
pub fn write(from: &Path, out: &Path, paragraphs: u32, per_file: u32) -> io::Result<Stats> {
    let src = read(from)?;
    let copies = paragraphs.div_ceil(src.paragraphs.max(1)).max(1);
    fs::create_dir_all(out.join("tales"))?;
    let mut bytes = 0u64;
    let mut write = |name: &str, text: &str| -> io::Result<()> {
        bytes += text.len() as u64;
        fs::write(out.join(name), text)
    };
    // Whole copies a file, about `per_file` paragraphs in each, as bookgen
    // writes its books (a copy's files one after the other).
    let per = (per_file / src.paragraphs.max(1)).max(1);
    let mut files = 0;
    for first in (0..copies).step_by(per as usize) {
        let mut t = String::new();
        for k in first..(first + per).min(copies) {
            let c = Copy::new(&src, k);
            for (_, text) in &src.tales {
                if !t.is_empty() {
                    t.truncate(t.trim_end().len());
                    t.push_str("\n\n");
                }
                t.push_str(&c.tales(text));
            }
        }
        write(&format!("tales/part-{files:05}.tales"), &t)?;
        files += 1;
    }
    let read = |name: &str| fs::read_to_string(from.join(name));
    write(
        "matrices.yaml",
        &matrices(&src, &read("matrices.yaml")?, copies),
    )?;
    write("cards.yaml", &cards(&src, &read("cards.yaml")?, copies))?;
    let (book, places) = book(&src, &read("book.yaml")?, copies);
    write("book.yaml", &book)?;
    write("glossary.yaml", &read("glossary.yaml")?)?;
    if let Ok(board) = read("board.yaml") {
        write("board.yaml", &with_places(&board, &places))?;
    }
    // The quest cards name spaces, treasures and places of the source,
    // which every copy keeps: the same deck serves the whole book.
    if let Ok(quests) = read("quests.yaml") {
        write("quests.yaml", &quests)?;
    }
    Ok(Stats {
        paragraphs: src.paragraphs * copies,
        files: files + 5,
        bytes,
    })
}

fn read(from: &Path) -> io::Result<Source> {
    let mut tales = Vec::new();
    for entry in fs::read_dir(from.join("tales"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "tales") {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            tales.push((name.into_owned(), fs::read_to_string(&path)?));
        }
    }
    tales.sort();
    let (mut paragraphs, mut last) = (0, 0);
    for (_, text) in &tales {
        for line in text.lines() {
            if let Some((n, _)) = header(line) {
                paragraphs += 1;
                last = last.max(n);
            }
        }
    }
    let glossary = fs::read_to_string(from.join("glossary.yaml"))?;
    let status_matrices: Vec<String> = glossary
        .split("encounters:")
        .skip(1)
        .filter_map(|rest| {
            let at = rest
                .trim_start()
                .trim_start_matches(['"', '\''])
                .strip_prefix('@')?;
            let len = at.bytes().take_while(u8::is_ascii_uppercase).count();
            Some(at[..len].to_owned())
        })
        .collect();
    let matrices = fs::read_to_string(from.join("matrices.yaml"))?
        .lines()
        .filter_map(matrix_key)
        .filter(|m| !status_matrices.iter().any(|s| s == m))
        .map(str::to_owned)
        .collect();
    let mut stride = 1000;
    while stride <= last {
        stride *= 10;
    }
    Ok(Source {
        tales,
        matrices,
        status_matrices,
        paragraphs,
        stride,
    })
}

/// `-N-` at the start of a line: N and the offset after its closing `-`.
fn header(line: &str) -> Option<(u32, usize)> {
    let rest = line.strip_prefix('-')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || rest.as_bytes().get(digits) != Some(&b'-') {
        return None;
    }
    Some((rest[..digits].parse().ok()?, digits + 2))
}

/// A matrix's key in matrices.yaml (`F:` at the start of a line).
fn matrix_key(line: &str) -> Option<&str> {
    let key = line.split(':').next()?;
    (!key.is_empty() && key.bytes().all(|b| b.is_ascii_uppercase()) && line.len() > key.len())
        .then_some(key)
}

/// What copy `k` changes.
struct Copy<'s> {
    src: &'s Source,
    shift: u32,
    suffix: String,
}

impl<'s> Copy<'s> {
    fn new(src: &'s Source, k: u32) -> Self {
        Copy {
            src,
            shift: k * src.stride,
            suffix: if k == 0 {
                String::new()
            } else {
                super::matrix_name(k as usize - 1)
            },
        }
    }

    fn matrix(&self, name: &str) -> Option<String> {
        self.src
            .matrices
            .iter()
            .any(|m| m == name)
            .then(|| format!("{name}{}", self.suffix))
    }

    /// A `.tales` file of this copy.
    fn tales(&self, text: &str) -> String {
        if self.shift == 0 {
            return text.to_owned();
        }
        let mut t = String::with_capacity(text.len() + text.len() / 50);
        for line in text.split_inclusive('\n') {
            match header(line) {
                Some((n, end)) => {
                    let _ = write!(t, "-{}-", n + self.shift);
                    self.words(&mut t, &line[end..]);
                }
                None => self.words(&mut t, line),
            }
        }
        t
    }

    /// Text with its references renumbered and its matrices renamed.
    fn words(&self, t: &mut String, text: &str) {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            let number_here = c.is_ascii_digit()
                && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
                && refers(&text[..i]);
            if number_here {
                let len = b[i..].iter().take_while(|x| x.is_ascii_digit()).count();
                match text[i..i + len].parse::<u32>() {
                    Ok(n) => {
                        let _ = write!(t, "{}", n + self.shift);
                    }
                    Err(_) => t.push_str(&text[i..i + len]),
                }
                i += len;
            } else if c.is_ascii_uppercase() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
                let len = b[i..].iter().take_while(|x| x.is_ascii_uppercase()).count();
                let word = &text[i..i + len];
                let (before, after) = (i.checked_sub(1).map(|j| b[j]), b.get(i + len).copied());
                let letter = matches!(
                    (before, after),
                    (Some(b'@'), Some(b':'))
                        | (Some(b'('), Some(b')' | b','))
                        | (Some(b' '), Some(b')'))
                );
                match self.matrix(word).filter(|_| letter) {
                    Some(renamed) => t.push_str(&renamed),
                    None => t.push_str(word),
                }
                i += len;
            } else {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                t.push_str(&text[i..i + len]);
                i += len;
            }
        }
    }

    /// A matrix of matrices.yaml (its key line and the lines after it) for
    /// this copy: renamed, its cells renumbered, comments left out.
    fn matrix_block(&self, block: &str) -> String {
        let mut m = String::new();
        for line in block.lines() {
            if line.trim_start().starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(key) = matrix_key(line) {
                let renamed = self.matrix(key).unwrap_or_else(|| key.to_owned());
                let _ = writeln!(m, "{renamed}{}", &line[key.len()..]);
            } else if is_row(line) {
                let _ = writeln!(m, "{}", self.numbers(line));
            } else {
                let _ = writeln!(m, "{line}");
            }
        }
        m
    }

    /// The rows of a status's matrix for this copy, named `Row k`.
    fn status_rows(&self, block: &str, k: u32) -> String {
        let mut m = String::new();
        for line in block.lines().filter(|l| is_row(l)) {
            let (name, cells) = line.split_once(':').unwrap_or((line, ""));
            let _ = writeln!(m, "{name} {k}:{}", self.numbers(cells));
        }
        m
    }

    /// Every number in a line renumbered.
    fn numbers(&self, line: &str) -> String {
        let mut out = String::new();
        let mut digits = String::new();
        for c in line.chars().chain(std::iter::once('\n')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let n: u32 = digits.parse().unwrap_or(0);
                let _ = write!(out, "{}", n + self.shift);
                digits.clear();
            }
            if c != '\n' {
                out.push(c);
            }
        }
        out
    }
}

/// A row of a matrix: `Name: [cells]`.
fn is_row(line: &str) -> bool {
    !line.contains("reactions") && line.contains('[') && line.bytes().any(|b| b.is_ascii_digit())
}

/// matrices.yaml for every copy: each matrix as written, a status's
/// matrix with the copies' rows after its own (so the status reaches
/// them), and the other matrices' copies after all of them.
fn matrices(src: &Source, text: &str, copies: u32) -> String {
    let mut blocks: Vec<(Option<&str>, String)> = vec![(None, String::new())];
    for line in text.lines() {
        if let Some(key) = matrix_key(line) {
            blocks.push((Some(key), String::new()));
        }
        let last = blocks.last_mut().expect("one block at least");
        let _ = writeln!(last.1, "{line}");
    }
    let mut out = String::new();
    for (key, block) in &blocks {
        out.push_str(block);
        if key.is_some_and(|k| src.status_matrices.iter().any(|s| s == k)) {
            for k in 1..copies {
                out.push_str(&Copy::new(src, k).status_rows(block, k));
            }
        }
    }
    for k in 1..copies {
        let c = Copy::new(src, k);
        for (key, block) in &blocks {
            if key.is_some_and(|key| c.matrix(key).is_some()) {
                out.push_str(&c.matrix_block(block));
            }
        }
    }
    out
}

/// Whether the text before a number makes it a paragraph number: `@`, or
/// the word paragraph in the book's languages.
fn refers(before: &str) -> bool {
    if before.ends_with('@') {
        return true;
    }
    let word = before.trim_end_matches(' ');
    word.len() < before.len()
        && ["paragraph", "párrafo", "paragraphe"]
            .iter()
            .any(|w| word.to_lowercase().ends_with(w))
}

/// cards.yaml with each card copied for each copy of the book: a copy's
/// card has the copy's charts and paragraph (a city card the same city).
fn cards(src: &Source, text: &str, copies: u32) -> String {
    let mut out = String::new();
    let mut section = String::new();
    let flush = |out: &mut String, section: &mut String| {
        for k in 0..copies {
            out.push_str(&Copy::new(src, k).card_lines(section, k));
        }
        section.clear();
    };
    for line in text.lines() {
        if !line.starts_with([' ', '-', '#']) && !line.is_empty() {
            flush(&mut out, &mut section);
            let _ = writeln!(out, "{line}");
        } else {
            let _ = writeln!(section, "{line}");
        }
    }
    flush(&mut out, &mut section);
    out
}

impl Copy<'_> {
    /// The cards of one section of cards.yaml, for this copy: names made
    /// the copy's, and `key: N` (a chart or a paragraph) renumbered; a
    /// city card's results (`1: "S2"`) are left as they are.
    fn card_lines(&self, section: &str, k: u32) -> String {
        let mut out = String::new();
        for line in section.lines() {
            let t = line.trim_start();
            let indent = &line[..line.len() - t.len()];
            if k > 0
                && let Some(name) = t.strip_prefix("- name:")
            {
                let _ = writeln!(out, "{indent}- name: {} {k}", name.trim());
                continue;
            }
            let numbered = t.split_once(':').is_some_and(|(key, value)| {
                !key.bytes().all(|b| b.is_ascii_digit())
                    && !value.trim().is_empty()
                    && value.trim().bytes().all(|b| b.is_ascii_digit())
            });
            if numbered {
                let _ = writeln!(out, "{}", self.numbers(line));
            } else {
                let _ = writeln!(out, "{line}");
            }
        }
        out
    }
}

/// book.yaml with a place of power per copy of each of the source's, and
/// the lines the board needs for them (`Name k: {place: id-k, exit: E}`).
fn book(src: &Source, text: &str, copies: u32) -> (String, String) {
    let mut out = String::new();
    let mut board = String::new();
    let mut in_places = false;
    for line in text.lines() {
        let _ = writeln!(out, "{line}");
        let t = line.trim_start();
        let indent = line.len() - t.len();
        if t.starts_with("places:") {
            in_places = true;
            continue;
        }
        if in_places && indent <= 2 {
            in_places = false;
        }
        if !in_places {
            continue;
        }
        let Some((id, fields)) = t.split_once(": {") else {
            continue;
        };
        let name = field(fields, "name").unwrap_or(id);
        let exit = field(fields, "exit");
        for k in 1..copies {
            let c = Copy::new(src, k);
            let mut copy = format!("{}{id}-{k}: {{{}", &line[..indent], fields);
            copy = copy.replacen(&format!("name: {name}"), &format!("name: {name} {k}"), 1);
            if let Some(p) = field(fields, "paragraph") {
                let shifted = c.numbers(p);
                copy = copy.replacen(
                    &format!("paragraph: {p}"),
                    &format!("paragraph: {shifted}"),
                    1,
                );
            }
            let _ = writeln!(out, "{copy}");
            if let Some(exit) = exit {
                let _ = writeln!(board, "  {name} {k}: {{place: {id}-{k}, exit: {exit}}}");
            }
        }
    }
    (out, board)
}

/// A field of a one-line flow mapping (`name: X, paragraph: 100, ...}`).
fn field<'t>(fields: &'t str, key: &str) -> Option<&'t str> {
    fields
        .trim_end_matches('}')
        .split(", ")
        .find_map(|f| f.trim().strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
}

/// board.yaml with the copies' places of power added to its spaces.
fn with_places(board: &str, places: &str) -> String {
    match board.find("\nroutes:") {
        Some(at) => format!("{}\n{}{}", &board[..at], places, &board[at + 1..]),
        None => format!("{board}{places}"),
    }
}
