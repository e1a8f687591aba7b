//! Knight's tour puzzles: `/tour/puzzle` (clues that exactly one tour
//! agrees with, made from a seed; `POST /tour/finish` with `clues` solves
//! them, in `finish`).

use std::time::Duration;

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::question::puzzle::PuzzleQuestion;
use crate::request::resolve::Question;
use crate::response::answer::puzzle::PuzzleMade;
use crate::response::answer::respond;
use crate::written::Format;
use knight::{make_puzzle, Deadline};

pub async fn handler(
    Served { work, .. }: Served,
    format: Format,
    Question(ask): Question<PuzzleQuestion>,
) -> Result<Response, ApiError> {
    let time_limit = Duration::from_millis(ask.time_limit_ms);
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let puzzle = make_puzzle(ask.request, deadline).map_err(|e| ask.refused(e))?;
        let time_limit_ms = ask.time_limit_ms;
        respond(
            format,
            PuzzleMade {
                shown: ask.shown,
                puzzle,
                time_limit_ms,
            },
        )
    })
    .await?
}
