//! Translation units for CAT tools (`tales l10n export` and `import`).
//!
//! A unit is one node of a result paragraph's tree (the intro, a section, a
//! choice's or a condition's arm, a die band, at any depth) and, for a
//! choice or a condition, its label. Award codes, `@` references, roll
//! specs and conditions are markup: in a unit they are numbered
//! placeholders, which a CAT tool keeps and checks, and `import` writes them
//! back in the translation's language (an award is printed from its
//! meaning, with the translation's letters and names). Section headings and
//! die bands are not units: `import` writes headings from the glossary.

#[cfg(feature = "disk")]
pub mod import;
pub mod po;
pub mod xliff;

use crate::ir::{Arm, Block, BlockKind, Book, Guard, Node, Paragraph, ParagraphBody};
use crate::span::Span;

/// A piece of a unit's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// Markup, by its number in the unit (from 1) and the source's text.
    Placeholder(usize, String),
}

/// What an exchange file's reader found: the translated units' targets,
/// by id, and the id of every unit the file holds (translated or not).
#[derive(Debug, Default)]
pub struct Read {
    pub targets: Vec<(String, Vec<Piece>)>,
    pub ids: std::collections::HashSet<String>,
}

/// One translation unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// `260` (the intro), `260/s2` (top-level section 2), `260/s2/1` (arm 1
    /// of the block in it), `260/1#label` (the label of the intro block's
    /// arm 1).
    pub id: String,
    pub paragraph: u32,
    /// The source file, as the source book names it.
    pub file: String,
    pub source: Vec<Piece>,
    pub target: Option<Vec<Piece>>,
    /// Where the unit is and what its awards mean, for the translator.
    pub note: String,
}

impl Unit {
    /// The source's markup, by placeholder number.
    pub fn markup(&self) -> Vec<&str> {
        self.source
            .iter()
            .filter_map(|p| match p {
                Piece::Placeholder(_, m) => Some(m.as_str()),
                Piece::Text(_) => None,
            })
            .collect()
    }
}

/// Pieces as plain text with `%N` for placeholder N (PO), and back.
pub fn to_percent(pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.replace('%', "%%"),
            Piece::Placeholder(n, _) => format!("%{n}"),
        })
        .collect()
}

/// Read `%N` placeholders back (`%%` is a percent sign, and so is a `%`
/// before no digit); `markup` gives each number its source text, and a
/// number it has none for is placeholder 0, holding the text as written.
pub fn from_percent(text: &str, markup: &[&str]) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut buf = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c != '%' {
            buf.push(c);
            continue;
        }
        if chars.peek().is_some_and(|&(_, d)| d == '%') {
            chars.next();
            buf.push('%');
            continue;
        }
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
            digits.push(d);
            chars.next();
        }
        if digits.is_empty() {
            buf.push('%');
            continue;
        }
        if !buf.is_empty() {
            out.push(Piece::Text(std::mem::take(&mut buf)));
        }
        // A number the source has no markup for is a placeholder all the
        // same (number 0, with the text as written), which the import
        // refuses: written as text, `%7` would end up in the book.
        out.push(match digits.parse::<usize>() {
            Ok(n) if n >= 1 && n <= markup.len() => Piece::Placeholder(n, markup[n - 1].to_owned()),
            _ => Piece::Placeholder(0, format!("%{}", crate::text::shorten(&digits, 20))),
        });
    }
    if !buf.is_empty() {
        out.push(Piece::Text(buf));
    }
    out
}

/// Every unit of the source, with the translation's text as the target
/// where the translation has that node.
pub fn units(source: &Book, translation: Option<&Book>) -> Vec<Unit> {
    let mut out = Vec::new();
    for (i, p) in source.paragraphs.iter().enumerate() {
        if source.index.get(&p.number) != Some(&i) {
            continue;
        }
        let ParagraphBody::Result { intro, check } = &p.body else {
            continue; // charts: entry names are the matrices' words
        };
        let t = translation.and_then(|t| Some((t, t.paragraph(p.number)?)));
        let (t_intro, t_check) = match t.map(|(t, tp)| (t, &tp.body)) {
            Some((t, ParagraphBody::Result { intro, check })) => {
                (Some((t, intro)), check.as_ref().map(|c| (t, c)))
            }
            _ => (None, None),
        };
        let mut walk = Walk {
            source,
            p,
            out: &mut out,
        };
        walk.node(&p.number.to_string(), "the intro", intro, t_intro);
        if let Some(check) = check {
            walk.arms("s", &p.number.to_string(), check, t_check);
        }
    }
    out
}

struct Walk<'a> {
    source: &'a Book,
    p: &'a Paragraph,
    out: &'a mut Vec<Unit>,
}

impl Walk<'_> {
    fn node(&mut self, id: &str, place: &str, n: &Node, t: Option<(&Book, &Node)>) {
        let file = self.source.sources.get(self.p.header.file).name.clone();
        if let Some(source) = pieces(self.source, n) {
            let awards = words_of_awards(self.source, n);
            let note = format!("paragraph {}, {place}{awards}", self.p.number);
            let target = t.and_then(|(tb, tn)| pieces(tb, tn));
            self.out.push(Unit {
                id: id.to_owned(),
                paragraph: self.p.number,
                file,
                source,
                target,
                note,
            });
        }
        if let Some(b) = n.block.as_deref() {
            let tb = t.and_then(|(tb, tn)| Some((tb, tn.block.as_deref()?)));
            self.arms("", id, b, tb);
        }
    }

    /// The arms of a block: each one's label (a choice's or a condition's)
    /// and node.
    fn arms(&mut self, prefix: &str, id: &str, b: &Block, t: Option<(&Book, &Block)>) {
        for (k, arm) in b.arms.iter().enumerate() {
            let arm_id = format!("{id}/{prefix}{}", k + 1);
            let t_arm = t.and_then(|(tb, tbl)| Some((tb, tbl.arms.get(k)?)));
            let place = format!("{} `{}`", b.kind.as_str(), arm.label.value);
            if matches!(b.kind, BlockKind::Choice | BlockKind::Condition) {
                self.label(&arm_id, arm, t_arm, &place);
            }
            self.node(
                &arm_id,
                &place,
                &arm.node,
                t_arm.map(|(tb, a)| (tb, &a.node)),
            );
        }
    }

    fn label(&mut self, id: &str, arm: &Arm, t: Option<(&Book, &Arm)>, place: &str) {
        let source = label_pieces(self.source, arm);
        if source.is_empty() {
            return;
        }
        let target = t
            .map(|(tb, ta)| label_pieces(tb, ta))
            .filter(|v| !v.is_empty());
        self.out.push(Unit {
            id: format!("{id}#label"),
            paragraph: self.p.number,
            file: self.source.sources.get(self.p.header.file).name.clone(),
            source,
            target,
            note: format!("paragraph {}, the label of the {place}", self.p.number),
        });
    }
}

/// A choice's or a condition's label: its words, a condition as a
/// placeholder.
fn label_pieces(book: &Book, arm: &Arm) -> Vec<Piece> {
    let text = book.sources.slice(arm.label.span).trim();
    let mut out = Vec::new();
    let rest = match (
        &arm.guard,
        text.strip_prefix('{')
            .and_then(|t| t.find('}').map(|c| c + 2)),
    ) {
        (Guard::Condition(_) | Guard::Else, Some(close)) => {
            out.push(Piece::Placeholder(1, text[..close].to_owned()));
            &text[close..]
        }
        _ => text,
    };
    // A guarded option's condition ends its label (FORMAT.md 2b).
    let (rest, guard) = match (&arm.guard, rest.rfind('{')) {
        (Guard::Option(_), Some(open)) if rest.ends_with('}') => {
            (rest[..open].trim_end(), Some(&rest[open..]))
        }
        _ => (rest, None),
    };
    let words = fold(rest);
    if !words.is_empty() {
        if !out.is_empty() {
            out.push(Piece::Text(" ".to_owned()));
        }
        out.push(Piece::Text(words));
    }
    if let Some(g) = guard {
        out.push(Piece::Text(" ".to_owned()));
        out.push(Piece::Placeholder(1, g.to_owned()));
    }
    out
}

/// A node's text, its award codes, references and roll spec as
/// placeholders; `None` for a node without text.
fn pieces(book: &Book, n: &Node) -> Option<Vec<Piece>> {
    let span = n.span?;
    let mut marks: Vec<Span> = n.awards.iter().map(|a| a.span).collect();
    for r in &n.refs {
        if !marks
            .iter()
            .any(|m| m.start <= r.span.start && r.span.end <= m.end)
        {
            marks.push(r.span);
        }
    }
    if let Some(spec) = n.block.as_deref().and_then(|b| b.roll.as_ref()?.span)
        && span.start <= spec.start
        && spec.end <= span.end
    {
        marks.push(spec);
    }
    marks.retain(|m| m.file == span.file && span.start <= m.start && m.end <= span.end);
    marks.sort_by_key(|m| m.start);
    let mut out = Vec::new();
    let (mut at, mut k) = (span.start, 0);
    for m in &marks {
        if m.start < at {
            continue;
        }
        let before = fold(book.sources.slice(Span {
            start: at,
            end: m.start,
            ..span
        }));
        push_text(&mut out, &before);
        k += 1;
        out.push(Piece::Placeholder(
            k,
            fold(book.sources.slice(*m)).trim().to_owned(),
        ));
        at = m.end;
    }
    push_text(
        &mut out,
        &fold(book.sources.slice(Span { start: at, ..span })),
    );
    trim(&mut out);
    (!out.is_empty()).then_some(out)
}

/// No space at either end of a unit.
fn trim(out: &mut Vec<Piece>) {
    if let Some(Piece::Text(t)) = out.last_mut() {
        *t = t.trim_end().to_owned();
        if t.is_empty() {
            out.pop();
        }
    }
    if let Some(Piece::Text(t)) = out.first_mut() {
        *t = t.trim_start().to_owned();
        if t.is_empty() {
            out.remove(0);
        }
    }
}

/// Text between placeholders, with one space where the book had any.
fn push_text(out: &mut Vec<Piece>, folded: &str) {
    if folded.is_empty() {
        if !out.is_empty() {
            out.push(Piece::Text(" ".to_owned()));
        }
        return;
    }
    out.push(Piece::Text(folded.to_owned()));
}

/// White space folded to single spaces, a space kept at either end when
/// there was any (so text meets its placeholders as in the book).
fn fold(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    if text.starts_with(char::is_whitespace) {
        s.push(' ');
    }
    s.push_str(&words.join(" "));
    if text.ends_with(char::is_whitespace) {
        s.push(' ');
    }
    s
}

/// `: award [D1 / S1] = destiny +1, story +1` for the note.
fn words_of_awards(book: &Book, n: &Node) -> String {
    let effects: Vec<String> = n
        .awards
        .iter()
        .flat_map(|a| a.items.iter())
        .map(|i| crate::syntax::print::words(book, &i.effect))
        .collect();
    if effects.is_empty() {
        String::new()
    } else {
        format!("; its award: {}", effects.join(", "))
    }
}
