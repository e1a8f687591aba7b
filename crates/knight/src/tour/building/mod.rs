//! Building a tour: the tour door [`tour()`] takes a [`TourRequest`]
//! (board, start, [`Method`]) and gives a [`TourAnswer`] or a
//! [`TourError`].
//!
//! An open or closed tour from any start square on every board of up to a
//! million squares that has one; with both ends fixed
//! ([`Method::Ends`]); by Warnsdorff's rule ([`Method::Warnsdorff`]); and
//! read at any step of boards up to 10⁹ a side ([`IndexedTour`]).
//!
//! [`tour()`] lists the tour [`IndexedTour`] reads, so the tour listed
//! and the one read step by step are the same. That construction
//! cuts the board into blocks; boards too narrow or too small to cut are
//! listed whole. Every tour is checked by [`is_tour`] (once, in O(n))
//! before it is given out.
//!
//! A board listed whole is first put to the theorems of which boards have
//! tours from which squares (Schwenk's for closed tours, Conrad et al.'s
//! for open ones), whose refusals are [`NoTour`]. Boards 3 or 4 wide, of
//! any length, are settled exactly by a dynamic programme over their
//! columns: it finds a tour from the start (to a given end too) or proves
//! there is none. Other
//! small boards are then searched completely (Warnsdorff's rule with Roth's
//! tie-break, backtracking under a budget), so a search that runs out of
//! moves proves there is none. The few larger boards no cut fits (at most
//! 23 × 23) are searched the same way under a smaller budget. A closed tour
//! from any one square gives a tour from every square, by starting it
//! there.

mod blocks;
mod construct;
mod cover;
mod ends;
mod existence;
mod frontier;
mod listed;
mod narrow;
mod search;
mod warnsdorff;

use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::grid::Grid;
use crate::tour::kinds::{is_tour, NoTour, SharedTour, Tour, TourError, TourSquares};
use listed::{kept_cycle, listable, listed_tour, Asked};

pub use construct::IndexedTour;
pub use warnsdorff::DEFAULT_BACKTRACKS;

// What the finish and the puzzles build on: the theorems, the tours with
// both ends fixed (the window's pieces) and the one depth-first engine.
pub(in crate::tour) use ends::{constructed, ruled_out_between};
pub(in crate::tour) use existence::ruled_out;
pub(in crate::tour) use search::{depth_first, Budget, Extending, Outcome, Rules, Unvisited};

/// How a tour is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The block construction (what [`IndexedTour`] reads), open or closed.
    Construction {
        /// Whether the last square must be one knight move from the first.
        closed: bool,
    },
    /// An open tour that finishes on `end`.
    Ends {
        /// The last square.
        end: Square,
    },
    /// Warnsdorff's rule with Roth's tie-break, or with `seed` a seeded
    /// tie-break, stepping back when stuck.
    Warnsdorff {
        /// Whether the last square must be one knight move from the first.
        closed: bool,
        /// Ties broken at random from this seed, rather than by Roth's rule.
        seed: Option<u64>,
        /// The most steps back the search may take before it gives up
        /// ([`TourError::NotFound`]); a caller with no reason to choose
        /// gives [`DEFAULT_BACKTRACKS`].
        max_backtracks: u64,
    },
}

/// A tour question: the board, the start square and the method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourRequest {
    /// The board to tour.
    pub board: Board,
    /// The first square.
    pub start: Square,
    /// How the tour is made.
    pub method: Method,
}

/// The answer to a [`TourRequest`]: the tour, and with Warnsdorff's method
/// the steps back its search took.
#[derive(Clone, Debug)]
pub struct TourAnswer {
    /// The tour, checked.
    pub tour: SharedTour,
    /// With Warnsdorff's method, how many times its search stepped back.
    pub backtracks: Option<u64>,
}

/// The one door to the tours: the tour `request` asks for, on boards of at
/// most `max_squares` squares, checked before it is given. Tables worth
/// keeping (a board's closed tour, the paths inside blocks) are kept in
/// `cache` for the next call.
///
/// # Errors
///
/// [`TourError::NoTour`] with the reason when no such tour exists (a
/// theorem, or a complete search of a small board);
/// [`TourError::TooLarge`] past `max_squares`; [`TourError::NotFound`]
/// when a search gave up (Warnsdorff's rule past its steps back).
///
/// ```
/// use knight::{tour, Board, Cache, Square, TourRequest};
/// use knight::tour::is_tour;
/// let cache = Cache::default();
/// let board = Board::new(6, 6).unwrap();
/// let request = TourRequest {
///     board,
///     start: Square::new(0, 0),
///     method: knight::tour::Method::Construction { closed: true },
/// };
/// let answer = tour(request, 1_000_000, &cache)?;
/// let path = answer.tour.into_tour().path;
/// assert!(is_tour(board, Square::new(0, 0), true, &path));
/// // A 3×3 board has no tour: the centre cannot be reached.
/// let none = TourRequest {
///     board: Board::new(3, 3).unwrap(),
///     start: Square::new(0, 0),
///     method: knight::tour::Method::Construction { closed: false },
/// };
/// assert!(tour(none, 1_000_000, &cache).is_err());
/// # Ok::<(), knight::TourError>(())
/// ```
pub fn tour(
    request: TourRequest,
    max_squares: u64,
    cache: &Cache,
) -> Result<TourAnswer, TourError> {
    let TourRequest {
        board,
        start,
        method,
    } = request;
    let own = |tour: Tour| SharedTour {
        board: tour.board,
        closed: tour.closed,
        squares: TourSquares::Own(tour.path),
    };
    let (tour, backtracks) = match method {
        Method::Construction { closed } => {
            let asked = Asked {
                board,
                start,
                closed,
                max_squares,
                cache,
            };
            (shared_tour(asked)?, None)
        }
        Method::Ends { end } => {
            let tour = tour_with_ends(board, start, end, max_squares, cache)?;
            (own(tour), None)
        }
        Method::Warnsdorff {
            closed,
            seed,
            max_backtracks,
        } => {
            let ask = warnsdorff::Ask {
                closed,
                seed,
                max_backtracks,
            };
            let (tour, backtracks) = warnsdorff_tour(board, start, ask, max_squares)?;
            (own(tour), Some(backtracks))
        }
    };
    Ok(TourAnswer { tour, backtracks })
}

/// An open tour (or, with `closed`, a closed tour) of `board` from `start`,
/// the same one every time: the tour [`IndexedTour`] reads, listed. It
/// shares the squares of the board's closed tour when the answer is a turn
/// of it: on a board with an even number of squares the construction's
/// tours, open or closed, are its one closed tour read from the start, so a
/// million-square tour costs no copy, and its check was made once, when the
/// closed tour was built.
fn shared_tour(asked: Asked<'_>) -> Result<SharedTour, TourError> {
    let Asked {
        board,
        start,
        closed,
        max_squares,
        cache,
    } = asked;
    let squares = listable(board, max_squares)?;
    // Boards that cannot be cut are listed, once.
    let Some(indexed) = IndexedTour::cut(board, start, closed, cache)? else {
        return listed_tour(asked);
    };
    if squares % 2 == 0 {
        if let Some(turn) = turn_of_cycle(board, &indexed, max_squares, cache) {
            return Ok(SharedTour {
                board,
                closed,
                squares: turn,
            });
        }
    }
    let order = indexed.build(max_squares)?;
    let tour = checked(board, start, None, closed, &order)?;
    Ok(SharedTour {
        board,
        closed,
        squares: TourSquares::Own(tour.path),
    })
}

/// `indexed` as a turn of the board's kept closed tour, when it is one
/// (its first, second and last squares are checked against the turn; the
/// tests hold every square of both against each other).
fn turn_of_cycle(
    board: Board,
    indexed: &IndexedTour,
    max_squares: u64,
    cache: &Cache,
) -> Option<TourSquares> {
    let from_a1 = || IndexedTour::new(board, Square::new(0, 0), true, max_squares, cache);
    let cycle = kept_cycle(board, cache, || {
        let from_a1 = from_a1().ok()?;
        let order = from_a1.build(max_squares).ok()?;
        checked(board, Square::new(0, 0), None, true, &order)
            .ok()
            .map(|tour| tour.path)
    })?;
    let n = cycle.squares.len();
    let at = from_a1().ok()?.step_of(indexed.start())?;
    let at = usize::try_from(at).ok()?;
    let agrees = |k: usize| {
        let square = indexed.square_at(u64::try_from(k).ok()?)?;
        Some(square == cycle.squares[(at + k) % n])
    };
    let agrees = |k: usize| agrees(k) == Some(true);
    (agrees(0) && agrees(1) && agrees(n - 1)).then_some(TourSquares::Turn { cycle, at })
}

/// An open tour of `board` from `start` that finishes on `end`.
fn tour_with_ends(
    board: Board,
    start: Square,
    end: Square,
    max_squares: u64,
    cache: &Cache,
) -> Result<Tour, TourError> {
    let (width, height) = (board.width(), board.height());
    let narrow = (3..=4).contains(&width.min(height));
    if narrow && board.contains(start) && board.contains(end) && board.squares() <= max_squares {
        // Exact on boards 3 or 4 wide, of any length: None is a proof.
        if let Some(why) = ends::ruled_out_between(width, height, start, end) {
            return Err(TourError::NoTour(why));
        }
        let grid = Grid::new(board).ok_or(TourError::NotFound)?;
        let (w, h) = grid.sides();
        let to = narrow::NarrowEnds::To(grid.spot(end).index());
        let order = narrow::narrow_tour(w, h, grid.spot(start).index(), to, cache).ok_or_else(|| {
            TourError::NoTour(NoTour::Exhaustive(format!(
                "a complete search of the {board} board found no tour from {start} to {end}: a dynamic programme over its {long} lines of {short} squares tried every way a tour can cross each line",
                long = width.max(height),
                short = width.min(height),
            )))
        })?;
        return checked(board, start, Some(end), false, &order);
    }
    let order = ends::tour_with_ends(width, height, start, end, max_squares, cache)?;
    checked(board, start, Some(end), false, &order)
}

/// Warnsdorff's tour of `board` from `start` (see [`warnsdorff`]), and the
/// steps back its search took.
fn warnsdorff_tour(
    board: Board,
    start: Square,
    ask: warnsdorff::Ask,
    max_squares: u64,
) -> Result<(Tour, u64), TourError> {
    let found = warnsdorff::warnsdorff_tour(
        board.width(),
        board.height(),
        board.index(start),
        ask,
        max_squares,
    )?;
    Ok((
        checked(board, start, None, ask.closed, &found.path)?,
        found.backtracks,
    ))
}

/// The tour of board indices `order`, if it is one from `start` (to `end`).
fn checked(
    board: Board,
    start: Square,
    end: Option<Square>,
    closed: bool,
    order: &[u32],
) -> Result<Tour, TourError> {
    let path: Vec<Square> = order
        .iter()
        .map(|&i| board.from_index(u64::from(i)))
        .collect::<Option<_>>()
        .ok_or(TourError::NotFound)?;
    let ends_right = end.is_none_or(|end| path.last() == Some(&end));
    if !ends_right || !is_tour(board, start, closed, &path) {
        return Err(TourError::NotFound);
    }
    Ok(Tour {
        board,
        closed,
        path,
    })
}
