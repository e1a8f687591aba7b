//! `/colour` (and `/color`): whether a square is light or dark (GET with a
//! query, or POST with the same fields as JSON).

use axum::Json;
use serde::Serialize;

use crate::request::square::OneSquare;
use crate::shape::ShownSquare;

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

/// GET (a query) and POST (a JSON body) alike.
pub async fn handler(OneSquare(square, shown): OneSquare) -> Json<ColourAnswer> {
    Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    })
}
