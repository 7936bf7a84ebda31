//! `tales check` as a library call: load, graph, lints, levels.

use crate::graph;
use crate::lints::{
    self,
    levels::{CliLevels, Levels},
};
use crate::load;
use crate::report::Checked;
use std::path::Path;

/// Check one book folder.
pub fn check_book(root: &Path, display: String, cli: &CliLevels) -> Checked {
    let (book, mut diags) = load::load_book(root);
    let graph = graph::build(&book);
    diags.extend(lints::run(&book, &graph));
    let levels = Levels::new(&book.manifest.lints, cli, &mut diags);
    let diagnostics = levels.apply(&book, diags);
    Checked {
        display,
        book,
        diagnostics,
    }
}
