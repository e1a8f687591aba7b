//! `/tour/count`: how many knight's tours a board has, exactly (GET with a
//! query, or POST with the same fields as JSON): open (each path counted
//! once), closed (each cycle once), from a `start`, or between a `start`
//! and an `end`. The count is the library's `count_tours`, on the heavy
//! pool within `time_limit_ms`; a board whose states would not fit
//! `--max-count-bytes` is refused before it queues. `format=text` prints the
//! count and, with `start` alone, the count from every square of the board.

use std::collections::HashMap;
use std::time::Duration;

use axum::response::Response;

use crate::error::ApiError;
use crate::heavy::Served;
use crate::request::question::count::CountQuestion;
use crate::request::resolve::Question;
use crate::response::answer::count::CountMade;
use crate::response::answer::respond;
use crate::written::Format;
use knight::tour::{Counted, TourCount};
use knight::{count_tours, Board, CountError, CountRequest, Deadline, Square};

pub async fn handler(
    Served { work, .. }: Served,
    format: Format,
    Question(ask): Question<CountQuestion>,
) -> Result<Response, ApiError> {
    let time_limit = Duration::from_millis(ask.time_limit_ms);
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let count =
            count_tours(ask.request, ask.budget, deadline.clone()).map_err(|e| ask.refused(e))?;
        // As text, from a `start` alone: the count from every square too.
        let each = (format == Format::Text && ask.start_alone())
            .then(|| from_every_square(ask.request.board, ask.budget, &deadline))
            .transpose()
            .map_err(|e| ask.refused(e))?;
        let counted = ask.request.counted;
        respond(
            format,
            CountMade {
                shown: ask.shown,
                counted,
                count,
                each,
            },
        )
    })
    .await?
}

/// The open tours from every square, each once up to the board's
/// symmetries (a square and its mirror images have the same count).
fn from_every_square(
    board: Board,
    budget: u64,
    deadline: &Deadline,
) -> Result<Vec<(Square, TourCount)>, CountError> {
    let (w, h) = (board.width(), board.height());
    let mut seen: HashMap<(u32, u32), TourCount> = HashMap::new();
    let mut each = Vec::new();
    for rank in board.ranks() {
        for file in board.files() {
            let key = symmetric(file, rank, w, h);
            let count = match seen.get(&key) {
                Some(count) => count.clone(),
                None => {
                    let start = Square::new(file, rank);
                    let counted = Counted::Open {
                        start: Some(start),
                        end: None,
                    };
                    let count =
                        count_tours(CountRequest { board, counted }, budget, deadline.clone())?;
                    seen.insert(key, count.clone());
                    count
                }
            };
            each.push((Square::new(file, rank), count));
        }
    }
    Ok(each)
}

/// The least of a square's images under the board's mirrors (and, on a
/// square board, its diagonal).
fn symmetric(file: u32, rank: u32, w: u64, h: u64) -> (u32, u32) {
    let mirror = |n: u32, side: u64| {
        let side = u32::try_from(side).unwrap_or(u32::MAX);
        n.min(side - 1 - n)
    };
    let (f, r) = (mirror(file, w), mirror(rank, h));
    if w == h {
        (f.min(r), f.max(r))
    } else {
        (f, r)
    }
}
