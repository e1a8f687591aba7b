//! The distance map of a square (`/distance-map`).

use std::ops::Range;

use axum::response::Response;
use serde::Serialize;

use crate::error::ApiError;
use crate::response::answer::{json, Drawn};
use crate::written::{Notated, NotatedSquare};
use knight::board::file_name;
use knight::draw::Overlay;
use knight::plain::DistanceMap;
use knight::terrain::Ground;
use knight::Square;

/// The JSON of a distance map.
#[derive(Debug, Serialize)]
pub struct MapAnswer {
    pub from: NotatedSquare,
    pub width: u64,
    pub height: u64,
    /// The window's files, by name, left to right.
    pub files: Vec<String>,
    /// The window's ranks, by number (from 1), highest first.
    pub ranks: Vec<u64>,
    pub rows: Vec<Vec<Option<u64>>>,
    pub farthest: Option<u64>,
}

/// How far every square of a window of the board is from `from`.
pub struct MapMade {
    pub shown: Notated,
    pub from: Square,
    pub files: Range<u32>,
    pub ranks: Range<u32>,
    pub map: DistanceMap,
}

impl Drawn for MapMade {
    fn json(self) -> Result<Response, ApiError> {
        let board = self.shown.board;
        json(&MapAnswer {
            from: self.shown.square(self.from),
            width: board.width(),
            height: board.height(),
            files: self
                .files
                .clone()
                .map(|f| file_name(u64::from(f)))
                .collect(),
            ranks: self.ranks.clone().rev().map(|r| u64::from(r) + 1).collect(),
            rows: self.map.rows().map(<[Option<u64>]>::to_vec).collect(),
            farthest: self.map.farthest,
        })
    }

    fn ground(&self) -> Ground<'_> {
        Ground::Plain(self.shown.board)
    }

    /// The square itself: its colour and its moves (drawn), then the map
    /// (the library's words).
    fn overlay(&self) -> Overlay {
        knight::draw::distance_map_overlay(self.shown.board, self.from, &self.map)
    }
}
