//! Encounter charts: the header's `chart (F)` and the entries
//! ` 3-4  A {Lost} Fisherman (L)`, with what almost is one.

pub(crate) use super::quick_chart::EntrySyntax;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Chart, ChartEntry, ChartTarget, Reference, Target};
use crate::span::{Span, Spanned};
use crate::syntax::awards::reference::lower_reference;
use crate::syntax::context::{Context, Range};
use crate::syntax::grammar::award::{AwardParser, Rule};
use crate::syntax::lines::classify::{ClassifiedLine, Line, bad_header};
use pest::Parser;

pub(crate) fn parse_chart_entry(line: &str) -> Option<EntrySyntax> {
    super::quick_chart::chart_entry(line).unwrap_or_else(|_| grammar_chart_entry(line))
}

/// [`parse_chart_entry`] by the grammar alone.
pub(super) fn grammar_chart_entry(line: &str) -> Option<EntrySyntax> {
    let pair = AwardParser::parse(Rule::chart_entry, line).ok()?.next()?;
    let mut e = EntrySyntax {
        lo: 0,
        hi: 0,
        range: (0, 0),
        too_large: None,
        adjective: None,
        matrix: None,
        reference: None,
        gender: None,
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::range => {
                e.range = (p.as_span().start(), p.as_span().end());
                let nums: Vec<u32> = p
                    .into_inner()
                    .map(|n| {
                        n.as_str().parse().unwrap_or_else(|_| {
                            let s = n.as_span();
                            e.too_large.get_or_insert((s.start(), s.end()));
                            12
                        })
                    })
                    .collect();
                e.lo = nums[0];
                e.hi = *nums.get(1).unwrap_or(&nums[0]);
            }
            Rule::entry_text => {
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::adjective => {
                            let n = q.into_inner().next().expect("adjective has a name");
                            e.adjective
                                .get_or_insert((n.as_str().trim().to_owned(), n.as_span().start()));
                        }
                        Rule::matrix_mark => {
                            let mut inner = q.into_inner();
                            let m = inner.next().expect("matrix mark has a letter");
                            e.matrix = Some((m.as_str().to_owned(), m.as_span().start()));
                            if let Some(g) = inner.find(|g| g.as_rule() == Rule::entry_gender) {
                                e.gender = Some((g.as_str().to_owned(), g.as_span().start()));
                            }
                        }
                        Rule::reference => {
                            let start = q.as_span().start();
                            let len = q.as_str().len();
                            let before = line[..start].chars().next_back();
                            if !before.is_some_and(char::is_alphanumeric) {
                                e.reference.get_or_insert((lower_reference(q), start, len));
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Some(e)
}

/// The text after a header with a misspelt `chart` (`chrt`, `Chart`,
/// `charts`) read as `chart`, and the misspelt word.
pub(crate) fn chart_keyword(rest: &str) -> (String, Option<&str>) {
    let word = rest.split([' ', '(']).next().unwrap_or("");
    if word == "chart" || word.is_empty() || word.len() > 8 {
        return (rest.to_owned(), None);
    }
    if crate::text::edit_distance(&word.to_lowercase(), "chart") <= 2 {
        return (format!("chart{}", &rest[word.len()..]), Some(word));
    }
    (rest.to_owned(), None)
}

/// `chart` was stripped; what follows may be ` (F)`. `offset` is where it starts.
pub(crate) fn chart_matrix(
    ctx: &Context,
    rest: &str,
    offset: usize,
    diags: &mut Diagnostics,
) -> Option<Spanned<String>> {
    let t = rest.trim();
    if t.is_empty() {
        return None;
    }
    let lead = rest.len() - rest.trim_start().len();
    if let Some(inner) = t.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        let letter = inner.trim();
        if !letter.is_empty() && letter.chars().all(|c| c.is_ascii_alphanumeric()) {
            let at = offset + lead + 1 + (inner.len() - inner.trim_start().len());
            return Some(Spanned::new(
                letter.to_owned(),
                Span::new(ctx.file, at, at + letter.len()),
            ));
        }
    }
    let span = Span::new(ctx.file, offset + lead, offset + lead + t.len());
    // `(L`, `L)`, `L`: the letter is plain; read it, say how it is written.
    let letter = t.trim_start_matches('(').trim_end_matches(')').trim();
    if !letter.is_empty()
        && letter.len() <= 4
        && letter.starts_with(|c: char| c.is_ascii_uppercase())
        && letter.chars().all(|c| c.is_ascii_alphanumeric())
    {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                span,
                format!("malformed chart header `chart {t}`"),
            )
            .label(format!("read as `chart ({letter})`"))
            .with_help(format!(
                "write `-N- chart ({letter})`: the matrix letter in parentheses"
            )),
        );
        let at = offset + lead + t.find(letter).unwrap_or(0);
        return Some(Spanned::new(
            letter.to_owned(),
            Span::new(ctx.file, at, at + letter.len()),
        ));
    }
    diags.push(
        Diagnostic::new("syntax-error", span, "malformed chart header")
            .label("expected `(LETTER)`")
            .with_help("write `-N- chart` or `-N- chart (F)`"),
    );
    None
}

pub(crate) fn lower_chart(
    ctx: &Context,
    text: &str,
    lines: &[ClassifiedLine],
    matrix: Option<Spanned<String>>,
    diags: &mut Diagnostics,
) -> Chart {
    let mut entries = Vec::new();
    for l in lines {
        match l.kind {
            Line::Comment(_) | Line::Blank => continue,
            Line::BadHeader => {
                diags.push(bad_header(ctx, text, l.span));
                continue;
            }
            _ => {}
        }
        if let Some(entry) = lower_entry(ctx, text, l.span, matrix.as_ref(), diags) {
            entries.push(entry);
        }
    }
    Chart { matrix, entries }
}

/// A chart line whose roll is written with a letter for a digit (`l-2`,
/// `1O-12`): one finding at the roll, and the line with the roll read as
/// meant (as long: each letter is one digit), when that is an entry.
fn misread_roll(ctx: &Context, line: &str, at: usize, diags: &mut Diagnostics) -> Option<String> {
    let start = line.len() - line.trim_start().len();
    let len = line[start..].find(char::is_whitespace)?;
    let roll = &line[start..start + len];
    crate::text::letters_for_digits(&roll.replace(['-', '–'], ""))?;
    let meant: String = roll
        .chars()
        .map(|c| match c {
            'O' | 'o' => '0',
            'l' | 'I' => '1',
            c => c,
        })
        .collect();
    let fixed = format!("{}{meant}{}", &line[..start], &line[start + len..]);
    parse_chart_entry(&fixed)?;
    diags.push(
        Diagnostic::new(
            "syntax-error",
            Span::new(ctx.file, at + start, at + start + len),
            format!("`{roll}` is a roll written with a letter for a digit"),
        )
        .label(format!("read as `{meant}`"))
        .with_help(format!("write `{meant}`")),
    );
    Some(fixed)
}

/// One line of a chart, read as an entry (one finding when it is none).
fn lower_entry(
    ctx: &Context,
    text: &str,
    l: Range,
    matrix: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> Option<ChartEntry> {
    let mut line = &text[l.0..l.1];
    let span = Span::new(ctx.file, l.0, l.1);
    // Read once; a line that is no entry is read again as meant when its
    // roll is written with a letter for a digit.
    let mut entry = parse_chart_entry(line);
    let fixed = entry
        .is_none()
        .then(|| misread_roll(ctx, line, l.0, diags))
        .flatten();
    if let Some(f) = &fixed {
        line = f;
        entry = parse_chart_entry(line);
    }
    let Some(e) = entry else {
        diags.push(
            Diagnostic::new("syntax-error", span, "chart line is not an entry")
                .label("expected `N text` or `N-M text`")
                .with_help("a chart entry is a roll or range of rolls, then the encounter: ` 3-4 A {Lost} Fisherman (L)`"),
        );
        return None;
    };
    let at = |off: usize, len: usize| Span::new(ctx.file, l.0 + off, l.0 + off + len);
    if let Some((s, end)) = e.too_large {
        diags.push(
            Diagnostic::new(
                "syntax-error",
                at(s, end - s),
                format!("roll number `{}` is too large", &line[s..end]),
            )
            .label("too large")
            .with_help("a chart's rolls run from 1 to 12"),
        );
    }
    if e.lo > e.hi {
        if e.too_large.is_none() {
            diags.push(
                Diagnostic::new(
                    "syntax-error",
                    span,
                    format!(
                        "chart range `{}` runs backwards",
                        &line[e.range.0..e.range.1]
                    ),
                )
                .label("backwards range"),
            );
        }
        return None;
    }
    let target = if let Some((target, off, len)) = e.reference {
        entry_reference(ctx, line, l.0, (target, off, len), diags)
    } else {
        entry_row(ctx, line, l.0, &e, matrix, diags)
    };
    let gender = e
        .gender
        .as_ref()
        .and_then(|(word, off)| entry_gender(ctx, word, l.0 + off, diags));
    Some(ChartEntry {
        lo: e.lo,
        hi: e.hi,
        range: at(e.range.0, e.range.1 - e.range.0),
        span,
        target,
        gender,
    })
}

/// An entry's `@` reference (`@402`, `@F:Terrible`), at `off` in the line
/// that starts at `base`; a number that runs on in letters that are digits
/// (`@4O2`) read as meant, one finding.
fn entry_reference(
    ctx: &Context,
    line: &str,
    base: usize,
    (target, off, len): (Target, usize, usize),
    diags: &mut Diagnostics,
) -> ChartTarget {
    let at = |off: usize, len: usize| Span::new(ctx.file, base + off, base + off + len);
    let (target, len) = match crate::syntax::awards::misread::run_on(line, off, len) {
        Some((n, written, whole)) if matches!(target, Target::Paragraph(_)) => {
            diags.push(crate::syntax::awards::misread::finding(
                "syntax-error",
                at(off, whole),
                written,
                n,
                &format!("@{n}"),
            ));
            (Target::Paragraph(n), whole)
        }
        _ => (target, len),
    };
    let r = Reference {
        target: target.clone(),
        span: at(off, len),
    };
    match target {
        Target::Row { matrix, row } => ChartTarget::Row {
            matrix: Spanned::new(matrix.clone(), at(off + 1, matrix.len())),
            row: Spanned::new(row.clone(), at(off + 2 + matrix.len(), row.len())),
        },
        _ => ChartTarget::Paragraph(r),
    }
}

/// An entry's matrix row: `{Adjective}` and the entry's `(L)` or the
/// chart's. An entry whose `(L` lost a parenthesis, that names no matrix
/// but whose row is in one matrix only, or whose row lost its braces
/// (`A Lost Merchant (L)`) is reported once and read as meant.
fn entry_row(
    ctx: &Context,
    line: &str,
    at: usize,
    e: &EntrySyntax,
    chart: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> ChartTarget {
    let span = Span::new(ctx.file, at, at + line.len());
    let sp = |off: usize, len: usize| Span::new(ctx.file, at + off, at + off + len);
    let mark = e
        .matrix
        .as_ref()
        .map(|(m, off)| Spanned::new(m.clone(), sp(*off, m.len())))
        .or_else(|| loose_mark(ctx, line, at, diags))
        .or_else(|| chart.cloned());
    let Some((adj, adj_at)) = &e.adjective else {
        return bare_row(ctx, line, span, mark, diags);
    };
    if let Some(m) = mark {
        let name = other_gender_row(ctx, &m.value, adj).unwrap_or_else(|| adj.clone());
        let row = Spanned::new(name, sp(*adj_at, adj.len()));
        return ChartTarget::Row { matrix: m, row };
    }
    let row = Spanned::new(adj.clone(), sp(*adj_at, adj.len()));
    let with: Vec<&crate::ir::Matrix> = (ctx.matrices_with_row(adj).iter())
        .map(|&i| &ctx.matrices[i])
        .collect();
    if let [m] = with.as_slice() {
        let letter = &m.letter.value;
        diags.push(
            Diagnostic::new("syntax-error", span, format!("chart entry names no matrix; `{adj}` is a row of matrix {letter} only"))
                .label(format!("read as `({letter})`"))
                .with_help(format!("end the entry with `({letter})`, or give the chart its matrix: `-N- chart ({letter})`")),
        );
        return ChartTarget::Row {
            matrix: Spanned::new(letter.clone(), row.span),
            row,
        };
    }
    diags.push(
        Diagnostic::new("syntax-error", span, "chart entry names no matrix")
            .label("which matrix?")
            .with_help("end the entry with the matrix letter, `(L)`, or give the chart one: `-N- chart (L)`"),
    );
    ChartTarget::None
}

/// The row of matrix `letter` that an entry's adjective names in the
/// other gender, as a translation agrees it with the one encountered (es
/// `Una viuda {llorosa}` for the row `Lloroso`, `Un príncipe {solitario}`
/// for `Solitaria`, by the locale's `feminine-endings`): `None` when the
/// adjective is a row as written, or no row in either gender.
fn other_gender_row(ctx: &Context, letter: &str, adj: &str) -> Option<String> {
    let m = ctx.matrix(letter)?;
    if m.row(adj).is_some() {
        return None;
    }
    let swap = |from: &str, to: &str| {
        let stem = crate::text::strip_suffix_ci(adj, from).filter(|s| !s.is_empty())?;
        let (_, row) = m.row(&format!("{stem}{to}"))?;
        Some(row.name.value.clone())
    };
    let endings = &ctx.locale.effects.feminine_endings;
    endings.iter().find_map(|(masc, fems)| {
        fems.iter()
            .find_map(|fem| swap(fem, masc).or_else(|| swap(masc, fem)))
    })
}

/// `... Traveller (L` or `... Traveller L)` at the end of an entry.
fn loose_mark(
    ctx: &Context,
    line: &str,
    at: usize,
    diags: &mut Diagnostics,
) -> Option<Spanned<String>> {
    let t = line.trim_end();
    let (letter, open) = if let Some(i) = t.rfind('(') {
        (t[i + 1..].trim(), true)
    } else {
        let body = t.strip_suffix(')')?;
        (body.rsplit(' ').next()?, false)
    };
    if letter.is_empty()
        || letter.len() > 4
        || !letter.starts_with(|c: char| c.is_ascii_uppercase())
        || !letter.chars().all(|c| c.is_ascii_alphanumeric())
        || ctx.matrix(letter).is_none()
    {
        return None;
    }
    let off = t.rfind(letter).unwrap_or(0);
    let span = Span::new(ctx.file, at + off, at + off + letter.len());
    let written = if open {
        format!("({letter}")
    } else {
        format!("{letter})")
    };
    diags.push(
        Diagnostic::new(
            "syntax-error",
            span,
            format!("`{written}` at the end of a chart entry"),
        )
        .label(format!("read as `({letter})`"))
        .with_help(format!("write `({letter})`")),
    );
    Some(Spanned::new(letter.to_owned(), span))
}

/// An entry with neither `{Adjective}` nor `@`: a word of it that is a row
/// of its matrix (or of one matrix only) lost its braces.
fn bare_row(
    ctx: &Context,
    line: &str,
    span: Span,
    mark: Option<Spanned<String>>,
    diags: &mut Diagnostics,
) -> ChartTarget {
    let words: Vec<(usize, &str)> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'' || c == '’'))
        .scan(0usize, |pos, w| {
            let start = line[*pos..].find(w).map_or(*pos, |i| *pos + i);
            *pos = start + w.len();
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    // Each word's matrices that have it as a row (of the entry's matrix
    // when it names one), in the matrices' order, then the words' order;
    // a word once, at its first.
    let mut hits: Vec<(usize, &str, usize)> = Vec::new();
    for &(off, w) in &words {
        let mut with = ctx.matrices_with_row(w).iter().copied();
        let first = match &mark {
            Some(mk) => with.find(|&i| ctx.matrices[i].letter.value == mk.value),
            None => with.next(),
        };
        if let Some(i) = first {
            hits.push((i, w, off));
        }
    }
    hits.sort_by_key(|h| h.0);
    let mut found: Vec<(&str, &str, usize)> = Vec::new();
    for (i, w, off) in hits {
        if !found.iter().any(|(_, x, _)| crate::text::eq_ci(x, w)) {
            found.push((ctx.matrices[i].letter.value.as_str(), w, off));
        }
    }
    if let [(letter, word, off)] = found.as_slice() {
        let at = span.start as usize + off;
        let row_span = Span::new(ctx.file, at, at + word.len());
        diags.push(
            Diagnostic::new(
                "syntax-error",
                row_span,
                format!("the row of this chart entry is not marked: did you mean `{{{word}}}`?"),
            )
            .label(format!("read as `{{{word}}}`"))
            .with_help(format!("mark the matrix row with braces: `{{{word}}}`")),
        );
        let matrix = mark.unwrap_or_else(|| Spanned::new((*letter).to_owned(), row_span));
        return ChartTarget::Row {
            matrix,
            row: Spanned::new((*word).to_owned(), row_span),
        };
    }
    diags.push(
        Diagnostic::new("syntax-error", span, "chart entry leads nowhere")
            .label("no `{Adjective}` and no `@` reference")
            .with_help("mark the matrix row with braces, `A {Lost} Merchant (L)`, or point at a paragraph, `A mirage @812`"),
    );
    ChartTarget::None
}

/// `female` or `male` in `(L, female)` (markup: the same in every language),
/// or the one a few letters off (reported, read as meant).
fn entry_gender(
    ctx: &Context,
    word: &str,
    at: usize,
    diags: &mut Diagnostics,
) -> Option<crate::ir::Gender> {
    use crate::ir::Gender;
    let span = Span::new(ctx.file, at, at + word.len());
    // Written right, as nearly always: no distances measured.
    if word.eq_ignore_ascii_case("female") {
        return Some(Gender::Female);
    }
    if word.eq_ignore_ascii_case("male") {
        return Some(Gender::Male);
    }
    // The book's own word for it (`(A, mujer)`): markup is not translated,
    // but what it means is plain.
    let l = ctx.locale;
    let own = [
        (&l.female, "female", Gender::Female),
        (&l.male, "male", Gender::Male),
    ]
    .into_iter()
    .find(|(own, _, _)| crate::text::eq_ci(own, word));
    if let Some((_, markup, g)) = own {
        diags.push(
            Diagnostic::new("unknown-name", span, format!("`{word}` is no gender"))
                .label(format!("read as `{markup}`"))
                .with_help(format!(
                    "write `{markup}`: the gender of a chart entry is markup, the same in every language"
                )),
        );
        return Some(g);
    }
    let w = word.to_lowercase();
    let found = [("female", Gender::Female), ("male", Gender::Male)]
        .into_iter()
        .map(|(name, g)| (crate::text::edit_distance(&w, name), name, g))
        .min_by_key(|(d, _, _)| *d)?;
    if found.0 == 0 {
        return Some(found.2);
    }
    let d = Diagnostic::new("unknown-name", span, format!("`{word}` is no gender"));
    if found.0 <= 2 {
        diags.push(
            d.label(format!("read as `{}`", found.1))
                .with_help(format!("did you mean `{}`?", found.1)),
        );
        Some(found.2)
    } else {
        diags.push(d.label("not `female` or `male`").with_help(
            "write `(L, female)` or `(L, male)`; the word is the same in every language",
        ));
        None
    }
}

/// Whether a paragraph without `chart` in its header is a chart all the
/// same: two lines or more of text, each a chart entry naming something,
/// the first for a roll of 1 (a story paragraph does not read like that).
pub(crate) fn reads_as_chart(text: &str, lines: &[ClassifiedLine]) -> bool {
    let mut entries = lines
        .iter()
        .filter(|l| !matches!(l.kind, Line::Blank | Line::Comment(_)))
        .map(|l| {
            matches!(l.kind, Line::Text)
                .then(|| parse_chart_entry(text[l.span.0..l.span.1].trim_end()))
                .flatten()
                .filter(|e| e.adjective.is_some() || e.matrix.is_some() || e.reference.is_some())
        });
    let Some(Some(first)) = entries.next() else {
        return false;
    };
    let mut count = 1;
    for e in entries {
        if e.is_none() {
            return false;
        }
        count += 1;
    }
    first.lo == 1 && count >= 2
}

/// The hand reader of chart entries (`quick_chart.rs`) against the grammar.
#[cfg(test)]
mod quick_entries {
    use super::super::quick_chart::chart_entry;
    use super::grammar_chart_entry;
    use proptest::prelude::*;

    /// Where the reader decides, it reads what the grammar reads.
    fn same(line: &str) -> Result<(), TestCaseError> {
        if let Ok(quick) = chart_entry(line) {
            prop_assert_eq!(quick, grammar_chart_entry(line), "{:?}", line);
        }
        Ok(())
    }

    #[test]
    fn the_entries_books_write_are_read_without_the_grammar() {
        for line in [
            " 1-2  A {Calm} Fisherman mending nets (E)",
            "11-12 A {Proud} Admiral (A)",
            " 5-8  A {Lonely} Princess (A, female)",
            "12 Tormenta {terrible} (F)",
            " 3 – 4  An {Honest} Caravan Master (B2)",
            "12    A door that was not there yesterday @402",
            " 7-8  The {Wicked} Vizier @F:Wicked (F)",
        ] {
            let quick = chart_entry(line).expect("read without the grammar");
            assert_eq!(quick, grammar_chart_entry(line), "{line}");
            assert!(quick.is_some(), "{line}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn reads_entries_as_the_grammar_does(line in "( |\t|1|12|-|–|3 - 4|\\{|\\}|\\{Lost\\}|\\{ Wise \\}|\\(|\\)|\\(L\\)|\\(A, female\\)|\\(B2 ,  male \\)|\\(Ab\\)|\\(A-\\)|\\(A,\\)|\\(A, é\\)|,|A|L|x|é|ß|\\u{a0}|@5|@F:Lost|@F|@F:|@Fa|@F-|@F:Ñu|@well|@x-y-|@|a@5|9999999999){0,14}") {
            same(&line)?;
        }

        #[test]
        fn reads_any_text_as_the_grammar_does(line in "\\PC{0,60}") {
            same(&line)?;
        }
    }
}
