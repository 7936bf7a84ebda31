//! Lint levels: defaults, then `book.yaml` `lints:`, then the command line,
//! then `# tales: allow(CODE)` comments. Applying them turns findings into
//! errors and warnings, or drops them.

use super::{LINTS, Level, find, suggest};
use crate::diagnostic::{Diagnostic, Diagnostics, Severity};
use crate::ir::{Book, LintSetting};
use crate::span::FileId;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// Levels given on the command line, in the order they apply.
#[derive(Clone, Debug, Default)]
pub struct CliLevels {
    pub allow: Vec<String>,
    pub warn: Vec<String>,
    pub deny: Vec<String>,
}

impl CliLevels {
    /// Codes that are no lint (`warnings` is accepted by `--deny`).
    pub fn unknown(&self) -> Vec<String> {
        let all = self.allow.iter().chain(&self.warn).chain(&self.deny);
        all.filter(|c| *c != "warnings" && find(c).is_none())
            .map(|c| match suggest(c) {
                Some(s) => format!("unknown lint code `{c}` (did you mean `{s}`?)"),
                None => format!("unknown lint code `{c}` (`tales lints` lists them)"),
            })
            .collect()
    }
}

/// The level of every code for one book.
pub struct Levels {
    map: HashMap<&'static str, Level>,
}

impl Levels {
    pub fn new(book_settings: &[LintSetting], cli: &CliLevels, diags: &mut Diagnostics) -> Levels {
        let mut map: HashMap<&'static str, Level> =
            LINTS.iter().map(|l| (l.code, l.level)).collect();
        for s in book_settings {
            let Some(lint) = find(&s.code.value) else {
                let help = suggest(&s.code.value).map_or_else(
                    || "`tales lints` lists every code".to_owned(),
                    |c| format!("did you mean `{c}`?"),
                );
                diags.push(
                    Diagnostic::new(
                        "unknown-lint",
                        s.code.span,
                        format!("unknown lint code `{}`", s.code.value),
                    )
                    .label("no such lint")
                    .with_help(help),
                );
                continue;
            };
            match Level::parse(&s.level.value) {
                Some(level) => {
                    map.insert(lint.code, level);
                }
                None => diags.push(
                    Diagnostic::new(
                        "unknown-name",
                        s.level.span,
                        format!("unknown lint level `{}`", s.level.value),
                    )
                    .label("not a level")
                    .with_help("a lint level is `allow`, `warn` or `deny`"),
                ),
            }
        }
        let mut deny_warnings = false;
        for (codes, level) in [
            (&cli.allow, Level::Allow),
            (&cli.warn, Level::Warn),
            (&cli.deny, Level::Deny),
        ] {
            for c in codes {
                if c == "warnings" && level == Level::Deny {
                    deny_warnings = true;
                } else if let Some(lint) = find(c) {
                    map.insert(lint.code, level);
                }
            }
        }
        if deny_warnings {
            for level in map.values_mut() {
                if *level == Level::Warn {
                    *level = Level::Deny;
                }
            }
        }
        Levels { map }
    }

    pub fn get(&self, code: &str) -> Level {
        self.map.get(code).copied().unwrap_or(Level::Deny)
    }

    /// Set severities, drop allowed findings (by level or by a paragraph's
    /// `# tales: allow(CODE)`), shorten what each quotes past reason, and
    /// sort by file and position.
    pub fn apply(&self, book: &Book, diags: Diagnostics) -> Diagnostics {
        let allows = ParagraphAllows::new(book);
        let mut out: Diagnostics = diags
            .into_iter()
            .filter_map(|mut d| {
                let severity = match self.get(d.code) {
                    Level::Allow => return None,
                    Level::Warn => Severity::Warning,
                    Level::Deny => Severity::Error,
                };
                if allows.allowed(d.code, d.primary.span.file, d.primary.span.start) {
                    return None;
                }
                d.severity = severity;
                d.elide_long_quotes();
                Some(d)
            })
            .collect();
        // Errors first (GitHub shows ten annotations of each kind: the
        // causes must come first), then each group in file order.
        out.sort_by(|a, b| {
            let (sa, sb) = (a.primary.span, b.primary.span);
            (std::cmp::Reverse(a.severity), sa.file, sa.start, a.code).cmp(&(
                std::cmp::Reverse(b.severity),
                sb.file,
                sb.start,
                b.code,
            ))
        });
        out.dedup_by(|a, b| {
            a.code == b.code && a.primary.span == b.primary.span && a.message == b.message
        });
        out
    }
}

/// `unknown-lint` for each code of a `# tales: allow(CODE)` comment that
/// names no lint: the comment would silence nothing.
pub fn unknown_allows(book: &Book) -> Diagnostics {
    let mut out = Vec::new();
    for p in &book.paragraphs {
        for a in p.allows.iter().filter(|a| find(&a.value).is_none()) {
            let help = suggest(&a.value).map_or_else(
                || "`tales lints` lists every code".to_owned(),
                |c| format!("did you mean `{c}`?"),
            );
            out.push(
                Diagnostic::new(
                    "unknown-lint",
                    a.span,
                    format!("`{}` is no lint code: this comment allows nothing", a.value),
                )
                .label("no such lint")
                .with_help(help),
            );
        }
    }
    out
}

/// Which paragraph a position falls in, for `# tales: allow(CODE)`.
struct ParagraphAllows<'a> {
    /// Per file: (header start, paragraph index), ascending. Keyed by our
    /// own file ids (hashed by Fx: one look-up a paragraph).
    starts: FxHashMap<FileId, Vec<(u32, usize)>>,
    book: &'a Book,
}

impl<'a> ParagraphAllows<'a> {
    fn new(book: &'a Book) -> Self {
        let mut starts: FxHashMap<FileId, Vec<(u32, usize)>> = FxHashMap::default();
        if book.paragraphs.iter().any(|p| !p.allows.is_empty()) {
            for (i, p) in book.paragraphs.iter().enumerate() {
                starts
                    .entry(p.header.file)
                    .or_default()
                    .push((p.header.start, i));
            }
        }
        Self { starts, book }
    }

    fn allowed(&self, code: &str, file: FileId, at: u32) -> bool {
        let Some(v) = self.starts.get(&file) else {
            return false;
        };
        let i = v.partition_point(|&(s, _)| s <= at);
        i > 0
            && self.book.paragraphs[v[i - 1].1]
                .allows
                .iter()
                .any(|a| find(&a.value).is_some_and(|l| l.code == code))
    }
}
