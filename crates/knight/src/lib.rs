//! Chess-knight problems, answered exactly: the fewest moves and a shortest
//! path on any board up to 10⁹ a side, knight's tours, and the "Knight
//! Board" challenge's terrain boards (validating a sequence, the cheapest
//! path, the longest path with a proven bound), with text and SVG pictures
//! of every answer.
//!
//! Everything here is synchronous, allocation-light and free of I/O: no
//! HTTP, no async runtime, no JSON. A service embeds it by calling these
//! functions (on a blocking pool for the heavy ones: tours, longest paths,
//! large terrain boards); the knightd service is one such.
//!
//! ```
//! use knight::{knight_distance, shortest_path, Board, SquareName};
//!
//! let board = Board::CHESS;
//! let from = "g2".parse::<SquareName>()?.on(board)?;
//! let to = "a8".parse::<SquareName>()?.on(board)?;
//! assert_eq!(knight_distance(board, from, to), Some(4));
//! let path = shortest_path(board, from, to, 1_000)?.ok_or("unreachable")?;
//! let names: Vec<String> = path.iter().map(|s| s.to_string()).collect();
//! assert_eq!(names, ["g2", "e3", "d5", "c7", "a8"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The vocabulary, all re-exported here (the modules behind it are private
//! and free to change):
//! - boards and squares: [`Board`], [`Square`], [`SquareName`] (a square as
//!   written: an index or an algebraic name), [`Notation`], [`Colour`];
//! - plain boards of any size: [`knight_distance`], [`shortest_path`];
//! - terrain boards: [`Terrain`], [`BarrierRule`], [`cheapest_path`],
//!   [`validate`], [`longest_path`] (and [`longest_path_watched`], which
//!   reports each improvement as the search makes it);
//! - knight's tours: the one door [`tour()`] with its [`TourRequest`] and
//!   [`TourMethod`], and [`IndexedTour`], which reads any step of the same
//!   tour on boards up to 10⁹ a side without building it; [`finish_tour`]
//!   for a partly played tour;
//! - knight's tour puzzles: [`solve_clues`] (the tour that agrees with some
//!   numbered squares, and whether it is the only one) and [`make_puzzle`]
//!   (clues that exactly one tour agrees with);
//! - pictures: [`draw_text`], [`draw_svg`] and their [`Overlay`];
//! - a time limit that can be called off: [`Deadline`] (the finish, the
//!   clue solve and the puzzle take one, or a plain `Duration`).

#![deny(missing_docs)]
#![warn(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_lossless
)]

mod board;
mod cache;
mod deadline;
mod draw;
mod plain;
mod terrain;
mod tour;

pub use board::{
    file_name, shorten_sent, Board, BoardError, Colour, FileName, Notation, OffBoard, Square,
    SquareName, SquareParseError, MAX_SIDE,
};
pub use cache::{Cache, CacheStats};
pub use deadline::Deadline;
pub use draw::{
    grouped as grouped_digits, svg as draw_svg, text as draw_text, text_with_knight as draw_knight,
    text_with_path as draw_path_text, view as drawn_part, Caption, Drawing, Overlay, RenderError,
    View,
};
pub use plain::count::Count;
pub use plain::distance::{knight_distance, shortest_path, DistanceError};
pub use plain::map::{distance_map, DistanceMap, MapError};
pub use plain::paths::{shortest_paths, PathsError, ShortestPaths};
pub use terrain::cheapest::{cheapest_path, CheapestError, CheapestPath, MoveGrid};
pub use terrain::longest::{longest_path, longest_path_watched, Longest, LongestWatch};
pub use terrain::validate::{validate, StepFault, Validation};
pub use terrain::{
    BarrierRule, Cell, End, Ground, Reason, SearchError, Terrain, TerrainError, UnknownBarrierRule,
};
pub use tour::construct::IndexedTour;
pub use tour::finish::{
    check_clues, finish_tour, last_finish_nodes, solve_clues, Clue, ClueStuck, CluesError,
    CluesRequest, Ending, FinishError, FinishRequest, Finished, Solved, Stuck, CLUE_SQUARES,
    WHOLE_CHECK_SQUARES,
};
pub use tour::puzzle::{make_puzzle, Puzzle, PuzzleError, PuzzleRequest};
pub use tour::warnsdorff::DEFAULT_BACKTRACKS as WARNSDORFF_BACKTRACKS;
pub use tour::{
    is_tour, tour, Cycle, Method as TourMethod, NoTour, SharedTour, Tour, TourAnswer, TourError,
    TourRequest, TourSquares,
};

/// Builds the tables every distance reads (the 8×8 table and the 3- and
/// 4-wide strip table), once; later calls return at once. A service calls
/// it at start-up so that no request pays for it.
///
/// ```
/// knight::warm();
/// assert!(knight::is_warm());
/// ```
pub fn warm() {
    plain::strip::StripTable::get();
    plain::table::ChessTable::get();
}

/// Whether [`warm`] has built the tables (a service is ready then).
pub fn is_warm() -> bool {
    plain::table::ChessTable::is_warm()
}

/// The README's examples, run as doctests: the one the service's README
/// shows too (`tests/http/readme.rs` holds the two copies alike) runs as written.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
