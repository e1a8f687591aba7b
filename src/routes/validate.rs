//! `POST /validate`: checks a listed sequence of knight moves on a plain
//! board (`width`, `height`) or a terrain `board`, and can draw every
//! position of the knight (`render: true`) as the challenge's level 1 does.
//!
//! An empty `path` is a 400 (a path lists at least the square the knight
//! starts on); the rules of a path are the library's (`knight::validate`).

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::{reason_words, ApiError, FramesRefused};
use crate::heavy::Served;
use crate::request::board::{ground_arg, GroundArg, TerrainArgs};
use crate::request::extract::JsonBody;
use crate::request::params::params;
use crate::request::params::Given;
use crate::request::square::{PlainArgs, SquareList};
use crate::response::picture::{draw_svg, png_response, respond, svg_response, text_response};
use crate::shape::Format;
use crate::shape::{Shown, ShownSquare};
use knight::Square;
use knight::{validate, StepFault, Validation};
use knight::{Caption, Overlay, RenderError};
use knight::{Ground, Terrain};

/// At most this many squares are drawn over all frames of one answer
/// (frames × squares of the board): about 8 MB of text.
pub const MAX_FRAME_SQUARES: u64 = 4_000_000;

params! {
    /// `POST /validate`: a path on a plain board or a terrain `board`.
    pub struct ValidateBody {
        pub path: Given<SquareList>,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
        pub render: Given<bool>,
        pub simple: Given<bool>,
    }
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

/// What a request asks to be drawn.
#[derive(Clone, Copy)]
struct Drawing {
    format: Format,
    /// Every position as a text frame in the JSON answer.
    frames: bool,
    /// A simple path was asked for (for the picture's caption).
    simple: bool,
}

pub async fn handler(
    Served { state, work: heavy }: Served,
    format: Format,
    JsonBody(req): JsonBody<ValidateBody>,
) -> Result<Response, ApiError> {
    let path = req.path.required("path")?;
    let Some(first) = path.first() else {
        return Err(ApiError::invalid(
            "path",
            "'path' is []: a path lists at least the square the knight starts on, such as [\"b6\"] (or [\"b6\", \"d5\", \"f6\"] for two moves)",
        ));
    };
    let (source, rule) = ground_arg(req.terrain, &req.plain)?;
    let drawing = Drawing {
        format,
        frames: req.render.or(false),
        simple: req.simple.or(false),
    };
    // The work: the board's text to parse, the path to check, and the
    // squares to draw (each frame a whole board).
    let (parsed, squares) = match &source {
        GroundArg::Terrain(board) => (board.chars(), board.chars()),
        GroundArg::Plain(board) => (0, board.squares()),
    };
    let drawn = match drawing {
        Drawing { frames: true, .. } => squares.saturating_mul(len64(path.len())),
        Drawing {
            format: Format::Json,
            ..
        } => 0,
        _ => squares,
    };
    let units = parsed
        .saturating_add(len64(path.len()))
        .saturating_add(drawn);
    let max_squares = state.config.max_terrain_squares;
    let (simple, notation) = (req.simple.or(false), req.plain.notation);
    let work = move || -> Result<Response, ApiError> {
        let terrain: Terrain;
        let ground = match &source {
            GroundArg::Plain(board) => Ground::Plain(*board),
            GroundArg::Terrain(board) => {
                terrain = board.terrain(max_squares)?;
                Ground::Terrain(&terrain)
            }
        };
        let squares = path.on(ground.board(), "path")?;
        let shown = Shown {
            board: ground.board(),
            notation: notation.or(first.notation()),
        };
        let found = validate(ground, &squares, rule, simple);
        answer(ground, &squares, &found, &shown, drawing)
    };
    heavy.run_sized(units, work).await?
}

fn answer(
    ground: Ground<'_>,
    path: &[Square],
    found: &Validation,
    shown: &Shown,
    drawing: Drawing,
) -> Result<Response, ApiError> {
    let reached = &path[..found.reached(path.len())];
    match drawing.format {
        Format::Json => {
            let frames = if drawing.frames {
                Some(frames(ground, reached).map_err(|error| FramesRefused {
                    error,
                    param: "render",
                })?)
            } else {
                None
            };
            respond(
                Format::Json,
                ground,
                None,
                &json_answer(found, shown, frames),
                Overlay::default(),
            )
        }
        Format::Text => {
            let mut text = frames(ground, reached)
                .map_err(|error| FramesRefused {
                    error,
                    param: "format",
                })?
                .join("\n");
            text.push('\n');
            text.push_str(&summary(found));
            Ok(text_response(text))
        }
        Format::Svg | Format::Png { .. } => {
            let overlay = Overlay {
                fault: found.fault.and_then(|f| f.from.map(|from| (from, f.to))),
                caption: caption(path, found, drawing.simple),
                ..Overlay::default()
            };
            let svg = draw_svg(ground, reached, overlay)?;
            Ok(match drawing.format {
                Format::Png { size } => png_response(svg, size),
                _ => svg_response(svg),
            })
        }
    }
}

/// One text board per position the knight legally reached.
fn frames(ground: Ground<'_>, reached: &[Square]) -> Result<Vec<String>, RenderError> {
    let squares = ground.board().squares();
    let total = squares.saturating_mul(len64(reached.len()));
    if total > MAX_FRAME_SQUARES {
        return Err(RenderError::TooLarge {
            squares: total,
            limit: MAX_FRAME_SQUARES,
            text: true,
        });
    }
    reached
        .iter()
        .map(|&knight| knight::draw_knight(ground, knight))
        .collect()
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

/// What the picture of a checked path says.
fn caption(path: &[Square], found: &Validation, simple: bool) -> Caption {
    let listed = if path.len() <= 8 {
        let names: Vec<String> = path.iter().map(Square::to_string).collect();
        format!("the path {}", names.join(" "))
    } else {
        format!(
            "a path of {} squares from {} to {}",
            path.len(),
            path[0],
            path[path.len() - 1]
        )
    };
    let asked = if simple {
        format!("Check of {listed} as a simple path")
    } else {
        format!("Check of {listed}")
    };
    match found.fault {
        None => Caption {
            asked,
            moves: Some(found.moves),
            cost: Some(found.cost),
            verdict: Some("valid".to_owned()),
        },
        Some(f) => {
            let from = f
                .from
                .map_or_else(|| "the start".to_owned(), |s| s.to_string());
            Caption {
                asked,
                moves: None,
                cost: None,
                verdict: Some(format!(
                    "not valid at step {}: {from} to {} {}",
                    f.step,
                    f.to,
                    reason_words(f.reason)
                )),
            }
        }
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
