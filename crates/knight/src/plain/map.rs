//! How far every square is: the fewest moves from one square to each square
//! of a window of the board, each by the closed form (or the tables) in
//! constant time, so a window of a 10⁹ × 10⁹ board costs what a small
//! board of as many squares does.

use std::ops::Range;

use super::distance::knight_distance;
use crate::board::{Board, Square};
use crate::grid::Int;

/// Every square's fewest knight moves from one square, over a window of the
/// board (see [`distance_map`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    /// The files of the window.
    pub files: Range<u32>,
    /// The ranks of the window.
    pub ranks: Range<u32>,
    /// The fewest moves to each square of the window (None where the knight
    /// cannot go), row by row from the window's highest rank down, each row
    /// from its lowest file: as a printed board reads.
    pub moves: Vec<Option<u64>>,
    /// The most moves any square of the window takes (None when none is
    /// reachable).
    pub farthest: Option<u64>,
}

impl DistanceMap {
    /// The rows, highest rank first.
    pub fn rows(&self) -> impl Iterator<Item = &[Option<u64>]> {
        let width = (self.files.end - self.files.start).usize().max(1);
        self.moves.chunks(width)
    }
}

/// Why a distance map was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapError {
    /// The window has more squares than `limit`.
    TooLarge {
        /// The window's squares.
        squares: u64,
        /// The most a map may have.
        limit: u64,
    },
    /// The window is empty or not within the board.
    OffBoard,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MapError::TooLarge { squares, limit } => write!(
                f,
                "a distance map of {squares} squares is too large: at most {limit}"
            ),
            MapError::OffBoard => f.write_str("the window is not within the board"),
        }
    }
}

impl std::error::Error for MapError {}

/// The fewest knight moves from `from` to every square of the window
/// `files` × `ranks` of `board`, each exact (the closed form, on boards up
/// to 10⁹ a side), for windows of at most `max_squares` squares.
///
/// # Errors
///
/// [`MapError::TooLarge`] past `max_squares`; [`MapError::OffBoard`] for a
/// window that is empty or not within the board.
///
/// ```
/// use knight::{Board, Square};
/// use knight::plain::distance_map;
/// let g2 = Square::new(6, 1);
/// let map = distance_map(Board::CHESS, g2, 0..8, 0..8, 65_536)?;
/// let rows: Vec<&[Option<u64>]> = map.rows().collect();
/// assert_eq!(rows[0][0], Some(4)); // a8, the top left corner
/// assert_eq!(rows[6][6], Some(0)); // g2 itself
/// assert_eq!(map.farthest, Some(5));
/// # Ok::<(), knight::plain::MapError>(())
/// ```
pub fn distance_map(
    board: Board,
    from: Square,
    files: Range<u32>,
    ranks: Range<u32>,
    max_squares: u64,
) -> Result<DistanceMap, MapError> {
    let within = |r: &Range<u32>, all: Range<u32>| r.start < r.end && r.end <= all.end;
    if !within(&files, board.files()) || !within(&ranks, board.ranks()) {
        return Err(MapError::OffBoard);
    }
    let squares = u64::from(files.end - files.start) * u64::from(ranks.end - ranks.start);
    if squares > max_squares {
        return Err(MapError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    let mut moves = Vec::with_capacity(squares.usize());
    for rank in ranks.clone().rev() {
        for file in files.clone() {
            moves.push(knight_distance(board, from, Square::new(file, rank)));
        }
    }
    let farthest = moves.iter().flatten().copied().max();
    Ok(DistanceMap {
        files,
        ranks,
        moves,
        farthest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::bfs::{distances_from, UNREACHED};

    /// Breadth-first search's distances, by index.
    fn bfs_distances(board: Board, from: Square) -> Vec<Option<u64>> {
        let all = distances_from(board, from);
        all.into_iter()
            .map(|d| (d != UNREACHED).then_some(u64::from(d)))
            .collect()
    }

    /// Every square of every board up to 12 × 12 from a few starts, and a
    /// window, against breadth-first search.
    #[test]
    fn maps_agree_with_bfs() {
        for w in 1..=12u32 {
            for h in 1..=12u32 {
                let board = Board::new(w.into(), h.into()).unwrap();
                for from in [
                    Square::new(0, 0),
                    Square::new(w / 2, h / 2),
                    Square::new(w - 1, 0),
                ] {
                    let truth = bfs_distances(board, from);
                    let map = distance_map(board, from, 0..w, 0..h, 1 << 20).unwrap();
                    let mut k = 0;
                    for rank in (0..h).rev() {
                        for file in 0..w {
                            let i = board.index(Square::new(file, rank)).usize();
                            assert_eq!(map.moves[k], truth[i], "{w}x{h} {from} {file},{rank}");
                            k += 1;
                        }
                    }
                    assert_eq!(map.farthest, truth.iter().flatten().copied().max());
                }
            }
        }
    }

    #[test]
    fn windows_and_limits() {
        let g = 1_000_000_000u32;
        let board = Board::new(g.into(), g.into()).unwrap();
        let from = Square::new(g / 2, g / 2);
        let map = distance_map(board, from, g / 2 - 2..g / 2 + 3, g / 2..g / 2 + 1, 100).unwrap();
        assert_eq!(map.moves, [Some(2), Some(3), Some(0), Some(3), Some(2)]);
        assert_eq!(
            distance_map(board, from, 0..300, 0..300, 65_536),
            Err(MapError::TooLarge {
                squares: 90_000,
                limit: 65_536
            })
        );
        assert_eq!(
            distance_map(Board::CHESS, from, 0..9, 0..8, 100),
            Err(MapError::OffBoard)
        );
        assert_eq!(
            distance_map(Board::CHESS, from, 3..3, 0..8, 100),
            Err(MapError::OffBoard)
        );
    }
}
