//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves.

use std::time::Duration;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};

use super::board::{ground_arg, not_landable, path_ends, BoardArg, GroundArg};
use super::extract::{Given, JsonBody, QueryParams};
use super::path::PathAnswer;
use super::picture::{check_drawable, respond, FormatQuery};
use super::problem::ApiError;
use super::square::SquareArg;
use super::AppState;
use crate::solver::longest::longest_path;
use crate::solver::terrain::{BarrierRule, Ground, Terrain};
use crate::solver::Notation;

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

/// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the default
/// ends) or a plain board of `width` by `height`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LongestBody {
    #[serde(alias = "src")]
    pub from: Given<SquareArg>,
    #[serde(alias = "dest")]
    pub to: Given<SquareArg>,
    pub width: Given<u64>,
    pub height: Given<u64>,
    pub board: Given<BoardArg>,
    pub barrier_rule: Given<BarrierRule>,
    pub time_limit_ms: Given<u64>,
    pub notation: Given<Notation>,
}

#[derive(Debug, Serialize)]
pub struct LongestAnswer {
    /// `from`, `to`, the board, `moves`, `cost` and `path`, as `/path` has them.
    #[serde(flatten)]
    pub found: PathAnswer,
    pub upper_bound: Option<u64>,
    pub optimal: bool,
}

pub async fn handler(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<FormatQuery>,
    JsonBody(req): JsonBody<LongestBody>,
) -> Result<Response, ApiError> {
    let format = query.format.or_default();
    let max_squares = state.config.max_longest_squares;
    let max_time_limit_ms = state.config.max_time_limit_ms;
    let time_limit_ms = req.time_limit_ms.or(DEFAULT_TIME_LIMIT_MS);
    if time_limit_ms > max_time_limit_ms {
        return Err(ApiError::invalid(
            "time_limit_ms",
            format!("time_limit_ms is {time_limit_ms}; at most {max_time_limit_ms} is allowed"),
        ));
    }
    let (ground, rule) = ground_arg(req.board, req.width, req.height, req.barrier_rule)?;
    let terrain = match ground {
        GroundArg::Terrain(board) => board.terrain(max_squares)?,
        GroundArg::Plain(board) if board.squares() > max_squares => {
            let side = if req.width.is_given() {
                "width"
            } else {
                "height"
            };
            return Err(ApiError::board_too_large(
                side,
                board.squares(),
                max_squares,
            ));
        }
        GroundArg::Plain(board) => Terrain::plain(board),
    };
    check_drawable(format, terrain.board())?;
    let (shown, [from, to]) =
        path_ends(&terrain, req.from.as_ref(), req.to.as_ref(), req.notation)?;
    let limit = Duration::from_millis(time_limit_ms);
    let (terrain, longest) = state
        .heavy
        .run(move || {
            let longest = longest_path(&terrain, rule, from, to, limit);
            (terrain, longest)
        })
        .await?;
    let longest = longest.map_err(|e| not_landable(&terrain, e.end, e.square))?;
    let answer = LongestAnswer {
        found: PathAnswer::new(
            &shown,
            [from, to],
            longest.moves,
            longest.cost,
            longest.path.as_deref(),
        ),
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
