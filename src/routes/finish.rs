//! `POST /tour/finish`: a whole tour that begins with the squares played so
//! far (`played`), open, `closed` or to an `end`; or why none exists. Drawn
//! too (`?format=`, `Accept`), the played moves told apart from the finish.
//! With `clues` (squares numbered with their steps): the tour that agrees
//! with them and the squares played, and whether it is the only one.

use std::time::Duration;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::{finish_too_large, ApiError, CluesRefused, Code, FinishRefused};
use crate::heavy::Served;
use crate::request::clues::CluesArg;
use crate::request::extract::JsonBody;
use crate::request::params::params;
use crate::request::params::{Given, SentWhole};
use crate::request::square::{record_question, PlainArgs, SquareArg, SquareList};
use crate::response::answer::json_with_squares;
use crate::response::picture::{check_drawable, respond};
use crate::routes::longest::time_limit_ms;
use crate::routes::tour::ShownPath;
use crate::shape::Format;
use crate::shape::{Shown, ShownSquare};
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::{check_clues, Clue, Ending, Finished, TourSquares};
use knight::{
    draw, finish_tour, solve_clues, validate, BarrierRule, Cache, CluesError, CluesRequest,
    Deadline, FinishError, FinishRequest, Notation, Square,
};

params! {
    /// `POST /tour/finish`: the squares played, the board, and how the
    /// tour ends (`closed` or `end`; open by default).
    pub struct FinishBody {
        pub played: Given<SquareList>,
        pub plain: PlainArgs,
        pub closed: Given<bool>,
        pub end: Given<SquareArg>,
        pub time_limit_ms: Given<SentWhole>,
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
        return finish_with_clues(served, format, req, clues).await;
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
        return Err(finish_too_large(side, board.squares(), limit));
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
    let end_sent = req.end.0.as_ref().and_then(|e| e.sent()).map(str::to_owned);
    let time_limit_ms = time_limit_ms(req.time_limit_ms, state.config.max_time_limit_ms)?;
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
        let done = finish_tour(request, limit, deadline).map_err(|error| {
            end_as_sent(
                FinishRefused {
                    error,
                    board,
                    played: &played,
                    time_limit_ms,
                }
                .into(),
                end,
                end_sent.as_deref(),
            )
        })?;
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
            draw::grouped(len64(played.len()))
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
            draw::grouped(p),
            draw::grouped(f)
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

/// `POST /tour/finish` with `clues`: `played` (steps 1, 2, …), the clues
/// and `end` (the last step) made one list of clues, checked, and solved
/// with a second solution searched for.
pub async fn finish_with_clues(
    Served { state, work }: Served,
    format: Format,
    req: FinishBody,
    clues: CluesArg,
) -> Result<Response, ApiError> {
    let board = req
        .plain
        .clue_board("clues are solved (and a second solution ruled out)")?;
    // At most 64 squares: put on the board here (a longer list is refused
    // by the clue checks below, each step past the board's squares).
    let played = match req.played.0.as_ref() {
        Some(list) => list.on(board, "played")?,
        None => Vec::new(),
    };
    let checked = validate(Ground::Plain(board), &played, BarrierRule::Either, true);
    if let Some(fault) = checked.fault {
        return Err(FinishRefused {
            error: FinishError::Played(fault),
            board,
            played: &played,
            time_limit_ms: 0,
        }
        .into());
    }
    let closed = req.closed.or(false);
    let end = req.end.0.as_ref().map(|e| e.on(board, "end")).transpose()?;
    if end.is_some() && closed {
        return Err(ApiError::invalid(
            "end",
            "a closed tour ends one knight move from its first square, so it takes no 'end': leave out 'end' or 'closed=true'",
        ));
    }
    let given = clues.on(board)?;
    let mut all: Vec<(Clue, String)> = played
        .iter()
        .zip(1..)
        .map(|(&square, step)| (Clue { square, step }, format!("played[{}]", step - 1)))
        .collect();
    for (clue, param) in &given {
        if let Some((other, other_param)) = all
            .iter()
            .find(|(c, _)| (c.step == clue.step) != (c.square == clue.square))
        {
            let why = if other.step == clue.step {
                format!("{other_param} is step {} already", other.step)
            } else {
                format!(
                    "{other_param} numbers {} as {} already",
                    as_sent(other_param, other.square),
                    other.step
                )
            };
            return Err(ApiError::invalid(
                param.clone(),
                format!("'{param}' numbers {} as {}, but {why}: give each square one step and each step one square", as_sent(param, clue.square), clue.step),
            ));
        }
        all.push((*clue, param.clone()));
    }
    if let Some(end) = end {
        all.push((
            Clue {
                square: end,
                step: board.squares(),
            },
            "end".to_owned(),
        ));
    }
    let list: Vec<Clue> = all.iter().map(|c| c.0).collect();
    if list.is_empty() {
        return Err(ApiError::invalid(
            "clues",
            "'clues' numbers some squares with their steps, such as {\"a1\": 1, \"d4\": 17}: give at least one (or 'played')",
        ));
    }
    let param_of = move |clue: Clue| {
        all.iter()
            .rev()
            .find(|c| c.0 == clue)
            .map_or("clues".to_owned(), |c| c.1.clone())
    };
    if let Err(e) = check_clues(board, &list) {
        return Err(CluesRefused {
            error: e,
            board,
            param_of: &param_of,
        }
        .into());
    }
    let time_limit_ms = time_limit_ms(req.time_limit_ms, state.config.max_time_limit_ms)?;
    check_drawable(format, board, &[])?;
    record_question(board, &list.iter().map(|c| c.square).collect::<Vec<_>>());
    let first_arg = given.first().map(|c| c.1.as_str());
    let notation = req
        .plain
        .notation
        .or(match (req.played.0.as_ref(), first_arg) {
            (Some(played), _) if !played.is_empty() => played
                .first()
                .map_or(Notation::Algebraic, |first| first.notation()),
            (_, Some(key)) => key_notation(key),
            _ => Notation::Algebraic,
        });
    let shown = Shown { board, notation };
    let time_limit = Duration::from_millis(time_limit_ms);
    let played_len = played.len();
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let request = CluesRequest {
            board,
            clues: &list,
            closed,
        };
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let solved = solve_clues(request, deadline).map_err(|e| match e {
            CluesError::NotFound => ApiError::from(FinishRefused {
                error: FinishError::NotFound,
                board,
                played: &played,
                time_limit_ms,
            }),
            error => ApiError::from(CluesRefused {
                error,
                board,
                param_of: &param_of,
            }),
        })?;
        let head = FinishAnswer {
            width: board.width(),
            height: board.height(),
            closed,
            end: end.map(|e| shown.square(e)),
            played: played_len,
            unique: Some(solved.unique),
            path: ShownPath::new(shown, &solved.path),
        };
        let clue_squares: Vec<(Square, u64)> = list.iter().map(|c| (c.square, c.step)).collect();
        let verdict = match solved.unique {
            Some(true) => "the only tour that agrees with them (a complete search found no other)",
            Some(false) => "one of several tours that agree with them",
            None => {
                "a tour that agrees with them (whether it is the only one was not settled in time)"
            }
        };
        let overlay = Overlay {
            closed,
            clues: clue_squares,
            caption: Caption {
                asked: format!(
                    "Knight's tour puzzle: {} numbered square{}",
                    list.len(),
                    if list.len() == 1 { "" } else { "s" }
                ),
                moves: None,
                cost: None,
                verdict: Some(format!("Solved: {verdict}")),
            },
            ..Overlay::default()
        };
        respond(
            format,
            Ground::Plain(board),
            Some(&solved.path),
            &head,
            overlay,
        )
    })
    .await?
}

/// The notation of a clue's key: digits are an index.
fn key_notation(key: &str) -> Notation {
    let key = key.strip_prefix("clues.").unwrap_or(key);
    if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
        Notation::Index
    } else {
        Notation::Algebraic
    }
}

/// A clue's square as its key was sent (`clues.C3` numbers `C3`); a played
/// square as it is read.
fn as_sent(param: &str, square: Square) -> String {
    param
        .strip_prefix("clues.")
        .map_or_else(|| square.to_string(), str::to_owned)
}

/// A refusal that names the tour's end (`the tour must end on a1`) quotes
/// it as `end` was sent (`A1`).
fn end_as_sent(error: ApiError, end: Option<Square>, sent: Option<&str>) -> ApiError {
    match (end, sent) {
        (Some(end), Some(sent)) if error.code() == Code::NoTour => {
            let read = end.to_string();
            let detail = error
                .detail()
                .replace(&format!("end on {read}"), &format!("end on {sent}"))
                .replace(&format!("but {read} is"), &format!("but {sent} is"));
            ApiError::new(Code::NoTour, detail)
        }
        _ => error,
    }
}
