//! `/moves`: the squares one knight move from a square, sorted by index.

use axum::Json;
use serde::Serialize;

use super::extract::QueryParams;
use super::problem::ApiError;
use super::square::{ShownSquare, SquareQuery};

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}

pub async fn get(
    QueryParams(req): QueryParams<SquareQuery>,
) -> Result<Json<MovesAnswer>, ApiError> {
    let (square, shown) = req.resolve()?;
    Ok(Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&shown.board.neighbours(square)),
    }))
}
