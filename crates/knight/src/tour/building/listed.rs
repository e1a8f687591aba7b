//! Tours of the boards the block construction does not cut, listed
//! whole: the theorems first, then the narrow boards' dynamic programme, a
//! complete search of small boards, and Warnsdorff's rule with Roth's
//! tie-break on the few larger ones; and the closed tour of a board, built
//! once and kept.

use std::sync::Arc;

use super::existence;
use super::narrow;
use super::search::{knight_path, rectangle, Outcome};
use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::grid::{Grid, Spot};
use crate::tour::kinds::{is_tour, Cycle, NoTour, SharedTour, TourError, TourSquares};

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

/// The number of squares of `board`, if a tour of it may be listed.
pub(super) fn listable(board: Board, max_squares: u64) -> Result<u64, TourError> {
    let squares = board.squares();
    if squares > max_squares {
        return Err(TourError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    Ok(squares)
}

/// An open or closed tour of `board` from `start` by the methods of small
/// and narrow boards: the theorems, the narrow boards' dynamic programme, a
/// complete search of small boards, and Warnsdorff's rule.
pub(super) fn listed_tour(asked: Asked<'_>) -> Result<SharedTour, TourError> {
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
/// others' from [`IndexedTour`](super::IndexedTour).
pub(super) fn kept_cycle(
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
    for variant in 1..16 {
        if let Outcome::Found(path) = knight_path(grid, start, closed, variant, 10 * nodes(grid)) {
            return Outcome::Found(path);
        }
    }
    knight_path(grid, start, closed, 0, budget)
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
    (0..16).find_map(
        |variant| match knight_path(grid, start, closed, variant, 4 * nodes(grid)) {
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

#[cfg(test)]
mod tests {
    use super::super::construct::IndexedTour;
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
