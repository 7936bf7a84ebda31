//! A translation's glossary `rules:` (FORMAT.md 9.2, docs/translations.md,
//! "Rules"). Rules are data, not words: an entry of a translation that says
//! no `rules:` takes its source's, the names in them (reactions, matrix
//! rows, board spaces) mapped through the pairing (the same position in the
//! translation's matrix or board). An entry that says `rules:` must say the
//! source's: one `l10n-glossary-mismatch` at its rules when they differ.

use crate::diagnostic::Diagnostic;
use crate::ir::rules::{Meet, Rule, RuleKind};
use crate::ir::{Book, Reference, Target};
use crate::span::Spanned;

const GLOSSARY: &str = "l10n-glossary-mismatch";

/// The source's rules of every entry the translation gives none, mapped
/// into the translation's names (spans moved `offset` files on: the
/// source's files as the translation adopted them).
pub(super) fn inherit(source: &Book, translation: &mut Book, offset: u32) {
    let mapped: Vec<(usize, Vec<Rule>)> = translation
        .glossary
        .entries
        .iter()
        .enumerate()
        .filter(|(_, te)| te.rules.is_empty())
        .filter_map(|(i, te)| {
            let e = source.glossary.by_id(&te.id.value)?;
            (e.kind == te.kind && !e.rules.is_empty())
                .then(|| (i, mapped(source, translation, &e.rules, offset)))
        })
        .collect();
    for (i, rules) in mapped {
        translation.glossary.entries[i].rules = rules;
    }
}

/// The source's rules, names mapped into the translation's.
fn mapped(s: &Book, t: &Book, rules: &[Rule], offset: u32) -> Vec<Rule> {
    let shift = |mut span: crate::span::Span| {
        span.file.0 += offset;
        span
    };
    rules
        .iter()
        .map(|r| {
            let mut kind = r.kind.clone();
            match &mut kind {
                RuleKind::MustReact(name) | RuleKind::CannotReact { reaction: name, .. } => {
                    reaction(s, t, name);
                }
                RuleKind::EncounterOnRoll { bands, .. } => {
                    for (_, _, meet) in bands {
                        match meet {
                            Meet::At(r) => row(s, t, r),
                            Meet::BySex { female, male } => {
                                row(s, t, female);
                                row(s, t, male);
                            }
                        }
                    }
                }
                RuleKind::Journey { to, .. } => space(s, t, to),
                _ => {}
            }
            Rule {
                kind,
                span: shift(r.span),
            }
        })
        .collect()
}

/// A reaction's name: the translation's at the same place in the same
/// matrix.
fn reaction(s: &Book, t: &Book, name: &mut Spanned<String>) {
    for m in &s.matrices {
        let Some(i) = m
            .reactions
            .iter()
            .position(|r| r.value.eq_ignore_ascii_case(&name.value))
        else {
            continue;
        };
        if let Some(r) = t.matrix(&m.letter.value).and_then(|tm| tm.reactions.get(i)) {
            name.value.clone_from(&r.value);
            return;
        }
    }
}

/// A matrix row's name (`@B:Greedy`): the translation's row at the same
/// place.
fn row(s: &Book, t: &Book, r: &mut Reference) {
    let Target::Row { matrix, row } = &mut r.target else {
        return;
    };
    let at = s.matrix(matrix).and_then(|m| m.row(row)).map(|(i, _)| i);
    if let Some(tr) = at.and_then(|i| t.matrix(matrix)?.rows.get(i)) {
        row.clone_from(&tr.name.value);
    }
}

/// A board space's name: the translation's space at the same place.
fn space(s: &Book, t: &Book, name: &mut Spanned<String>) {
    let (Some(sb), Some(tb)) = (&s.board, &t.board) else {
        return;
    };
    if let Some(ts) = sb.position(&name.value).and_then(|i| tb.spaces.get(i)) {
        name.value.clone_from(&ts.name.value);
    }
}

/// The rules without where they were read: two books' rules compared.
fn unspanned(rules: &[Rule]) -> String {
    let text = format!("{:?}", rules.iter().map(|r| &r.kind).collect::<Vec<_>>());
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("Span { ") {
        out.push_str(&rest[..at]);
        out.push('_');
        rest = rest[at..].find('}').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    out
}

impl super::Compare<'_> {
    /// A translation's entry whose `rules:` say other than the source's
    /// (mapped into the translation's names): one finding, at its rules.
    pub(super) fn rules(&mut self) {
        let (s, t) = (self.s, self.t);
        for te in &t.glossary.entries {
            let Some(e) = s.glossary.by_id(&te.id.value).filter(|e| e.kind == te.kind) else {
                continue;
            };
            let Some(first) = te.rules.first() else {
                continue;
            };
            if unspanned(&te.rules) == unspanned(&mapped(s, t, &e.rules, 0)) {
                continue;
            }
            let span = te.rules.iter().fold(first.span, |a, r| a.to(r.span));
            let d = Diagnostic::new(
                GLOSSARY,
                span,
                format!("the rules of `{}` differ from the source's", te.id.value),
            )
            .label("different rules")
            .with_secondary(self.src(e.id.span), "in the source")
            .with_help("rules are data, not words: remove `rules:` to take the source's, or write the source's");
            self.push(d);
        }
    }
}
