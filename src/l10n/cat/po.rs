//! Units as a gettext PO file (polib): a message a unit, its id as
//! `msgctxt`, placeholders as `%1`, `%2` (flagged `qt-format`, so a CAT
//! tool's checks keep them), the note and what each placeholder stands for
//! as extracted comments, the source file as the reference.

use super::{Unit, from_percent, to_percent};
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
/// markup, by id (none: a unit the source does not have, read all the same
/// for the import to name).
///
/// # Errors
/// A line polib cannot read, a unit given twice, or what polib reports.
pub fn read(
    text: &str,
    markup: &dyn Fn(&str) -> Option<Vec<String>>,
) -> Result<super::Read, String> {
    // polib slices each quoted line without looking (a line `msgstr` or
    // `"` alone, or one that ends inside a letter, is a panic) and has no
    // field for a line `#` alone or a string before any keyword: such a
    // line is an error with its number here, before polib reads it; a `#`
    // alone (Python's polib writes one above the header) is an empty
    // comment.
    lines::check(text)?;
    let mut fitted = String::with_capacity(text.len());
    for l in text.lines() {
        lines::fit(if l.trim_end() == "#" { "# " } else { l }, &mut fitted);
    }
    let text = fitted;
    // polib's message may quote the file: one line, at most 200 characters.
    let catalog = polib::po_file::parse_from_reader(text.as_bytes()).map_err(|e| {
        crate::text::shorten(&e.to_string().replace(['\n', '\r'], " "), 200).into_owned()
    })?;
    let mut out = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for m in catalog.messages() {
        let Some(id) = m.msgctxt() else { continue };
        ids.insert(id.to_owned());
        if !m.is_translated() || m.is_fuzzy() {
            continue;
        }
        let Ok(target) = m.msgstr() else { continue };
        let marks = markup(id).unwrap_or_default();
        let marks: Vec<&str> = marks.iter().map(String::as_str).collect();
        out.push((id.to_owned(), from_percent(target, &marks)));
    }
    Ok(super::Read { targets: out, ids })
}

/// What a PO file's lines must be for polib to read them.
mod lines {
    use std::collections::HashMap;

    /// The keywords polib reads a quoted string after.
    const KEYWORDS: &[&str] = &["msgctxt ", "msgid ", "msgid_plural ", "msgstr ", "msgstr["];

    /// Every line polib would slice is a quoted string after a keyword or
    /// a string that goes on the one before; no `msgctxt` is there twice.
    pub(super) fn check(text: &str) -> Result<(), String> {
        let mut in_field = false;
        // A unit's id as written (escaped), and the line it is on.
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut context: Option<(String, usize)> = None;
        let mut in_context = false;
        for (i, line) in text.split('\n').enumerate() {
            let n = i + 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() {
                in_context = false;
                twice(&mut ids, context.take())?;
                continue;
            }
            if line.starts_with('#') {
                in_context = false;
                in_field |= line.trim_end() == "#"
                    || ["# ", "#. ", "#: ", "#, "]
                        .iter()
                        .any(|p| line.starts_with(p));
                continue;
            }
            let keyword = KEYWORDS.iter().find(|k| line.starts_with(**k));
            if let Some(k) = keyword {
                let rest = &line[k.len()..];
                let rest = if *k == "msgstr[" {
                    rest.split_once("] ").map_or("", |(_, r)| r)
                } else {
                    rest
                };
                quoted(rest, n, Some(k.trim_end()))?;
                in_field = true;
                in_context = *k == "msgctxt ";
                if in_context {
                    twice(&mut ids, context.take())?;
                    context = Some((rest.to_owned(), n));
                }
            } else if line.starts_with('"') {
                if !in_field {
                    return Err(format!(
                        "line {n}: a string that follows no `msgid`, `msgstr` or comment"
                    ));
                }
                quoted(line, n, None)?;
                if let Some((id, _)) = context.as_mut().filter(|_| in_context) {
                    id.push_str(line);
                }
            }
        }
        twice(&mut ids, context)
    }

    /// The longest line polib reads whole, its `\n` included
    /// (`linereader`'s buffer: a longer line comes in pieces, and polib
    /// slices a piece as a whole line, mid-letter perhaps).
    const LONGEST: usize = 64 * 1024;
    /// The longest piece of a string [`fit`] writes on a line.
    const PIECE: usize = 32 * 1024;

    /// `line` and a `\n` onto `out`, its string broken over lines polib
    /// reads whole when it is too long (`msgstr "AB"` is `msgstr ""`, `"A"`,
    /// `"B"`: the same string); a too long comment, which nothing reads,
    /// cut to fit.
    pub(super) fn fit(line: &str, out: &mut String) {
        if line.len() < LONGEST {
            out.push_str(line);
            out.push('\n');
            return;
        }
        let quoted = line.starts_with('"') || KEYWORDS.iter().any(|k| line.starts_with(k));
        let Some(open) = line.find('"').filter(|_| quoted) else {
            let mut cut = PIECE;
            while !line.is_char_boundary(cut) {
                cut -= 1;
            }
            out.push_str(&line[..cut]);
            out.push('\n');
            return;
        };
        // `check` has seen a quoted string from `open` to the line's end.
        let body = &line[open + 1..line.len() - 1];
        out.push_str(&line[..open]);
        out.push_str("\"\"\n");
        let mut rest = body;
        while !rest.is_empty() {
            let mut cut = rest.len().min(PIECE);
            // Never inside a letter, nor between a `\` and what it escapes.
            while cut > 0 && (!rest.is_char_boundary(cut) || escapes(&rest[..cut])) {
                cut -= 1;
            }
            if cut == 0 {
                // A string that ends in its own `\\`: the rest as it is.
                cut = rest.len();
            }
            out.push('"');
            out.push_str(&rest[..cut]);
            out.push_str("\"\n");
            rest = &rest[cut..];
        }
    }

    /// Whether `s` ends in a `\` that escapes what follows (an odd run).
    fn escapes(s: &str) -> bool {
        s.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
    }

    /// `"…"`: a string polib can take the quotes off (after `keyword`, or
    /// a line of its own).
    fn quoted(s: &str, n: usize, keyword: Option<&str>) -> Result<(), String> {
        if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
            return Ok(());
        }
        Err(match keyword {
            Some(k) => format!(
                "line {n}: `{k}` is not followed by a quoted string (`\"…\"`): is the file cut short?"
            ),
            None => format!("line {n}: a string with no closing `\"`: is the file cut short?"),
        })
    }

    /// A `msgctxt` (as written, with the line it starts on) that an earlier
    /// unit has too is an error: which translation is meant is not known.
    fn twice(ids: &mut HashMap<String, usize>, id: Option<(String, usize)>) -> Result<(), String> {
        let Some((id, n)) = id else { return Ok(()) };
        if let Some(first) = ids.get(&id) {
            let shown = crate::text::shorten(&id, 40);
            return Err(format!(
                "line {n}: the unit `msgctxt {shown}` is there twice (line {first} too): keep one of them"
            ));
        }
        ids.insert(id, n);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::lines::fit;

    fn fitted(line: &str) -> String {
        let mut out = String::new();
        fit(line, &mut out);
        out
    }

    #[test]
    fn a_short_line_is_left_as_it_is() {
        assert_eq!(fitted("msgstr \"Hola\""), "msgstr \"Hola\"\n");
    }

    #[test]
    fn a_string_too_long_for_polib_goes_over_lines_that_say_the_same() {
        // A letter of three bytes where a 32 KiB cut falls, and escapes.
        let body = format!("{}\\\"{}", "é".repeat(20_000), "尀".repeat(20_000));
        let out = fitted(&format!("msgstr \"{body}\""));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "msgstr \"\"");
        assert!(lines.iter().all(|l| l.len() < 64 * 1024), "{}", lines.len());
        let joined: String = lines[1..]
            .iter()
            .map(|l| l.strip_prefix('"').unwrap().strip_suffix('"').unwrap())
            .collect();
        assert_eq!(joined, body);
        for l in &lines[1..] {
            let inner = &l[1..l.len() - 1];
            let run = inner.bytes().rev().take_while(|&b| b == b'\\').count();
            assert!(run % 2 == 0, "a piece ends inside an escape");
        }
    }

    #[test]
    fn a_comment_too_long_is_cut_at_a_letter() {
        let out = fitted(&format!("# {}", "尀".repeat(30_000)));
        assert!(out.len() < 64 * 1024 && out.ends_with('\n'));
    }

    #[test]
    fn a_string_ending_in_its_own_backslash_ends() {
        let out = fitted(&format!("\"{}\\\"", "a".repeat(70_000)));
        assert!(out.lines().count() >= 3);
    }
}
