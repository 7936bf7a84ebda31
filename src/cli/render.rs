//! `tales render [PATH] [--output FILE] [--beside SOURCE]`.

use crate::load::find_book_root;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct RenderArgs {
    /// A book folder, or any file inside one. Default: the book around the
    /// current folder.
    path: Option<PathBuf>,
    /// Write the page to FILE (a folder gets `index.html`) instead of
    /// standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Render PATH, a translation, side by side with SOURCE, paragraph by
    /// paragraph, each finding of the comparison under its paragraph: the
    /// review copy of a translation.
    #[arg(long, value_name = "SOURCE")]
    beside: Option<PathBuf>,
}

pub(super) fn run(args: &RenderArgs) -> ExitCode {
    let root = match super::book_at(args.path.as_deref()) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    let page = match &args.beside {
        None => {
            let (book, _) = crate::load::load_book(&root);
            let page = crate::render::page(&book);
            std::mem::forget(book);
            page
        }
        Some(source) => match find_book_root(source) {
            Ok(source) => {
                let (s, t) = crate::check::check_pair(
                    (&source, String::new()),
                    (&root, String::new()),
                    &crate::lints::levels::CliLevels::default(),
                );
                crate::render::beside(&s.book, &t.book, &t.diagnostics)
            }
            Err(e) => return super::fail(&e.to_string()),
        },
    };
    let file = match &args.output {
        Some(out) if out.is_dir() || out.extension().is_none() => {
            if let Err(e) = std::fs::create_dir_all(out) {
                return super::fail(&format!("cannot write {}: {e}", out.display()));
            }
            Some(out.join("index.html"))
        }
        other => other.clone(),
    };
    let written = super::write_out(file.as_deref(), &page);
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&e),
    }
}
