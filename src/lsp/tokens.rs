//! Semantic tokens: headers, section and branch labels, award codes,
//! references and comments, from the IR's spans, so an editor colours the
//! book as the server reads it.

use crate::ir::Book;
use crate::span::FileId;

/// The token types, in the legend's order.
pub(super) const TYPES: &[&str] = &["keyword", "enumMember", "string", "variable", "comment"];
const HEADER: u32 = 0;
const LABEL: u32 = 1;
const AWARD: u32 = 2;
const REFERENCE: u32 = 3;
const COMMENT: u32 = 4;

/// A token: byte range in the file and its type (one line each).
pub(super) type Token = (usize, usize, u32);

/// The tokens of a file, sorted, one line each, none overlapping.
pub(super) fn of_file(book: &Book, file: FileId) -> Vec<Token> {
    let text: &str = &book.sources.get(file).text;
    let mut spans: Vec<Token> = Vec::new();
    for p in book.paragraphs.iter().filter(|p| p.span.file == file) {
        spans.push((p.header.start as usize, p.header.end as usize, HEADER));
        for b in p.blocks() {
            for a in &b.arms {
                spans.push((
                    a.label.span.start as usize,
                    a.label.span.end as usize,
                    LABEL,
                ));
            }
        }
        for n in p.nodes() {
            for a in &n.awards {
                spans.push((a.span.start as usize, a.span.end as usize, AWARD));
            }
            for r in &n.refs {
                spans.push((r.span.start as usize, r.span.end as usize, REFERENCE));
            }
        }
    }
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('#') {
            spans.push((at, at + line.trim_end().len(), COMMENT));
        }
        at += line.len();
    }
    spans.sort_by_key(|&(s, e, _)| (s, std::cmp::Reverse(e)));
    let mut out: Vec<Token> = Vec::with_capacity(spans.len());
    let mut end = 0;
    for (s, e, t) in spans {
        if s < end || e <= s || e > text.len() {
            continue;
        }
        end = e;
        // One token a line.
        let mut from = s;
        for piece in text[s..e].split_inclusive('\n') {
            let trimmed = piece.trim_end_matches(['\n', '\r']).len();
            if trimmed > 0 {
                out.push((from, from + trimmed, t));
            }
            from += piece.len();
        }
    }
    out
}
