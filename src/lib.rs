//! knightd: an HTTP JSON service that answers chess-knight questions.
//!
//! [`app`] is the one router: `main` serves it (with [`server::serve`]) and
//! the integration tests start it on port 0; [`AppState`] is what every
//! handler shares. The `knight` library holds all the chess-knight code,
//! synchronous and free of HTTP. Over it, HTTP alone, grouped by role:
//! `routes` (one file per resource), `request` (reading a request),
//! `response` (shaping an answer), `error` (the one error, at the bottom of
//! the house), `layers` (what wraps every route) and `heavy` (fair
//! admission to the blocking pool).

pub mod background;
pub mod config;
pub mod convert;
pub mod error;
pub mod heavy;
pub mod http2;
pub mod layers;
pub mod logs;
pub mod request;
pub mod response;
pub mod routes;
pub mod server;
pub mod stall;
pub mod wrapped;
pub mod written;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::handler::Handler;
use axum::http::{header, HeaderValue};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

pub use config::Config;
use heavy::Heavy;
use knight::Cache;
use layers::front::FrontLayer;
use layers::limits::Limits;
use layers::metrics::Metrics;
use layers::{cors, etag};
use request::extract::Bodies;
use routes::{
    colour, count, distance, distance_map, finish, longest, moves, ops, path, puzzle,
    shortest_paths, tour, validate,
};
pub use server::{serve, warm};

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    pub config: Arc<Config>,
    pub heavy: Heavy,
    pub limits: Limits,
    pub metrics: Metrics,
    /// Every table kept between requests, within `--cache-bytes`.
    pub cache: Arc<Cache>,
    /// Large request bodies parsed at once, off the async threads: as
    /// many as there are heavy workers.
    pub parsers: Arc<tokio::sync::Semaphore>,
}

impl Bodies for AppState {
    fn body_limit(&self) -> usize {
        self.config.body_limit
    }

    fn parsers(&self) -> &tokio::sync::Semaphore {
        &self.parsers
    }
}

impl heavy::Pool for AppState {
    fn work_for(&self, parts: &axum::http::request::Parts) -> heavy::Work {
        let client = self.limits.client_of(&parts.extensions, &parts.headers);
        self.heavy.for_client(client)
    }

    fn cache(&self) -> &Arc<Cache> {
        &self.cache
    }
}

impl request::resolve::Configured for AppState {
    fn config(&self) -> &Config {
        &self.config
    }
}

impl AppState {
    pub fn new(config: &Config) -> AppState {
        AppState {
            config: Arc::new(config.clone()),
            heavy: Heavy::new(config.heavy_workers(), config.heavy_queue, 1)
                .per_client(config.heavy_queue_per_client)
                .timeout(Duration::from_millis(config.request_timeout_ms)),
            limits: Limits::new(config),
            metrics: Metrics::default(),
            cache: Arc::new(Cache::new(config.cache_bytes)),
            parsers: Arc::new(tokio::sync::Semaphore::new(config.heavy_workers())),
        }
    }
}

impl AppState {
    /// The metrics in Prometheus text format: the counters, the heavy
    /// pool's gauges and the cache's.
    fn metrics_text(&self) -> String {
        self.metrics.render(
            self.heavy.queued(),
            self.heavy.admitted(),
            self.heavy.called_off(),
            self.cache.stats(),
        )
    }
}

/// The GET (and HEAD) route of a solver's answer, a pure function of the
/// URL: cacheable. Its POST is not, and is added after, without the layer
/// (a layer around a route costs every request that passes it).
fn cached<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: Handler<T, AppState>,
    T: 'static,
{
    get(handler).route_layer(from_fn(etag::cache_for_a_day))
}

/// The routes of an endpoint that can answer a picture, chosen by `format`
/// or `Accept` (PNG rasterised from its SVG): every answer of theirs,
/// errors too, varies with `Accept`.
fn pictured(state: &AppState, route: MethodRouter<AppState>) -> MethodRouter<AppState> {
    let pictures = layers::pictured::Pictures {
        max_png_side: state.config.max_png_side,
        limits: state.limits.clone(),
        heavy: state.heavy.clone(),
    };
    let vary = SetResponseHeaderLayer::appending(header::VARY, HeaderValue::from_static("accept"));
    // The first layer of the two is the outer: the header goes on every
    // answer, the picture layer's own refusals too.
    route.layer((
        vary,
        from_fn_with_state(pictures, layers::pictured::pictured),
    ))
}

/// The router knightd serves, with every layer.
pub fn app(config: &Config) -> Router {
    let state = AppState::new(config);
    let router = Router::new()
        .route(
            "/distance",
            cached(distance::handler).post(distance::handler),
        )
        .route(
            "/path",
            pictured(&state, cached(path::get).post(path::post)),
        )
        .route(
            "/tour",
            pictured(&state, cached(tour::handler).post(tour::handler)),
        )
        .route("/tour/step", cached(tour::step).post(tour::step))
        .route("/tour/finish", pictured(&state, post(finish::handler)))
        .route(
            "/tour/count",
            pictured(&state, cached(count::handler).post(count::handler)),
        )
        .route(
            "/tour/puzzle",
            pictured(&state, cached(puzzle::handler).post(puzzle::handler)),
        )
        .route("/colour", cached(colour::handler).post(colour::handler))
        .route("/color", cached(colour::handler).post(colour::handler))
        .route("/moves", cached(moves::handler).post(moves::handler))
        .route(
            "/distance-map",
            pictured(
                &state,
                cached(distance_map::handler).post(distance_map::handler),
            ),
        )
        .route(
            "/shortest-paths",
            pictured(
                &state,
                cached(shortest_paths::handler).post(shortest_paths::handler),
            ),
        )
        .route("/distance/batch", post(distance::batch))
        .route("/validate", pictured(&state, post(validate::handler)))
        .route("/longest-path", pictured(&state, post(longest::handler)))
        .route("/healthz", get(ops::healthz))
        .route("/readyz", get(ops::readyz))
        .route(
            "/metrics",
            get(|State(state): State<AppState>| async move { ops::metrics(state.metrics_text()) }),
        )
        .route("/openapi.yaml", get(ops::openapi))
        .route("/openapi-3.0.yaml", get(ops::openapi_30))
        .merge(routes::page::router())
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        // Client limits, request id, timeout, metrics, logs, gzip and the
        // ETag per coding, in one layer: each `layer` here is a boxed
        // service round every route, cloned for every request. (The body
        // limit is `JsonBody`'s, the one reader of bodies.)
        .layer(FrontLayer::new(
            state.metrics.clone(),
            state.limits.clone(),
            config.access_log,
            Duration::from_millis(config.request_timeout_ms),
        ));
    let router = match cors::for_origins(&config.cors_origins) {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router.with_state(state)
}
