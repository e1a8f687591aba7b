//! Plain boards of any size up to 1,000,000,000 a side: the fewest moves
//! between two squares ([`knight_distance`]) and one shortest path
//! ([`shortest_path`]); the distance of every square of a window
//! ([`distance_map`]); and every shortest path between two squares, counted
//! exactly ([`Count`]) and listed from any place ([`shortest_paths`]).
//!
//! Distances come by arithmetic, not search: a closed form on boards at
//! least 5 wide, a table of the strips 3 and 4 wide (their distances repeat
//! with a period), and a table of the 8×8 board; a path follows one rule,
//! a move that brings the distance down by one. Breadth-first search is the
//! reference they are all tested against, exhaustively on small boards.

pub(crate) mod bfs;
pub(crate) mod closed_form;
pub(crate) mod count;
pub(crate) mod distance;
pub(crate) mod map;
pub(crate) mod path;
pub(crate) mod paths;
pub(crate) mod strip;
pub(crate) mod table;

pub use count::{Count, NotDigits};
pub use distance::{knight_distance, shortest_path, DistanceError};
pub use map::{distance_map, DistanceMap, MapError};
pub use paths::{shortest_paths, PathsError, PathsLimits, ShortestPaths};
