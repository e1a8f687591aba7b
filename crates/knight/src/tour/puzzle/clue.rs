//! A clue: one numbered square of a puzzle, the word the clue solve, its
//! search and the puzzles made with it share.

use std::fmt;

use crate::board::Square;

/// One numbered square of a puzzle: the square and its step in the tour,
/// counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clue {
    /// The square.
    pub square: Square,
    /// Its step, from 1 (the first square) to the board's squares.
    pub step: u64,
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is numbered {}", self.square, self.step)
    }
}
