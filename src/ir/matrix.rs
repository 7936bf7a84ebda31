use crate::span::{Span, Spanned};

/// A reaction matrix: reactions across, rows (adjectives) down, each cell a
/// paragraph number or `~`.
#[derive(Clone, Debug)]
pub struct Matrix {
    pub letter: Spanned<String>,
    pub reactions: Vec<Spanned<String>>,
    pub rows: Vec<Row>,
    pub span: Span,
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
        self.rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.name.value == name)
            .or_else(|| {
                let key = crate::ir::glossary_normalize(name);
                self.rows
                    .iter()
                    .enumerate()
                    .find(|(_, r)| crate::ir::glossary_normalize(&r.name.value) == key)
            })
    }
}
