//! Answers that may be pictures: `?format=` picks JSON (the default), the
//! challenge's text board (`text`, `text/plain; charset=utf-8`) or an SVG
//! picture (`svg`, `image/svg+xml`), drawn by `solver::render`. Every
//! endpoint that answers a path or a tour shapes its answer through
//! [`respond`].

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::extract::QueryParams;
use super::params::Given;
use super::problem::ApiError;
use crate::params;
use crate::solver::draw::{self as render, Overlay};
use crate::solver::terrain::Ground;
use crate::solver::{Board, Square};

/// How an answer that draws a board is written.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Json,
    Text,
    Svg,
}

params! {
    /// The query string of a POST endpoint that can draw its answer.
    pub struct FormatQuery {
        pub format: Given<Format>,
    }
}

/// `?format=` of a POST endpoint that can draw its answer.
impl<S: Send + Sync> FromRequestParts<S> for Format {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Format, ApiError> {
        let QueryParams(query) =
            QueryParams::<FormatQuery>::from_request_parts(parts, state).await?;
        Ok(query.format.or_default())
    }
}

/// The answer in the requested format: `answer` as JSON, or `ground` (a
/// plain `Board` as `Ground::Plain(board)`, a terrain as
/// `Ground::Terrain(&terrain)`) drawn with `path` (none when there is no
/// path, e.g. unreachable) and `overlay` (the squares asked about, the
/// caption's words) as text or SVG. Synchronous: drawing a large board
/// takes milliseconds, so call it inside `state.heavy` work when the board
/// is large (a `Response` can be sent back from the blocking pool).
pub fn respond<T: Serialize>(
    format: Format,
    ground: Ground<'_>,
    path: Option<&[Square]>,
    answer: &T,
    overlay: Overlay,
) -> Result<Response, ApiError> {
    let path = path.unwrap_or(&[]);
    match format {
        Format::Json => Ok(Json(answer).into_response()),
        Format::Text => Ok(text_response(render::text(ground, path, &overlay)?)),
        Format::Svg => Ok(svg_response(render::svg(ground, path, overlay)?)),
    }
}

/// Refuses, before any work, a drawing that would show too many squares
/// (422 `render_too_large`, param `format`): the part of `board` around
/// `around` (the squares asked about), or the whole board when `around` is
/// empty (a tour). Call it before a long search or tour whose answer would
/// then not be drawn; [`respond`] checks again.
pub fn check_drawable(format: Format, board: Board, around: &[Square]) -> Result<(), ApiError> {
    if format != Format::Json {
        let corners = [
            Square::new(0, 0),
            Square::new(board.files().end - 1, board.ranks().end - 1),
        ];
        let around = if around.is_empty() { &corners } else { around };
        render::view(board, around)?;
    }
    Ok(())
}

/// A `text/plain; charset=utf-8` answer.
pub fn text_response(text: String) -> Response {
    with_type(text, "text/plain; charset=utf-8")
}

/// An `image/svg+xml` answer.
pub fn svg_response(svg: String) -> Response {
    with_type(svg, "image/svg+xml")
}

fn with_type(body: String, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
