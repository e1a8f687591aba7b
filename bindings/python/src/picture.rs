//! [`Picture`], the base class of every answer that can be drawn: its
//! `svg()` and `text()` are the library's own drawings (the ones knightd
//! serves), and `_repr_svg_` shows it inline in Jupyter.

use std::sync::Arc;

use knight::draw::{Overlay, RenderError};
use knight::terrain::Ground;
use knight::{Board, Square, Terrain};
use pyo3::prelude::*;

use crate::errors::Failure;

/// What an answer's picture draws: its ground (a plain board or a terrain),
/// a path over it, and the rest (caption, shades, clues, closing move).
#[derive(Clone, Debug)]
pub struct Drawing {
    pub board: Board,
    pub terrain: Option<Arc<Terrain>>,
    /// Shared with the answer that lists it (a tour of a million squares
    /// is kept once).
    pub path: Arc<Vec<Square>>,
    pub overlay: Overlay,
}

impl Drawing {
    fn ground(&self) -> Ground<'_> {
        match &self.terrain {
            Some(terrain) => Ground::Terrain(terrain),
            None => Ground::Plain(self.board),
        }
    }

    fn svg(&self) -> Result<String, RenderError> {
        let overlay = Overlay {
            title_prefix: "knight_moves: ".to_owned(),
            ..self.overlay.clone()
        };
        knight::draw::svg(self.ground(), &self.path, overlay)
    }
}

impl From<RenderError> for Failure {
    fn from(error: RenderError) -> Failure {
        Failure::new("render_too_large", error.to_string())
    }
}

/// An answer that can be drawn: ``svg()`` (a picture with a caption and a
/// legend), ``text()`` (the board as printed, with move numbers), and shown
/// inline by Jupyter.
#[pyclass(subclass, frozen, module = "knight_moves")]
pub struct Picture {
    pub drawing: Drawing,
}

#[pymethods]
impl Picture {
    /// The picture as SVG: the board, the path drawn over it, start and end
    /// marked, and a caption saying what was asked and answered.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let drawing = &self.drawing;
        Ok(py.detach(|| drawing.svg()).map_err(Failure::from)?)
    }

    /// The picture as text: the board as printed, one square a character or
    /// a move number.
    fn text(&self, py: Python<'_>) -> PyResult<String> {
        let drawing = &self.drawing;
        let text =
            py.detach(|| knight::draw::text(drawing.ground(), &drawing.path, &drawing.overlay));
        Ok(text.map_err(Failure::from)?)
    }

    /// The SVG picture, for Jupyter and IPython.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }
}
