//! `tales render`: the book as one self-contained HTML page, laid out as a
//! printed Book of Tales: paragraphs in numeric order in two columns, the
//! number as heading, sections with their label in small capitals, nested
//! arms indented, award codes in bold, every reference a link; the charts
//! and matrices as tables, the cards and places listed. A print stylesheet
//! keeps each paragraph on one page. Text is escaped; the page is
//! well-formed XML (XHTML syntax), so it parses back. It reads the IR; nothing
//! reads it but the CLI.

mod beside;
mod tables;

pub use beside::page as beside;

use crate::ir::{Block, Book, Node, ParagraphBody, Target};
use crate::span::Span;
use crate::text::escape_xml as esc;
use std::fmt::Write as _;

pub(crate) const STYLE: &str = "body{font:15px/1.5 Georgia,'Times New Roman',serif;color:#1b1b1b;\
max-width:1100px;margin:2em auto;padding:0 1em}h1{text-align:center;font-variant:small-caps}\
h2{font-variant:small-caps;border-bottom:1px solid #999;margin-top:2em}.columns{columns:2;\
column-gap:2.5em}.para{break-inside:avoid;margin:0 0 1.1em}.para h3{text-align:center;\
margin:.2em 0;font-size:1.1em}.para p{margin:.25em 0;text-align:justify}.label{font-variant:\
small-caps;font-weight:bold;letter-spacing:.03em}.d1{margin-left:1.2em}.d2{margin-left:2.4em}\
.d3{margin-left:3.6em}.d4{margin-left:4.8em}b.award{white-space:normal}a{color:#7a2e0e;\
text-decoration:none}a:hover{text-decoration:underline}table{border-collapse:collapse;\
margin:.6em 0}td,th{border:1px solid #999;padding:.15em .6em;text-align:left}\
th{font-variant:small-caps}.chart td:first-child{white-space:nowrap}@page{size:A4;\
margin:16mm}@media print{body{margin:0;max-width:none;font-size:10.5pt}a{color:inherit}\
h2{break-before:page}h1+h2{break-before:auto}.para{break-inside:avoid}}";

/// The whole page.
pub fn page(book: &Book) -> String {
    let words = &book.manifest.locale.render;
    let title = book
        .manifest
        .title
        .as_ref()
        .map_or(words.untitled.as_str(), |t| t.value.as_str());
    let lang = book.manifest.locale.id.as_str();
    let mut s = format!(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{}\"><head>\
         <meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width\"/>\
         <title>{t}</title><style>{STYLE}</style></head><body>\n<h1>{t}</h1>\n",
        esc(lang),
        t = esc(title)
    );
    let _ = writeln!(
        s,
        "<h2>{}</h2>\n<div class=\"columns\">",
        esc(&words.paragraphs)
    );
    let mut order: Vec<usize> = (0..book.paragraphs.len())
        .filter(|&i| book.index.get(&book.paragraphs[i].number) == Some(&i))
        .collect();
    order.sort_by_key(|&i| book.paragraphs[i].number);
    for i in order {
        paragraph(book, i, true, &mut s);
    }
    s.push_str("</div>\n");
    tables::matrices(book, &mut s);
    tables::cards(book, &mut s);
    s.push_str("</body></html>\n");
    s
}

/// A paragraph as a section; `anchor`: with its `p{N}` id (a page where
/// it is not the only paragraph of its number leaves that to its pair).
fn paragraph(book: &Book, i: usize, anchor: bool, s: &mut String) {
    let p = &book.paragraphs[i];
    let id = if anchor {
        format!(" id=\"p{}\"", p.number)
    } else {
        String::new()
    };
    let _ = write!(s, "<section class=\"para\"{id}><h3>{n}</h3>", n = p.number);
    match &p.body {
        ParagraphBody::Chart(chart) => tables::chart(book, chart, s),
        ParagraphBody::Result { intro, check } => {
            node(book, intro, None, 0, s);
            if let Some(b) = check {
                block(book, b, s);
            }
        }
    }
    s.push_str("</section>\n");
}

fn block(book: &Book, b: &Block, s: &mut String) {
    for arm in &b.arms {
        node(book, &arm.node, Some(arm.label.span), b.depth, s);
    }
}

/// A node's text as a paragraph: its label first (small capitals), award
/// codes bold, references linked; then its block.
fn node(book: &Book, n: &Node, label: Option<Span>, depth: u8, s: &mut String) {
    let class = if depth == 0 {
        String::new()
    } else {
        format!(" class=\"d{}\"", depth.min(4))
    };
    let text = n.span.map(|sp| marked(book, n, sp)).unwrap_or_default();
    if label.is_some() || !text.is_empty() {
        let _ = write!(s, "<p{class}>");
        if let Some(l) = label {
            let _ = write!(
                s,
                "<span class=\"label\">{}</span>: ",
                esc(book.sources.slice(l))
            );
        }
        s.push_str(&text);
        s.push_str("</p>");
    }
    if let Some(b) = &n.block {
        block(book, b, s);
    }
}

/// Where a reference links to in the page.
pub(crate) fn href(t: &Target) -> String {
    match t {
        Target::Paragraph(n) => format!("#p{n}"),
        Target::Row { matrix, .. } | Target::Matrix(matrix) => format!("#matrix-{}", esc(matrix)),
        Target::Place(id) => format!("#place-{}", esc(id)),
    }
}

/// The text of a node's span, escaped, with its awards in bold and its
/// references as links (a reference inside an award inside the bold).
fn marked(book: &Book, n: &Node, span: Span) -> String {
    let text = book.sources.slice(span);
    let base = span.start as usize;
    // (position, order at a position: closes first, then opens, markup)
    let mut marks: Vec<(usize, u8, String)> = Vec::new();
    let inside = |sp: Span| sp.file == span.file && sp.start >= span.start && sp.end <= span.end;
    for a in n.awards.iter().filter(|a| inside(a.span)) {
        marks.push((
            a.span.start as usize - base,
            1,
            "<b class=\"award\">".into(),
        ));
        marks.push((a.span.end as usize - base, 0, "</b>".into()));
    }
    for r in n.refs.iter().filter(|r| inside(r.span)) {
        let crosses = n.awards.iter().any(|a| {
            let (s, e) = (a.span.start, a.span.end);
            (r.span.start < s && r.span.end > s) || (r.span.start < e && r.span.end > e)
        });
        if !crosses {
            marks.push((
                r.span.start as usize - base,
                2,
                format!("<a href=\"{}\">", href(&r.target)),
            ));
            marks.push((r.span.end as usize - base, 0, "</a>".into()));
        }
    }
    marks.sort_by_key(|m| (m.0, m.1));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for (pos, _, tag) in marks {
        let pos = pos.min(text.len());
        if pos < at || !text.is_char_boundary(pos) {
            continue;
        }
        out.push_str(&esc(&text[at..pos]));
        out.push_str(&tag);
        at = pos;
    }
    out.push_str(&esc(&text[at..]));
    out
}
