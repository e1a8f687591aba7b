//! The layers around the routes that are not a resource of their own: the
//! request timeout, `Cache-Control` on the answers that are pure functions
//! of their URL, the span each request logs under, and CORS.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

use super::problem::ApiError;
use super::AppState;

/// Answers 503 when a request runs past the configured timeout.
pub async fn time_limit(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let limit = Duration::from_millis(state.config.request_timeout_ms);
    tokio::time::timeout(limit, next.run(request))
        .await
        .map_err(|_| ApiError::timeout(1))
}

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

/// The span of a request, with its method, path, request id, and the
/// question (board and squares), which handlers record once parsed.
macro_rules! request_span {
    ($level:expr, $request:expr) => {
        tracing::span!(
            $level,
            "request",
            method = %$request.method(),
            path = %$request.uri().path(),
            request_id = %request_id($request),
            question = tracing::field::Empty,
        )
    };
}

/// Every request's span: at debug level unless `--access-log`, as
/// formatting spans and a line a request costs about a tenth of the
/// throughput of the cheapest endpoints.
pub fn request_span(request: &Request) -> tracing::Span {
    request_span!(tracing::Level::DEBUG, request)
}

/// [`request_span`] at info level, for `--access-log`.
pub fn access_span(request: &Request) -> tracing::Span {
    request_span!(tracing::Level::INFO, request)
}

fn request_id(request: &Request) -> &str {
    request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
}

/// The trace layer's account of a failed request. tower-http counts every
/// 5xx as a failure and logs it at ERROR; a 503 (overload, timeout,
/// starting) is the server refusing work, often by the thousand under a
/// flood, so it is logged at debug, with the client errors. A 500 and a
/// failure of the service itself stay at ERROR.
pub fn on_failure(
    class: tower_http::classify::ServerErrorsFailureClass,
    latency: Duration,
    _span: &tracing::Span,
) {
    use tower_http::classify::ServerErrorsFailureClass;
    match class {
        ServerErrorsFailureClass::StatusCode(status)
            if status == StatusCode::SERVICE_UNAVAILABLE =>
        {
            tracing::debug!(status = status.as_u16(), ?latency, "request refused");
        }
        class => tracing::error!(%class, ?latency, "request failed"),
    }
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
