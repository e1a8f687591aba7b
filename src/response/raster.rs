//! PNG pictures: `?format=png` (or `Accept: image/png`) on every route that
//! draws. The handler draws its SVG and answers a PNG still to be made
//! ([`ToRasterise`]: the SVG and the size, typed, the body empty); the
//! layer of those routes (`layers::pictured`) hands
//! that answer here, where the way of a PNG ends: [`to_png`] rasterises it
//! (resvg) on the blocking pool while the request's heavy worker is held,
//! at `size` pixels along its longer side (default: the SVG's own size), at
//! most `--max-png-side`, one picture at a time, its SVG dropped once done.
//! HEAD gets the PNG's headers and rasterises nothing. Text is set in the bundled
//! DejaVu Sans (`assets/fonts/`), so a PNG looks the same on every machine.
//!
//! Kept in the service, not the library: the library has no dependencies,
//! and a PNG is a way of sending a picture, like gzip, not a way of
//! drawing one.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::header;
use axum::response::Response;
use resvg::{tiny_skia, usvg};

use crate::background::as_background;
use crate::convert::pixels;
use crate::error::ApiError;

/// The fonts a PNG's text is set in.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// A PNG answer still to be made (`picture::png_response`): the picture
/// as SVG, and its longer side in pixels (else the SVG's own). It travels
/// with the answer, whose body stays empty until [`to_png`] makes it; the
/// ETag layer names the PNG by this SVG (`layers::etag`), so a 304 or a
/// HEAD never rasterises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToRasterise {
    pub svg: axum::body::Bytes,
    pub size: Option<u32>,
}

/// The largest SVG rasterised: far more than any picture knightd draws
/// (a tour of 1000×1000 is about 260 kB).
const MAX_SVG_BYTES: usize = 64 << 20;

/// Pictures being rasterised, at most one at a time (see [`to_png`]).
static RASTERISING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// `drawn` as it is sent: when it is [`ToRasterise`], its SVG rasterised
/// (at most `max` pixels a side) on the blocking pool, with `worker` (what
/// holds the request's heavy worker) kept until the rasterising ends, so
/// that the worker is not given to another job while this one still uses
/// its core; the SVG is dropped once rasterised. A `head` request gets the
/// PNG's headers without its rasterising (its SVG was drawn, for the tag
/// that names the picture). Any other answer (an error, a 304) as it is.
pub async fn to_png<W: Send + 'static>(
    drawn: Response,
    head: bool,
    max: u32,
    worker: W,
) -> Result<Response, ApiError> {
    let (mut parts, body) = drawn.into_parts();
    let Some(ToRasterise { svg, size }) = parts.extensions.remove::<ToRasterise>() else {
        return Ok(Response::from_parts(parts, body));
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    if head {
        return Ok(Response::from_parts(parts, Body::empty()));
    }
    if svg.len() > MAX_SVG_BYTES {
        return Err(ApiError::internal());
    }
    // One picture rasterised at a time: its parsed SVG (about twenty bytes
    // for each byte of the SVG: every glyph a path) and its pixels take up
    // to about 200 MiB for the largest drawing at 4096 pixels.
    let _turn = RASTERISING
        .acquire()
        .await
        .map_err(|_| ApiError::internal())?;
    let png = tokio::task::spawn_blocking(move || {
        as_background();
        let png = rasterise(&svg, size, max);
        drop(worker);
        png
    })
    .await
    .map_err(|e| {
        tracing::error!(error = %e, "rasterising failed");
        ApiError::internal()
    })??;
    Ok(Response::from_parts(parts, Body::from(png)))
}

/// The options every PNG is drawn with: the bundled fonts, sans-serif
/// being DejaVu Sans.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        for font in FONTS {
            fonts.load_font_data(font.to_vec());
        }
        fonts.set_sans_serif_family("DejaVu Sans");
        usvg::Options {
            font_family: "DejaVu Sans".to_owned(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        }
    })
}

/// `svg` as a PNG on white, its longer side `size` pixels (else the SVG's
/// own size), at most `max` a side.
pub fn rasterise(svg: &[u8], size: Option<u32>, max: u32) -> Result<Vec<u8>, ApiError> {
    let tree = usvg::Tree::from_data(svg, options()).map_err(|_| ApiError::internal())?;
    let own = tree.size();
    let longer = own.width().max(own.height());
    // Sides of at most 65,535 pixels: exact in single precision.
    let side = |n: u32| f32::from(u16::try_from(n).unwrap_or(u16::MAX));
    let want = size.map_or(longer.min(side(max)), side);
    let scale = want / longer;
    // Whole pixels, a thousandth of one forgiven (single precision's
    // rounding would otherwise add a pixel to the side `size` names).
    let (width, height) = (
        pixels(f64::from(own.width() * scale) - 1e-3, max),
        pixels(f64::from(own.height() * scale) - 1e-3, max),
    );
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or_else(ApiError::internal)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|_| ApiError::internal())
}
