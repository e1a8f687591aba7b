//! The chess-knight solver: pure, synchronous code with no HTTP in it.
//!
//! Every function here is a plain computation over boards and squares; the
//! `api` module calls it and shapes the answers.

pub mod bfs;
pub mod board;
pub mod cheapest;
pub mod closed_form;
pub mod distance;
pub mod longest;
pub mod path;
pub mod render;
pub mod strip;
pub mod table;
pub mod terrain;
pub mod tour;
pub mod validate;

pub use board::{Board, Colour, Notation, Square, SquareName};
