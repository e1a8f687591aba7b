//! `/colour` (and `/color`): whether a square is light or dark.

use axum::Json;
use serde::Serialize;

use super::extract::QueryParams;
use super::problem::ApiError;
use super::square::{ShownSquare, SquareQuery};

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

pub async fn get(
    QueryParams(req): QueryParams<SquareQuery>,
) -> Result<Json<ColourAnswer>, ApiError> {
    let (square, shown) = req.resolve()?;
    Ok(Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    }))
}
