//! Text with its awards and references: what every block of a paragraph
//! is made of.

use super::Context;
use super::lines::Range;
use super::{award, reference};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, Block, Effect, Reference};
use crate::span::Span;
use std::borrow::Cow;

/// The text of some pieces, joined, with a way back to file offsets.
pub(super) struct Joined<'a> {
    pub(super) text: Cow<'a, str>,
    /// (offset in `text`, offset in the file), ascending.
    pub(super) map: Vec<(usize, usize)>,
}

impl Joined<'_> {
    pub(super) fn new<'a>(file_text: &'a str, pieces: &[Range]) -> Joined<'a> {
        let Some(first) = pieces.first() else {
            return Joined {
                text: Cow::Borrowed(""),
                map: vec![(0, 0)],
            };
        };
        let last = pieces.last().expect("non-empty");
        let contiguous = pieces.windows(2).all(|w| {
            file_text[w[0].1..w[1].0]
                .chars()
                .all(|c| c == '\n' || c == '\r')
        });
        if contiguous {
            return Joined {
                text: Cow::Borrowed(&file_text[first.0..last.1]),
                map: vec![(0, first.0)],
            };
        }
        let mut text = String::new();
        let mut map = Vec::new();
        for p in pieces {
            if !text.is_empty() {
                text.push('\n');
            }
            map.push((text.len(), p.0));
            text.push_str(&file_text[p.0..p.1]);
        }
        Joined {
            text: Cow::Owned(text),
            map,
        }
    }

    pub(super) fn to_file(&self, offset: usize) -> usize {
        let i = self
            .map
            .partition_point(|&(j, _)| j <= offset)
            .saturating_sub(1);
        let (j, f) = self.map[i];
        f + (offset - j)
    }
}

/// An award of a block, with the references its items make.
fn add_award(ctx: &Context, text: &str, block: &mut Block, award: Award) {
    for item in &award.items {
        match &item.effect {
            Effect::Goto(target) => block.refs.push(Reference {
                target: target.clone(),
                span: item.span,
            }),
            Effect::FreeText(s) if s.contains('@') => {
                let base = item.span.start as usize;
                let src = text.get(item.span.range()).unwrap_or("");
                block
                    .refs
                    .extend(reference::scan_references(ctx.file, src, |o| base + o, &[]));
            }
            _ => {}
        }
    }
    block.awards.push(award);
}

/// Awards and references of some text.
pub(super) fn lower_text(
    ctx: &Context,
    text: &str,
    pieces: &[Range],
    diags: &mut Diagnostics,
) -> Block {
    let joined = Joined::new(text, pieces);
    let t = joined.text.as_ref();
    let mut block = Block::default();
    let trimmed_end = t.trim_end().len();
    if trimmed_end > 0 {
        let lead = t.len() - t.trim_start().len();
        block.span = Some(Span::new(
            ctx.file,
            joined.to_file(lead),
            joined.to_file(trimmed_end),
        ));
    }
    let mut award_ranges = Vec::new();
    let mut unclosed = None;
    let mut from = 0;
    while let Some(i) = t[from..].find('[') {
        let open = from + i;
        let after = &t[open + 1..];
        let close = after.find(']');
        let nested = after.find('[');
        match (close, nested) {
            (Some(c), n) if n.is_none_or(|n| n > c) => {
                let end = open + 1 + c + 1;
                award_ranges.push((open, end));
                let file_start = joined.to_file(open);
                let slice = &t[open..end];
                let fixed;
                let slice =
                    if joined.map.len() > 1 && joined.to_file(end) - file_start != slice.len() {
                        // The award spans a comment line: parse the joined text,
                        // report at its start.
                        fixed = slice.to_owned();
                        fixed.as_str()
                    } else {
                        slice
                    };
                let read =
                    |d: &mut Diagnostics| award::parse_spaced_award(ctx, slice, file_start, d);
                let award = match ctx.awards {
                    Some(cache) if slice.len() == end - open => {
                        cache.get_or_read(slice, file_start, diags, read)
                    }
                    _ => read(diags),
                };
                if let Some(award) = award {
                    add_award(ctx, text, &mut block, award);
                }
                from = end;
            }
            _ => {
                let at = joined.to_file(open);
                diags.push(
                    Diagnostic::new(
                        "unbalanced-bracket",
                        Span::new(ctx.file, at, at + 1),
                        "`[` is never closed",
                    )
                    .label("this award code has no `]`")
                    .with_help("close the award code with `]`"),
                );
                // One report a block: hostile text with a million `[` must not
                // give a million findings.
                unclosed = Some(open);
                break;
            }
        }
    }
    let pairing = super::brackets::check(ctx, t, &joined, &award_ranges, unclosed, diags);
    if let Some((award, range)) = pairing.recovered {
        let i = award_ranges.partition_point(|r| r.0 < range.0);
        award_ranges.insert(i, range);
        add_award(ctx, text, &mut block, award);
    }
    block.refs.extend(reference::scan_references(
        ctx.file,
        t,
        |o| joined.to_file(o),
        &award_ranges,
    ));
    // The IR is kept for the whole run: no spare capacity.
    block.awards.shrink_to_fit();
    block.refs.shrink_to_fit();
    block
}
