//! `POST /tour/finish`: the squares played so far and how the tour ends
//! (a tour to finish), or with `clues` (one list of clues to solve: the
//! squares played, the clues, the end).

use std::borrow::Cow;

use crate::error::{finish_too_large, ApiError, CluesRefused, Code, FinishRefused};
use crate::request::clues::{key_notation, ClueList, CluesArg};
use crate::request::params::{params, Given, SentWhole};
use crate::request::question::{ending, time_limit_ms};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareArg, SquareList};
use crate::written::Notated;
use knight::terrain::Ground;
use knight::tour::{check_clues, Clue, Ending};
use knight::{validate, BarrierRule, Board, CluesError, FinishError, Notation, Square};

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

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

/// A tour to finish from the squares played, or clues to solve.
pub enum FinishQuestion {
    Played(FinishPlayed),
    Clues(FinishClues),
}

impl Resolve for FinishQuestion {
    type Sent = FinishBody;

    fn resolve(mut req: FinishBody, cx: &Context<'_>) -> Result<FinishQuestion, ApiError> {
        Ok(match req.clues.0.take() {
            Some(clues) => FinishQuestion::Clues(FinishClues::resolve(req, clues, cx)?),
            None => FinishQuestion::Played(FinishPlayed::resolve(req, cx)?),
        })
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some(match self {
            FinishQuestion::Played(ask) => {
                (ask.board, Cow::Borrowed(std::slice::from_ref(&ask.first)))
            }
            FinishQuestion::Clues(ask) => (
                ask.board,
                Cow::Owned(ask.clues.iter().map(|c| c.square).collect()),
            ),
        })
    }
}

/// A tour of `board` to finish from the squares played (kept as sent,
/// compact, until the work puts them on the board), within
/// `--max-tour-squares`.
pub struct FinishPlayed {
    pub board: Board,
    pub played: SquareList,
    pub first: Square,
    pub ending: Ending,
    /// `end` as it was sent, when it writes the square otherwise.
    end_sent: Option<String>,
    pub time_limit_ms: u64,
    pub shown: Notated,
    pub limit: u64,
}

impl FinishPlayed {
    fn resolve(req: FinishBody, cx: &Context<'_>) -> Result<FinishPlayed, ApiError> {
        let played = req.played.required("played")?;
        let Some(first_arg) = played.first() else {
            return Err(ApiError::invalid(
                "played",
                "'played' lists the squares played so far, at least the first: give one square or more",
            ));
        };
        let board = req.plain.board()?;
        let limit = cx.config.max_tour_squares;
        if board.squares() > limit {
            return Err(finish_too_large(
                req.plain.side_given(),
                board.squares(),
                limit,
            ));
        }
        let first = first_arg.on(board, "played[0]")?;
        let end = req.end.0.as_ref().map(|e| e.on(board, "end")).transpose()?;
        let ending = ending(req.closed.or(false), end)?;
        let time_limit_ms = search_time(req.time_limit_ms, board, cx)?;
        Ok(FinishPlayed {
            board,
            played,
            first,
            ending,
            end_sent: req.end.0.as_ref().and_then(|e| e.sent()).map(str::to_owned),
            time_limit_ms,
            shown: req.plain.shown(board, first_arg.notation()),
            limit,
        })
    }

    /// The squares played, on the board.
    pub fn played(&self) -> Result<Vec<Square>, ApiError> {
        self.played.on(self.board, "played")
    }

    /// The end asked for, if any.
    pub fn end(&self) -> Option<Square> {
        match self.ending {
            Ending::End(end) => Some(end),
            _ => None,
        }
    }

    /// Why the tour was not finished from `played`, in the request's
    /// words: a refusal that names the tour's end (`the tour must end on
    /// a1`) quotes it as `end` was sent (`A1`).
    pub fn refused(&self, error: FinishError, played: &[Square]) -> ApiError {
        let error = ApiError::from(FinishRefused {
            error,
            board: self.board,
            played,
            time_limit_ms: self.time_limit_ms,
        });
        match (self.end(), self.end_sent.as_deref()) {
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
}

/// Clues to solve on `board` (at most 64 squares): the squares played,
/// the clues and the end made one list, checked.
pub struct FinishClues {
    pub board: Board,
    pub played: Vec<Square>,
    pub closed: bool,
    pub end: Option<Square>,
    pub clues: Vec<Clue>,
    list: ClueList,
    pub time_limit_ms: u64,
    pub shown: Notated,
}

impl FinishClues {
    fn resolve(
        req: FinishBody,
        clues: CluesArg,
        cx: &Context<'_>,
    ) -> Result<FinishClues, ApiError> {
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
        ending(closed, end)?;
        let given = clues.on(board)?;
        let notation = notation(&req, given.first().map(|c| c.1.as_str()));
        let list = ClueList::new(board, &played, given, end)?;
        let ask = FinishClues {
            board,
            played,
            closed,
            end,
            clues: list.clues(),
            list,
            time_limit_ms: 0,
            shown: req.plain.shown(board, notation),
        };
        check_clues(board, &ask.clues).map_err(|e| ask.refused(e))?;
        let time_limit_ms = search_time(req.time_limit_ms, board, cx)?;
        Ok(FinishClues {
            time_limit_ms,
            ..ask
        })
    }

    /// Why the clues were not solved, in the request's words, naming the
    /// clue at fault as it was sent.
    pub fn refused(&self, error: CluesError) -> ApiError {
        let board = self.board;
        match error {
            CluesError::NotFound => ApiError::from(FinishRefused {
                error: FinishError::NotFound,
                board,
                played: &self.played,
                time_limit_ms: self.time_limit_ms,
            }),
            error => ApiError::from(CluesRefused {
                error,
                board,
                param_of: &|clue| self.list.param_of(clue),
            }),
        }
    }
}

/// The search's `time_limit_ms`, once a tour of `board` is known to be
/// small enough to draw in the format asked.
fn search_time(given: Given<SentWhole>, board: Board, cx: &Context<'_>) -> Result<u64, ApiError> {
    let time_limit_ms = time_limit_ms(given, DEFAULT_TIME_LIMIT_MS, cx.config.max_time_limit_ms)?;
    cx.format.check_drawable(board, &[])?;
    Ok(time_limit_ms)
}

/// How the answer writes squares: `notation`, else as the first square
/// played, else as the first clue's key (`first_key`), else names.
fn notation(req: &FinishBody, first_key: Option<&str>) -> Notation {
    req.plain
        .notation
        .or(match (req.played.0.as_ref(), first_key) {
            (Some(played), _) if !played.is_empty() => played
                .first()
                .map_or(Notation::Algebraic, |first| first.notation()),
            (_, Some(key)) => key_notation(key),
            _ => Notation::Algebraic,
        })
}
