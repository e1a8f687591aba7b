//! Knight's tours. The one door is [`tour()`]: a [`TourRequest`] (board,
//! start, [`Method`]) in, a [`TourAnswer`] or a [`TourError`] out. Beside
//! it: [`IndexedTour`], which reads any step of the same tour on boards up
//! to 10⁹ a side without building it; [`finish_tour`], which finishes a
//! partly played tour or says why it cannot be finished ([`Stuck`]);
//! [`solve_clues`] and [`make_puzzle`], the numbered-square puzzles on
//! boards of at most [`CLUE_SQUARES`] squares; [`count_tours`], the exact
//! number of a board's tours (open ones counted once whichever way they are
//! walked, closed ones once, with a start those walked from it; see
//! `count`); and [`is_tour`], the check every tour passes before it is
//! given out.
//!
//! # Four questions, each a folder with its own door
//!
//! - `building`: building a tour ([`tour()`], [`IndexedTour`]): the block
//!   construction, the tours with both ends fixed, the theorems, the
//!   narrow boards' programme, Warnsdorff's rule, and the one depth-first
//!   engine every search of the tours runs on;
//! - `finish`: finishing a partly played tour ([`finish_tour`]): the
//!   checks of a position, the search on bitboards, and the window joined
//!   to constructed tours of the rest of a large board;
//! - `puzzle`: clues ([`solve_clues`], [`make_puzzle`]): the search that
//!   fills the gaps between numbered squares, and the puzzles made with it;
//! - `count`: counting a board's tours ([`count_tours`]).
//!
//! The kinds they share (a [`Tour`], its [`Ending`], why there is none,
//! [`is_tour`]) stand in `kinds`, below all four. Each folder's door
//! exports what the others may use, no more: a puzzle is solved on the
//! finish's bitboards with the finish's checks, and its search runs on the
//! building's engine and theorems, so `puzzle` uses `finish` and
//! `building`, and `finish` uses `building`; none uses this door, which
//! only hands their public names on.

mod building;
mod count;
mod finish;
mod kinds;
mod puzzle;

pub use building::{tour, IndexedTour, Method, TourAnswer, TourRequest, DEFAULT_BACKTRACKS};
pub use count::{count_tours, count_tours_on, CountError, CountRequest, Counted, TourCount};
#[cfg(feature = "counters")]
pub use finish::last_finish_nodes;
pub use finish::{finish_tour, FinishError, FinishRequest, Finished, Stuck};
pub use kinds::{is_tour, Cycle, Ending, NoTour, SharedTour, Tour, TourError, TourSquares};
pub use puzzle::{
    check_clues, make_puzzle, solve_clues, Clue, ClueStuck, CluesError, CluesRequest, Puzzle,
    PuzzleError, PuzzleRequest, Solved, CLUE_SQUARES,
};
