//! Knight's tour puzzles: `POST /tour/finish` with `clues` (squares
//! numbered with their steps; the tour that agrees with them, and whether it
//! is the only one) and `/tour/puzzle` (clues that exactly one tour agrees
//! with, made from a seed). Drawn as puzzle books print them: text with
//! every square's number (or only the clues'), pictures with the clue
//! squares numbered.

use std::time::Duration;

use axum::response::Response;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::heavy::{Served, Work};
use crate::params;
use crate::request::clues::CluesArg;
use crate::request::extract::{JsonBody, QueryParams};
use crate::request::params::Given;
use crate::request::square::{record_question, PlainArgs, Shown};
use crate::response::picture::{check_drawable, respond, Accept, Format};
use crate::response::problem::{ApiError, Code};
use crate::routes::finish::{finish_error, FinishAnswer, FinishBody};
use crate::routes::longest::time_limit_ms;
use crate::routes::tour::ShownPath;
use knight::{
    check_clues, make_puzzle, solve_clues, validate, Board, Caption, Clue, CluesError, Deadline,
};
use knight::{BarrierRule, Square, CLUE_SQUARES};
use knight::{CluesRequest, FinishError, Ground, Notation, Overlay, PuzzleError, PuzzleRequest};

/// `POST /tour/finish` with `clues`: `played` (steps 1, 2, …), the clues
/// and `end` (the last step) made one list of clues, checked, and solved
/// with a second solution searched for.
pub async fn finish_with_clues(
    Served { state, work }: Served,
    format: Format,
    req: FinishBody,
    clues: CluesArg,
) -> Result<Response, ApiError> {
    let board = req.plain.board()?;
    if board.squares() > CLUE_SQUARES {
        let side = if req.plain.width.is_given() {
            "width"
        } else {
            "height"
        };
        return Err(ApiError::new(
            Code::BoardTooLarge,
            format!(
                "the board has {} squares; clues are solved (and a second solution ruled out) on boards of at most {CLUE_SQUARES} squares: send a smaller board, such as 8×8",
                board.squares()
            ),
        )
        .at(side));
    }
    // At most 64 squares: put on the board here (a longer list is refused
    // by the clue checks below, each step past the board's squares).
    let played = match req.played.0.as_ref() {
        Some(list) => list.on(board, "played")?,
        None => Vec::new(),
    };
    let checked = validate(Ground::Plain(board), &played, BarrierRule::Either, true);
    if let Some(fault) = checked.fault {
        return Err(finish_error(board, &played, FinishError::Played(fault), 0));
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
                    other.square, other.step
                )
            };
            return Err(ApiError::invalid(
                param.clone(),
                format!("'{param}' numbers {} as {}, but {why}: give each square one step and each step one square", clue.square, clue.step),
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
        return Err(clue_error(board, e, &param_of));
    }
    let time_limit_ms = time_limit_ms(req.time_limit_ms, &state)?;
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
            CluesError::NotFound => {
                finish_error(board, &played, FinishError::NotFound, time_limit_ms)
            }
            e => clue_error(board, e, &param_of),
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

/// A clue error: 400 naming the clue at fault, or 422 `no_tour` with the
/// reason.
fn clue_error(board: Board, error: CluesError, param_of: &dyn Fn(Clue) -> String) -> ApiError {
    let squares = board.squares();
    match error {
        CluesError::OffBoard(clue) => ApiError::new(
            Code::SquareOffBoard,
            crate::response::problem::off_board(clue.square, board),
        )
        .at(param_of(clue)),
        CluesError::StepOutOfRange(clue) => {
            let param = param_of(clue);
            ApiError::invalid(
                param.clone(),
                format!(
                    "'{param}' numbers {} as {}, but the steps of a tour of the {board} board are 1 to {squares}",
                    clue.square, clue.step
                ),
            )
        }
        CluesError::SquareTwice(a, b) => ApiError::invalid(
            param_of(b),
            format!(
                "{} is numbered both {} and {}: give each square one step",
                a.square, a.step, b.step
            ),
        ),
        CluesError::StepTwice(a, b) => ApiError::invalid(
            param_of(b),
            format!(
                "step {} is given to both {} and {}: give each step one square",
                a.step, a.square, b.square
            ),
        ),
        CluesError::TooLarge { squares } => ApiError::board_too_large(
            "width",
            squares,
            ("/tour/finish with clues", CLUE_SQUARES, "the solver's limit"),
            "send a smaller board, or no clues",
        ),
        CluesError::NoTour(why) => ApiError::new(
            Code::NoTour,
            format!("no tour of the {board} board agrees with these clues: {why}"),
        ),
        CluesError::NotFound => ApiError::new(
            Code::TourNotFound,
            format!("the search found no tour of the {board} board that agrees with these clues in time and could not prove that none exists; ask again with a larger time_limit_ms"),
        )
        .at("time_limit_ms"),
    }
}

/// `/tour/puzzle`'s `time_limit_ms` when none is given.
const PUZZLE_TIME_LIMIT_MS: u64 = 5_000;

params! {
    /// What a puzzle request asks: the board (at most 64 squares), the
    /// seed (0 by default), open or `closed`, and the time.
    pub struct PuzzleArgs {
        pub seed: Given<u64>,
        pub closed: Given<bool>,
        pub time_limit_ms: Given<u64>,
    }
}

params! {
    /// `GET /tour/puzzle`.
    pub struct PuzzleQuery {
        pub puzzle: PuzzleArgs,
        pub plain: PlainArgs,
        pub format: Given<Format>,
    }
}

params! {
    /// `POST /tour/puzzle` (`format` comes in the query string).
    pub struct PuzzleBody {
        pub puzzle: PuzzleArgs,
        pub plain: PlainArgs,
    }
}

/// The clues as a JSON object, square → step, in step order.
struct ShownClues {
    shown: Shown,
    clues: Vec<Clue>,
}

impl Serialize for ShownClues {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.clues.len()))?;
        for clue in &self.clues {
            let key = match self.shown.notation {
                Notation::Index => self.shown.board.index(clue.square).to_string(),
                Notation::Algebraic => clue.square.to_string(),
            };
            map.serialize_entry(&key, &clue.step)?;
        }
        map.end()
    }
}

/// The JSON answer of `/tour/puzzle`.
#[derive(serde::Serialize)]
struct PuzzleAnswer<'a> {
    width: u64,
    height: u64,
    seed: u64,
    closed: bool,
    clues: ShownClues,
    solution: ShownPath<'a>,
}

pub async fn get(
    served: Served,
    accept: Accept,
    QueryParams(req): QueryParams<PuzzleQuery>,
) -> Result<Response, ApiError> {
    puzzle(served, req.puzzle, req.plain, accept.or_query(req.format)).await
}

pub async fn post(
    served: Served,
    format: Format,
    JsonBody(req): JsonBody<PuzzleBody>,
) -> Result<Response, ApiError> {
    puzzle(served, req.puzzle, req.plain, format).await
}

async fn puzzle(
    Served { state, work }: Served,
    req: PuzzleArgs,
    plain: PlainArgs,
    format: Format,
) -> Result<Response, ApiError> {
    let board = plain.board()?;
    if board.squares() > CLUE_SQUARES {
        let side = if plain.width.is_given() {
            "width"
        } else {
            "height"
        };
        return Err(ApiError::new(
            Code::BoardTooLarge,
            format!(
                "the board has {} squares; puzzles are made (and their one solution proven) on boards of at most {CLUE_SQUARES} squares: send a smaller board, such as 8×8",
                board.squares()
            ),
        )
        .at(side));
    }
    // A puzzle's checks are measured in nodes (the same seed, the same
    // puzzle); the time is a safety, longer by default than a search's.
    let time_limit_ms = if req.time_limit_ms.is_given() {
        time_limit_ms(req.time_limit_ms, &state)?
    } else {
        PUZZLE_TIME_LIMIT_MS.min(state.config.max_time_limit_ms)
    };
    check_drawable(format, board, &[])?;
    let shown = Shown {
        board,
        notation: plain.notation.or(Notation::Algebraic),
    };
    let request = PuzzleRequest {
        board,
        closed: req.closed.or(false),
        seed: req.seed.or(0),
    };
    made(work, request, time_limit_ms, shown, format).await
}

async fn made(
    work: Work,
    request: PuzzleRequest,
    time_limit_ms: u64,
    shown: Shown,
    format: Format,
) -> Result<Response, ApiError> {
    let time_limit = Duration::from_millis(time_limit_ms);
    let board = request.board;
    let called_off = work.called_off();
    work.run_for(time_limit, move || {
        let deadline = Deadline::from(time_limit).cancelled_by(called_off);
        let puzzle = make_puzzle(request, deadline).map_err(|e| match e {
            PuzzleError::TooLarge { squares } => ApiError::board_too_large(
                "width",
                squares,
                ("/tour/puzzle", CLUE_SQUARES, "the solver's limit"),
                "send a smaller board, such as 8×8",
            ),
            PuzzleError::NoTour(why) => ApiError::new(
                Code::NoTour,
                format!(
                    "no {} tour of the {board} board exists, so it has no puzzle: {why}",
                    if request.closed { "closed" } else { "open" }
                ),
            ),
            PuzzleError::NotFound => ApiError::new(
                Code::TourNotFound,
                format!("no tour of the {board} board was found within time_limit_ms = {time_limit_ms}; ask again with a larger time_limit_ms"),
            )
            .at("time_limit_ms"),
        })?;
        let answer = PuzzleAnswer {
            width: board.width(),
            height: board.height(),
            seed: puzzle.seed,
            closed: puzzle.closed,
            clues: ShownClues {
                shown,
                clues: puzzle.clues.clone(),
            },
            solution: ShownPath::new(shown, &puzzle.solution),
        };
        let count = puzzle.clues.len();
        let overlay = Overlay {
            clues: puzzle.clues.iter().map(|c| (c.square, c.step)).collect(),
            caption: Caption {
                asked: format!(
                    "Knight's tour puzzle (seed {}{})",
                    puzzle.seed,
                    if puzzle.closed { ", closed" } else { "" }
                ),
                moves: None,
                cost: None,
                verdict: Some(format!(
                    "{count} squares numbered: number the rest 1 to {} so that each number is a knight move from the next{}; exactly one way does",
                    board.squares(),
                    if puzzle.closed { " and the last a knight move from the first" } else { "" }
                )),
            },
            ..Overlay::default()
        };
        respond(format, Ground::Plain(board), None, &answer, overlay)
    })
    .await?
}
