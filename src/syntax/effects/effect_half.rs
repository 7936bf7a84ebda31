//! An effect of FORMAT.md section 9.3 written only up to its first blank
//! (`Have another player move you`, `Opportunity to enter`): one
//! `syntax-error` that shows the form whole, instead of free text.

use crate::diagnostic::Diagnostic;
use crate::effect_words::{EffectWords, fill, first};
use crate::syntax::context::Context;
use crate::syntax::effects::piece::Piece;
use crate::text::eq_ci;

/// The finding for `p` when it is the words of a form before its first
/// slot, and nothing after them.
pub(super) fn half(ctx: &Context, w: &EffectWords, p: Piece) -> Option<Diagnostic> {
    let text = p.text.trim().trim_end_matches(':').trim_end();
    let forms = [
        &w.r#move,
        &w.move_other,
        &w.place_other,
        &w.opportunity,
        &w.destination,
        &w.destination_other,
        &w.encounter_now,
        &w.encounter_next,
        &w.roll,
    ];
    let pattern = forms.iter().flat_map(|f| f.iter()).find(|pat| {
        let head = pat.split('{').next().unwrap_or("");
        let head = head.trim_end().trim_end_matches(':').trim_end();
        !head.is_empty() && pat.contains('{') && eq_ci(head, text)
    })?;
    // `Travel` may be a skill's name: a name is no half of anything.
    if ctx.glossary.resolve_name(text).is_some() {
        return None;
    }
    let form = forms
        .iter()
        .find(|f| f.contains(pattern))
        .map_or("", |f| first(f));
    Some(
        Diagnostic::new(
            "syntax-error",
            p.span(ctx),
            format!("`{text}` stops before it says what it does"),
        )
        .label("half an effect")
        .with_help(format!(
            "write the effect whole, e.g. `{}`",
            example(ctx, w, form)
        )),
    )
}

/// A form with every blank filled by an example in the book's words.
fn example(ctx: &Context, w: &EffectWords, form: &str) -> String {
    let city = fill(first(&w.any), &[("area", first(&w.area_city))]);
    let to = fill(first(&w.to), &[("where", &city)]);
    let faces = format!("1 {} 2", ctx.locale.or);
    let destiny = format!("{}1", ctx.locale.destiny);
    let row = ctx
        .matrices
        .first()
        .and_then(|m| Some((m.letter.value.clone(), m.rows.first()?.name.value.clone())));
    let (matrix, row) = row.unwrap_or_else(|| ("A".to_owned(), "ROW".to_owned()));
    let place = ctx.world.places.first().map_or_else(
        || "PLACE".to_owned(),
        |p| p.name.as_ref().map_or(&p.id.value, |n| &n.value).clone(),
    );
    fill(
        form,
        &[
            ("way", &to),
            ("where", &city),
            ("place", &place),
            ("row", &row),
            ("matrix", &matrix),
            ("faces", &faces),
            ("items", &destiny),
        ],
    )
}
