//! The answers about one square: its colour (`/colour`) and its knight
//! moves (`/moves`).

use serde::Serialize;

use crate::written::NotatedSquare;

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: NotatedSquare,
    pub colour: &'static str,
}

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: NotatedSquare,
    pub moves: Vec<NotatedSquare>,
}
