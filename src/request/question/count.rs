//! `/tour/count`: which tours of a board are counted, in how long, and
//! within which budget of states.

use std::borrow::Cow;

use crate::error::{ApiError, CountRefused};
use crate::request::params::{params, Given, SentWhole};
use crate::request::question::time_limit_ms;
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareArg};
use crate::written::{Format, Notated};
use knight::tour::Counted;
use knight::{Board, CountError, CountRequest, Notation, Square};

/// `time_limit_ms` when none is given.
const COUNT_TIME_LIMIT_MS: u64 = 1_000;

params! {
    /// Which tours are counted: open (the default) or `closed`, from a
    /// `start`, to an `end`; and the time.
    pub struct CountArgs {
        pub start: Given<SquareArg>,
        pub end: Given<SquareArg>,
        pub closed: Given<bool>,
        pub time_limit_ms: Given<SentWhole>,
    }
}

params! {
    /// `/tour/count`: a GET's query or a POST's body (`format` comes in the
    /// query string).
    pub struct CountParams {
        pub count: CountArgs,
        pub plain: PlainArgs,
    }
}

/// The tours to count, within `--max-count-bytes` of states.
pub struct CountQuestion {
    pub request: CountRequest,
    pub shown: Notated,
    pub time_limit_ms: u64,
    /// `--max-count-bytes`.
    pub budget: u64,
}

impl Resolve for CountQuestion {
    type Sent = CountParams;

    fn resolve(sent: CountParams, cx: &Context<'_>) -> Result<CountQuestion, ApiError> {
        let CountParams { count: req, plain } = sent;
        let board = plain.board()?;
        let counted = req.counted(board)?;
        let time_limit_ms = time_limit_ms(
            req.time_limit_ms,
            COUNT_TIME_LIMIT_MS.min(cx.config.max_time_limit_ms),
            cx.config.max_time_limit_ms,
        )?;
        let notation = req
            .start
            .0
            .as_ref()
            .or(req.end.0.as_ref())
            .map_or(Notation::Algebraic, SquareArg::notation);
        let question = CountQuestion {
            request: CountRequest { board, counted },
            shown: plain.shown(board, notation),
            time_limit_ms,
            budget: cx.config.max_count_bytes,
        };
        // Refused here too, so that a board far too large never queues.
        if let Some(error) = question.request.refused(question.budget) {
            return Err(question.refused(error));
        }
        // Text is one line, and a board of counts only with `start` alone.
        if cx.format != Format::Text || question.start_alone() {
            cx.format.check_drawable(board, &[])?;
        }
        Ok(question)
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        let squares = match self.request.counted {
            Counted::Closed => Vec::new(),
            Counted::Open { start, end } => start.into_iter().chain(end).collect(),
        };
        Some((self.request.board, Cow::Owned(squares)))
    }
}

impl CountQuestion {
    /// Whether the tours counted are those from a `start`, to anywhere.
    pub fn start_alone(&self) -> bool {
        matches!(
            self.request.counted,
            Counted::Open {
                start: Some(_),
                end: None
            }
        )
    }

    /// Why the tours were not counted, in the request's words.
    pub fn refused(&self, error: CountError) -> ApiError {
        CountRefused {
            error,
            board: self.request.board,
            time_limit_ms: self.time_limit_ms,
        }
        .into()
    }
}

impl CountArgs {
    /// Which tours of `board` are counted: a closed tour passes every
    /// square, so it takes no `start` or `end`.
    fn counted(&self, board: Board) -> Result<Counted, ApiError> {
        let start = self
            .start
            .0
            .as_ref()
            .map(|s| s.on(board, "start"))
            .transpose()?;
        let end = self
            .end
            .0
            .as_ref()
            .map(|e| e.on(board, "end"))
            .transpose()?;
        if !self.closed.or(false) {
            return Ok(Counted::Open { start, end });
        }
        match (start, end) {
            (None, None) => Ok(Counted::Closed),
            (Some(_), _) => Err(ApiError::invalid(
                "start",
                "a closed tour passes every square, so it is counted without a 'start': leave out 'start' or 'closed=true'",
            )),
            (None, Some(_)) => Err(ApiError::invalid(
                "end",
                "a closed tour passes every square, so it is counted without an 'end': leave out 'end' or 'closed=true'",
            )),
        }
    }
}
