//! The book's tables: an encounter chart's entries, the reaction
//! matrices (a row a line, a reaction a column, each cell a link), and the
//! cards and places of power.

use super::href;
use crate::ir::{Book, Chart, ChartTarget, Reference};
use crate::text::escape_xml as esc;
use std::fmt::Write as _;

/// A chart paragraph's entries: the roll, then the entry as written.
pub(super) fn chart(book: &Book, chart: &Chart, s: &mut String) {
    s.push_str("<table class=\"chart\">");
    for e in &chart.entries {
        let roll = if e.lo == e.hi {
            e.lo.to_string()
        } else {
            format!("{}–{}", e.lo, e.hi)
        };
        let line = book.sources.slice(e.span).trim_start();
        let text = line
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '–')
            .trim_start();
        let to = match &e.target {
            ChartTarget::Row { matrix, .. } => Some(format!("#matrix-{}", esc(&matrix.value))),
            ChartTarget::Paragraph(r) => Some(href(&r.target)),
            ChartTarget::None => None,
        };
        let text = match to {
            Some(h) => format!("<a href=\"{h}\">{}</a>", esc(text)),
            None => esc(text),
        };
        let _ = write!(s, "<tr><td>{roll}</td><td>{text}</td></tr>");
    }
    s.push_str("</table>");
}

/// Each matrix as a table: its reactions across, its rows down.
pub(super) fn matrices(book: &Book, s: &mut String) {
    if book.matrices.is_empty() {
        return;
    }
    let _ = writeln!(s, "<h2>{}</h2>", esc(&book.manifest.locale.render.matrices));
    for m in &book.matrices {
        let letter = esc(&m.letter.value);
        let _ = write!(s, "<table id=\"matrix-{letter}\"><tr><th>{letter}</th>");
        for r in &m.reactions {
            let _ = write!(s, "<th>{}</th>", esc(&r.value));
        }
        s.push_str("</tr>");
        for row in &m.rows {
            let _ = write!(s, "<tr><th>{}</th>", esc(&row.name.value));
            for c in &row.cells {
                match c {
                    Some(c) => {
                        let _ = write!(s, "<td><a href=\"#p{n}\">{n}</a></td>", n = c.value);
                    }
                    None => s.push_str("<td>—</td>"),
                }
            }
            s.push_str("</tr>");
        }
        s.push_str("</table>\n");
    }
}

fn link(r: Option<&Reference>) -> String {
    r.map_or_else(
        || "—".to_owned(),
        |r| {
            format!(
                "<a href=\"{}\">{}</a>",
                href(&r.target),
                esc(&r.target.to_string())
            )
        },
    )
}

/// The cards (character: a chart by time of day; terrain: by terrain;
/// city: its paragraph) and the places of power.
pub(super) fn cards(book: &Book, s: &mut String) {
    let c = &book.cards;
    let w = &book.manifest.locale.render;
    let _ = writeln!(s, "<h2>{}</h2>", esc(&w.cards));
    heads(s, &[&w.card, &w.morning, &w.noon, &w.night]);
    for x in &c.character {
        let name = esc(&x.name.value);
        let times = [&x.morning, &x.noon, &x.night].map(|r| link(r.as_ref()));
        row(s, &[&name, &times[0], &times[1], &times[2]]);
    }
    s.push_str("</table>\n");
    heads(s, &[&w.terrain_card, &w.terrain, &w.encounter]);
    for x in &c.terrain {
        for (t, r) in &x.entries {
            row(s, &[&esc(&x.name.value), &esc(&t.value), &link(Some(r))]);
        }
    }
    s.push_str("</table>\n");
    heads(s, &[&w.city_card, &w.paragraph, &w.results]);
    for x in &c.city {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>",
            esc(&x.city.value),
            link(x.paragraph.as_ref())
        );
        for (i, (n, award)) in x.results.iter().enumerate() {
            if i > 0 {
                s.push_str("<br/>");
            }
            let _ = write!(s, "{}: {}", n.value, city_result(book, award));
        }
        s.push_str("</td></tr>");
    }
    let _ = write!(s, "</table>\n<h2>{}</h2>\n<table>", esc(&w.places));
    for p in &book.manifest.world.places {
        let name = p.name.as_ref().map_or(&p.id.value, |n| &n.value);
        let _ = write!(
            s,
            "<tr id=\"place-{}\"><td>{}</td><td>{}</td></tr>",
            esc(&p.id.value),
            esc(name),
            link(p.paragraph.as_ref())
        );
    }
    s.push_str("</table>\n");
}

/// A table's opening and its row of headings (escaped here).
fn heads(s: &mut String, words: &[&str]) {
    s.push_str("<table><tr>");
    for w in words {
        let _ = write!(s, "<th>{}</th>", esc(w));
    }
    s.push_str("</tr>");
}

/// A row of cells, already markup.
fn row(s: &mut String, cells: &[&str]) {
    s.push_str("<tr>");
    for c in cells {
        let _ = write!(s, "<td>{c}</td>");
    }
    s.push_str("</tr>");
}

/// A city card's result as the book writes it, bold, a reference in it a
/// link.
fn city_result(book: &Book, award: &crate::ir::Award) -> String {
    let goto = award.items.iter().find_map(|i| match &i.effect {
        crate::ir::Effect::Goto(t) => Some(t),
        _ => None,
    });
    let text = esc(book.sources.slice(award.span).trim());
    match goto {
        Some(t) => format!("<a href=\"{}\"><b class=\"award\">{text}</b></a>", href(t)),
        None => format!("<b class=\"award\">{text}</b>"),
    }
}
