//! Plain boards of any size up to 1,000,000,000 a side: exact distances by
//! arithmetic ([`closed_form`], [`strip`]), the 8×8 board from a table
//! ([`table`]), shortest paths by one rule ([`path`]), all behind
//! [`distance`]; the distance of every square of a window ([`map`]); every
//! shortest path, counted ([`count`]) and listed from any place
//! ([`paths`]); and breadth-first search ([`bfs`]), the reference they are
//! tested against.

pub mod bfs;
pub mod closed_form;
pub mod count;
pub mod distance;
pub mod map;
pub mod path;
pub mod paths;
pub mod strip;
pub mod table;
