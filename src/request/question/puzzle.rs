//! `/tour/puzzle`: the board (at most 64 squares), the seed, open or
//! `closed`, and the time to make the puzzle in.

use std::borrow::Cow;

use crate::error::{ApiError, PuzzleRefused};
use crate::request::params::{params, Given, SentWhole};
use crate::request::question::time_limit_ms;
use crate::request::resolve::{Context, Resolve};
use crate::request::square::PlainArgs;
use crate::written::Notated;
use knight::{Board, Notation, PuzzleError, PuzzleRequest, Square};

/// `/tour/puzzle`'s `time_limit_ms` when none is given.
const PUZZLE_TIME_LIMIT_MS: u64 = 5_000;

params! {
    /// What a puzzle request asks: the board (at most 64 squares), the
    /// seed (0 by default), open or `closed`, and the time.
    pub struct PuzzleArgs {
        pub seed: Given<u64>,
        pub closed: Given<bool>,
        pub time_limit_ms: Given<SentWhole>,
    }
}

params! {
    /// `/tour/puzzle`: a GET's query or a POST's body (`format` comes in
    /// the query string).
    pub struct PuzzleParams {
        pub puzzle: PuzzleArgs,
        pub plain: PlainArgs,
    }
}

/// A puzzle to make.
pub struct PuzzleQuestion {
    pub request: PuzzleRequest,
    pub shown: Notated,
    pub time_limit_ms: u64,
}

impl Resolve for PuzzleQuestion {
    type Sent = PuzzleParams;

    fn resolve(sent: PuzzleParams, cx: &Context<'_>) -> Result<PuzzleQuestion, ApiError> {
        let PuzzleParams { puzzle: req, plain } = sent;
        let board = plain.clue_board("puzzles are made (and their one solution proven)")?;
        // A puzzle's checks are measured in nodes (the same seed, the same
        // puzzle); the time is a safety, longer by default than a search's.
        let max = cx.config.max_time_limit_ms;
        let time_limit_ms = time_limit_ms(req.time_limit_ms, PUZZLE_TIME_LIMIT_MS.min(max), max)?;
        cx.format.check_drawable(board, &[])?;
        Ok(PuzzleQuestion {
            request: PuzzleRequest {
                board,
                closed: req.closed.or(false),
                seed: req.seed.or(0),
            },
            shown: plain.shown(board, Notation::Algebraic),
            time_limit_ms,
        })
    }

    /// A puzzle asks about no square.
    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        None
    }
}

impl PuzzleQuestion {
    /// Why no puzzle was made, in the request's words.
    pub fn refused(&self, error: PuzzleError) -> ApiError {
        PuzzleRefused {
            error,
            board: self.request.board,
            closed: self.request.closed,
            time_limit_ms: self.time_limit_ms,
        }
        .into()
    }
}
