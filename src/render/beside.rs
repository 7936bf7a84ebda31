//! `tales render TRANSLATION --beside SOURCE`: the review copy of a
//! translation. Paragraph by paragraph in numeric order, the source on the
//! left and the translation on the right, each finding of the translation
//! (its comparison with the source, and its own lints) under the pair it is
//! about; findings about no paragraph (the glossary, the matrices, the
//! cards) come first.

use super::{STYLE, paragraph};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::{Book, ParagraphsBySpan};
use crate::span::{FileId, Span};
use crate::text::escape_xml as esc;
use std::collections::BTreeMap;
use std::fmt::Write as _;

const BESIDE_STYLE: &str = ".pair{scroll-margin-top:2.5em;display:grid;grid-template-columns:1fr 1fr;column-gap:2.5em;\
border-top:1px solid #ccc;padding-top:.4em;break-inside:avoid}.pair .para{margin:0}\
.heads{display:grid;grid-template-columns:1fr 1fr;column-gap:2.5em;font-variant:small-caps;\
font-weight:bold;border-bottom:2px solid #999;position:sticky;top:0;background:#fff}\
.finding{grid-column:1/3;margin:.3em 0 .6em;padding:.3em .6em;border-left:4px solid #c0392b;\
background:#fdf0ee;font:13px/1.4 sans-serif}.finding.warning{border-color:#d68910;\
background:#fdf6e8}.finding code{font-weight:bold}.finding .help{color:#555}\
.missing{color:#999;font-style:italic}.summary{text-align:center;color:#555}";

/// The findings of a translation by the paragraph they are about (`None`:
/// about the book as a whole), in the order given.
fn by_paragraph<'d>(
    source: &Book,
    translation: &Book,
    findings: &'d [Diagnostic],
) -> BTreeMap<Option<u32>, Vec<&'d Diagnostic>> {
    let own = translation.sources.own_len();
    let (t_index, s_index) = (
        ParagraphsBySpan::of(&translation.paragraphs),
        ParagraphsBySpan::of(&source.paragraphs),
    );
    let number = |span: Span| {
        let file = span.file.0 as usize;
        if file < own {
            t_index.at(span).map(|i| translation.paragraphs[i].number)
        } else {
            let offset = u32::try_from(own).unwrap_or(u32::MAX);
            let in_source = Span {
                file: FileId(span.file.0 - offset),
                ..span
            };
            s_index.at(in_source).map(|i| source.paragraphs[i].number)
        }
    };
    let mut out: BTreeMap<Option<u32>, Vec<&Diagnostic>> = BTreeMap::new();
    for d in findings {
        out.entry(number(d.primary.span)).or_default().push(d);
    }
    out
}

/// The whole review page.
pub fn page(source: &Book, translation: &Book, findings: &[Diagnostic]) -> String {
    let title = |b: &Book| {
        b.manifest.title.as_ref().map_or_else(
            || b.manifest.locale.render.untitled.clone(),
            |t| t.value.clone(),
        )
    };
    let (st, tt) = (title(source), title(translation));
    let mut s = format!(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{}\"><head>\
         <meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width\"/>\
         <title>{} / {}</title><style>{STYLE}{BESIDE_STYLE}</style></head><body>\n\
         <h1>{} / {}</h1>\n",
        esc(&translation.manifest.locale.id),
        esc(&st),
        esc(&tt),
        esc(&st),
        esc(&tt),
    );
    let by = by_paragraph(source, translation, findings);
    let count = |sev| findings.iter().filter(|d| d.severity == sev).count();
    let _ = writeln!(
        s,
        "<p class=\"summary\">{} · {}</p>",
        crate::text::count(count(Severity::Error), "error"),
        crate::text::count(count(Severity::Warning), "warning")
    );
    if let Some(book_level) = by.get(&None) {
        s.push_str("<section class=\"pair\">");
        for d in book_level {
            finding(translation, d, &mut s);
        }
        s.push_str("</section>\n");
    }
    let _ = writeln!(
        s,
        "<div class=\"heads\"><div>{} ({})</div><div>{} ({})</div></div>",
        esc(&st),
        esc(&source.manifest.locale.id),
        esc(&tt),
        esc(&translation.manifest.locale.id)
    );
    let mut numbers: Vec<u32> = source
        .index
        .keys()
        .chain(translation.index.keys())
        .copied()
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    for n in numbers {
        let _ = write!(s, "<section class=\"pair\" id=\"p{n}\">");
        for book in [source, translation] {
            match book.index.get(&n) {
                Some(&i) => paragraph(book, i, false, &mut s),
                None => {
                    let _ = write!(s, "<div class=\"para missing\"><h3>{n}</h3>—</div>");
                }
            }
        }
        for d in by.get(&Some(n)).into_iter().flatten() {
            finding(translation, d, &mut s);
        }
        s.push_str("</section>\n");
    }
    s.push_str("</body></html>\n");
    s
}

/// One finding, inline: its code, message and help, and where it is.
fn finding(book: &Book, d: &Diagnostic, s: &mut String) {
    let class = if d.severity == Severity::Warning {
        "finding warning"
    } else {
        "finding"
    };
    let f = book.sources.get(d.primary.span.file);
    let (line, column) = f.line_col(d.primary.span.start as usize);
    let _ = write!(
        s,
        "<div class=\"{class}\"><code>{}</code> {} <span class=\"help\">({}:{}:{})</span>",
        esc(d.code),
        esc(&d.message),
        esc(&f.name),
        line,
        column
    );
    if let Some(h) = &d.help {
        let _ = write!(s, "<br/><span class=\"help\">{}</span>", esc(h));
    }
    s.push_str("</div>");
}
