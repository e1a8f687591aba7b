//! A tour finished (`POST /tour/finish`): from the squares played, drawn
//! with the played moves told apart from the finish; or from clues, with
//! whether it is the only tour that agrees with them.

use std::borrow::Cow;
use std::sync::Arc;

use axum::response::Response;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::answer::{json, Drawn, NotatedPath};
use crate::response::streamed::json_with_squares;
use crate::written::{Notated, NotatedSquare};
use knight::draw::Overlay;
use knight::terrain::Ground;
use knight::tour::{Clue, Finished, Solved, TourSquares};
use knight::{Cache, Square};

/// The JSON answer: the board, how many squares were played, and the whole
/// tour, written square by square as it is sent.
#[derive(Serialize)]
pub struct FinishAnswer<'a> {
    pub width: u64,
    pub height: u64,
    pub closed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<NotatedSquare>,
    pub played: usize,
    /// With `clues`: whether no other tour agrees with them (null when
    /// that was not settled in time).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Option<bool>>,
    pub path: NotatedPath<'a>,
}

/// A tour finished from the squares played, to `end` when one was asked.
pub struct TourFinished {
    pub done: Finished,
    pub end: Option<Square>,
    pub shown: Notated,
    pub cache: Arc<Cache>,
}

impl Drawn for TourFinished {
    /// Written fast, as /tour's.
    fn json(self) -> Result<Response, ApiError> {
        let shown = self.shown;
        let head = FinishAnswer {
            width: self.done.board.width(),
            height: self.done.board.height(),
            closed: self.done.closed,
            end: self.end.map(|e| shown.square(e)),
            played: self.done.played,
            unique: None,
            path: NotatedPath::new(shown, &[]),
        };
        let squares = TourSquares::Own(self.done.path);
        Ok(json_with_squares(&head, shown, squares, &self.cache))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.done.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(&self.done.path)
    }

    /// What a picture of a finished tour says (the library's words).
    fn overlay(&self) -> Overlay {
        self.done.overlay(self.end)
    }
}

/// A tour that agrees with the clues, and the squares played.
pub struct CluesSolved {
    pub solved: Solved,
    pub clues: Vec<Clue>,
    pub closed: bool,
    pub end: Option<Square>,
    pub played: usize,
    pub shown: Notated,
}

impl Drawn for CluesSolved {
    fn json(self) -> Result<Response, ApiError> {
        let shown = self.shown;
        json(&FinishAnswer {
            width: shown.board.width(),
            height: shown.board.height(),
            closed: self.closed,
            end: self.end.map(|e| shown.square(e)),
            played: self.played,
            unique: Some(self.solved.unique),
            path: NotatedPath::new(shown, &self.solved.path),
        })
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Borrowed(&self.solved.path)
    }

    /// What a picture of a solved puzzle says (the library's words).
    fn overlay(&self) -> Overlay {
        self.solved.overlay(&self.clues)
    }
}
