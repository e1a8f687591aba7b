//! `/colour` and `/moves`: one square of a plain board.

use std::borrow::Cow;

use crate::error::ApiError;
use crate::request::params::{params, Given};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareArg};
use crate::written::Notated;
use knight::{Board, Square};

params! {
    /// The query of an endpoint about one square of a plain board
    /// (`/colour`, `/moves`).
    pub struct SquareQuery {
        pub square: Given<SquareArg>,
        pub plain: PlainArgs,
    }
}

/// The square asked about, and how the answer writes squares.
pub struct OneSquare(pub Square, pub Notated);

impl Resolve for OneSquare {
    type Sent = SquareQuery;

    fn resolve(sent: SquareQuery, _: &Context<'_>) -> Result<OneSquare, ApiError> {
        let (shown, [square]) = sent.plain.squares([("square", sent.square.as_ref())])?;
        Ok(OneSquare(square, shown))
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.1.board, Cow::Borrowed(std::slice::from_ref(&self.0))))
    }
}
