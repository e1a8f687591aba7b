//! A tour found for `/tour`, and the step of `/tour/step`.

use std::borrow::Cow;
use std::sync::Arc;

use axum::response::Response;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::answer::{Drawn, NotatedPath};
use crate::response::streamed::json_with_squares;
use crate::written::{Notated, NotatedSquare};
use knight::draw::Overlay;
use knight::terrain::Ground;
use knight::tour::SharedTour;
use knight::{Cache, Square};

/// The JSON of a tour. The path is written square by square as it is
/// sent, so a million-square tour is never held as a million strings.
#[derive(Serialize)]
pub struct TourJson<'a> {
    pub start: NotatedSquare,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<NotatedSquare>,
    pub width: u64,
    pub height: u64,
    pub closed: bool,
    /// Steps back Warnsdorff's search took (`method=warnsdorff` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtracks: Option<u64>,
    pub path: NotatedPath<'a>,
}

/// A tour found, to `end` when one was asked.
pub struct FoundTour {
    pub tour: SharedTour,
    pub shown: Notated,
    pub end: Option<Square>,
    pub backtracks: Option<u64>,
    /// Where a closed tour's text is kept.
    pub cache: Arc<Cache>,
}

impl Drawn for FoundTour {
    /// Written fast and streamed (`streamed::json_with_squares`).
    fn json(self) -> Result<Response, ApiError> {
        let shown = self.shown;
        let head = TourJson {
            start: shown.square(self.tour.squares.runs()[0][0]),
            end: self.end.map(|e| shown.square(e)),
            width: self.tour.board.width(),
            height: self.tour.board.height(),
            closed: self.tour.closed,
            backtracks: self.backtracks,
            path: NotatedPath::new(shown, &[]),
        };
        Ok(json_with_squares(
            &head,
            shown,
            self.tour.squares,
            &self.cache,
        ))
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.tour.board)
    }

    fn path(&self) -> Cow<'_, [Square]> {
        Cow::Owned(self.tour.squares.clone().into_vec())
    }

    /// What a picture of a tour says, and its closing move (the
    /// library's words).
    fn overlay(&self) -> Overlay {
        self.tour.squares.overlay(self.tour.closed)
    }
}

/// `/tour/step`'s answer.
#[derive(Debug, Serialize)]
pub struct StepAnswer {
    pub width: u64,
    pub height: u64,
    pub start: NotatedSquare,
    pub closed: bool,
    pub step: u64,
    pub square: NotatedSquare,
}
