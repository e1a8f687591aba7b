//! The 8×8 board, answered from tables built once: the distance between every
//! pair of its 64 squares and the path between them, so no 8×8 question
//! searches.

use std::sync::OnceLock;

use super::bfs::distances_from;
use super::path::straightest_path;
use crate::board::{Board, Square};
use crate::grid::Grid;

/// All-pairs distances and paths of the 8×8 board.
pub struct ChessTable {
    distance: [[u8; 64]; 64],
    /// `paths[from][to]`: the squares after `from`, up to and including `to`.
    paths: Vec<Vec<u8>>,
}

static TABLE: OnceLock<ChessTable> = OnceLock::new();

impl ChessTable {
    /// The table, built on first use. Call at start-up to warm it.
    pub fn get() -> &'static ChessTable {
        TABLE.get_or_init(ChessTable::build)
    }

    /// Whether the table has been built.
    pub fn is_warm() -> bool {
        TABLE.get().is_some()
    }

    fn build() -> ChessTable {
        let board = Board::CHESS;
        let mut distance = [[0u8; 64]; 64];
        for (from, row) in distance.iter_mut().enumerate() {
            let square = board
                .from_index(u64::try_from(from).expect("64 squares"))
                .expect("64 squares");
            for (to, d) in distances_from(board, square).into_iter().enumerate() {
                row[to] = u8::try_from(d).expect("the 8x8 knight graph is connected");
            }
        }
        let mut paths = Vec::with_capacity(64 * 64);
        let byte = |s: Square| u8::try_from(board.index(s)).expect("64 squares");
        let grid = Grid::new(board).expect("64 squares");
        for (a, (from, _)) in grid.squares().enumerate() {
            for (b, (to, _)) in grid.squares().enumerate() {
                let moves = u64::from(distance[a][b]);
                let path = straightest_path(board, from, to, moves, |s| {
                    u64::from(distance[board.slot(s)][b])
                });
                paths.push(path[1..].iter().map(|&s| byte(s)).collect());
            }
        }
        ChessTable { distance, paths }
    }

    /// The fewest moves between two squares of the 8×8 board.
    pub fn distance(&self, from: Square, to: Square) -> u64 {
        let b = Board::CHESS;
        u64::from(self.distance[b.slot(from)][b.slot(to)])
    }

    /// knightd's shortest path between two squares of the 8×8 board, both ends
    /// included.
    pub fn path(&self, from: Square, to: Square) -> Vec<Square> {
        let b = Board::CHESS;
        let tail = &self.paths[b.slot(from) * 64 + b.slot(to)];
        std::iter::once(from)
            .chain(
                tail.iter()
                    .map(|&i| b.from_index(u64::from(i)).expect("on board")),
            )
            .collect()
    }
}

/// The puzzle's published 8×8 answers: (from, to, moves) by square index.
#[cfg(test)]
pub const PUBLISHED: [(u64, u64, u64); 6] = [
    (0, 1, 3),
    (19, 36, 1),
    (63, 53, 1),
    (63, 36, 2),
    (7, 55, 4),
    (14, 24, 4),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::bfs::bfs_distance;

    fn sq(i: u64) -> Square {
        Board::CHESS.from_index(i).unwrap()
    }

    #[test]
    fn published_puzzle_answers() {
        let t = ChessTable::get();
        for (src, dest, moves) in PUBLISHED {
            assert_eq!(t.distance(sq(src), sq(dest)), moves, "({src}, {dest})");
        }
    }

    #[test]
    fn agrees_with_bfs_for_all_4096_pairs() {
        let t = ChessTable::get();
        for a in 0..64 {
            for b in 0..64 {
                let expected = bfs_distance(Board::CHESS, sq(a), sq(b)).unwrap();
                assert_eq!(t.distance(sq(a), sq(b)), expected);
                let path = t.path(sq(a), sq(b));
                assert_eq!(u64::try_from(path.len()), Ok(expected + 1));
                assert_eq!((path[0], *path.last().unwrap()), (sq(a), sq(b)));
                assert!(path.windows(2).all(|w| w[0].is_knight_move_to(w[1])));
            }
        }
    }

    #[test]
    fn g2_to_a8_is_the_straight_path() {
        let b = Board::CHESS;
        let g2 = Square::new(6, 1);
        let a8 = Square::new(0, 7);
        let names: Vec<String> = ChessTable::get()
            .path(g2, a8)
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["g2", "e3", "d5", "c7", "a8"]);
        assert_eq!(ChessTable::get().distance(g2, Square::new(7, 1)), 3);
        assert!(b.contains(g2));
    }
}
