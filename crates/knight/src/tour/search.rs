//! Depth-first search for knight's paths on a small rectangle, ordered by
//! Warnsdorff's rule (fewest onward moves first) with Roth's tie-break
//! (farther from the centre first), under a node budget.
//!
//! With no backtracking needed this *is* Warnsdorff's heuristic; with
//! backtracking it becomes a complete search, so an exhausted search (one that
//! finished inside its budget without a path) proves that no path exists.
//! The rectangle is a [`Grid`] addressed locally (`index = y * w + x`);
//! callers map the squares onto the real board.

pub use crate::board::Grid;
use crate::board::{Board, Spot};

/// Where a searched path must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Anywhere: an open path.
    Anywhere,
    /// One knight move from the start: a closed path (a cycle).
    NextToStart,
}

impl End {
    /// Where an open path ends, or with `closed` a cycle.
    pub fn of(closed: bool) -> End {
        if closed {
            End::NextToStart
        } else {
            End::Anywhere
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A path through every square, as local indices from the start.
    Found(Vec<u32>),
    /// The whole tree was searched: there is no such path.
    Exhausted,
    /// The node budget ran out first.
    GaveUp,
}

/// The `w` × `h` rectangle as a grid (both sides at most a million).
pub fn rectangle(w: usize, h: usize) -> Grid {
    let side = |n: usize| u64::try_from(n).expect("a side fits in 64 bits");
    Board::new(side(w), side(h))
        .ok()
        .and_then(Grid::new)
        .expect("a rectangle of a board that has a tour")
}

/// The knight moves from `i` as (move number, square), in step order.
#[inline]
fn moves(grid: Grid, i: usize) -> impl Iterator<Item = (usize, usize)> {
    grid.neighbours(Spot::new(i))
        .map(|(k, spot)| (k, spot.index()))
}

fn adjacent(grid: Grid, a: usize, b: usize) -> bool {
    grid.adjacent(Spot::new(a), Spot::new(b))
}

/// Twice the distance from the centre, squared (kept integral).
fn centre_distance(grid: Grid, i: usize) -> u64 {
    let square = grid.square(Spot::new(i));
    let board = grid.board();
    let off = |x: u32, side: u64| (2 * u64::from(x)).abs_diff(side - 1);
    off(square.file(), board.width()).pow(2) + off(square.rank(), board.height()).pow(2)
}

/// One search state: which squares are taken and how many free moves each
/// free square still has.
struct State {
    grid: Grid,
    taken: Vec<bool>,
    free_moves: Vec<u8>,
    /// Free squares one move from the start (a closed path must end on one).
    start_exits: usize,
    start: usize,
}

impl State {
    fn take(&mut self, i: usize) {
        self.taken[i] = true;
        if adjacent(self.grid, i, self.start) {
            self.start_exits -= 1;
        }
        for (_, n) in moves(self.grid, i) {
            self.free_moves[n] -= 1;
        }
    }

    fn release(&mut self, i: usize) {
        self.taken[i] = false;
        if adjacent(self.grid, i, self.start) {
            self.start_exits += 1;
        }
        for (_, n) in moves(self.grid, i) {
            self.free_moves[n] += 1;
        }
    }

    /// The free squares one move from `i`, best first: fewest onward moves
    /// (Warnsdorff), then farthest from the centre (Roth), then the move
    /// order turned by `variant`. Empty when the position is hopeless.
    fn choices(&self, i: usize, left: usize, end: End, variant: usize) -> ([usize; 8], usize) {
        let mut keyed = [(0u8, 0u64, 0usize, 0usize); 8];
        let mut n = 0;
        for (k, next) in moves(self.grid, i) {
            if self.taken[next] {
                continue;
            }
            let onward = self.free_moves[next];
            // A free neighbour with no other free neighbour can only be the
            // last square; leaving it behind strands it.
            if onward == 0 && left > 1 {
                return ([0; 8], 0);
            }
            let centre = if variant & 8 == 0 {
                u64::MAX - centre_distance(self.grid, next)
            } else {
                centre_distance(self.grid, next)
            };
            keyed[n] = (onward, centre, (k + variant) % 8, next);
            n += 1;
        }
        if end == End::NextToStart && self.start_exits == 0 && left > 0 {
            return ([0; 8], 0);
        }
        keyed[..n].sort_unstable();
        let mut out = [0usize; 8];
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = key.3;
        }
        (out, n)
    }
}

/// Searches for a path from `start` through every square of `grid` that
/// ends as `end` asks, visiting at most `budget` nodes.
pub fn knight_path(grid: Grid, start: usize, end: End, variant: usize, budget: u64) -> Outcome {
    let total = grid.len();
    if total == 0 || start >= total {
        return Outcome::Exhausted;
    }
    let mut state = State {
        grid,
        taken: vec![false; total],
        free_moves: (0..total)
            .map(|i| u8::try_from(moves(grid, i).count()).expect("at most eight"))
            .collect(),
        start_exits: moves(grid, start).count(),
        start,
    };
    let ends_well = |last: usize| match end {
        End::Anywhere => true,
        End::NextToStart => total > 2 && adjacent(grid, last, start),
    };
    state.take(start);
    // The path, and for each square on it how many of its choices were tried.
    let mut path: Vec<u32> = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    path.push(Spot::new(start).raw());
    tried.push(0);
    let mut nodes = 0u64;
    loop {
        let depth = path.len();
        let here = Spot::from_raw(path[depth - 1]).index();
        if depth == total {
            if ends_well(here) {
                return Outcome::Found(path);
            }
        } else {
            let (choices, n) = state.choices(here, total - depth, end, variant);
            let k = usize::from(tried[depth - 1]);
            if k < n {
                tried[depth - 1] += 1;
                nodes += 1;
                if nodes > budget {
                    return Outcome::GaveUp;
                }
                let next = choices[k];
                state.take(next);
                path.push(Spot::new(next).raw());
                tried.push(0);
                continue;
            }
        }
        // Every choice from here failed: step back.
        if depth == 1 {
            return Outcome::Exhausted;
        }
        path.pop();
        tried.pop();
        state.release(here);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(grid: Grid, start: usize, path: &[u32], end: End) {
        assert_eq!(path.len(), grid.len());
        assert_eq!(path[0] as usize, start);
        let mut seen = vec![false; grid.len()];
        for w in path.windows(2) {
            assert!(adjacent(grid, w[0] as usize, w[1] as usize));
        }
        for &i in path {
            assert!(!seen[i as usize]);
            seen[i as usize] = true;
        }
        if end == End::NextToStart {
            assert!(adjacent(grid, *path.last().unwrap() as usize, start));
        }
    }

    #[test]
    fn warnsdorff_finds_8x8_tours() {
        let g = rectangle(8, 8);
        for end in [End::Anywhere, End::NextToStart] {
            match knight_path(g, 0, end, 0, 1_000_000) {
                Outcome::Found(p) => check(g, 0, &p, end),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn exhausts_impossible_boards() {
        assert_eq!(
            knight_path(rectangle(4, 4), 0, End::Anywhere, 0, 10_000_000),
            Outcome::Exhausted
        );
        assert_eq!(
            knight_path(rectangle(3, 3), 0, End::Anywhere, 0, 1_000),
            Outcome::Exhausted
        );
    }
}
