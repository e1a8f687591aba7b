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
use knight::Board;

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
