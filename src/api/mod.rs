//! The HTTP layer: one module per resource (`distance`, `path`, `tour`,
//! `colour`, `moves`, `validate`, `longest`, `ops`, `metrics`, and `page`, the
//! board page for people at `/`). Handlers
//! read the request into domain types, call one solver function, and shape
//! the answer.
//!
//! Underneath them: `problem` (the one error and its codes), `extract`
//! (reading requests), `square` and `board` (what a request names and where),
//! `picture` (answers as JSON, text or SVG), `heavy` (the blocking pool and
//! what goes there), `limits` (what one client may ask: rate, bodies, its
//! turn for heavy work) and `middleware` (layers around every route).

pub mod answer;
pub mod board;
pub mod colour;
pub mod compress;
pub mod distance;
pub mod extract;
pub mod front;
pub mod heavy;
pub mod limits;
pub mod longest;
pub mod metrics;
pub mod middleware;
pub mod moves;
pub mod ops;
pub mod page;
pub mod params;
pub mod path;
pub mod picture;
pub mod problem;
pub mod query;
pub mod square;
pub mod tour;
pub mod validate;

use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use heavy::Heavy;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    pub config: Arc<Config>,
    pub heavy: Heavy,
    pub limits: limits::Limits,
    pub metrics: metrics::Metrics,
}

impl AppState {
    pub fn new(config: &Config) -> AppState {
        AppState {
            config: Arc::new(config.clone()),
            heavy: Heavy::new(config.heavy_workers(), config.heavy_queue, 1)
                .per_client(config.heavy_queue_per_client)
                .timeout(Duration::from_millis(config.request_timeout_ms)),
            limits: limits::Limits::new(config),
            metrics: metrics::Metrics::default(),
        }
    }
}
