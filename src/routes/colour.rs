//! `/colour` (and `/color`): whether a square is light or dark (GET with a
//! query, or POST with the same fields as JSON).

use axum::Json;
use serde::Serialize;

use crate::request::extract::JsonBody;
use crate::request::square::{OneSquare, Shown, ShownSquare, SquareQuery};
use crate::response::problem::ApiError;
use knight::Square;

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

pub async fn get(OneSquare(square, shown): OneSquare) -> Json<ColourAnswer> {
    answer(square, shown)
}

pub async fn post(body: JsonBody<SquareQuery>) -> Result<Json<ColourAnswer>, ApiError> {
    let OneSquare(square, shown) = OneSquare::from_body(body)?;
    Ok(answer(square, shown))
}

fn answer(square: Square, shown: Shown) -> Json<ColourAnswer> {
    Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    })
}
