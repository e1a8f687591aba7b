//! Warnsdorff's rule (1823), as the textbooks teach it: from each square,
//! move to the free square with the fewest free onward moves. Ties are broken
//! by Roth's rule — the square farthest from the centre of the board
//! (Euclidean) — and then by the knight's move order of
//! [`STEPS`](crate::solver::board::STEPS): clockwise from one
//! file right and two ranks up. With a `seed`, ties on the onward count are
//! broken instead by a pseudo-random number drawn from the seed and the
//! square (splitmix64), so one seed always gives the same tour and different
//! seeds usually different ones.
//!
//! Where the rule leads into a dead end the search backtracks: it returns to
//! the last square with an untried choice and takes the next one in the same
//! order. Every step back is counted, and a budget of steps back bounds the
//! work; when it runs out the answer is an honest [`TourError::NotFound`],
//! never another method's tour. With a budget of 0 this is the rule alone.
//! One look ahead makes the steps back fewer: a free neighbour with no free
//! onward move could only be entered from here and never left, so unless it
//! is the last square the position is already a dead end. For a closed tour
//! the start's last free neighbour is kept for the last move.

use super::{existence, TourError};
use crate::solver::board::STEPS;

/// The steps back a search may take unless told otherwise.
pub const DEFAULT_BACKTRACKS: u64 = 1_000_000;

/// A tour found by Warnsdorff's rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarnsdorffTour {
    /// Board indices (`rank * width + file`) in order, from the start.
    pub path: Vec<u32>,
    /// How many times the search stepped back.
    pub backtracks: u64,
}

/// splitmix64 of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

struct Board {
    w: usize,
    h: usize,
}

impl Board {
    fn moves(&self, i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (x, y) = ((i % self.w) as i64, (i / self.w) as i64);
        STEPS.iter().enumerate().filter_map(move |(k, step)| {
            let (nx, ny) = (x + i64::from(step.file), y + i64::from(step.rank));
            ((0..self.w as i64).contains(&nx) && (0..self.h as i64).contains(&ny))
                .then(|| (k, ny as usize * self.w + nx as usize))
        })
    }

    /// Four times the squared distance from the centre.
    fn centre_distance(&self, i: usize) -> u64 {
        let dx = (2 * (i % self.w)) as i64 - (self.w as i64 - 1);
        let dy = (2 * (i / self.w)) as i64 - (self.h as i64 - 1);
        (dx * dx + dy * dy) as u64
    }
}

/// A tour of the `width` × `height` board from `start` (a board index) by
/// Warnsdorff's rule, closed if asked, stepping back at most `max_backtracks`
/// times. Boards of at most `max_squares` squares.
pub fn warnsdorff_tour(
    width: u64,
    height: u64,
    start: u64,
    closed: bool,
    seed: Option<u64>,
    max_backtracks: u64,
    max_squares: u64,
) -> Result<WarnsdorffTour, TourError> {
    let squares = width * height;
    if squares > max_squares || squares > u64::from(u32::MAX) {
        return Err(TourError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    if start >= squares {
        return Err(TourError::NotFound);
    }
    if let Some(why) = existence::ruled_out(width, height, start % width, start / width, closed) {
        return Err(TourError::NoTour(why));
    }
    let board = Board {
        w: width as usize,
        h: height as usize,
    };
    let total = squares as usize;
    let start = start as usize;
    let mut free: Vec<u8> = (0..total).map(|i| board.moves(i).count() as u8).collect();
    let mut taken = vec![false; total];
    let mut start_exits = free[start] as usize;
    let near_start = |i: usize| {
        let (ax, ay) = (i % board.w, i / board.w);
        let (bx, by) = (start % board.w, start / board.w);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    };
    let take = |i: usize, taken: &mut Vec<bool>, free: &mut Vec<u8>, exits: &mut usize| {
        taken[i] = true;
        if near_start(i) {
            *exits -= 1;
        }
        for (_, n) in board.moves(i) {
            free[n] -= 1;
        }
    };
    take(start, &mut taken, &mut free, &mut start_exits);
    let mut path: Vec<u32> = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    path.push(start as u32);
    tried.push(0);
    let mut backtracks = 0u64;
    loop {
        let depth = path.len();
        let here = path[depth - 1] as usize;
        if depth == total {
            if !closed || near_start(here) {
                return Ok(WarnsdorffTour { path, backtracks });
            }
        } else if !(closed && start_exits == 0) {
            // The choices from here, best first.
            let mut keyed = [(0u8, 0u64, 0usize, 0usize); 8];
            let mut n = 0;
            for (k, next) in board.moves(here) {
                if taken[next] {
                    continue;
                }
                if free[next] == 0 && depth + 1 < total {
                    // It could only be entered from here, and left by no move.
                    n = 0;
                    break;
                }
                if closed && start_exits == 1 && near_start(next) && depth + 1 < total {
                    // The start's last free neighbour is kept for the end.
                    continue;
                }
                let tie = match seed {
                    None => u64::MAX - board.centre_distance(next),
                    Some(s) => mix(s ^ mix(next as u64)),
                };
                keyed[n] = (free[next], tie, k, next);
                n += 1;
            }
            keyed[..n].sort_unstable();
            let k = tried[depth - 1] as usize;
            if k < n {
                tried[depth - 1] += 1;
                let next = keyed[k].3;
                take(next, &mut taken, &mut free, &mut start_exits);
                path.push(next as u32);
                tried.push(0);
                continue;
            }
        }
        // A dead end: step back.
        if depth == 1 || backtracks == max_backtracks {
            return Err(TourError::NotFound);
        }
        backtracks += 1;
        path.pop();
        tried.pop();
        taken[here] = false;
        if near_start(here) {
            start_exits += 1;
        }
        for (_, n) in board.moves(here) {
            free[n] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_alone_tours_8x8_from_a1() {
        let t = warnsdorff_tour(8, 8, 0, false, None, 0, 64).unwrap();
        assert_eq!(t.backtracks, 0);
        assert_eq!(t.path.len(), 64);
    }
}
