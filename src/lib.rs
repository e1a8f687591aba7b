//! knightd: an HTTP JSON service that answers chess-knight questions.
//!
//! [`app`] is the one router: `main` serves it and the integration tests
//! start it on port 0. The `solver` module holds all the chess-knight code,
//! synchronous and free of HTTP; `api` holds the thin HTTP layer over it.

pub mod api;
pub mod config;
pub mod solver;

use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Extension, Router};
use tower_http::compression::predicate::SizeAbove;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use api::error::ApiError;
use api::extract::BodyLimit;
use api::{colour, distance, longest, metrics, moves, ops, path, tour, validate, AppState};
pub use config::Config;

/// The router knightd serves, with every layer.
pub fn app(config: &Config) -> Router {
    let state = AppState::new(config);
    let router = Router::new()
        .route("/distance", get(distance::get).post(distance::post))
        .route("/distance/batch", post(distance::batch))
        .route("/path", get(path::get).post(path::post))
        .route("/tour", get(tour::handler))
        .route("/colour", get(colour::get))
        .route("/color", get(colour::get))
        .route("/moves", get(moves::get))
        .route("/validate", post(validate::handler))
        .route("/longest-path", post(longest::handler))
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(metrics::get))
        .route("/openapi.yaml", get(ops::openapi))
        .route_layer(middleware::from_fn(metrics::name_route))
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(middleware::from_fn(cache_solver_answers))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(CompressionLayer::new().compress_when(SizeAbove::new(1024)))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            metrics::track,
        ))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(if config.access_log {
                    access_span
                } else {
                    request_span
                })
                .on_response(DefaultOnResponse::new().level(if config.access_log {
                    tracing::Level::INFO
                } else {
                    tracing::Level::DEBUG
                })),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid));
    let router = match cors(&config.cors_origins) {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router.with_state(state)
}

/// The span every request's logs carry: method, path, request id, and the
/// question (board and squares), which handlers record once parsed.
///
/// A debug span unless `--access-log`: formatting spans and a line a request
/// costs about a tenth of the throughput of the cheapest endpoints.
fn request_span(request: &Request) -> tracing::Span {
    let id = request_id(request);
    tracing::debug_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        request_id = %id,
        question = tracing::field::Empty,
    )
}

/// [`request_span`] at info level, for `--access-log`.
fn access_span(request: &Request) -> tracing::Span {
    let id = request_id(request);
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        request_id = %id,
        question = tracing::field::Empty,
    )
}

fn request_id(request: &Request) -> &str {
    request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
}

/// CORS for the configured origins; none when the list is empty.
fn cors(origins: &[String]) -> Option<CorsLayer> {
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

/// The GET routes whose answers are pure functions of the URL.
const CACHEABLE: [&str; 6] = ["/distance", "/path", "/tour", "/colour", "/color", "/moves"];

/// Marks successful GET answers of the solver endpoints cacheable for a day.
async fn cache_solver_answers(request: Request, next: Next) -> Response {
    let is_get = request.method() == Method::GET;
    let mut response = next.run(request).await;
    let cacheable = is_get
        && response.status().is_success()
        && response
            .extensions()
            .get::<metrics::RouteName>()
            .is_some_and(|r| CACHEABLE.contains(&r.0.as_str()));
    if cacheable {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=86400"),
        );
    }
    response
}

/// Answers 503 when a request runs past the configured timeout.
async fn time_limit(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let limit = Duration::from_millis(state.config.request_timeout_ms);
    tokio::time::timeout(limit, next.run(request))
        .await
        .map_err(|_| ApiError::Timeout {
            retry_after_secs: 1,
        })
}

/// Builds the 8×8 table and the 3- and 4-wide strip table; `/readyz`
/// answers 200 after this returns.
pub fn warm() {
    solver::plain::strip::StripTable::get();
    solver::plain::table::ChessTable::get();
}

/// Serves `app` on `listener` until `shutdown` resolves, then stops
/// accepting, lets requests in flight finish, and returns.
///
/// This is `axum::serve` plus what it lacks: a limit on how long a client may
/// take to send its request headers (`--header-timeout-ms`), against slow
/// clients that hold connections open.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(config.header_timeout_ms.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(e) => {
                        // Out of file descriptors and the like: back off, keep serving.
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(app.clone());
                let connection = http.serve_connection(TokioIo::new(stream), service);
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    if let Err(e) = connection.await {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                });
            }
            () = &mut shutdown => break,
        }
    }
    // Closing the listener refuses new connections; those open finish their
    // requests in flight and close.
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
