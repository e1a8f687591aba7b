//! Knight's tours. The one door is [`tour()`]: a [`TourRequest`] (board,
//! start, [`Method`]) in, a [`TourAnswer`] or a [`TourError`] out. Beside
//! it: [`IndexedTour`], which reads any step of the same tour on boards up
//! to 10⁹ a side without building it; [`finish_tour`], which finishes a
//! partly played tour or says why it cannot be finished ([`Stuck`]);
//! [`solve_clues`] and [`make_puzzle`], the numbered-square puzzles on
//! boards of at most [`CLUE_SQUARES`] squares; [`count_tours`], the exact
//! number of a board's tours (open ones counted once whichever way they are
//! walked, closed ones once, with a start those walked from it; see
//! `count`); and [`is_tour`], the check every tour passes before it is
//! given out.
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

pub(crate) mod blocks;
pub(crate) mod construct;
pub(crate) mod count;
pub(crate) mod cover;
mod ending;
pub(crate) mod ends;
pub(crate) mod existence;
pub(crate) mod finish;
pub(crate) mod frontier;
pub(crate) mod narrow;
pub(crate) mod puzzle;
pub(crate) mod search;
pub(crate) mod warnsdorff;
mod window;

use std::sync::Arc;

use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::grid::{Grid, Spot};
pub use construct::IndexedTour;
pub use count::{count_tours, CountError, CountRequest, Counted, TourCount};
pub use existence::NoTour;
#[cfg(feature = "counters")]
pub use finish::last_finish_nodes;
pub use finish::{
    check_clues, finish_tour, solve_clues, Clue, ClueStuck, CluesError, CluesRequest, Ending,
    FinishError, FinishRequest, Finished, Solved, Stuck, CLUE_SQUARES,
};
pub use puzzle::{make_puzzle, Puzzle, PuzzleError, PuzzleRequest};
use search::{knight_path, rectangle, End, Outcome};
pub use warnsdorff::DEFAULT_BACKTRACKS;

/// A knight's tour: every square of `board` once, from `path[0]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    /// The board toured.
    pub board: Board,
    /// Whether the last square is one knight move from the first.
    pub closed: bool,
    /// Every square of the board once, each one knight move from the next.
    pub path: Vec<Square>,
}

/// A closed tour of a board, found and checked once, then shared by every
/// tour of that board that is a turn of it (starts it at another square).
#[derive(Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The board toured.
    pub board: Board,
    /// Every square once, each one knight move from the next, the last one
    /// move from the first.
    pub squares: Vec<Square>,
}

/// A tour's squares: its own, or the board's shared closed tour started at
/// `cycle.squares[at]`.
#[derive(Clone, Debug)]
pub enum TourSquares {
    /// Squares of this tour's own.
    Own(Vec<Square>),
    /// The board's closed tour, read from `cycle.squares[at]` round to the
    /// square before it.
    Turn {
        /// The board's closed tour, shared.
        cycle: Arc<Cycle>,
        /// Where in it this tour starts.
        at: usize,
    },
}

impl TourSquares {
    /// The squares in order, as two runs: the second follows the first.
    pub fn runs(&self) -> [&[Square]; 2] {
        match self {
            TourSquares::Own(path) => [path, &[]],
            TourSquares::Turn { cycle, at } => [&cycle.squares[*at..], &cycle.squares[..*at]],
        }
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.runs().iter().map(|run| run.len()).sum()
    }

    /// Whether there are none (never, for a tour).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The squares in order, in one vector.
    pub fn into_vec(self) -> Vec<Square> {
        match self {
            TourSquares::Own(path) => path,
            turn => turn.runs().concat(),
        }
    }
}

/// A tour as [`tour()`] gives it: like [`Tour`], but a turn of the board's
/// closed tour shares its squares instead of copying them.
#[derive(Clone, Debug)]
pub struct SharedTour {
    /// The board toured.
    pub board: Board,
    /// Whether the last square is one knight move from the first.
    pub closed: bool,
    /// The squares in order.
    pub squares: TourSquares,
}

impl SharedTour {
    /// The tour with its squares in one vector of its own.
    pub fn into_tour(self) -> Tour {
        Tour {
            board: self.board,
            closed: self.closed,
            path: self.squares.into_vec(),
        }
    }
}

/// Why no tour was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourError {
    /// There is none, and this is why.
    NoTour(NoTour),
    /// The board has more squares than `limit`.
    TooLarge {
        /// The board's squares.
        squares: u64,
        /// The most a tour was allowed.
        limit: u64,
    },
    /// Every method failed without a proof that none exists. Never seen in
    /// the tests; kept so that a failure is honest rather than wrong.
    NotFound,
}

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

/// A tour by the construction, as asked: the board, the start, open or
/// closed, the most squares, and where tables are kept.
#[derive(Clone, Copy)]
pub(super) struct Asked<'a> {
    pub(super) board: Board,
    pub(super) start: Square,
    pub(super) closed: bool,
    pub(super) max_squares: u64,
    pub(super) cache: &'a Cache,
}

/// Boards up to this many squares are searched whole; a complete search that
/// fails proves there is no tour from the start.
const SEARCHED_SQUARES: u64 = 64;

/// Nodes a complete search may visit on a small board.
const SEARCH_BUDGET: u64 = 20_000_000;

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

/// The number of squares of `board`, if a tour of it may be listed.
fn listable(board: Board, max_squares: u64) -> Result<u64, TourError> {
    let squares = board.squares();
    if squares > max_squares {
        return Err(TourError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    Ok(squares)
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
        if let Some(why) = ends::ruled_out(width, height, start, end) {
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

/// An open or closed tour of `board` from `start` by the methods of small
/// and narrow boards: the theorems, the narrow boards' dynamic programme, a
/// complete search of small boards, and Warnsdorff's rule.
fn listed_tour(asked: Asked<'_>) -> Result<SharedTour, TourError> {
    let (board, start, closed, cache) = (asked.board, asked.start, asked.closed, asked.cache);
    let squares = listable(board, asked.max_squares)?;
    if let Some(why) = existence::ruled_out(
        board.width(),
        board.height(),
        u64::from(start.file()),
        u64::from(start.rank()),
        closed,
    ) {
        return Err(TourError::NoTour(why));
    }
    let grid = Grid::new(board).ok_or(TourError::NotFound)?;
    let (width, height) = grid.sides();
    let start_index = grid.spot(start).index();
    let has_closed =
        closed || existence::ruled_out(board.width(), board.height(), 0, 0, true).is_none();
    let narrow = (3..=4).contains(&width.min(height));
    let indices = if narrow {
        // Exact on boards 3 or 4 wide: None is a proof.
        let ends = if closed {
            narrow::NarrowEnds::Closed
        } else {
            narrow::NarrowEnds::Open
        };
        narrow::narrow_tour(width, height, start_index, ends, cache).ok_or_else(|| {
            let kind = if closed { "closed" } else { "open" };
            TourError::NoTour(NoTour::Exhaustive(format!(
                "a complete search of the {board} board from {start} found no {kind} tour: a dynamic programme over its {long} lines of {short} squares tried every way a tour can cross each line",
                long = width.max(height),
                short = width.min(height),
            )))
        })?
    } else if has_closed {
        // One closed tour serves every start: begin it at the start.
        let (width, height) = grid.sides();
        let cycle = kept_cycle(board, cache, || {
            let squares = squares_of(grid, &closed_tour(width, height)?);
            is_tour(board, *squares.first()?, true, &squares).then_some(squares)
        })
        .ok_or(TourError::NotFound)?;
        let at = cycle
            .squares
            .iter()
            .position(|&s| s == start)
            .ok_or(TourError::NotFound)?;
        return Ok(SharedTour {
            board,
            closed,
            squares: TourSquares::Turn { cycle, at },
        });
    } else if squares <= SEARCHED_SQUARES {
        match searched(width, height, start_index, false, SEARCH_BUDGET) {
            Outcome::Found(path) => path,
            Outcome::Exhausted => {
                return Err(TourError::NoTour(NoTour::Exhaustive(format!(
                    "a complete search of the {board} board from {start} found no open tour"
                ))))
            }
            Outcome::GaveUp => return Err(TourError::NotFound),
        }
    } else {
        built(width, height, start_index, false).ok_or(TourError::NotFound)?
    };
    let path = squares_of(grid, &indices);
    if !is_tour(board, start, closed, &path) {
        return Err(TourError::NotFound);
    }
    Ok(SharedTour {
        board,
        closed,
        squares: TourSquares::Own(path),
    })
}

/// The closed tour of `board` that `build` makes (and checks), built once
/// and kept in `cache`; None if it found none. A board gets its cycle from
/// one construction only: the listed boards' from [`closed_tour`], the
/// others' from [`IndexedTour`].
fn kept_cycle(
    board: Board,
    cache: &Cache,
    build: impl FnOnce() -> Option<Vec<Square>>,
) -> Option<Arc<Cycle>> {
    let key = (board.width(), board.height());
    cache
        .keep(key, || {
            let squares = build().ok_or(())?;
            let bytes = squares.len() * std::mem::size_of::<Square>();
            Ok::<_, ()>((Cycle { board, squares }, bytes))
        })
        .ok()
}

/// A complete search of a small board: quick tries with several
/// tie-breaks, then one long search whose exhaustion is a proof.
fn searched(width: usize, height: usize, start: usize, closed: bool, budget: u64) -> Outcome {
    let grid = rectangle(width, height);
    let end = End::of(closed);
    for variant in 1..16 {
        if let Outcome::Found(path) = knight_path(grid, start, end, variant, 10 * nodes(grid)) {
            return Outcome::Found(path);
        }
    }
    knight_path(grid, start, end, 0, budget)
}

/// A closed tour of a board that has one, from any square (the caller
/// keeps it: every start reuses it).
fn closed_tour(width: usize, height: usize) -> Option<Vec<u32>> {
    if nodes(rectangle(width, height)) <= SEARCHED_SQUARES {
        // Any square will do as the search's start: try a few.
        let starts = [0, width / 2, (height / 2) * width + width / 2];
        return starts.iter().find_map(|&s| {
            match searched(width, height, s, true, SEARCH_BUDGET / 4) {
                Outcome::Found(path) => Some(path),
                _ => None,
            }
        });
    }
    built(width, height, 0, true)
}

/// A tour of a board too large to search whole that the block construction
/// cannot cut (7 × 10, 8 × 9, 9 × 9, 9 × 10, and a few odd boards up to
/// 23 × 23 from their centre: `every_uncut_board_is_built` in the tests
/// lists them): Warnsdorff's rule with Roth's tie-break and its variants,
/// backtracking under a budget. The caller checks the tour.
fn built(width: usize, height: usize, start: usize, closed: bool) -> Option<Vec<u32>> {
    let grid = rectangle(width, height);
    let end = End::of(closed);
    (0..16).find_map(
        |variant| match knight_path(grid, start, end, variant, 4 * nodes(grid)) {
            Outcome::Found(path) => Some(path),
            _ => None,
        },
    )
}

/// The squares of a path of grid spots.
fn squares_of(grid: Grid, path: &[u32]) -> Vec<Square> {
    path.iter()
        .map(|&i| grid.square(Spot::from_raw(i)))
        .collect()
}

/// The squares of a grid, as a budget of search nodes.
fn nodes(grid: Grid) -> u64 {
    grid.board().squares()
}

/// Whether `path` is a tour of `board` from `start`: every square once, each
/// step a knight move, and with `closed` the last one move from the first.
pub fn is_tour(board: Board, start: Square, closed: bool, path: &[Square]) -> bool {
    let Some(grid) = Grid::new(board) else {
        return false;
    };
    let squares = grid.len();
    if path.len() != squares || path.first() != Some(&start) {
        return false;
    }
    let mut seen = vec![false; squares];
    for &square in path {
        if !board.contains(square) {
            return false;
        }
        let slot = &mut seen[grid.spot(square).index()];
        if *slot {
            return false;
        }
        *slot = true;
    }
    if !path.windows(2).all(|w| w[0].is_knight_move_to(w[1])) {
        return false;
    }
    !closed || path[squares - 1].is_knight_move_to(path[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Int;

    /// Every board with both sides 5 to 40 that the block construction
    /// cannot cut (from any start) and that is too large to search whole
    /// gets its tour from [`built`]. (Past 40 a side every board is cut:
    /// checked once up to 100, too slow for a unit test.)
    #[test]
    fn every_uncut_board_is_built() {
        let cache = Cache::default();
        let mut uncut = Vec::new();
        for w in 5..=40u64 {
            for h in w..=40u64 {
                if w * h <= SEARCHED_SQUARES {
                    continue;
                }
                let odd = w % 2 == 1 && h % 2 == 1;
                // On even boards the cut does not depend on the start.
                let starts: Vec<(u64, u64)> = if odd {
                    (0..h)
                        .flat_map(|y| (0..w).map(move |x| (x, y)))
                        .filter(|&(x, y)| (x + y) % 2 == 0)
                        .collect()
                } else {
                    vec![(0, 0)]
                };
                for closed in [false, true] {
                    for &start in &starts {
                        let board = Board::new(w, h).unwrap();
                        let square = Square::new(start.0.u32(), start.1.u32());
                        if let Ok(None) = IndexedTour::cut(board, square, closed, &cache) {
                            uncut.push((w, h, start, closed));
                        }
                    }
                }
            }
        }
        assert!(!uncut.is_empty() && uncut.len() <= 60, "{uncut:?}");
        for &(w, h, (x, y), closed) in &uncut {
            let board = Board::new(w, h).unwrap();
            let start = Square::new(x.u32(), y.u32());
            let asked = Asked {
                board,
                start,
                closed,
                max_squares: 1_000_000,
                cache: &cache,
            };
            let tour = listed_tour(asked)
                .unwrap_or_else(|e| panic!("{w}x{h} from {start} closed={closed}: {e:?}"));
            let path = tour.squares.into_vec();
            assert!(is_tour(board, start, closed, &path), "{w}x{h} {start}");
        }
    }
}
