//! `/path`: one shortest path on a plain board (GET or POST), or the cheapest
//! path on a terrain board (POST with `board`).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::board::BoardArg;
use super::distance::distance_error;
use super::error::ApiError;
use super::extract::{not_null, JsonBody, QueryParams};
use super::format::{Format, FormatQuery};
use super::plain_board;
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::distance::shortest_path;
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
    JsonBody(req): JsonBody<PathBody>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_default();
    if let Some(board) = req.board.clone() {
        if req.width.is_some() || req.height.is_some() {
            return Err(ApiError::invalid(
                "board",
                "give either a terrain 'board' or 'width' and 'height', not both",
            ));
        }
        return terrain_path(state, board, req, format).await;
    }
    if req.barrier_rule.is_some() {
        return Err(ApiError::invalid(
            "barrier_rule",
            "'barrier_rule' needs a terrain 'board'",
        ));
    }
    let from = req.from.ok_or_else(|| ApiError::MissingParameter {
        param: "from".to_owned(),
    })?;
    let to = req.to.ok_or_else(|| ApiError::MissingParameter {
        param: "to".to_owned(),
    })?;
    let board = plain_board(req.width, req.height)?;
    plain_path(state, board, from, to, req.notation, format).await
}

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
    super::record_squares(from, to);
    let shown = Shown {
        board,
        notation: answer_notation(notation, &from_arg),
    };
    let limit = state.config.max_path_squares;
    let search = move || shortest_path(board, from, to, limit);
    let path = if board == Board::CHESS {
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
    match format {
        Format::Json => Ok(Json(answer).into_response()),
        // Drawn by the terrain issue's renderer.
        Format::Text | Format::Svg => Err(ApiError::invalid(
            "format",
            "only format=json is available yet",
        )),
    }
}

async fn terrain_path(
    _state: AppState,
    _board: BoardArg,
    _req: PathBody,
    _format: Format,
) -> Result<Response, ApiError> {
    Err(ApiError::invalid(
        "board",
        "terrain boards are not available yet",
    ))
}
