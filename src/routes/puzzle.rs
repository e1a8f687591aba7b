//! Knight's tour puzzles: `/tour/puzzle` (clues that exactly one tour
//! agrees with, made from a seed; `POST /tour/finish` with `clues` solves
//! them, in `finish`). Drawn as puzzle books print them: text with
//! every square's number (or only the clues'), pictures with the clue
//! squares numbered.

use std::time::Duration;

use axum::response::Response;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::error::{ApiError, PuzzleRefused};
use crate::heavy::{Served, Work};
use crate::request::extract::Params;
use crate::request::params::params;
use crate::request::params::{Given, SentWhole};
use crate::request::square::PlainArgs;
use crate::response::picture::{check_drawable, respond};
use crate::response::NotPure;
use crate::routes::longest::time_limit_ms;
use crate::routes::tour::ShownPath;
use crate::shape::Format;
use crate::shape::Shown;
use knight::draw::{Caption, Overlay};
use knight::terrain::Ground;
use knight::tour::Clue;
use knight::{make_puzzle, Deadline, Notation, PuzzleRequest};

/// `/tour/puzzle`'s `time_limit_ms` when none is given.
const PUZZLE_TIME_LIMIT_MS: u64 = 5_000;

params! {
    /// What a puzzle request asks: the board (at most 64 squares), the
    /// seed (0 by default), open or `closed`, and the time.
    pub struct PuzzleArgs {
        pub seed: Given<u64>,
        pub closed: Given<bool>,
        pub time_limit_ms: Given<SentWhole>,
    }
}

params! {
    /// `/tour/puzzle`: a GET's query or a POST's body (`format` comes in
    /// the query string).
    pub struct PuzzleParams {
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
    /// Whether no clue can be left out, proven (a second tour for each).
    minimal: bool,
    /// Why not, in words, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    not_minimal: Option<String>,
    clues: ShownClues,
    solution: ShownPath<'a>,
}

pub async fn handler(
    served: Served,
    format: Format,
    Params(req): Params<PuzzleParams>,
) -> Result<Response, ApiError> {
    puzzle(served, req.puzzle, req.plain, format).await
}

async fn puzzle(
    Served { state, work }: Served,
    req: PuzzleArgs,
    plain: PlainArgs,
    format: Format,
) -> Result<Response, ApiError> {
    let board = plain.clue_board("puzzles are made (and their one solution proven)")?;
    // A puzzle's checks are measured in nodes (the same seed, the same
    // puzzle); the time is a safety, longer by default than a search's.
    let time_limit_ms = if req.time_limit_ms.is_given() {
        time_limit_ms(req.time_limit_ms, state.config.max_time_limit_ms)?
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
        let puzzle = make_puzzle(request, deadline).map_err(|error| PuzzleRefused {
            error,
            board,
            closed: request.closed,
            time_limit_ms,
        })?;
        let answer = PuzzleAnswer {
            width: board.width(),
            height: board.height(),
            seed: puzzle.seed,
            closed: puzzle.closed,
            minimal: puzzle.minimal(),
            not_minimal: puzzle.why_not_minimal().map(|why| {
                if puzzle.time_ran_out {
                    format!("{why} (time_limit_ms was {time_limit_ms}: more time may settle it)")
                } else {
                    why
                }
            }),
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
                    "{count} squares numbered: number the rest 1 to {} so that each number is a knight move from the next{}; exactly one way does{}",
                    board.squares(),
                    if puzzle.closed { " and the last a knight move from the first" } else { "" },
                    if puzzle.minimal() { ", and without any one of the numbers more than one would" } else { "" }
                )),
            },
            ..Overlay::default()
        };
        let cut_short = puzzle.time_ran_out;
        respond(format, Ground::Plain(board), None, &answer, overlay).map(|mut response| {
            // More time would make another puzzle: not one to keep a day.
            if cut_short {
                response.extensions_mut().insert(NotPure);
            }
            response
        })
    })
    .await?
}
