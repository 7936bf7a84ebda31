//! `tales lsp`: the Language Server Protocol over stdio, with
//! `lsp-server` and `lsp-types` (rust-analyzer's: synchronous, no async
//! runtime; a check is a few milliseconds of CPU, not I/O to wait on).
//!
//! The server holds each book of the workspace as an [`book::OpenBook`]:
//! the IR built once, and on each edit of a `.tales` file only that file
//! read again, then the graph and the lints. Edits that arrive while one is
//! applied are applied together before the next check, so typing never
//! waits on a check of text already replaced. A panic inside a request is
//! caught and answered with an error; the server keeps serving.

mod actions;
pub mod book;
mod complete;
mod convert;
pub mod framing;
pub mod navigate;
pub mod position;
mod server;
pub mod symbols;
mod tokens;

pub use server::{run, serve};
