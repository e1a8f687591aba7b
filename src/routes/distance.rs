//! `/distance` and `/distance/batch`: the fewest knight moves between squares.

use axum::Json;

use crate::request::question::distance::{Batch, Distance};
use crate::request::resolve::Question;
use crate::response::answer::distance::{BatchAnswer, DistanceAnswer};
use knight::knight_distance;

/// `/distance`, GET or POST.
pub async fn handler(Question(ask): Question<Distance>) -> DistanceAnswer {
    let (shown, [from, to]) = (ask.shown, ask.ends);
    let moves = knight_distance(shown.board, from, to);
    DistanceAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: shown.board.width(),
        height: shown.board.height(),
        moves,
        reachable: moves.is_some(),
    }
}

/// `POST /distance/batch`.
pub async fn batch(Question(ask): Question<Batch>) -> Json<BatchAnswer> {
    let board = ask.board;
    Json(BatchAnswer {
        width: board.width(),
        height: board.height(),
        moves: ask
            .pairs
            .iter()
            .map(|&[from, to]| knight_distance(board, from, to))
            .collect(),
    })
}
