//! Text with its awards and references: what every block of a paragraph
//! is made of.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Award, Effect, Node, Reference};
use crate::span::Span;
use crate::syntax::awards::{award, reference};
use crate::syntax::blocks::pieces::Joined;
use crate::syntax::context::Context;
use crate::syntax::context::Range;

/// An award of a block, with the references its items make.
fn add_award(ctx: &Context, text: &str, block: &mut Node, award: Award) {
    for item in &award.items {
        match &item.effect {
            Effect::Goto(target) => block.refs.push(Reference {
                target: target.clone(),
                span: item.span,
            }),
            Effect::GotoSection {
                paragraph: Some(n), ..
            } => block.refs.push(Reference {
                target: crate::ir::Target::Paragraph(*n),
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
pub(crate) fn lower_text(
    ctx: &Context,
    text: &str,
    pieces: &[Range],
    diags: &mut Diagnostics,
) -> Node {
    let joined = Joined::new(text, pieces);
    let patched = nested_notes(ctx, joined.text.as_ref(), &joined, diags);
    let t = patched.as_deref().unwrap_or(joined.text.as_ref());
    let mut block = Node::default();
    let trimmed_end = t.trim_end().len();
    if trimmed_end > 0 {
        let lead = t.len() - t.trim_start().len();
        block.span = Some(Span::new(
            ctx.file,
            joined.to_file(lead),
            joined.to_file(trimmed_end),
        ));
    }
    let (groups, unclosed) = bracket_groups(ctx, t, &joined, diags);
    // A bracket group that does not end the text is prose (`the king [or
    // queen] frowns`): the award codes are the groups after the last word.
    let first_award = ending_groups(t, &groups);
    let mut award_ranges = Vec::with_capacity(groups.len() - first_award);
    // Room for each award code, exactly: grown by its first push, the
    // vector took room for four and was shrunk again below (an allocation
    // and a copy a node).
    block.awards.reserve_exact(groups.len() - first_award);
    // Text after a misplaced award code is reported with it.
    let mut reported_from = None;
    for (i, &(open, end)) in groups.iter().enumerate() {
        if i < first_award {
            if prose_group(ctx, t, &joined, (open, end), diags) {
                reported_from = reported_from.or(Some(end));
            }
            continue;
        }
        award_ranges.push((open, end));
        if let Some(award) = read_award(ctx, t, &joined, (open, end), diags) {
            add_award(ctx, text, &mut block, award);
        }
    }
    let pairing = crate::syntax::blocks::brackets::check(ctx, t, &joined, &groups, unclosed, diags);
    if let Some((award, range)) = pairing.recovered {
        let i = award_ranges.partition_point(|r| r.0 < range.0);
        award_ranges.insert(i, range);
        add_award(ctx, text, &mut block, award);
    }
    let scanned = block.refs.len();
    block.refs.extend(reference::scan_references(
        ctx.file,
        t,
        |o| joined.to_file(o),
        &award_ranges,
    ));
    crate::syntax::awards::misread::references(text, &mut block.refs[scanned..], diags);
    crate::syntax::blocks::go_to::in_prose(
        ctx,
        t,
        &joined,
        &award_ranges,
        reported_from,
        &mut block,
        diags,
    );
    // The IR is kept for the whole run: no spare capacity.
    block.awards.shrink_to_fit();
    block.refs.shrink_to_fit();
    block
}

/// `[S1 / Pursued [HUNTER]]`: a note in brackets inside an award code
/// (FORMAT.md 2a): one error at it with the fix, and the text given back
/// with those brackets made parentheses (the same length, so every offset
/// holds), read as `Pursued (HUNTER)`. `None` when there is none.
fn nested_notes(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    diags: &mut Diagnostics,
) -> Option<String> {
    let mut out: Option<String> = None;
    // The brackets found by a vector search for either byte (memchr2): a
    // search for either character was a test of every character, 14
    // instructions a byte of every book.
    let bytes = t.as_bytes();
    let next = |from: usize| memchr::memchr2(b'[', b']', bytes.get(from..)?).map(|n| from + n);
    let mut outer = None;
    let mut i = 0;
    while let Some(at) = next(i) {
        i = at + 1;
        if bytes[at] == b']' {
            outer = None;
            continue;
        }
        let Some(open) = outer else {
            outer = Some(at);
            continue;
        };
        // `[` inside `[`: a note when `]` closes it, then `]` the award.
        let Some((close, end)) = next(at + 1).zip(next(at + 1).and_then(|c| next(c + 1))) else {
            return out;
        };
        if bytes[close] != b']' || bytes[end] != b']' {
            return out;
        }
        let note = &t[at + 1..close];
        let item = t[open + 1..at].rsplit('/').next().unwrap_or("").trim();
        let (from, to) = (joined.to_file(at), joined.to_file(close) + 1);
        diags.push(
            Diagnostic::new(
                "unbalanced-bracket",
                Span::new(ctx.file, from, to),
                format!("`[{note}]` inside an award code: a note is written in parentheses"),
            )
            .label(format!("read as `({note})`"))
            .with_help(format!("write `{item} ({note})`")),
        );
        let fixed = out.get_or_insert_with(|| t.to_owned());
        fixed.replace_range(at..=at, "(");
        fixed.replace_range(close..=close, ")");
        outer = None;
        i = end + 1;
    }
    out
}

/// The `[...]` groups of some text, in order, and where a `[` that is never
/// closed (or is followed by another `[` first) stops the search: reported
/// once, as hostile text with a million `[` must not give a million
/// findings.
fn bracket_groups(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    diags: &mut Diagnostics,
) -> (Vec<Range>, Option<usize>) {
    let mut groups = Vec::new();
    // Every `[` and `]` in one vector search (memchr2); a `]` before a
    // group's `[` is left to the pairing check.
    let bytes = t.as_bytes();
    let mut brackets = memchr::memchr2_iter(b'[', b']', bytes);
    while let Some(open) = brackets.find(|&i| bytes[i] == b'[') {
        // A group is closed by the next bracket if it is a `]`.
        match brackets.next() {
            Some(close) if bytes[close] == b']' => groups.push((open, close + 1)),
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
                return (groups, Some(open));
            }
        }
    }
    (groups, None)
}

/// The index of the first group that is an award code: the groups with no
/// letter or digit after them, outside award codes, to the end of the text.
fn ending_groups(t: &str, groups: &[Range]) -> usize {
    let mut boundary = t.len();
    for (i, &(open, end)) in groups.iter().enumerate().rev() {
        if t[end..boundary].chars().any(char::is_alphanumeric) {
            return i + 1;
        }
        boundary = open;
    }
    0
}

/// Read the award code at `range` of the text (through the file's award
/// cache when the text is the file's own).
fn read_award(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    (open, end): Range,
    diags: &mut Diagnostics,
) -> Option<Award> {
    let file_start = joined.to_file(open);
    let slice = &t[open..end];
    // An award that spans a comment line is parsed joined and reported at
    // its start; only the file's own text goes through the cache.
    let own = joined.map.len() == 1 || joined.to_file(end) - file_start == slice.len();
    let read = |d: &mut Diagnostics| award::parse_spaced_award(ctx, slice, file_start, d);
    match ctx.awards {
        Some(cache) if own => cache.get_or_read(slice, file_start, diags, ctx.suggestions, read),
        _ => read(diags),
    }
}

/// A bracket group in the middle of the text is prose. One that reads as
/// an award code, every item an effect, is almost surely one written before
/// the end of its text: reported, left as prose.
fn prose_group(
    ctx: &Context,
    t: &str,
    joined: &Joined,
    range: Range,
    diags: &mut Diagnostics,
) -> bool {
    let slice = &t[range.0..range.1];
    let start = joined.to_file(range.0);
    let mut quiet = Vec::new();
    let Some(award) = read_award(ctx, t, joined, range, &mut quiet) else {
        return false;
    };
    if !quiet.is_empty()
        || award
            .items
            .iter()
            .any(|i| matches!(i.effect, Effect::FreeText(_)))
    {
        return false;
    }
    let rest = &t[range.1..];
    let next_line = rest
        .trim_start_matches([' ', '\t'])
        .starts_with(['\n', '\r']);
    let after: String = rest
        .trim_start()
        .chars()
        .take_while(|c| *c != '\n')
        .take(40)
        .collect();
    let help = if next_line {
        format!(
            "an award code ends its paragraph, section or arm; the line after it, `{}`, is read as its text: if that line is a heading or an arm, fix its start",
            after.trim_end()
        )
    } else {
        format!(
            "an award code ends its paragraph, section or arm: move `{}` before it (or into it, as an item)",
            after.trim_end()
        )
    };
    let mut d = Diagnostic::new(
        "award-in-prose",
        Span::new(ctx.file, start, start + slice.len()),
        format!("`{slice}` reads as an award code, but text follows it, so it is prose"),
    )
    .label("read as prose: nothing is awarded")
    .with_help(help);
    if next_line {
        let from = range.1 + (rest.len() - rest.trim_start().len());
        let to = from + t[from..].find('\n').unwrap_or(t.len() - from);
        let to = from + t[from..to].trim_end().len();
        d = d.with_secondary(
            Span::new(ctx.file, joined.to_file(from), joined.to_file(to)),
            "the text after it",
        );
    }
    diags.push(d);
    true
}

/// An award code read as prose because the line after it joined its text
/// is no news when that line is reported already (a heading not written as
/// one, an option that lost its `>`): one slip, one finding.
pub(crate) fn drop_explained(diags: &mut Diagnostics) {
    let is_ours = |d: &Diagnostic| d.code == "award-in-prose" && !d.secondary.is_empty();
    if !diags.iter().any(is_ours) {
        return;
    }
    let mut starts: Vec<u32> = diags
        .iter()
        .filter(|d| d.code != "award-in-prose")
        .map(|d| d.primary.span.start)
        .collect();
    starts.sort_unstable();
    diags.retain(|d| {
        if !is_ours(d) {
            return true;
        }
        let after = d.secondary[0].span;
        let i = starts.partition_point(|&s| s < after.start);
        starts
            .get(i)
            .is_none_or(|&s| s >= after.end.max(after.start + 1))
    });
}
