//! The layer of every route that draws (`format`, `Accept`). A request
//! passes through once, one way: its [`Format`] is decided
//! (`request::format::negotiate`, the one place that reads it) and handed
//! to the handler as a request extension; a PNG takes a heavy worker before
//! its handler runs (within the fair-share rules: while the job waits its
//! turn it holds only its request, nothing drawn), the handler draws its
//! SVG on that worker and answers a PNG still to be made ([`ToRasterise`]), and the answer goes on to
//! `response::raster::to_png`, which rasterises it there. Nothing comes
//! back here: the answers of these routes vary with `Accept`, which the
//! router says round them (`crate::app`). An SVG answer gets a
//! `Content-Security-Policy` that runs no script.

use axum::extract::{Request, State};
use axum::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Heavy;
use crate::layers::limits::Limits;
use crate::request::extract::Draws;
use crate::request::format::negotiate;
use crate::response::raster::to_png;
#[cfg(doc)]
use crate::response::raster::ToRasterise;
use crate::written::Format;

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

/// Layer of the routes that draw: the request's [`Format`] is decided
/// (`format::negotiate`, once) and handed to the handler; a PNG takes a
/// heavy worker first (while the job waits its turn it holds its request,
/// nothing drawn), the handler draws on it, and its answer is rasterised
/// there (`raster::to_png`).
pub async fn pictured(
    State(pictures): State<Pictures>,
    mut request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let max = pictures.max_png_side;
    let chosen = negotiate(request.uri().query(), request.headers(), max)?;
    request.extensions_mut().insert(chosen);
    request.extensions_mut().insert(Draws);
    let Format::Png { .. } = chosen.format else {
        let mut response = next.run(request).await;
        runs_no_script(&mut response);
        return Ok(response);
    };
    let client = pictures
        .limits
        .client_of(request.extensions(), request.headers());
    let worker = pictures.heavy.for_client(client).take_worker().await?;
    let head = request.method() == Method::HEAD;
    request.extensions_mut().insert(worker.clone());
    to_png(next.run(request).await, head, max, worker).await
}

/// An SVG answer gets a policy that runs no script and loads nothing
/// (styles inline are the picture's own), as code hosts serve user SVG:
/// a picture opened from a link never becomes a page.
fn runs_no_script(response: &mut Response) {
    let headers = response.headers_mut();
    if headers
        .get(CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"image/svg+xml"))
    {
        headers
            .entry(CONTENT_SECURITY_POLICY)
            .or_insert(HeaderValue::from_static(SVG_POLICY));
    }
}

/// The policy of every SVG answer: styles inline (the pictures' own), no
/// script, nothing loaded.
pub const SVG_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";
