//! `/moves`: the squares one knight move from a square, sorted by index
//! (GET with a query, or POST with the same fields as JSON).

use axum::Json;

use crate::request::question::square::OneSquare;
use crate::request::resolve::Question;
use crate::response::answer::square::MovesAnswer;

/// GET (a query) and POST (a JSON body) alike.
pub async fn handler(Question(OneSquare(square, shown)): Question<OneSquare>) -> Json<MovesAnswer> {
    Json(MovesAnswer {
        square: shown.square(square),
        moves: shown.squares(&shown.board.neighbours(square)),
    })
}
