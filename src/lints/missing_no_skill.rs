//! `missing-no-skill`: every skill check, at every depth, has exactly one
//! NO SKILL section.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::graph::BookGraph;
use crate::ir::{Block, BlockKind, Book, Paragraph};

pub(super) fn check(book: &Book, _: &BookGraph, out: &mut Diagnostics) {
    let keyword = &book.manifest.locale.no_skill;
    for p in &book.paragraphs {
        for b in p.blocks().filter(|b| b.kind == BlockKind::SkillCheck) {
            check_block(p, b, keyword, out);
        }
    }
}

fn check_block(p: &Paragraph, b: &Block, keyword: &str, out: &mut Diagnostics) {
    let no_skill: Vec<_> = b.arms.iter().filter(|a| a.is_no_skill()).collect();
    let marks = ">".repeat(usize::from(b.depth));
    let prefix = if b.depth == 0 {
        String::new()
    } else {
        format!("{marks} ")
    };
    // A heading that could not be read (`SIN HABILIDAD O CORTESÍA:`,
    // `NINGUNA HABILIDAD:`) is its own `unknown-name`, and may be the
    // section this one would miss: one finding, at the heading.
    let unread_no_skill = b
        .arms
        .iter()
        .flat_map(crate::ir::Arm::labels)
        .any(|l| matches!(&l.kind, crate::ir::LabelKind::Unknown(_)));
    match no_skill.len() {
        1 => {}
        0 if unread_no_skill => {}
        0 => {
            let (span, what) = if b.depth == 0 {
                (
                    p.header,
                    format!(
                        "paragraph {} has sections but no {keyword} section",
                        p.number
                    ),
                )
            } else {
                (
                    b.arms[0].label.span,
                    format!(
                        "a skill check in paragraph {} has no `{prefix}{keyword}` section",
                        p.number
                    ),
                )
            };
            out.push(
                Diagnostic::new("missing-no-skill", span, what)
                    .label("no fallback section")
                    .with_help(format!("add a `{prefix}{keyword}:` section: a reader with none of the skills needs somewhere to go")),
            );
        }
        _ => out.push(
            Diagnostic::new(
                "missing-no-skill",
                no_skill[1].label.span,
                format!(
                    "paragraph {} has {} {keyword} sections in one skill check",
                    p.number,
                    no_skill.len()
                ),
            )
            .label(format!("another {keyword}"))
            .with_secondary(no_skill[0].label.span, "first one")
            .with_help(format!(
                "keep one `{keyword}:` section and merge the others into it"
            )),
        ),
    }
}
