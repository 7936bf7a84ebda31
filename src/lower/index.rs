//! The paragraphs of a book by number. A number defined twice is reported;
//! when the second definition is one keystroke from a number the book
//! refers to but never defines (`-263-` written for `-264-`, which a matrix
//! cell needs) and stands where that number belongs in its file, it is read
//! as that number: one finding, not two. So is the first, when it is the
//! one out of place (`-74-` typed for `-73-` before the true 74).

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Book, Target};
use std::collections::HashSet;

pub fn index_paragraphs(book: &mut Book, diags: &mut Diagnostics) {
    book.index.reserve(book.paragraphs.len());
    let mut second = Vec::new();
    for (i, p) in book.paragraphs.iter().enumerate() {
        match book.index.entry(p.number) {
            std::collections::hash_map::Entry::Occupied(_) => second.push(i),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
    if second.is_empty() {
        return;
    }
    let mut wanted = wanted(book);
    // A number defined many times is one finding, with the count.
    let mut again: std::collections::HashMap<u32, (usize, usize)> =
        std::collections::HashMap::new();
    for i in second {
        let n = book.paragraphs[i].number;
        if let Some((_, times)) = again.get_mut(&n) {
            *times += 1;
            continue;
        }
        let first = book.paragraphs[book.index[&n]].header;
        let header = book.paragraphs[i].header;
        let meant: Vec<u32> = crate::text::one_digit_off(n)
            .into_iter()
            .filter(|m| wanted.contains(m))
            .collect();
        if let [m] = meant.as_slice()
            && let Some(d) = first_meant(book, i, *m)
        {
            wanted.remove(m);
            diags.push(d);
            continue;
        }
        let d = Diagnostic::new(
            "duplicate-paragraph",
            header,
            format!("paragraph {n} is defined twice"),
        )
        .with_secondary(first, "first defined here");
        let d = if let [m] = meant.as_slice()
            && in_place(book, i, *m)
        {
            let m = *m;
            wanted.remove(&m);
            book.paragraphs[i].number = m;
            book.index.insert(m, i);
            d.label(format!("read as `-{m}-`")).with_help(format!(
                "did you mean `-{m}-`? The book refers to paragraph {m} and defines it nowhere else"
            ))
        } else {
            again.insert(n, (diags.len(), 2));
            let help = match meant.as_slice() {
                // A keystroke from a number the book needs, but not where
                // that number stands in its file: the two may be two slips
                // (blind trial 8), so the missing one is still reported.
                [m] => format!(
                    "renumber one of them; references go to the first (is this one `-{m}-`? The book refers to paragraph {m}, which no header defines)"
                ),
                _ => "renumber one of them; references go to the first".to_owned(),
            };
            d.label("second definition").with_help(help)
        };
        diags.push(d);
    }
    for (n, (i, times)) in again {
        if times > 2 {
            diags[i].message = format!("paragraph {n} is defined {times} times");
        }
    }
}

/// The first definition of the number paragraph `i` defines again, read
/// as `m` when it is the one out of place: it stands where `m` belongs and
/// not where its own number does (`-74-` typed for `-73-` between 72 and
/// the true 74). The second is then that number, and the finding is at the
/// first. `None` when the first is in its place.
fn first_meant(book: &mut Book, i: usize, m: u32) -> Option<Diagnostic> {
    let n = book.paragraphs[i].number;
    let f = book.index[&n];
    if in_place(book, i, m) || !in_place(book, f, m) || in_place(book, f, n) {
        return None;
    }
    book.paragraphs[f].number = m;
    book.index.insert(m, f);
    book.index.insert(n, i);
    let d = Diagnostic::new(
        "duplicate-paragraph",
        book.paragraphs[f].header,
        format!("paragraph {n} is defined twice"),
    )
    .label(format!("read as `-{m}-`"))
    .with_secondary(book.paragraphs[i].header, format!("this one is paragraph {n}"))
    .with_help(format!(
        "did you mean `-{m}-`? The book refers to paragraph {m} and defines it nowhere else, and this header stands where {m} belongs"
    ));
    Some(d)
}

/// Whether paragraph `i` stands where number `m` belongs in its file:
/// after a smaller number and before a larger one, among the paragraphs
/// of its own file (`-263-` typed for `-264-` between 263 and 265).
fn in_place(book: &Book, i: usize, m: u32) -> bool {
    let file = book.paragraphs[i].header.file;
    let near = |j: Option<usize>| {
        j.and_then(|j| book.paragraphs.get(j))
            .filter(|p| p.header.file == file)
            .map(|p| p.number)
    };
    let (prev, next) = (near(i.checked_sub(1)), near(i.checked_add(1)));
    (prev.is_some() || next.is_some()) && prev.is_none_or(|p| p < m) && next.is_none_or(|q| q > m)
}

/// Paragraph numbers the book refers to (cells and their neighbours,
/// references, cards, places) that no paragraph defines.
fn wanted(book: &Book) -> HashSet<u32> {
    let mut out = HashSet::new();
    let mut add = |t: &Target| {
        if let Target::Paragraph(n) = t {
            out.insert(*n);
        }
    };
    for p in &book.paragraphs {
        for r in p.references() {
            add(&r.target);
        }
    }
    for c in &book.cards.character {
        for r in [&c.morning, &c.noon, &c.night].into_iter().flatten() {
            add(&r.target);
        }
    }
    for c in &book.cards.terrain {
        c.entries.iter().for_each(|(_, r)| add(&r.target));
    }
    for c in &book.cards.city {
        c.paragraph.iter().for_each(|r| add(&r.target));
    }
    for p in &book.manifest.world.places {
        p.paragraph.iter().for_each(|r| add(&r.target));
    }
    for m in &book.matrices {
        for cell in m.rows.iter().flat_map(|r| r.cells.iter().flatten()) {
            for t in [
                cell.value.checked_sub(1),
                Some(cell.value),
                cell.value.checked_add(1),
            ]
            .into_iter()
            .flatten()
            {
                out.insert(t);
            }
        }
    }
    out.retain(|n| !book.index.contains_key(n));
    out
}
