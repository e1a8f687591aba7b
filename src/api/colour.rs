//! `/colour` (and `/color`): whether a square is light or dark.

use axum::Json;
use serde::Serialize;

use super::square::{OneSquare, ShownSquare};

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

pub async fn get(OneSquare(square, shown): OneSquare) -> Json<ColourAnswer> {
    Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    })
}
