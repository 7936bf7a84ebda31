//! Units as a gettext PO file (polib): a message a unit, its id as
//! `msgctxt`, placeholders as `%1`, `%2` (flagged `qt-format`, so a CAT
//! tool's checks keep them), the note and what each placeholder stands for
//! as extracted comments, the source file as the reference.

use super::{Piece, Unit, from_percent, to_percent};
use polib::catalog::Catalog;
use polib::message::Message;
use polib::metadata::CatalogMetadata;
use std::fmt::Write as _;

/// The units as PO text.
pub fn write(units: &[Unit], source_lang: &str, target_lang: &str) -> String {
    let mut meta = CatalogMetadata::new();
    "tales".clone_into(&mut meta.project_id_version);
    target_lang.clone_into(&mut meta.language);
    "1.0".clone_into(&mut meta.mime_version);
    "text/plain; charset=UTF-8".clone_into(&mut meta.content_type);
    "8bit".clone_into(&mut meta.content_transfer_encoding);
    let mut catalog = Catalog::new(meta);
    catalog.preheader.push(format!(
        "tales translation units, from {source_lang} to {target_lang}"
    ));
    for u in units {
        let mut comments = u.note.clone();
        for (n, m) in u.markup().iter().enumerate() {
            let _ = write!(
                comments,
                "\n%{} = {m} (markup: keep it; tales writes it in {target_lang})",
                n + 1
            );
        }
        let mut flags = polib::message::MessageFlags::new();
        flags.add_flag("qt-format");
        let msg = Message::build_singular()
            .with_msgctxt(u.id.clone())
            .with_msgid(to_percent(&u.source))
            .with_msgstr(u.target.as_deref().map(to_percent).unwrap_or_default())
            .with_extracted_comments(comments)
            .with_source(u.file.clone())
            .with_flags(flags)
            .done();
        catalog.append_or_update(msg);
    }
    let mut out = std::io::BufWriter::new(Vec::new());
    let _ = polib::po_file::write(&catalog, &mut out);
    String::from_utf8_lossy(&out.into_inner().unwrap_or_default()).into_owned()
}

/// The translated units of a PO file: id -> target text, for the units
/// that are translated and not fuzzy. `markup` gives each unit's source
/// markup, by id.
pub fn read(
    text: &str,
    markup: &dyn Fn(&str) -> Option<Vec<String>>,
) -> Result<Vec<(String, Vec<Piece>)>, String> {
    // polib panics on a comment line that is `#` alone (Python's polib
    // writes one above the header): read it as an empty comment. Any other
    // panic of the reader is an unreadable file, not a crash.
    let text: String = text
        .lines()
        .map(|l| if l.trim_end() == "#" { "# " } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let catalog = std::panic::catch_unwind(|| polib::po_file::parse_from_reader(text.as_bytes()))
        .map_err(|_| "the PO reader could not read it".to_owned())?
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for m in catalog.messages() {
        let Some(id) = m.msgctxt() else { continue };
        if !m.is_translated() || m.is_fuzzy() {
            continue;
        }
        let Ok(target) = m.msgstr() else { continue };
        let Some(marks) = markup(id) else { continue };
        let marks: Vec<&str> = marks.iter().map(String::as_str).collect();
        out.push((id.to_owned(), from_percent(target, &marks)));
    }
    Ok(out)
}
