//! Depth-first search for knight's paths on a small rectangle, ordered by
//! Warnsdorff's rule (fewest onward moves first) with Roth's tie-break
//! (farther from the centre first), under a node budget.
//!
//! With no backtracking needed this *is* Warnsdorff's heuristic; with
//! backtracking it becomes a complete search, so an exhausted search (one that
//! finished inside its budget without a path) proves that no path exists.
//! The rectangle is addressed locally (`index = y * w + x`); callers map the
//! squares onto the real board.

use crate::solver::board::KNIGHT_MOVES;

/// Where a searched path must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Anywhere: an open path.
    Anywhere,
    /// One knight move from the start: a closed path (a cycle).
    NextToStart,
    /// On one of the first `n` files (x < n).
    FirstFiles(usize),
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

/// A `w` × `h` rectangle.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    pub w: usize,
    pub h: usize,
}

impl Grid {
    pub fn len(self) -> usize {
        self.w * self.h
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The knight moves from `i` as (move number, square), in KNIGHT_MOVES order.
    fn moves(self, i: usize) -> impl Iterator<Item = (usize, usize)> {
        let (x, y) = ((i % self.w) as i64, (i / self.w) as i64);
        let (w, h) = (self.w as i64, self.h as i64);
        KNIGHT_MOVES
            .iter()
            .enumerate()
            .filter_map(move |(k, &(dx, dy))| {
                let (nx, ny) = (x + dx, y + dy);
                ((0..w).contains(&nx) && (0..h).contains(&ny)).then(|| (k, (ny * w + nx) as usize))
            })
    }

    pub fn adjacent(self, a: usize, b: usize) -> bool {
        let (ax, ay) = (a % self.w, a / self.w);
        let (bx, by) = (b % self.w, b / self.w);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }

    /// Twice the squared distance from the centre (kept integral).
    fn centre_distance(self, i: usize) -> u64 {
        let dx = (2 * (i % self.w)) as i64 - (self.w as i64 - 1);
        let dy = (2 * (i / self.w)) as i64 - (self.h as i64 - 1);
        (dx * dx + dy * dy) as u64
    }
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
        if self.grid.adjacent(i, self.start) {
            self.start_exits -= 1;
        }
        for (_, n) in self.grid.moves(i) {
            self.free_moves[n] -= 1;
        }
    }

    fn release(&mut self, i: usize) {
        self.taken[i] = false;
        if self.grid.adjacent(i, self.start) {
            self.start_exits += 1;
        }
        for (_, n) in self.grid.moves(i) {
            self.free_moves[n] += 1;
        }
    }

    /// The free squares one move from `i`, best first: fewest onward moves
    /// (Warnsdorff), then farthest from the centre (Roth), then the move
    /// order turned by `variant`. Empty when the position is hopeless.
    fn choices(&self, i: usize, left: usize, end: End, variant: usize) -> ([u32; 8], usize) {
        let mut keyed = [(0u8, 0u64, 0usize, 0u32); 8];
        let mut n = 0;
        for (k, next) in self.grid.moves(i) {
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
                u64::MAX - self.grid.centre_distance(next)
            } else {
                self.grid.centre_distance(next)
            };
            keyed[n] = (onward, centre, (k + variant) % 8, next as u32);
            n += 1;
        }
        if end == End::NextToStart && self.start_exits == 0 && left > 0 {
            return ([0; 8], 0);
        }
        keyed[..n].sort_unstable();
        let mut out = [0u32; 8];
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
        free_moves: (0..total).map(|i| grid.moves(i).count() as u8).collect(),
        start_exits: grid.moves(start).count(),
        start,
    };
    let ends_well = |last: usize| match end {
        End::Anywhere => true,
        End::NextToStart => total > 2 && grid.adjacent(last, start),
        End::FirstFiles(n) => last % grid.w < n,
    };
    state.take(start);
    // The path, and for each square on it how many of its choices were tried.
    let mut path: Vec<u32> = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    path.push(start as u32);
    tried.push(0);
    let mut nodes = 0u64;
    loop {
        let depth = path.len();
        let here = path[depth - 1] as usize;
        if depth == total {
            if ends_well(here) {
                return Outcome::Found(path);
            }
        } else {
            let (choices, n) = state.choices(here, total - depth, end, variant);
            let k = tried[depth - 1] as usize;
            if k < n {
                tried[depth - 1] += 1;
                nodes += 1;
                if nodes > budget {
                    return Outcome::GaveUp;
                }
                let next = choices[k] as usize;
                state.take(next);
                path.push(next as u32);
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
            assert!(grid.adjacent(w[0] as usize, w[1] as usize));
        }
        for &i in path {
            assert!(!seen[i as usize]);
            seen[i as usize] = true;
        }
        if end == End::NextToStart {
            assert!(grid.adjacent(*path.last().unwrap() as usize, start));
        }
    }

    #[test]
    fn warnsdorff_finds_8x8_tours() {
        let g = Grid { w: 8, h: 8 };
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
            knight_path(Grid { w: 4, h: 4 }, 0, End::Anywhere, 0, 10_000_000),
            Outcome::Exhausted
        );
        assert_eq!(
            knight_path(Grid { w: 3, h: 3 }, 0, End::Anywhere, 0, 1_000),
            Outcome::Exhausted
        );
    }
}
