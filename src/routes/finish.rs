//! `POST /tour/finish`: a whole tour that begins with the squares played so
//! far (`played`), open, `closed` or to an `end`; or why none exists. Drawn
//! too (`?format=`, `Accept`), the played moves told apart from the finish.
//! With `clues` (squares numbered with their steps): the tour that agrees
//! with them and the squares played, and whether it is the only one.

use std::sync::Arc;
use std::time::Duration;

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::{Served, Work};
use crate::request::question::finish::{FinishClues, FinishPlayed, FinishQuestion};
use crate::request::resolve::Question;
use crate::response::answer::finish::{CluesSolved, TourFinished};
use crate::response::answer::respond;
use crate::written::Format;
use knight::{finish_tour, solve_clues, Cache, CluesRequest, Deadline, FinishRequest};

pub async fn handler(
    Served { cache, work }: Served,
    format: Format,
    Question(ask): Question<FinishQuestion>,
) -> Result<Response, ApiError> {
    match ask {
        FinishQuestion::Played(ask) => finish(work, ask, cache, format).await,
        FinishQuestion::Clues(ask) => solve(work, ask, format).await,
    }
}

/// The tour finished from the squares played. Admission counts the time
/// limit as the search's time; the squares are put on the board by the
/// worker: while the job waits, it holds them as sent, compact.
async fn finish(
    work: Work,
    ask: FinishPlayed,
    cache: Arc<Cache>,
    format: Format,
) -> Result<Response, ApiError> {
    let time_limit = Duration::from_millis(ask.time_limit_ms);
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let played = ask.played()?;
        let request = FinishRequest {
            board: ask.board,
            played: &played,
            ending: ask.ending,
        };
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let done = finish_tour(request, ask.limit, deadline)
            .map_err(|error| ask.refused(error, &played))?;
        respond(
            format,
            TourFinished {
                done,
                end: ask.end(),
                shown: ask.shown,
                cache,
            },
        )
    })
    .await?
}

/// The one list of clues solved, with a second solution searched for.
async fn solve(work: Work, ask: FinishClues, format: Format) -> Result<Response, ApiError> {
    let time_limit = Duration::from_millis(ask.time_limit_ms);
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let request = CluesRequest {
            board: ask.board,
            clues: &ask.clues,
            closed: ask.closed,
        };
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let solved = solve_clues(request, deadline).map_err(|e| ask.refused(e))?;
        let FinishClues {
            clues,
            closed,
            end,
            played,
            shown,
            ..
        } = ask;
        let played = played.len();
        respond(
            format,
            CluesSolved {
                solved,
                clues,
                closed,
                end,
                played,
                shown,
            },
        )
    })
    .await?
}
