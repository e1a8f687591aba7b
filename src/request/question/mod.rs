//! Each endpoint's question: what its request sends (a `params!` type, a
//! GET's query or a POST's body) and what it asks once resolved
//! ([`Resolve`](crate::request::resolve::Resolve)), one file an endpoint.
//! The rules that cross parameters are here, each written once with its
//! one wording: how a tour ends ([`ending`]), a search's time
//! ([`time_limit_ms`]); which side of a board is too large is
//! `PlainArgs::side_given`.

pub mod count;
pub mod distance;
pub mod distance_map;
pub mod finish;
pub mod longest;
pub mod path;
pub mod puzzle;
pub mod shortest_paths;
pub mod square;
pub mod tour;
pub mod validate;

use crate::error::ApiError;
use crate::request::params::{Given, SentWhole};
use knight::tour::Ending;
use knight::Square;

/// How a tour ends: on `end` when given, else one move from its start
/// when `closed`, else anywhere. A closed tour takes no `end`.
pub fn ending(closed: bool, end: Option<Square>) -> Result<Ending, ApiError> {
    match end {
        Some(_) if closed => Err(ApiError::invalid(
            "end",
            "a closed tour ends one knight move from its start, so it takes no 'end': leave out 'end' or 'closed=true'",
        )),
        Some(end) => Ok(Ending::End(end)),
        None if closed => Ok(Ending::Closed),
        None => Ok(Ending::Open),
    }
}

/// A search's `time_limit_ms`: `default` when absent, else at most
/// `max_time_limit_ms` (`--max-time-limit-ms`).
pub fn time_limit_ms(
    given: Given<SentWhole>,
    default: u64,
    max_time_limit_ms: u64,
) -> Result<u64, ApiError> {
    let Some(given) = given.0 else {
        return Ok(default);
    };
    if given.value > max_time_limit_ms {
        let sent = given.shown();
        return Err(ApiError::invalid(
            "time_limit_ms",
            format!("'time_limit_ms' is {sent}; at most {max_time_limit_ms} is allowed: give {max_time_limit_ms} or less"),
        ));
    }
    Ok(given.value)
}
