//! Fewest knight moves and shortest paths between two squares of a plain
//! board of any size.
//!
//! Distances come from arithmetic ([`plain_distance`]), exact on every board
//! up to 1,000,000,000 a side; the 8×8 board is answered from the warmed
//! [`ChessTable`]. A path is built by the one rule of [`straightest_path`],
//! fed with the exact distance to the destination, so its time and memory are
//! proportional to its length, never to the board.

use std::fmt;

use super::closed_form::{plain_distance, wide_distance_to};
use super::path::straightest_path;
use super::table::ChessTable;
use crate::board::{Board, Square};

/// Why a path can't be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistanceError {
    /// The path would list more squares than allowed.
    PathTooLong {
        /// The squares the path would list.
        squares: u64,
        /// The most the caller allows.
        limit: u64,
    },
}

impl fmt::Display for DistanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistanceError::PathTooLong { squares, limit } => write!(
                f,
                "the path would list {squares} squares, more than the {limit} allowed"
            ),
        }
    }
}

impl std::error::Error for DistanceError {}

/// The fewest knight moves from `from` to `to`, `None` when unreachable.
/// Constant time and memory on every board.
#[inline]
///
/// ```
/// use knight::{knight_distance, Board, Square};
/// let chess = Board::CHESS;
/// let sq = |i| chess.from_index(i).unwrap();
/// assert_eq!(knight_distance(chess, sq(0), sq(1)), Some(3));
/// assert_eq!(knight_distance(chess, sq(19), sq(36)), Some(1));
/// // The centre of a 3×3 board cannot be reached.
/// let three = Board::new(3, 3).unwrap();
/// assert_eq!(knight_distance(three, Square::new(0, 0), Square::new(1, 1)), None);
/// // Exact on the largest boards, in constant time.
/// let huge = Board::new(1_000_000_000, 1_000_000_000).unwrap();
/// let corner = Square::new(999_999_999, 999_999_999);
/// assert_eq!(knight_distance(huge, Square::new(0, 0), corner), Some(666_666_666));
/// ```
pub fn knight_distance(board: Board, from: Square, to: Square) -> Option<u64> {
    if board == Board::CHESS {
        return Some(ChessTable::get().distance(from, to));
    }
    plain_distance(board, from, to)
}

/// knightd's shortest path from `from` to `to` (see `straightest_path`),
/// both ends included; `None` when unreachable. A path of more than
/// `max_squares` squares is refused before any of it is built.
///
/// # Errors
///
/// [`DistanceError::PathTooLong`] when the path would list more than
/// `max_squares` squares (ask [`knight_distance`] for its length instead).
///
/// ```
/// use knight::{shortest_path, Board, DistanceError, Square};
/// let board = Board::new(1_000_000, 1_000_000).unwrap();
/// let (a, b) = (Square::new(0, 0), Square::new(999_999, 999_999));
/// assert!(matches!(
///     shortest_path(board, a, b, 1_000),
///     Err(DistanceError::PathTooLong { squares: 666_667, .. })
/// ));
/// let path = shortest_path(board, a, Square::new(1, 2), 1_000).unwrap();
/// assert_eq!(path, Some(vec![a, Square::new(1, 2)]));
/// ```
pub fn shortest_path(
    board: Board,
    from: Square,
    to: Square,
    max_squares: u64,
) -> Result<Option<Vec<Square>>, DistanceError> {
    let Some(moves) = knight_distance(board, from, to) else {
        return Ok(None);
    };
    let squares = moves + 1;
    if squares > max_squares {
        return Err(DistanceError::PathTooLong {
            squares,
            limit: max_squares,
        });
    }
    if board == Board::CHESS {
        return Ok(Some(ChessTable::get().path(from, to)));
    }
    if let Some(distance_to_target) = wide_distance_to(board, to) {
        return Ok(Some(straightest_path(
            board,
            from,
            to,
            moves,
            distance_to_target,
        )));
    }
    Ok(Some(straightest_path(board, from, to, moves, |s| {
        plain_distance(board, s, to).unwrap_or(u64::MAX)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::bfs::{distances_from, UNREACHED};

    /// A tiny deterministic generator (xorshift64*), so the random tests
    /// need no dependency and always draw the same cases.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// A number in `lo..=hi`.
        fn range(&mut self, lo: u64, hi: u64) -> u64 {
            lo + self.next() % (hi - lo + 1)
        }
    }

    fn board(w: u64, h: u64) -> Board {
        Board::new(w, h).unwrap()
    }

    fn all_squares(b: Board) -> impl Iterator<Item = Square> {
        (0..b.squares()).map(move |i| b.from_index(i).unwrap())
    }

    /// Every pair with `from` as source: one BFS, then the closed form for
    /// each target.
    fn check_source(b: Board, from: Square) {
        let dist = distances_from(b, from);
        for to in all_squares(b) {
            let want = dist[b.slot(to)];
            let want = (want != UNREACHED).then_some(u64::from(want));
            assert_eq!(knight_distance(b, from, to), want, "{b}: {from} -> {to}");
        }
    }

    /// Every pair of `b`: the same breadth-first search as [`distances_from`],
    /// over neighbour lists built once from [`Board::knight_moves`] so that a
    /// debug build gets through hundreds of boards quickly.
    fn check_board(b: Board) {
        let squares: Vec<Square> = all_squares(b).collect();
        let neighbours: Vec<Vec<usize>> = squares
            .iter()
            .map(|&s| b.knight_moves(s).map(|t| b.slot(t)).collect())
            .collect();
        let mut dist = vec![UNREACHED; squares.len()];
        let mut queue = Vec::with_capacity(squares.len());
        for (source, &from) in squares.iter().enumerate() {
            dist.fill(UNREACHED);
            dist[source] = 0;
            queue.clear();
            queue.push(source);
            let mut head = 0;
            while head < queue.len() {
                let here = queue[head];
                head += 1;
                for &next in &neighbours[here] {
                    if dist[next] == UNREACHED {
                        dist[next] = dist[here] + 1;
                        queue.push(next);
                    }
                }
            }
            for (&to, &want) in squares.iter().zip(&dist) {
                let want = (want != UNREACHED).then_some(u64::from(want));
                if knight_distance(b, from, to) != want {
                    panic!("{b}: {from} -> {to}: BFS says {want:?}");
                }
            }
        }
    }

    #[test]
    fn agrees_with_bfs_on_every_board_up_to_24_by_24() {
        for w in 1..=24 {
            for h in 1..=24 {
                check_board(board(w, h));
            }
        }
    }

    /// Strips 3 and 4 wide have exceptions all along their length; boards 5
    /// to 7 wide are the narrowest the unbounded rule covers.
    #[test]
    fn agrees_with_bfs_on_long_narrow_boards() {
        for w in 1..=7 {
            for n in 25..=48 {
                check_board(board(w, n));
                if w <= 4 {
                    check_board(board(n, w));
                }
            }
        }
    }

    #[test]
    #[ignore = "exhaustive to 48x48 and 300-long strips: minutes in a debug build; run with --release"]
    fn agrees_with_bfs_on_every_board_up_to_48_by_48() {
        for w in 1..=48 {
            for h in 1..=48 {
                check_board(board(w, h));
            }
        }
        for w in 1..=7 {
            for n in 49..=300 {
                check_board(board(w, n));
                check_board(board(n, w));
            }
        }
    }

    #[test]
    fn agrees_with_bfs_on_random_boards_up_to_300() {
        let mut rng = XorShift(0x6b6e_6967_6874_6421);
        for _ in 0..120 {
            let b = board(rng.range(1, 300), rng.range(1, 300));
            let from = b.from_index(rng.range(0, b.squares() - 1)).unwrap();
            check_source(b, from);
        }
    }

    #[test]
    fn published_puzzle_answers_and_unreachable_squares() {
        let chess = Board::CHESS;
        let sq = |i| chess.from_index(i).unwrap();
        for (a, b, d) in crate::plain::table::PUBLISHED {
            assert_eq!(knight_distance(chess, sq(a), sq(b)), Some(d));
        }
        let three = board(3, 3);
        let (line, two) = (board(1, 1_000_000_000), board(1_000_000_000, 2));
        for (b, from, to, want) in [
            (three, (1, 1), (0, 0), None),
            (three, (1, 1), (1, 1), Some(0)),
            (line, (0, 0), (0, 1), None),
            (two, (0, 0), (1, 0), None),
            (two, (0, 0), (999_999_996, 0), Some(499_999_998)),
        ] {
            let (from, to) = (Square::new(from.0, from.1), Square::new(to.0, to.1));
            assert_eq!(knight_distance(b, from, to), want, "{b}: {from} -> {to}");
        }
        assert_eq!(
            shortest_path(three, Square::new(0, 0), Square::new(1, 1), 10),
            Ok(None)
        );
    }

    /// The path is the one the BFS-driven rule gave before distances came
    /// from arithmetic: same rule, same exact distances, same squares.
    #[test]
    fn paths_are_those_of_the_bfs_driven_rule() {
        let boards = (1..=9)
            .flat_map(|w| (1..=9).map(move |h| board(w, h)))
            .chain([board(3, 30), board(30, 4), board(5, 25), board(12, 12)]);
        for b in boards {
            for to in all_squares(b) {
                let dist = distances_from(b, to);
                for from in all_squares(b) {
                    let moves = dist[b.slot(from)];
                    let got = shortest_path(b, from, to, u64::MAX).unwrap();
                    if moves == UNREACHED {
                        assert_eq!(got, None);
                        continue;
                    }
                    let want = straightest_path(b, from, to, u64::from(moves), |s| {
                        u64::from(dist[b.slot(s)])
                    });
                    assert_eq!(got, Some(want), "{b}: {from} -> {to}");
                }
            }
        }
    }

    /// Each step a knight move on the board, the right ends, and as many moves
    /// as the closed form says.
    fn check_path(b: Board, from: Square, to: Square) -> u64 {
        let moves = knight_distance(b, from, to).unwrap();
        let path = shortest_path(b, from, to, u64::MAX).unwrap().unwrap();
        assert_eq!(
            u64::try_from(path.len()),
            Ok(moves + 1),
            "{b}: {from} -> {to}"
        );
        assert_eq!((path[0], *path.last().unwrap()), (from, to));
        for step in path.windows(2) {
            assert!(b.contains(step[1]), "{b}: {} is off the board", step[1]);
            assert!(
                step[0].is_knight_move_to(step[1]),
                "{b}: {} -> {}",
                step[0],
                step[1]
            );
        }
        moves
    }

    /// The fewest moves by BFS on the part of `b` within `margin` squares of
    /// the pair's bounding box. A window only lengthens paths, and a path of
    /// `d` moves strays at most `2d` squares from its start, so once the
    /// window's answer `d` has `2d <= margin` it is the board's distance.
    fn window_distance(b: Board, from: Square, to: Square) -> u64 {
        let mut margin: u32 = 16;
        loop {
            let lo = |x: u32, y: u32| x.min(y).saturating_sub(margin);
            let hi = |x: u32, y: u32, side: u64| u64::from(x.max(y) + margin).min(side - 1);
            let (f0, r0) = (lo(from.file(), to.file()), lo(from.rank(), to.rank()));
            let f1 = hi(from.file(), to.file(), b.width());
            let r1 = hi(from.rank(), to.rank(), b.height());
            let window = board(f1 - u64::from(f0) + 1, r1 - u64::from(r0) + 1);
            let shift = |s: Square| Square::new(s.file() - f0, s.rank() - r0);
            let d = distances_from(window, shift(from))[window.slot(shift(to))];
            assert_ne!(d, UNREACHED, "{b}: {from} -> {to}");
            if 2 * d <= margin {
                return u64::from(d);
            }
            margin *= 2;
        }
    }

    #[test]
    fn random_paths_on_large_boards_are_valid_and_shortest() {
        let mut rng = XorShift(0x5eed_0f6b_6e69_6768);
        let sides = [
            (1_000_000, 1_000_000),
            (1_000_000_000, 1_000_000_000),
            (1_000_000_000, 5),
            (3, 1_000_000_000),
            (1_000_000_000, 4),
            (2, 1_000_000_000),
            (7, 1_000_000),
        ];
        for (w, h) in sides {
            let b = board(w, h);
            for i in 0..40 {
                // Near a corner, near an edge or anywhere, and a target up to
                // 60 squares away.
                let pick = |rng: &mut XorShift, side: u64| match i % 3 {
                    0 => rng.range(0, 3.min(side - 1)),
                    1 => side - 1 - rng.range(0, 3.min(side - 1)),
                    _ => rng.range(0, side - 1),
                };
                let coordinate = |n: u64| u32::try_from(n).expect("a side fits in u32");
                let from =
                    Square::new(coordinate(pick(&mut rng, w)), coordinate(pick(&mut rng, h)));
                let near = |rng: &mut XorShift, x: u64, side: u64| {
                    (x + rng.range(0, 120)).saturating_sub(60).min(side - 1)
                };
                let to = Square::new(
                    coordinate(near(&mut rng, u64::from(from.file()), w)),
                    coordinate(near(&mut rng, u64::from(from.rank()), h)),
                );
                if knight_distance(b, from, to).is_none() {
                    assert_eq!(shortest_path(b, from, to, u64::MAX), Ok(None));
                    continue;
                }
                let moves = check_path(b, from, to);
                assert_eq!(moves, window_distance(b, from, to), "{b}: {from} -> {to}");
            }
        }
    }

    #[test]
    fn far_corners_of_a_million_square_side() {
        let b = board(1_000_000, 1_000_000);
        let moves = check_path(b, Square::new(0, 0), Square::new(999_999, 999_999));
        assert_eq!(moves, 666_666);
        // On the largest board, a long path that starts in a corner.
        let b = board(1_000_000_000, 1_000_000_000);
        let from = Square::new(999_999_999, 0);
        let to = Square::new(999_999_999 - 100_000, 30_000);
        assert_eq!(check_path(b, from, to), 50_000);
    }

    #[test]
    fn too_long_paths_are_refused() {
        let b = board(1_000_000, 1_000_000);
        let far = Square::new(999_999, 999_999);
        assert_eq!(
            shortest_path(b, Square::new(0, 0), far, 1_000),
            Err(DistanceError::PathTooLong {
                squares: 666_667,
                limit: 1_000
            })
        );
        assert!(shortest_path(b, Square::new(0, 0), far, 666_667).is_ok());
        let huge = board(1_000_000_000, 1_000_000_000);
        let err = shortest_path(
            huge,
            Square::new(0, 0),
            Square::new(999_999_999, 999_999_999),
            1_000_000,
        )
        .unwrap_err();
        assert_eq!(
            err,
            DistanceError::PathTooLong {
                squares: 666_666_667,
                limit: 1_000_000
            }
        );
    }
}
