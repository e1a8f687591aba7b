//! Every error of the solver library that reaches a client, as the one
//! [`ApiError`]: a `From` for each, so that a handler writes `?`. An error
//! whose detail names what the request asked (the board, the squares
//! played, the time limit) comes wrapped with it (`TourRefused`, …).

use crate::error::problem::{ApiError, Code};
use crate::error::words::off_board;
use knight::draw::RenderError;
use knight::plain::{MapError, PathsError};
use knight::terrain::{Cell, End};
use knight::tour::{Clue, CLUE_SQUARES, DEFAULT_BACKTRACKS};
use knight::{
    Board, BoardError, CluesError, CountError, DistanceError, FinishError, OffBoard, PuzzleError,
    SearchError, Square, SquareParseError, TerrainError, TourError,
};

/// A terrain board that does not parse or is over the limit, at `board`.
impl From<TerrainError> for ApiError {
    fn from(error: TerrainError) -> ApiError {
        let code = match error {
            TerrainError::Empty => Code::BoardEmpty,
            TerrainError::RaggedRow { .. } => Code::BoardRaggedRows,
            TerrainError::UnknownChar { .. } => Code::BoardUnknownCharacter,
            TerrainError::Teleports { .. } => Code::BoardTeleportCount,
            TerrainError::Several { .. } => Code::BoardDuplicateMarker,
            TerrainError::StartWithoutEnd | TerrainError::EndWithoutStart => {
                Code::BoardStartEndUnpaired
            }
            TerrainError::TooLarge { .. } => Code::BoardTooLarge,
        };
        let detail = match error {
            TerrainError::UnknownChar { row, column, found } => {
                let shown = if found.is_control() || found.is_whitespace() {
                    format!("the character U+{:04X}", u32::from(found))
                } else {
                    format!("'{found}'")
                };
                // A terrain letter in lower case: say they are capitals.
                let capital = found.to_ascii_uppercase();
                if found.is_ascii_lowercase() && "WLRBTSE".contains(capital) {
                    format!("row {row}, square {column}: {shown} is not a terrain character: terrain letters are capitals, so write '{capital}' (use . W L R B T S E)")
                } else {
                    format!("row {row}, square {column}: {shown} is not a terrain character (use . W L R B T S E)")
                }
            }
            TerrainError::StartWithoutEnd => "the board has an S but no E: mark where the path ends with an E, or drop the S and give 'from' and 'to'".to_owned(),
            TerrainError::EndWithoutStart => "the board has an E but no S: mark where the path starts with an S, or drop the E and give 'from' and 'to'".to_owned(),
            _ => error.to_string(),
        };
        ApiError::new(code, detail).at("board")
    }
}

/// A board too large to draw, at `format`.
impl From<RenderError> for ApiError {
    fn from(error: RenderError) -> ApiError {
        ApiError::new(Code::RenderTooLarge, error.to_string()).at("format")
    }
}

/// A path too long to list.
impl From<DistanceError> for ApiError {
    fn from(error: DistanceError) -> ApiError {
        match error {
            DistanceError::PathTooLong { .. } => ApiError::new(
                Code::PathTooLong,
                format!("{error}; ask /distance for its length"),
            ),
        }
    }
}

/// A square that does not parse.
impl From<SquareParseError> for ApiError {
    fn from(error: SquareParseError) -> ApiError {
        ApiError::new(Code::InvalidSquare, error.to_string())
    }
}

/// A square that is not on its board.
impl From<OffBoard> for ApiError {
    fn from(error: OffBoard) -> ApiError {
        ApiError::new(Code::SquareOffBoard, error.to_string())
    }
}

/// A board over a library's size limit (`Board::new`), at `width` or
/// `height`.
impl From<BoardError> for ApiError {
    fn from(error: BoardError) -> ApiError {
        let (param, sent) = match error {
            BoardError::Width(n) => ("width", n),
            BoardError::Height(n) => ("height", n),
        };
        // Past the largest, as every too-large number is told; else (0)
        // what a side takes.
        let detail = if sent > 1 {
            format!("'{sent}' is too large for '{param}': a side is at most 1000000000")
        } else {
            format!("'{param}' must be a whole number from 1 to 1000000000, not '{sent}'")
        };
        ApiError::new(Code::InvalidBoardSize, detail).at(param)
    }
}

/// A terrain search that could not start: an end a knight cannot stand on,
/// or a board too large to search.
impl From<SearchError> for ApiError {
    fn from(error: SearchError) -> ApiError {
        match error {
            SearchError::NotLandable { end, square, cell } => {
                let what = if cell == Cell::Rock {
                    "a rock"
                } else {
                    "a barrier"
                };
                let param = match end {
                    End::From => "from",
                    End::To => "to",
                };
                ApiError::new(
                    Code::SquareNotLandable,
                    format!("'{param}' ({square}) is {what}: a knight cannot stand there"),
                )
                .at(param)
            }
            SearchError::BoardTooLarge { .. } => {
                ApiError::new(Code::BoardTooLarge, error.to_string()).at("board")
            }
        }
    }
}

/// A distance map's window too large, or off the board.
impl From<MapError> for ApiError {
    fn from(error: MapError) -> ApiError {
        match error {
            MapError::TooLarge { squares, limit } => ApiError::new(
                Code::BoardTooLarge,
                format!("the window has {squares} squares; a distance map shows at most {limit}: give a smaller 'files' or 'ranks' range"),
            ),
            MapError::OffBoard => ApiError::invalid("files", "the window is not within the board: give 'files' and 'ranks' ranges within its width and height"),
        }
    }
}

/// Shortest paths between `ends` of `board` too many to walk.
pub struct PathsRefused {
    pub error: PathsError,
    pub board: Board,
    pub ends: [Square; 2],
}

impl From<PathsRefused> for ApiError {
    fn from(refused: PathsRefused) -> ApiError {
        let PathsRefused {
            error,
            board,
            ends: [from, to],
        } = refused;
        let detail = match error {
            PathsError::TooLarge { squares, limit } => format!(
                "more than {limit} squares of the {board} board lie on shortest paths from {from} to {to} ({squares} found before stopping): choose squares closer together"
            ),
            PathsError::CountsTooLarge { bytes, limit } => format!(
                "the shortest paths from {from} to {to} on the {board} board are too many to count here: counting them makes more than {limit} bytes of numbers ({bytes} made before stopping; each square on a shortest path has its number of paths, with more digits the more moves are left); choose squares closer together or a smaller board"
            ),
        };
        ApiError::new(Code::BoardTooLarge, detail)
    }
}

/// A tour of `board` that could not be given; `warnsdorff` when it was
/// asked of Warnsdorff's rule alone (which may miss one).
pub struct TourRefused {
    pub error: TourError,
    pub board: Board,
    pub warnsdorff: bool,
}

impl From<TourRefused> for ApiError {
    fn from(
        TourRefused {
            error,
            board,
            warnsdorff,
        }: TourRefused,
    ) -> ApiError {
        match error {
            TourError::NoTour(why) => ApiError::new(Code::NoTour, why.to_string()),
            TourError::TooLarge { squares, limit } => ApiError::new(
                Code::BoardTooLarge,
                format!(
                    "the {board} board has {squares} squares; tours are listed for boards of at most {limit} squares: for a larger board, ask /tour/step for the square at any step of its tour"
                ),
            ),
            TourError::NotFound if warnsdorff => ApiError::new(
                Code::TourNotFound,
                format!(
                    "Warnsdorff's rule, stepping back at most {DEFAULT_BACKTRACKS} times, found no tour of the {board} board from this start; this does not prove that none exists ('method=auto' may find one)"
                ),
            ),
            TourError::NotFound => ApiError::new(
                Code::TourNotFound,
                format!(
                    "knightd's methods found no tour of the {board} board from this start and could not prove that none exists"
                ),
            ),
        }
    }
}

/// A tour of `board` that `/tour/step` could not set up: a board with a
/// side under 5 is listed whole, so it takes at most `limit` squares.
pub struct StepRefused {
    pub error: TourError,
    pub board: Board,
    pub limit: u64,
}

impl From<StepRefused> for ApiError {
    fn from(
        StepRefused {
            error,
            board,
            limit,
        }: StepRefused,
    ) -> ApiError {
        match error {
            TourError::TooLarge { .. } => ApiError::new(
                Code::BoardTooLarge,
                format!(
                    "the {board} board has {} squares; a tour of a board with a side under 5 is listed whole to be read, so /tour/step takes such boards of at most {limit} squares (boards with both sides 5 or more, up to 1000000000 a side)",
                    board.squares()
                ),
            ),
            error => TourRefused {
                error,
                board,
                warnsdorff: false,
            }
            .into(),
        }
    }
}

/// A tour of `board` that could not be finished from `played` within
/// `time_limit_ms`.
pub struct FinishRefused<'a> {
    pub error: FinishError,
    pub board: Board,
    pub played: &'a [Square],
    pub time_limit_ms: u64,
}

impl From<FinishRefused<'_>> for ApiError {
    fn from(refused: FinishRefused<'_>) -> ApiError {
        let FinishRefused {
            error,
            board,
            played,
            time_limit_ms,
        } = refused;
        match error {
            FinishError::Played(fault) => {
                let step = fault.step;
                let from = fault.from.map_or_else(String::new, |s| format!(" from {s}"));
                ApiError::invalid(
                    format!("played[{step}]"),
                    format!(
                        "'played' must be a path of knight moves that visits no square twice, but step {step}{from} to {} {} (as /validate reports it: step {step}, {})",
                        fault.to,
                        fault.reason.words(),
                        fault.reason.as_str(),
                    ),
                )
            }
            FinishError::NothingPlayed => ApiError::missing("played"),
            FinishError::EndOffBoard(end) => {
                ApiError::new(Code::SquareOffBoard, off_board(end, board)).at("end")
            }
            FinishError::TooLarge { squares, limit } => {
                finish_too_large("width", squares, limit)
            }
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
                    "the search found no way to finish this tour of the {board} board within time_limit_ms = {time_limit_ms} and could not prove that none exists; ask again with a larger time_limit_ms"
                ),
            )
            .at("time_limit_ms"),
        }
    }
}

/// A board of `squares` (named by `param`) past /tour/finish's `limit`.
pub fn finish_too_large(param: &str, squares: u64, limit: u64) -> ApiError {
    ApiError::board_too_large(
        param,
        squares,
        ("/tour/finish", limit, "--max-tour-squares"),
        "send a smaller board, or ask /tour/step for the square at any step of a tour",
    )
}

/// Clues on `board` refused: 400 naming the clue at fault (`param_of`
/// names it as sent), or 422 `no_tour` with the reason.
pub struct CluesRefused<'a> {
    pub error: CluesError,
    pub board: Board,
    pub param_of: &'a dyn Fn(Clue) -> String,
}

impl From<CluesRefused<'_>> for ApiError {
    fn from(
        CluesRefused {
            error,
            board,
            param_of,
        }: CluesRefused<'_>,
    ) -> ApiError {
        let squares = board.squares();
        match error {
            CluesError::OffBoard(clue) => {
                ApiError::new(Code::SquareOffBoard, off_board(clue.square, board))
                    .at(param_of(clue))
            }
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
}

/// A puzzle of `board` (a `closed` tour's) not made within
/// `time_limit_ms`.
pub struct PuzzleRefused {
    pub error: PuzzleError,
    pub board: Board,
    pub closed: bool,
    pub time_limit_ms: u64,
}

impl From<PuzzleRefused> for ApiError {
    fn from(refused: PuzzleRefused) -> ApiError {
        let PuzzleRefused {
            error,
            board,
            closed,
            time_limit_ms,
        } = refused;
        match error {
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
                    if closed { "closed" } else { "open" }
                ),
            ),
            PuzzleError::NotFound => ApiError::new(
                Code::TourNotFound,
                format!("no tour of the {board} board was found within time_limit_ms = {time_limit_ms}; ask again with a larger time_limit_ms"),
            )
            .at("time_limit_ms"),
        }
    }
}

/// A count of tours refused or not finished: the board and the time it had.
pub struct CountRefused {
    pub error: CountError,
    pub board: Board,
    pub time_limit_ms: u64,
}

impl From<CountRefused> for ApiError {
    fn from(refused: CountRefused) -> ApiError {
        let CountRefused {
            error,
            board,
            time_limit_ms,
        } = refused;
        match error {
            CountError::OffBoard(square) => ApiError::new(
                Code::SquareOffBoard,
                format!("{square} is not on the {board} board"),
            ),
            CountError::TooLarge {
                bytes,
                budget,
                largest,
            } => {
                let needed = if bytes == u64::MAX {
                    "more memory than any machine has".to_owned()
                } else {
                    format!("up to {} MiB of memory", bytes.div_ceil(1 << 20))
                };
                let remedy = match largest {
                    Some(fits) => format!(
                        "the longest board {} wide that fits is {fits}: send height={} or less",
                        fits.width(),
                        fits.height()
                    ),
                    None => format!("no board {} wide fits: send a smaller width", board.width()),
                };
                ApiError::new(
                    Code::BoardTooLarge,
                    format!(
                        "counting the tours of the {board} board could take {needed} for its states, more than the {} MiB this server allows (--max-count-bytes); {remedy}",
                        budget >> 20
                    ),
                )
                .at(if largest.is_some() { "height" } else { "width" })
            }
            CountError::NotSettled => ApiError::new(
                Code::CountNotSettled,
                format!("the tours of the {board} board were not counted within time_limit_ms = {time_limit_ms}; ask again with a larger time_limit_ms (at most 10000), or a smaller board"),
            )
            .at("time_limit_ms"),
        }
    }
}

/// Every position of a checked path too many squares to draw, at `param`
/// (`render` or `format`).
pub struct FramesRefused {
    pub error: RenderError,
    pub param: &'static str,
}

impl From<FramesRefused> for ApiError {
    fn from(FramesRefused { error, param }: FramesRefused) -> ApiError {
        let RenderError::TooLarge { squares, limit, .. } = error;
        ApiError::new(
            Code::RenderTooLarge,
            format!(
                "drawing every position would draw {squares} squares, more than the {limit} allowed; ask without drawing, or for ?format=svg"
            ),
        )
        .at(param)
    }
}
