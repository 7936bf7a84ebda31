//! A translator's glossary slip: `piety: Fe` where the book writes
//! `PIEDAD` for it. The translation cannot read `PIEDAD` (an unknown
//! heading each); where the source names `piety` there, the comparison
//! found the name the entry was renamed from. When every such place
//! writes the same name, at two places or more, and no heading writes the
//! entry's name where the source names it, the glossary entry is the
//! cause: one `l10n-glossary-mismatch` at its name, which
//! `check::lost_names` says the places in. Otherwise each heading is its
//! own slip, the translation's `unknown-name`.

use super::Compare;
use crate::diagnostic::Diagnostic;
use crate::ir::glossary_normalize;
use std::collections::{HashMap, HashSet};

impl Compare<'_> {
    /// The entries renamed in the translation's glossary, each one
    /// finding at its name; the places of any other entry are not said.
    pub(super) fn renamed(&mut self) {
        // The names written where the source names an entry that still
        // has its name, by entry: one name, or `None` for several.
        let mut written: HashMap<String, (Option<String>, usize)> = HashMap::new();
        for d in &self.out {
            let Some(id) = self.found_for(d) else {
                continue;
            };
            let name = glossary_normalize(self.t_text(d.primary.span).trim_matches('*'));
            let (one, n) = written
                .entry(id.to_owned())
                .or_insert((Some(name.clone()), 0));
            if one.as_deref() != Some(name.as_str()) {
                *one = None;
            }
            *n += 1;
        }
        let named = self
            .named
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        let renamed: HashSet<String> = written
            .into_iter()
            .filter(|(id, (one, n))| one.is_some() && *n > 1 && !named.contains(id))
            .map(|(id, _)| id)
            .collect();
        let t = self.t;
        self.out.retain(|d| match d.entry.as_deref() {
            Some(id) if d.code == "duplicate-name" => {
                self.nameless.contains(id) || renamed.contains(id)
            }
            _ => true,
        });
        for id in &renamed {
            let Some(e) = t.glossary.by_id(id) else {
                continue;
            };
            let d = Diagnostic::new(
                "l10n-glossary-mismatch",
                e.name.span,
                format!(
                    "`{id}` is named `{}` here, a name the book does not write for it",
                    e.name.value
                ),
            )
            .label(format!("`{id}` renamed here"))
            .about_entry(id);
            self.out.push(d);
        }
    }

    /// The entry a finding of the comparison is the name written for,
    /// where the entry did not lose its name (see [`super::lost_name`]).
    fn found_for<'d>(&self, d: &'d Diagnostic) -> Option<&'d str> {
        let id = d.entry.as_deref()?;
        (d.code == "duplicate-name" && !self.nameless.contains(id)).then_some(id)
    }
}
