//! The layer of every route that draws (`format`, `Accept`): the request's
//! [`Format`] is decided once (`request::format::negotiate`) and handed to
//! the handler; a PNG takes a heavy worker before its handler runs (within
//! the fair-share rules: while the job waits its turn it holds only its
//! request, nothing drawn), the handler draws its SVG on that worker, and
//! an answer that says [`Rasterise`] is rasterised there, its SVG dropped
//! once done. HEAD gets the PNG's headers and rasterises nothing. The
//! answers of these routes vary with `Accept`.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::heavy::{Heavy, Worker};
use crate::layers::limits::Limits;
use crate::request::extract::Draws;
use crate::request::format::negotiate;
use crate::response::raster::{rasterise, Rasterise};
use crate::shape::Format;

/// What the layer needs of the service's state.
#[derive(Clone, Debug)]
pub struct Pictures {
    /// The longest side of a PNG (`--max-png-side`).
    pub max_png_side: u32,
    /// Who a request's client is.
    pub limits: Limits,
    /// The heavy workers a PNG takes one of.
    pub heavy: Heavy,
}

/// The largest SVG rasterised: far more than any picture knightd draws
/// (a tour of 1000×1000 is about 260 kB).
const MAX_SVG_BYTES: usize = 64 << 20;

/// Pictures being rasterised, at most one at a time (see `to_png`).
static RASTERISING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// Layer of the routes that draw: the request's [`Format`] is decided
/// (`format::negotiate`, once) and handed to the handler; a PNG takes a
/// heavy worker first (while the job waits its turn it holds its request,
/// nothing drawn), the handler draws on it, and an answer that says
/// [`Rasterise`] is rasterised there. Their answers vary with `Accept`.
pub async fn pictured(State(state): State<Pictures>, mut request: Request, next: Next) -> Response {
    let max = state.max_png_side;
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
