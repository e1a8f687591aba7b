//! `/tour` (GET or POST): an open or closed knight's tour from a start
//! square, optionally to a given `end`, by the block construction or by
//! Warnsdorff's rule; and `/tour/step` (GET or POST): the square at a step,
//! or the step of a square, of the same tour on boards up to 10⁹ a side.

use std::sync::Arc;

use axum::response::Response;
use axum::Json;

use crate::error::ApiError;
use crate::heavy::{Served, SMALL_TOUR_SQUARES};
use crate::request::question::tour::{StepQuestion, TourQuestion};
use crate::request::resolve::Question;
use crate::response::answer::respond;
use crate::response::answer::tour::{FoundTour, StepAnswer};
use crate::written::Format;
use knight::tour::IndexedTour;
use knight::{Board, Cache, Square, TourError};

pub async fn handler(
    Served { cache, work }: Served,
    format: Format,
    Question(ask): Question<TourQuestion>,
) -> Result<Response, ApiError> {
    // The answer is written on the blocking pool too: a million-square tour
    // is megabytes of JSON, too long to write on the async workers.
    let small = ask.asked.board.squares() <= SMALL_TOUR_SQUARES;
    work.run_unless_small(small, move || {
        let found = knight::tour(ask.asked, ask.limit, &cache).map_err(|e| ask.refused(e))?;
        let answer = FoundTour {
            tour: found.tour,
            shown: ask.shown,
            end: ask.end,
            backtracks: found.backtracks,
            cache,
        };
        respond(format, answer)
    })
    .await?
}

pub async fn step(
    Served { cache, work }: Served,
    Question(ask): Question<StepQuestion>,
) -> Result<Json<StepAnswer>, ApiError> {
    let key = (ask.board, ask.start, ask.closed);
    let tour = match cache.get::<TourKey, IndexedTour>(&key) {
        Some(tour) => Ok(tour),
        // The narrow boards' tours are listed whole: heavy work.
        None if IndexedTour::is_listed(ask.board) => {
            let cache = Arc::clone(&cache);
            work.run(move || indexed(key, ask.limit, &cache)).await?
        }
        None => indexed(key, ask.limit, &cache),
    }
    .map_err(|e| ask.refused(e))?;
    let shown = ask.shown;
    let (step, square) = ask.look_up(&tour)?;
    Ok(Json(StepAnswer {
        width: ask.board.width(),
        height: ask.board.height(),
        start: shown.square(ask.start),
        closed: ask.closed,
        step,
        square: shown.square(square),
    }))
}

/// What a tour set up for /tour/step is kept in the cache under, so that a
/// run of queries on one tour sets it up once.
type TourKey = (Board, Square, bool);

/// The tour of `key`, set up now and kept in `cache`.
fn indexed(
    (board, start, closed): TourKey,
    limit: u64,
    cache: &Cache,
) -> Result<Arc<IndexedTour>, TourError> {
    cache.keep((board, start, closed), || {
        let tour = IndexedTour::new(board, start, closed, limit, cache)?;
        let bytes = tour.bytes();
        Ok((tour, bytes))
    })
}
