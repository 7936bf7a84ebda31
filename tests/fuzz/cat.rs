//! The translation side of a round, on a book that translates another:
//! its `l10n.lock` (as `--stamp` writes it) mutated before `check` reads
//! it (`l10n-stale` and its word diff), and its units exported for a CAT
//! tool (PO or XLIFF), mutated as a tool or a translator may (cut short,
//! another encoding, units doubled or invented, placeholders lost or out
//! of range, nested markup, text that reads as structure), then imported
//! into the book, which the round's readers then read.

use super::{TOKENS, mutate};
use std::path::Path;
use tales::engine::Rng;
use tales::l10n::cat::{self, import};

/// Markup and structure of the exchange files, spliced in whole.
const CAT_TOKENS: &[&str] = &[
    "%1",
    "%2",
    "%0",
    "%%",
    "%",
    "%18446744073709551616",
    "<ph id=\"1\">",
    "<ph id=\"1\"/>",
    "<ph id=\"99999999999999999999\">x</ph>",
    "</ph>",
    "<x id=\"2\"/>",
    "<g id=\"1\">",
    "</g>",
    "<target xml:lang=\"es\">",
    "</target>",
    "<target/>",
    "<trans-unit id=\"8\">",
    "<trans-unit id=\"999/s1\">",
    "</trans-unit>",
    "&amp;",
    "&#0;",
    "&#x1F600;",
    "&bogus;",
    "<![CDATA[",
    "]]>",
    "<!-- ",
    " -->",
    "\nmsgctxt \"8\"\n",
    "\nmsgctxt \"999999999999999999999\"\n",
    "\nmsgstr ",
    "\nmsgstr \"",
    "\nmsgstr[0] \"x\"\n",
    "\nmsgid_plural \"x\"\n",
    "\n\"",
    "\n\"é",
    "\n#\n",
    "\n#, fuzzy\n",
    "\n\n",
    "\\",
    "\\n-12-\\n",
    "\\n> a: b\\n",
    "-12- ",
    "> If you go: ",
    "NO SKILL: ",
    "\u{feff}",
];

/// Write an `l10n.lock` of every source paragraph, mutated.
pub(crate) fn mutated_lock(book: &Path, rng: &mut Rng) {
    let Some((source, _)) = books(book) else {
        return;
    };
    let entries: std::collections::HashMap<u32, tales::l10n::lock::Entry> = (source.paragraphs)
        .iter()
        .map(|p| {
            let words = source.sources.slice(p.span);
            (p.number, tales::l10n::lock::Entry::of(words))
        })
        .collect();
    let mut bytes = tales::l10n::lock::format(&entries).into_bytes();
    for _ in 0..=rng.below(4) {
        mutate(rng, &mut bytes);
    }
    let _ = std::fs::write(book.join(tales::l10n::lock::FILE), bytes);
}

/// The translation and its source, loaded.
fn books(book: &Path) -> Option<(tales::ir::Book, tales::ir::Book)> {
    let (t, _) = tales::load::load_book(book);
    let of = t.manifest.translation_of.as_ref()?;
    let (s, _) = tales::load::load_book(&book.join(&of.value));
    Some((s, t))
}

/// Export, mutate, import: a problem when the import fails other than
/// with a short message of what is wrong with the file.
pub(crate) fn import_problem(book: &Path, rng: &mut Rng) -> Option<String> {
    let (s, t) = books(book)?;
    let units = cat::units(&s, Some(&t));
    let text = if rng.below(2) == 0 {
        cat::po::write(&units, "en", "es")
    } else {
        cat::xliff::write(&units, "en", "es")
    };
    let mut bytes = text.into_bytes();
    for _ in 0..=rng.below(6) {
        cat_mutation(rng, &mut bytes);
    }
    let read = match import::read(&bytes, &s) {
        Ok(r) => r,
        Err(e) => return message_problem("import read", &e),
    };
    match import::apply(&s, &t, book, &read.targets) {
        Err(e) => Some(format!("import: {e}")),
        Ok(done) => (done.rejected.iter())
            .find_map(|(_, why)| message_problem("import refused a unit", why)),
    }
}

/// A message that is a sentence about the file: one line, short, however
/// long the input it quotes.
fn message_problem(what: &str, message: &str) -> Option<String> {
    (message.is_empty() || message.len() > 600 || message.contains('\n'))
        .then(|| format!("{what}: {} bytes: {message:.600}", message.len()))
}

/// One change of an exchange file: a mutation of the book's kind, a
/// token of the exchange formats, the file cut short, or a megabyte line.
fn cat_mutation(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    let at = rng.below(u32::try_from(len + 1).unwrap_or(u32::MAX)) as usize;
    match rng.below(8) {
        0..=2 => mutate(rng, bytes),
        3..=5 => {
            let t = CAT_TOKENS[rng.below(CAT_TOKENS.len() as u32) as usize];
            bytes.splice(at..at, t.bytes());
        }
        6 if rng.below(4) == 0 => bytes.truncate(at),
        6 => {
            // Latin-1 in place of UTF-8, or UTF-16.
            if rng.below(2) == 0 {
                let text = String::from_utf8_lossy(bytes).into_owned();
                *bytes = text
                    .chars()
                    .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                    .collect();
            } else {
                let text = String::from_utf8_lossy(bytes).into_owned();
                *bytes = [0xFF, 0xFE]
                    .into_iter()
                    .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
                    .collect();
            }
        }
        _ => {
            // A long line; now and then a megabyte.
            let t = TOKENS[rng.below(TOKENS.len() as u32) as usize];
            let size = if rng.below(4) == 0 { 1 << 20 } else { 20_000 };
            let n = 1 + size / t.len().max(1);
            bytes.splice(at..at, t.repeat(n).into_bytes());
        }
    }
}
