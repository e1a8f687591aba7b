//! Operations: health, readiness, metrics, the OpenAPI documents, and the
//! problem answers for unknown paths and methods.

use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::MatchedPath;
use axum::http::{header, HeaderValue, Method, Uri};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};

use crate::error::ApiError;

/// The OpenAPI document this server implements.
pub const OPENAPI_YAML: &str = include_str!("../../openapi.yaml");

/// The same API in OpenAPI 3.0.3, for generators that do not read 3.1;
/// `tests/http/openapi.rs` derives it from [`OPENAPI_YAML`] and holds the two
/// together.
pub const OPENAPI_30_YAML: &str = include_str!("../../openapi-3.0.yaml");

/// A fixed answer: nothing made per request.
pub async fn healthz() -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        r#"{"status":"ok"}"#,
    )
}

/// Set once SIGTERM has come: `/readyz` answers 503 from then on while
/// the server goes on serving for `--shutdown-delay-ms`. Process-wide,
/// as readiness is (the 8×8 table is too).
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Makes `/readyz` answer 503 from now on (the binary's SIGTERM).
pub fn stop_being_ready() {
    STOPPING.store(true, Ordering::Relaxed);
}

/// 200 once the 8×8 table is built, until shutdown begins.
pub async fn readyz() -> Result<Json<Value>, ApiError> {
    if STOPPING.load(Ordering::Relaxed) {
        Err(ApiError::stopping())
    } else if knight::is_warm() {
        Ok(Json(json!({"status": "ready"})))
    } else {
        Err(ApiError::not_ready())
    }
}

pub async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/yaml")], OPENAPI_YAML)
}

pub async fn openapi_30() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/yaml")],
        OPENAPI_30_YAML,
    )
}

pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(uri.path())
}

/// A 405 whose detail names the methods the route answers. (The router
/// adds the `Allow` header after this answer is made, so the methods are
/// looked up here by the matched route; `tests/http/one_rule.rs` holds this
/// table against every route's `Allow`. Reading `Allow` round the whole
/// router instead cost every request about 1 % more instructions.)
pub async fn method_not_allowed(method: Method, route: Option<MatchedPath>) -> ApiError {
    let path = route.as_ref().map_or("", MatchedPath::as_str);
    ApiError::method_not_allowed_by(method.as_str(), allowed_methods(path))
}

/// The methods a route answers, as its `Allow` header lists them.
pub fn allowed_methods(path: &str) -> &'static str {
    match path {
        "/distance/batch" | "/validate" | "/longest-path" | "/tour/finish" => "POST",
        "/distance" | "/path" | "/tour" | "/tour/step" | "/colour" | "/color" | "/moves"
        | "/distance-map" | "/shortest-paths" | "/tour/puzzle" => "GET,HEAD,POST",
        _ => "GET,HEAD",
    }
}

/// `GET /metrics`: `text`, the metrics in Prometheus text format.
pub fn metrics(text: String) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
}
