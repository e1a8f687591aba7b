//! `POST /tour/finish`: a whole tour that begins with the squares played so
//! far (`played`), open, `closed` or to an `end`; or why none exists. Drawn
//! too (`?format=`, `Accept`), the played moves told apart from the finish.

use std::time::Duration;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::heavy::Served;
use crate::params;
use crate::request::clues::CluesArg;
use crate::request::extract::JsonBody;
use crate::request::params::Given;
use crate::request::square::{
    record_question, PlainArgs, Shown, ShownSquare, SquareArg, SquareList,
};
use crate::response::answer::json_with_squares;
use crate::response::picture::{check_drawable, respond, Format};
use crate::response::problem::{ApiError, Code};
use crate::routes::longest::time_limit_ms;
use crate::routes::tour::ShownPath;
use crate::routes::validate::reason_words;
use knight::{
    finish_tour, Board, Deadline, Ending, FinishError, FinishRequest, Square, TourSquares,
};
use knight::{grouped_digits, Cache, Caption, Finished, Ground, Overlay};

params! {
    /// `POST /tour/finish`: the squares played, the board, and how the
    /// tour ends (`closed` or `end`; open by default).
    pub struct FinishBody {
        pub played: Given<SquareList>,
        pub plain: PlainArgs,
        pub closed: Given<bool>,
        pub end: Given<SquareArg>,
        pub time_limit_ms: Given<u64>,
        pub clues: Given<CluesArg>,
    }
}

/// The JSON answer: the board, how many squares were played, and the whole
/// tour, written square by square as it is sent.
#[derive(Serialize)]
pub struct FinishAnswer<'a> {
    pub width: u64,
    pub height: u64,
    pub closed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<ShownSquare>,
    pub played: usize,
    /// With `clues`: whether no other tour agrees with them (null when
    /// that was not settled in time).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Option<bool>>,
    pub path: ShownPath<'a>,
}

pub async fn handler(
    served: Served,
    format: Format,
    JsonBody(mut req): JsonBody<FinishBody>,
) -> Result<Response, ApiError> {
    if let Some(clues) = req.clues.0.take() {
        return crate::routes::puzzle::finish_with_clues(served, format, req, clues).await;
    }
    let Served { state, work } = served;
    let played_args = req.played.required("played")?;
    let Some(first_arg) = played_args.first() else {
        return Err(ApiError::invalid(
            "played",
            "'played' lists the squares played so far, at least the first: give one square or more",
        ));
    };
    let board = req.plain.board()?;
    let limit = state.config.max_tour_squares;
    if board.squares() > limit {
        let side = if req.plain.width.is_given() {
            "width"
        } else {
            "height"
        };
        return Err(too_large(side, board.squares(), limit));
    }
    let first = first_arg.on(board, "played[0]")?;
    let closed = req.closed.or(false);
    let end = req.end.0.as_ref().map(|e| e.on(board, "end")).transpose()?;
    let ending = match end {
        Some(_) if closed => {
            return Err(ApiError::invalid(
                "end",
                "a closed tour ends one knight move from its first square, so it takes no 'end': leave out 'end' or 'closed=true'",
            ))
        }
        Some(end) => Ending::End(end),
        None if closed => Ending::Closed,
        None => Ending::Open,
    };
    let time_limit_ms = time_limit_ms(req.time_limit_ms, &state)?;
    check_drawable(format, board, &[])?;
    record_question(board, &[first]);
    let shown = Shown {
        board,
        notation: req.plain.notation.or(first_arg.notation()),
    };
    let cache = std::sync::Arc::clone(&state.cache);
    let time_limit = Duration::from_millis(time_limit_ms);
    // Admission counts the time limit as the search's time.
    // The squares are put on the board by the worker: while the job
    // waits, it holds them as sent, compact.
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let played = played_args.on(board, "played")?;
        let request = FinishRequest {
            board,
            played: &played,
            ending,
        };
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let done = finish_tour(request, limit, deadline)
            .map_err(|e| finish_error(board, &played, e, time_limit_ms))?;
        answer(done, end, shown, format, &cache)
    })
    .await?
}

/// The finished tour in the asked format: JSON (written fast, as /tour's),
/// or drawn as text or SVG with the played moves told apart.
fn answer(
    done: Finished,
    end: Option<Square>,
    shown: Shown,
    format: Format,
    cache: &Cache,
) -> Result<Response, ApiError> {
    let head = FinishAnswer {
        width: done.board.width(),
        height: done.board.height(),
        closed: done.closed,
        end: end.map(|e| shown.square(e)),
        played: done.played,
        unique: None,
        path: ShownPath::new(shown, &[]),
    };
    if format == Format::Json {
        return Ok(json_with_squares(
            &head,
            shown,
            TourSquares::Own(done.path),
            cache,
        ));
    }
    respond(
        format,
        Ground::Plain(done.board),
        Some(&done.path),
        &head,
        finish_overlay(&done, end),
    )
}

/// What a picture of a finished tour says: the squares played and how the
/// tour was to end, then the moves played and found, and where it ends.
fn finish_overlay(done: &Finished, end: Option<Square>) -> Overlay {
    let path = &done.path;
    let played = &path[..done.played.min(path.len())];
    let (first, last) = (path[0], path[path.len() - 1]);
    let kind = match end {
        _ if done.closed => "Closed knight's tour".to_owned(),
        Some(end) => format!("Knight's tour to {end}"),
        None => "Knight's tour".to_owned(),
    };
    let from = match played {
        [only] => format!("from {only} (the one square played)"),
        [.., last_played] if played.len() > 8 => format!(
            "from the {} squares played ({first} to {last_played})",
            grouped_digits(len64(played.len()))
        ),
        _ => {
            let names: Vec<String> = played.iter().map(Square::to_string).collect();
            format!(
                "from the {} squares played ({})",
                names.len(),
                names.join(" ")
            )
        }
    };
    let moves = len64(path.len()) - 1;
    let moves_played = len64(played.len()).saturating_sub(1);
    let found = moves - moves_played;
    let split = match (moves_played, found) {
        (_, 0) => "every move played".to_owned(),
        (0, _) => "every move found to finish".to_owned(),
        (p, f) => format!(
            "{} played and {} found to finish",
            grouped_digits(p),
            grouped_digits(f)
        ),
    };
    let ends = if done.closed {
        format!("every square once, then one move back to {first}")
    } else {
        format!("every square once, ending on {last}")
    };
    Overlay {
        closed: done.closed,
        played: played.len(),
        caption: Caption {
            asked: format!("{kind} finished {from}"),
            moves: Some(moves),
            cost: None,
            verdict: Some(format!("{split}, {ends}")),
        },
        ..Overlay::default()
    }
}

pub fn finish_error(board: Board, played: &[Square], error: FinishError, ms: u64) -> ApiError {
    match error {
        FinishError::Played(fault) => {
            let step = fault.step;
            let reason = fault.reason.as_str();
            let from = fault.from.map_or_else(String::new, |s| format!(" from {s}"));
            ApiError::invalid(
                format!("played[{step}]"),
                format!(
                    "'played' must be a path of knight moves that visits no square twice, but step {step}{from} to {} {} (as /validate reports it: step {step}, {reason})",
                    fault.to,
                    reason_words(reason)
                ),
            )
        }
        FinishError::NothingPlayed => ApiError::missing("played"),
        FinishError::EndOffBoard(end) => ApiError::new(
            Code::SquareOffBoard,
            crate::response::problem::off_board(end, board),
        )
        .at("end"),
        FinishError::TooLarge { squares, limit } => too_large("width", squares, limit),
        FinishError::NoTour(why) => {
            let begins = match played {
                [only] => format!("begins with {only} (the one square played)"),
                _ => format!("begins with these {} squares played", played.len()),
            };
            ApiError::new(
                Code::NoTour,
                format!("no tour of the {board} board {begins}: {why}"),
            )
        }
        FinishError::NotFound => ApiError::new(
            Code::TourNotFound,
            format!(
                "the search found no way to finish this tour of the {board} board within time_limit_ms = {ms} and could not prove that none exists; ask again with a larger time_limit_ms"
            ),
        )
        .at("time_limit_ms"),
    }
}

/// A board of `squares` (named by `param`) past /tour/finish's `limit`.
fn too_large(param: &str, squares: u64, limit: u64) -> ApiError {
    ApiError::board_too_large(
        param,
        squares,
        ("/tour/finish", limit, "--max-tour-squares"),
        "send a smaller board, or ask /tour/step for the square at any step of a tour",
    )
}
