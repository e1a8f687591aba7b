//! `POST /validate`: checks a listed sequence of knight moves on a plain
//! board (`width`, `height`) or a terrain `board`, and can draw every
//! position of the knight (`render: true`) as the challenge's level 1 does.
//!
//! An empty `path` is a 400 (a path lists at least the square the knight
//! starts on); the rules of a path are in `solver::terrain::validate`.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};

use super::board::{ground_arg, BoardArg, GroundArg};
use super::error::ApiError;
use super::extract::{not_null, JsonBody, QueryParams};
use super::format::{Format, FormatQuery};
use super::render::{render_error, respond_json, svg_response, text_response};
use super::square::{answer_notation, NotationArg, Shown, ShownSquare, SquareArg};
use super::AppState;
use crate::solver::draw::{self, Overlay, RenderError};
use crate::solver::terrain::validate::{validate, StepFault, Validation};
use crate::solver::terrain::{BarrierRule, Ground, Terrain};
use crate::solver::{Board, Square};

/// At most this many squares are drawn over all frames of one answer
/// (frames × squares of the board): about 8 MB of text.
pub const MAX_FRAME_SQUARES: u64 = 4_000_000;

/// Requests at most this large are answered on the request's own task.
const INLINE_CHARS: usize = 16 * 1024;
const INLINE_PATH: usize = 4_096;
const INLINE_DRAWN_SQUARES: u64 = 65_536;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidateBody {
    pub path: Vec<SquareArg>,
    #[serde(default, deserialize_with = "not_null")]
    pub width: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub height: Option<u64>,
    #[serde(default, deserialize_with = "not_null")]
    pub board: Option<BoardArg>,
    #[serde(default)]
    pub render: bool,
    #[serde(default)]
    pub simple: bool,
    #[serde(default, deserialize_with = "not_null")]
    pub barrier_rule: Option<String>,
    #[serde(default, deserialize_with = "not_null")]
    pub notation: Option<NotationArg>,
}

#[derive(Debug, Serialize)]
pub struct ValidateAnswer {
    pub valid: bool,
    pub moves: Option<u64>,
    pub cost: Option<u64>,
    pub error: Option<StepError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frames: Option<Vec<String>>,
}

#[derive(Debug, Serialize)]
pub struct StepError {
    pub step: usize,
    pub from: Option<ShownSquare>,
    pub to: ShownSquare,
    pub reason: &'static str,
}

pub async fn handler(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<FormatQuery>,
    JsonBody(mut req): JsonBody<ValidateBody>,
) -> Result<Response, ApiError> {
    let format = query.format.unwrap_or_default();
    if req.path.is_empty() {
        return Err(ApiError::invalid(
            "path",
            "a path lists at least the square the knight starts on",
        ));
    }
    let (source, rule) = ground_arg(
        req.board.take(),
        req.width,
        req.height,
        req.barrier_rule.as_deref(),
    )?;
    let drawn = req.render || format != Format::Json;
    let light = req.path.len() <= INLINE_PATH
        && match &source {
            GroundArg::Terrain(BoardArg::Text(text)) => text.len() <= INLINE_CHARS,
            GroundArg::Terrain(BoardArg::Rows(rows)) => {
                rows.iter().map(String::len).sum::<usize>() <= INLINE_CHARS
            }
            GroundArg::Plain(board) => !drawn || board.squares() <= INLINE_DRAWN_SQUARES,
        };
    let max_squares = state.config.max_terrain_squares;
    let work = move || -> Result<Response, ApiError> {
        let terrain: Terrain;
        let ground = match &source {
            GroundArg::Plain(board) => Ground::Plain(*board),
            GroundArg::Terrain(board) => {
                terrain = board.terrain(max_squares)?;
                Ground::Terrain(&terrain)
            }
        };
        answer(ground, &req, rule, format)
    };
    if light {
        work()
    } else {
        state.heavy.run(work).await?
    }
}

fn answer(
    ground: Ground<'_>,
    req: &ValidateBody,
    rule: BarrierRule,
    format: Format,
) -> Result<Response, ApiError> {
    let board = ground.board();
    let path = squares_on(&req.path, board)?;
    let shown = Shown {
        board,
        notation: answer_notation(req.notation, &req.path[0]),
    };
    let found = validate(ground, &path, rule, req.simple);
    let reached = &path[..found.reached(path.len())];
    match format {
        Format::Json => {
            let frames = if req.render {
                Some(frames(ground, reached).map_err(|e| too_large(e, "render"))?)
            } else {
                None
            };
            respond_json(&json_answer(&found, &shown, frames))
        }
        Format::Text => {
            let mut text = frames(ground, reached)
                .map_err(|e| too_large(e, "format"))?
                .join("\n");
            text.push('\n');
            text.push_str(&summary(&found));
            Ok(text_response(text))
        }
        Format::Svg => {
            let overlay = Overlay {
                fault: found.fault.and_then(|f| f.from.map(|from| (from, f.to))),
            };
            draw::svg(ground, reached, overlay)
                .map(svg_response)
                .map_err(render_error)
        }
    }
}

/// The path's squares on `board`; a bad one is named `path[i]`.
fn squares_on(path: &[SquareArg], board: Board) -> Result<Vec<Square>, ApiError> {
    path.iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.on(board)
                .map_err(|e| ApiError::square(format!("path[{i}]"), e))
        })
        .collect()
}

/// One text board per position the knight legally reached.
fn frames(ground: Ground<'_>, reached: &[Square]) -> Result<Vec<String>, RenderError> {
    let squares = ground.board().squares();
    let total = squares.saturating_mul(reached.len() as u64);
    if total > MAX_FRAME_SQUARES {
        return Err(RenderError::TooLarge {
            squares: total,
            limit: MAX_FRAME_SQUARES,
        });
    }
    reached
        .iter()
        .map(|&knight| draw::text_with_knight(ground, knight))
        .collect()
}

fn too_large(error: RenderError, param: &str) -> ApiError {
    let RenderError::TooLarge { squares, limit } = error;
    ApiError::Unprocessable {
        code: "render_too_large",
        param: Some(param.to_owned()),
        detail: format!(
            "drawing every position would draw {squares} squares, more than the {limit} allowed; ask without drawing, or for ?format=svg"
        ),
    }
}

fn json_answer(found: &Validation, shown: &Shown, frames: Option<Vec<String>>) -> ValidateAnswer {
    let valid = found.is_valid();
    ValidateAnswer {
        valid,
        moves: valid.then_some(found.moves),
        cost: valid.then_some(found.cost),
        error: found.fault.map(|f: StepFault| StepError {
            step: f.step,
            from: f.from.map(|s| shown.square(s)),
            to: shown.square(f.to),
            reason: f.reason.as_str(),
        }),
        frames,
    }
}

/// The last line of the text answer.
fn summary(found: &Validation) -> String {
    match found.fault {
        None => format!("valid: {} moves, cost {}\n", found.moves, found.cost),
        Some(f) => {
            let from = f.from.map_or_else(|| "start".to_owned(), |s| s.to_string());
            format!(
                "invalid: step {} ({} -> {}): {}\n",
                f.step,
                from,
                f.to,
                f.reason.as_str()
            )
        }
    }
}
