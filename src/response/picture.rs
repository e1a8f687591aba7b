//! Pictures as responses: the challenge's text board (`text/plain;
//! charset=utf-8`), an SVG picture (`image/svg+xml`) drawn by the library
//! with knightd's title, or a PNG ([`ToRasterise`]: the picture to be
//! rasterised, and at what size, which `raster` makes the body of).
//! `answer::respond` chooses among them by the request's format.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::response::raster::ToRasterise;
use knight::draw::Overlay;
use knight::terrain::Ground;
use knight::Square;

/// The SVG picture of `path` over `ground` with `overlay`, its title
/// naming the service that drew it (`knightd: ` and the caption).
pub fn draw_svg(
    ground: Ground<'_>,
    path: &[Square],
    overlay: Overlay,
) -> Result<String, knight::draw::RenderError> {
    let overlay = Overlay {
        title_prefix: "knightd: ".to_owned(),
        ..overlay
    };
    knight::draw::svg(ground, path, overlay)
}

/// A `text/plain; charset=utf-8` answer.
pub fn text_response(text: String) -> Response {
    with_type(text, "text/plain; charset=utf-8")
}

/// An `image/svg+xml` answer.
pub fn svg_response(svg: String) -> Response {
    with_type(svg, "image/svg+xml")
}

/// An `image/png` answer still to be made: the picture as `svg`, to be
/// rasterised with its longer side `size` pixels ([`ToRasterise`]); no
/// body until it is.
pub fn png_response(svg: String, size: Option<u32>) -> Response {
    let mut response = with_type(String::new(), "image/png");
    response.extensions_mut().insert(ToRasterise {
        svg: svg.into(),
        size,
    });
    response
}

fn with_type(body: String, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
