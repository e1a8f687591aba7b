//! The one error of the service, at the bottom of the house: a problem
//! [`Code`] (which owns its slug, HTTP status and title), a detail for a
//! person and the parameter at fault, answered as
//! `application/problem+json` (RFC 9457).
//!
//! Handlers name a [`Code`] variant and never write a slug. Every solver
//! error that reaches a client becomes an [`ApiError`] beside it, in
//! `library` (a `From` for each); what a detail says of a parameter (its
//! other name, what it takes) is in `words`. `tests/http/problems.rs` holds
//! [`Code::ALL`] against `openapi.yaml` and the README's table.

mod library;
mod problem;
mod words;

pub use library::finish_too_large;
pub use library::{CluesRefused, CountRefused, FinishRefused, FramesRefused, PathsRefused};
pub use library::{PuzzleRefused, StepRefused, TourRefused};
pub use problem::{shorten, ApiError, Code};
pub use words::{alias, allowed, any_whole, is_side, is_square, largest, off_board};
