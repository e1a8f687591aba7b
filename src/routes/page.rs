//! The board page: `GET /` and the files it loads, for a person with a
//! browser rather than a program. Plain HTML, CSS and JavaScript modules,
//! compiled into the binary with `include_str!`, so the page needs no build
//! step, no other host and no network beyond knightd itself.
//!
//! The page draws nothing itself: it shows the API's own SVG answers and
//! adds interaction through each square's `data-square` attribute. It is
//! served under a strict Content-Security-Policy (no inline script or
//! style, no `eval`, no other origin), which the page is written for.
//!
//! Every file is answered with a strong `ETag` (a hash of its bytes, fixed
//! at compile time) and `Cache-Control: no-cache`: a browser keeps its copy
//! and revalidates it with a `304`, so a new binary's page is seen at once.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// The page's Content-Security-Policy: only knightd itself, nothing inline.
/// `img-src data:` lets a picture embed an image in itself.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// One file of the page, at the URL path it is served under.
#[derive(Debug)]
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static str,
    etag: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";
const TEXT: &str = "text/plain; charset=utf-8";

macro_rules! asset {
    ($path:literal, $content_type:expr, $file:literal) => {
        Asset {
            path: $path,
            content_type: $content_type,
            body: include_str!($file),
            etag: {
                const HEX: [u8; 18] = etag(fnv1a(include_bytes!($file)));
                // The bytes are ASCII hex digits between quotes.
                match std::str::from_utf8(&HEX) {
                    Ok(etag) => etag,
                    Err(_) => panic!("an ETag is ASCII"),
                }
            },
        }
    };
}

/// Every file of the page. The JavaScript modules import each other by
/// relative URL (`./board.js`), so they all live under `/page/`.
pub static ASSETS: &[Asset] = &[
    asset!("/", HTML, "../../assets/page/index.html"),
    asset!("/page/style.css", CSS, "../../assets/page/style.css"),
    asset!("/page/favicon.svg", SVG, "../../assets/page/favicon.svg"),
    asset!("/page/app.js", JS, "../../assets/page/app.js"),
    asset!("/page/answer.js", JS, "../../assets/page/answer.js"),
    asset!("/page/api.js", JS, "../../assets/page/api.js"),
    asset!("/page/board.js", JS, "../../assets/page/board.js"),
    asset!("/page/form.js", JS, "../../assets/page/form.js"),
    asset!("/page/squares.js", JS, "../../assets/page/squares.js"),
    asset!("/page/state.js", JS, "../../assets/page/state.js"),
    asset!("/page/path.js", JS, "../../assets/page/path.js"),
    asset!("/page/tour.js", JS, "../../assets/page/tour.js"),
    asset!("/page/game.js", JS, "../../assets/page/game.js"),
    asset!("/page/moves.js", JS, "../../assets/page/moves.js"),
    asset!("/page/terrain.js", JS, "../../assets/page/terrain.js"),
    asset!("/page/validate.js", JS, "../../assets/page/validate.js"),
    // The terrain editor's preset: the challenge board (the tests read it
    // from here too).
    asset!(
        "/page/boards/challenge-28x32.txt",
        TEXT,
        "../../assets/page/boards/challenge-28x32.txt"
    ),
];

/// The routes of the page, to merge into the application's router:
/// `GET` (and so `HEAD`) of every path in [`ASSETS`].
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        router.route(
            asset.path,
            get(move |headers: HeaderMap| async move { serve(asset, &headers) }),
        )
    })
}

/// One file of the page: `304 Not Modified` when the browser's copy is
/// current, else the file with its type and the page's headers.
pub fn serve(asset: &'static Asset, request: &HeaderMap) -> Response {
    let etag = HeaderValue::from_static(asset.etag);
    let mut response = if is_current(request, asset.etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = asset.body.into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, etag);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Whether `If-None-Match` names this ETag (weak comparison, as RFC 9110
/// asks of `If-None-Match`), or is `*`.
fn is_current(request: &HeaderMap, etag: &str) -> bool {
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

/// The 64-bit FNV-1a hash of a file, computed at compile time.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        // `as`, not `u64::from`: a const fn cannot call `From` (a byte
        // widened, lossless).
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// A strong ETag of a hash: sixteen hex digits between double quotes.
const fn etag(hash: u64) -> [u8; 18] {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = [b'"'; 18];
    let mut i = 0;
    while i < 16 {
        // `as` in a const fn: four bits, lossless.
        out[1 + i] = DIGITS[((hash >> (60 - 4 * i)) & 0xf) as usize];
        i += 1;
    }
    out
}
