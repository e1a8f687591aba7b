//! Answers that may be pictures, in the [`Format`] the request chose
//! (`request::format::negotiate`): JSON (the default), the challenge's text board
//! (`text/plain; charset=utf-8`), an SVG picture (`image/svg+xml`) drawn by
//! the library, or a PNG (an SVG answer that says it is to be rasterised,
//! and at what size: `raster`). Every endpoint that answers a path or a
//! tour shapes its answer through [`respond`].

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::raster::Rasterise;
use crate::shape::Format;
use knight::Ground;
use knight::Overlay;
use knight::{Board, Square};

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
        Format::Text => Ok(text_response(knight::draw_text(ground, path, &overlay)?)),
        Format::Svg => Ok(svg_response(draw_svg(ground, path, overlay)?)),
        Format::Png { size } => Ok(png_response(draw_svg(ground, path, overlay)?, size)),
    }
}

/// The SVG picture of `path` over `ground` with `overlay`, its title
/// naming the service that drew it (`knightd: ` and the caption).
pub fn draw_svg(
    ground: Ground<'_>,
    path: &[Square],
    overlay: Overlay,
) -> Result<String, knight::RenderError> {
    let overlay = Overlay {
        title_prefix: "knightd: ".to_owned(),
        ..overlay
    };
    knight::draw_svg(ground, path, overlay)
}

/// Refuses, before any work, a drawing that would show too many squares
/// (422 `render_too_large`, param `format`): the part of `board` around
/// `around` (the squares asked about), or the whole board when `around` is
/// empty (a tour). Call it before a long search or tour whose answer would
/// then not be drawn; [`respond`] checks again.
pub fn check_drawable(format: Format, board: Board, around: &[Square]) -> Result<(), ApiError> {
    let drawing = match format {
        Format::Json => return Ok(()),
        Format::Text => knight::Drawing::Text,
        Format::Svg | Format::Png { .. } => knight::Drawing::Plain,
    };
    let corners = [
        Square::new(0, 0),
        Square::new(board.files().end - 1, board.ranks().end - 1),
    ];
    let around = if around.is_empty() { &corners } else { around };
    knight::drawn_part(board, around, drawing)?;
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

/// An `image/png` answer: `svg`, to be rasterised with its longer side
/// `size` pixels (see [`Rasterise`]).
pub fn png_response(svg: String, size: Option<u32>) -> Response {
    let mut response = with_type(svg, "image/png");
    response.extensions_mut().insert(Rasterise { size });
    response
}

fn with_type(body: String, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
