//! The library's integration tests, one binary: each module holds one part
//! of the solver to answers checked here or by the independent references
//! of the `knight-reference` crate, never by the solver itself.
//!
//! One binary links the library once; `cargo test -p knight --test solver
//! tours::` runs one module's tests (any part of a test's path filters).

mod count;
mod finish;
mod finish_window;
mod longest;
mod puzzle;
mod shortest_paths;
mod terrain;
mod tour_existence;
mod tours;
