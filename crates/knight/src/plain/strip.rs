//! Exact distances on boards 3 or 4 squares wide and of any length, from one
//! small table.
//!
//! On a strip the edges are never far away, so the unbounded formula is wrong
//! in many places. Instead, a pair of squares is described by the files of
//! its two squares, the `gap` between their ranks along the strip, and the
//! number of ranks `below` the lower one and `above` the higher one. Two
//! facts shrink any such pair to one whose board is at most
//! `2 * MARGIN + GAP_FLOOR + 4` long, whose distance the table holds:
//!
//! 1. **Margins past [`MARGIN`] don't matter.** A move changes the rank by at
//!    most 2, so a path of `d` moves that dips `e` ranks below its lower end
//!    travels at least `2e + gap` ranks: `e <= (2d - gap) / 2`. Cutting a
//!    margin down to `MARGIN` ranks can only lengthen shortest paths (the cut
//!    board is a sub-board), and a shortest path of the full board dips at
//!    most `(2d_cut - gap) / 2` ranks, which the table test
//!    `margins_cover_every_shortest_path` shows is at most `MARGIN` for every
//!    entry: so that path fits in the cut board and the distances are equal.
//! 2. **Past [`GAP_FLOOR`], four more ranks cost exactly two more moves.** A
//!    shortest path of excess `2d - gap <= 2 * MARGIN` has at most that many
//!    moves that are not a forward (±1, +2) move, so a long gap holds a long
//!    run of forward moves, whose files go back and forth (`c, c±1, c`) within
//!    any four moves on a strip this narrow; two such moves can be cut out or
//!    put in (4 ranks, 2 moves) without touching the rest of the path. The
//!    rule is checked against breadth-first search for every pair on every
//!    3×n and 4×n board up to n = 48 in the normal suite and n = 300 in an
//!    ignored test, far beyond where it starts to hold (gap 8).

use std::sync::OnceLock;

use super::bfs::{distances_from, UNREACHED};
use crate::board::{Board, Square};
use crate::grid::Grid;

/// Ranks kept beyond each end of a pair; more never change its distance.
pub const MARGIN: u64 = 6;

/// Gaps of at least this many ranks are shortened by fours to below
/// `GAP_FLOOR + 4`, two moves per four ranks.
pub const GAP_FLOOR: u64 = 12;

const SIDES: u64 = MARGIN + 1;
const GAPS: u64 = GAP_FLOOR + 4;
/// A pair of the table with no path between (only on the 3×3 board).
const NO_PATH: u8 = u8::MAX;

/// Distances of every reduced pair on strips 3 and 4 wide.
pub struct StripTable {
    moves: Vec<u8>,
}

static TABLE: OnceLock<StripTable> = OnceLock::new();

impl StripTable {
    /// The table, built on first use (a few thousand searches of boards of
    /// at most 4×33 squares: well under a millisecond in a release build).
    pub fn get() -> &'static StripTable {
        TABLE.get_or_init(StripTable::build)
    }

    /// Where a reduced pair's entry is: by width, then below × above × gap
    /// × file × file.
    fn slot(w: u64, below: u64, above: u64, gap: u64, f1: u64, f2: u64) -> usize {
        let slot = (((((w - 3) * SIDES + below) * SIDES + above) * GAPS + gap) * 4 + f1) * 4 + f2;
        usize::try_from(slot).expect("a small table")
    }

    fn build() -> StripTable {
        let mut moves = vec![NO_PATH; Self::slot(4, MARGIN, MARGIN, GAPS - 1, 3, 3) + 1];
        let rank = |n: u64| u32::try_from(n).expect("a short board");
        // One search per start square serves all its targets, which come
        // one after another.
        let mut searched: Option<(Start, Vec<u32>)> = None;
        for (w, below, above, gap, f1, f2) in entries() {
            let length = below + gap + above + 1;
            let board = Board::new(w, length).expect("a small board");
            let start = (w, length, f1, below);
            if searched.as_ref().is_none_or(|(s, _)| *s != start) {
                let from = Square::new(rank(f1), rank(below));
                searched = Some((start, distances_from(board, from)));
            }
            let dist = &searched.as_ref().expect("searched above").1;
            let to = Square::new(rank(f2), rank(below + gap));
            let grid = Grid::new(board).expect("a small board");
            let d = dist[grid.spot(to).index()];
            moves[Self::slot(w, below, above, gap, f1, f2)] = if d == UNREACHED {
                NO_PATH
            } else {
                u8::try_from(d).expect("short boards have short paths")
            };
        }
        StripTable { moves }
    }

    /// The table's distance of a reduced pair, `None` when unreachable.
    fn lookup(&self, w: u64, below: u64, above: u64, gap: u64, f1: u64, f2: u64) -> Option<u64> {
        let d = self.moves[Self::slot(w, below, above, gap, f1, f2)];
        (d != NO_PATH).then_some(u64::from(d))
    }
}

/// A search's board and start: (width, length, file, rank).
type Start = (u64, u64, u64, u64);

/// Every reduced pair of the table: (width, below, above, gap, file, file).
fn entries() -> impl Iterator<Item = (u64, u64, u64, u64, u64, u64)> {
    (3..=4u64).flat_map(|w| {
        (0..=MARGIN).flat_map(move |below| {
            (0..=MARGIN).flat_map(move |above| {
                (0..GAPS).flat_map(move |gap| {
                    (0..w).flat_map(move |f1| (0..w).map(move |f2| (w, below, above, gap, f1, f2)))
                })
            })
        })
    })
}

/// The fewest moves between `a` and `b`, given as (across, along), on a strip
/// `w` (3 or 4) wide and `n >= w` long.
#[inline]
pub fn strip_distance(w: u64, n: u64, a: (u64, u64), b: (u64, u64)) -> Option<u64> {
    debug_assert!((3..=4).contains(&w) && n >= w);
    let (low, high) = if a.1 <= b.1 { (a, b) } else { (b, a) };
    let below = low.1.min(MARGIN);
    let above = (n - 1 - high.1).min(MARGIN);
    let mut gap = high.1 - low.1;
    let mut extra = 0;
    if gap >= GAP_FLOOR + 4 {
        let fours = (gap - GAP_FLOOR) / 4;
        gap -= 4 * fours;
        extra = 2 * fours;
    }
    StripTable::get()
        .lookup(w, below, above, gap, low.0, high.0)
        .map(|d| d + extra)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The premise of fact 1 in the module's documentation: no entry's
    /// shortest path can dip more than `MARGIN` ranks past either end.
    #[test]
    fn margins_cover_every_shortest_path() {
        let table = StripTable::get();
        for (w, below, above, gap, f1, f2) in entries() {
            let length = below + gap + above + 1;
            let found = table.lookup(w, below, above, gap, f1, f2);
            if length < w {
                // Boards this short are answered as narrower ones: the
                // entry is never read.
                continue;
            }
            let Some(d) = found else {
                // Only the 3×3 centre is cut off.
                assert_eq!((w, length), (3, 3));
                continue;
            };
            assert!(
                2 * d <= gap + 2 * MARGIN,
                "{w} wide: {below} {above} {gap} {f1} {f2}: {d}"
            );
        }
    }

    /// The premise of fact 2, inside the table: at the largest gaps it holds,
    /// four more ranks are two more moves.
    #[test]
    fn table_is_periodic_past_the_gap_floor() {
        let table = StripTable::get();
        for (w, below, above, gap, f1, f2) in entries().filter(|e| (8..GAPS - 4).contains(&e.3)) {
            let short = table.lookup(w, below, above, gap, f1, f2);
            let long = table.lookup(w, below, above, gap + 4, f1, f2);
            assert_eq!(short.map(|d| d + 2), long);
        }
    }

    #[test]
    fn strips_of_a_billion() {
        // Along the middle of a 3-wide strip the knight makes 2 ranks a move.
        let n = 1_000_000_000;
        assert_eq!(strip_distance(3, n, (0, 0), (1, 2)), Some(1));
        assert_eq!(
            strip_distance(3, n, (0, 0), (0, n - 1)).map(|d| d >= (n - 1) / 2),
            Some(true)
        );
        assert_eq!(strip_distance(4, n, (0, 0), (1, 0)), Some(3));
    }
}
