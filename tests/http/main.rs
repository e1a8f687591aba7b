//! The service's integration tests, one binary: a module per endpoint or
//! concern, each starting the same `knightd::app()` the binary serves (see
//! [`common`]), and the binary itself in `binary` and `health_check`.
//! Answers are held to the independent references of the
//! `knight-reference` crate, never to the solver's own code.
//!
//! `cargo test --test http tour_step::` runs one module's tests (any part
//! of a test's path filters).

mod common;

mod api;
mod binary;
mod contract;
mod distance_any_board;
mod health_check;
mod limits;
mod longest_http;
mod maps;
mod memory;
mod one_rule;
mod openapi;
mod operations;
mod page;
mod parsers;
mod pictures;
mod png;
mod problems;
mod puzzle_http;
mod readme;
mod terrain_http;
mod tour;
mod tour_count;
mod tour_finish;
mod tour_step;
