use crate::span::{Span, Spanned};

/// A reaction matrix: reactions across, rows (adjectives) down, each cell a
/// paragraph number or `~`.
#[derive(Clone, Debug)]
pub struct Matrix {
    pub letter: Spanned<String>,
    pub reactions: Vec<Spanned<String>>,
    pub rows: Vec<Row>,
    pub span: Span,
    /// Row name -> index, as written and normalised (the first of a name):
    /// built by `index_rows`, so that finding a row costs no scan.
    pub names: rustc_hash::FxHashMap<String, usize>,
    pub folded: rustc_hash::FxHashMap<String, usize>,
}

#[derive(Clone, Debug)]
pub struct Row {
    pub name: Spanned<String>,
    pub cells: Vec<Option<Spanned<u32>>>,
    pub span: Span,
}

impl Matrix {
    /// A row by name, case-insensitively.
    pub fn row(&self, name: &str) -> Option<(usize, &Row)> {
        let name = name.trim();
        let at = |i: usize| Some((i, &self.rows[i]));
        if self.names.is_empty() && !self.rows.is_empty() {
            // Not indexed (a matrix built by hand): scan.
            let key = crate::ir::glossary_normalize(name);
            return self
                .rows
                .iter()
                .position(|r| r.name.value == name)
                .or_else(|| {
                    self.rows
                        .iter()
                        .position(|r| crate::ir::glossary_normalize(&r.name.value) == key)
                })
                .and_then(at);
        }
        if let Some(&i) = self.names.get(name) {
            return at(i);
        }
        let i = *self.folded.get(&crate::ir::glossary_normalize(name))?;
        at(i)
    }

    /// Index the rows by name (after they are all read).
    pub fn index_rows(&mut self) {
        self.names.reserve(self.rows.len());
        self.folded.reserve(self.rows.len());
        for (i, r) in self.rows.iter().enumerate() {
            self.names.entry(r.name.value.clone()).or_insert(i);
            self.folded
                .entry(crate::ir::glossary_normalize(&r.name.value))
                .or_insert(i);
        }
    }
}
