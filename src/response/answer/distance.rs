//! The fewest knight moves between two squares (`/distance`), and
//! between each pair of a batch (`/distance/batch`).

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::written::NotatedSquare;

#[derive(Debug, Serialize)]
pub struct DistanceAnswer {
    pub from: NotatedSquare,
    pub to: NotatedSquare,
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

#[derive(Debug, Serialize)]
pub struct BatchAnswer {
    pub width: u64,
    pub height: u64,
    pub moves: Vec<Option<u64>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::written::Notated;
    use knight::{Board, Notation, Square};

    #[test]
    fn the_answer_is_written_as_serde_writes_it() {
        let board = Board::new(1000, 30).unwrap();
        let shown = |notation| Notated { board, notation };
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
