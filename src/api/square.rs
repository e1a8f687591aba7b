//! Squares as requests write them (an index or a name, in JSON or a query)
//! and as answers write them (in the request's notation).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::not_null;
use super::plain_board;
use crate::solver::board::{Board, Notation, OffBoard, Square, SquareName, SquareParseError};

/// A square as sent: a JSON integer, or a string (digits are an index,
/// anything else an algebraic name). Checked against the board later, when
/// the board is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareArg {
    Index(u64),
    Text(String),
}

/// Why a [`SquareArg`] names no square of the board.
#[derive(Debug)]
pub enum SquareError {
    Parse(SquareParseError),
    OffBoard(OffBoard),
}

impl SquareArg {
    /// The square named, as parsed, with the notation it was written in.
    pub fn name(&self) -> Result<SquareName, SquareParseError> {
        match self {
            SquareArg::Index(i) => Ok(SquareName::Index(*i)),
            SquareArg::Text(s) => s.parse(),
        }
    }

    /// The square on `board`.
    pub fn on(&self, board: Board) -> Result<Square, SquareError> {
        self.name()
            .map_err(SquareError::Parse)?
            .on(board)
            .map_err(SquareError::OffBoard)
    }

    /// The notation this square was written in (algebraic if it does not parse).
    pub fn notation(&self) -> Notation {
        self.name()
            .map_or(Notation::Algebraic, SquareName::notation)
    }
}

impl<'de> Deserialize<'de> for SquareArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SquareVisitor;
        impl Visitor<'_> for SquareVisitor {
            type Value = SquareArg;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a square: a non-negative integer index or a string such as \"d3\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<SquareArg, E> {
                Ok(SquareArg::Index(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SquareArg, E> {
                u64::try_from(v)
                    .map(SquareArg::Index)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SquareArg, E> {
                Ok(SquareArg::Text(v.to_owned()))
            }
        }
        deserializer.deserialize_any(SquareVisitor)
    }
}

/// `notation` as a request gives it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum NotationArg {
    Algebraic,
    Index,
}

/// The notation of an answer: the one asked for, else that of the request's
/// first square.
pub fn answer_notation(asked: Option<NotationArg>, first: &SquareArg) -> Notation {
    match asked {
        Some(NotationArg::Algebraic) => Notation::Algebraic,
        Some(NotationArg::Index) => Notation::Index,
        None => first.notation(),
    }
}

/// A square in an answer: an index or a name, written straight into the
/// answer (a million-square tour makes no million strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownSquare {
    Index(u64),
    Name(Square),
}

impl Serialize for ShownSquare {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ShownSquare::Index(i) => serializer.serialize_u64(*i),
            ShownSquare::Name(square) => serializer.collect_str(square),
        }
    }
}

/// How answers on one board write squares.
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    pub board: Board,
    pub notation: Notation,
}

impl Shown {
    pub fn square(&self, square: Square) -> ShownSquare {
        match self.notation {
            Notation::Index => ShownSquare::Index(self.board.index(square)),
            Notation::Algebraic => ShownSquare::Name(square),
        }
    }

    pub fn squares(&self, squares: &[Square]) -> Vec<ShownSquare> {
        squares.iter().map(|&s| self.square(s)).collect()
    }
}

/// The query of an endpoint about one square of a plain board (`/colour`,
/// `/moves`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareQuery {
    pub square: SquareArg,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

impl SquareQuery {
    /// The square, and how the answer writes squares.
    pub fn resolve(&self) -> Result<(Square, Shown), ApiError> {
        let board = plain_board(self.width, self.height)?;
        let square = self
            .square
            .on(board)
            .map_err(|e| ApiError::square("square", e))?;
        super::record_question(board, &[square]);
        let shown = Shown {
            board,
            notation: answer_notation(self.notation, &self.square),
        };
        Ok((square, shown))
    }
}
