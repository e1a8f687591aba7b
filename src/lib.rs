//! knightd: an HTTP JSON service that answers chess-knight questions.
//!
//! [`app`] is the one router: `main` serves it (with [`server::serve`]) and
//! the integration tests start it on port 0. The `solver` module holds all
//! the chess-knight code, synchronous and free of HTTP; `api` holds the thin
//! HTTP layer over it.

pub mod api;
pub mod config;
pub mod server;
pub mod solver;

use axum::extract::DefaultBodyLimit;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{get, post, MethodRouter};
use axum::{Extension, Router};
use tower_http::compression::predicate::SizeAbove;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use api::extract::BodyLimit;
use api::AppState;
use api::{colour, distance, longest, metrics, middleware, moves, ops, path, tour, validate};
pub use config::Config;
pub use server::{serve, warm};

/// The routes of an endpoint that can answer a picture, chosen by `Accept`.
fn pictured(route: MethodRouter<AppState>) -> MethodRouter<AppState> {
    route.layer(from_fn(api::picture::vary_accept))
}

/// The router knightd serves, with every layer.
pub fn app(config: &Config) -> Router {
    let state = AppState::new(config);
    // The solver's GET answers are pure functions of the URL: cacheable.
    let pure = Router::new()
        .route("/distance", get(distance::get).post(distance::post))
        .route("/path", pictured(get(path::get).post(path::post)))
        .route("/tour", pictured(get(tour::handler)))
        .route("/colour", get(colour::get).post(colour::post))
        .route("/color", get(colour::get).post(colour::post))
        .route("/moves", get(moves::get).post(moves::post))
        .route_layer(from_fn(middleware::cache_for_a_day));
    let router = Router::new()
        .merge(pure)
        .route("/distance/batch", post(distance::batch))
        .route("/validate", pictured(post(validate::handler)))
        .route("/longest-path", pictured(post(longest::handler)))
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(metrics::get))
        .route("/openapi.yaml", get(ops::openapi))
        .route("/openapi-3.0.yaml", get(ops::openapi_30))
        .route_layer(from_fn(metrics::name_route))
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .layer(from_fn_with_state(state.clone(), middleware::time_limit))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(CompressionLayer::new().compress_when(SizeAbove::new(1024)))
        .layer(from_fn(middleware::etag_per_coding))
        .layer(from_fn_with_state(state.clone(), metrics::track))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(if config.access_log {
                    middleware::access_span
                } else {
                    middleware::request_span
                })
                .on_response(DefaultOnResponse::new().level(if config.access_log {
                    tracing::Level::INFO
                } else {
                    tracing::Level::DEBUG
                })),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid));
    let router = match middleware::cors(&config.cors_origins) {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router.with_state(state)
}
