//! A page of the shortest paths between two squares (`/shortest-paths`).

use std::borrow::Cow;

use axum::response::Response;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::answer::Drawn;
use crate::response::streamed::json_with_lists;
use crate::written::{Notated, NotatedSquare};
use knight::draw::Overlay;
use knight::plain::{Count, ShortestPaths};
use knight::terrain::Ground;
use knight::Square;

/// The JSON of a page of shortest paths.
#[derive(Debug, Serialize)]
pub struct PathsAnswer {
    pub from: NotatedSquare,
    pub to: NotatedSquare,
    pub width: u64,
    pub height: u64,
    pub moves: Option<u64>,
    /// A decimal string: it outgrows every integer type.
    pub count: String,
    /// A decimal string, as `count` is: any place below the count.
    pub offset: String,
    pub paths: Vec<Vec<NotatedSquare>>,
}

/// A page of the shortest paths between `ends`, from `offset`.
pub struct PathsFound {
    pub shown: Notated,
    pub ends: [Square; 2],
    pub offset: Count,
    pub found: ShortestPaths,
}

impl PathsFound {
    /// The first path of the page, drawn.
    fn first(&self) -> Option<&[Square]> {
        self.found
            .paths()
            .next()
            .filter(|_| self.found.moves.is_some())
    }
}

impl Drawn for PathsFound {
    /// Each path written as serde would, without a value made per square.
    fn json(self) -> Result<Response, ApiError> {
        let (shown, [from, to]) = (self.shown, self.ends);
        let answer = PathsAnswer {
            from: shown.square(from),
            to: shown.square(to),
            width: shown.board.width(),
            height: shown.board.height(),
            moves: self.found.moves,
            count: self.found.count.to_string(),
            offset: self.offset.to_string(),
            paths: Vec::new(),
        };
        Ok(json_with_lists(&answer, shown, self.found.paths()))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(self.first().unwrap_or(&[]))
    }

    /// The paths' layers shaded, the page's first path drawn, and the
    /// library's words.
    fn overlay(&self) -> Overlay {
        let [from, to] = self.ends;
        let page = Some((&self.offset, self.first().is_some()));
        knight::draw::shortest_paths_overlay(from, to, &self.found, page)
    }
}
