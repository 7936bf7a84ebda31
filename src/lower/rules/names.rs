//! Names in rules: glossary entries of a kind, skills, what cannot be
//! gained, reactions.

use super::super::read;
use super::{Cx, bad};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::rules::{Barred, Skills};
use crate::ir::{EntryKind, Id};
use crate::span::Spanned;
use crate::syntax::yaml::{Node, Value};

impl Cx<'_> {
    pub(super) fn reaction(&self, v: &Node, diags: &mut Diagnostics) -> Option<Spanned<String>> {
        let r = read::string(v, "a reaction", diags)?;
        // Checked against the matrices' headers when the book has matrices
        // (a reference glossary alone has none).
        let mut known = self.book.matrices.iter().flat_map(|m| m.reactions.iter());
        if known.any(|k| crate::text::eq_ci(&k.value, &r.value)) {
            return Some(r);
        }
        if !self.book.matrices.is_empty() {
            diags.push(
                Diagnostic::new(
                    "unknown-name",
                    r.span,
                    format!("`{}` is no reaction of this book's matrices", r.value),
                )
                .label("unknown reaction")
                .with_help("write a reaction as the matrices' headers write it"),
            );
            return None;
        }
        Some(r)
    }

    /// One glossary name of these kinds.
    pub(super) fn one(&self, v: &Node, kinds: &[EntryKind], diags: &mut Diagnostics) -> Option<Id> {
        let s = read::string(v, "a glossary name", diags)?;
        let Some(e) = self.ctx.glossary.resolve(&s.value) else {
            let mut d = Diagnostic::new(
                "unknown-name",
                s.span,
                format!("`{}` is no name of the glossary", s.value),
            )
            .label("unknown name");
            if let Some(near) = self.ctx.suggest(&s.value) {
                d = d.with_help(format!("did you mean `{}`?", near.name.value));
            }
            diags.push(d);
            return None;
        };
        if !kinds.contains(&e.kind) {
            let want: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
            diags.push(bad(
                s.span,
                format!(
                    "`{}` is a {}, not a {}",
                    s.value,
                    e.kind.as_str(),
                    want.join(" or ")
                ),
                "name an entry of the kind this rule takes",
            ));
            return None;
        }
        Some(e.id.value)
    }

    /// One name or a list of names.
    pub(super) fn names(
        &self,
        v: &Node,
        kinds: &[EntryKind],
        diags: &mut Diagnostics,
    ) -> Option<Vec<Id>> {
        let nodes: Vec<&Node> = match &v.value {
            Value::Seq(s) => s.iter().collect(),
            _ => vec![v],
        };
        let mut out = Vec::with_capacity(nodes.len());
        let mut ok = true;
        for n in nodes {
            match self.one(n, kinds, diags) {
                Some(id) => out.push(id),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// `all`, or skill names.
    pub(super) fn skills(&self, v: &Node, diags: &mut Diagnostics) -> Option<Skills> {
        if matches!(&v.value, Value::Str(s) if s == "all") {
            return Some(Skills::All);
        }
        Some(Skills::These(self.names(v, &[EntryKind::Skill], diags)?))
    }

    /// Names of skills, statuses or treasures, and the words `skills` (every
    /// skill) and `wealth`.
    pub(super) fn barred(&self, v: &Node, diags: &mut Diagnostics) -> Option<Barred> {
        let nodes: Vec<&Node> = match &v.value {
            Value::Seq(s) => s.iter().collect(),
            _ => vec![v],
        };
        let mut b = Barred {
            skills: None,
            wealth: false,
            entries: Vec::new(),
        };
        let mut named = Vec::new();
        let all = [EntryKind::Skill, EntryKind::Status, EntryKind::Treasure];
        for n in nodes {
            match n.scalar().as_deref() {
                Some("skills") => b.skills = Some(Skills::All),
                Some("wealth") => b.wealth = true,
                _ => {
                    let id = self.one(n, &all, diags)?;
                    let is_skill = self
                        .book
                        .glossary
                        .by_id(&id)
                        .is_some_and(|e| e.kind == EntryKind::Skill);
                    if is_skill {
                        named.push(id);
                    } else {
                        b.entries.push(id);
                    }
                }
            }
        }
        if !named.is_empty() && b.skills.is_none() {
            b.skills = Some(Skills::These(named));
        }
        Some(b)
    }
}
