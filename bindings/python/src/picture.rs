//! [`Picture`], the base class of every answer that can be drawn: its
//! `svg()` and `text()` are the library's own drawings (the ones knightd
//! serves), and `_repr_svg_` shows it inline in Jupyter.

use std::borrow::Cow;
use std::sync::Arc;

use knight::draw::{Overlay, RenderError};
use knight::terrain::Ground;
use knight::tour::TourSquares;
use knight::{Board, Square, Terrain};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::Failure;

/// What an answer's picture draws: its ground (a plain board or a terrain),
/// a path over it, and the rest (caption, shades, clues, closing move).
#[derive(Clone, Debug)]
pub struct Drawing {
    pub board: Board,
    pub terrain: Option<Arc<Terrain>>,
    /// Shared with the answer that lists it: a tour of a million squares
    /// is kept once (and a turn of the board's kept closed tour not at all).
    pub path: Squares,
    pub overlay: Overlay,
}

/// An answer's squares in order, shared: a list of its own, or a turn of a
/// board's closed tour kept in the cache (no copy of a million squares).
pub type Squares = Arc<TourSquares>;

/// Squares of an answer's own.
pub fn own(squares: Vec<Square>) -> Squares {
    Arc::new(TourSquares::Own(squares))
}

/// The squares in one slice: borrowed, or joined from a turn's two runs.
pub fn contiguous(squares: &TourSquares) -> Cow<'_, [Square]> {
    match squares.runs() {
        [first, []] => Cow::Borrowed(first),
        runs => Cow::Owned(runs.concat()),
    }
}

impl Drawing {
    /// The board drawn: plain, or the terrain.
    pub fn ground(&self) -> Ground<'_> {
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
        knight::draw::svg(self.ground(), &contiguous(&self.path), overlay)
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
        let text = py.detach(|| {
            knight::draw::text(
                drawing.ground(),
                &contiguous(&drawing.path),
                &drawing.overlay,
            )
        });
        Ok(text.map_err(Failure::from)?)
    }

    /// The picture as PNG bytes (on white, text in DejaVu Sans), its longer
    /// side ``size`` pixels (default: the SVG's own size), at most 4,096.
    /// Only in a build with the ``png`` feature (docs/python.md, Pictures);
    /// elsewhere ``NotImplementedError``.
    #[pyo3(signature = (size = None))]
    fn png<'py>(&self, py: Python<'py>, size: Option<u32>) -> PyResult<Bound<'py, PyBytes>> {
        if size.is_some_and(|s| s == 0 || s > 4_096) {
            return Err(
                Failure::invalid("size", "'size' is a number of pixels from 1 to 4096").into(),
            );
        }
        let svg = self.svg(py)?;
        let png = rasterised(py, &svg, size)?;
        Ok(PyBytes::new(py, &png))
    }

    /// The SVG picture, for Jupyter and IPython.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }
}

/// `svg` rasterised, with the GIL released.
#[cfg(feature = "png")]
fn rasterised(py: Python<'_>, svg: &str, size: Option<u32>) -> PyResult<Vec<u8>> {
    Ok(py.detach(|| crate::raster::rasterise(svg, size))?)
}

/// Without the `png` feature: no rasteriser in this build.
#[cfg(not(feature = "png"))]
fn rasterised(_: Python<'_>, _: &str, _: Option<u32>) -> PyResult<Vec<u8>> {
    Err(pyo3::exceptions::PyNotImplementedError::new_err(
        "this build of knight_moves draws no PNG: build it with the png feature \
         (MATURIN_PEP517_ARGS=\"--features png\" pip install ./bindings/python), or use svg()",
    ))
}
