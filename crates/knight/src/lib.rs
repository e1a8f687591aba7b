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
//! # Two tiers of names
//!
//! The vocabulary is here at the root: the words of boards and squares, the
//! doors (one function for each question) with what they take and their
//! errors, and the two values a caller holds (a time limit, a cache):
//! - boards and squares: [`Board`] ([`BoardError`]), [`Square`],
//!   [`SquareName`] (a square as written: an index or an algebraic name;
//!   [`SquareParseError`], [`OffBoard`]), [`Notation`], [`Colour`];
//! - plain boards of any size: [`knight_distance`], [`shortest_path`]
//!   ([`DistanceError`]);
//! - terrain boards: [`Terrain`] ([`TerrainError`]) under a [`BarrierRule`],
//!   [`validate()`], [`cheapest_path`] and [`longest_path`] (both refuse with
//!   a [`SearchError`]);
//! - knight's tours: the one door [`tour()`] with its [`TourRequest`]
//!   ([`TourError`]); [`finish_tour`] for a partly played tour
//!   ([`FinishRequest`], [`FinishError`]); [`count_tours`], the exact
//!   number of tours of a board, open or closed, from a start or between
//!   two squares ([`CountRequest`], [`CountError`]);
//! - knight's tour puzzles: [`solve_clues`] (the tour that agrees with some
//!   numbered squares, and whether it is the only one; [`CluesRequest`],
//!   [`CluesError`]) and [`make_puzzle`] (clues that exactly one tour agrees
//!   with; [`PuzzleRequest`], [`PuzzleError`]);
//! - what a caller holds: a time limit that can be called off,
//!   [`Deadline`] (the finish, the clue solve and the puzzle take one, or a
//!   plain `Duration`), and the [`Cache`] of tables kept between calls;
//!   [`warm`] builds the distance tables ahead of the first question
//!   ([`is_warm`] says whether it has).
//!
//! The rest lives in public modules, one for each kind of question, and is
//! named by its path (`knight::tour::Method`, `knight::draw::svg`):
//! - [`board`]: the words above, and how squares are written
//!   ([`file_name`], [`FileName`], [`MAX_SIDE`]; [`shorten_sent`] quotes
//!   what a person sent);
//! - [`plain`]: plain boards: the distance and a shortest path, the
//!   distance of every square of a window ([`distance_map`]), and every
//!   shortest path between two squares, counted ([`shortest_paths`],
//!   [`Count`]);
//! - [`terrain`]: terrain boards: their cells, the [`Ground`] a path and a
//!   picture stand on, a board prepared for many cheapest paths
//!   ([`MoveGrid`]), why a step is refused ([`Reason`], [`StepFault`]), and
//!   the longest path watched as it improves ([`longest_path_watched`]);
//! - [`tour`](mod@tour): knight's tours: how one is asked for ([`Method`])
//!   and given ([`TourAnswer`], [`SharedTour`], [`Tour`]), any step of a
//!   tour of a board up to 10⁹ a side read without building it
//!   ([`IndexedTour`]), why there is none ([`NoTour`]), a played tour's
//!   ending and why it cannot be finished ([`Ending`], [`Stuck`]), clues and
//!   puzzles ([`Clue`], [`Solved`], [`Puzzle`]), which tours are counted and
//!   their number ([`Counted`], [`TourCount`]; an open tour is counted once
//!   whichever way it is walked, a closed one once, with a start those
//!   walked from it);
//! - [`draw`]: a picture of every answer, as text or SVG ([`draw::text`],
//!   [`draw::svg`]), with what is drawn over the board ([`Overlay`],
//!   [`Caption`]) and which part of a large board is shown ([`View`]);
//! - [`cache`]: the [`Cache`] and what it holds ([`CacheStats`]).
//!
//! [`file_name`]: board::file_name
//! [`FileName`]: board::FileName
//! [`MAX_SIDE`]: board::MAX_SIDE
//! [`shorten_sent`]: board::shorten_sent
//! [`distance_map`]: plain::distance_map
//! [`shortest_paths`]: plain::shortest_paths
//! [`Count`]: plain::Count
//! [`Ground`]: terrain::Ground
//! [`MoveGrid`]: terrain::MoveGrid
//! [`Reason`]: terrain::Reason
//! [`StepFault`]: terrain::StepFault
//! [`longest_path_watched`]: terrain::longest_path_watched
//! [`Method`]: tour::Method
//! [`TourAnswer`]: tour::TourAnswer
//! [`SharedTour`]: tour::SharedTour
//! [`Tour`]: tour::Tour
//! [`IndexedTour`]: tour::IndexedTour
//! [`NoTour`]: tour::NoTour
//! [`Ending`]: tour::Ending
//! [`Stuck`]: tour::Stuck
//! [`Clue`]: tour::Clue
//! [`Solved`]: tour::Solved
//! [`Puzzle`]: tour::Puzzle
//! [`Counted`]: tour::Counted
//! [`TourCount`]: tour::TourCount
//! [`Overlay`]: draw::Overlay
//! [`Caption`]: draw::Caption
//! [`View`]: draw::View
//! [`CacheStats`]: cache::CacheStats

#![deny(missing_docs)]
#![warn(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_lossless
)]

pub mod board;
pub mod cache;
mod deadline;
pub mod draw;
mod grid;
pub mod plain;
mod seed;
pub mod terrain;
pub mod tour;

// Inlined, so that the front page lists the vocabulary as its own items
// (re-exports from public modules are otherwise shown as `pub use` lines).
#[doc(inline)]
pub use board::{
    Board, BoardError, Colour, Notation, OffBoard, Square, SquareName, SquareParseError,
};
#[doc(inline)]
pub use cache::Cache;
#[doc(inline)]
pub use deadline::Deadline;
#[doc(inline)]
pub use plain::{knight_distance, shortest_path, DistanceError};
#[doc(inline)]
pub use terrain::{
    cheapest_path, longest_path, validate, BarrierRule, SearchError, Terrain, TerrainError,
};
#[doc(inline)]
pub use tour::{
    count_tours, finish_tour, make_puzzle, solve_clues, tour, CluesError, CluesRequest, CountError,
    CountRequest, FinishError, FinishRequest, PuzzleError, PuzzleRequest, TourError, TourRequest,
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
