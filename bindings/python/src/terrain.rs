//! Terrain boards (the "Knight Board" challenge): a [`Terrain`] parsed once
//! from its rows; a path checked move by move ([`validate`]); the cheapest
//! path ([`cheapest_path`]); the longest simple path with its proven bound
//! ([`longest_path`]), each improvement told to a callback as the search
//! makes it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use knight::draw::Overlay;
use knight::terrain::{Ground, Longest, LongestWatch, MoveGrid};
use knight::{validate as check_path, BarrierRule, Board, Notation, Square, Terrain as Parsed};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::errors::Failure;
use crate::picture::{contiguous, own, Drawing, Picture, Squares};
use crate::squares::{board, notation, square, timeout, Writer};

/// The most squares of a terrain board (knightd's default).
const MAX_TERRAIN_SQUARES: u64 = 1_000_000;

/// The most squares of a longest-path board (knightd's limit).
const MAX_LONGEST_SQUARES: u64 = 65_536;

/// The most squares drawn over all of a check's `frames` (frames × squares
/// of the board): knightd's limit for `render: true`, about 8 MB of text.
const MAX_FRAME_SQUARES: u64 = 4_000_000;

/// A terrain board: rows of ``.`` plain, ``W`` water (lands for 2), ``L``
/// lava (5), ``R`` rock (cannot be landed on), ``B`` barrier (cannot be
/// landed on or passed over), ``T`` teleports (0 or 2), ``S``/``E`` the
/// start and end. Give one string with a row a line, top row first (spaces
/// inside a row are ignored), or a sequence of row strings.
#[pyclass(frozen, module = "knight_moves")]
pub struct Terrain {
    parsed: Arc<Parsed>,
}

#[pymethods]
impl Terrain {
    #[new]
    fn new(rows: &Bound<'_, PyAny>) -> PyResult<Terrain> {
        let parsed = if let Ok(text) = rows.cast::<PyString>() {
            Parsed::parse(&text.to_cow()?, MAX_TERRAIN_SQUARES)
        } else {
            let rows: Vec<String> = rows.extract().map_err(|_| {
                PyTypeError::new_err(
                    "a terrain board is a str of rows, one a line, or a sequence of row strings",
                )
            })?;
            Parsed::from_rows(rows.iter().map(String::as_str), MAX_TERRAIN_SQUARES)
        };
        Ok(Terrain {
            parsed: Arc::new(parsed.map_err(Failure::from)?),
        })
    }

    /// The board's width.
    #[getter]
    fn width(&self) -> u64 {
        self.parsed.board().width()
    }

    /// The board's height.
    #[getter]
    fn height(&self) -> u64 {
        self.parsed.board().height()
    }

    /// The square marked ``S``, if any.
    #[getter]
    fn start(&self) -> Option<String> {
        self.parsed.start().map(|s| s.to_string())
    }

    /// The square marked ``E``, if any.
    #[getter]
    fn end(&self) -> Option<String> {
        self.parsed.end().map(|s| s.to_string())
    }

    /// The rows as given, top row first, one character a square.
    fn __str__(&self) -> String {
        let board = self.parsed.board();
        let mut rows = Vec::new();
        for rank in board.ranks().rev() {
            let row: String = board
                .files()
                .map(|file| self.parsed.cell(Square::new(file, rank)).as_char())
                .collect();
            rows.push(row);
        }
        rows.join("\n")
    }

    fn __repr__(&self) -> String {
        format!("Terrain({})", self.parsed.board())
    }
}

/// A terrain from a `Terrain`, a str or a sequence of rows.
fn terrain(value: &Bound<'_, PyAny>) -> PyResult<Arc<Parsed>> {
    match value.cast::<Terrain>() {
        Ok(terrain) => Ok(Arc::clone(&terrain.get().parsed)),
        Err(_) => Ok(Terrain::new(value)?.parsed),
    }
}

/// The barrier rule named (`"either"` or `"long_leg"`).
fn rule(name: &str) -> Result<BarrierRule, Failure> {
    name.parse::<BarrierRule>().map_err(|_| {
        Failure::invalid(
            "barrier_rule",
            format!("'{name}' is not a barrier rule: use 'either' or 'long_leg'"),
        )
    })
}

/// The two ends of a terrain path: as given, or the board's `S` and `E`.
fn ends(
    terrain: &Parsed,
    src: Option<&Bound<'_, PyAny>>,
    dest: Option<&Bound<'_, PyAny>>,
) -> PyResult<([Square; 2], Notation)> {
    let board = terrain.board();
    let end =
        |given: Option<&Bound<'_, PyAny>>, marked: Option<Square>, param: &str, mark: char| {
            match given {
                Some(value) => square(value, board, param),
                None => marked.map(|s| (s, Notation::Algebraic)).ok_or_else(|| {
                    Failure::new(
                        "invalid_parameter",
                        format!("give '{param}', or mark it on the board with {mark}"),
                    )
                    .at(param)
                    .into()
                }),
            }
        };
    let (from, written) = end(src, terrain.start(), "src", 'S')?;
    let (to, _) = end(dest, terrain.end(), "dest", 'E')?;
    Ok(([from, to], written))
}

/// A step refused by :func:`validate`: ``step`` is the place in the path of
/// the square the step goes to (``src`` is ``path[step - 1]``, ``dest`` is
/// ``path[step]``), ``reason`` the API's slug (``"not_a_knight_move"``,
/// ``"lands_on_rock"``, ``"lands_on_barrier"``, ``"passes_barrier"``,
/// ``"missing_teleport_hop"``, ``"revisits_square"``).
#[pyclass(frozen, module = "knight_moves")]
pub struct StepFault {
    #[pyo3(get)]
    step: usize,
    #[pyo3(get)]
    src: Option<Py<PyAny>>,
    #[pyo3(get)]
    dest: Py<PyAny>,
    #[pyo3(get)]
    reason: &'static str,
}

#[pymethods]
impl StepFault {
    fn __repr__(&self, py: Python<'_>) -> String {
        let src = self
            .src
            .as_ref()
            .map_or("None".to_owned(), |s| s.bind(py).to_string());
        format!(
            "StepFault(step={}, src={src}, dest={}, reason={:?})",
            self.step,
            self.dest.bind(py),
            self.reason
        )
    }
}

/// The check of a path: ``valid``; its ``moves`` and ``cost`` (None when it
/// is not valid, as the API answers); ``error``, the first
/// :class:`StepFault` (None when valid); and ``frames``, the knight's every
/// position as a text board. Drawn, the path up to the refused step, which
/// is marked.
#[pyclass(extends = Picture, frozen, module = "knight_moves")]
pub struct Validation {
    #[pyo3(get)]
    valid: bool,
    #[pyo3(get)]
    moves: Option<u64>,
    #[pyo3(get)]
    cost: Option<u64>,
    #[pyo3(get)]
    error: Option<Py<StepFault>>,
}

#[pymethods]
impl Validation {
    fn __repr__(&self) -> String {
        let shown = |n: Option<u64>| n.map_or("None".to_owned(), |n| n.to_string());
        format!(
            "Validation(valid={}, moves={}, cost={})",
            if self.valid { "True" } else { "False" },
            shown(self.moves),
            shown(self.cost)
        )
    }

    /// Every position the knight legally reached, in order, each a text
    /// board with the knight as ``K`` (the rows top first, a character a
    /// square; knightd's ``render: true``): one frame a square of the path,
    /// up to the refused step. Drawn when asked, at most 4,000,000 squares
    /// over all frames (``TooLargeError`` past them).
    #[getter]
    fn frames(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
        let drawing = &slf.as_super().get().drawing;
        Ok(slf.py().detach(|| frames(drawing))?)
    }
}

/// One text board a position of the knight along `drawing`'s path (the
/// squares it legally reached), as knightd's `/validate` draws them.
fn frames(drawing: &Drawing) -> Result<Vec<String>, Failure> {
    let reached = contiguous(&drawing.path);
    let positions = u64::try_from(reached.len()).unwrap_or(u64::MAX);
    let total = drawing.board.squares().saturating_mul(positions);
    if total > MAX_FRAME_SQUARES {
        return Err(Failure::new(
            "render_too_large",
            format!(
                "drawing every position would draw {total} squares, more than the \
                 {MAX_FRAME_SQUARES} allowed; draw the path once with text() or svg()"
            ),
        ));
    }
    let ground = drawing.ground();
    reached
        .iter()
        .map(|&knight| Ok(knight::draw::text_with_knight(ground, knight)?))
        .collect()
}

/// Checks ``path`` (a sequence of squares) move by move on a plain
/// ``width`` × ``height`` board, or on the terrain ``board`` (a
/// :class:`Terrain`, or its rows), under ``barrier_rule`` (``"either"`` or
/// ``"long_leg"``); ``simple=True`` also refuses a square visited twice.
/// An invalid path is an answer, not an error: ``valid`` is False and
/// ``error`` says which step and why.
#[pyfunction]
#[pyo3(signature = (path, /, *, width = 8, height = 8, board = None, barrier_rule = "either", simple = false))]
pub fn validate(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    width: u64,
    height: u64,
    board: Option<&Bound<'_, PyAny>>,
    barrier_rule: &str,
    simple: bool,
) -> PyResult<Py<Validation>> {
    let terrain = board.map(terrain).transpose()?;
    let plain = match &terrain {
        Some(terrain) => terrain.board(),
        None => self::board(width, height)?,
    };
    let rule = rule(barrier_rule)?;
    if path.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "'path' must be a sequence of squares, not one str",
        ));
    }
    let mut squares = Vec::new();
    let mut notation = Notation::Algebraic;
    for (i, item) in path.try_iter()?.enumerate() {
        let (square, written) = square(&item?, plain, &format!("path[{i}]"))?;
        if i == 0 {
            notation = written;
        }
        squares.push(square);
    }
    let ground = match &terrain {
        Some(terrain) => Ground::Terrain(terrain),
        None => Ground::Plain(plain),
    };
    let checked = check_path(ground, &squares, rule, simple);
    let writer = Writer {
        board: plain,
        notation,
    };
    let error = match &checked.fault {
        Some(fault) => Some(Py::new(
            py,
            StepFault {
                step: fault.step,
                src: fault.from.map(|s| writer.one(py, s)).transpose()?,
                dest: writer.one(py, fault.to)?,
                reason: fault.reason.as_str(),
            },
        )?),
        None => None,
    };
    // The library's words (knightd's too).
    let overlay = knight::draw::validation_overlay(&squares, &checked, simple);
    // The squares the knight legally reached, as knightd draws them.
    let mut drawn = squares;
    drawn.truncate(checked.reached(drawn.len()));
    let drawing = Drawing {
        board: plain,
        terrain,
        path: own(drawn),
        overlay,
    };
    let valid = checked.fault.is_none();
    let answer = Validation {
        valid,
        moves: valid.then_some(checked.moves),
        cost: valid.then_some(checked.cost),
        error,
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(answer),
    )
}

/// A path on a terrain board: its squares (both teleports listed after a
/// hop), ``moves`` (a hop is not one) and ``cost`` (the landing costs). For
/// a longest path also ``upper_bound`` (a proven bound on ``moves``) and
/// ``optimal`` (``moves == upper_bound``); for a cheapest path these are
/// None.
#[pyclass(extends = Picture, frozen, module = "knight_moves")]
pub struct TerrainPath {
    writer: Writer,
    path: Squares,
    #[pyo3(get)]
    moves: u64,
    #[pyo3(get)]
    cost: u64,
    #[pyo3(get)]
    upper_bound: Option<u64>,
    #[pyo3(get)]
    optimal: Option<bool>,
}

#[pymethods]
impl TerrainPath {
    /// The squares, from the start to the end.
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.writer.runs(py, &self.path)
    }

    fn __len__(&self) -> usize {
        self.path.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "TerrainPath(moves={}, cost={}, {} squares)",
            self.moves,
            self.cost,
            self.path.len()
        )
    }
}

/// A terrain path answer as a Python object, drawn with `overlay` (the
/// library's words).
fn terrain_path(
    py: Python<'_>,
    terrain: Arc<Parsed>,
    writer: Writer,
    path: Vec<Square>,
    (moves, cost): (u64, u64),
    longest: Option<(u64, bool)>,
    overlay: Overlay,
) -> PyResult<Py<TerrainPath>> {
    let path = own(path);
    let drawing = Drawing {
        board: terrain.board(),
        terrain: Some(terrain),
        path: Arc::clone(&path),
        overlay,
    };
    let answer = TerrainPath {
        writer,
        path,
        moves,
        cost,
        upper_bound: longest.map(|l| l.0),
        optimal: longest.map(|l| l.1),
    };
    Py::new(
        py,
        PyClassInitializer::from(Picture { drawing }).add_subclass(answer),
    )
}

/// The cheapest path (fewest cost, then fewest moves) from ``src`` to
/// ``dest`` on the terrain ``board``, or None when there is none. Without
/// ``src`` and ``dest`` the board's ``S`` and ``E`` are the ends. Releases
/// the GIL.
#[pyfunction]
#[pyo3(signature = (board, src = None, dest = None, *, barrier_rule = "either", notation = None))]
pub fn cheapest_path(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    src: Option<&Bound<'_, PyAny>>,
    dest: Option<&Bound<'_, PyAny>>,
    barrier_rule: &str,
    notation: Option<&str>,
) -> PyResult<Option<Py<TerrainPath>>> {
    let terrain = terrain(board)?;
    let rule = rule(barrier_rule)?;
    let ([from, to], written) = ends(&terrain, src, dest)?;
    let writer = Writer {
        board: terrain.board(),
        notation: self::notation(notation, written)?,
    };
    let found = py
        .detach(|| MoveGrid::new(&terrain, rule)?.cheapest_path(from, to))
        .map_err(Failure::from)?;
    found
        .map(|found| {
            let overlay = knight::draw::cheapest_path_overlay([from, to], rule, Some(&found));
            terrain_path(
                py,
                Arc::clone(&terrain),
                writer,
                found.path,
                (found.moves, found.cost),
                None,
                overlay,
            )
        })
        .transpose()
}

/// Tells a Python callback of each improvement; a callback that raises
/// stops the search, and its exception is raised by `longest_path`.
struct Watch<'a> {
    callback: Option<&'a Py<PyAny>>,
    writer: Writer,
    raised: Mutex<Option<PyErr>>,
}

impl LongestWatch for Watch<'_> {
    fn improved(&self, best: &Longest) {
        let Some(callback) = self.callback else {
            return;
        };
        if self.cancelled() {
            return;
        }
        let called = Python::attach(|py| -> PyResult<()> {
            let path = match &best.path {
                Some(path) => Some(self.writer.list(py, path)?),
                None => None,
            };
            let answer = (best.moves, best.upper_bound, path);
            callback.call1(py, answer)?;
            Ok(())
        });
        if let Err(error) = called {
            if let Ok(mut raised) = self.raised.lock() {
                raised.get_or_insert(error);
            }
        }
    }

    fn cancelled(&self) -> bool {
        self.raised.lock().map_or(true, |raised| raised.is_some())
    }

    fn cores(&self) -> usize {
        2
    }
}

/// The longest simple path (no square twice) from ``src`` to ``dest`` on
/// the terrain ``board`` (at most 65,536 squares), searched for
/// ``timeout`` seconds: a :class:`TerrainPath` with ``upper_bound``, a
/// proven bound on ``moves``, and ``optimal`` when the path meets it; None
/// when no path joins the ends. ``on_improve(moves, upper_bound, path)`` is
/// called each time the best path improves (first a shortest path); if it
/// raises, the search stops and the exception propagates. Releases the GIL
/// (the search may use two threads).
#[pyfunction]
#[pyo3(signature = (board, src = None, dest = None, *, barrier_rule = "either", timeout = 1.0, on_improve = None, notation = None))]
#[allow(clippy::too_many_arguments)]
pub fn longest_path(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    src: Option<&Bound<'_, PyAny>>,
    dest: Option<&Bound<'_, PyAny>>,
    barrier_rule: &str,
    timeout: f64,
    on_improve: Option<Py<PyAny>>,
    notation: Option<&str>,
) -> PyResult<Option<Py<TerrainPath>>> {
    let terrain = terrain(board)?;
    let plain: Board = terrain.board();
    if plain.squares() > MAX_LONGEST_SQUARES {
        return Err(Failure::new(
            "board_too_large",
            format!("the {plain} board has {} squares; the longest path is searched on boards of at most {MAX_LONGEST_SQUARES}", plain.squares()),
        )
        .at("board")
        .into());
    }
    let rule = rule(barrier_rule)?;
    let time_limit: Duration = self::timeout(timeout)?;
    let ([from, to], written) = ends(&terrain, src, dest)?;
    let writer = Writer {
        board: plain,
        notation: self::notation(notation, written)?,
    };
    let watch = Watch {
        callback: on_improve.as_ref(),
        writer,
        raised: Mutex::new(None),
    };
    let found = py
        .detach(|| {
            knight::terrain::longest_path_watched(&terrain, rule, from, to, time_limit, &watch)
        })
        .map_err(Failure::from)?;
    if let Some(error) = watch.raised.into_inner().ok().flatten() {
        return Err(error);
    }
    let overlay = knight::draw::longest_path_overlay([from, to], rule, &found, time_limit);
    match (found.path, found.moves, found.cost, found.upper_bound) {
        (Some(path), Some(moves), Some(cost), Some(bound)) => Ok(Some(terrain_path(
            py,
            Arc::clone(&terrain),
            writer,
            path,
            (moves, cost),
            Some((bound, found.optimal)),
            overlay,
        )?)),
        _ => Ok(None),
    }
}
