//! Two paragraphs' trees, compared node by node (FORMAT.md 2a): each node's
//! awards (by meaning), references and words; each block's kind, depth and
//! arms; each arm's condition, band or section names. A translation that
//! drops, flattens or reorders a nested arm is one finding, at that arm,
//! and what is under it is not compared again.

use super::paragraphs::awards_match;
use super::{Compare, refs_eq};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{
    Arm, Block, BlockKind, Book, Cmp, Effect, Expr, Guard, LabelKind, Node, Paragraph, PointsTrack,
    RollSpec, glossary_normalize,
};
use crate::syntax::print;

impl Compare<'_> {
    /// Awards, references, text and the nested block of two paired nodes.
    pub(super) fn node(&self, out: &mut Diagnostics, a: &Node, b: &Node, tp: &Paragraph) {
        let (s, t) = (self.s, self.t);
        let at = b
            .awards
            .first()
            .map(|aw| aw.span)
            .or(b.span)
            .unwrap_or(tp.header);
        // `@` items are references: compared below, once.
        if !awards_match(s, &a.awards, t, &b.awards) && !self.lost_award_names(out, a, b) {
            let effects = |n: &Node| -> Vec<Effect> {
                n.awards
                    .iter()
                    .flat_map(|aw| aw.items.iter().map(|i| i.effect.clone()))
                    .collect()
            };
            let (raw_s, raw_t) = (effects(a), effects(b));
            let named = super::localize::effects(s, t, &raw_s);
            let expected = print::award(&named, &t.manifest.locale, &t.glossary, &t.manifest.rules);
            let source = print::award(&raw_s, &s.manifest.locale, &s.glossary, &s.manifest.rules);
            // What the translation wrote, as written (a pasted name that is
            // not the translation's is shown as it is in the file).
            let found: Vec<&str> = b.awards.iter().map(|aw| self.t_text(aw.span)).collect();
            let found = crate::text::fold_space(&found.join(" ")).into_owned();
            let mut help = "an award says the same in every language: same points, wealth and bounds, same names, as many free-text effects".to_owned();
            let note = pasted_letters(s, &raw_s, t, &raw_t);
            if let Some(note) = note {
                help = format!("{note}; {help}");
            }
            let mut d = Diagnostic::new(
                "l10n-award-mismatch",
                at,
                format!("expected {expected} (= source {source}), found {found}"),
            )
            .label("award differs from the source")
            .with_help(help);
            if let Some(src) = a.awards.first().map(|aw| aw.span).or(a.span) {
                d = d.with_secondary(self.src(src), "the source's award");
            }
            out.push(d);
        }
        if !refs_eq(s, &a.refs, t, &b.refs) && !broken_go_to(t, b) {
            let list = |refs: &[crate::ir::Reference]| {
                let v: Vec<String> = refs.iter().map(|r| r.target.to_string()).collect();
                if v.is_empty() {
                    "none".to_owned()
                } else {
                    v.join(", ")
                }
            };
            let span = b
                .refs
                .first()
                .map(|r| r.span)
                .or(b.span)
                .unwrap_or(tp.header);
            let mut d = Diagnostic::new(
                "l10n-reference-mismatch",
                span,
                format!(
                    "references differ: the source has {}, the translation {}",
                    list(&a.refs),
                    list(&b.refs)
                ),
            )
            .label("other references")
            .with_help("`@` references are not translated: keep every one of the source's");
            if let Some(r) = a.refs.first() {
                d = d.with_secondary(self.src(r.span), "the source's reference");
            }
            out.push(d);
        }
        self.untranslated(out, a, b);
        let sp = self.s.paragraph(tp.number).unwrap_or(tp);
        self.blocks(out, a.block.as_deref(), b.block.as_deref(), (sp, tp), b);
    }

    /// Two blocks in paired places (either may be missing).
    pub(super) fn blocks(
        &self,
        out: &mut Diagnostics,
        x: Option<&Block>,
        y: Option<&Block>,
        (sp, tp): (&Paragraph, &Paragraph),
        under: &Node,
    ) {
        match (x, y) {
            (None, None) => {}
            (Some(x), Some(y)) if x.kind == y.kind && x.arms.len() == y.arms.len() => {
                if x.kind == BlockKind::Roll && !self.same_roll(x.roll.as_ref(), y.roll.as_ref()) {
                    out.push(
                        Diagnostic::new(
                            "l10n-structure-mismatch",
                            y.roll.as_ref().and_then(|r| r.span).unwrap_or(y.span),
                            "the roll's dice or terms differ from the source's",
                        )
                        .label("other roll")
                        .with_secondary(
                            self.src(x.roll.as_ref().and_then(|r| r.span).unwrap_or(x.span)),
                            "the source's roll",
                        )
                        .with_help(
                            "a roll spec is markup: keep its dice and terms as in the source",
                        ),
                    );
                }
                if let Some(order) = self.reorder(x, y) {
                    // One finding for the order; each arm is then compared
                    // with the source arm it is.
                    out.push(self.reordered(x, y, &order));
                    for (q, &i) in y.arms.iter().zip(&order) {
                        self.node(out, &x.arms[i].node, &q.node, tp);
                    }
                    return;
                }
                self.paired_arms(out, x, y, tp);
            }
            (x, y) => {
                let span = y.map_or_else(
                    || under.span.unwrap_or(tp.header),
                    |y| self.first_difference(x, y),
                );
                let message = match self.dropped(x, y) {
                    Some(arm) => format!(
                        "the translation has {} where the source has {}: it lacks {arm}",
                        describe(y),
                        describe(x)
                    ),
                    None => format!(
                        "the translation has {} where the source has {}",
                        describe(y),
                        describe(x)
                    ),
                };
                let mut d = Diagnostic::new("l10n-structure-mismatch", span, message)
                .label("other arms")
                .with_help("keep the source's blocks at every depth: the same kind, the same arms in the same order, each at its depth");
                let _ = sp;
                if let Some(x) = x {
                    d = d.with_secondary(self.src(x.span), "the source's block");
                }
                out.push(d);
            }
        }
    }

    /// The source's arm a translated block of the same kind lacks (the
    /// first where they part), named as the translation would write it:
    /// `the section `COURTLY GRACES:``, `the option `If you decline``.
    fn dropped(&self, x: Option<&Block>, y: Option<&Block>) -> Option<String> {
        let (x, y) = (x?, y?);
        if x.kind != y.kind || y.arms.len() >= x.arms.len() {
            return None;
        }
        let p = self.lacked(x, y);
        Some(match &p.guard {
            Guard::Section(labels) => format!("the section {}", self.heading(labels)),
            _ => format!("the source's `{}:`", self.s_text(p.label.span).trim()),
        })
    }

    /// Where two blocks of other kinds or arm counts first part: the
    /// translation's first arm whose guard differs (the one dropped or
    /// moved), else the block.
    fn first_difference(&self, x: Option<&Block>, y: &Block) -> crate::span::Span {
        let Some(x) = x else { return y.span };
        y.arms
            .iter()
            .zip(&x.arms)
            .find(|(q, p)| !self.arm_eq(p, q))
            .map_or(y.span, |(q, _)| q.label.span)
    }

    /// The arms of two blocks of one kind and length, in order: each
    /// arm's guard, then its node.
    fn paired_arms(&self, out: &mut Diagnostics, x: &Block, y: &Block, tp: &Paragraph) {
        let mut k = 0;
        while let (Some(p), Some(q)) = (x.arms.get(k), y.arms.get(k)) {
            // A boundary moved between two bands is one finding, and the
            // arms are still the source's two.
            if let Some(d) = self.moved_boundary(x, y, k) {
                out.push(d);
                for j in [k, k + 1] {
                    self.node(out, &x.arms[j].node, &y.arms[j].node, tp);
                }
                k += 2;
                continue;
            }
            if self.arm(out, x, p, q) {
                self.node(out, &p.node, &q.node, tp);
            }
            k += 1;
        }
    }

    /// Arms `k` and `k + 1` of two rolls cover the same totals with the
    /// boundary between them moved (`6-10`, `11-12` for `6-9`, `10-12`):
    /// the one finding for both.
    fn moved_boundary(&self, x: &Block, y: &Block, k: usize) -> Option<Diagnostic> {
        let band = |b: &Block, i: usize| match b.arms.get(i).map(|a| &a.guard) {
            Some(Guard::Band(band)) => Some(*band),
            _ => None,
        };
        let (p, p1, q, q1) = (band(x, k)?, band(x, k + 1)?, band(y, k)?, band(y, k + 1)?);
        let next = |a: crate::ir::Band, b: crate::ir::Band| a.hi.map(|h| h + 1) == Some(b.lo);
        let moved = x.kind == BlockKind::Roll
            && p != q
            && p.lo == q.lo
            && p1.hi == q1.hi
            && next(p, p1)
            && next(q, q1);
        if !moved {
            return None;
        }
        let source = |i: usize| guard_text(self.s_text(x.arms[i].label.span), &x.arms[i].guard);
        let translation =
            |i: usize| guard_text(self.t_text(y.arms[i].label.span), &y.arms[i].guard);
        let (a, b) = (source(k)?, source(k + 1)?);
        let (c, d) = (translation(k)?, translation(k + 1)?);
        Some(
            Diagnostic::new(
                "l10n-structure-mismatch",
                y.arms[k].label.span,
                format!("the boundary between this band and the next moved: `{c}`, `{d}` where the source has `{a}`, `{b}`"),
            )
            .label("other bands")
            .with_secondary(self.src(x.arms[k].label.span), "the source's bands")
            .with_help("conditions and die bands are markup: keep every `{condition}` and band as in the source, in its order"),
        )
    }

    /// One paired arm: the same condition, band or section names. Returns
    /// whether its node is worth comparing (it is not when the arm is
    /// another one).
    fn arm(&self, out: &mut Diagnostics, block: &Block, p: &Arm, q: &Arm) -> bool {
        if let (Guard::Section(a), Guard::Section(b)) = (&p.guard, &q.guard) {
            self.section(out, p, q, a, b);
            return true;
        }
        if self.same_guard(&p.guard, &q.guard) {
            return true;
        }
        let what = match (block.kind, &q.guard) {
            (BlockKind::Condition, _) | (_, Guard::Option(_)) => "condition",
            (BlockKind::Roll, _) => "band",
            _ => "label",
        };
        // The two as written, when each label shows one (`{wealth >=
        // pobre}` for `{wealth >= rich}`, `3-4` for `2-4`).
        let shown = guard_text(self.s_text(p.label.span), &p.guard)
            .zip(guard_text(self.t_text(q.label.span), &q.guard));
        let message = match shown {
            Some((s, t)) => format!("this arm's {what} `{t}` differs from the source's `{s}`"),
            None => format!("this arm's {what} differs from the source's"),
        };
        out.push(
            Diagnostic::new("l10n-structure-mismatch", q.label.span, message)
                .label(format!("other {what}"))
                .with_secondary(self.src(p.label.span), "the source's arm")
                .with_help("conditions and die bands are markup: keep every `{condition}` and band as in the source, in its order"),
        );
        false
    }

    pub(super) fn same_guard(&self, a: &Guard, b: &Guard) -> bool {
        match (a, b) {
            (Guard::Condition(x), Guard::Condition(y)) | (Guard::Option(x), Guard::Option(y)) => {
                self.same_expr(x, y)
            }
            (Guard::Section(x), Guard::Section(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y)
                        .all(|(p, q)| self.same_kind(&p.kind, &q.kind) && same_flag(p, q))
            }
            _ => a == b,
        }
    }

    fn same_kind(&self, a: &LabelKind, b: &LabelKind) -> bool {
        match (a, b) {
            (LabelKind::Condition(x), LabelKind::Condition(y)) => self.same_expr(x, y),
            (LabelKind::Entry(x), LabelKind::Entry(y))
            | (LabelKind::Master(x), LabelKind::Master(y)) => {
                super::id_eq(self.t, x, y) || self.misspelt.get(y.as_str()) == Some(&x.as_str())
            }
            // A heading either book cannot read is that book's
            // `unknown-name` (or, for an entry that lost its name in the
            // translation's glossary, the duplicate's finding): its words
            // are not compared again, in either language.
            (LabelKind::Unknown(_), _) | (_, LabelKind::Unknown(_)) => true,
            _ => a == b,
        }
    }

    /// Conditions mean the same: ids and ladder positions are shared, a
    /// terrain is compared by its place in the book's list.
    fn same_expr(&self, a: &Expr, b: &Expr) -> bool {
        match (a, b) {
            (Expr::Terrain(x), Expr::Terrain(y)) => {
                let at = |book: &Book, n: &str| {
                    book.manifest
                        .world
                        .terrains
                        .iter()
                        .position(|t| crate::text::eq_ci(&t.value, n))
                };
                match (at(self.s, x), at(self.t, y)) {
                    (Some(i), Some(j)) => i == j,
                    _ => crate::text::eq_ci(x, y),
                }
            }
            (Expr::Not(x), Expr::Not(y)) => self.same_expr(x, y),
            (Expr::All(x), Expr::All(y)) | (Expr::Any(x), Expr::Any(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(p, q)| self.same_expr(p, q))
            }
            _ => a == b,
        }
    }

    fn same_roll(&self, a: Option<&RollSpec>, b: Option<&RollSpec>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => {
                a.dice == b.dice
                    && a.sides == b.sides
                    && a.terms.len() == b.terms.len()
                    && a.terms
                        .iter()
                        .zip(&b.terms)
                        .all(|(p, q)| p.weight == q.weight && self.same_expr(&p.when, &q.when))
            }
            (a, b) => a.is_none() && b.is_none(),
        }
    }

    /// The names of a heading the translation could not read where the
    /// source names an entry whose name the translation's glossary gave
    /// another entry (or lacks, or renamed): each is a `duplicate-name`
    /// about that entry, which `check::lost_names` folds into the
    /// glossary's finding.
    fn lost_names(
        &self,
        out: &mut Diagnostics,
        a: &[crate::ir::SectionLabel],
        b: &[crate::ir::SectionLabel],
    ) {
        for (sl, tl) in a.iter().zip(b) {
            // Where the entry did not lose its name, a name it may have
            // been renamed from (see `l10n::renamed`).
            if let (LabelKind::Entry(id) | LabelKind::Master(id), LabelKind::Unknown(raw)) =
                (&sl.kind, &tl.kind)
            {
                out.push(super::lost_name(tl.span, raw.trim_matches('*'), id));
            }
            if let (
                LabelKind::Entry(id) | LabelKind::Master(id),
                LabelKind::Entry(tid) | LabelKind::Master(tid),
            ) = (&sl.kind, &tl.kind)
                && self.misspelt.get(tid.as_str()) == Some(&id.as_str())
            {
                let written = self.t_text(tl.span).trim().trim_matches('*');
                out.push(super::lost_name(tl.span, written, id));
            }
            if let (
                LabelKind::Entry(x) | LabelKind::Master(x),
                LabelKind::Entry(y) | LabelKind::Master(y),
            ) = (&sl.kind, &tl.kind)
                && x == y
            {
                self.named
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(x.as_str().to_owned());
            }
        }
    }

    /// Awards that differ only where the source names an entry that lost
    /// its name (see [`Compare::lost_items`]).
    fn lost_award_names(&self, out: &mut Diagnostics, a: &Node, b: &Node) -> bool {
        match self.lost_items(&award_items(a), &award_items(b)) {
            Some(found) => {
                out.extend(found);
                true
            }
            None => false,
        }
    }

    /// Two sections in the same place: the same names and flags, and names
    /// no longer in the source's language.
    fn section(
        &self,
        out: &mut Diagnostics,
        p: &Arm,
        q: &Arm,
        a: &[crate::ir::SectionLabel],
        b: &[crate::ir::SectionLabel],
    ) {
        // A heading either book cannot read that holds another number of
        // names (`MAGIA O SABIDURÍA` for `MAGIC, WISDOM`) is that book's
        // `unknown-name`: not compared again.
        let unread = |l: &crate::ir::SectionLabel| matches!(l.kind, LabelKind::Unknown(_));
        if a.len() != b.len() && a.iter().chain(b).any(unread) {
            return;
        }
        let same = a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| {
                self.same_kind(&x.kind, &y.kind)
                    && same_flag(x, y)
                    && x.qualifier.is_some() == y.qualifier.is_some()
            });
        if !same {
            let expected = self.heading(a);
            let found = self.t_text(q.label.span).trim();
            let source = self.s_text(p.label.span).trim();
            let dropped = a
                .iter()
                .find(|x| !b.iter().any(|y| self.same_kind(&x.kind, &y.kind)))
                .map(|x| self.name(&x.kind));
            let message = match dropped {
                Some(name) if a.len() > b.len() => format!(
                    "this section lost `{name}`: expected {expected} (= source `{source}:`)"
                ),
                _ => format!("expected {expected} (= source `{source}:`), found `{found}:`"),
            };
            out.push(
                Diagnostic::new("l10n-section-mismatch", q.label.span, message)
                    .label("other section")
                    .with_secondary(self.src(p.label.span), "the source's section")
                    .with_help("sections keep the source's skills, statuses and treasures, order and `(mandatory)` flags"),
            );
            return;
        }
        self.lost_names(out, a, b);
        self.untranslated_headings(out, a, b);
    }

    /// Same ids: a heading still in the source's language.
    fn untranslated_headings(
        &self,
        out: &mut Diagnostics,
        a: &[crate::ir::SectionLabel],
        b: &[crate::ir::SectionLabel],
    ) {
        for (sl, tl) in a.iter().zip(b) {
            let (LabelKind::Entry(id) | LabelKind::Master(id)) = &tl.kind else {
                continue;
            };
            let (Some(se), Some(te)) = (self.s.glossary.by_id(id), self.t.glossary.by_id(id))
            else {
                continue;
            };
            let written = self.t_text(tl.span);
            if crate::text::eq_ci(written, &te.name.value)
                || self.t.glossary.resolve_name(written).is_none()
            {
                // Translated; or not a name of the translation at all, which
                // its own check reports (`unknown-name`, with the name).
                continue;
            }
            let written = glossary_normalize(written);
            if written == glossary_normalize(&se.name.value)
                && written != glossary_normalize(&te.name.value)
            {
                out.push(
                    Diagnostic::new(
                        "l10n-untranslated",
                        tl.span,
                        format!(
                            "heading `{}` is still in the source's language",
                            self.t_text(tl.span)
                        ),
                    )
                    .label("untranslated heading")
                    .with_secondary(self.src(sl.span), "the source's heading")
                    .with_help(format!("write `{}`", te.name.value.to_uppercase())),
                );
            }
        }
    }

    /// A name as the translation writes it, in capitals.
    fn name(&self, kind: &LabelKind) -> String {
        let t = self.t;
        let l = &t.manifest.locale;
        let entry = |id: &crate::ir::Id| {
            t.glossary
                .by_id(id)
                .map_or_else(|| id.to_string(), |e| e.name.value.to_uppercase())
        };
        match kind {
            LabelKind::NoSkill => l.no_skill.clone(),
            LabelKind::Entry(id) => entry(id),
            LabelKind::Master(id) => format!("{} {}", entry(id), l.master_suffix),
            LabelKind::AnyTreasure => l.any_treasure.clone(),
            LabelKind::Gender(g) => {
                if *g == crate::ir::Gender::Female {
                    l.female.clone()
                } else {
                    l.male.clone()
                }
            }
            LabelKind::Wealth(cmp, level) => {
                let name = t
                    .manifest
                    .rules
                    .wealth
                    .get(*level)
                    .map_or_else(String::new, |w| w.name.value.to_uppercase());
                let words = if *cmp == Cmp::Le {
                    &l.or_less
                } else {
                    &l.or_greater
                };
                format!("{}: {name} {words}", l.wealth_label)
            }
            // `ANY 4 SKILLS` in the translation's words (FORMAT.md 2b).
            LabelKind::Condition(Expr::Skills(Cmp::Ge, n)) => {
                crate::locale::fill(&l.any_skills, &n.to_string())
            }
            LabelKind::Condition(e) => format!("{{{}}}", self.expr(e)),
            LabelKind::Unknown(s) => s.clone(),
        }
    }

    /// A section heading as the translation should write it.
    fn heading(&self, source: &[crate::ir::SectionLabel]) -> String {
        format!("`{}:`", self.heading_words(source))
    }

    /// A section's label as the translation writes it: names in its
    /// language, qualifiers, `(mandatory)`.
    pub(super) fn heading_words(&self, source: &[crate::ir::SectionLabel]) -> String {
        let l = &self.t.manifest.locale;
        let names: Vec<String> = source
            .iter()
            .map(|x| {
                let mut name = self.name(&x.kind);
                if let Some(q) = &x.qualifier {
                    name = format!("{name} {{{}}}", self.expr(q));
                }
                if x.mandatory {
                    format!("{name} ({})", l.mandatory)
                } else {
                    name
                }
            })
            .collect();
        names.join(" / ")
    }

    /// A condition as the translation writes it (ids, the book's levels).
    fn expr(&self, e: &Expr) -> String {
        let t = self.t;
        match e {
            Expr::Has(id) => id.to_string(),
            Expr::Master(id) => format!("{id}:master"),
            Expr::AnyTreasure => "treasure".into(),
            Expr::Gender(g) => g.as_str().into(),
            Expr::Other(g) => format!("other-{}", g.as_str()),
            Expr::OppositeSex => "opposite-sex".into(),
            Expr::Wealth(cmp, level) => {
                let name = t
                    .manifest
                    .rules
                    .wealth
                    .get(*level)
                    .map_or_else(String::new, |w| w.name.value.to_lowercase());
                format!("wealth {} {name}", cmp.as_str())
            }
            Expr::Points(track, cmp, n) => {
                let what = if *track == PointsTrack::Destiny {
                    "destiny"
                } else {
                    "story"
                };
                format!("{what} {} {n}", cmp.as_str())
            }
            Expr::Skills(cmp, n) => format!("skills {} {n}", cmp.as_str()),
            Expr::Terrain(n) => format!("terrain = {n}"),
            Expr::Not(x) => format!("!{}", self.expr(x)),
            Expr::All(xs) => xs
                .iter()
                .map(|x| self.expr(x))
                .collect::<Vec<_>>()
                .join(" & "),
            Expr::Any(xs) => format!(
                "({})",
                xs.iter()
                    .map(|x| self.expr(x))
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
        }
    }
}

/// A block in words, for a message: "a choice of 2 options at `>>`".
/// Points the translation seems to have pasted from the source: an amount
/// on one track where the source has the same amount on another, and the
/// source's letter for that one is the translation's for this one (`S1`
/// is story in English, destiny in Spanish). Then say what the letters
/// mean in the translation.
fn pasted_letters(s: &Book, raw_s: &[Effect], t: &Book, raw_t: &[Effect]) -> Option<String> {
    let (sl, tl) = (&s.manifest.locale, &t.manifest.locale);
    let track = |e: &Effect| match e {
        Effect::Destiny(n) => Some((0, *n)),
        Effect::Story(n) => Some((1, *n)),
        Effect::Wealth { delta, .. } => Some((2, *delta)),
        _ => None,
    };
    let letters =
        |l: &crate::locale::Locale| [l.destiny.clone(), l.story.clone(), l.wealth.clone()];
    let names = ["destiny", "story", "wealth"];
    let (sls, tls) = (letters(sl), letters(tl));
    let src: Vec<(usize, i32)> = raw_s.iter().filter_map(track).collect();
    raw_t.iter().filter_map(track).find_map(|(y, n)| {
        if src.contains(&(y, n)) {
            return None;
        }
        let x = (0..3)
            .find(|&x| x != y && src.contains(&(x, n)) && sls[x].eq_ignore_ascii_case(&tls[y]))?;
        Some(format!(
            "in this book `{}` is {}, and {} is `{}`",
            tls[y], names[y], names[x], tls[x]
        ))
    })
}

fn describe(b: Option<&Block>) -> String {
    let Some(b) = b else {
        return "no block".to_owned();
    };
    let arms = match b.kind {
        BlockKind::SkillCheck => "section",
        BlockKind::Choice => "option",
        BlockKind::Condition => "arm",
        BlockKind::Roll => "band",
    };
    let at = if b.depth == 0 {
        "at the top".to_owned()
    } else {
        format!("at `{}`", ">".repeat(usize::from(b.depth)))
    };
    format!(
        "a {} of {} {at}",
        b.kind.as_str(),
        crate::text::count(b.arms.len(), arms)
    )
}

/// A node's award items but its references.
fn award_items(n: &Node) -> Vec<&crate::ir::AwardItem> {
    n.awards
        .iter()
        .flat_map(|aw| &aw.items)
        .filter(|i| !matches!(i.effect, Effect::Goto(_)))
        .collect()
}

/// A guard as its label writes it: a condition's `{...}`, a band's numbers
/// (`2-4`, `8+`); `None` for a label that shows neither.
fn guard_text<'a>(label: &'a str, guard: &Guard) -> Option<&'a str> {
    match guard {
        Guard::Condition(_) | Guard::Option(_) => {
            let open = label.find('{')?;
            let close = open + label[open..].find('}')?;
            Some(&label[open..=close])
        }
        Guard::Band(_) => {
            let band = label
                .trim_start_matches(['❖', ' ', '>'])
                .trim_end_matches([':', ' ']);
            (!band.is_empty()).then_some(band)
        }
        _ => None,
    }
}

/// Whether `n` (a translation's node) has a go-to item left in words (`Ve
/// al párrafo y lee la sección PIEDAD`: its number dropped): the reader
/// reported it, so the reference it lost is not reported again.
fn broken_go_to(t: &Book, n: &Node) -> bool {
    let l = &t.manifest.locale;
    (n.awards.iter().flat_map(|aw| &aw.items)).any(|i| {
        matches!(&i.effect, Effect::FreeText(x)
            if l.spellings("go-to-item").any(|g| crate::text::strip_prefix_ci(x, g).is_some()))
    })
}

/// The same `(mandatory)` flag, or a note either book could not read
/// (that book's `unknown-name`, not compared again).
fn same_flag(a: &crate::ir::SectionLabel, b: &crate::ir::SectionLabel) -> bool {
    a.mandatory == b.mandatory || a.note_told || b.note_told
}
