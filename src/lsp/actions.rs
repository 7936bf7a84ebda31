//! Code actions for the findings under the cursor: the "did you mean" fix,
//! a `# tales: allow(CODE)` comment above the paragraph, and for a
//! reference to a paragraph that does not exist, the paragraph as a stub.

use super::symbols::{Occurrences, Symbol};
use crate::diagnostic::Diagnostic;
use crate::ir::Book;
use crate::span::{FileId, Span};

/// One edit of one file: replace `span` (empty: insert at its start).
#[derive(Debug)]
pub(super) struct Fix {
    pub(super) title: String,
    pub(super) span: Span,
    pub(super) text: String,
    /// The fix a finding's help names.
    pub(super) preferred: bool,
}

/// The fixes for the findings of `file` that touch `start..end`.
pub(super) fn fixes(
    book: &Book,
    occ: &Occurrences,
    findings: &[Diagnostic],
    file: FileId,
    start: usize,
    end: usize,
) -> Vec<Fix> {
    let mut out = Vec::new();
    for d in findings {
        let s = d.primary.span;
        let touches = s.file == file && (s.start as usize) <= end && start <= (s.end as usize);
        if !touches {
            continue;
        }
        out.extend(did_you_mean(book, d));
        out.extend(stub(book, occ, d));
        out.extend(allow(book, d));
    }
    out
}

/// `did you mean `X`?` in the help: X in place of the span's text, when the
/// two are a few letters apart (the help is about that text).
fn did_you_mean(book: &Book, d: &Diagnostic) -> Option<Fix> {
    let help = d.help.as_deref()?;
    let at = help.find("did you mean `")? + "did you mean `".len();
    let meant = &help[at..at + help[at..].find('`')?];
    let written = book.sources.slice(d.primary.span);
    let close = crate::text::edit_distance(&written.to_lowercase(), &meant.to_lowercase())
        <= 3.max(meant.chars().count() / 3);
    (close && !written.contains('\n') && !written.is_empty() && written != meant).then(|| Fix {
        title: format!("Replace `{written}` with `{meant}`"),
        span: d.primary.span,
        text: meant.to_owned(),
        preferred: true,
    })
}

/// `# tales: allow(CODE)` on the line above the paragraph's header.
fn allow(book: &Book, d: &Diagnostic) -> Option<Fix> {
    let s = d.primary.span;
    let p = book
        .paragraphs
        .iter()
        .find(|p| p.span.file == s.file && p.span.start <= s.start && s.start <= p.span.end)?;
    Some(Fix {
        title: format!("Allow `{}` in paragraph {}", d.code, p.number),
        span: Span::new(s.file, p.header.start as usize, p.header.start as usize),
        text: format!("# tales: allow({})\n", d.code),
        preferred: false,
    })
}

/// For `@N` where no paragraph N is: `-N-` written after the paragraph
/// before it in number, in that paragraph's file.
fn stub(book: &Book, occ: &Occurrences, d: &Diagnostic) -> Option<Fix> {
    if d.code != "dangling-reference" {
        return None;
    }
    let s = d.primary.span;
    let Symbol::Paragraph(n) = occ.at(s.file, s.start as usize)?.symbol else {
        return None;
    };
    if book.paragraph(n).is_some() {
        return None;
    }
    let before = book
        .paragraphs
        .iter()
        .filter(|p| p.number < n)
        .max_by_key(|p| p.number)
        .or_else(|| book.paragraphs.iter().min_by_key(|p| p.number))?;
    // After the paragraph before it; before the first, if none is.
    let (at, text) = if before.number < n {
        (before.span.end as usize, format!("\n\n-{n}-\n"))
    } else {
        (before.header.start as usize, format!("-{n}-\n\n"))
    };
    Some(Fix {
        title: format!("Create paragraph {n}"),
        span: Span::new(before.span.file, at, at),
        text,
        preferred: false,
    })
}
