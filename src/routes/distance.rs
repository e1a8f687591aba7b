//! `/distance` and `/distance/batch`: the fewest knight moves between squares.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::config::Config;
use crate::error::ApiError;
use crate::request::extract::{JsonBody, Params};
use crate::request::params::params;
use crate::request::params::Given;
use crate::request::square::{plain_board, Ends, PlainArgs, Side, SquareArg};
use crate::shape::ShownSquare;
use knight::knight_distance;

params! {
    /// `/distance`, as a query or a JSON body.
    pub struct DistanceRequest {
        pub ends: Ends,
        pub plain: PlainArgs,
    }
}

#[derive(Debug, Serialize)]
pub struct DistanceAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub reachable: bool,
}

impl DistanceAnswer {
    /// The answer's JSON, byte for byte what its `Serialize` writes, without
    /// serde's machinery: this is the most asked question.
    pub fn to_json(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(96);
        let mut digits = itoa::Buffer::new();
        out.extend_from_slice(b"{\"from\":");
        self.from.write_json(&mut out);
        out.extend_from_slice(b",\"to\":");
        self.to.write_json(&mut out);
        out.extend_from_slice(b",\"width\":");
        out.extend_from_slice(digits.format(self.width).as_bytes());
        out.extend_from_slice(b",\"height\":");
        out.extend_from_slice(digits.format(self.height).as_bytes());
        out.extend_from_slice(b",\"moves\":");
        match self.moves {
            Some(moves) => out.extend_from_slice(digits.format(moves).as_bytes()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(if self.reachable {
            b",\"reachable\":true}"
        } else {
            b",\"reachable\":false}"
        });
        out
    }
}

impl IntoResponse for DistanceAnswer {
    fn into_response(self) -> Response {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.to_json(),
        )
            .into_response()
    }
}

/// `/distance`, GET or POST.
pub async fn handler(Params(req): Params<DistanceRequest>) -> Result<DistanceAnswer, ApiError> {
    let (shown, [from, to]) = req.plain.squares(req.ends.named())?;
    let moves = knight_distance(shown.board, from, to);
    Ok(DistanceAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: shown.board.width(),
        height: shown.board.height(),
        moves,
        reachable: moves.is_some(),
    })
}

params! {
    /// `POST /distance/batch`.
    pub struct BatchRequest {
        pub width: Given<Side>,
        pub height: Given<Side>,
        /// Each pair is an array of two squares.
        pub pairs: Given<Vec<Vec<SquareArg>>>,
    }
}

#[derive(Debug, Serialize)]
pub struct BatchAnswer {
    pub width: u64,
    pub height: u64,
    pub moves: Vec<Option<u64>>,
}

pub async fn batch(
    State(config): State<Arc<Config>>,
    JsonBody(req): JsonBody<BatchRequest>,
) -> Result<Json<BatchAnswer>, ApiError> {
    let pairs = req.pairs.required("pairs")?;
    let limit = config.max_batch;
    if pairs.len() > limit {
        return Err(ApiError::too_many("pairs", pairs.len(), limit));
    }
    let board = plain_board(req.width, req.height)?;
    let moves = pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            let [a, b] = pair.as_slice() else {
                return Err(ApiError::invalid(
                    format!("pairs[{i}]"),
                    format!(
                        "'pairs[{i}]' is {}: a pair is an array of exactly two squares, such as [\"g2\", \"a8\"] or [0, 1]",
                        shown_list(pair)
                    ),
                ));
            };
            let from = a.on(board, format_args!("pairs[{i}][0]"))?;
            let to = b.on(board, format_args!("pairs[{i}][1]"))?;
            Ok(knight_distance(board, from, to))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Json(BatchAnswer {
        width: board.width(),
        height: board.height(),
        moves,
    }))
}

/// A list of squares as JSON writes it, for a detail: its first three, and
/// how many in all past them.
fn shown_list(squares: &[SquareArg]) -> String {
    let first: Vec<String> = squares.iter().take(3).map(SquareArg::shown).collect();
    match squares.len() {
        0..=3 => format!("[{}]", first.join(", ")),
        n => format!("[{}, …] ({n} squares)", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shown;
    use knight::{Board, Notation, Square};

    #[test]
    fn the_answer_is_written_as_serde_writes_it() {
        let board = Board::new(1000, 30).unwrap();
        let shown = |notation| Shown { board, notation };
        for notation in [Notation::Index, Notation::Algebraic] {
            for (from, to, moves) in [
                (Square::new(0, 0), Square::new(1, 2), Some(1)),
                (Square::new(999, 29), Square::new(27, 9), Some(123_456)),
                (Square::new(3, 3), Square::new(3, 3), None),
            ] {
                let answer = DistanceAnswer {
                    from: shown(notation).square(from),
                    to: shown(notation).square(to),
                    width: board.width(),
                    height: board.height(),
                    moves,
                    reachable: moves.is_some(),
                };
                assert_eq!(
                    String::from_utf8(answer.to_json()).unwrap(),
                    serde_json::to_string(&answer).unwrap()
                );
            }
        }
    }
}
