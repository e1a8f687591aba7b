//! `/distance` and `/distance/batch`: the fewest knight moves between squares.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::extract::{Given, JsonBody, QueryParams};
use super::problem::ApiError;
use super::square::{plain_board, plain_squares, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::distance::knight_distance;
use crate::solver::Notation;

/// `/distance`, as a query or a JSON body.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DistanceRequest {
    #[serde(alias = "src")]
    pub from: Given<SquareArg>,
    #[serde(alias = "dest")]
    pub to: Given<SquareArg>,
    pub width: Given<u64>,
    pub height: Given<u64>,
    pub notation: Given<Notation>,
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
    let (shown, [from, to]) = plain_squares(
        req.width,
        req.height,
        req.notation,
        [("from", req.from.as_ref()), ("to", req.to.as_ref())],
    )?;
    let moves = knight_distance(shown.board, from, to);
    Ok(DistanceAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: shown.board.width(),
        height: shown.board.height(),
        moves,
        reachable: moves.is_some(),
    })
}

/// `POST /distance/batch`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BatchRequest {
    pub width: Given<u64>,
    pub height: Given<u64>,
    /// Each pair is an array of two squares.
    pub pairs: Given<Vec<Vec<SquareArg>>>,
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
    let pairs = req.pairs.required("pairs")?;
    let limit = state.config.max_batch;
    if pairs.len() > limit {
        return Err(ApiError::too_many("pairs", pairs.len(), limit));
    }
    let board = plain_board(req.width, req.height)?;
    let moves = pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            let [a, b] = pair.as_slice() else {
                return Err(ApiError::invalid(
                    format!("pairs[{i}]"),
                    format!("'pairs[{i}]' must be an array of exactly two squares"),
                ));
            };
            let from = a.on(board, format_args!("pairs[{i}][0]"))?;
            let to = b.on(board, format_args!("pairs[{i}][1]"))?;
            Ok(knight_distance(board, from, to))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Json(BatchAnswer {
        width: board.width(),
        height: board.height(),
        moves,
    }))
}
