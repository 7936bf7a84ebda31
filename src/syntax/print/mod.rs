//! Award items back to text: as the book prints them, in its language
//! (`item`: the inverse of [`crate::syntax::awards::award`], used by the
//! round-trip property tests and by messages that show an award as the
//! book would print it), and in plain words (`words`: `play`, notes,
//! proofreading).

pub mod item;
pub mod words;

pub use item::{award, item, section_name};
pub use words::words;
