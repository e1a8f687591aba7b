//! `POST /longest-path`: the longest simple path found in a time budget on a
//! plain or terrain board, with a proven upper bound on its moves.

use std::time::Duration;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::board::{barrier_rule, BoardArg};
use super::error::ApiError;
use super::extract::{JsonBody, QueryParams};
use super::format::{Format, FormatQuery};
use super::plain_board;
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::board::Notation;
use crate::solver::longest::{longest_path, End, Longest, NotLandable};
use crate::solver::terrain::{Terrain, TerrainError};
use crate::solver::Square;

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

/// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the default
/// ends) or a plain board of `width` by `height`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LongestBody {
    #[serde(alias = "src")]
    pub from: Option<SquareArg>,
    #[serde(alias = "dest")]
    pub to: Option<SquareArg>,
    pub width: Option<u64>,
    pub height: Option<u64>,
    pub board: Option<BoardArg>,
    pub barrier_rule: Option<String>,
    pub time_limit_ms: Option<u64>,
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
    JsonBody(req): JsonBody<LongestBody>,
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
    let (terrain, rule) = match &req.board {
        Some(board) => {
            if req.width.is_some() || req.height.is_some() {
                return Err(ApiError::invalid(
                    "board",
                    "give either a terrain 'board' or 'width' and 'height', not both",
                ));
            }
            let rule = barrier_rule(req.barrier_rule.as_deref())?;
            (board.terrain(max_squares)?, rule)
        }
        None => {
            if req.barrier_rule.is_some() {
                return Err(ApiError::invalid(
                    "barrier_rule",
                    "'barrier_rule' needs a terrain 'board'",
                ));
            }
            let board = plain_board(req.width, req.height)?;
            if board.squares() > max_squares {
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
                });
            }
            (Terrain::plain(board), Default::default())
        }
    };
    let board = terrain.board();
    let end = |arg: &Option<SquareArg>, marked: Option<Square>, param: &str| match arg {
        Some(arg) => arg.on(board).map_err(|e| ApiError::square(param, e)),
        None => marked.ok_or_else(|| ApiError::MissingParameter {
            param: param.to_owned(),
        }),
    };
    let from = end(&req.from, terrain.start(), "from")?;
    let to = end(&req.to, terrain.end(), "to")?;
    let shown = Shown {
        board,
        notation: match &req.from {
            Some(first) => answer_notation(req.notation, first),
            None => match req.notation {
                Some(NotationArg::Index) => Notation::Index,
                _ => Notation::Algebraic,
            },
        },
    };
    let limit = Duration::from_millis(time_limit_ms);
    let (terrain, longest) = state
        .heavy
        .run(move || {
            let longest = longest_path(&terrain, rule, from, to, limit);
            (terrain, longest)
        })
        .await?;
    let longest = longest.map_err(not_landable)?;
    if let Some(drawing) = draw(format, &terrain, &longest) {
        return Ok(drawing);
    }
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
    Ok(Json(answer).into_response())
}

/// The answer drawn as `format=text` or `format=svg`; `None` for JSON.
/// Until the terrain issue's renderer lands every format answers JSON: the
/// renderer is to be called here with the board and `longest.path`.
fn draw(format: Format, _terrain: &Terrain, _longest: &Longest) -> Option<Response> {
    match format {
        Format::Json | Format::Text | Format::Svg => None,
    }
}

fn not_landable(e: NotLandable) -> ApiError {
    let param = match e.end {
        End::From => "from",
        End::To => "to",
    };
    ApiError::invalid(
        param,
        format!(
            "a knight cannot stand on {}: it is a rock or a barrier",
            e.square
        ),
    )
}
