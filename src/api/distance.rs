//! `/distance` and `/distance/batch`: the fewest knight moves between squares.

use axum::extract::State;
use axum::Json;
use serde::Serialize;

use super::extract::{JsonBody, QueryParams};
use super::params::Given;
use super::problem::ApiError;
use super::square::{plain_board, Ends, PlainArgs, ShownSquare, SquareArg};
use super::AppState;
use crate::params;
use crate::solver::plain::distance::knight_distance;

params! {
    /// `/distance`, as a query or a JSON body.
    pub struct DistanceRequest {
        pub ends: Ends,
        pub plain: PlainArgs,
    }
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
    let (shown, [from, to]) = req.plain.squares(req.ends.named())?;
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

params! {
    /// `POST /distance/batch`.
    pub struct BatchRequest {
        pub width: Given<u64>,
        pub height: Given<u64>,
        /// Each pair is an array of two squares.
        pub pairs: Given<Vec<Vec<SquareArg>>>,
    }
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
