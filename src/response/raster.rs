//! PNG pictures: `?format=png` (or `Accept: image/png`) on every route that
//! draws. The layer of those routes decides the request's format (once:
//! `request::format`); for a PNG it takes a heavy worker first (within the
//! fair-share rules: while the job waits it holds only its request), the
//! handler draws its SVG on it and answers it as a PNG to rasterise
//! ([`Rasterise`]), and the layer rasterises the SVG (resvg) there, dropping
//! it once done, at `size` pixels along its longer side (default: the SVG's
//! own size), at most `--max-png-side`.
//! HEAD gets the PNG's headers and rasterises nothing. Text is set in the bundled
//! DejaVu Sans (`assets/fonts/`), so a PNG looks the same on every machine.
//!
//! Kept in the service, not the library: the library has no dependencies,
//! and a PNG is a way of sending a picture, like gzip, not a way of
//! drawing one.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use resvg::{tiny_skia, usvg};

use crate::convert::pixels;
use crate::error::ApiError;
use crate::heavy::Worker;
use crate::request::extract::Draws;
use crate::request::format::{negotiate, Format};
use crate::AppState;

/// The fonts a PNG's text is set in.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
];

/// The largest SVG rasterised: far more than any picture knightd draws
/// (a tour of 1000×1000 is about 260 kB).
const MAX_SVG_BYTES: usize = 64 << 20;

/// Pictures being rasterised, at most one at a time (see `to_png`).
static RASTERISING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// What a PNG answer carries (`picture::png_response`): its body is the
/// SVG to rasterise, its longer side `size` pixels (else the SVG's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rasterise {
    pub size: Option<u32>,
}

/// Layer of the routes that draw: the request's [`Format`] is decided
/// (`format::negotiate`, once) and handed to the handler; a PNG takes a
/// heavy worker first (while the job waits its turn it holds its request,
/// nothing drawn), the handler draws on it, and an answer that says
/// [`Rasterise`] is rasterised there. Their answers vary with `Accept`.
pub async fn pictured(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let max = state.config.max_png_side;
    let chosen = match negotiate(request.uri().query(), request.headers(), max) {
        Ok(chosen) => chosen,
        Err(error) => return with_vary(error.into_response()),
    };
    request.extensions_mut().insert(chosen);
    request.extensions_mut().insert(Draws);
    let Format::Png { .. } = chosen.format else {
        return with_vary(next.run(request).await);
    };
    let client = state
        .limits
        .client_of(request.extensions(), request.headers());
    let worker = match state.heavy.for_client(client).take_worker().await {
        Ok(worker) => worker,
        Err(error) => return with_vary(error.into_response()),
    };
    let head = request.method() == Method::HEAD;
    request.extensions_mut().insert(worker.clone());
    let response = next.run(request).await;
    let response = match to_png(response, max, head, worker).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    };
    with_vary(response)
}

/// `response`, marked as varying with `Accept`.
fn with_vary(mut response: Response) -> Response {
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept"));
    response
}

/// The handler's answer as a PNG when it says [`Rasterise`], rasterised on
/// `worker` (the SVG dropped once it is); any other answer (an error, a
/// 304) as it is. A `head` request gets the PNG's headers without its
/// rasterising (its SVG was drawn, for the tag that names the picture).
async fn to_png(
    response: Response,
    max: u32,
    head: bool,
    worker: Worker,
) -> Result<Response, ApiError> {
    let Some(&Rasterise { size }) = response.extensions().get::<Rasterise>() else {
        return Ok(response);
    };
    let (mut parts, body) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    if head {
        return Ok(Response::from_parts(parts, Body::empty()));
    }
    let svg = axum::body::to_bytes(body, MAX_SVG_BYTES)
        .await
        .map_err(|_| ApiError::internal())?;
    // One picture rasterised at a time: its parsed SVG (about twenty bytes
    // for each byte of the SVG: every glyph a path) and its pixels take up
    // to about 200 MiB for the largest drawing at 4096 pixels.
    let _turn = RASTERISING
        .acquire()
        .await
        .map_err(|_| ApiError::internal())?;
    let bytes = worker.run(move || rasterise(&svg, size, max)).await??;
    Ok(Response::from_parts(parts, Body::from(bytes)))
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
