//! Answers that draw themselves: each endpoint's answer type holds what it
//! found, writes its JSON, and says what a picture of it shows (the ground,
//! the path over it, the overlay with its caption) through [`Drawn`];
//! [`respond`] is the one way an answer takes the format the request
//! chose (`request::format::negotiate`).

pub mod count;
pub mod distance;
pub mod distance_map;
pub mod finish;
pub mod path;
pub mod puzzle;
pub mod shortest_paths;
pub mod square;
pub mod tour;
pub mod validate;

use std::borrow::Cow;

use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use crate::error::ApiError;
use crate::response::picture::{draw_svg, png_response, svg_response, text_response};
use crate::response::NotPure;
use crate::written::{Format, Notated};
use knight::draw::Overlay;
use knight::terrain::Ground;
use knight::Square;

/// An answer that can be drawn: as JSON, as the challenge's text board, or
/// as a picture (SVG, or PNG rasterised from it).
pub trait Drawn {
    /// The answer as JSON.
    fn json(self) -> Result<Response, ApiError>;

    /// The board drawn.
    fn ground(&self) -> Ground<'_>;

    /// The squares drawn over it as a path (none: no path).
    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(&[])
    }

    /// What the picture marks and says (the caption's words).
    fn overlay(&self) -> Overlay;

    /// The answer as text: the board drawn with the path and overlay.
    fn text(&self) -> Result<String, ApiError> {
        Ok(knight::draw::text(
            self.ground(),
            &self.path(),
            &self.overlay(),
        )?)
    }

    /// Whether the answer is a function of its URL alone (see [`NotPure`]).
    fn pure(&self) -> bool {
        true
    }
}

/// `answer` in `format`. Synchronous: drawing a large board takes
/// milliseconds, so it is called inside heavy work when the board is large
/// (a `Response` can be sent back from the blocking pool).
pub fn respond<A: Drawn>(format: Format, answer: A) -> Result<Response, ApiError> {
    let pure = answer.pure();
    let mut response = match format {
        Format::Json => answer.json()?,
        Format::Text => text_response(answer.text()?),
        Format::Svg => svg_response(picture(&answer)?),
        Format::Png { size } => png_response(picture(&answer)?, size),
    };
    if !pure {
        // More time would make another answer: not one to keep a day.
        response.extensions_mut().insert(NotPure);
    }
    Ok(response)
}

/// The SVG picture of `answer`.
fn picture<A: Drawn>(answer: &A) -> Result<String, ApiError> {
    Ok(draw_svg(answer.ground(), &answer.path(), answer.overlay())?)
}

/// `head` as a JSON answer.
pub fn json<T: Serialize>(head: &T) -> Result<Response, ApiError> {
    Ok(Json(head).into_response())
}

/// A tour's or a path's squares in the answer's notation.
pub struct NotatedPath<'a> {
    shown: Notated,
    squares: &'a [Square],
}

impl<'a> NotatedPath<'a> {
    /// `squares`, written `shown`'s way.
    pub fn new(shown: Notated, squares: &'a [Square]) -> NotatedPath<'a> {
        NotatedPath { shown, squares }
    }
}

impl Serialize for NotatedPath<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.squares.len()))?;
        for &square in self.squares {
            seq.serialize_element(&self.shown.square(square))?;
        }
        seq.end()
    }
}
