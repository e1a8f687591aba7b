//! Knight's tour puzzles: a board with some squares numbered with their
//! step in the tour ([`Clue`]s), solved ([`solve_clues`]: the tours that
//! agree with every clue, and whether there is exactly one) and made
//! ([`make_puzzle`]: clues that exactly one tour agrees with, none to
//! spare), on boards of at most [`CLUE_SQUARES`] squares.
//!
//! Both stand on one search, `gaps`: a depth-first search that fills the
//! gaps between the numbered squares on the finish's bitboards, each cut a
//! fact of every way on, so that an exhausted search is a proof. A solve
//! first checks the clues as a whole (`solve`), the squares numbered 1, 2,
//! … k as a played prefix with the finish's own checks; a puzzle is made
//! from a seed by the same search (`make`).

mod clue;
mod gaps;
mod make;
mod solve;

pub use clue::Clue;
pub use make::{make_puzzle, Puzzle, PuzzleError, PuzzleRequest};
pub use solve::{
    check_clues, solve_clues, ClueStuck, CluesError, CluesRequest, Solved, CLUE_SQUARES,
};
