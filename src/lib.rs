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
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Extension, Router};
use tower_http::trace::TraceLayer;

use api::error::ApiError;
use api::extract::BodyLimit;
use api::{colour, distance, longest, moves, ops, path, tour, validate, AppState};
pub use config::Config;

/// The router knightd serves, with every layer.
pub fn app(config: &Config) -> Router {
    let state = AppState::new(config);
    Router::new()
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
        .route("/openapi.yaml", get(ops::openapi))
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), time_limit))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
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

/// Builds the 8×8 table; `/readyz` answers 200 after this returns.
pub fn warm() {
    solver::table::ChessTable::get();
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
