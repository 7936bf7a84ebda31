//! An award item one misspelt word away from a form of FORMAT.md 9.3
//! (`Lose all statusses`, `Move thre spaces by sea`, `Place your
//! Destinaton marker in Qalat`): one `unknown-name` at the word, with the
//! form's word, and the item read as that form, instead of silent free
//! text. The word is told by the locale's own patterns, and the fix is
//! kept only when the item then reads as a form with no finding at all.

use crate::diagnostic::{Diagnostic, Diagnostics, Needs};
use crate::ir::Effect;
use crate::span::Span;
use crate::syntax::context::Context;
use crate::syntax::effects::piece::ReadItems;
use crate::text::{fold, near};

/// Items longer than this (bytes) or with more words are not tried: the
/// cost stays a few readings of a short item, whatever the input.
const MAX_BYTES: usize = 200;
const MAX_WORDS: usize = 16;

/// The form `text` means when one of its words is a near miss of a word of
/// the locale's effect patterns, with its finding pushed.
pub(crate) fn near_form(
    ctx: &Context,
    text: &str,
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    if text.len() > MAX_BYTES {
        return None;
    }
    let vocabulary = ctx.locale.effect_vocabulary();
    let vocab = vocabulary.words();
    let words = runs(text);
    if vocab.is_empty() || words.len() > MAX_WORDS {
        return None;
    }
    if let Some(e) = doubled(ctx, text, &words, span, read, diags) {
        return Some(e);
    }
    for (at, word) in words {
        let folded = fold(word);
        if word.chars().count() < 3 || vocab.binary_search(&folded).is_ok() {
            continue;
        }
        for fix in candidates(vocabulary, &folded) {
            let fix = same_case(word, fix);
            let fixed = format!("{}{fix}{}", &text[..at], &text[at + word.len()..]);
            let mut scratch = Diagnostics::new();
            let e = super::effect::typed(ctx, &fixed, span, read, &mut scratch);
            if let Some(e) = e.filter(|e| !matches!(e, Effect::FreeText(_)))
                && scratch.is_empty()
            {
                diags.push(finding(word, &fix, &fixed, span));
                return Some(e);
            }
        }
    }
    None
}

/// `Choice of W+1 or or Treasure`, `Move to to Bantu`: a word written
/// twice in a row, the item a form once one of them is gone.
fn doubled(
    ctx: &Context,
    text: &str,
    words: &[(usize, &str)],
    span: Span,
    read: ReadItems,
    diags: &mut Diagnostics,
) -> Option<Effect> {
    for pair in words.windows(2) {
        let ((a, first), (b, second)) = (pair[0], pair[1]);
        let between = &text[a + first.len()..b];
        if !first.eq_ignore_ascii_case(second) || !between.trim().is_empty() {
            continue;
        }
        let fixed = format!("{}{}", &text[..a], &text[b..]);
        let mut scratch = Diagnostics::new();
        let e = super::effect::typed(ctx, &fixed, span, read, &mut scratch);
        if let Some(e) = e.filter(|e| !matches!(e, Effect::FreeText(_)))
            && scratch.is_empty()
        {
            diags.push(
                Diagnostic::new("syntax-error", span, format!("`{first}` is written twice"))
                    .label(format!("read as `{fixed}`"))
                    .with_help(format!("write `{fixed}`")),
            );
            return Some(e);
        }
    }
    None
}

/// The alphabetic runs of `text`, with their byte offsets.
fn runs(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_alphabetic(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The pattern words nearest `word` (one edit for short words, as many as
/// [`crate::text::slack`] allows beyond), at most three.
fn candidates<'v>(
    vocabulary: &'v crate::effect_vocabulary::Vocabulary,
    word: &str,
) -> Vec<&'v str> {
    let vocab = vocabulary.words();
    let k = crate::text::slack(word.chars().count()).max(1);
    // Only the words that may be near, in the vocabulary's order.
    let mut found: Vec<(usize, &str)> = (vocabulary.near(word).into_iter())
        .map(|i| &vocab[i])
        .filter(|v| v.len().abs_diff(word.len()) <= k)
        .filter_map(|v| near(v, word, k).map(|d| (d, v.as_str())))
        .collect();
    found.sort_by_key(|(d, _)| *d);
    found.into_iter().take(3).map(|(_, v)| v).collect()
}

/// `fix` written with `word`'s capital, if it has one.
fn same_case(word: &str, fix: &str) -> String {
    let mut chars = fix.chars();
    match (word.starts_with(char::is_uppercase), chars.next()) {
        (true, Some(c)) => c.to_uppercase().chain(chars).collect(),
        _ => fix.to_owned(),
    }
}

fn finding(word: &str, fix: &str, fixed: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        "unknown-name",
        span,
        format!("`{word}` is no word of an effect"),
    )
    .label(format!("read as `{fixed}`"))
    .with_help(format!("did you mean `{fix}`? write `{fixed}`"))
    .needs(Needs::GLOSSARY.and(Needs::MANIFEST))
}
