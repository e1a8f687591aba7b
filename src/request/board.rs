//! Where a request's knight moves: a terrain `board` (a string of rows or an
//! array of rows) with its `barrier_rule`, or a plain board of `width` ×
//! `height`; and the ends of a path on it, given or marked `S` and `E`.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

use crate::convert::len64;
use crate::error::ApiError;
use crate::request::params::params;
use crate::request::params::{from_text, Given, Param};
use crate::request::square::{Ends, PlainArgs, SquareArg};
use crate::written::Notated;
use knight::terrain::{End, UnknownBarrierRule};
use knight::{BarrierRule, Board, Notation, Square, Terrain};

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
        Ok(parsed?)
    }

    /// The characters of the board as sent: the measure of the work it asks
    /// for, known before it is parsed.
    pub fn chars(&self) -> u64 {
        let chars = match self {
            BoardArg::Text(text) => text.len(),
            BoardArg::Rows(rows) => rows.iter().map(String::len).sum(),
        };
        len64(chars)
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

/// `barrier_rule` as a request gives it: `either` or `long_leg`, in any case.
impl<'de> Param<'de> for BarrierRule {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        from_text(
            deserializer,
            "a barrier rule: 'either' or 'long_leg'",
            |text| text.parse().map_err(|e: UnknownBarrierRule| e.to_string()),
        )
    }
}

crate::request::params::param_by_serde!(BoardArg);

/// Where a request's knight moves: a terrain `board` (not parsed yet: that
/// may be heavy work), or a plain board of `width` × `height`.
pub enum GroundArg {
    Plain(Board),
    Terrain(BoardArg),
}

params! {
    /// A terrain `board` and its `barrier_rule`, in a request that may also
    /// take a plain board.
    pub struct TerrainArgs {
        pub board: Given<BoardArg>,
        pub barrier_rule: Given<BarrierRule>,
    }
}

/// The ground and barrier rule of a request that takes either a terrain
/// `board` or `width`/`height` (not both); `barrier_rule` needs a board.
pub fn ground_arg(
    terrain: TerrainArgs,
    plain: &PlainArgs,
) -> Result<(GroundArg, BarrierRule), ApiError> {
    let rule = terrain.barrier_rule;
    match terrain.board.0 {
        Some(_) if plain.width.is_given() || plain.height.is_given() => Err(ApiError::invalid(
            "board",
            "give either a terrain 'board' or 'width' and 'height', not both",
        )),
        Some(board) => Ok((GroundArg::Terrain(board), rule.or_default())),
        None if rule.is_given() => Err(ApiError::invalid(
            "barrier_rule",
            "'barrier_rule' needs a terrain 'board'",
        )),
        None => Ok((GroundArg::Plain(plain.board()?), BarrierRule::Either)),
    }
}

/// The parameter that names an end of a path.
pub fn end_param(end: End) -> &'static str {
    match end {
        End::From => "from",
        End::To => "to",
    }
}

/// The ends of a path on `terrain`: `from` and `to` as given, else the
/// board's `S` and `E`; and how the answer writes squares (`notation`, else
/// as `from` was written, else names).
pub fn path_ends(
    terrain: &Terrain,
    ends: &Ends,
    notation: Given<Notation>,
) -> Result<(Notated, [Square; 2]), ApiError> {
    let (from, to) = (ends.from.as_ref(), ends.to.as_ref());
    let board = terrain.board();
    let end = |arg: Given<&SquareArg>, marked: Option<Square>, end: End| match (arg.0, marked) {
        (Some(arg), _) => arg.on(board, end_param(end)),
        (None, Some(square)) => Ok(square),
        (None, None) => Err(ApiError::missing(end_param(end))),
    };
    let ends = [
        end(from, terrain.start(), End::From)?,
        end(to, terrain.end(), End::To)?,
    ];
    let written = from.0.map_or(Notation::Algebraic, SquareArg::notation);
    let shown = Notated {
        board,
        notation: notation.or(written),
    };
    Ok((shown, ends))
}
