//! A path checked (`POST /validate`): valid or where it breaks, every
//! position of the knight drawn when asked (`render: true`), as the
//! challenge's level 1 does.

use std::borrow::Cow;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::{ApiError, FramesRefused};
use crate::response::answer::{json, Drawn};
use crate::written::{Notated, NotatedSquare};
use knight::draw::{Overlay, RenderError};
use knight::terrain::{Ground, StepFault, Validation};
use knight::{Square, Terrain};

/// At most this many squares are drawn over all frames of one answer
/// (frames × squares of the board): about 8 MB of text.
pub const MAX_FRAME_SQUARES: u64 = 4_000_000;

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
    pub from: Option<NotatedSquare>,
    pub to: NotatedSquare,
    pub reason: &'static str,
}

/// A path checked on a plain board or a terrain (`terrain`).
pub struct Checked {
    pub terrain: Option<Terrain>,
    pub shown: Notated,
    pub path: Vec<Square>,
    pub found: Validation,
    /// Every position as a text frame in the JSON answer.
    pub frames: bool,
    /// A simple path was asked for (for the picture's caption).
    pub simple: bool,
}

impl Checked {
    /// The squares the knight legally reached.
    fn reached(&self) -> &[Square] {
        &self.path[..self.found.reached(self.path.len())]
    }
}

impl Drawn for Checked {
    fn json(self) -> Result<Response, ApiError> {
        let frames = if self.frames {
            let frames = frames(self.ground(), self.reached());
            Some(frames.map_err(|error| FramesRefused {
                error,
                param: "render",
            })?)
        } else {
            None
        };
        let (found, shown) = (&self.found, &self.shown);
        let valid = found.is_valid();
        json(&ValidateAnswer {
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
        })
    }

    fn ground(&self) -> Ground<'_> {
        match &self.terrain {
            Some(terrain) => Ground::Terrain(terrain),
            None => Ground::Plain(self.shown.board),
        }
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.reached())
    }

    /// What the picture of a checked path says (the library's words).
    fn overlay(&self) -> Overlay {
        knight::draw::validation_overlay(&self.path, &self.found, self.simple)
    }

    /// Every position the knight reached, and the verdict.
    fn text(&self) -> Result<String, ApiError> {
        let frames = frames(self.ground(), self.reached()).map_err(|error| FramesRefused {
            error,
            param: "format",
        })?;
        let mut text = frames.join("\n");
        text.push('\n');
        text.push_str(&summary(&self.found));
        Ok(text)
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
        .map(|&knight| knight::draw::text_with_knight(ground, knight))
        .collect()
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
