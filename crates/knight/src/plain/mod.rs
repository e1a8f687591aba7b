//! Plain boards of any size up to 1,000,000,000 a side: exact distances by
//! arithmetic ([`closed_form`], [`strip`]), the 8×8 board from a table
//! ([`table`]), shortest paths by one rule ([`path`]), all behind
//! [`distance`]; and breadth-first search ([`bfs`]), the reference they are
//! tested against.

pub mod bfs;
pub mod closed_form;
pub mod distance;
pub mod path;
pub mod strip;
pub mod table;
