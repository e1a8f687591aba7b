//! Answers that draw a board: JSON (the default), the challenge's text board
//! (`?format=text`, `text/plain; charset=utf-8`) or an SVG picture
//! (`?format=svg`, `image/svg+xml`). Every endpoint that answers a path or a
//! tour shapes its answer through [`respond`].

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use super::error::ApiError;
use super::format::Format;
use crate::solver::draw::{self, Overlay, RenderError};
use crate::solver::terrain::Ground;
use crate::solver::{Board, Square};

/// The answer in the requested format: `answer` as JSON, or `ground` (a
/// plain `Board` as `Ground::Plain(board)`, a terrain as
/// `Ground::Terrain(&terrain)`) drawn with `path` (none when there is no
/// path, e.g. unreachable) as text or SVG. Synchronous: drawing a large
/// board takes milliseconds, so call it inside `state.heavy.run` when the
/// board is large (a `Response` can be sent back from the blocking pool).
pub fn respond<T: Serialize>(
    format: Format,
    ground: Ground<'_>,
    path: Option<&[Square]>,
    answer: &T,
) -> Result<Response, ApiError> {
    let path = path.unwrap_or(&[]);
    match format {
        Format::Json => Ok(Json(answer).into_response()),
        Format::Text => draw::text_with_path(ground, path)
            .map(text_response)
            .map_err(render_error),
        Format::Svg => draw::svg(ground, path, Overlay::default())
            .map(svg_response)
            .map_err(render_error),
    }
}

/// Refuses, before any work, a text drawing of a board too large to print
/// (422 `render_too_large`, param `format`). Call it before a long search
/// or tour whose answer would then not be drawn; [`respond`] checks again.
pub fn check_drawable(format: Format, board: Board) -> Result<(), ApiError> {
    if format == Format::Text && board.squares() > draw::MAX_TEXT_SQUARES {
        return Err(render_error(RenderError::TooLarge {
            squares: board.squares(),
            limit: draw::MAX_TEXT_SQUARES,
        }));
    }
    Ok(())
}

/// A JSON answer.
pub fn respond_json<T: Serialize>(answer: &T) -> Result<Response, ApiError> {
    Ok(Json(answer).into_response())
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

/// A board too large to draw: 422, pointing at `format`.
pub fn render_error(error: RenderError) -> ApiError {
    ApiError::Unprocessable {
        code: "render_too_large",
        param: Some("format".to_owned()),
        detail: error.to_string(),
    }
}
