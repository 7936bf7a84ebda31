//! `tales check` as a library call: load, graph, lints, levels.

use crate::graph;
use crate::lints::{
    self,
    levels::{CliLevels, Levels},
};
use crate::load;
use crate::report::Checked;
use std::path::Path;
use std::time::Instant;

/// Check one book folder. With `TALES_TIMINGS` set, the time of each phase
/// goes to standard error (for profiling; not part of any output format).
pub fn check_book(root: &Path, display: String, cli: &CliLevels) -> Checked {
    let timings = std::env::var_os("TALES_TIMINGS").is_some();
    let mut clock = Instant::now();
    let mut lap = |phase: &str| {
        if timings {
            eprintln!("{phase:>8}: {:.1} ms", clock.elapsed().as_secs_f64() * 1e3);
        }
        clock = Instant::now();
    };
    let (book, mut diags) = load::load_book(root);
    lap("load");
    let graph = graph::build(&book);
    lap("graph");
    diags.extend(lints::run(&book, &graph));
    lap("lints");
    let levels = Levels::new(&book.manifest.lints, cli, &mut diags);
    let diagnostics = levels.apply(&book, diags);
    lap("levels");
    Checked {
        display,
        book,
        diagnostics,
    }
}
