//! `/colour` (and `/color`): whether a square is light or dark.

use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::{not_null, QueryParams};
use super::plain_board;
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourQuery {
    pub square: SquareArg,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

pub async fn get(
    QueryParams(req): QueryParams<ColourQuery>,
) -> Result<Json<ColourAnswer>, ApiError> {
    let board = plain_board(req.width, req.height)?;
    let square = req
        .square
        .on(board)
        .map_err(|e| ApiError::square("square", e))?;
    let shown = Shown {
        board,
        notation: answer_notation(req.notation, &req.square),
    };
    Ok(Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    }))
}
