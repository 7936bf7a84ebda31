//! A file's classified lines: headers, branches, comments, blank and prose
//! lines (the output of `grammar/tales.pest`).

pub(crate) mod classify;
pub(crate) mod read;
