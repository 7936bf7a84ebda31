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
/// by its number (`markup`), whatever the file holds in it; a unit the
/// source does not have is read all the same, for the import to name.
///
/// # Errors
/// XML that does not parse, a file that ends inside an element (cut
/// short), or a unit given twice: with the line and column.
pub fn read(
    text: &str,
    markup: &dyn Fn(&str) -> Option<Vec<String>>,
) -> Result<super::Read, String> {
    let mut reader = Reader::from_str(text);
    let mut r = Targets::default();
    // The open elements, for a file that ends inside one.
    let mut open: Vec<String> = Vec::new();
    let at = |pos: u64| {
        let pos = usize::try_from(pos).unwrap_or(usize::MAX).min(text.len());
        let before = text.as_bytes()[..pos].split(|&b| b == b'\n');
        let (mut line, mut col) = (0, 0);
        for l in before {
            line += 1;
            col = String::from_utf8_lossy(l).chars().count() + 1;
        }
        format!("line {line}, column {col}")
    };
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("at {}: {}", at(reader.error_position()), bounded(&e)))?;
        match &event {
            Event::Start(e) => open.push(String::from_utf8_lossy(e.name().as_ref()).into_owned()),
            Event::End(_) => {
                open.pop();
            }
            Event::Eof => break,
            _ => {}
        }
        r.event(event, markup)
            .map_err(|e| format!("at {}: {}", at(reader.buffer_position()), bounded(&e)))?;
    }
    if let Some(inner) = open.last() {
        let inner = crate::text::shorten(inner, 40);
        return Err(format!(
            "the file ends inside `<{inner}>` ({} open): is it cut short?",
            crate::text::count(open.len(), "element")
        ));
    }
    Ok(super::Read {
        targets: r.out,
        ids: r.seen,
    })
}

/// The XML reader's message with the names it quotes (an end tag it
/// expected, one it found: a file's own, of any length) cut to 40
/// characters each, and the whole to 200: one line a person reads.
fn bounded(message: &impl std::fmt::Display) -> String {
    let message = message.to_string();
    let mut out = String::new();
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let part = if i % 2 == 1 {
            crate::text::shorten(part, 40)
        } else {
            part.into()
        };
        out.push_str(&part.replace(['\n', '\r'], " "));
    }
    crate::text::shorten(&out, 200).into_owned()
}

/// What [`read`] has read so far.
#[derive(Default)]
struct Targets {
    id: Option<String>,
    in_target: bool,
    in_ph: Option<(usize, String)>,
    current: Vec<Piece>,
    seen: std::collections::HashSet<String>,
    out: Vec<(String, Vec<Piece>)>,
}

impl Targets {
    fn event(
        &mut self,
        event: Event<'_>,
        markup: &dyn Fn(&str) -> Option<Vec<String>>,
    ) -> Result<(), String> {
        match event {
            Event::Start(e) => match e.name().as_ref() {
                b"trans-unit" => {
                    self.id = attr(&e, b"id");
                    if let Some(id) = &self.id
                        && !self.seen.insert(id.clone())
                    {
                        return Err(format!(
                            "the unit `{}` is there twice: keep one of them",
                            crate::text::shorten(id, 40)
                        ));
                    }
                }
                b"target" => {
                    self.in_target = true;
                    self.current.clear();
                }
                b"ph" | b"x" if self.in_target => self.in_ph = Some(number(&e)),
                _ => {}
            },
            Event::Empty(e) if self.in_target && matches!(e.name().as_ref(), b"ph" | b"x") => {
                let (n, m) = number(&e);
                self.current.push(Piece::Placeholder(n, m));
            }
            Event::Text(t) if self.in_target && self.in_ph.is_none() => {
                let t = t.decode().map_err(|e| e.to_string())?;
                let t = quick_xml::escape::unescape(&t).map_err(|e| e.to_string())?;
                self.current.push(Piece::Text(t.into_owned()));
            }
            Event::GeneralRef(r) if self.in_target && self.in_ph.is_none() => {
                let name = r.decode().map_err(|e| e.to_string())?;
                let entity = format!("&{name};");
                let t = quick_xml::escape::unescape(&entity).map_err(|e| e.to_string())?;
                self.current.push(Piece::Text(t.into_owned()));
            }
            Event::End(e) => match e.name().as_ref() {
                b"ph" | b"x" if self.in_ph.is_some() => {
                    let (n, m) = self.in_ph.take().unwrap_or_default();
                    self.current.push(Piece::Placeholder(n, m));
                }
                b"target" => self.end_target(markup),
                b"trans-unit" => self.id = None,
                _ => {}
            },
            _ => {}
        }
        Ok(())
    }

    /// A `<target>` read: kept when it holds anything but white space.
    fn end_target(&mut self, markup: &dyn Fn(&str) -> Option<Vec<String>>) {
        self.in_target = false;
        let Some(u) = &self.id else { return };
        let blank = self.current.iter().all(|p| match p {
            Piece::Text(t) => t.trim().is_empty(),
            Piece::Placeholder(..) => false,
        });
        if !blank {
            let marks = markup(u).unwrap_or_default();
            let pieces = fill(std::mem::take(&mut self.current), &marks);
            self.out.push((u.clone(), pieces));
        }
    }
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
            // One the source does not have keeps no text (or, numbered 0,
            // its element as written): the import reports it.
            Piece::Placeholder(0, m) => out.push(Piece::Placeholder(0, m)),
            Piece::Placeholder(n, _) => {
                let m = n.checked_sub(1).and_then(|i| marks.get(i)).cloned();
                out.push(Piece::Placeholder(n, m.unwrap_or_default()));
            }
        }
    }
    out
}

/// A `<ph>`'s or `<x>`'s number; one that is no number is placeholder 0,
/// with its element as written.
fn number(e: &BytesStart<'_>) -> (usize, String) {
    let id = attr(e, b"id");
    match id.as_deref().map(str::parse::<usize>) {
        Some(Ok(n)) if n > 0 => (n, String::new()),
        _ => (
            0,
            format!(
                "<ph id=\"{}\">",
                crate::text::shorten(id.as_deref().unwrap_or_default(), 20)
            ),
        ),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A mismatched end tag of a thousand characters (a fuzz round found
    /// one): the error quotes it cut short, on one line.
    #[test]
    fn an_error_quotes_a_long_tag_cut_short() {
        let long = "\u{7b3b}".repeat(1000);
        let text = format!(
            "<xliff><file><body><trans-unit id=\"1\"></trans-uni{long}></body></file></xliff>"
        );
        let err = read(&text, &|_| None).unwrap_err();
        assert!(err.len() < 400, "{} bytes: {err}", err.len());
        assert!(err.starts_with("at line 1, column"), "{err}");
        assert!(err.contains("trans-unit"), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }
}
