//! `/moves`: the squares one knight move from a square, sorted by index
//! (GET with a query, or POST with the same fields as JSON).

use axum::Json;
use serde::Serialize;

use crate::request::extract::JsonBody;
use crate::request::square::{OneSquare, Shown, ShownSquare, SquareQuery};
use crate::response::problem::ApiError;
use knight::Square;

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}

pub async fn get(OneSquare(square, shown): OneSquare) -> Json<MovesAnswer> {
    answer(square, shown)
}

pub async fn post(body: JsonBody<SquareQuery>) -> Result<Json<MovesAnswer>, ApiError> {
    let OneSquare(square, shown) = OneSquare::from_body(body)?;
    Ok(answer(square, shown))
}

fn answer(square: Square, shown: Shown) -> Json<MovesAnswer> {
    Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&shown.board.neighbours(square)),
    })
}
