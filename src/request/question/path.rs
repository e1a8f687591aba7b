//! `/path`: two squares of a plain board (GET or POST), or of a terrain
//! `board` (POST), whose cheapest path is asked.

use std::borrow::Cow;

use crate::error::ApiError;
use crate::request::board::{ground_arg, path_ends, BoardArg, GroundArg, TerrainArgs};
use crate::request::params::{params, Given, Strict};
use crate::request::resolve::{Context, Resolve};
use crate::request::square::{required, squares_on, Ends, PlainArgs};
use crate::written::Notated;
use knight::{BarrierRule, Board, Notation, Square, Terrain};

params! {
    /// `GET /path`.
    pub struct PathQuery {
        pub ends: Ends,
        pub plain: PlainArgs,
    }
}

params! {
    /// `POST /path`: a plain board (`width`, `height`) or a terrain `board`.
    pub struct PathBody {
        pub ends: Ends,
        pub plain: PlainArgs,
        pub terrain: TerrainArgs,
    }
}

/// Two squares of a plain board: a shortest path between them is asked,
/// at most `--max-path-squares` long.
pub struct PlainPath {
    pub shown: Notated,
    pub ends: [Square; 2],
    pub limit: u64,
}

impl PlainPath {
    /// The path between `ends` on `shown`'s board, as `cx` allows.
    fn new(shown: Notated, ends: [Square; 2], cx: &Context<'_>) -> Result<PlainPath, ApiError> {
        cx.format.check_drawable(shown.board, &ends)?;
        Ok(PlainPath {
            shown,
            ends,
            limit: cx.config.max_path_squares,
        })
    }
}

impl Resolve for PlainPath {
    type Sent = PathQuery;

    fn resolve(sent: PathQuery, cx: &Context<'_>) -> Result<PlainPath, ApiError> {
        let (shown, ends) = sent.plain.squares(sent.ends.named())?;
        PlainPath::new(shown, ends, cx)
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        Some((self.shown.board, Cow::Borrowed(&self.ends)))
    }

    /// The terrain's fields: a GET has no body to carry a board.
    fn posted_only() -> Vec<&'static str> {
        let get = PathQuery::names();
        let mut post = PathBody::names();
        post.retain(|name| !get.contains(name));
        post
    }
}

/// A terrain `board` and the ends of a path on it, read on the blocking
/// pool (parsing a large board is heavy work).
pub struct TerrainPath {
    pub board: BoardArg,
    pub rule: BarrierRule,
    ends: Ends,
    notation: Given<Notation>,
    max_squares: u64,
}

impl TerrainPath {
    /// The terrain (at most `--max-terrain-squares`), how the answer
    /// writes squares, and the path's ends on it.
    pub fn on_terrain(&self) -> Result<(Terrain, Notated, [Square; 2]), ApiError> {
        let terrain = self.board.terrain(self.max_squares)?;
        let (shown, ends) = path_ends(&terrain, &self.ends, self.notation)?;
        Ok((terrain, shown, ends))
    }
}

/// `POST /path`: on a plain board, or on a terrain.
pub enum PathQuestion {
    Plain(PlainPath),
    Terrain(TerrainPath),
}

impl Resolve for PathQuestion {
    type Sent = PathBody;

    fn resolve(sent: PathBody, cx: &Context<'_>) -> Result<PathQuestion, ApiError> {
        let (ground, rule) = ground_arg(sent.terrain, &sent.plain)?;
        match ground {
            GroundArg::Terrain(board) => Ok(PathQuestion::Terrain(TerrainPath {
                board,
                rule,
                ends: sent.ends,
                notation: sent.plain.notation,
                max_squares: cx.config.max_terrain_squares,
            })),
            GroundArg::Plain(board) => {
                let ends = required(sent.ends.named())?;
                let (shown, ends) = squares_on(board, sent.plain.notation, ends)?;
                PlainPath::new(shown, ends, cx).map(PathQuestion::Plain)
            }
        }
    }

    fn asked(&self) -> Option<(Board, Cow<'_, [Square]>)> {
        match self {
            PathQuestion::Plain(plain) => plain.asked(),
            PathQuestion::Terrain(_) => None,
        }
    }
}
