//! PNG pictures: `?format=png` (or `Accept: image/png`) on every route that
//! draws. The handler draws its SVG as for `format=svg`; this layer takes a
//! heavy worker first (within the fair-share rules: while the job waits it
//! holds only its request), has the handler draw on it, and rasterises the
//! SVG (resvg) there, dropping it once done, at `size` pixels along its
//! longer side (default: the SVG's own size), at most `--max-png-side`.
//! HEAD gets the PNG's headers and rasterises nothing. Text is set in the bundled
//! DejaVu Sans (`assets/fonts/`), so a PNG looks the same on every machine.
//!
//! Kept in the service, not the library: the library has no dependencies,
//! and a PNG is a way of sending a picture, like gzip, not a way of
//! drawing one.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use resvg::{tiny_skia, usvg};

use crate::convert::pixels;
use crate::heavy::Worker;
use crate::response::picture::Accept;
use crate::response::problem::ApiError;
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

/// The suffix of a PNG's `ETag`: the SVG's tag, marked as another
/// representation of the same URL.
const PNG_TAG: &str = "-png";

/// What a request asks of this layer: nothing, or a PNG of `size` pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Png {
    /// The longer side asked for, if any.
    pub size: Option<u32>,
}

/// Layer of the routes that draw (`format`, `Accept`): their answers vary
/// with `Accept`, and a PNG asked for is rasterised from their SVG.
pub async fn pictured(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let response = match png_asked(request, state.config.max_png_side) {
        Ok((request, None)) => next.run(request).await,
        Ok((mut request, Some(png))) => {
            let client = state
                .limits
                .client_of(request.extensions(), request.headers());
            // A worker first: while the job waits its turn it holds its
            // request, nothing drawn; the handler draws on this worker.
            let worker = match state.heavy.for_client(client).take_worker().await {
                Ok(worker) => worker,
                Err(error) => return with_vary(error.into_response()),
            };
            let head = request.method() == Method::HEAD;
            request.extensions_mut().insert(worker.clone());
            let max = state.config.max_png_side;
            let svg = next.run(request).await;
            match to_png(svg, png, max, head, worker).await {
                Ok(response) => response,
                Err(error) => error.into_response(),
            }
        }
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

/// The request as the handler should see it (asking for SVG when a PNG
/// is wanted, without `size`), and the PNG wanted, if one is.
fn png_asked(mut request: Request, max: u32) -> Result<(Request, Option<Png>), ApiError> {
    let query = request.uri().query().unwrap_or("").to_owned();
    let mut format: Option<String> = None;
    let mut size: Option<String> = None;
    let mut kept: Vec<(String, String)> = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match &*key {
            "format" => format = Some(value.clone().into_owned()),
            "size" => {
                if size.is_some() {
                    return Err(ApiError::invalid(
                        "size",
                        "'size' is given twice: give it once",
                    ));
                }
                size = Some(value.into_owned());
                continue;
            }
            _ => {}
        }
        kept.push((key.into_owned(), value.into_owned()));
    }
    let png = match &format {
        Some(f) => f.eq_ignore_ascii_case("png"),
        None => Accept::prefers_png(request.headers()),
    };
    if !png {
        if let Some(size) = size {
            return Err(ApiError::invalid(
                "size",
                format!("'size' is {size}, but it sizes a PNG picture: give it with format=png, or leave it out"),
            ));
        }
        return Ok((request, None));
    }
    let size = size.map(|s| read_size(&s, max)).transpose()?;
    // The handler draws the SVG: ask it for that.
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (key, value) in &kept {
        let value = if key == "format" { "svg" } else { value };
        query.append_pair(key, value);
    }
    let query = query.finish();
    let path = request.uri().path().to_owned();
    let uri = if query.is_empty() {
        path
    } else {
        format!("{path}?{query}")
    };
    if let Ok(uri) = uri.parse() {
        *request.uri_mut() = uri;
    }
    let headers = request.headers_mut();
    headers.insert(header::ACCEPT, HeaderValue::from_static("image/svg+xml"));
    // Only a PNG's own tags name this representation; as the SVG's.
    let tags: Vec<HeaderValue> = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|t| {
            let t = t.trim();
            let base = t.strip_suffix(&format!("{PNG_TAG}\""))?;
            HeaderValue::from_str(&format!("{base}\"")).ok()
        })
        .collect();
    headers.remove(header::IF_NONE_MATCH);
    for tag in tags {
        headers.append(header::IF_NONE_MATCH, tag);
    }
    Ok((request, Some(Png { size })))
}

/// `size` as sent: a whole number of pixels from 1 to `max`.
fn read_size(whole: &str, max: u32) -> Result<u32, ApiError> {
    let sent = crate::response::problem::shorten(whole);
    let too_large = || {
        ApiError::invalid(
            "size",
            format!("'{sent}' is too large for 'size': at most {max} pixels"),
        )
    };
    let digits = whole.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::invalid(
            "size",
            format!("'{sent}' is not a size: give the longer side of the PNG in whole pixels, from 1 to {max}"),
        ));
    }
    let n: u32 = digits.parse().map_err(|_| too_large())?;
    if n == 0 {
        return Err(ApiError::invalid(
            "size",
            format!("'size' must be a whole number of pixels from 1 to {max}, not '{sent}'"),
        ));
    }
    if n > max {
        return Err(too_large());
    }
    Ok(n)
}

/// The handler's answer as a PNG when it is an SVG picture, rasterised on
/// `worker` (the SVG dropped once it is); any other answer (an error, a
/// 304) as it is, a 304's tag marked as the PNG's. A `head` request gets
/// the PNG's headers without its rasterising (its SVG was drawn, for the
/// tag that names the picture).
async fn to_png(
    response: Response,
    png: Png,
    max: u32,
    head: bool,
    worker: Worker,
) -> Result<Response, ApiError> {
    let is_svg = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"image/svg+xml"));
    let (mut parts, body) = response.into_parts();
    mark_tag(&mut parts.headers);
    if parts.status != StatusCode::OK || !is_svg {
        return Ok(Response::from_parts(parts, body));
    }
    parts
        .headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
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
    let bytes = worker.run(move || rasterise(&svg, png.size, max)).await??;
    Ok(Response::from_parts(parts, Body::from(bytes)))
}

/// The `ETag` of the SVG, marked as the PNG's.
fn mark_tag(headers: &mut axum::http::HeaderMap) {
    let marked = headers
        .get(header::ETAG)
        .and_then(|t| t.to_str().ok())
        .and_then(|t| t.strip_suffix('"'))
        .and_then(|t| HeaderValue::from_str(&format!("{t}{PNG_TAG}\"")).ok());
    if let Some(marked) = marked {
        headers.insert(header::ETAG, marked);
    }
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
