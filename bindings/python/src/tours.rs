//! Knight's tours: open, closed, to a given end, by Warnsdorff's rule
//! ([`tour`]); any step of the same tour on boards up to 10⁹ a side
//! ([`IndexedTour`]); a partly played tour finished ([`finish`]); the
//! numbered-square puzzles, solved with whether the answer is unique
//! ([`solve_clues`]) and made ([`puzzle`]). Each heavy call releases the
//! GIL; and the number of tours of a board, exactly ([`count_tours`]).

use std::sync::Arc;

use knight::draw::Overlay;
use knight::tour::{
    Clue, Counted, Ending, IndexedTour as Indexed, Method, TourSquares, DEFAULT_BACKTRACKS,
};
use knight::{
    finish_tour, make_puzzle, solve_clues as solve, tour as make_tour, Board, CluesRequest,
    FinishRequest, Notation, PuzzleRequest, Square, TourRequest,
};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PySlice, PySliceMethods};

use crate::errors::{
    clues_refused, count_refused, finish_refused, puzzle_refused, tour_refused, Failure,
};
use crate::picture::{own, Drawing, Picture, Squares};
use crate::plain::count_int;
use crate::squares::{board, cache, notation, py_len, square, square_name, timeout, Writer};

/// The most squares of a listed tour by default (knightd's
/// `--max-tour-squares`).
const MAX_TOUR_SQUARES: u64 = 1_000_000;

/// The most `max_squares` may raise it to: a tour of 10⁸ squares holds
/// 800 MB of squares while it is built (the library lists it whole), and
/// past that an allocation that fails would end the Python process.
const MOST_TOUR_SQUARES: u64 = 100_000_000;

/// A knight's tour: every square of the board once, each a knight move from
/// the next (and with ``closed`` the last one move from the first). It is a
/// sequence of its squares (``len``, indexing, iteration), written as the
/// question's first square was; ``path`` is the whole list.
#[pyclass(extends = Picture, frozen, sequence, module = "knight_moves")]
pub struct Tour {
    writer: Writer,
    path: Squares,
    closed: bool,
    backtracks: Option<u64>,
    played: usize,
    unique: Option<bool>,
}

#[pymethods]
impl Tour {
    /// Every square in order.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.writer.runs(py, &self.path)
    }

    /// The board's width.
    #[getter]
    fn width(&self) -> u64 {
        self.writer.board.width()
    }

    /// The board's height.
    #[getter]
    fn height(&self) -> u64 {
        self.writer.board.height()
    }

    /// Whether the last square is one knight move from the first.
    #[getter]
    fn closed(&self) -> bool {
        self.closed
    }

    /// With ``method="warnsdorff"``, how many times the search stepped back;
    /// else None.
    #[getter]
    fn backtracks(&self) -> Option<u64> {
        self.backtracks
    }

    /// How many squares at the start were played (a finished tour); 0 for
    /// a tour made whole.
    #[getter]
    fn played(&self) -> usize {
        self.played
    }

    /// For a solved puzzle: whether no other tour agrees with the clues
    /// (None when that was not settled in time); None for other tours.
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.unique
    }

    fn __len__(&self) -> usize {
        self.path.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let [first, second] = self.path.runs();
        let at = |i: usize| {
            if i < first.len() {
                first[i]
            } else {
                second[i - first.len()]
            }
        };
        if let Ok(slice) = index.cast::<PySlice>() {
            let indices = slice.indices(py_len(self.path.len()))?;
            let (mut i, mut taken) = (indices.start, Vec::with_capacity(indices.slicelength));
            for _ in 0..indices.slicelength {
                // Within 0..len: `indices` clamps every step of the slice.
                taken.push(at(usize::try_from(i).unwrap_or(0)));
                i += indices.step;
            }
            return Ok(self.writer.list(py, &taken)?.into_any().unbind());
        }
        let index: isize = index.extract()?;
        let len = py_len(self.path.len());
        let i = if index < 0 { index + len } else { index };
        match usize::try_from(i) {
            Ok(i) if i < self.path.len() => self.writer.one(py, at(i)),
            _ => Err(PyIndexError::new_err("tour index out of range")),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.path(py)?.try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let kind = if self.closed { "closed" } else { "open" };
        let (first, last) = ends(&self.path);
        format!(
            "Tour({} {kind}, {} squares from {first} to {last})",
            self.writer.board,
            self.path.len(),
        )
    }
}

/// A tour answer as a Python object, drawn with `overlay`.
fn tour_object(py: Python<'_>, tour: Tour, overlay: Overlay) -> PyResult<Py<Tour>> {
    let drawing = Drawing {
        board: tour.writer.board,
        terrain: None,
        path: Arc::clone(&tour.path),
        overlay,
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(tour),
    )
}

/// The first and last squares of a tour.
fn ends(path: &TourSquares) -> (Square, Square) {
    let [first, second] = path.runs();
    let last = second.last().or(first.last());
    (first[0], *last.unwrap_or(&first[0]))
}

/// What a picture of a tour says, and its closing move (the library's
/// words, knightd's too).
fn tour_overlay(closed: bool, path: &TourSquares) -> Overlay {
    path.overlay(closed)
}

/// A knight's tour of the ``width`` × ``height`` board from ``start``
/// (boards of at most ``max_squares`` squares, which may be raised to
/// 100,000,000; every board that has one).
///
/// ``closed=True`` asks for a closed tour; ``end`` for an open tour that
/// finishes there. ``method="auto"`` (the default) is the construction that
/// never misses, the tour :class:`IndexedTour` reads;
/// ``method="warnsdorff"`` is Warnsdorff's rule (Roth's tie-break, or ties
/// broken by ``seed``), backtracking when stuck. No tour:
/// :class:`NoTourError` saying why. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (start, /, *, width = 8, height = 8, closed = false, end = None, method = "auto", seed = None, max_squares = MAX_TOUR_SQUARES))]
#[allow(clippy::too_many_arguments)]
pub fn tour(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    closed: bool,
    end: Option<&Bound<'_, PyAny>>,
    method: &str,
    seed: Option<u64>,
    max_squares: u64,
) -> PyResult<Py<Tour>> {
    let board = board(width, height)?;
    if max_squares > MOST_TOUR_SQUARES {
        return Err(Failure::invalid(
            "max_squares",
            format!("'max_squares' is at most {MOST_TOUR_SQUARES} (a tour is listed whole), not {max_squares}: IndexedTour reads any step of a larger board's tour"),
        )
        .into());
    }
    let (start, written) = square(start, board, "start")?;
    let end = end
        .map(|end| square(end, board, "end"))
        .transpose()?
        .map(|e| e.0);
    let warnsdorff = if method.eq_ignore_ascii_case("warnsdorff") {
        true
    } else if method.eq_ignore_ascii_case("auto") {
        false
    } else {
        return Err(Failure::invalid(
            "method",
            format!("'{method}' is not a method: use 'auto' or 'warnsdorff'"),
        )
        .into());
    };
    let method = match (end, warnsdorff) {
        (Some(_), _) if closed => {
            return Err(Failure::invalid(
                "end",
                "a closed tour ends one move from its start: give 'closed=True' or 'end', not both",
            )
            .into())
        }
        (Some(_), true) => {
            return Err(Failure::invalid(
                "end",
                "Warnsdorff's rule does not steer toward an end square: with 'end', leave out 'method' or give method='auto'",
            )
            .into())
        }
        (Some(end), false) => Method::Ends { end },
        (None, true) => Method::Warnsdorff {
            closed,
            seed,
            max_backtracks: DEFAULT_BACKTRACKS,
        },
        (None, false) => Method::Construction { closed },
    };
    if seed.is_some() && !warnsdorff {
        return Err(Failure::invalid(
            "seed",
            "'seed' breaks the ties of Warnsdorff's rule: give it with method='warnsdorff', or leave it out",
        )
        .into());
    }
    let request = TourRequest {
        board,
        start,
        method,
    };
    let answer = py
        .detach(|| make_tour(request, max_squares, cache()).map(|a| (a.tour.squares, a.backtracks)))
        .map_err(|error| tour_refused(error, board, warnsdorff))?;
    let (path, backtracks) = answer;
    let overlay = tour_overlay(closed, &path);
    let tour = Tour {
        writer: Writer {
            board,
            notation: written,
        },
        path: Arc::new(path),
        closed,
        backtracks,
        played: 0,
        unique: None,
    };
    tour_object(py, tour, overlay)
}

/// The tour :func:`tour` gives for the same board, start and ``closed``,
/// read at any step without building it, on every board up to
/// 1,000,000,000 a side that has one: ``square_at(step)`` and
/// ``step_of(square)`` each answer in microseconds.
#[pyclass(frozen, module = "knight_moves")]
pub struct IndexedTour {
    indexed: Indexed,
    writer: Writer,
}

#[pymethods]
impl IndexedTour {
    #[new]
    #[pyo3(signature = (start, /, *, width = 8, height = 8, closed = false))]
    fn new(
        py: Python<'_>,
        start: &Bound<'_, PyAny>,
        width: u64,
        height: u64,
        closed: bool,
    ) -> PyResult<IndexedTour> {
        let board = board(width, height)?;
        let (start, notation) = square(start, board, "start")?;
        let indexed = py
            .detach(|| Indexed::new(board, start, closed, MAX_TOUR_SQUARES, cache()))
            .map_err(|error| tour_refused(error, board, false))?;
        Ok(IndexedTour {
            indexed,
            writer: Writer { board, notation },
        })
    }

    /// The square at ``step`` (0 is the start).
    fn square_at(&self, py: Python<'_>, step: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        // An int past u64 is past the end of every tour, as one past the board.
        let step = match step.extract::<u64>() {
            Ok(step) => Some(step),
            Err(_) if step.is_instance_of::<pyo3::types::PyInt>() => None,
            Err(error) => return Err(error),
        };
        match step.and_then(|step| self.indexed.square_at(step)) {
            Some(square) => self.writer.one(py, square),
            None => Err(Failure::invalid(
                "step",
                format!(
                    "step {} is past the end: the tour's steps are 0 to {}",
                    step.map_or_else(|| "given".to_owned(), |s| s.to_string()),
                    self.indexed.squares() - 1
                ),
            )
            .into()),
        }
    }

    /// The step at which the tour stands on ``square``.
    fn step_of(&self, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        let (square, _) = self::square(square, self.writer.board, "square")?;
        self.indexed.step_of(square).ok_or_else(|| {
            Failure::new("tour_not_found", format!("{square} is not on the tour")).into()
        })
    }

    /// Whether the last square is one knight move from the first.
    #[getter]
    fn closed(&self) -> bool {
        self.indexed.closed()
    }

    fn __len__(&self) -> usize {
        usize::try_from(self.indexed.squares()).unwrap_or(usize::MAX)
    }

    fn __repr__(&self) -> String {
        format!(
            "IndexedTour({} {}, from {})",
            self.writer.board,
            if self.indexed.closed() {
                "closed"
            } else {
                "open"
            },
            self.indexed.start()
        )
    }
}

/// The square at ``step`` (0-based) of the tour :func:`tour` gives from
/// ``start``, on boards up to 1,000,000,000 a side, without building it.
#[pyfunction]
#[pyo3(signature = (start, step, /, *, width = 8, height = 8, closed = false))]
pub fn tour_step(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    step: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    closed: bool,
) -> PyResult<Py<PyAny>> {
    IndexedTour::new(py, start, width, height, closed)?.square_at(py, step)
}

/// Squares of a sequence, each on `board`, written as the first was.
fn squares_of(
    value: &Bound<'_, PyAny>,
    board: Board,
    param: &str,
) -> PyResult<(Vec<Square>, Notation)> {
    if value.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!(
            "'{param}' must be a sequence of squares, not one str"
        )));
    }
    let mut squares = Vec::new();
    let mut notation = Notation::Algebraic;
    for (i, item) in value.try_iter()?.enumerate() {
        let (square, written) = square(&item?, board, &format!("{param}[{i}]"))?;
        if i == 0 {
            notation = written;
        }
        squares.push(square);
    }
    Ok((squares, notation))
}

/// The tour that begins with the squares ``played`` (knight moves, no
/// repeats): finished open, ``closed``, or to ``end``, within ``timeout``
/// seconds. ``played`` on the result counts the squares given; the next
/// square after them is the hint a player asks for. Exact on boards of at
/// most 64 squares (found, or proven impossible: :class:`NoTourError` with
/// the reason); elsewhere :class:`NotFoundError` when the search gave up in
/// time. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (played, /, *, width = 8, height = 8, closed = false, end = None, timeout = 1.0))]
#[allow(clippy::too_many_arguments)]
pub fn finish(
    py: Python<'_>,
    played: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    closed: bool,
    end: Option<&Bound<'_, PyAny>>,
    timeout: f64,
) -> PyResult<Py<Tour>> {
    let board = board(width, height)?;
    let (played, notation) = squares_of(played, board, "played")?;
    let end = end
        .map(|end| square(end, board, "end"))
        .transpose()?
        .map(|e| e.0);
    let ending =
        match end {
            Some(_) if closed => return Err(Failure::invalid(
                "end",
                "a closed tour ends one move from its start: give 'closed=True' or 'end', not both",
            )
            .into()),
            Some(end) => Ending::End(end),
            None if closed => Ending::Closed,
            None => Ending::Open,
        };
    let time_limit = self::timeout(timeout)?;
    let request = FinishRequest {
        board,
        played: &played,
        ending,
    };
    let done = py
        .detach(|| finish_tour(request, MAX_TOUR_SQUARES, time_limit))
        .map_err(|error| finish_refused(error, board, &played))?;
    // The library's words, knightd's too.
    let overlay = done.overlay(end);
    let tour = Tour {
        writer: Writer { board, notation },
        path: own(done.path),
        closed: done.closed,
        backtracks: None,
        played: done.played,
        unique: None,
    };
    tour_object(py, tour, overlay)
}

/// The knight's tour puzzle's answer: the tour that agrees with ``clues``
/// (a mapping of squares to their step numbers, counted from 1 as puzzle
/// books print them), with ``unique`` True when a complete search found no
/// other (False when it found one; None when not settled in ``timeout``
/// seconds). Boards of at most 64 squares. A clue no tour can meet is a
/// :class:`NoTourError` with the reason. Drawn as text, every square
/// carries its number. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (clues, /, *, width = 8, height = 8, closed = false, timeout = 1.0))]
pub fn solve_clues(
    py: Python<'_>,
    clues: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    closed: bool,
    timeout: f64,
) -> PyResult<Py<Tour>> {
    let board = board(width, height)?;
    let mapping = clues.cast::<PyMapping>().map_err(|_| {
        PyTypeError::new_err(
            "'clues' must be a mapping of squares to step numbers, such as {'a1': 1, 'd4': 17}",
        )
    })?;
    let mut list = Vec::new();
    let mut notation = Notation::Algebraic;
    for (i, item) in mapping.items()?.iter().enumerate() {
        let (key, step): (Bound<'_, PyAny>, u64) = item.extract()?;
        let name = square_name(&key, "clues")?;
        if i == 0 {
            notation = name.notation();
        }
        // A square off the board is the library's to refuse, by its clue.
        let square = match name.on(board) {
            Ok(square) => square,
            Err(error) => return Err(Failure::from(error).at("clues").into()),
        };
        list.push(Clue { square, step });
    }
    let time_limit = self::timeout(timeout)?;
    let request = CluesRequest {
        board,
        clues: &list,
        closed,
    };
    let solved = py
        .detach(|| solve(request, time_limit))
        .map_err(|error| clues_refused(error, board))?;
    // The library's words (knightd's too).
    let overlay = solved.overlay(&list);
    let tour = Tour {
        writer: Writer { board, notation },
        path: own(solved.path),
        closed,
        backtracks: None,
        played: 0,
        unique: solved.unique,
    };
    tour_object(py, tour, overlay)
}

/// A knight's tour puzzle with exactly one solution (proven by the search):
/// ``clues`` (squares to step numbers, from 1) and the ``solution`` tour.
/// Drawn, it is the puzzle as printed: the clue squares numbered, the rest
/// blank.
#[pyclass(extends = Picture, frozen, module = "knight_moves")]
pub struct Puzzle {
    writer: Writer,
    clues: Vec<Clue>,
    solution: Vec<Square>,
    seed: u64,
    closed: bool,
    minimal: bool,
}

#[pymethods]
impl Puzzle {
    /// Whether no clue can be left out with the solution still the only
    /// one (proven, a second tour for each clue); False when the time ran
    /// out before every clue was settled.
    #[getter]
    fn minimal(&self) -> bool {
        self.minimal
    }

    /// The numbered squares: square → step (from 1), by step.
    #[getter]
    fn clues<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for clue in &self.clues {
            dict.set_item(self.writer.one(py, clue.square)?, clue.step)?;
        }
        Ok(dict)
    }

    /// The one tour that agrees with the clues.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.writer.list(py, &self.solution)
    }

    /// The seed it was made from: the same seed, the same puzzle.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the tour is closed.
    #[getter]
    fn closed(&self) -> bool {
        self.closed
    }

    /// The board's width.
    #[getter]
    fn width(&self) -> u64 {
        self.writer.board.width()
    }

    /// The board's height.
    #[getter]
    fn height(&self) -> u64 {
        self.writer.board.height()
    }

    fn __repr__(&self) -> String {
        format!(
            "Puzzle({}, seed={}, {} clues)",
            self.writer.board,
            self.seed,
            self.clues.len()
        )
    }
}

/// A knight's tour puzzle of the ``width`` × ``height`` board (at most 64
/// squares) with exactly one solution, as few clues as the search finds
/// within ``timeout`` seconds; the same ``seed`` always gives the same
/// puzzle. Squares are written as names, or as indices with
/// ``notation="index"``. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (*, width = 8, height = 8, seed = 0, closed = false, timeout = 1.0, notation = None))]
pub fn puzzle(
    py: Python<'_>,
    width: u64,
    height: u64,
    seed: u64,
    closed: bool,
    timeout: f64,
    notation: Option<&str>,
) -> PyResult<Py<Puzzle>> {
    let board = board(width, height)?;
    let notation = self::notation(notation, Notation::Algebraic)?;
    let time_limit = self::timeout(timeout)?;
    let request = PuzzleRequest {
        board,
        closed,
        seed,
    };
    let made = py
        .detach(|| make_puzzle(request, time_limit))
        .map_err(|error| puzzle_refused(error, board))?;
    let minimal = made.minimal();
    // The library's words (knightd's too).
    let overlay = made.overlay();
    let drawing = Drawing {
        board,
        terrain: None,
        path: own(Vec::new()),
        overlay,
    };
    let answer = Puzzle {
        writer: Writer { board, notation },
        clues: made.clues,
        solution: made.solution,
        seed: made.seed,
        closed: made.closed,
        minimal,
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(answer),
    )
}

/// The most bytes a count's states may take by default (knightd's
/// `--max-count-bytes`, 256 MiB).
const COUNT_BYTES: u64 = 256 << 20;

/// The number of knight's tours of the ``width`` × ``height`` board,
/// exactly, as a Python ``int``: open tours (paths through every square)
/// counted once whichever way they are walked; with ``closed``, the
/// closed tours (cycles), each once; with ``start``, the tours walked from
/// it; with ``start`` and ``end``, those from one to the other (as knightd's
/// ``/tour/count``). Boards up to 7 wide on their shorter side are counted,
/// within ``max_bytes`` of states (refused at once past it,
/// :class:`TooLargeError` naming the longest board that fits) and
/// ``timeout`` seconds (:class:`NotFoundError`, ``count_not_settled``).
/// Releases the GIL.
#[pyfunction]
#[pyo3(signature = (width, height, /, *, closed = false, start = None, end = None, timeout = 1.0, max_bytes = COUNT_BYTES))]
#[allow(clippy::too_many_arguments)]
pub fn count_tours(
    py: Python<'_>,
    width: u64,
    height: u64,
    closed: bool,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    timeout: f64,
    max_bytes: u64,
) -> PyResult<Py<PyAny>> {
    let board = board(width, height)?;
    let start = start
        .map(|s| square(s, board, "start"))
        .transpose()?
        .map(|s| s.0);
    let end = end
        .map(|e| square(e, board, "end"))
        .transpose()?
        .map(|e| e.0);
    let counted = if closed {
        if start.is_some() || end.is_some() {
            let param = if start.is_some() { "start" } else { "end" };
            return Err(Failure::invalid(
                param,
                "every closed tour passes every square: give 'closed=True' or 'start'/'end', not both",
            )
            .into());
        }
        Counted::Closed
    } else {
        Counted::Open { start, end }
    };
    let time_limit = self::timeout(timeout)?;
    let counted = py
        .detach(|| {
            knight::count_tours(
                knight::CountRequest { board, counted },
                max_bytes,
                time_limit,
            )
        })
        .map_err(|error| count_refused(error, board))?;
    count_int(py, &counted.count)
}
