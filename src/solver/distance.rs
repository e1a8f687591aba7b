//! Fewest knight moves and shortest paths between two squares of a plain board.
//!
//! The 8×8 board is answered from [`ChessTable`]; other boards by a
//! breadth-first search, bounded by [`SEARCH_LIMIT`] squares.

use std::fmt;

use super::bfs::{distances_from, UNREACHED};
use super::board::{Board, Square};
use super::path::straightest_path;
use super::table::ChessTable;

/// The largest board (in squares) searched square by square.
pub const SEARCH_LIMIT: u64 = 4_000_000;

/// Why a distance or path can't be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistanceError {
    /// The board is larger than the search can cover.
    BoardTooLarge { squares: u64, limit: u64 },
    /// The path would list more squares than allowed.
    PathTooLong { squares: u64, limit: u64 },
}

impl fmt::Display for DistanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistanceError::BoardTooLarge { squares, limit } => write!(
                f,
                "a board of {squares} squares is larger than the {limit} squares knightd searches"
            ),
            DistanceError::PathTooLong { squares, limit } => write!(
                f,
                "the path would list {squares} squares, more than the {limit} allowed; ask /distance for its length"
            ),
        }
    }
}

impl std::error::Error for DistanceError {}

fn searchable(board: Board) -> Result<(), DistanceError> {
    if board.squares() > SEARCH_LIMIT {
        return Err(DistanceError::BoardTooLarge {
            squares: board.squares(),
            limit: SEARCH_LIMIT,
        });
    }
    Ok(())
}

/// The fewest knight moves from `from` to `to`, `None` when unreachable.
pub fn knight_distance(
    board: Board,
    from: Square,
    to: Square,
) -> Result<Option<u64>, DistanceError> {
    if board == Board::CHESS {
        return Ok(Some(ChessTable::get().distance(from, to)));
    }
    searchable(board)?;
    let d = distances_from(board, to)[board.index(from) as usize];
    Ok((d != UNREACHED).then_some(u64::from(d)))
}

/// knightd's shortest path from `from` to `to` (see [`straightest_path`]),
/// both ends included; `None` when unreachable. A path of more than
/// `max_squares` squares is refused.
pub fn shortest_path(
    board: Board,
    from: Square,
    to: Square,
    max_squares: u64,
) -> Result<Option<Vec<Square>>, DistanceError> {
    if board == Board::CHESS {
        let squares = ChessTable::get().distance(from, to) + 1;
        if squares > max_squares {
            return Err(DistanceError::PathTooLong {
                squares,
                limit: max_squares,
            });
        }
        return Ok(Some(ChessTable::get().path(from, to)));
    }
    searchable(board)?;
    let dist = distances_from(board, to);
    let moves = dist[board.index(from) as usize];
    if moves == UNREACHED {
        return Ok(None);
    }
    let squares = u64::from(moves) + 1;
    if squares > max_squares {
        return Err(DistanceError::PathTooLong {
            squares,
            limit: max_squares,
        });
    }
    Ok(Some(straightest_path(
        board,
        from,
        to,
        u64::from(moves),
        |s| u64::from(dist[board.index(s) as usize]),
    )))
}
