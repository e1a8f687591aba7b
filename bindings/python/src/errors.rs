//! Every refusal of the library as one [`Failure`]: the knightd API's
//! `code`, plain words and the argument at fault, raised in Python as the
//! `knight_moves.errors` class for that code (a `ValueError`). The words are
//! the library's own `Display` where the service uses it, and otherwise
//! name the Python argument rather than an HTTP parameter.

use knight::plain::{MapError, PathsError};
use knight::terrain::End;
use knight::tour::DEFAULT_BACKTRACKS;
use knight::{
    Board, BoardError, CluesError, CountError, DistanceError, FinishError, OffBoard, PuzzleError,
    SearchError, Square, SquareParseError, TerrainError, TourError,
};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// A question with no answer as asked: what the caller sees as a
/// `KnightError`.
#[derive(Debug)]
pub struct Failure {
    pub code: &'static str,
    pub detail: String,
    pub param: Option<String>,
}

impl Failure {
    pub fn new(code: &'static str, detail: impl Into<String>) -> Failure {
        Failure {
            code,
            detail: detail.into(),
            param: None,
        }
    }

    /// The same failure, naming the argument at fault.
    pub fn at(self, param: &str) -> Failure {
        Failure {
            param: Some(param.to_owned()),
            ..self
        }
    }

    /// An argument with a value the question cannot take.
    pub fn invalid(param: &str, detail: impl Into<String>) -> Failure {
        Failure::new("invalid_parameter", detail).at(param)
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        Python::attach(|py| {
            let made = py
                .import("knight_moves.errors")
                .and_then(|errors| errors.getattr("_from_code"))
                .and_then(|make| make.call1((failure.code, &failure.detail, &failure.param)));
            match made {
                Ok(error) => PyErr::from_value(error),
                Err(error) => PyRuntimeError::new_err(format!(
                    "knight_moves.errors could not be imported ({error}); the error was: {}",
                    failure.detail
                )),
            }
        })
    }
}

impl From<SquareParseError> for Failure {
    fn from(error: SquareParseError) -> Failure {
        Failure::new("invalid_square", error.to_string())
    }
}

impl From<OffBoard> for Failure {
    fn from(error: OffBoard) -> Failure {
        Failure::new("square_off_board", error.to_string())
    }
}

impl From<BoardError> for Failure {
    fn from(error: BoardError) -> Failure {
        let (param, sent) = match error {
            BoardError::Width(n) => ("width", n),
            BoardError::Height(n) => ("height", n),
        };
        let detail = if sent > 1 {
            format!("'{sent}' is too large for '{param}': a side is at most 1000000000")
        } else {
            format!("'{param}' must be a whole number from 1 to 1000000000, not '{sent}'")
        };
        Failure::new("invalid_board_size", detail).at(param)
    }
}

impl From<DistanceError> for Failure {
    fn from(error: DistanceError) -> Failure {
        Failure::new(
            "path_too_long",
            format!("{error}; distance() gives its length"),
        )
    }
}

impl From<MapError> for Failure {
    fn from(error: MapError) -> Failure {
        match error {
            MapError::TooLarge { squares, limit } => Failure::new(
                "board_too_large",
                format!("the window has {squares} squares; a distance map shows at most {limit}: give smaller 'files' and 'ranks' ranges"),
            ),
            MapError::OffBoard => Failure::invalid(
                "files",
                "the window is not within the board: give 'files' and 'ranks' ranges within its width and height",
            ),
        }
    }
}

impl From<PathsError> for Failure {
    fn from(error: PathsError) -> Failure {
        Failure::new("board_too_large", error.to_string())
    }
}

impl From<TerrainError> for Failure {
    fn from(error: TerrainError) -> Failure {
        Failure::new(error.code(), error.to_string()).at("board")
    }
}

impl From<SearchError> for Failure {
    fn from(error: SearchError) -> Failure {
        match error {
            SearchError::NotLandable { end, .. } => {
                let param = match end {
                    End::From => "src",
                    End::To => "dest",
                };
                Failure::new("square_not_landable", error.to_string()).at(param)
            }
            SearchError::BoardTooLarge { .. } => {
                Failure::new("board_too_large", error.to_string()).at("board")
            }
        }
    }
}

/// A tour of `board` that could not be given; `warnsdorff` when it was
/// asked of Warnsdorff's rule alone (which may miss one).
pub fn tour_refused(error: TourError, board: Board, warnsdorff: bool) -> Failure {
    match error {
        TourError::NoTour(why) => Failure::new("no_tour", why.to_string()),
        TourError::TooLarge { squares, limit } => Failure::new(
            "board_too_large",
            format!(
                "the {board} board has {squares} squares; tours are listed for boards of at most {limit} squares (max_squares): IndexedTour reads any step of a larger board's tour"
            ),
        ),
        TourError::NotFound if warnsdorff => Failure::new(
            "tour_not_found",
            format!(
                "Warnsdorff's rule, stepping back at most {DEFAULT_BACKTRACKS} times, found no tour of the {board} board from this start; this does not prove that none exists (method='auto' may find one)"
            ),
        ),
        TourError::NotFound => Failure::new(
            "tour_not_found",
            format!("no tour of the {board} board from this start was found, and none was proven impossible"),
        ),
    }
}

/// A finish of `played` on `board` refused.
pub fn finish_refused(error: FinishError, board: Board, played: &[Square]) -> Failure {
    match error {
        FinishError::Played(fault) => {
            let step = fault.step;
            let from = fault.from.map_or_else(String::new, |s| format!(" from {s}"));
            Failure::invalid(
                "played",
                format!(
                    "'played' must be a path of knight moves that visits no square twice, but step {step}{from} to {} {} (as validate() reports it: step {step}, {})",
                    fault.to,
                    fault.reason.words(),
                    fault.reason.as_str(),
                ),
            )
        }
        FinishError::NothingPlayed => {
            Failure::invalid("played", "'played' is empty: give at least the first square")
        }
        FinishError::EndOffBoard(end) => Failure::new(
            "square_off_board",
            format!("'{end}' is not a square of the {board} board"),
        )
        .at("end"),
        FinishError::TooLarge { squares, limit } => Failure::new(
            "board_too_large",
            format!("the {board} board has {squares} squares; tours are finished on boards of at most {limit}"),
        ),
        FinishError::NoTour(why) => {
            let begins = match played {
                [only] => format!("begins with {only} (the one square played)"),
                _ => format!("begins with these {} squares played", played.len()),
            };
            Failure::new("no_tour", format!("no tour of the {board} board {begins}: {why}"))
        }
        FinishError::NotFound => Failure::new(
            "tour_not_found",
            format!("the search found no way to finish this tour of the {board} board in time and could not prove that none exists; ask again with a larger timeout"),
        )
        .at("timeout"),
    }
}

/// Clues on `board` refused.
pub fn clues_refused(error: CluesError, board: Board) -> Failure {
    let squares = board.squares();
    match error {
        CluesError::OffBoard(clue) => Failure::new(
            "square_off_board",
            format!("'{}' is not a square of the {board} board", clue.square),
        )
        .at("clues"),
        CluesError::StepOutOfRange(clue) => Failure::invalid(
            "clues",
            format!(
                "{} is numbered {}, but the steps of a tour of the {board} board are 1 to {squares}",
                clue.square, clue.step
            ),
        ),
        CluesError::SquareTwice(a, b) => Failure::invalid(
            "clues",
            format!(
                "{} is numbered both {} and {}: give each square one step",
                a.square, a.step, b.step
            ),
        ),
        CluesError::StepTwice(a, b) => Failure::invalid(
            "clues",
            format!(
                "step {} is given to both {} and {}: give each step one square",
                a.step, a.square, b.square
            ),
        ),
        CluesError::TooLarge { squares } => Failure::new(
            "board_too_large",
            format!("the {board} board has {squares} squares; clues are solved on boards of at most 64 squares"),
        ),
        CluesError::NoTour(why) => Failure::new(
            "no_tour",
            format!("no tour of the {board} board agrees with these clues: {why}"),
        ),
        CluesError::NotFound => Failure::new(
            "tour_not_found",
            format!("the search found no tour of the {board} board that agrees with these clues in time and could not prove that none exists; ask again with a larger timeout"),
        )
        .at("timeout"),
    }
}

/// A puzzle of `board` not made.
pub fn puzzle_refused(error: PuzzleError, board: Board) -> Failure {
    match error {
        PuzzleError::TooLarge { squares } => Failure::new(
            "board_too_large",
            format!("the {board} board has {squares} squares; puzzles are made on boards of at most 64 squares, such as 8×8"),
        ),
        PuzzleError::NoTour(why) => Failure::new("no_tour", why),
        PuzzleError::NotFound => Failure::new(
            "tour_not_found",
            format!("no puzzle of the {board} board was made in time; ask again with a larger timeout"),
        )
        .at("timeout"),
    }
}

/// Why the tours of `board` were not counted (the service's words, with
/// this module's own names for its limits).
pub fn count_refused(error: CountError, board: Board) -> Failure {
    match error {
        CountError::OffBoard(square) => Failure::new(
            "square_off_board",
            format!("{square} is not on the {board} board"),
        ),
        CountError::TooLarge { largest, .. } => {
            let remedy = match largest {
                Some(fits) => format!(
                    "the longest board {} wide that fits is {fits}: ask for height={} or less",
                    fits.width(),
                    fits.height()
                ),
                None => format!("no board {} wide fits: ask for a smaller width", board.width()),
            };
            Failure::new(
                "board_too_large",
                format!("counting the tours of the {board} board could take more memory for its states than max_bytes allows; {remedy}"),
            )
            .at(if largest.is_some() { "height" } else { "width" })
        }
        CountError::NotSettled => Failure::new(
            "count_not_settled",
            format!("the tours of the {board} board were not counted within the timeout; ask again with a larger timeout, or a smaller board"),
        ),
    }
}
