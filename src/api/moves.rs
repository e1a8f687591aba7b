//! `/moves`: the squares one knight move from a square, sorted by index.

use axum::Json;
use serde::Serialize;

use super::square::{OneSquare, ShownSquare};

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}

pub async fn get(OneSquare(square, shown): OneSquare) -> Json<MovesAnswer> {
    Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&shown.board.neighbours(square)),
    })
}
