//! `tales graph [PATH] [--from REF | --board] [--depth N] [--format F] [--output FILE]`.

use crate::storymap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GraphFormat {
    /// Graphviz (`dot -Tsvg`).
    Dot,
    /// A Mermaid flowchart (GitHub draws it in comments).
    Mermaid,
    /// SVG, laid out by tales (no Graphviz needed).
    Svg,
    /// Nodes and edges with their spans.
    Json,
}

#[derive(clap::Args, Debug)]
pub(super) struct GraphArgs {
    /// A book folder, or any file inside one. Default: the book around the
    /// current folder.
    path: Option<PathBuf>,
    /// Draw the neighbourhood of a paragraph, row, matrix, place or status
    /// (`812`, `@F:Terrible`, `@K`, `@city-of-brass`, `imprisoned`);
    /// without it, the book's overview.
    #[arg(long, value_name = "REF", conflicts_with = "board")]
    from: Option<String>,
    /// Draw the board of `board.yaml` instead: spaces, land and sea routes,
    /// places of power and their exits.
    #[arg(long)]
    board: bool,
    /// Steps to follow from `--from`.
    #[arg(long, default_value_t = 2)]
    depth: usize,
    /// What to write.
    #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
    format: GraphFormat,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub(super) fn run(args: &GraphArgs) -> ExitCode {
    let root = match super::book_at(args.path.as_deref()) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    let (book, _) = crate::load::load_book(&root);
    let graph = crate::graph::build(&book);
    let map = if args.board {
        match storymap::board(&book) {
            Some(map) => map,
            None => {
                return super::fail(&format!("{} has no board.yaml to draw", root.display()));
            }
        }
    } else {
        match &args.from {
            Some(at) => match super::play::named_target(&book, at, "--from") {
                Ok(t) => {
                    let from = graph.resolve(&book, &t).unwrap_or_default();
                    storymap::neighbourhood(&book, &graph, &from, args.depth)
                }
                Err(e) => return super::fail(&e),
            },
            None => storymap::overview(&book, &graph),
        }
    };
    let text = match args.format {
        GraphFormat::Dot => storymap::dot::write(&map),
        GraphFormat::Mermaid => storymap::mermaid::write(&map),
        GraphFormat::Svg => storymap::svg::write(&map),
        GraphFormat::Json => storymap::json::write(&book, &map),
    };
    std::mem::forget(book);
    let written = super::write_out(args.output.as_deref(), &text);
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&e),
    }
}
