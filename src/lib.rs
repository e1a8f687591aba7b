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
use std::time::Duration;

use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{get, post, MethodRouter};
use axum::{Extension, Router};

use api::extract::BodyLimit;
use api::front::FrontLayer;
use api::AppState;
use api::{
    colour, distance, limits, longest, metrics, middleware, moves, ops, path, tour, validate,
};
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
        .route("/tour", pictured(get(tour::get).post(tour::post)))
        .route("/tour/step", get(tour::step_get).post(tour::step_post))
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
        .merge(api::page::router())
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .layer(from_fn_with_state(state.clone(), limits::admit))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(DefaultBodyLimit::max(config.body_limit))
        // Request id, timeout, metrics, logs and gzip, in one layer.
        .layer(FrontLayer::new(
            state.metrics.clone(),
            config.access_log,
            Duration::from_millis(config.request_timeout_ms),
        ))
        // Outside the gzip of `front`: a compressed answer's ETag gets its
        // coding's suffix.
        .layer(from_fn(middleware::etag_per_coding));
    let router = match middleware::cors(&config.cors_origins) {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router.with_state(state)
}
