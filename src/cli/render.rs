//! `tales render PATH [--output FILE]`.

use crate::load::find_book_root;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub(super) struct RenderArgs {
    /// A book folder, or any file inside one.
    path: PathBuf,
    /// Write the page to FILE (a folder gets `index.html`) instead of
    /// standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub(super) fn run(args: &RenderArgs) -> ExitCode {
    let root = match find_book_root(&args.path) {
        Ok(r) => r,
        Err(e) => return super::fail(&e.to_string()),
    };
    let (book, _) = crate::load::load_book(&root);
    let page = crate::render::page(&book);
    std::mem::forget(book);
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
