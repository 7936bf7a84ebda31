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
    pub files: Vec<PathBuf>,
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
    // file -> (start, end, text): replacements (end == start: an append).
    let mut edits: BTreeMap<String, Vec<(usize, usize, String)>> = BTreeMap::new();
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
        let mut finals: HashMap<&str, &[Piece]> = HashMap::new();
        let mut complete = true;
        for u in &us {
            match imported
                .get(&u.id)
                .map(Vec::as_slice)
                .or(u.target.as_deref())
            {
                Some(t) => {
                    finals.insert(u.id.as_str(), t);
                }
                None => complete = false,
            }
        }
        if !complete {
            done.partial.push(n);
            continue;
        }
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
        let text = render(source, translation, p, &finals);
        let file = us[0].file.clone();
        match translation.paragraph(n) {
            Some(tp) => {
                let name = translation.sources.get(tp.header.file).name.clone();
                edits.entry(name).or_default().push((
                    tp.header.start as usize,
                    tp.span.end as usize,
                    text,
                ));
            }
            None => edits
                .entry(file)
                .or_default()
                .push((usize::MAX, usize::MAX, text)),
        }
        done.written.push(n);
    }
    for (name, mut list) in edits {
        let path = root.join(&name);
        let mut body = std::fs::read_to_string(&path).unwrap_or_default();
        list.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (start, end, text) in list {
            if start == usize::MAX {
                if !body.is_empty() && !body.ends_with("\n\n") {
                    body.push_str(if body.ends_with('\n') { "\n" } else { "\n\n" });
                }
                body.push_str(&text);
            } else {
                let end = end.min(body.len());
                body.replace_range(start..end, text.trim_end_matches('\n'));
            }
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, body)?;
        done.files.push(path);
    }
    Ok(done)
}

/// Why a translated unit's placeholders are not the source's, if they are
/// not: each of the source's once, and no other.
fn placeholders_differ(u: &Unit, target: &[Piece]) -> Option<String> {
    let markup = u.markup();
    let mut seen = vec![0usize; markup.len()];
    for p in target {
        if let Piece::Placeholder(n, _) = p {
            match n.checked_sub(1).and_then(|i| seen.get_mut(i)) {
                Some(count) => *count += 1,
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

/// A paragraph in canonical form.
fn render(
    s: &Book,
    t: &Book,
    p: &crate::ir::Paragraph,
    finals: &HashMap<&str, &[Piece]>,
) -> String {
    let r = Render { s, t, finals };
    let ParagraphBody::Result { intro, check } = &p.body else {
        return String::new();
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

/// Words wrapped at 78 columns, as the book's own files are.
fn wrap(text: &str) -> String {
    crate::text::wrap(text, 78)
}
