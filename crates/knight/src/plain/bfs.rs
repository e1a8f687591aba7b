//! Plain breadth-first search over the knight's graph: the textbook method,
//! kept as the reference every faster method is tested against, and used
//! where a board is small enough to search.

use std::collections::VecDeque;

use crate::board::{Board, Square};
use crate::grid::Grid;

/// Distance of a square the search never reached.
pub const UNREACHED: u32 = u32::MAX;

/// The fewest knight moves from `from` to every square of `board`, indexed by
/// square index; [`UNREACHED`] where there is no path. Time and memory are
/// proportional to the board: callers keep boards small.
pub fn distances_from(board: Board, from: Square) -> Vec<u32> {
    let grid = Grid::new(board).expect("a board small enough to search");
    let mut dist = vec![UNREACHED; grid.len()];
    let mut queue = VecDeque::new();
    dist[grid.spot(from).index()] = 0;
    queue.push_back(from);
    while let Some(square) = queue.pop_front() {
        let next = dist[grid.spot(square).index()] + 1;
        for to in board.knight_moves(square) {
            let slot = &mut dist[grid.spot(to).index()];
            if *slot == UNREACHED {
                *slot = next;
                queue.push_back(to);
            }
        }
    }
    dist
}

/// The fewest knight moves from `from` to `to`, or `None` when unreachable.
#[cfg(test)]
pub fn bfs_distance(board: Board, from: Square, to: Square) -> Option<u64> {
    let grid = Grid::new(board).expect("a board small enough to search");
    let d = distances_from(board, from)[grid.spot(to).index()];
    (d != UNREACHED).then_some(u64::from(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_by_three_centre_is_isolated() {
        let b = Board::new(3, 3).unwrap();
        let centre = Square::new(1, 1);
        let d = distances_from(b, centre);
        assert_eq!(d.iter().filter(|&&x| x != UNREACHED).count(), 1);
        assert_eq!(
            bfs_distance(b, Square::new(0, 0), Square::new(2, 2)),
            Some(4)
        );
    }
}
