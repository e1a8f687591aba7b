//! The layers around the routes that are not a resource of their own:
//! `Cache-Control` on the answers that are pure functions of their URL, and
//! CORS. The request id, timeout, metrics, span and gzip are in `front`.

use axum::extract::Request;
use axum::http::{header, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Route layer of the solver's GET routes, whose answers are pure functions
/// of the URL: marks a successful GET answer cacheable for a day.
pub async fn cache_for_a_day(request: Request, next: Next) -> Response {
    let is_get = request.method() == Method::GET;
    let mut response = next.run(request).await;
    if is_get && response.status().is_success() {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=86400"),
        );
    }
    response
}

/// CORS for the configured origins; none when the list is empty.
pub fn cors(origins: &[String]) -> Option<CorsLayer> {
    let origins: Vec<&String> = origins.iter().filter(|o| !o.trim().is_empty()).collect();
    if origins.is_empty() {
        return None;
    }
    let allow = if origins.iter().any(|o| o.trim() == "*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(
            origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o.trim()).ok()),
        )
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::CONTENT_TYPE])
            .expose_headers([HeaderName::from_static("x-request-id")]),
    )
}
