//! `/tour` (GET or POST): an open or closed knight's tour from a start
//! square, optionally to a given `end`, by the block construction or by
//! Warnsdorff's rule; and `/tour/step` (GET or POST): the square at a step,
//! or the step of a square, of the same tour on boards up to 10⁹ a side.

use std::sync::Arc;

use axum::response::Response;
use axum::Json;
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::convert::len64;
use crate::error::{ApiError, Code, StepRefused, TourRefused};
use crate::heavy::Served;
use crate::heavy::SMALL_TOUR_SQUARES;
use crate::request::extract::Params;
use crate::request::params::params;
use crate::request::params::{choice, Given};
use crate::request::square::{record_question, PlainArgs, SquareArg};
use crate::response::answer::json_with_squares;
use crate::response::picture::{check_drawable, respond};
use crate::shape::Format;
use crate::shape::{Shown, ShownSquare};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::{IndexedTour, SharedTour, DEFAULT_BACKTRACKS};
use knight::{Board, Cache, Notation, Square, TourError, TourRequest};

/// How a tour is found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The block construction: never misses, and `/tour/step` reads it.
    #[default]
    Auto,
    /// Warnsdorff's rule with Roth's tie-break, backtracking when stuck.
    Warnsdorff,
}

impl<'de> Deserialize<'de> for Method {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        choice(
            deserializer,
            "a method",
            &[("auto", Method::Auto), ("warnsdorff", Method::Warnsdorff)],
        )
    }
}

crate::request::params::param_by_serde!(Method);

params! {
    /// What a tour request asks. `start` defaults to `a1`, `closed` to false,
    /// `method` to `auto`.
    pub struct TourArgs {
        pub start: Given<SquareArg>,
        pub end: Given<SquareArg>,
        pub closed: Given<bool>,
        pub method: Given<Method>,
        pub seed: Given<u64>,
    }
}

params! {
    /// `/tour`: a GET's query or a POST's body (`format` comes in the
    /// query string).
    pub struct TourParams {
        pub tour: TourArgs,
        pub plain: PlainArgs,
    }
}

/// The JSON answer. The path is written square by square as it is sent,
/// so a million-square tour is never held as a million strings.
#[derive(Serialize)]
pub struct TourAnswer<'a> {
    pub start: ShownSquare,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<ShownSquare>,
    pub width: u64,
    pub height: u64,
    pub closed: bool,
    /// Steps back Warnsdorff's search took (`method=warnsdorff` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtracks: Option<u64>,
    pub path: ShownPath<'a>,
}

/// A tour's squares in the answer's notation.
pub struct ShownPath<'a> {
    shown: Shown,
    squares: &'a [Square],
}

impl<'a> ShownPath<'a> {
    /// `squares`, written `shown`'s way.
    pub fn new(shown: Shown, squares: &'a [Square]) -> ShownPath<'a> {
        ShownPath { shown, squares }
    }
}

impl Serialize for ShownPath<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.squares.len()))?;
        for &square in self.squares {
            seq.serialize_element(&self.shown.square(square))?;
        }
        seq.end()
    }
}

pub async fn handler(
    Served { state, work }: Served,
    format: Format,
    Params(req): Params<TourParams>,
) -> Result<Response, ApiError> {
    tour(Served { state, work }, req.tour, req.plain, format).await
}

async fn tour(
    Served { state, work }: Served,
    req: TourArgs,
    plain: PlainArgs,
    format: Format,
) -> Result<Response, ApiError> {
    let board = plain.board()?;
    let start_arg = req.start.0.as_ref().unwrap_or(SquareArg::a1());
    let start = start_arg.on(board, "start")?;
    let end = req.end.0.as_ref().map(|e| e.on(board, "end")).transpose()?;
    let mut question = vec![start];
    question.extend(end);
    record_question(board, &question);
    let shown = Shown {
        board,
        notation: plain.notation.or(start_arg.notation()),
    };
    let closed = req.closed.or(false);
    let method = req.method.or_default();
    let how = match (end, method) {
        (Some(_), _) if closed => {
            return Err(ApiError::invalid(
                "end",
                "a closed tour ends one knight move from its start, so it takes no 'end': leave out 'end' or 'closed=true'",
            ))
        }
        (Some(_), Method::Warnsdorff) => {
            return Err(ApiError::invalid(
                "end",
                "Warnsdorff's rule does not steer toward an end square: with 'end', leave out 'method' or give 'method=auto'",
            ))
        }
        _ if req.seed.is_given() && method != Method::Warnsdorff => {
            return Err(ApiError::invalid(
                "seed",
                "'seed' breaks the ties of Warnsdorff's rule: give it with 'method=warnsdorff', or leave it out",
            ))
        }
        (Some(end), Method::Auto) => knight::tour::Method::Ends { end },
        (None, Method::Auto) => knight::tour::Method::Construction { closed },
        (None, Method::Warnsdorff) => knight::tour::Method::Warnsdorff {
            closed,
            seed: req.seed.0,
            max_backtracks: DEFAULT_BACKTRACKS,
        },
    };
    let asked = TourRequest {
        board,
        start,
        method: how,
    };
    let limit = state.config.max_tour_squares;
    // Checked here too, so that a board far too large never queues.
    if board.squares() > limit {
        return Err(TourRefused {
            error: TourError::TooLarge {
                squares: board.squares(),
                limit,
            },
            board,
            warnsdorff: false,
        }
        .into());
    }
    check_drawable(format, board, &[])?;
    // The answer is written on the blocking pool too: a million-square tour
    // is megabytes of JSON, too long to write on the async workers.
    let small = board.squares() <= SMALL_TOUR_SQUARES;
    let cache = Arc::clone(&state.cache);
    work.run_unless_small(small, move || {
        let error = |error| TourRefused {
            error,
            board,
            warnsdorff: method == Method::Warnsdorff,
        };
        let answer_ = knight::tour(asked, limit, &cache).map_err(error)?;
        let end = end.map(|e| shown.square(e));
        answer(answer_.tour, shown, format, end, answer_.backtracks, &cache)
    })
    .await?
}

/// The tour in the asked format: JSON (written fast and streamed, see
/// `answer::json_with_squares`), or drawn as text or SVG.
pub fn answer(
    tour: SharedTour,
    shown: Shown,
    format: Format,
    end: Option<ShownSquare>,
    backtracks: Option<u64>,
    cache: &Cache,
) -> Result<Response, ApiError> {
    let start = tour.squares.runs()[0][0];
    let head = |squares| TourAnswer {
        start: shown.square(start),
        end,
        width: tour.board.width(),
        height: tour.board.height(),
        closed: tour.closed,
        backtracks,
        path: ShownPath { shown, squares },
    };
    if format == Format::Json {
        return Ok(json_with_squares(&head(&[]), shown, tour.squares, cache));
    }
    let path = tour.squares.clone().into_vec();
    respond(
        format,
        Ground::Plain(tour.board),
        Some(&path),
        &head(&path),
        tour_overlay(tour.closed, &path),
    )
}

/// What a picture of a tour says, and its closing move.
fn tour_overlay(closed: bool, path: &[Square]) -> Overlay {
    let (first, last) = (path[0], path[path.len() - 1]);
    let (asked, verdict) = if closed {
        (
            format!("Closed knight's tour from {first}"),
            format!("every square once, then one move back to {first}"),
        )
    } else {
        (
            format!("Knight's tour from {first}"),
            format!("every square once, ending on {last}"),
        )
    };
    Overlay {
        closed,
        caption: Caption {
            asked,
            moves: Some(len64(path.len()) - 1),
            cost: None,
            verdict: Some(verdict),
        },
        ..Overlay::default()
    }
}

params! {
    /// `/tour/step`: exactly one of `step` and `square`.
    pub struct StepRequest {
        pub start: Given<SquareArg>,
        pub closed: Given<bool>,
        pub step: Given<u64>,
        pub square: Given<SquareArg>,
        pub plain: PlainArgs,
    }
}

#[derive(Debug, Serialize)]
pub struct StepAnswer {
    pub width: u64,
    pub height: u64,
    pub start: ShownSquare,
    pub closed: bool,
    pub step: u64,
    pub square: ShownSquare,
}

pub async fn step(
    Served { state, work }: Served,
    Params(req): Params<StepRequest>,
) -> Result<Json<StepAnswer>, ApiError> {
    step_answer(Served { state, work }, req).await.map(Json)
}

/// What `/tour/step` asks of the tour.
#[derive(Clone, Copy)]
enum Lookup {
    Step(u64),
    Square(Square),
}

async fn step_answer(
    Served { state, work }: Served,
    req: StepRequest,
) -> Result<StepAnswer, ApiError> {
    let board = req.plain.board()?;
    let lookup_arg = match (req.step.0, req.square.0.as_ref()) {
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid(
                "square",
                "give exactly one of 'step' (answered with its square) and 'square' (answered with its step), not both",
            ))
        }
        (None, None) => {
            return Err(ApiError::new(
                Code::MissingParameter,
                "give 'step' (a position in the tour from 0, answered with its square) or 'square' (answered with its step)",
            )
            .at("step"))
        }
        (Some(step), None) => Ok(step),
        (None, Some(square)) => Err(square),
    };
    let start_arg = req.start.0.as_ref();
    let start = start_arg.unwrap_or(SquareArg::a1()).on(board, "start")?;
    let lookup = match lookup_arg {
        Ok(step) => Lookup::Step(step),
        Err(square) => Lookup::Square(square.on(board, "square")?),
    };
    record_question(board, &[start]);
    // Squares are written as the first square given is.
    let first = start_arg.or(lookup_arg.err());
    let shown = Shown {
        board,
        notation: req
            .plain
            .notation
            .or(first.map_or(Notation::Algebraic, |a| a.notation())),
    };
    let closed = req.closed.or(false);
    if let Lookup::Step(step) = lookup {
        if step >= board.squares() {
            return Err(ApiError::invalid(
                "step",
                format!(
                    "step {step} is past the end: a tour of the {board} board has steps 0 to {}",
                    board.squares() - 1
                ),
            ));
        }
    }
    let limit = state.config.max_tour_squares;
    let key = (board, start, closed);
    let tour = match state.cache.get::<TourKey, IndexedTour>(&key) {
        Some(tour) => tour,
        None if IndexedTour::is_listed(board) => {
            // The narrow boards' tours are listed whole: heavy work.
            if board.squares() > limit {
                return Err(StepRefused {
                    error: TourError::TooLarge {
                        squares: board.squares(),
                        limit,
                    },
                    board,
                    limit,
                }
                .into());
            }
            let cache = Arc::clone(&state.cache);
            work.run(move || indexed(key, limit, &cache))
                .await?
                .map_err(|error| StepRefused {
                    error,
                    board,
                    limit,
                })?
        }
        None => indexed(key, limit, &state.cache).map_err(|error| StepRefused {
            error,
            board,
            limit,
        })?,
    };
    let lost = || ApiError::internal();
    let (step, square) = match lookup {
        Lookup::Step(step) => (step, tour.square_at(step).ok_or_else(lost)?),
        Lookup::Square(square) => (tour.step_of(square).ok_or_else(lost)?, square),
    };
    Ok(StepAnswer {
        width: board.width(),
        height: board.height(),
        start: shown.square(start),
        closed,
        step,
        square: shown.square(square),
    })
}

/// What a tour set up for /tour/step is kept in the cache under, so that a
/// run of queries on one tour sets it up once.
type TourKey = (Board, Square, bool);

/// The tour of `key`, set up now and kept in `cache`.
fn indexed(
    (board, start, closed): TourKey,
    limit: u64,
    cache: &Cache,
) -> Result<Arc<IndexedTour>, TourError> {
    cache.keep((board, start, closed), || {
        let tour = IndexedTour::new(board, start, closed, limit, cache)?;
        let bytes = tour.bytes();
        Ok((tour, bytes))
    })
}
