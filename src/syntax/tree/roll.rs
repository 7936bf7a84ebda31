//! A die-roll block's roll: the `{2d6 + ...}` written before it (or in
//! parentheses, read as meant), or one die or two by its bands.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Band, RollSpec};
use crate::span::Span;
use crate::syntax::blocks::pieces::Joined;
use crate::syntax::context::Context;
use crate::syntax::context::Range;

/// Without a roll spec: one die when no band goes past 6, else two.
pub(super) fn default_roll(bands: &[Band]) -> RollSpec {
    let past_six = bands
        .iter()
        .any(|b| b.lo > 6 || b.hi.is_some_and(|h| h > 6));
    RollSpec::plain(if past_six { 2 } else { 1 }, 6)
}

/// A `{2d6 + ...}` at the end of the text before a die-roll block.
pub(super) fn find_roll_spec(
    ctx: &Context,
    text: &str,
    pieces: &[Range],
    diags: &mut Diagnostics,
) -> Option<RollSpec> {
    use crate::syntax::conditions::condition::{looks_like_spec, malformed_spec, roll_spec};
    let joined = Joined::new(text, pieces);
    let t = joined.text.as_ref();
    if let Some(open) = t.rfind('{') {
        let start = joined.to_file(open);
        if let Some((spec, _)) = roll_spec(ctx, &t[open..], start, diags) {
            return Some(spec);
        }
        // (One never closed is `unbalanced-bracket`'s.)
        if looks_like_spec(&t[open + 1..]) && t[open..].contains('}') {
            diags.push(malformed_spec(ctx, &t[open..], start));
        }
        return None;
    }
    // `(2d6 + luck)`: a spec in parentheses, read as meant.
    let open = t.rfind('(')?;
    let close = open + t[open..].find(')')?;
    if !looks_like_spec(&t[open + 1..]) {
        return None;
    }
    let braced = format!("{{{}}}", &t[open + 1..close]);
    let start = joined.to_file(open);
    let mut quiet = Vec::new();
    let (spec, _) = roll_spec(ctx, &braced, start, &mut quiet)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, start, start + braced.len()),
            "a roll spec in parentheses",
        )
        .label(format!("read as `{braced}`"))
        .with_help(format!("a roll spec is written in braces: `{braced}`")),
    );
    diags.append(&mut quiet);
    Some(spec)
}
