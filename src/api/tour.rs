//! `GET /tour`: an open or closed knight's tour from a start square.

use axum::extract::State;
use axum::response::Response;
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::QueryParams;
use super::format::Format;
use super::plain_board;
use super::render::{check_drawable, respond};
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::terrain::Ground;
use crate::solver::tour::{knights_tour, Tour, TourError};
use crate::solver::{Board, Square};

/// `GET /tour`. `start` defaults to `a1`, `closed` to false.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourQuery {
    pub start: Option<SquareArg>,
    pub width: Option<u64>,
    pub height: Option<u64>,
    pub closed: Option<bool>,
    pub notation: Option<NotationArg>,
    pub format: Option<Format>,
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
    QueryParams(req): QueryParams<TourQuery>,
) -> Result<Response, ApiError> {
    let board = plain_board(req.width, req.height)?;
    let start_arg = req
        .start
        .unwrap_or_else(|| SquareArg::Text("a1".to_owned()));
    let start = start_arg
        .on(board)
        .map_err(|e| ApiError::square("start", e))?;
    super::record_question(board, &[start]);
    let closed = req.closed.unwrap_or(false);
    let format = req.format.unwrap_or_default();
    let shown = Shown {
        board,
        notation: answer_notation(req.notation, &start_arg),
    };
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
        TourError::NoTour(why) => ApiError::Unprocessable {
            code: "no_tour",
            param: None,
            detail: why.to_string(),
        },
        TourError::TooLarge { squares, limit } => ApiError::Unprocessable {
            code: "board_too_large",
            param: None,
            detail: format!(
                "the {board} board has {squares} squares; tours are listed for boards of at most {limit} squares"
            ),
        },
        TourError::NotFound => ApiError::Unprocessable {
            code: "tour_not_found",
            param: None,
            detail: format!(
                "knightd's methods found no tour of the {board} board from this start and could not prove that none exists"
            ),
        },
    }
}
