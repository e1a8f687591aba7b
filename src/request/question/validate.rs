//! `POST /validate`: a path of squares to check on a plain board or a
//! terrain `board`, and whether every position is to be drawn.

use std::borrow::Cow;

use crate::convert::len64;
use crate::error::ApiError;
use crate::request::board::{ground_arg, GroundArg, TerrainArgs};
use crate::request::params::{params, Given};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{PlainArgs, SquareList};
use crate::written::{Format, Notated};
use knight::{BarrierRule, Board, Notation, Square, Terrain};

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

/// A path to check (kept as sent, compact, until the work puts it on the
/// board), and what is drawn of it.
pub struct ValidateQuestion {
    source: GroundArg,
    pub rule: BarrierRule,
    path: SquareList,
    notation: Notation,
    /// Every position as a text frame in the JSON answer.
    pub frames: bool,
    /// A simple path was asked for.
    pub simple: bool,
    /// The work: the board's text to parse, the path to check, and the
    /// squares to draw (each frame a whole board).
    pub units: u64,
    /// `--max-terrain-squares`.
    max_squares: u64,
}

impl Resolve for ValidateQuestion {
    type Sent = ValidateBody;

    fn resolve(req: ValidateBody, cx: &Context<'_>) -> Result<ValidateQuestion, ApiError> {
        let path = req.path.required("path")?;
        let Some(first) = path.first() else {
            return Err(ApiError::invalid(
                "path",
                "'path' is []: a path lists at least the square the knight starts on, such as [\"b6\"] (or [\"b6\", \"d5\", \"f6\"] for two moves)",
            ));
        };
        let (source, rule) = ground_arg(req.terrain, &req.plain)?;
        let frames = req.render.or(false);
        let (parsed, squares) = match &source {
            GroundArg::Terrain(board) => (board.chars(), board.chars()),
            GroundArg::Plain(board) => (0, board.squares()),
        };
        let drawn = match (frames, cx.format) {
            (true, _) => squares.saturating_mul(len64(path.len())),
            (false, Format::Json) => 0,
            _ => squares,
        };
        Ok(ValidateQuestion {
            source,
            rule,
            notation: req.plain.notation.or(first.notation()),
            units: parsed
                .saturating_add(len64(path.len()))
                .saturating_add(drawn),
            path,
            frames,
            simple: req.simple.or(false),
            max_squares: cx.config.max_terrain_squares,
        })
    }

    /// Read on the blocking pool: nothing is asked of a board yet.
    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        None
    }
}

impl ValidateQuestion {
    /// The terrain (none for a plain board), the board, the path on it,
    /// and how the answer writes squares: heavy work.
    pub fn on_board(&self) -> Result<(Option<Terrain>, Notated, Vec<Square>), ApiError> {
        let (terrain, board) = match &self.source {
            GroundArg::Plain(board) => (None, *board),
            GroundArg::Terrain(board) => {
                let terrain = board.terrain(self.max_squares)?;
                let board = terrain.board();
                (Some(terrain), board)
            }
        };
        let path = self.path.on(board, "path")?;
        let shown = Notated {
            board,
            notation: self.notation,
        };
        Ok((terrain, shown, path))
    }
}
