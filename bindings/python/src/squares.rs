//! Squares and boards as Python writes them: a square is a name (`"g2"`,
//! any case) or an index (`rank * width + file`), as in the knightd API; an
//! answer writes squares the way its first square was written. Also the
//! time limits (`timeout=` seconds) and the one kept [`Cache`].

use std::sync::OnceLock;
use std::time::Duration;

use knight::tour::TourSquares;
use knight::{Board, Cache, Notation, Square, SquareName};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};
use pyo3::IntoPyObjectExt;

use crate::errors::Failure;

/// The tables kept between calls (a board's closed tour, the paths inside
/// blocks), shared by every thread: 256 MiB at most, as the service's
/// default.
pub fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// The board `width` × `height`.
pub fn board(width: u64, height: u64) -> Result<Board, Failure> {
    Ok(Board::new(width, height)?)
}

/// A square as the caller wrote it, not yet put on a board.
pub fn square_name(value: &Bound<'_, PyAny>, param: &str) -> PyResult<SquareName> {
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return text
            .parse::<SquareName>()
            .map_err(|error| Failure::from(error).at(param).into());
    }
    if value.is_instance_of::<PyInt>() {
        return match value.extract::<u64>() {
            Ok(index) => Ok(SquareName::Index(index)),
            Err(_) => Err(Failure::new(
                "invalid_square",
                format!("'{value}' is not a square: an index is a whole number from 0"),
            )
            .at(param)
            .into()),
        };
    }
    Err(PyTypeError::new_err(format!(
        "'{param}' must be a square name (str, such as 'g2') or an index (int), not {}",
        value.get_type().name()?
    )))
}

/// A square of `board` as the caller wrote it, and how it was written.
pub fn square(value: &Bound<'_, PyAny>, board: Board, param: &str) -> PyResult<(Square, Notation)> {
    let name = square_name(value, param)?;
    let square = name
        .on(board)
        .map_err(|error| Failure::from(error).at(param))?;
    Ok((square, name.notation()))
}

/// Writes squares of `board` in `notation`.
#[derive(Clone, Copy, Debug)]
pub struct Writer {
    pub board: Board,
    pub notation: Notation,
}

impl Writer {
    /// One square, as a `str` or an `int`.
    pub fn one(self, py: Python<'_>, square: Square) -> PyResult<Py<PyAny>> {
        match self.notation {
            Notation::Algebraic => square.to_string().into_py_any(py),
            Notation::Index => self.board.index(square).into_py_any(py),
        }
    }

    /// An answer's squares (both runs of a turn), as a list.
    pub fn runs<'py>(self, py: Python<'py>, squares: &TourSquares) -> PyResult<Bound<'py, PyList>> {
        let squares = squares.runs().into_iter().flatten();
        match self.notation {
            Notation::Algebraic => PyList::new(py, squares.map(|square| square.to_string())),
            Notation::Index => PyList::new(py, squares.map(|&s| self.board.index(s))),
        }
    }

    /// Squares, as a list.
    pub fn list<'py>(self, py: Python<'py>, squares: &[Square]) -> PyResult<Bound<'py, PyList>> {
        match self.notation {
            Notation::Algebraic => PyList::new(py, squares.iter().map(|square| square.to_string())),
            Notation::Index => PyList::new(py, squares.iter().map(|&s| self.board.index(s))),
        }
    }
}

/// The notation asked for (`"algebraic"` or `"index"`), or else `default`.
pub fn notation(asked: Option<&str>, default: Notation) -> Result<Notation, Failure> {
    match asked {
        None => Ok(default),
        Some(text) if text.eq_ignore_ascii_case("algebraic") => Ok(Notation::Algebraic),
        Some(text) if text.eq_ignore_ascii_case("index") => Ok(Notation::Index),
        Some(text) => Err(Failure::invalid(
            "notation",
            format!("'{text}' is not a notation: use 'algebraic' (names such as g2) or 'index' (numbers such as 14)"),
        )),
    }
}

/// A time limit of `seconds`, positive and at most a day.
pub fn timeout(seconds: f64) -> Result<Duration, Failure> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(Failure::invalid(
            "timeout",
            format!("'timeout' is a number of seconds above 0 and at most 86400, not {seconds}"),
        ))
    }
}

/// A Python index or length (`isize`) of a length.
pub fn py_len(n: usize) -> isize {
    isize::try_from(n).unwrap_or(isize::MAX)
}

/// A file or rank (`u32`) as a `usize`, which holds it on every target PyO3
/// builds for (32 bits or more).
pub trait Widen {
    fn widen(self) -> usize;
}

impl Widen for u32 {
    fn widen(self) -> usize {
        usize::try_from(self).unwrap_or(usize::MAX)
    }
}
