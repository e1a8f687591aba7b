//! `/colour` (and `/color`): whether a square is light or dark (GET with a
//! query, or POST with the same fields as JSON).

use axum::Json;

use crate::request::question::square::OneSquare;
use crate::request::resolve::Question;
use crate::response::answer::square::ColourAnswer;

/// GET (a query) and POST (a JSON body) alike.
pub async fn handler(
    Question(OneSquare(square, shown)): Question<OneSquare>,
) -> Json<ColourAnswer> {
    Json(ColourAnswer {
        square: shown.square(square),
        colour: square.colour().as_str(),
    })
}
