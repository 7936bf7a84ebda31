//! `goto-loop`: paragraphs whose own award codes (outside any section or
//! branch, so given to every reader) send the reader round in a circle, and
//! chart entries that send the reader back to their own chart. `tales play`
//! would go round until its loop guard stops it.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Book, ChartTarget, Effect, ParagraphBody, Target};
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    // Paragraph -> the paragraphs its intro's awards send every reader to.
    let mut forced: HashMap<u32, Vec<(u32, Span)>> = HashMap::default();
    for p in &book.paragraphs {
        match &p.body {
            ParagraphBody::Result { intro, .. } => {
                let to: Vec<(u32, Span)> = intro
                    .awards
                    .iter()
                    .flat_map(|a| &a.items)
                    .filter_map(|i| match i.effect {
                        Effect::Goto(Target::Paragraph(n)) => Some((n, i.span)),
                        _ => None,
                    })
                    .collect();
                if !to.is_empty() {
                    forced.insert(p.number, to);
                }
            }
            ParagraphBody::Chart(c) => {
                for e in &c.entries {
                    if let ChartTarget::Paragraph(r) = &e.target
                        && r.target == Target::Paragraph(p.number)
                    {
                        out.push(
                                Diagnostic::new("goto-loop", r.span, format!("this entry sends the reader back to chart {}", p.number))
                                    .label("its own chart")
                                    .with_help("point the entry at a paragraph or a matrix row; a roll of it would be rolled again"),
                            );
                    }
                }
            }
        }
    }
    cycles(&forced, out);
}

/// Each cycle of forced moves, once, at the move that closes it.
fn cycles(forced: &HashMap<u32, Vec<(u32, Span)>>, out: &mut Diagnostics) {
    // 0: not seen, 1: on the current path, 2: done.
    let mut state: HashMap<u32, u8> = HashMap::default();
    let mut starts: Vec<u32> = forced.keys().copied().collect();
    starts.sort_unstable();
    for start in starts {
        if state.get(&start).copied().unwrap_or(0) != 0 {
            continue;
        }
        // Iterative DFS: (paragraph, next edge to try).
        let mut stack: Vec<(u32, usize)> = vec![(start, 0)];
        let mut path: Vec<u32> = vec![start];
        state.insert(start, 1);
        while let Some(&mut (n, ref mut k)) = stack.last_mut() {
            let edges = forced.get(&n).map_or(&[][..], Vec::as_slice);
            if let Some(&(to, span)) = edges.get(*k) {
                *k += 1;
                match state.get(&to).copied().unwrap_or(0) {
                    0 => {
                        state.insert(to, 1);
                        stack.push((to, 0));
                        path.push(to);
                    }
                    1 => {
                        let from = path.iter().position(|&p| p == to).unwrap_or(0);
                        let circle: Vec<String> = path[from..]
                            .iter()
                            .chain([&to])
                            .map(u32::to_string)
                            .collect();
                        out.push(
                            Diagnostic::new("goto-loop", span, format!("every reader goes round {} for ever", circle.join(" → ")))
                                .label("closes the circle")
                                .with_help("these award codes stand outside any section or branch, so every reader follows them; move one into a section or branch, or point it elsewhere"),
                        );
                    }
                    _ => {}
                }
            } else {
                state.insert(n, 2);
                stack.pop();
                path.pop();
            }
        }
    }
}
