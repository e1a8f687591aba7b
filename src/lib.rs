//! knightd: an HTTP JSON service that answers chess-knight questions.

pub mod solver;
