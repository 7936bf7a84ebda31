//! A block's kind: told from the start of a line (a band, a condition),
//! from its arms' guards, and one kind per block (an arm of another kind
//! reported once).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Arm, BlockKind, Guard};
use crate::span::Span;

/// A line's start as an arm of a die roll (`2-7:`, `❖ 8+:`) or of a
/// condition (`{wounded} ...:`, `{else} ...:`), if it is one.
pub(super) fn line_kind(t: &str) -> Option<BlockKind> {
    // Every text line is asked: only a band (a digit or `❖`, after
    // spaces) or a condition (`{`) can be one, so most prose is told by
    // its first character, before its colon is looked for. A property
    // test holds this to reading every line whole (`line_kind_whole`).
    let first = t.trim_start().chars().next()?;
    if !(first.is_ascii_digit() || first == '❖' || first == '{') {
        return None;
    }
    line_kind_whole(t)
}

/// [`line_kind`] without its first look.
fn line_kind_whole(t: &str) -> Option<BlockKind> {
    let colon = memchr::memchr(b':', t.as_bytes())?;
    let label = &t[..colon];
    if matches!(
        crate::syntax::conditions::branch::parse_band(label),
        Some(Ok(_))
    ) {
        return Some(BlockKind::Roll);
    }
    let close = label.find('}')?;
    (label.starts_with('{') && close > 1).then_some(BlockKind::Condition)
}

/// The kind an arm's guard makes its block.
pub(super) fn guard_kind(g: &Guard) -> BlockKind {
    match g {
        Guard::None | Guard::Option(_) => BlockKind::Choice,
        Guard::Condition(_) | Guard::Else => BlockKind::Condition,
        Guard::Band(_) => BlockKind::Roll,
        Guard::Section(_) => BlockKind::SkillCheck,
    }
}

/// A block's kind: its first arm's, or a condition when an arm is
/// `{else}`.
fn block_kind<'g>(mut guards: impl Iterator<Item = &'g Guard>) -> Option<BlockKind> {
    let first = guard_kind(guards.next()?);
    if first != BlockKind::Condition && guards.any(|g| *g == Guard::Else) {
        return Some(BlockKind::Condition);
    }
    Some(first)
}

/// One kind per block: the kind of its first arm; arms of another kind are
/// reported, once a block, at the first of them.
pub(super) fn kind_of(arms: &[Arm], span: Span, diags: &mut Diagnostics) -> BlockKind {
    let kind_of_arm = |a: &Arm| guard_kind(&a.guard);
    // An `{else}` makes a condition, whatever the first arm is.
    let kind = block_kind(arms.iter().map(|a| &a.guard)).unwrap_or(BlockKind::Choice);
    let first = arms
        .iter()
        .find(|a| kind_of_arm(a) == kind)
        .unwrap_or(&arms[0]);
    if let Some(other) = arms.iter().find(|a| kind_of_arm(a) != kind) {
        let theirs = kind_of_arm(other);
        diags.push(
            Diagnostic::new(
                "syntax-error",
                other.label.span,
                format!("a {} arm in a {} block", theirs.as_str(), kind.as_str()),
            )
            .label(format!("a {}", theirs.as_str()))
            .with_secondary(first.label.span, format!("this block is a {}", kind.as_str()))
            .with_help(if kind == BlockKind::Condition && theirs == BlockKind::Choice {
                "a condition's arm starts with its condition in braces (`> {wounded} If you are Wounded: ...`); a choice inside an arm takes one more `>`".to_owned()
            } else {
                format!(
                    "one kind per block: give this arm one more `>` to nest it in the arm above (a {} inside an arm is its own block), or give it a label of the block's kind",
                    theirs.as_str()
                )
            })
            .needs(crate::diagnostic::Needs::NOTHING),
        );
        let _ = span;
    }
    kind
}

#[cfg(test)]
mod line_kinds {
    use super::{line_kind, line_kind_whole};
    use proptest::prelude::*;

    #[test]
    fn bands_and_conditions_are_told_and_prose_is_not() {
        use crate::ir::BlockKind;
        for (line, kind) in [
            ("2-7: You run.", Some(BlockKind::Roll)),
            ("  ❖ 8+: You win.", Some(BlockKind::Roll)),
            (
                "{wounded} If you are hurt: rest.",
                Some(BlockKind::Condition),
            ),
            ("You walk: slowly.", None),
            (" {} : nothing", None),
            ("", None),
        ] {
            assert_eq!(line_kind(line), kind, "{line}");
            assert_eq!(line_kind_whole(line), kind, "{line}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn the_first_look_changes_nothing(line in r"( |\t|\u{a0}|1|12|-|–|\+|❖|:|\{|\}|\{x\}|else|A|é|,){0,12}") {
            prop_assert_eq!(line_kind(&line), line_kind_whole(&line), "{:?}", line);
        }

        #[test]
        fn any_text_is_told_as_before(line in "\\PC{0,40}") {
            prop_assert_eq!(line_kind(&line), line_kind_whole(&line), "{:?}", line);
        }
    }
}
