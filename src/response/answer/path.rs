//! Paths between two squares: the shortest on a plain board (`/path`),
//! the cheapest on a terrain (`POST /path` with `board`), the longest
//! found (`/longest-path`, whose answer is `/path`'s and more).

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use axum::response::Response;
use serde::Serialize;

use crate::convert::len64;
use crate::error::ApiError;
use crate::response::answer::{json, Drawn};
use crate::response::streamed::json_with_squares;
use crate::written::{Notated, NotatedSquare};
use knight::draw::Overlay;
use knight::terrain::{CheapestPath, Ground, Longest};
use knight::tour::TourSquares;
use knight::{BarrierRule, Cache, Square, Terrain};

/// The JSON of a path.
#[derive(Debug, Serialize)]
pub struct PathAnswer {
    pub from: NotatedSquare,
    pub to: NotatedSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    pub cost: Option<u64>,
    pub path: Option<Vec<NotatedSquare>>,
}

impl PathAnswer {
    /// The answer on `shown`'s board, squares written its way.
    pub fn new(
        shown: &Notated,
        [from, to]: [Square; 2],
        moves: Option<u64>,
        cost: Option<u64>,
        path: Option<&[Square]>,
    ) -> PathAnswer {
        PathAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: shown.board.width(),
            height: shown.board.height(),
            moves,
            cost,
            path: path.map(|p| shown.squares(p)),
        }
    }
}

/// A shortest path on a plain board, or none.
pub struct ShortestPath {
    pub shown: Notated,
    pub ends: [Square; 2],
    pub path: Option<Vec<Square>>,
    /// Where a closed tour's text is kept (for the streamed JSON).
    pub cache: Arc<Cache>,
}

impl ShortestPath {
    fn moves(&self) -> Option<u64> {
        self.path.as_ref().map(|p| len64(p.len()) - 1)
    }
}

impl Drawn for ShortestPath {
    /// Streamed: a long path is written as the client reads it.
    fn json(self) -> Result<Response, ApiError> {
        let moves = self.moves();
        let Some(path) = self.path else {
            return json(&PathAnswer::new(&self.shown, self.ends, None, None, None));
        };
        let head = PathAnswer::new(&self.shown, self.ends, moves, moves, Some(&[]));
        let squares = TourSquares::Own(path);
        Ok(json_with_squares(&head, self.shown, squares, &self.cache))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.path.as_deref().unwrap_or(&[]))
    }

    fn overlay(&self) -> Overlay {
        let [from, to] = self.ends;
        knight::draw::shortest_path_overlay(from, to, self.moves())
    }
}

/// The cheapest path on a terrain, or none.
pub struct Cheapest {
    pub terrain: Terrain,
    pub rule: BarrierRule,
    pub shown: Notated,
    pub ends: [Square; 2],
    pub found: Option<CheapestPath>,
}

impl Cheapest {
    fn answer(&self) -> PathAnswer {
        let found = self.found.as_ref();
        PathAnswer::new(
            &self.shown,
            self.ends,
            found.map(|p| p.moves),
            found.map(|p| p.cost),
            found.map(|p| &p.path[..]),
        )
    }
}

impl Drawn for Cheapest {
    fn json(self) -> Result<Response, ApiError> {
        json(&self.answer())
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Terrain(&self.terrain)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.found.as_ref().map_or(&[], |p| &p.path[..]))
    }

    fn overlay(&self) -> Overlay {
        knight::draw::cheapest_path_overlay(self.ends, self.rule, self.found.as_ref())
    }
}

/// `/longest-path`'s answer: `/path`'s, with the proven bound.
#[derive(Debug, Serialize)]
pub struct LongestAnswer {
    /// `from`, `to`, the board, `moves`, `cost` and `path`, as `/path` has them.
    #[serde(flatten)]
    pub found: PathAnswer,
    pub upper_bound: Option<u64>,
    pub optimal: bool,
}

impl LongestAnswer {
    /// The answer of `longest`, from `ends[0]` to `ends[1]`, written
    /// `shown`'s way.
    pub fn new(shown: &Notated, ends: [Square; 2], longest: &Longest) -> LongestAnswer {
        LongestAnswer {
            found: PathAnswer::new(
                shown,
                ends,
                longest.moves,
                longest.cost,
                longest.path.as_deref(),
            ),
            upper_bound: longest.upper_bound,
            optimal: longest.optimal,
        }
    }
}

/// One line of `/longest-path`'s NDJSON stream: the answer so far, the
/// time since the search began, and whether it is the last line (the
/// final answer).
#[derive(Debug, Serialize)]
pub struct LongestLine {
    #[serde(flatten)]
    pub answer: LongestAnswer,
    pub elapsed_ms: u64,
    #[serde(rename = "final")]
    pub last: bool,
}

/// The longest path found in `time_limit_ms`.
pub struct LongestFound {
    pub terrain: Terrain,
    pub rule: BarrierRule,
    pub shown: Notated,
    pub ends: [Square; 2],
    pub longest: Longest,
    pub time_limit_ms: u64,
}

impl Drawn for LongestFound {
    fn json(self) -> Result<Response, ApiError> {
        json(&LongestAnswer::new(&self.shown, self.ends, &self.longest))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Terrain(&self.terrain)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.longest.path.as_deref().unwrap_or(&[]))
    }

    fn overlay(&self) -> Overlay {
        let time_limit = Duration::from_millis(self.time_limit_ms);
        knight::draw::longest_path_overlay(self.ends, self.rule, &self.longest, time_limit)
    }
}
