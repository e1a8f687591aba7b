//! `clues` as a request gives them: a JSON object from squares (a name, or
//! an index in digits, as anywhere else) to step numbers counted from 1,
//! `{"a1": 1, "d4": 17}`. Each square is put on the board with the key as
//! its parameter (`clues.d4`), so a bad one is named as it was sent.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, MapAccess, Visitor};

use crate::error::ApiError;
use crate::request::params::{Param, Seed};
use crate::request::square::SquareArg;
use knight::tour::Clue;
use knight::{Board, Notation, Square};

/// The most clues a request may give (a board of clues has at most 64
/// squares; more keys than this are refused before they are kept).
const MOST_CLUES: usize = 4096;

/// The clues as sent: each key's text, its square, its step.
#[derive(Debug, Default)]
pub struct CluesArg(pub Vec<(String, SquareArg, u64)>);

impl<'de> Param<'de> for CluesArg {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CluesVisitor;
        impl<'de> Visitor<'de> for CluesVisitor {
            type Value = CluesArg;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "an object from squares to their step numbers, such as {\"a1\": 1, \"d4\": 17}",
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CluesArg, A::Error> {
                let mut clues = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if clues.len() == MOST_CLUES {
                        return Err(de::Error::custom(format!(
                            "more than {MOST_CLUES} clues (a board of clues has at most 64 squares)"
                        )));
                    }
                    let square = SquareArg::deserialize(
                        IntoDeserializer::<A::Error>::into_deserializer(key.as_str()),
                    )?;
                    let step = map.next_value_seed(Seed::<u64>(PhantomData))?;
                    clues.push((key, square, step));
                }
                Ok(CluesArg(clues))
            }
        }
        deserializer.deserialize_map(CluesVisitor)
    }
}

impl CluesArg {
    /// The clues on `board`, each with the parameter that names it.
    pub fn on(&self, board: Board) -> Result<Vec<(Clue, String)>, ApiError> {
        self.0
            .iter()
            .map(|(key, square, step)| {
                let param = clue_param(key);
                let square = square.on(board, &param)?;
                Ok((
                    Clue {
                        square,
                        step: *step,
                    },
                    param,
                ))
            })
            .collect()
    }
}

/// `clues.<key>`, as sent: [`ApiError::at`] quotes it short.
pub fn clue_param(key: &str) -> String {
    format!("clues.{key}")
}

/// The one list of clues a finish with `clues` solves: the squares
/// `played` (steps 1, 2, …), the clues given, and `end` (the last step),
/// each with the parameter that names it as sent.
pub struct ClueList(Vec<(Clue, String)>);

impl ClueList {
    /// `played`, `given` and `end` as one list; a clue that gives a step
    /// or a square of another a second number is refused, naming both.
    pub fn new(
        board: Board,
        played: &[Square],
        given: Vec<(Clue, String)>,
        end: Option<Square>,
    ) -> Result<ClueList, ApiError> {
        let mut all: Vec<(Clue, String)> = played
            .iter()
            .zip(1..)
            .map(|(&square, step)| (Clue { square, step }, format!("played[{}]", step - 1)))
            .collect();
        for (clue, param) in given {
            if let Some((other, other_param)) = all
                .iter()
                .find(|(c, _)| (c.step == clue.step) != (c.square == clue.square))
            {
                return Err(numbered_twice(&clue, &param, other, other_param));
            }
            all.push((clue, param));
        }
        if let Some(end) = end {
            let step = board.squares();
            all.push((Clue { square: end, step }, "end".to_owned()));
        }
        if all.is_empty() {
            return Err(ApiError::invalid(
                "clues",
                "'clues' numbers some squares with their steps, such as {\"a1\": 1, \"d4\": 17}: give at least one (or 'played')",
            ));
        }
        Ok(ClueList(all))
    }

    /// The clues, in order.
    pub fn clues(&self) -> Vec<Clue> {
        self.0.iter().map(|c| c.0).collect()
    }

    /// The parameter that names `clue` as sent (the last to give it).
    pub fn param_of(&self, clue: Clue) -> String {
        self.0
            .iter()
            .rev()
            .find(|c| c.0 == clue)
            .map_or("clues".to_owned(), |c| c.1.clone())
    }
}

/// `clue` (named `param`) numbers a square or a step that `other` (named
/// `other_param`) numbers otherwise.
fn numbered_twice(clue: &Clue, param: &str, other: &Clue, other_param: &str) -> ApiError {
    let why = if other.step == clue.step {
        format!("{other_param} is step {} already", other.step)
    } else {
        format!(
            "{other_param} numbers {} as {} already",
            as_sent(other_param, other.square),
            other.step
        )
    };
    ApiError::invalid(
        param,
        format!(
            "'{param}' numbers {} as {}, but {why}: give each square one step and each step one square",
            as_sent(param, clue.square),
            clue.step
        ),
    )
}

/// A clue's square as its key was sent (`clues.C3` numbers `C3`); a played
/// square as it is read.
fn as_sent(param: &str, square: Square) -> String {
    param
        .strip_prefix("clues.")
        .map_or_else(|| square.to_string(), str::to_owned)
}

/// The notation of a clue's key: digits are an index.
pub fn key_notation(key: &str) -> Notation {
    let key = key.strip_prefix("clues.").unwrap_or(key);
    if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
        Notation::Index
    } else {
        Notation::Algebraic
    }
}
