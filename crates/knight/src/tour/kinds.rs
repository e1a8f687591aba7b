//! The kinds every question about tours shares: a tour ([`Tour`], and as
//! the tour door gives it, [`SharedTour`] over [`TourSquares`], a turn of a
//! board's [`Cycle`]), how a tour must end ([`Ending`]), why there is none
//! ([`NoTour`], [`TourError`]), and the check every tour passes before it
//! is given out ([`is_tour`]). They live apart from each question so that
//! building, finishing and puzzles share them without importing one
//! another for them.

use std::fmt;
use std::sync::Arc;

use crate::board::{Board, Square};
use crate::draw::{Caption, Overlay};
use crate::grid::Grid;

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
    /// What a picture of a tour over these squares says (closed: its
    /// closing move drawn), the words knightd and the Python package
    /// both draw: "Closed knight's tour from a1", "every square once, then
    /// one move back to a1"; or "Knight's tour from a1", "every square
    /// once, ending on h8"; and its moves.
    pub fn overlay(&self, closed: bool) -> Overlay {
        let runs = self.runs();
        let first = runs[0][0];
        let last = runs
            .iter()
            .rev()
            .find_map(|run| run.last())
            .copied()
            .unwrap_or(first);
        let (asked, verdict) = if closed {
            (
                format!("Closed knight's tour from {first}"),
                format!("every square once, then one move back to {first}"),
            )
        } else {
            (
                format!("Knight's tour from {first}"),
                format!("every square once, ending on {last}"),
            )
        };
        Overlay {
            closed,
            caption: Caption {
                asked,
                moves: Some(u64::try_from(self.len()).unwrap_or(u64::MAX) - 1),
                cost: None,
                verdict: Some(verdict),
            },
            ..Overlay::default()
        }
    }

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

/// A tour as [`tour()`](fn@crate::tour) gives it: like [`Tour`], but a turn of the board's
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

/// Why there is no tour of the kind asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTour {
    /// A theorem rules it out; the text says which.
    Theorem(String),
    /// A complete search of the board from the start found none.
    Exhaustive(String),
}

impl fmt::Display for NoTour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTour::Theorem(why) | NoTour::Exhaustive(why) => f.write_str(why),
        }
    }
}

/// How the finished tour must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Anywhere.
    Open,
    /// One knight move from the first square played.
    Closed,
    /// On this square.
    End(Square),
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
