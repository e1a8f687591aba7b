//! `/path`: one shortest path on a plain board (GET or POST), or the cheapest
//! path on a terrain board (POST with `board`).

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};

use super::board::{end_notation, end_param, end_square, ground_arg, BoardArg, GroundArg};
use super::distance::distance_error;
use super::error::ApiError;
use super::extract::{not_null, JsonBody, QueryParams};
use super::format::{Format, FormatQuery};
use super::plain_board;
use super::render::{check_drawable, respond};
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::plain::distance::{knight_distance, shortest_path};
use crate::solver::terrain::cheapest::cheapest_path;
use crate::solver::terrain::{BarrierRule, Cell, End, Ground, SearchError};
use crate::solver::Board;

/// `GET /path`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathQuery {
    #[serde(alias = "src")]
    pub from: SquareArg,
    #[serde(alias = "dest")]
    pub to: SquareArg,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub format: Option<Format>,
}

/// `POST /path`: a plain board (`width`, `height`) or a terrain `board`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathBody {
    #[serde(alias = "src")]
    #[serde(default, deserialize_with = "not_null")]
    pub from: Option<SquareArg>,
    #[serde(alias = "dest")]
    #[serde(default, deserialize_with = "not_null")]
    pub to: Option<SquareArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub board: Option<BoardArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub barrier_rule: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct PathAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub cost: Option<u64>,
    pub path: Option<Vec<ShownSquare>>,
}

pub async fn get(
    State(state): State<AppState>,
    QueryParams(req): QueryParams<PathQuery>,
) -> Result<Response, ApiError> {
    let format = req.format.unwrap_or_default();
    let board = plain_board(req.width, req.height)?;
    plain_path(state, board, req.from, req.to, req.notation, format).await
}

pub async fn post(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<FormatQuery>,
    JsonBody(mut req): JsonBody<PathBody>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_default();
    let (ground, rule) = ground_arg(
        req.board.take(),
        req.width,
        req.height,
        req.barrier_rule.as_deref(),
    )?;
    let board = match ground {
        GroundArg::Terrain(board) => return terrain_path(state, board, rule, req, format).await,
        GroundArg::Plain(board) => board,
    };
    let from = req.from.ok_or_else(|| ApiError::MissingParameter {
        param: "from".to_owned(),
    })?;
    let to = req.to.ok_or_else(|| ApiError::MissingParameter {
        param: "to".to_owned(),
    })?;
    plain_path(state, board, from, to, req.notation, format).await
}

/// Paths of at most this many moves are built on the request's own task.
const INLINE_PATH_MOVES: u64 = 4_096;

async fn plain_path(
    state: AppState,
    board: Board,
    from_arg: SquareArg,
    to_arg: SquareArg,
    notation: Option<NotationArg>,
    format: Format,
) -> Result<Response, ApiError> {
    let from = from_arg
        .on(board)
        .map_err(|e| ApiError::square("from", e))?;
    let to = to_arg.on(board).map_err(|e| ApiError::square("to", e))?;
    super::record_question(board, &[from, to]);
    let shown = Shown {
        board,
        notation: answer_notation(notation, &from_arg),
    };
    check_drawable(format, board)?;
    let limit = state.config.max_path_squares;
    let search = move || shortest_path(board, from, to, limit);
    // Short paths take microseconds: answer them here. Long ones (up to a
    // million squares, tens of milliseconds) go to the blocking pool.
    let moves = knight_distance(board, from, to);
    let path = if moves.is_none_or(|m| m <= INLINE_PATH_MOVES) {
        search()
    } else {
        state.heavy.run(search).await?
    }
    .map_err(distance_error)?;
    let moves = path.as_ref().map(|p| p.len() as u64 - 1);
    let answer = PathAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: board.width(),
        height: board.height(),
        moves,
        cost: moves,
        path: path.as_deref().map(|p| shown.squares(p)),
    };
    respond(format, Ground::Plain(board), path.as_deref(), &answer)
}

/// Boards whose text is at most this long are searched on the request's own
/// task: the search takes microseconds, less than a trip to the blocking pool.
const INLINE_BOARD_CHARS: usize = 16 * 1024;

async fn terrain_path(
    state: AppState,
    board: BoardArg,
    rule: BarrierRule,
    req: PathBody,
    format: Format,
) -> Result<Response, ApiError> {
    let max_squares = state.config.max_terrain_squares;
    let chars = match &board {
        BoardArg::Text(text) => text.len(),
        BoardArg::Rows(rows) => rows.iter().map(String::len).sum(),
    };
    let work = move || -> Result<Response, ApiError> {
        let terrain = board.terrain(max_squares)?;
        let grid = terrain.board();
        let from = end_square(req.from.as_ref(), terrain.start(), grid, End::From)?;
        let to = end_square(req.to.as_ref(), terrain.end(), grid, End::To)?;
        let shown = Shown {
            board: grid,
            notation: end_notation(req.notation, req.from.as_ref()),
        };
        let found = cheapest_path(&terrain, from, to, rule).map_err(search_error)?;
        let answer = PathAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: grid.width(),
            height: grid.height(),
            moves: found.as_ref().map(|p| p.moves),
            cost: found.as_ref().map(|p| p.cost),
            path: found.as_ref().map(|p| shown.squares(&p.path)),
        };
        respond(
            format,
            Ground::Terrain(&terrain),
            found.as_ref().map(|p| &p.path[..]),
            &answer,
        )
    };
    if chars <= INLINE_BOARD_CHARS {
        work()
    } else {
        state.heavy.run(work).await?
    }
}

/// Why a terrain search (cheapest or longest path) was refused: a
/// `from`/`to` on a rock or barrier is the client's error (400).
pub fn search_error(error: SearchError) -> ApiError {
    match &error {
        SearchError::NotLandable { end, square, cell } => ApiError::SquareNotLandable {
            param: end_param(*end).to_owned(),
            detail: format!(
                "'{}' ({square}) is {}: a knight cannot stand there",
                end_param(*end),
                if *cell == Cell::Rock {
                    "a rock"
                } else {
                    "a barrier"
                }
            ),
        },
        SearchError::BoardTooLarge { .. } => ApiError::Unprocessable {
            code: "board_too_large",
            param: Some("board".to_owned()),
            detail: error.to_string(),
        },
    }
}
