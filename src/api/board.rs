//! Terrain boards and barrier rules as requests send them.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

use super::error::ApiError;
use super::plain_board;
use super::square::{answer_notation, NotationArg, SquareArg};
use crate::solver::board::{Board, Notation, Square};
use crate::solver::terrain::End;
use crate::solver::terrain::{BarrierRule, Terrain};

/// A `board`: one string of rows separated by newlines, or an array of rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardArg {
    Text(String),
    Rows(Vec<String>),
}

impl BoardArg {
    /// The terrain board, at most `max_squares` squares.
    pub fn terrain(&self, max_squares: u64) -> Result<Terrain, ApiError> {
        let parsed = match self {
            BoardArg::Text(text) => Terrain::parse(text, max_squares),
            BoardArg::Rows(rows) => {
                Terrain::from_rows(rows.iter().map(String::as_str), max_squares)
            }
        };
        parsed.map_err(|error| ApiError::InvalidBoard {
            param: "board".to_owned(),
            error,
        })
    }
}

impl<'de> Deserialize<'de> for BoardArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BoardVisitor;
        impl<'de> Visitor<'de> for BoardVisitor {
            type Value = BoardArg;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a board: a string of rows separated by newlines, or an array of row strings",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<BoardArg, E> {
                Ok(BoardArg::Text(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<BoardArg, E> {
                Ok(BoardArg::Text(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BoardArg, A::Error> {
                let mut rows = Vec::new();
                while let Some(row) = seq.next_element::<String>()? {
                    rows.push(row);
                }
                Ok(BoardArg::Rows(rows))
            }
        }
        deserializer.deserialize_any(BoardVisitor)
    }
}

/// `barrier_rule` as sent; absent means `either`.
pub fn barrier_rule(arg: Option<&str>) -> Result<BarrierRule, ApiError> {
    arg.map_or(Ok(BarrierRule::Either), |s| {
        s.parse()
            .map_err(|e: crate::solver::terrain::UnknownBarrierRule| {
                ApiError::invalid("barrier_rule", e.to_string())
            })
    })
}

/// `from` or `to` as given, else the board's `S` or `E`.
pub fn end_square(
    arg: Option<&SquareArg>,
    marked: Option<Square>,
    board: Board,
    end: End,
) -> Result<Square, ApiError> {
    match (arg, marked) {
        (Some(arg), _) => arg
            .on(board)
            .map_err(|e| ApiError::square(end_param(end), e)),
        (None, Some(square)) => Ok(square),
        (None, None) => Err(ApiError::MissingParameter {
            param: end_param(end).to_owned(),
        }),
    }
}

/// The parameter that names an end of a path.
pub fn end_param(end: End) -> &'static str {
    match end {
        End::From => "from",
        End::To => "to",
    }
}

/// The notation of an answer whose `from` may come from the board's `S`:
/// as `from` was written, else names unless `notation` says otherwise.
pub fn end_notation(asked: Option<NotationArg>, from: Option<&SquareArg>) -> Notation {
    match from {
        Some(arg) => answer_notation(asked, arg),
        None if asked == Some(NotationArg::Index) => Notation::Index,
        None => Notation::Algebraic,
    }
}

/// Where a request's knight moves: a terrain `board`, or a plain board of
/// `width` × `height`.
pub enum GroundArg {
    Plain(Board),
    Terrain(BoardArg),
}

/// The ground and barrier rule of a request that takes either a terrain
/// `board` or `width`/`height` (not both); `barrier_rule` needs a board.
pub fn ground_arg(
    board: Option<BoardArg>,
    width: Option<u64>,
    height: Option<u64>,
    rule: Option<&str>,
) -> Result<(GroundArg, BarrierRule), ApiError> {
    match board {
        Some(_) if width.is_some() || height.is_some() => Err(ApiError::invalid(
            "board",
            "give either a terrain 'board' or 'width' and 'height', not both",
        )),
        Some(board) => Ok((GroundArg::Terrain(board), barrier_rule(rule)?)),
        None if rule.is_some() => Err(ApiError::invalid(
            "barrier_rule",
            "'barrier_rule' needs a terrain 'board'",
        )),
        None => Ok((
            GroundArg::Plain(plain_board(width, height)?),
            BarrierRule::Either,
        )),
    }
}
