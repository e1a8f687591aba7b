//! Exact knight distances by arithmetic, on every board up to
//! 1,000,000,000 a side, in constant time and memory.
//!
//! Boards are told apart by their shorter side `w`:
//!
//! - `w >= 5`: the distance of the unbounded board ([`unbounded_distance`]),
//!   except between a corner and its diagonal neighbour, which takes 4 moves
//!   (the 2-move routes both leave the board).
//! - `w` is 3 or 4: the strip has exceptions of its own all along its edges;
//!   [`super::strip`] answers it from a small table with a proof of why the
//!   table covers strips of any length.
//! - `w == 2`: the only moves are (±1, ±2) along the length, each one
//!   switching file; a square is reached iff the length gap is even and half
//!   of it has the parity of the file change, in exactly half the gap.
//! - `w == 1`: no moves at all.
//!
//! Every rule is checked against breadth-first search for every pair of every
//! board up to 24×24 in the normal test suite (48×48 in an ignored test), for
//! long narrow boards, and for random pairs on boards up to 300×300.

use super::strip;
use crate::board::{Board, Square};

/// The fewest knight moves between squares `dx` files and `dy` ranks apart on
/// a board without edges.
///
/// With `X >= Y` the larger and smaller of `|dx|`, `|dy|`: (1, 0) takes 3 and
/// (2, 2) takes 4; otherwise, with `p = X - Y` and `q = p - Y`, the distance
/// is `p - 2⌊q / 3⌋` when `q < 0` (many diagonal-ish moves) and
/// `p - 2⌊q / 4⌋` otherwise (mostly straight runs of (2, 1) moves).
#[inline]
pub fn unbounded_distance(dx: u64, dy: u64) -> u64 {
    let (x, y) = if dx >= dy { (dx, dy) } else { (dy, dx) };
    // Coordinates are below 10^9, so i64 holds every intermediate value.
    let signed = |n: u64| i64::try_from(n).expect("a coordinate below 10^9");
    let (x, y) = (signed(x), signed(y));
    match (x, y) {
        (1, 0) => return 3,
        (2, 2) => return 4,
        _ => {}
    }
    let p = x - y;
    let q = p - y;
    // Both quotients are cheap; choosing between them without a branch keeps
    // path building (eight of these a step, either sign) free of mispredicts.
    let by_three = q.div_euclid(3);
    let by_four = q >> 2;
    let steps = if q < 0 { by_three } else { by_four };
    u64::try_from(p - 2 * steps).expect("a distance is not negative")
}

/// The fewest knight moves from `from` to `to` on `board`, `None` when no
/// sequence of moves joins them. Constant time; no memory beyond the stack
/// (and, for 3- and 4-wide boards, one small shared table).
#[inline]
pub fn plain_distance(board: Board, from: Square, to: Square) -> Option<u64> {
    let (width, height) = (board.width(), board.height());
    // Short coordinate across the narrow side, long coordinate along the other.
    let (a, b) = (coords(from), coords(to));
    let (w, n, a, b) = if width <= height {
        (width, height, a, b)
    } else {
        (height, width, (a.1, a.0), (b.1, b.0))
    };
    if w >= 5 {
        return Some(wide_distance(w, n, a, b));
    }
    match w {
        1 => (a == b).then_some(0),
        2 => two_wide_distance(a, b),
        _ => strip::strip_distance(w, n, a, b),
    }
}

/// On a board with both sides at least 5, the distance from any square to
/// `to`, with the board's dispatch done once: what path building calls eight
/// times a step. `None` on narrower boards.
pub fn wide_distance_to(board: Board, to: Square) -> Option<impl Fn(Square) -> u64> {
    let (w, h) = (board.width(), board.height());
    if w.min(h) < 5 {
        return None;
    }
    let target = coords(to);
    let target_is_corner = is_corner(w, h, target);
    Some(move |s: Square| {
        let s = coords(s);
        let dx = s.0.abs_diff(target.0);
        let dy = s.1.abs_diff(target.1);
        if dx == 1 && dy == 1 && (target_is_corner || is_corner(w, h, s)) {
            return 4;
        }
        unbounded_distance(dx, dy)
    })
}

/// Boards with both sides at least 5: the unbounded distance, but a corner
/// and its diagonal neighbour are 4 moves apart, not 2.
#[inline]
fn wide_distance(w: u64, n: u64, a: (u64, u64), b: (u64, u64)) -> u64 {
    let dx = a.0.abs_diff(b.0);
    let dy = a.1.abs_diff(b.1);
    if dx == 1 && dy == 1 && (is_corner(w, n, a) || is_corner(w, n, b)) {
        return 4;
    }
    unbounded_distance(dx, dy)
}

/// A square as (file, rank) in the width of the arithmetic.
#[inline]
fn coords(s: Square) -> (u64, u64) {
    (u64::from(s.file()), u64::from(s.rank()))
}

#[inline]
fn is_corner(w: u64, n: u64, s: (u64, u64)) -> bool {
    (s.0 == 0 || s.0 == w - 1) && (s.1 == 0 || s.1 == n - 1)
}

/// Boards 2 wide: every move is (±1, ±2), so the file flips at each move and
/// moving back and forth wastes moves in pairs.
#[inline]
fn two_wide_distance(a: (u64, u64), b: (u64, u64)) -> Option<u64> {
    let gap = a.1.abs_diff(b.1);
    let moves = gap / 2;
    let flips = a.0 != b.0;
    (gap % 2 == 0 && (moves % 2 == 1) == flips).then_some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unbounded_known_values() {
        assert_eq!(unbounded_distance(0, 0), 0);
        assert_eq!(unbounded_distance(1, 0), 3);
        assert_eq!(unbounded_distance(0, 1), 3);
        assert_eq!(unbounded_distance(1, 1), 2);
        assert_eq!(unbounded_distance(2, 1), 1);
        assert_eq!(unbounded_distance(2, 2), 4);
        assert_eq!(unbounded_distance(3, 3), 2);
        assert_eq!(unbounded_distance(4, 0), 2);
        assert_eq!(unbounded_distance(7, 7), 6);
        assert_eq!(unbounded_distance(6, 6), 4);
        assert_eq!(unbounded_distance(999_999_999, 999_999_999), 666_666_666);
    }

    /// Breadth-first search on a board large enough that edges never matter
    /// for the offsets tested.
    #[test]
    fn unbounded_agrees_with_bfs_in_the_middle_of_a_large_board() {
        let board = Board::new(61, 61).unwrap();
        let centre = Square::new(30, 30);
        let dist = super::super::bfs::distances_from(board, centre);
        for dx in 0..=20u32 {
            for dy in 0..=20u32 {
                let s = Square::new(30 + dx, 30 + dy);
                assert_eq!(
                    u64::from(dist[board.slot(s)]),
                    unbounded_distance(u64::from(dx), u64::from(dy)),
                    "({dx}, {dy})"
                );
            }
        }
    }

    #[test]
    fn corner_and_diagonal_neighbour() {
        let b = Board::new(1_000_000_000, 7).unwrap();
        let corner = Square::new(999_999_999, 6);
        let next = Square::new(999_999_998, 5);
        assert_eq!(plain_distance(b, corner, next), Some(4));
        assert_eq!(plain_distance(b, next, corner), Some(4));
    }

    #[test]
    fn narrow_boards() {
        let one = Board::new(1, 1_000_000_000).unwrap();
        let two = Board::new(1_000_000_000, 2).unwrap();
        for (b, from, to, want) in [
            (one, (0, 5), (0, 5), Some(0)),
            (one, (0, 5), (0, 7), None),
            (two, (0, 0), (2, 1), Some(1)),
            (two, (0, 0), (4, 0), Some(2)),
            (two, (0, 0), (4, 1), None),
            (two, (0, 0), (1, 0), None),
        ] {
            let (from, to) = (Square::new(from.0, from.1), Square::new(to.0, to.1));
            assert_eq!(plain_distance(b, from, to), want, "{b}: {from} -> {to}");
        }
    }
}
