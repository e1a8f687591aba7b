//! The answers about one square: its colour (`/colour`) and its knight
//! moves (`/moves`).

use serde::Serialize;

use crate::shape::ShownSquare;

#[derive(Debug, Serialize)]
pub struct ColourAnswer {
    pub square: ShownSquare,
    pub colour: &'static str,
}

#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    pub square: ShownSquare,
    pub moves: Vec<ShownSquare>,
}
