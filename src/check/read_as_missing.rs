//! An award item read as a go-to to paragraph N though written otherwise
//! (`Go to 501` for `Go to paragraph 501`, `@5O1` with a letter for a
//! digit: reported by the syntax layer, which names N) when paragraph N does
//! not exist: the graph's `dangling-reference` on the item is the one
//! finding, its help the fix of both; the item's own finding is folded into
//! its label ("read as `501`, which leads nowhere").

use crate::diagnostic::Diagnostics;
use crate::ir::Book;

pub(super) fn fold_into_the_dangling(book: &Book, diags: &mut Diagnostics) {
    // The dangling references by where they start (items do not overlap:
    // a finding inside one is inside the last that starts before it).
    let mut dangling: Vec<(u32, u32, u32, usize)> = diags
        .iter()
        .enumerate()
        .filter(|(_, d)| d.code == "dangling-reference")
        .map(|(i, d)| {
            let s = d.primary.span;
            (s.file.0, s.start, s.end, i)
        })
        .collect();
    if dangling.is_empty() {
        return;
    }
    dangling.sort_unstable();
    let mut folded: Vec<(usize, usize)> = Vec::new();
    for (j, d) in diags.iter().enumerate() {
        let read = matches!(d.code, "syntax-error" | "unknown-name")
            && matches!(d.run, Some((n, m)) if n == m && book.paragraph(n).is_none());
        if !read {
            continue;
        }
        let s = d.primary.span;
        let k = dangling.partition_point(|&(f, start, _, _)| (f, start) <= (s.file.0, s.start));
        if let Some(&(f, _, end, i)) = k.checked_sub(1).and_then(|k| dangling.get(k))
            && f == s.file.0
            && end >= s.end
        {
            folded.push((i, j));
        }
    }
    if folded.is_empty() {
        return;
    }
    let mut gone = vec![false; diags.len()];
    for (i, j) in folded {
        let read = diags[j].primary.text.clone();
        diags[i].primary.text = format!("{read}, which leads nowhere");
        gone[j] = true;
    }
    let mut k = 0;
    diags.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
}
