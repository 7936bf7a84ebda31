//! Units as XLIFF 1.2 (quick-xml): a `<file>` a source file, a
//! `<trans-unit>` a unit (its id, `resname` the same), the note as a
//! `<note>`, and markup as `<ph id="N">` inline elements holding the
//! source's text, which CAT tools protect and check.

use super::{Piece, Unit};
use quick_xml::Reader;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

type W = Writer<Vec<u8>>;

fn text(w: &mut W, t: &str) {
    let _ = w.write_event(Event::Text(BytesText::new(t)));
}

fn pieces(w: &mut W, tag: &str, pieces: &[Piece], lang: &str) {
    let mut start = BytesStart::new(tag);
    start.push_attribute(("xml:lang", lang));
    let _ = w.write_event(Event::Start(start));
    for p in pieces {
        match p {
            Piece::Text(t) => text(w, t),
            Piece::Placeholder(n, m) => {
                let mut ph = BytesStart::new("ph");
                ph.push_attribute(("id", n.to_string().as_str()));
                let _ = w.write_event(Event::Start(ph));
                text(w, m);
                let _ = w.write_event(Event::End(BytesEnd::new("ph")));
            }
        }
    }
    let _ = w.write_event(Event::End(BytesEnd::new(tag)));
}

/// The units as XLIFF 1.2 text.
pub fn write(units: &[Unit], source_lang: &str, target_lang: &str) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let _ = w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)));
    let mut root = BytesStart::new("xliff");
    root.push_attribute(("version", "1.2"));
    root.push_attribute(("xmlns", "urn:oasis:names:tc:xliff:document:1.2"));
    let _ = w.write_event(Event::Start(root));
    let mut i = 0;
    while i < units.len() {
        let file = &units[i].file;
        let mut f = BytesStart::new("file");
        f.push_attribute(("original", file.as_str()));
        f.push_attribute(("source-language", source_lang));
        f.push_attribute(("target-language", target_lang));
        f.push_attribute(("datatype", "plaintext"));
        let _ = w.write_event(Event::Start(f));
        let _ = w.write_event(Event::Start(BytesStart::new("body")));
        while i < units.len() && units[i].file == *file {
            let u = &units[i];
            let mut tu = BytesStart::new("trans-unit");
            tu.push_attribute(("id", u.id.as_str()));
            tu.push_attribute(("resname", u.id.as_str()));
            let _ = w.write_event(Event::Start(tu));
            pieces(&mut w, "source", &u.source, source_lang);
            if let Some(t) = &u.target {
                pieces(&mut w, "target", t, target_lang);
            }
            let _ = w.write_event(Event::Start(BytesStart::new("note")));
            text(&mut w, &u.note);
            let _ = w.write_event(Event::End(BytesEnd::new("note")));
            let _ = w.write_event(Event::End(BytesEnd::new("trans-unit")));
            i += 1;
        }
        let _ = w.write_event(Event::End(BytesEnd::new("body")));
        let _ = w.write_event(Event::End(BytesEnd::new("file")));
    }
    let _ = w.write_event(Event::End(BytesEnd::new("xliff")));
    let mut out = String::from_utf8_lossy(&w.into_inner()).into_owned();
    out.push('\n');
    out
}

/// The targets of an XLIFF 1.2 file: id -> pieces, for the units with a
/// non-empty `<target>`. A placeholder's text is the source's markup,
/// by its number (`markup`), whatever the file holds in it.
pub fn read(
    text: &str,
    markup: &dyn Fn(&str) -> Option<Vec<String>>,
) -> Result<Vec<(String, Vec<Piece>)>, String> {
    let mut reader = Reader::from_str(text);
    let (mut id, mut in_target, mut in_ph) = (None::<String>, false, None::<usize>);
    let mut current: Vec<Piece> = Vec::new();
    let mut out = Vec::new();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("at byte {}: {e}", reader.buffer_position()))?;
        match event {
            Event::Start(e) => match e.name().as_ref() {
                b"trans-unit" => id = attr(&e, b"id"),
                b"target" => {
                    in_target = true;
                    current.clear();
                }
                b"ph" | b"x" if in_target => {
                    in_ph = attr(&e, b"id").and_then(|v| v.parse().ok());
                }
                _ => {}
            },
            Event::Empty(e) if in_target && matches!(e.name().as_ref(), b"ph" | b"x") => {
                if let Some(n) = attr(&e, b"id").and_then(|v| v.parse().ok()) {
                    current.push(Piece::Placeholder(n, String::new()));
                }
            }
            Event::Text(t) if in_target && in_ph.is_none() => {
                let t = t.decode().map_err(|e| e.to_string())?;
                let t = quick_xml::escape::unescape(&t).map_err(|e| e.to_string())?;
                current.push(Piece::Text(t.into_owned()));
            }
            Event::GeneralRef(r) if in_target && in_ph.is_none() => {
                let name = r.decode().map_err(|e| e.to_string())?;
                let entity = format!("&{name};");
                let t = quick_xml::escape::unescape(&entity).map_err(|e| e.to_string())?;
                current.push(Piece::Text(t.into_owned()));
            }
            Event::End(e) => match e.name().as_ref() {
                b"ph" | b"x" if in_ph.is_some() => {
                    current.push(Piece::Placeholder(in_ph.take().unwrap_or(0), String::new()));
                }
                b"target" => {
                    in_target = false;
                    if let Some(u) = &id {
                        let text: String = current
                            .iter()
                            .map(|p| match p {
                                Piece::Text(t) => t.as_str(),
                                Piece::Placeholder(..) => "x",
                            })
                            .collect();
                        if !text.trim().is_empty()
                            && let Some(marks) = markup(u)
                        {
                            out.push((u.clone(), fill(std::mem::take(&mut current), &marks)));
                        }
                    }
                }
                b"trans-unit" => id = None,
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(out)
}

/// Placeholders given the source's markup by their number; text runs
/// joined.
fn fill(pieces: Vec<Piece>, marks: &[String]) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for p in pieces {
        match p {
            Piece::Text(t) => match out.last_mut() {
                Some(Piece::Text(prev)) => prev.push_str(&t),
                _ => out.push(Piece::Text(t)),
            },
            Piece::Placeholder(n, _) => {
                // One the source does not have keeps no text: the import
                // reports it.
                let m = n.checked_sub(1).and_then(|i| marks.get(i)).cloned();
                out.push(Piece::Placeholder(n, m.unwrap_or_default()));
            }
        }
    }
    out
}

fn attr(e: &BytesStart<'_>, name: &[u8]) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .ok()
                .map(std::borrow::Cow::into_owned)
        })
}
