//! `/moves`: the squares one knight move from a square, sorted by index
//! (GET with a query, or POST with the same fields as JSON).

use axum::Json;
use serde::Serialize;

use crate::request::square::OneSquare;
use crate::shape::ShownSquare;

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}

/// GET (a query) and POST (a JSON body) alike.
pub async fn handler(OneSquare(square, shown): OneSquare) -> Json<MovesAnswer> {
    Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&shown.board.neighbours(square)),
    })
}
