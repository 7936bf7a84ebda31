//! A glossary name misspelt in glossary.yaml (`seamanship: Seamenship`)
//! while the paragraphs write it right: each `SEAMANSHIP:` and `[Master
//! Seamanship]` reads as the id written for the name, one finding each.
//! When two or more such findings are about one entry whose name is a few
//! letters from its id, the name is the mistake: one finding, on it.

use crate::diagnostic::{Diagnostic, Diagnostics, Label, Needs};
use crate::ir::Book;
use crate::text::{edit_distance, fold};
use std::collections::HashMap;

/// The places a folded finding shows as labels at most.
const MAX_LABELS: usize = 8;

pub(super) fn fold_into_the_glossary(book: &Book, diags: &mut Diagnostics) {
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, d) in diags.iter().enumerate() {
        if let Some(id) = &d.entry {
            groups.entry(id.as_str()).or_default().push(i);
        }
    }
    let mut folded = Vec::new();
    let mut gone = vec![false; diags.len()];
    for (id, members) in groups {
        let Some(e) = book.glossary.by_id(id).filter(|_| members.len() > 1) else {
            continue;
        };
        let meant = id.replace('-', " ");
        let distance = edit_distance(&fold(&e.name.value), &fold(&meant));
        if distance == 0 || distance > 2 {
            continue;
        }
        let spans: Vec<_> = members.iter().map(|&i| diags[i].primary.span).collect();
        let written = spans
            .iter()
            .map(|&s| book.sources.slice(s).trim())
            .find(|w| w.chars().any(char::is_lowercase))
            .map_or_else(|| title_case(&meant), str::to_owned);
        let name = &e.name.value;
        let mut d = Diagnostic::new(
            "unknown-name",
            e.name.span,
            format!(
                "glossary name `{name}` looks like a typo for `{written}`: {} places in the book write `{written}`",
                spans.len()
            ),
        )
        .label(format!("probably `{written}`"))
        .with_help(format!(
            "rename it `{written}`, as its id `{id}` says; the book is read so meanwhile"
        ))
        .needs(Needs::GLOSSARY);
        d.secondary = spans
            .iter()
            .take(MAX_LABELS)
            .map(|&span| Label {
                span,
                text: format!("writes `{written}`"),
            })
            .collect();
        for &i in &members {
            gone[i] = true;
        }
        folded.push(d);
    }
    if folded.is_empty() {
        return;
    }
    let mut i = 0;
    diags.retain(|_| {
        i += 1;
        !gone[i - 1]
    });
    diags.extend(folded);
}

/// `quick thinking` as `Quick Thinking`.
fn title_case(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}
