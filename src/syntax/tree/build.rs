//! A result paragraph's lines into its tree (FORMAT.md section 2a): the
//! intro node, the top-level sections (the paragraph's skill check), and
//! under any node a block of arms marked `>`, `>>`, ...
//!
//! Nodes are built in an arena, indices standing for the nodes still open:
//! `open[0]` is the intro or the current top-level section, `open[d]` the
//! arm of depth `d` being read. A line of `d` marks is an arm of the block
//! of `open[d - 1]`; any other line is text of the deepest open node.

use super::kinds::{guard_kind, kind_of, line_kind};
use super::roll::{default_roll, find_roll_spec};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Arm, Band, Block, BlockKind, Guard, Node, ParagraphBody};
use crate::span::{Span, Spanned};
use crate::syntax::blocks::block::lower_text;
use crate::syntax::blocks::pieces::Pieces;
use crate::syntax::context::Context;
use crate::syntax::context::Range;
use crate::syntax::labels::arm::{Head, head};
use crate::syntax::labels::heading::{
    At, colonless_heading, dashed_heading, lower_labels, names_nothing, near_heading,
    note_after_colon, scan, separated_note, shouted,
};
use crate::syntax::lines::classify::{ClassifiedLine, Line, bad_header};

/// A node being built.
#[derive(Default)]
struct NodeB {
    text: Pieces,
    block: Option<BlockB>,
}

/// A block being built: its depth and its arms (as arena indices).
struct BlockB {
    depth: usize,
    arms: Vec<ArmB>,
    /// Whether an arm is `{else}` (which makes the block a condition),
    /// kept as arms are added so a block's kind is known at once.
    has_else: bool,
}

impl BlockB {
    fn new(depth: usize) -> Self {
        BlockB {
            depth,
            arms: Vec::new(),
            has_else: false,
        }
    }

    fn push(&mut self, arm: ArmB) {
        self.has_else |= arm.head.guard == Guard::Else;
        self.arms.push(arm);
    }

    /// The block's kind: its first arm's, or a condition when an arm is
    /// `{else}` (as `kinds::block_kind` reads a finished block).
    fn kind(&self) -> Option<BlockKind> {
        let first = guard_kind(&self.arms.first()?.head.guard);
        Some(if self.has_else {
            BlockKind::Condition
        } else {
            first
        })
    }
}

struct ArmB {
    head: Head,
    /// The arm's first line.
    line: Range,
    node: usize,
}

/// The deepest nesting read (`>` sixteen times); deeper marks are read as
/// this deep, and reported.
const MAX_DEPTH: usize = 16;

struct Builder<'c, 't> {
    ctx: &'c Context<'c>,
    text: &'t str,
    nodes: Vec<NodeB>,
    /// The paragraph's own sections.
    check: Option<BlockB>,
    open: Vec<usize>,
    /// After a depth jump: arms of this many marks are read this deep.
    shift: Option<(usize, usize)>,
    /// Whether the arm being read has no arm of as many marks after it in
    /// its run (so a block it would start has one arm).
    alone: bool,
    /// The depth of a roll block whose bands were written without their
    /// marks under the text with its spec: its arms, and those nested in
    /// them, are read one level deeper than written, reported once.
    unmarked: Option<usize>,
    /// The paragraph's lines, and the index of the line after the one
    /// being read (for a bounded look ahead).
    lines: &'t [ClassifiedLine],
    at: usize,
    /// Where the last heading's text starts: past its line when its note
    /// was on the next one (`WOUNDED:` / `(mandatory) You ...`).
    resume: usize,
    /// [`Builder::in_quotation`]'s count so far: the node, the offset its
    /// text was counted to, the `"` seen, and `“` and `«` less `”` and `»`.
    quotes: (usize, usize, usize, isize),
}

pub(crate) fn lower_result(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    diags: &mut Diagnostics,
) -> ParagraphBody {
    let mut b = Builder {
        ctx,
        text,
        nodes: vec![NodeB::default()],
        check: None,
        open: vec![0],
        shift: None,
        alone: false,
        unmarked: None,
        lines,
        at: 0,
        resume: 0,
        quotes: (usize::MAX, 0, 0, 0),
    };
    let mut fresh = true;
    let mut i = 0;
    // The first line at or after `i` that is not text, found once for a
    // run of text lines (a search a line made a run of them quadratic).
    let mut not_text = 0;
    while i < lines.len() {
        let l = &lines[i];
        let at = At {
            fresh,
            after_sections: b.check.is_some(),
            label: false,
        };
        fresh = ends_a_stretch(text, l);
        i += 1;
        b.at = i;
        match &l.kind {
            Line::Text => {
                // The arm after this line and the lines its text runs on.
                if not_text < i {
                    not_text = i + lines[i..]
                        .iter()
                        .position(|n| !matches!(n.kind, Line::Text))
                        .unwrap_or(lines.len() - i);
                }
                let next_arm = lines.get(not_text).and_then(|n| match n.kind {
                    Line::Branch { depth, body } => Some((depth, body)),
                    _ => None,
                });
                i += b.text_line_or_lost_arm(l.span, next_arm, at, diags);
            }
            Line::Branch { depth, body } => i += b.arm_line(*depth, *body, l.span, diags),
            Line::Blank => {
                let deepest = *b.open.last().expect("an open node");
                b.nodes[deepest].text.push(text, l.span);
            }
            Line::BadHeader => diags.push(bad_header(ctx, text, l.span)),
            Line::Comment(_) | Line::Header { .. } => {}
        }
    }
    b.finish(diags)
}

/// The text lines after line `i` (up to three): where an arm's label may
/// run on.
fn following_text(lines: &[ClassifiedLine], i: usize) -> Vec<Range> {
    lines[i..]
        .iter()
        .take_while(|l| matches!(l.kind, Line::Text))
        .map(|l| l.span)
        .take(3)
        .collect()
}

/// Whether no arm of `depth` marks and of the same kind (told by a glance
/// at its first characters) follows in the run of arms from line `from`
/// (the run ends at an arm of fewer marks, a blank line or a header).
/// Looks a bounded way ahead, so reading stays linear; past that, the arm
/// is taken as having company.
fn alone(text: &str, lines: &[ClassifiedLine], from: usize, depth: usize) -> bool {
    let kind = |at: usize| glance(&text[at..]);
    // The arm itself: an arm line, or a text line read as an arm whose
    // marks were lost.
    let Some(mine) = from.checked_sub(1).map(|i| match lines[i].kind {
        Line::Branch { body, .. } => kind(body.0),
        _ => kind(lines[i].span.0),
    }) else {
        return true;
    };
    for l in lines[from..].iter().take(256) {
        match l.kind {
            Line::Branch { depth: d, body } if d == depth && kind(body.0) == mine => return false,
            Line::Branch { depth: d, .. } if d < depth => return true,
            Line::Blank | Line::Header { .. } => return true,
            _ => {}
        }
    }
    from + 256 >= lines.len()
}

/// An arm's kind by its first characters: `{` a condition, a digit or `❖`
/// a band, an upper-case first word a section, else a choice.
fn glance(body: &str) -> BlockKind {
    let body = body.trim_start();
    if body.starts_with('{') {
        return BlockKind::Condition;
    }
    if body.starts_with(|c: char| c.is_ascii_digit() || c == '❖') {
        return BlockKind::Roll;
    }
    let word: &str = body
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or_default();
    if word.chars().count() >= 2 && word.chars().all(char::is_uppercase) {
        BlockKind::SkillCheck
    } else {
        BlockKind::Choice
    }
}

/// A line after which the next one starts a fresh stretch of text: a blank
/// line, or text that ends a sentence.
fn ends_a_stretch(text: &str, l: &ClassifiedLine) -> bool {
    match l.kind {
        Line::Blank | Line::Header { .. } => true,
        Line::Comment(_) => false,
        _ => text[l.span.0..l.span.1]
            .trim_end()
            .ends_with(['.', '!', '?', ']', '"', '”', '»', ')', ':']),
    }
}

impl Builder<'_, '_> {
    /// A text line (at line `self.at`), or an arm whose mark was lost, read
    /// as the arm `next_arm` says it is: the lines its label ran on.
    fn text_line_or_lost_arm(
        &mut self,
        span: Range,
        next_arm: Option<(usize, Range)>,
        at: At,
        diags: &mut Diagnostics,
    ) -> usize {
        let (text, lines, i) = (self.text, self.lines, self.at);
        let Some(depth) = self.lost_mark(span, next_arm, diags) else {
            self.text_line(span, at, diags);
            return 0;
        };
        self.alone = alone(text, lines, i, depth);
        let next = following_text(lines, i);
        let line = &text[span.0..span.1];
        let body = (span.0 + (line.len() - line.trim_start().len()), span.1);
        self.shift = None;
        let consumed = self.branch_line(depth, body, span, &next, diags);
        if self.unmarked == Some(depth) {
            self.shift = Some((1, depth + 1));
        }
        consumed
    }

    /// An arm's line (at line `self.at`): the lines its label ran on.
    fn arm_line(
        &mut self,
        depth: usize,
        body: Range,
        span: Range,
        diags: &mut Diagnostics,
    ) -> usize {
        let (text, lines, i) = (self.text, self.lines, self.at);
        let next = following_text(lines, i);
        self.alone = alone(text, lines, i, depth);
        if self.unmarked.is_some_and(|d| depth <= d)
            && self.kind_at(depth) == Some(glance(&text[body.0..]))
        {
            // An arm that fits a block of its kind at the depth it is
            // written: only the bands lost their marks, and the arms from
            // here are read as written.
            self.unmarked = None;
            self.shift = None;
        }
        self.branch_line(depth, body, span, &next, diags)
    }
    fn text_line(&mut self, line: Range, at: At, diags: &mut Diagnostics) {
        let (ctx, text) = (self.ctx, self.text);
        if let Some(mut s) = scan(ctx, text, line.0, line.1, true) {
            let caps = shouted(text, s.colon + 1, line.1);
            if (caps || !at.fresh) && names_nothing(ctx, text, &s) && (caps || self.in_quotation())
            {
                // `"WHOEVER ENTERS HERE SHALL` / `LEAVE POORER: THE DEAD
                // ...`: a quotation in capitals wrapped onto this line;
                // `BEWARE, TRAVELLER: THE SAND REMEMBERS ...`: an
                // inscription or a shout, its text in capitals too.
                let deepest = *self.open.last().expect("an open node");
                self.nodes[deepest].text.push(text, line);
                return;
            }
            note_after_colon(ctx, text, &mut s, line.1, diags);
            let labels = lower_labels(ctx, text, &s.items, false, diags);
            self.section(
                Head {
                    label: s.label,
                    guard: Guard::Section(labels),
                    text: s.colon + 1,
                    lines: 0,
                },
                line,
            );
            self.resume = s.colon + 1;
            return;
        }
        let near = near_heading(ctx, text, line, at);
        // `Luck: the one thing no captain can buy`: a heading in another
        // case, alone in a paragraph with no section before or after it, is
        // a line of prose (it could be no skill check: it has no NO SKILL).
        let near = near.filter(|h| !h.recover || at.after_sections || self.heading_follows());
        // `Abu Nasr: You fool! ...` on the line after a section's words: a
        // speaker inside the section; a heading that names nothing stands
        // after a blank line or an award code.
        let near = near.filter(|h| h.recover || self.after_break());
        if let Some(h) = near
            .or_else(|| colonless_heading(ctx, text, line, at))
            .or_else(|| dashed_heading(ctx, text, line, at))
            .or_else(|| separated_note(ctx, text, line, at))
        {
            diags.push(h.finding);
            if h.recover {
                let labels = lower_labels(ctx, text, &h.scan.items, true, diags);
                let head = Head {
                    label: h.scan.label,
                    guard: Guard::Section(labels),
                    text: h.scan.colon + 1,
                    lines: 0,
                };
                self.section(head, line);
                return;
            }
        }
        let deepest = *self.open.last().expect("an open node");
        let from = line.0.max(self.resume);
        if from == line.0 || from < line.1 {
            self.nodes[deepest].text.push(text, (from, line.1));
        }
    }

    /// Whether the text of the deepest open node so far leaves a quotation
    /// open (an odd number of `"`, or more `“` or `«` than `”` or `»`: the
    /// quotation marks of Spanish and French books). The count is
    /// carried from one call to the next on the same node (a node's pieces
    /// only grow at its end), so a node of many such lines is read once.
    fn in_quotation(&mut self) -> bool {
        let deepest = *self.open.last().expect("an open node");
        let (node, counted, mut straight, mut open) = self.quotes;
        let counted = if node == deepest { counted } else { 0 };
        if node != deepest {
            (straight, open) = (0, 0);
        }
        let mut to = counted;
        let pieces = &self.nodes[deepest].text.0;
        // The pieces are in the file's order: those counted are skipped at
        // once.
        for r in &pieces[pieces.partition_point(|r| r.1 <= counted)..] {
            let from = r.0.max(counted);
            for c in self.text[from..r.1].chars() {
                match c {
                    '"' => straight += 1,
                    '“' | '«' => open += 1,
                    '”' | '»' => open -= 1,
                    _ => {}
                }
            }
            to = r.1;
        }
        self.quotes = (deepest, to, straight, open);
        straight % 2 == 1 || open > 0
    }

    /// Whether the line before the current one (`self.at`) ends a section
    /// as a page does: a blank line, a header, or words that end with an
    /// award code (the paragraph's first line is after its header).
    fn after_break(&self) -> bool {
        let Some(prev) = self.at.checked_sub(2).map(|p| &self.lines[p]) else {
            return true;
        };
        match prev.kind {
            Line::Text | Line::Branch { .. } => self.text[prev.span.0..prev.span.1]
                .trim_end()
                .ends_with(']'),
            _ => true,
        }
    }

    /// Whether a line after the current one (`self.at`) in the paragraph is
    /// a section heading, in capitals or in another case.
    fn heading_follows(&self) -> bool {
        let (ctx, text) = (self.ctx, self.text);
        let mut fresh = true;
        for l in &self.lines[self.at..] {
            if matches!(l.kind, Line::Text) {
                let at = At {
                    fresh,
                    after_sections: false,
                    label: false,
                };
                if scan(ctx, text, l.span.0, l.span.1, true).is_some()
                    || near_heading(ctx, text, l.span, at).is_some_and(|h| h.recover)
                {
                    return true;
                }
            }
            fresh = ends_a_stretch(text, l);
        }
        false
    }

    /// A top-level section: an arm of the paragraph's own skill check.
    fn section(&mut self, head: Head, line: Range) {
        let node = self.new_node(head.text, line.1);
        let check = self.check.get_or_insert_with(|| BlockB::new(0));
        check.push(ArmB { head, line, node });
        self.open = vec![node];
        self.shift = None;
        self.unmarked = None;
    }

    fn new_node(&mut self, from: usize, to: usize) -> usize {
        let mut n = NodeB::default();
        if from <= to {
            n.text.0.push((from, to));
        }
        self.nodes.push(n);
        self.nodes.len() - 1
    }

    /// An arm line of `marks` depth; returns how many following lines its
    /// label took.
    fn branch_line(
        &mut self,
        marks: usize,
        body: Range,
        line: Range,
        next: &[Range],
        diags: &mut Diagnostics,
    ) -> usize {
        let (ctx, text) = (self.ctx, self.text);
        let mut depth = marks.min(MAX_DEPTH);
        if marks > MAX_DEPTH {
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    Span::new(ctx.file, line.0, body.0),
                    format!("{marks} `>` marks: blocks nest {MAX_DEPTH} deep at most"),
                )
                .label("too deep"),
            );
        }
        if let Some((written, read)) = self.shift {
            if depth >= written {
                depth = read + (depth - written);
            } else {
                self.shift = None;
            }
        }
        if depth > self.open.len() {
            let have = self.open.len();
            // The arms after it with as many marks (or more) are read the
            // same way, unreported: one slip, one finding.
            self.shift = Some((depth, have));
            let marks_span = Span::new(ctx.file, line.0, body.0);
            diags.push(
                Diagnostic::new("syntax-error", marks_span, format!("`{}` under no `{}`: the depth jumps", ">".repeat(depth), ">".repeat(depth - 1)))
                    .label(format!("read as `{}`", ">".repeat(have)))
                    .with_help(format!(
                        "an arm has one `>` more than the node it is in: `{}` here, or write the arm of depth {} above it first",
                        ">".repeat(have),
                        depth - 1
                    )),
            );
            depth = have;
        }
        let head = head(ctx, text, body, next, diags);
        let depth = self.settle(depth, &head, Span::new(ctx.file, line.0, body.0), diags);
        let consumed = head.lines;
        let end = if consumed > 0 {
            next[consumed - 1].1
        } else {
            line.1
        };
        let node = self.new_node(head.text, end);
        self.open.truncate(depth);
        let parent = self.open[depth - 1];
        let block = self.nodes[parent]
            .block
            .get_or_insert_with(|| BlockB::new(depth));
        block.push(ArmB { head, line, node });
        self.open.push(node);
        consumed
    }

    /// A text line that is a die band (`9+: ...`) or a condition's arm
    /// (`{else} Otherwise: ...`) without its `>`, where a block of that kind
    /// is open (or starts on the next line, or the next line is an arm one
    /// deeper than what is open, or, for a band, the text before it ends
    /// with a roll spec): the depth it is read at, the slip
    /// reported.
    fn lost_mark(
        &mut self,
        line: Range,
        next_arm: Option<(usize, Range)>,
        diags: &mut Diagnostics,
    ) -> Option<usize> {
        let t = self.text[line.0..line.1].trim_start();
        let kind = line_kind(t)?;
        // `{terrain = desert} (mandatory):` is a section, not a lost arm.
        if scan(self.ctx, self.text, line.0, line.1, true).is_some() {
            return None;
        }
        let deepest = (1..self.open.len())
            .rev()
            .find(|&d| self.kind_at(d) == Some(kind));
        if deepest.is_some() && deepest == self.unmarked && kind == BlockKind::Roll {
            return deepest; // the same slip as the block's first band
        }
        let mut unmarked = false;
        let depth = deepest
            .or_else(|| {
                let (d, body) = next_arm?;
                (d <= self.open.len() && line_kind(&self.text[body.0..body.1]) == Some(kind))
                    .then_some(d)
            })
            // The next arm is one deeper than anything open: this line is
            // the arm it is in (`{wounded} ...:` above `>> {crippled} ...:`).
            .or_else(|| {
                let (d, _) = next_arm?;
                (d == self.open.len() + 1).then_some(self.open.len())
            })
            .or_else(|| {
                unmarked = kind == BlockKind::Roll && self.ends_with_spec();
                unmarked.then_some(self.open.len())
            })?;
        let start = line.1 - t.len();
        let label = t.find(':').map_or(t, |c| &t[..c]);
        let marks = ">".repeat(depth);
        let help = if unmarked {
            self.unmarked = Some(depth);
            format!(
                "a roll's bands are arms, one `>` below the text that ends with its spec: write `{marks} {label}: ...`, and one more `>` on each arm after it in this section (they are read so)"
            )
        } else {
            format!(
                "write `{marks} {label}: ...`, as the other arms of the {}",
                kind.as_str()
            )
        };
        diags.push(
            Diagnostic::new(
                "syntax-error",
                Span::new(self.ctx.file, start, start + label.len()),
                format!(
                    "`{label}:` looks like a {} arm without its `{marks}`",
                    kind.as_str()
                ),
            )
            .label(format!("read as `{marks} {label}:`"))
            .with_help(help),
        );
        Some(depth)
    }

    /// Whether the deepest open node's text ends with a roll spec
    /// (`{2d6 + luck}`), so a band line after it starts the roll's block.
    fn ends_with_spec(&self) -> bool {
        let deepest = *self.open.last().expect("an open node");
        let Some(&(a, b)) = self.nodes[deepest].text.0.last() else {
            return false;
        };
        let t = self.text[a..b].trim_end();
        let Some(open) = t.rfind('{') else {
            return false;
        };
        let inner = t[open + 1..].trim_start();
        let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        t.ends_with('}')
            && inner[digits..].starts_with(['d', 'D'])
            && inner[digits + 1..].starts_with(|c: char| c.is_ascii_digit())
    }

    /// The kind of the block an arm of `depth` would join, if it has arms.
    fn kind_at(&self, depth: usize) -> Option<BlockKind> {
        let node = *self.open.get(depth.checked_sub(1)?)?;
        self.nodes[node].block.as_ref()?.kind()
    }

    /// One `>` too many or too few, told by the arm's kind: the arm goes
    /// where it fits (reported once, so the blocks keep their shape and
    /// nothing else is reported for the slip).
    fn settle(&self, depth: usize, head: &Head, marks: Span, diags: &mut Diagnostics) -> usize {
        let mine = guard_kind(&head.guard);
        let here = self.kind_at(depth);
        let Some(to) = self.better_depth(depth, head) else {
            return depth;
        };
        let (marks_now, marks_meant) = (">".repeat(depth), ">".repeat(to));
        let how = if to > depth {
            "one `>` too few"
        } else {
            "one `>` too many"
        };
        let belongs = match self.kind_at(to) {
            Some(k) if to > depth => {
                format!("the {} below is the block this arm belongs to", k.as_str())
            }
            Some(k) => format!("the {} above is the block this arm belongs to", k.as_str()),
            None => "the arm above is the node this arm's block is nested in".to_owned(),
        };
        let not_here = match here {
            Some(k) if k != mine => format!(", not the {} at this depth", k.as_str()),
            _ => String::new(),
        };
        diags.push(
            Diagnostic::new(
                "syntax-error",
                marks,
                format!("`{marks_now}`: {how} for this {} arm", mine.as_str()),
            )
            .label(format!("read as `{marks_meant}`"))
            .with_help(format!("write `{marks_meant}`: {belongs}{not_here}")),
        );
        to
    }

    /// Where an arm of `depth` marks fits better, if it does not fit there:
    /// - among arms of another kind: the block of its kind just below or
    ///   above; else, when the arm above has no block and its text is not
    ///   done (no award code), a new block in it;
    /// - starting a block of one arm in an arm that is done (its text ends
    ///   with its award code) of a block of the arm's own kind, where it
    ///   fits (a band that overlaps no band, a section that is not there
    ///   yet, a choice): that block. So is an `{else}` starting a block
    ///   after a condition. A block of two arms or more, and a condition
    ///   arm (a block of one condition is passed by when it does not hold),
    ///   are read as written: FORMAT.md lets any block nest in any node.
    fn better_depth(&self, depth: usize, head: &Head) -> Option<usize> {
        let mine = guard_kind(&head.guard);
        match self.kind_at(depth) {
            Some(k) if k != mine => [depth + 1, depth - 1]
                .into_iter()
                .find(|&d| {
                    d >= 1
                        && d != depth
                        && self.kind_at(d) == Some(mine)
                        && (mine != BlockKind::Roll
                            || self.fits(d, &head.guard) && self.later_bands_fit(d, &head.guard))
                })
                .or_else(|| {
                    let above = *self.open.get(depth)?;
                    (self.nodes[above].block.is_none() && !self.done(above)).then_some(depth + 1)
                }),
            None if depth >= 2 && self.kind_at(depth - 1) == Some(mine) => {
                let parent = self.open[depth - 1];
                let joins = head.guard == Guard::Else
                    || self.alone
                        && mine != BlockKind::Condition
                        && self.done(parent)
                        && self.fits(depth - 1, &head.guard);
                joins.then_some(depth - 1)
            }
            _ => None,
        }
    }

    /// Whether a node's text ends with its award code.
    fn done(&self, node: usize) -> bool {
        self.nodes[node]
            .text
            .0
            .iter()
            .rev()
            .map(|&(a, b)| self.text[a..b].trim_end())
            .find(|t| !t.is_empty())
            .is_some_and(|t| t.ends_with(']'))
    }

    /// Whether a band overlaps none of the bands written after it with
    /// `depth` marks in the same run of arms (a bounded look ahead).
    fn later_bands_fit(&self, depth: usize, guard: &Guard) -> bool {
        let Guard::Band(y) = guard else { return true };
        let (yl, yh) = (y.lo, y.hi.unwrap_or(u32::MAX));
        for l in self.lines[self.at.min(self.lines.len())..].iter().take(256) {
            match l.kind {
                Line::Branch { depth: d, body } if d == depth => {
                    let t = &self.text[body.0..body.1];
                    let label = t.find(':').map_or(t, |c| &t[..c]);
                    if let Some(Ok(x)) = crate::syntax::conditions::branch::parse_band(label) {
                        let (xl, xh) = (x.lo, x.hi.unwrap_or(u32::MAX));
                        if !(xh < yl || yh < xl) {
                            return false;
                        }
                    }
                }
                Line::Branch { depth: d, .. } if d < depth => return true,
                Line::Blank | Line::Header { .. } => return true,
                _ => {}
            }
        }
        true
    }

    /// Whether an arm could join the block an arm of `depth` would join:
    /// a band that overlaps none of its bands, a section whose names none
    /// of its sections has.
    fn fits(&self, depth: usize, guard: &Guard) -> bool {
        let Some(&node) = self.open.get(depth - 1) else {
            return false;
        };
        let Some(block) = &self.nodes[node].block else {
            return false;
        };
        block.arms.iter().all(|a| match (&a.head.guard, guard) {
            (Guard::Band(x), Guard::Band(y)) => {
                let (xl, xh) = (x.lo, x.hi.unwrap_or(u32::MAX));
                let (yl, yh) = (y.lo, y.hi.unwrap_or(u32::MAX));
                xh < yl || yh < xl
            }
            (Guard::Section(x), Guard::Section(y)) => {
                !x.iter().any(|l| y.iter().any(|m| l.kind == m.kind))
            }
            _ => true,
        })
    }

    fn finish(mut self, diags: &mut Diagnostics) -> ParagraphBody {
        let check = self.check.take();
        let intro = self.node(0, diags);
        let check = check.map(|b| self.block(b, None, diags));
        ParagraphBody::Result { intro, check }
    }

    /// Lower a node and, under it, its block.
    fn node(&mut self, i: usize, diags: &mut Diagnostics) -> Node {
        let pieces = std::mem::take(&mut self.nodes[i].text);
        let mut node = lower_text(self.ctx, self.text, &pieces.0, diags);
        if let Some(b) = self.nodes[i].block.take() {
            node.block = Some(Box::new(self.block(b, Some(&pieces), diags)));
        }
        node
    }

    /// Lower a block: its arms, its kind, and for a roll its spec (at the
    /// end of the text of the node it is in).
    fn block(&mut self, mut b: BlockB, above: Option<&Pieces>, diags: &mut Diagnostics) -> Block {
        let (ctx, text) = (self.ctx, self.text);
        let heads = b.arms.iter_mut().map(|a| (&mut a.head, a.line)).collect();
        crate::syntax::labels::arm::sections_in_any_case(ctx, text, heads, diags);
        // A lone arm with no label is already one `syntax-error` ("branch
        // has no label"): not a one-option choice besides.
        let unlabelled =
            b.arms.len() == 1 && crate::syntax::labels::arm::has_no_label(text, &b.arms[0].head);
        let mut arms = Vec::with_capacity(b.arms.len());
        let mut lines = Vec::with_capacity(b.arms.len());
        for a in b.arms {
            let mut node = self.node(a.node, diags);
            // The node's span is its own text, after the label; an arm with
            // no text of its own is its label line's end.
            let text_end = node.span.map_or(a.line.1, |s| s.end as usize).max(a.line.1);
            let text_start = node
                .span
                .map_or(a.head.text.min(text_end), |s| s.start as usize);
            node.span = Some(Span::new(ctx.file, text_start, text_end));
            let label = &text[a.head.label.0..a.head.label.1];
            arms.push(Arm {
                label: Spanned::new(
                    fold_lines(label),
                    Span::new(ctx.file, a.head.label.0, a.head.label.1),
                ),
                guard: a.head.guard,
                node,
            });
            lines.push(a.line);
        }
        let last = arms.last().and_then(|a| a.node.span).expect("set above");
        let span = Span::new(ctx.file, lines[0].0, last.end as usize);
        crate::syntax::tree::checks::else_in_choice(&mut arms, diags);
        let kind = kind_of(&arms, span, diags);
        crate::syntax::tree::checks::else_last(ctx, &arms, span, diags);
        if kind == BlockKind::Choice && arms.len() == 1 && !unlabelled {
            diags.push(crate::syntax::tree::checks::single_choice(
                ctx, text, &arms[0], above,
            ));
        }
        let roll = (kind == BlockKind::Roll).then(|| {
            let bands: Vec<Band> = arms
                .iter()
                .filter_map(|a| match a.guard {
                    Guard::Band(band) => Some(band),
                    _ => None,
                })
                .collect();
            above
                .and_then(|p| find_roll_spec(ctx, text, &p.0, diags))
                .unwrap_or_else(|| default_roll(&bands))
        });
        arms.shrink_to_fit();
        Block {
            kind,
            roll,
            arms,
            span,
            depth: u8::try_from(b.depth).unwrap_or(u8::MAX),
        }
    }
}

/// A label that ran onto more lines, as one line.
fn fold_lines(label: &str) -> String {
    crate::text::fold_space(label).into_owned()
}
