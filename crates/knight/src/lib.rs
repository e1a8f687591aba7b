//! The chess-knight solver: pure, synchronous code with no HTTP in it.
//!
//! Every function here is a plain computation over boards and squares; the
//! `api` module calls it and shapes the answers. [`board`] is the ground
//! every part stands on (squares, boards, the one table of knight steps and
//! the dense grids searches use); [`plain`] answers plain boards of any size,
//! [`terrain`] the challenge's terrain boards, [`tour`] knight's tours, and
//! [`draw`] pictures them all.

pub mod board;
pub mod draw;
pub mod plain;
pub mod terrain;
pub mod tour;

pub use board::{Board, Colour, Notation, Square, SquareName};

/// Builds the tables every distance reads (the 8×8 table and the 3- and
/// 4-wide strip table), once; later calls return at once. A service calls
/// it at start-up so that no request pays for it.
pub fn warm() {
    plain::strip::StripTable::get();
    plain::table::ChessTable::get();
}
