//! Plain boards of any size up to 10⁹ a side: the fewest moves (one pair,
//! or many in one call), a shortest path, every shortest path (counted as a
//! Python `int`, listed page by page), the distance map of a window, a
//! square's colour and its moves.

use std::ops::Range;

use knight::plain::{Count, PathsLimits};
use knight::{knight_distance, shortest_path, Board, Square};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyRange, PyRangeMethods, PySequence, PyTuple};

use crate::capi;
use crate::errors::Failure;
use crate::picture::{own, Drawing, Picture};
use crate::squares::{board, notation, py_len, square, Widen, Writer};

/// The most squares a listed path may have (knightd's default).
const MAX_PATH_SQUARES: u64 = 1_000_000;

/// The most squares of a distance map (knightd's window).
const MAX_MAP_SQUARES: u64 = 65_536;

/// The squares that may lie on shortest paths, and the bytes their counts
/// may take (knightd's defaults).
const PATHS_LIMITS: PathsLimits = PathsLimits {
    squares: 1_000_000,
    count_bytes: 64 << 20,
};

/// The fewest knight moves from ``src`` to ``dest`` on a ``width`` ×
/// ``height`` board (each side 1 to 1,000,000,000), or None when the knight
/// cannot get there. Exact on every board, in well under a microsecond.
#[pyfunction]
#[pyo3(signature = (src, dest, /, *, width = 8, height = 8))]
pub fn distance(
    src: &Bound<'_, PyAny>,
    dest: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
) -> PyResult<Option<u64>> {
    let board = board(width, height)?;
    let (from, _) = square(src, board, "src")?;
    let (to, _) = square(dest, board, "dest")?;
    Ok(knight_distance(board, from, to))
}

/// The fewest knight moves for each ``(src, dest)`` pair of ``pairs``, in
/// one call (None for an unreachable pair): the batch form of
/// :func:`distance`, for many pairs of one board.
#[pyfunction]
#[pyo3(signature = (pairs, /, *, width = 8, height = 8))]
pub fn distances<'py>(
    py: Python<'py>,
    pairs: &Bound<'py, PyAny>,
    width: u64,
    height: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let board = board(width, height)?;
    let mut asked: Vec<(Square, Square)> = Vec::new();
    capi::for_each(pairs, |i, pair| {
        // The common form (a tuple of two valid squares) read directly;
        // anything else, and every refusal, the general way.
        let direct = capi::tuple_pair(pair).and_then(|(src, dest)| {
            Some((capi::square(&src, board)?, capi::square(&dest, board)?))
        });
        asked.push(match direct {
            Some(pair) => pair,
            None => read_pair(i, pair, board)?,
        });
        Ok(())
    })?;
    let found: Vec<Option<u64>> = py.detach(|| {
        asked
            .iter()
            .map(|&(from, to)| knight_distance(board, from, to))
            .collect()
    });
    capi::list_of_counts(py, &found)
}

/// `pairs[i]`, a pair of squares of `board`: a tuple or any other sequence
/// of two.
fn read_pair(i: usize, pair: &Bound<'_, PyAny>, board: Board) -> PyResult<(Square, Square)> {
    // A tuple is read straight; any other sequence of two through the
    // sequence protocol.
    let (src, dest) = if let Ok(tuple) = pair.cast::<PyTuple>() {
        if tuple.len() == 2 {
            (tuple.get_item(0)?, tuple.get_item(1)?)
        } else {
            return Err(not_a_pair(i, pair));
        }
    } else {
        match pair.cast::<PySequence>() {
            Ok(sequence) if sequence.len().ok() == Some(2) => {
                (sequence.get_item(0)?, sequence.get_item(1)?)
            }
            _ => return Err(not_a_pair(i, pair)),
        }
    };
    // The argument's name is written only for a refusal (read again).
    let read = |value: &Bound<'_, PyAny>, k: usize| {
        square(value, board, "pairs").or_else(|_| square(value, board, &format!("pairs[{i}][{k}]")))
    };
    let ((from, _), (to, _)) = (read(&src, 0)?, read(&dest, 1)?);
    Ok((from, to))
}

/// The refusal of `pairs[i]`, not a pair.
fn not_a_pair(i: usize, pair: &Bound<'_, PyAny>) -> PyErr {
    let shown = pair
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    PyTypeError::new_err(format!(
        "pairs[{i}] must be a pair of squares (src, dest), not {shown}"
    ))
}

/// One shortest path from ``src`` to ``dest`` (both ends included), or None
/// when the knight cannot get there; always the same path. Squares are
/// written as ``src`` was (names or indices) unless ``notation`` says
/// ``"algebraic"`` or ``"index"``. A path of more than 1,000,000 squares is
/// a :class:`TooLargeError` (``path_too_long``).
#[pyfunction]
#[pyo3(signature = (src, dest, /, *, width = 8, height = 8, notation = None))]
pub fn path<'py>(
    py: Python<'py>,
    src: &Bound<'py, PyAny>,
    dest: &Bound<'py, PyAny>,
    width: u64,
    height: u64,
    notation: Option<&str>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let board = board(width, height)?;
    let (from, written) = square(src, board, "src")?;
    let (to, _) = square(dest, board, "dest")?;
    let writer = Writer {
        board,
        notation: self::notation(notation, written)?,
    };
    let found = py
        .detach(|| shortest_path(board, from, to, MAX_PATH_SQUARES))
        .map_err(Failure::from)?;
    found.map(|path| writer.list(py, &path)).transpose()
}

/// Whether ``square`` is ``"light"`` or ``"dark"`` (a1 is dark).
#[pyfunction]
#[pyo3(signature = (square, /, *, width = 8, height = 8))]
pub fn colour(square: &Bound<'_, PyAny>, width: u64, height: u64) -> PyResult<&'static str> {
    let board = board(width, height)?;
    let (square, _) = self::square(square, board, "square")?;
    Ok(square.colour().as_str())
}

/// The squares one knight move from ``square``, sorted by index, written as
/// ``square`` was.
#[pyfunction]
#[pyo3(signature = (square, /, *, width = 8, height = 8))]
pub fn moves<'py>(
    py: Python<'py>,
    square: &Bound<'py, PyAny>,
    width: u64,
    height: u64,
) -> PyResult<Bound<'py, PyList>> {
    let board = board(width, height)?;
    let (square, notation) = self::square(square, board, "square")?;
    Writer { board, notation }.list(py, &board.neighbours(square))
}

/// The algebraic name of square ``index`` on a board ``width`` files wide
/// (``square_name(14) == "g2"``), as ``chess.square_name`` does on 8×8.
#[pyfunction]
#[pyo3(signature = (index, /, *, width = 8, height = 8))]
pub fn square_name(index: &Bound<'_, PyAny>, width: u64, height: u64) -> PyResult<String> {
    let board = board(width, height)?;
    Ok(square(index, board, "index")?.0.to_string())
}

/// The index (``rank * width + file``) of the square named ``name``
/// (``square_index("g2") == 14``).
#[pyfunction]
#[pyo3(signature = (name, /, *, width = 8, height = 8))]
pub fn square_index(name: &Bound<'_, PyAny>, width: u64, height: u64) -> PyResult<u64> {
    let board = board(width, height)?;
    Ok(board.index(square(name, board, "name")?.0))
}

/// A count as a Python `int`.
pub fn count_int(py: Python<'_>, count: &Count) -> PyResult<Py<PyAny>> {
    let int = py.get_type::<pyo3::types::PyInt>();
    Ok(int.call1((count.to_string(),))?.unbind())
}

/// A Python `int` of 0 or more as a count, however large.
fn int_count(value: &Bound<'_, PyAny>, param: &str) -> PyResult<Count> {
    if let Ok(small) = value.extract::<u64>() {
        return Ok(Count::from(small));
    }
    let digits: String = value.str()?.extract()?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::invalid(
            param,
            format!("'{param}' is a whole number from 0, not {digits}"),
        )
        .into());
    }
    let mut count = Count::default();
    for digit in digits.bytes() {
        // count = count × 10 + digit, by additions (a Count only adds).
        let mut twice = count.clone();
        twice += &count;
        let mut eight = twice.clone();
        eight += &twice.clone();
        let four = eight.clone();
        eight += &four;
        eight += &twice;
        count = eight;
        count += &Count::from(u64::from(digit - b'0'));
    }
    Ok(count)
}

/// Every shortest path between two squares: ``moves`` (None when
/// unreachable), ``count`` (a Python ``int``, however large), and the paths
/// themselves in one fixed order (by the indices of their squares,
/// smallest first), by iterating (page by page, each computed directly from
/// its place) or by :meth:`page`. Drawn, it shows every square that lies on
/// a shortest path, numbered by its move.
#[pyclass(extends = Picture, frozen, module = "knight_moves")]
pub struct ShortestPaths {
    board: Board,
    ends: [Square; 2],
    writer: Writer,
    moves: Option<u64>,
    count: Count,
}

impl ShortestPaths {
    /// The paths from place `offset`, `limit` at most, as lists.
    fn paths_at<'py>(
        &self,
        py: Python<'py>,
        offset: &Count,
        limit: u64,
    ) -> PyResult<Bound<'py, PyList>> {
        let [from, to] = self.ends;
        let board = self.board;
        let found = py
            .detach(|| knight::plain::shortest_paths(board, from, to, offset, limit, PATHS_LIMITS))
            .map_err(Failure::from)?;
        let pages: PyResult<Vec<Bound<'py, PyList>>> = found
            .paths()
            .map(|path| self.writer.list(py, path))
            .collect();
        PyList::new(py, pages?)
    }
}

#[pymethods]
impl ShortestPaths {
    /// The fewest moves, or None when the knight cannot get there.
    #[getter]
    fn moves(&self) -> Option<u64> {
        self.moves
    }

    /// How many shortest paths there are (0 when unreachable).
    #[getter]
    fn count(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        count_int(py, &self.count)
    }

    /// At most ``limit`` paths from place ``offset`` (0 is the first), each a
    /// list of squares from ``src`` to ``dest``; as fast at any offset.
    #[pyo3(signature = (offset = None, limit = 100))]
    fn page<'py>(
        &self,
        py: Python<'py>,
        offset: Option<&Bound<'py, PyAny>>,
        limit: u64,
    ) -> PyResult<Bound<'py, PyList>> {
        if limit > 10_000 {
            return Err(Failure::invalid(
                "limit",
                format!("'limit' is at most 10000, not {limit}"),
            )
            .into());
        }
        let offset = offset
            .map(|o| int_count(o, "offset"))
            .transpose()?
            .unwrap_or_default();
        self.paths_at(py, &offset, limit)
    }

    /// Every path in order, a page of 1,000 computed at a time.
    fn __iter__(slf: Bound<'_, Self>) -> PathsIter {
        PathsIter {
            paths: slf.unbind(),
            next: Count::default(),
            page: Vec::new(),
        }
    }

    fn __repr__(&self) -> String {
        let [from, to] = self.ends;
        format!(
            "ShortestPaths(src={from}, dest={to}, board={}, moves={}, count={})",
            self.board,
            self.moves.map_or("None".to_owned(), |m| m.to_string()),
            self.count
        )
    }
}

/// The iterator over :class:`ShortestPaths`, a page at a time.
#[pyclass(module = "knight_moves")]
pub struct PathsIter {
    paths: Py<ShortestPaths>,
    next: Count,
    page: Vec<Py<PyAny>>,
}

/// Paths computed at a time by the iterator.
const ITER_PAGE: u64 = 1_000;

#[pymethods]
impl PathsIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.page.is_empty() {
            let paths = self.paths.get();
            if paths.count <= self.next {
                return Ok(None);
            }
            let page = paths.paths_at(py, &self.next, ITER_PAGE)?;
            self.next += &Count::from(ITER_PAGE);
            self.page = page.iter().map(Bound::unbind).collect();
            self.page.reverse();
        }
        Ok(self.page.pop())
    }
}

/// Every shortest path from ``src`` to ``dest``: a :class:`ShortestPaths`
/// with ``count`` exact (a Python ``int``) and the paths listed from any
/// place. Works where the squares lying on some shortest path number at
/// most 1,000,000 (else :class:`TooLargeError`).
#[pyfunction]
#[pyo3(signature = (src, dest, /, *, width = 8, height = 8, notation = None))]
pub fn shortest_paths(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    dest: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    notation: Option<&str>,
) -> PyResult<Py<ShortestPaths>> {
    let board = board(width, height)?;
    let (from, written) = square(src, board, "src")?;
    let (to, _) = square(dest, board, "dest")?;
    let writer = Writer {
        board,
        notation: self::notation(notation, written)?,
    };
    let found = py
        .detach(|| {
            knight::plain::shortest_paths(board, from, to, &Count::default(), 0, PATHS_LIMITS)
        })
        .map_err(Failure::from)?;
    // The library's words (knightd's too); no path is drawn.
    let overlay = knight::draw::shortest_paths_overlay(from, to, &found, None);
    let drawing = Drawing {
        board,
        terrain: None,
        path: own(Vec::new()),
        overlay,
    };
    let paths = ShortestPaths {
        board,
        ends: [from, to],
        writer,
        moves: found.moves,
        count: found.count,
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(paths),
    )
}

/// The fewest moves from one square to every square of a window of the
/// board: ``rows`` from the window's highest rank down (as a printed board
/// reads), each from its lowest file, None where the knight cannot go;
/// ``farthest`` the most moves in the window. Drawn, the squares are shaded
/// by distance and numbered.
#[pyclass(extends = Picture, frozen, module = "knight_moves")]
pub struct DistanceMap {
    files: Range<u32>,
    ranks: Range<u32>,
    moves: Vec<Option<u64>>,
    farthest: Option<u64>,
}

#[pymethods]
impl DistanceMap {
    /// The fewest moves of every square of the window, row by row from the
    /// highest rank down.
    #[getter]
    fn rows(&self) -> Vec<Vec<Option<u64>>> {
        let width = self.files.len();
        self.moves.chunks(width.max(1)).map(<[_]>::to_vec).collect()
    }

    /// The most moves any square of the window takes (None when none is
    /// reachable).
    #[getter]
    fn farthest(&self) -> Option<u64> {
        self.farthest
    }

    /// The window's files (0-based).
    #[getter]
    fn files<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyRange>> {
        PyRange::new(
            py,
            py_len(self.files.start.widen()),
            py_len(self.files.end.widen()),
        )
    }

    fn __repr__(&self) -> String {
        let shown = |n: Option<u64>| n.map_or("None".to_owned(), |n| n.to_string());
        format!(
            "DistanceMap(files=range({}, {}), ranks=range({}, {}), farthest={})",
            self.files.start,
            self.files.end,
            self.ranks.start,
            self.ranks.end,
            shown(self.farthest)
        )
    }

    /// The window's ranks (0-based: rank 1 is 0).
    #[getter]
    fn ranks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyRange>> {
        PyRange::new(
            py,
            py_len(self.ranks.start.widen()),
            py_len(self.ranks.end.widen()),
        )
    }
}

/// A window's side from a Python ``range`` (step 1), or all of `all`.
fn window(
    value: Option<&Bound<'_, PyRange>>,
    all: Range<u32>,
    param: &str,
) -> PyResult<Range<u32>> {
    let Some(range) = value else {
        return Ok(all);
    };
    let (start, stop, step) = (range.start()?, range.stop()?, range.step()?);
    let side = |n: isize| u32::try_from(n).ok();
    match (side(start), side(stop)) {
        (Some(start), Some(stop)) if step == 1 && start < stop && stop <= all.end => {
            Ok(start..stop)
        }
        _ => Err(Failure::invalid(
            param,
            format!(
                "'{param}' must be a range with step 1 within the board (0 to {}), not {}",
                all.end,
                range.repr()?
            ),
        )
        .into()),
    }
}

/// The fewest moves from ``src`` to every square of the board, or of the
/// window ``files`` × ``ranks`` (Python ``range`` objects of 0-based files
/// and ranks; at most 65,536 squares): a :class:`DistanceMap`.
#[pyfunction]
#[pyo3(signature = (src, /, *, width = 8, height = 8, files = None, ranks = None))]
pub fn distance_map(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    files: Option<&Bound<'_, PyRange>>,
    ranks: Option<&Bound<'_, PyRange>>,
) -> PyResult<Py<DistanceMap>> {
    let board = board(width, height)?;
    let (from, _) = square(src, board, "src")?;
    let files = window(files, board.files(), "files")?;
    let ranks = window(ranks, board.ranks(), "ranks")?;
    let (f, r) = (files.clone(), ranks.clone());
    let map = py
        .detach(|| knight::plain::distance_map(board, from, f, r, MAX_MAP_SQUARES))
        .map_err(Failure::from)?;
    // The square itself: its colour and its moves (drawn), then the map
    // (the library's words, knightd's too).
    let overlay = knight::draw::distance_map_overlay(board, from, &map);
    let drawing = Drawing {
        board,
        terrain: None,
        path: own(Vec::new()),
        overlay,
    };
    let answer = DistanceMap {
        files: map.files,
        ranks: map.ranks,
        moves: map.moves,
        farthest: map.farthest,
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(answer),
    )
}
