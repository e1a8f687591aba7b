//! `/moves`: the squares one knight move from a square, sorted by index.

use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::{not_null, QueryParams};
use super::plain_board;
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesQuery {
    pub square: SquareArg,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}

pub async fn get(QueryParams(req): QueryParams<MovesQuery>) -> Result<Json<MovesAnswer>, ApiError> {
    let board = plain_board(req.width, req.height)?;
    let square = req
        .square
        .on(board)
        .map_err(|e| ApiError::square("square", e))?;
    let shown = Shown {
        board,
        notation: answer_notation(req.notation, &req.square),
    };
    Ok(Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&board.neighbours(square)),
    }))
}
