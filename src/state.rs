//! What every handler shares: the configuration, the heavy-work pool, each
//! client's limits, the metrics and the one cache.

use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::heavy::Heavy;
use crate::layers::limits::Limits;
use crate::layers::metrics::Metrics;
use knight::Cache;

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
