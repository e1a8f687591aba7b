//! `POST /longest-path`: two squares of a plain or terrain board, and the
//! time to search for the longest simple path between them.

use std::borrow::Cow;

use crate::error::{ApiError, Code};
use crate::request::board::{ground_arg, path_ends, GroundArg, TerrainArgs};
use crate::request::params::{params, Given, SentWhole};
use crate::request::question::time_limit_ms;
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{Ends, PlainArgs};
use crate::written::Notated;
use knight::{BarrierRule, Board, Square, Terrain};

/// The time budget when a request names none, in milliseconds.
const DEFAULT_TIME_LIMIT_MS: u64 = 1_000;

params! {
    /// `POST /longest-path`: a terrain `board` (whose `S`/`E` are the
    /// default ends) or a plain board of `width` by `height`.
    pub struct LongestBody {
        pub ends: Ends,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
        pub time_limit_ms: Given<SentWhole>,
    }
}

/// A longest path to search for, on a terrain (a plain board as one) of
/// at most `--max-longest-squares`.
pub struct LongestQuestion {
    pub terrain: Terrain,
    pub rule: BarrierRule,
    pub shown: Notated,
    pub ends: [Square; 2],
    pub time_limit_ms: u64,
}

impl Resolve for LongestQuestion {
    type Sent = LongestBody;

    fn resolve(req: LongestBody, cx: &Context<'_>) -> Result<LongestQuestion, ApiError> {
        let max_squares = cx.config.max_longest_squares;
        let time_limit_ms = time_limit_ms(
            req.time_limit_ms,
            DEFAULT_TIME_LIMIT_MS,
            cx.config.max_time_limit_ms,
        )?;
        let (ground, rule) = ground_arg(req.terrain, &req.plain)?;
        let terrain = match ground {
            GroundArg::Terrain(board) => board.terrain(max_squares).map_err(too_large_terrain)?,
            GroundArg::Plain(board) if board.squares() > max_squares => {
                return Err(too_large(
                    req.plain.side_given(),
                    board.squares(),
                    max_squares,
                ));
            }
            GroundArg::Plain(board) => Terrain::plain(board),
        };
        let (shown, ends) = path_ends(&terrain, &req.ends, req.plain.notation)?;
        cx.format.check_drawable(terrain.board(), &ends)?;
        Ok(LongestQuestion {
            terrain,
            rule,
            shown,
            ends,
            time_limit_ms,
        })
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.terrain.board(), Cow::Borrowed(&self.ends)))
    }
}

impl LongestQuestion {
    /// Whether the knight can stand on both ends (checked before a
    /// stream's first line, which answers 200).
    pub fn check_ends(&self) -> Result<(), ApiError> {
        let [from, to] = self.ends;
        Ok(self.terrain.check_ends(from, to)?)
    }
}

/// A terrain too large for /longest-path, told where its limit is.
fn too_large_terrain(e: ApiError) -> ApiError {
    if e.code() != Code::BoardTooLarge {
        return e;
    }
    ApiError::new(
        Code::BoardTooLarge,
        format!(
            "{} on /longest-path (--max-longest-squares): {TOO_LARGE_REMEDY}",
            e.detail()
        ),
    )
    .at("board")
}

/// A board of `squares` (named by `param`) past /longest-path's `limit`.
fn too_large(param: &str, squares: u64, limit: u64) -> ApiError {
    ApiError::board_too_large(
        param,
        squares,
        ("/longest-path", limit, "--max-longest-squares"),
        TOO_LARGE_REMEDY,
    )
}

/// What a board too large for /longest-path is told to do.
const TOO_LARGE_REMEDY: &str =
    "send a smaller board, or ask /path for a shortest path, which takes boards of any size";
