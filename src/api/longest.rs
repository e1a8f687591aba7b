//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves.

use std::time::Duration;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};

use super::board::{end_notation, end_square, ground_arg, BoardArg, GroundArg};
use super::error::ApiError;
use super::extract::{not_null, JsonBody, QueryParams};
use super::format::FormatQuery;
use super::render::{check_drawable, respond};
use super::square::{NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::terrain::longest::longest_path;
use crate::solver::terrain::{End, Ground, Terrain, TerrainError};

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

/// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the default
/// ends) or a plain board of `width` by `height`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LongestBody {
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
    pub board: Option<BoardArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub barrier_rule: Option<String>,
    #[serde(default, deserialize_with = "not_null")]
    pub time_limit_ms: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

#[derive(Debug, Serialize)]
pub struct LongestAnswer {
    pub from: ShownSquare,
    pub to: ShownSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub cost: Option<u64>,
    pub path: Option<Vec<ShownSquare>>,
    pub upper_bound: Option<u64>,
    pub optimal: bool,
}

pub async fn handler(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<FormatQuery>,
    JsonBody(mut req): JsonBody<LongestBody>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_default();
    let max_squares = state.config.max_longest_squares;
    let time_limit_ms = req.time_limit_ms.unwrap_or(DEFAULT_TIME_LIMIT_MS);
    if time_limit_ms > state.config.max_time_limit_ms {
        return Err(ApiError::invalid(
            "time_limit_ms",
            format!(
                "time_limit_ms is {time_limit_ms}; at most {} is allowed",
                state.config.max_time_limit_ms
            ),
        ));
    }
    let (ground, rule) = ground_arg(
        req.board.take(),
        req.width,
        req.height,
        req.barrier_rule.as_deref(),
    )?;
    let terrain = match ground {
        GroundArg::Terrain(board) => board.terrain(max_squares)?,
        GroundArg::Plain(board) if board.squares() > max_squares => {
            return Err(ApiError::InvalidBoard {
                param: if req.width.is_some() {
                    "width"
                } else {
                    "height"
                }
                .to_owned(),
                error: TerrainError::TooLarge {
                    squares: board.squares(),
                    limit: max_squares,
                },
            })
        }
        GroundArg::Plain(board) => Terrain::plain(board),
    };
    let board = terrain.board();
    check_drawable(format, board)?;
    let from = end_square(req.from.as_ref(), terrain.start(), board, End::From)?;
    let to = end_square(req.to.as_ref(), terrain.end(), board, End::To)?;
    let shown = Shown {
        board,
        notation: end_notation(req.notation, req.from.as_ref()),
    };
    let limit = Duration::from_millis(time_limit_ms);
    let (terrain, longest) = state
        .heavy
        .run(move || {
            let longest = longest_path(&terrain, rule, from, to, limit);
            (terrain, longest)
        })
        .await?;
    let longest = longest.map_err(super::path::search_error)?;
    let answer = LongestAnswer {
        from: shown.square(from),
        to: shown.square(to),
        width: board.width(),
        height: board.height(),
        moves: longest.moves,
        cost: longest.cost,
        path: longest.path.as_deref().map(|p| shown.squares(p)),
        upper_bound: longest.upper_bound,
        optimal: longest.optimal,
    };
    respond(
        format,
        Ground::Terrain(&terrain),
        longest.path.as_deref(),
        &answer,
    )
}
