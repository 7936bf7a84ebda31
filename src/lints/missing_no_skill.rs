//! `missing-no-skill`: a paragraph with sections has exactly one NO SKILL.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Book, ParagraphBody};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    for p in &book.paragraphs {
        let ParagraphBody::Result { sections, .. } = &p.body else {
            continue;
        };
        if sections.is_empty() {
            continue;
        }
        let no_skill: Vec<_> = sections.iter().filter(|s| s.is_no_skill()).collect();
        let keyword = &book.manifest.locale.no_skill;
        match no_skill.len() {
            1 => {}
            0 => out.push(
                Diagnostic::new("missing-no-skill", p.header, format!("paragraph {} has sections but no {keyword} section", p.number))
                    .label("no fallback section")
                    .with_help(format!("add a `{keyword}:` section: a reader with none of the skills needs somewhere to go")),
            ),
            _ => {
                let mut d = Diagnostic::new("missing-no-skill", no_skill[1].span, format!("paragraph {} has {} {keyword} sections", p.number, no_skill.len()))
                    .label(format!("another {keyword}"))
                    .with_help(format!("keep one `{keyword}:` section and merge the others into it"));
                d = d.with_secondary(no_skill[0].span, "first one");
                out.push(d);
            }
        }
    }
}
