//! From the YAML trees of `book.yaml`, `glossary.yaml`, `matrices.yaml`,
//! `cards.yaml`, `board.yaml` and `quests.yaml` to IR, one diagnostic per bad value.

pub mod board;
mod board_checks;
pub mod cards;
pub mod glossary;
pub mod index;
pub mod manifest;
pub mod matrices;
pub mod quests;
mod read;
pub mod rules;
