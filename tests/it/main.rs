//! The integration tests, as one test binary: each file of `tests/it/` is a
//! module (`cargo test --test it cli::` runs `cli.rs`'s tests), and all of
//! them link against `tales` once instead of once a file (50 test binaries
//! linked apart cost about 74 s of CPU a build: docs/benchmarks.md, "This
//! project's CI"). Fixtures, goldens and `tests/common/` stay where they
//! were (`tests/fixtures/`, `tests/cli/`, `tests/lints/`, ...).
//!
//! One test stays a binary of its own, `tests/fuzz.rs`: it installs a
//! process-wide panic hook (to count the language server's caught panics),
//! sizes its threads to the cores on the assumption that it runs alone, and
//! fails a round that takes longer than its limit, which other tests
//! running beside it in one process would make flaky; its long campaigns
//! also build it alone (`cargo test --profile fuzz --test fuzz`).

#[path = "../common/mod.rs"]
mod common;

mod award_codes;
mod bad_input;
mod baseline;
mod blind3;
mod blind3_es2;
mod blind4;
mod blind4_es;
mod blind5;
mod blind5_es;
mod blind6;
mod blind6_es;
mod blind7;
mod blind7_es;
mod blind8;
mod blind8_es;
mod blind9;
mod blind9_es;
mod board;
mod cat;
mod cli;
mod docs_book;
mod docs_links;
mod editors;
mod effects;
mod effects_beyond;
mod engine_effects;
mod engine_rules;
mod engine_status_rules;
mod engine_v2;
mod engine_v3;
mod first_five_minutes;
mod fmt;
mod game;
mod game_movement;
mod generated_books;
mod graph;
mod hostile;
mod house;
mod l10n;
mod lint_fixtures;
mod lsp;
mod lsp_incremental;
mod memfiles;
mod msrv;
mod one_file;
mod play;
mod play_game;
mod properties;
mod quests;
mod release;
mod render;
mod sample_book;
mod silver_caravan;
mod sim;
mod sim_evidence;
mod sim_games_reach;
mod sim_html;
mod sim_targeted;
mod slips;
mod spec_example;
mod spec_example_v2;
mod status_rules;
mod tree_round_trip;
mod tutorials;
mod web;
