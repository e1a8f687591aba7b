//! `/distance` and `/distance/batch`: the fewest knight moves between squares.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::{not_null, JsonBody, QueryParams};
use super::plain_board;
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::plain::distance::{knight_distance, DistanceError};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistanceRequest {
    #[serde(alias = "src")]
    pub from: SquareArg,
    #[serde(alias = "dest")]
    pub to: SquareArg,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

#[derive(Debug, Serialize)]
pub struct DistanceAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub reachable: bool,
}

pub async fn get(
    QueryParams(req): QueryParams<DistanceRequest>,
) -> Result<Json<DistanceAnswer>, ApiError> {
    distance(req).map(Json)
}

pub async fn post(
    JsonBody(req): JsonBody<DistanceRequest>,
) -> Result<Json<DistanceAnswer>, ApiError> {
    distance(req).map(Json)
}

fn distance(req: DistanceRequest) -> Result<DistanceAnswer, ApiError> {
    let board = plain_board(req.width, req.height)?;
    let from = req
        .from
        .on(board)
        .map_err(|e| ApiError::square("from", e))?;
    let to = req.to.on(board).map_err(|e| ApiError::square("to", e))?;
    super::record_question(board, &[from, to]);
    let shown = Shown {
        board,
        notation: answer_notation(req.notation, &req.from),
    };
    let moves = knight_distance(board, from, to);
    Ok(DistanceAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: board.width(),
        height: board.height(),
        moves,
        reachable: moves.is_some(),
    })
}

pub fn distance_error(e: DistanceError) -> ApiError {
    let code = match e {
        DistanceError::PathTooLong { .. } => "path_too_long",
    };
    ApiError::Unprocessable {
        code,
        param: None,
        // The solver gives the numbers; where to ask instead is the API's to say.
        detail: format!("{e}; ask /distance for its length"),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchRequest {
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    /// Each pair is an array of two squares.
    pub pairs: Vec<Vec<SquareArg>>,
}

#[derive(Debug, Serialize)]
pub struct BatchAnswer {
    pub width: u64,
    pub height: u64,
    pub moves: Vec<Option<u64>>,
}

pub async fn batch(
    State(state): State<AppState>,
    JsonBody(req): JsonBody<BatchRequest>,
) -> Result<Json<BatchAnswer>, ApiError> {
    let limit = state.config.max_batch;
    if req.pairs.len() > limit {
        return Err(ApiError::TooMany {
            param: "pairs".to_owned(),
            found: req.pairs.len(),
            limit,
        });
    }
    let board = plain_board(req.width, req.height)?;
    let moves = req
        .pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            let [a, b] = pair.as_slice() else {
                return Err(ApiError::invalid(
                    format!("pairs[{i}]"),
                    format!("'pairs[{i}]' must be an array of exactly two squares"),
                ));
            };
            let from = a
                .on(board)
                .map_err(|e| ApiError::square(format!("pairs[{i}][0]"), e))?;
            let to = b
                .on(board)
                .map_err(|e| ApiError::square(format!("pairs[{i}][1]"), e))?;
            Ok(knight_distance(board, from, to))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Json(BatchAnswer {
        width: board.width(),
        height: board.height(),
        moves,
    }))
}
