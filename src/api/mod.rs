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
    Board::new(w, h).map_err(|error| ApiError::InvalidBoardSize {
        param: match error {
            crate::solver::board::BoardError::Width(_) => "width",
            crate::solver::board::BoardError::Height(_) => "height",
        },
        error,
    })
}

/// Adds the question — the board and its squares — to the request's span,
/// so its log lines say what was asked: `8x8 d3 e5`.
pub fn record_question(board: Board, squares: &[crate::solver::Square]) {
    struct Question<'a>(Board, &'a [crate::solver::Square]);
    impl std::fmt::Display for Question<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}", self.0)?;
            self.1.iter().try_for_each(|s| write!(f, " {s}"))
        }
    }
    tracing::Span::current().record(
        "question",
        tracing::field::display(Question(board, squares)),
    );
}
