//! `GET /tour`: an open or closed knight's tour from a start square.

use axum::extract::State;
use axum::response::Response;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use super::extract::QueryParams;
use super::params::Given;
use super::picture::{check_drawable, respond, Accept, Format};
use super::problem::{ApiError, Code};
use super::square::{PlainArgs, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::params;
use crate::solver::terrain::Ground;
use crate::solver::tour::{knights_tour, Tour, TourError};
use crate::solver::{Board, Square};

params! {
    /// `GET /tour`. `start` defaults to `a1`, `closed` to false.
    pub struct TourQuery {
        pub start: Given<SquareArg>,
        pub plain: PlainArgs,
        pub closed: Given<bool>,
        pub format: Given<Format>,
    }
}

/// The JSON answer. The path is written square by square as it is sent,
/// so a million-square tour is never held as a million strings.
#[derive(Serialize)]
pub struct TourAnswer<'a> {
    pub start: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub closed: bool,
    pub path: ShownPath<'a>,
}

/// A tour's squares in the answer's notation.
pub struct ShownPath<'a> {
    shown: Shown,
    squares: &'a [Square],
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
    State(state): State<AppState>,
    accept: Accept,
    QueryParams(req): QueryParams<TourQuery>,
) -> Result<Response, ApiError> {
    let start = Given(Some(req.start.0.as_ref().unwrap_or(SquareArg::a1())));
    let (shown, [start]) = req.plain.squares([("start", start)])?;
    let board = shown.board;
    let closed = req.closed.or(false);
    let format = accept.or_query(req.format);
    let limit = state.config.max_tour_squares;
    // Checked here too, so that a board far too large never queues.
    if board.squares() > limit {
        return Err(tour_error(
            board,
            TourError::TooLarge {
                squares: board.squares(),
                limit,
            },
        ));
    }
    check_drawable(format, board)?;
    // The answer is written on the blocking pool too: a million-square tour
    // is megabytes of JSON, too long to write on the async workers.
    state
        .heavy
        .run(move || {
            let tour =
                knights_tour(board, start, closed, limit).map_err(|e| tour_error(board, e))?;
            answer(&tour, shown, format)
        })
        .await?
}

/// The tour in the asked format: JSON, or drawn as text or SVG.
pub fn answer(tour: &Tour, shown: Shown, format: Format) -> Result<Response, ApiError> {
    let json = TourAnswer {
        start: shown.square(tour.path[0]),
        width: tour.board.width(),
        height: tour.board.height(),
        closed: tour.closed,
        path: ShownPath {
            shown,
            squares: &tour.path,
        },
    };
    respond(format, Ground::Plain(tour.board), Some(&tour.path), &json)
}

fn tour_error(board: Board, error: TourError) -> ApiError {
    match error {
        TourError::NoTour(why) => ApiError::new(Code::NoTour, why.to_string()),
        TourError::TooLarge { squares, limit } => ApiError::new(
            Code::BoardTooLarge,
            format!(
                "the {board} board has {squares} squares; tours are listed for boards of at most {limit} squares"
            ),
        ),
        TourError::NotFound => ApiError::new(
            Code::TourNotFound,
            format!(
                "knightd's methods found no tour of the {board} board from this start and could not prove that none exists"
            ),
        ),
    }
}
