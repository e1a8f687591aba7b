//! The one depth-first engine of the tours ([`depth_first`]), and on it the
//! complete search of small boards ([`knight_path`]).
//!
//! The engine extends a path by the choices its [`Rules`] give, best first,
//! steps back from dead ends, and stops at the first complete path the
//! rules accept, when the tree is exhausted, or when its [`Budget`] (of
//! forward steps or of steps back) runs out. Five sets of rules use it:
//! this module's complete search, the covers of blocks by segments
//! ([`super::cover`]), Warnsdorff's method ([`super::warnsdorff`]), and the
//! two that extend a played prefix ([`Extending`]: the finish and the
//! window's sweep); all order their choices by Warnsdorff's rule (fewest
//! onward moves first), most with Roth's tie-break (farther from the
//! centre first).
//!
//! With no backtracking needed this *is* Warnsdorff's heuristic; with
//! backtracking it becomes a complete search, so an exhausted search (one that
//! finished inside its budget without a path) proves that no path exists.
//! The rectangle is a [`Grid`] addressed locally (`index = y * w + x`);
//! callers map the squares onto the real board.

use crate::board::{Board, Square};
pub use crate::grid::Grid;
use crate::grid::Int;
use crate::grid::Spot;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T = Vec<u32>> {
    /// A path through every square (as the rules number them, from the
    /// start), or what the caller made of it.
    Found(T),
    /// The whole tree was searched: there is no such path.
    Exhausted,
    /// The budget ran out first.
    GaveUp,
}

/// What one depth-first search may spend: forward steps (nodes) and steps
/// back. The search gives up when either runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub backtracks: u64,
}

impl Budget {
    /// At most `nodes` forward steps.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            backtracks: u64::MAX,
        }
    }

    /// At most `backtracks` steps back.
    pub fn backtracks(backtracks: u64) -> Budget {
        Budget {
            nodes: u64::MAX,
            backtracks,
        }
    }
}

/// The rules of one depth-first search over `total` squares numbered by
/// the rules (a grid's spots, or a padded grid's): which moves to try from
/// the end of the path, best first, and what taking a square changes.
pub trait Rules {
    /// The squares that may follow `path` (never empty), best first, written
    /// into `out`; how many. None written: the path is a dead end.
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize;
    /// Whether `path`, which holds every square, is an answer.
    fn complete(&self, path: &[u32]) -> bool;
    /// `square` joins the path.
    fn take(&mut self, square: usize);
    /// `square` leaves the path (the last one taken).
    fn release(&mut self, square: usize);
}

/// The one depth-first engine: from `start`, extends the path by the rules'
/// choices in order, steps back from dead ends, and stops at the first
/// complete path the rules accept, when the tree is exhausted (a proof that
/// there is none), or when `budget` runs out. Also gives the steps back
/// taken.
pub fn depth_first<R: Rules>(
    rules: &mut R,
    total: usize,
    start: usize,
    budget: Budget,
) -> (Outcome, u64) {
    rules.take(start);
    let mut path: Vec<u32> = Vec::with_capacity(total);
    // For each square on the path: its choices, how many, how many tried.
    let mut lists: Vec<([u32; 8], u8, u8)> = Vec::with_capacity(total);
    path.push(u32::try_from(start).expect("squares are numbered in 32 bits"));
    lists.push(([0; 8], 0, 0));
    let mut expand = true;
    let (mut nodes, mut backtracks) = (0u64, 0u64);
    loop {
        let depth = path.len();
        if expand {
            expand = false;
            let mut list = ([0u32; 8], 0u8, 0u8);
            if depth == total {
                if rules.complete(&path) {
                    return (Outcome::Found(path), backtracks);
                }
            } else {
                let n = rules.choices(&path, &mut list.0);
                list.1 = u8::try_from(n).expect("at most eight moves");
            }
            lists[depth - 1] = list;
        }
        let (list, n, tried) = lists[depth - 1];
        if tried < n {
            lists[depth - 1].2 += 1;
            nodes += 1;
            if nodes > budget.nodes {
                return (Outcome::GaveUp, backtracks);
            }
            let next = list[usize::from(tried)];
            rules.take(next.usize());
            path.push(next);
            lists.push(([0; 8], 0, 0));
            expand = true;
            continue;
        }
        // Every choice from here failed: step back.
        if depth == 1 {
            return (Outcome::Exhausted, backtracks);
        }
        if backtracks == budget.backtracks {
            return (Outcome::GaveUp, backtracks);
        }
        backtracks += 1;
        lists.pop();
        if let Some(here) = path.pop() {
            rules.release(here.usize());
        }
    }
}

/// Rules that extend a played prefix over the squares it left: the
/// finish's (`tour::finish`) and the window's sweep
/// (`tour::finish::window`). They differ in their choices and in where a path
/// may end; what a square taken or released changes is the same for both,
/// the [`Unvisited`] they keep, and is said once, in their [`Rules`].
pub trait Extending {
    /// The squares the path may still visit.
    fn squares(&mut self) -> &mut Unvisited;

    /// Whether a path that holds every square may end on `last`.
    fn may_end_on(&self, last: usize) -> bool;

    /// The squares that may follow `path`, as [`Rules::choices`] gives them.
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize;
}

impl<E: Extending> Rules for E {
    #[inline]
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        Extending::choices(self, path, out)
    }

    fn complete(&self, path: &[u32]) -> bool {
        path.last()
            .is_some_and(|&last| self.may_end_on(last.usize()))
    }

    #[inline]
    fn take(&mut self, square: usize) {
        self.squares().take(square);
    }

    #[inline]
    fn release(&mut self, square: usize) {
        self.squares().release(square);
    }
}

/// The squares a search may still visit, for rules that extend a path
/// over the squares a played prefix left ([`Extending`]): which are free,
/// how many free neighbours each square has, and how many are free. The
/// rules' `take` and `release` keep it.
#[derive(Clone)]
pub struct Unvisited {
    grid: Grid,
    /// Whether each square is free.
    pub free: Vec<bool>,
    /// How many free squares one knight move from each square.
    pub free_moves: Vec<u8>,
    /// Free squares.
    pub left: usize,
}

impl Unvisited {
    /// Every square of `grid` free but those of `played` before its last
    /// (the knight's square, which the engine takes first).
    pub fn after(grid: Grid, played: &[Square]) -> Unvisited {
        let n = grid.len();
        let mut free = vec![true; n];
        for &square in played.split_last().map_or(&[][..], |(_, before)| before) {
            free[grid.spot(square).index()] = false;
        }
        let free_moves = (0..n)
            .map(|i| {
                let count = grid
                    .neighbours(Spot::new(i))
                    .filter(|(_, s)| free[s.index()])
                    .count();
                u8::try_from(count).expect("at most eight moves")
            })
            .collect();
        let left = free.iter().filter(|&&f| f).count();
        Unvisited {
            grid,
            free,
            free_moves,
            left,
        }
    }

    /// `i` is visited.
    pub fn take(&mut self, i: usize) {
        self.free[i] = false;
        self.left -= 1;
        for (_, n) in self.grid.neighbours(Spot::new(i)) {
            self.free_moves[n.index()] -= 1;
        }
    }

    /// `i` is free again.
    pub fn release(&mut self, i: usize) {
        self.free[i] = true;
        self.left += 1;
        for (_, n) in self.grid.neighbours(Spot::new(i)) {
            self.free_moves[n.index()] += 1;
        }
    }
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

fn centre_distance(grid: Grid, i: usize) -> u64 {
    grid.board().centre_distance(grid.square(Spot::new(i)))
}

/// The complete search's rules: which squares are taken and how many free
/// moves each free square still has.
struct State {
    grid: Grid,
    taken: Vec<bool>,
    free_moves: Vec<u8>,
    /// Free squares one move from the start (a closed path must end on one).
    start_exits: usize,
    start: usize,
    /// Whether the path must end one move from the start (a cycle).
    closed: bool,
    variant: usize,
}

impl Rules for State {
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

    fn complete(&self, path: &[u32]) -> bool {
        let last = path.last().map_or(self.start, |&i| i.usize());
        !self.closed || (path.len() > 2 && adjacent(self.grid, last, self.start))
    }

    /// The free squares one move from the path's end, best first: fewest
    /// onward moves (Warnsdorff), then farthest from the centre (Roth),
    /// then the move order turned by `variant`. Empty when the position is
    /// hopeless.
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(&here) = path.last() else {
            return 0;
        };
        let left = self.grid.len() - path.len();
        let mut keyed = [(0u8, 0u64, 0usize, 0usize); 8];
        let mut n = 0;
        for (k, next) in moves(self.grid, here.usize()) {
            if self.taken[next] {
                continue;
            }
            let onward = self.free_moves[next];
            // A free neighbour with no other free neighbour can only be the
            // last square; leaving it behind strands it.
            if onward == 0 && left > 1 {
                return 0;
            }
            let centre = if self.variant & 8 == 0 {
                u64::MAX - centre_distance(self.grid, next)
            } else {
                centre_distance(self.grid, next)
            };
            keyed[n] = (onward, centre, (k + self.variant) % 8, next);
            n += 1;
        }
        if self.closed && self.start_exits == 0 && left > 0 {
            return 0;
        }
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = Spot::new(key.3).raw();
        }
        n
    }
}

/// Searches for a path from `start` through every square of `grid`, with
/// `closed` one that ends one move from the start, visiting at most
/// `budget` nodes.
pub fn knight_path(grid: Grid, start: usize, closed: bool, variant: usize, budget: u64) -> Outcome {
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
        closed,
        variant,
    };
    depth_first(&mut state, total, start, Budget::nodes(budget)).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(grid: Grid, start: usize, path: &[u32], closed: bool) {
        assert_eq!(path.len(), grid.len());
        assert_eq!(path[0].usize(), start);
        let mut seen = vec![false; grid.len()];
        for w in path.windows(2) {
            assert!(adjacent(grid, w[0].usize(), w[1].usize()));
        }
        for &i in path {
            assert!(!seen[i.usize()]);
            seen[i.usize()] = true;
        }
        if closed {
            assert!(adjacent(grid, (*path.last().unwrap()).usize(), start));
        }
    }

    #[test]
    fn warnsdorff_finds_8x8_tours() {
        let g = rectangle(8, 8);
        for closed in [false, true] {
            match knight_path(g, 0, closed, 0, 1_000_000) {
                Outcome::Found(p) => check(g, 0, &p, closed),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn exhausts_impossible_boards() {
        assert_eq!(
            knight_path(rectangle(4, 4), 0, false, 0, 10_000_000),
            Outcome::Exhausted
        );
        assert_eq!(
            knight_path(rectangle(3, 3), 0, false, 0, 1_000),
            Outcome::Exhausted
        );
    }
}
