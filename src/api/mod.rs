//! The HTTP layer: one module per resource. Handlers parse the request, call
//! one solver function, and shape the answer.

pub mod board;
pub mod colour;
pub mod distance;
pub mod error;
pub mod extract;
pub mod format;
pub mod heavy;
pub mod longest;
pub mod metrics;
pub mod moves;
pub mod ops;
pub mod path;
pub mod render;
pub mod square;
pub mod tour;
pub mod validate;

use std::sync::Arc;

use crate::config::Config;
use crate::solver::Board;
use error::ApiError;
use heavy::Heavy;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    pub config: Arc<Config>,
    pub heavy: Heavy,
    pub metrics: metrics::Metrics,
}

impl AppState {
    pub fn new(config: &Config) -> AppState {
        AppState {
            config: Arc::new(config.clone()),
            heavy: Heavy::new(config.heavy_workers(), config.heavy_queue, 1),
            metrics: metrics::Metrics::default(),
        }
    }
}

/// The board of a request's `width` and `height`, each 8 when absent.
pub fn plain_board(width: Option<u64>, height: Option<u64>) -> Result<Board, ApiError> {
    let (w, h) = (width.unwrap_or(8), height.unwrap_or(8));
    record_board(w, h);
    Board::new(w, h).map_err(|error| ApiError::InvalidBoardSize {
        param: match error {
            crate::solver::board::BoardError::Width(_) => "width",
            crate::solver::board::BoardError::Height(_) => "height",
        },
        error,
    })
}

/// Adds the board to the request's span, so its logs say what was asked.
pub fn record_board(width: u64, height: u64) {
    let span = tracing::Span::current();
    span.record("width", width);
    span.record("height", height);
}

/// Adds the squares to the request's span.
pub fn record_squares(from: crate::solver::Square, to: crate::solver::Square) {
    let span = tracing::Span::current();
    span.record("from", tracing::field::display(from));
    span.record("to", tracing::field::display(to));
}
