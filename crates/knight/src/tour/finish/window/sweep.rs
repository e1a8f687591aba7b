//! The one part of a window's finish that is searched: a path over the
//! free squares of a rectangle, by the tours' depth-first engine under
//! Warnsdorff's rule, sweeping away from where it must end ([`sweep`]);
//! and the same search over the whole board, restarted with ties broken at
//! random ([`restarts`]), the finish's fallback where no window fits.

use crate::board::{Board, Square};
use crate::deadline::Deadline;
use crate::grid::{Grid, Int, Spot};
use crate::seed::splitmix64;
use crate::tour::building::{depth_first, Budget, Extending, Outcome, Unvisited};
use crate::tour::kinds::Ending;

/// Where a searched path must end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Aim {
    /// On any of these squares.
    Among(Vec<Square>),
    /// Anywhere.
    Anywhere,
    /// On this square.
    On(Square),
    /// One knight move from this square (played: the first of a closed
    /// tour).
    NextTo(Square),
}

/// How hard [`sweep`] tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Tries {
    /// A window's path, at a glance: the orders of [`Tries::Window`], each
    /// allowed only [`GLANCE_EXTRA`] nodes past the path's length. A path
    /// these orders find at all they mostly find with few steps back, so a
    /// glance at each end first spares the full budget on the ends that
    /// have none.
    Glance,
    /// A window's path: two fixed orders and two perturbed, each under a
    /// budget that follows the window's size.
    Window,
    /// The whole board: short tries with ties broken at random until the
    /// deadline.
    Restarts,
}

/// Nodes a square of the window that one search may visit, and nodes more
/// (small windows need more steps back than their size).
pub(super) const SWEEP_NODES: u64 = 4;
pub(super) const SWEEP_EXTRA: u64 = 5_000;

/// Nodes past the path's length a glance may search.
const GLANCE_EXTRA: u64 = 256;

/// The tries of a window's search: fixed orders, then ties perturbed at
/// random from these seeds.
pub(super) const WINDOW_TRIES: [Option<u64>; 4] = [None, None, Some(1), Some(2)];

/// The path from the knight (the last square of `blocked`; the others are
/// played) over every other square of `board`, ending as `aim` asks: the
/// squares after the knight's. None when the searches found none.
pub(super) fn sweep(
    board: Board,
    blocked: &[Square],
    aim: Aim,
    (tries, portal): (Tries, Option<(Square, Square)>),
    deadline: &Deadline,
) -> Option<Vec<Square>> {
    let grid = Grid::new(board)?;
    let n = grid.len();
    let &knight = blocked.last()?;
    let start = grid.spot(knight).index();
    let at = |s: Square| board.contains(s).then(|| grid.spot(s).index());
    let mut among = Vec::new();
    let (w, h) = grid.sides();
    let centre = Square::new((w / 2).u32(), (h / 2).u32());
    let (aim, pole) = match aim {
        Aim::Anywhere => (Goal::Anywhere, centre),
        Aim::On(end) => (Goal::On(at(end)?), end),
        Aim::NextTo(first) => (Goal::NextTo(at(first)?), first),
        Aim::Among(ends) => {
            among = vec![false; n];
            for &end in &ends {
                among[at(end)?] = true;
            }
            // The pole is their middle: the path sweeps away from them.
            let count = ends.len().u64().max(1);
            let mean = |c: fn(Square) -> u32| {
                (ends.iter().map(|&s| u64::from(c(s))).sum::<u64>() / count).u32()
            };
            (
                Goal::Among,
                Square::new(mean(Square::file), mean(Square::rank)),
            )
        }
    };
    let portal = match portal {
        Some((l, e)) => Some((at(l)?, at(e)?)),
        None => None,
    };
    let rules = Sweep {
        grid,
        squares: Unvisited::after(grid, blocked),
        goal: aim,
        among,
        pole,
        portal,
        variant: 0,
        seed: None,
        calls: 0,
        deadline: deadline.clone(),
        late: false,
    };
    let found = |path: Vec<u32>| {
        path[1..]
            .iter()
            .map(|&i| grid.square(Spot::from_raw(i)))
            .collect()
    };
    let left = rules.squares.left;
    match tries {
        Tries::Glance | Tries::Window => {
            let budget = if tries == Tries::Glance {
                left.u64() + GLANCE_EXTRA
            } else {
                SWEEP_NODES * n.u64() + SWEEP_EXTRA
            };
            for (variant, seed) in (0..).zip(WINDOW_TRIES) {
                if deadline.passed() {
                    return None;
                }
                let mut search = rules.clone();
                (search.variant, search.seed) = (variant, seed);
                if let (Outcome::Found(path), _) =
                    depth_first(&mut search, left, start, Budget::nodes(budget))
                {
                    return Some(found(path));
                }
            }
            None
        }
        Tries::Restarts => {
            let budget = 4 * left.u64() + 256;
            for seed in 1.. {
                if deadline.passed() {
                    return None;
                }
                let mut search = rules.clone();
                (search.variant, search.seed) = (seed, Some(seed));
                match depth_first(&mut search, left, start, Budget::nodes(budget)).0 {
                    Outcome::Found(path) => return Some(found(path)),
                    _ if search.late => return None,
                    _ => {}
                }
            }
            None
        }
    }
}

/// Boards of at most this many squares are tried by [`restarts`] (on
/// larger ones a single try takes long, and the window is the method).
const RESTART_SQUARES: u64 = 100_000;

/// A finish of `played` on `board` by [`sweep`]'s short tries over the
/// whole board, ties broken at random, until `deadline`: the whole tour,
/// unchecked (the caller checks it), or None.
pub(in crate::tour::finish) fn restarts(
    board: Board,
    played: &[Square],
    ending: Ending,
    deadline: &Deadline,
) -> Option<Vec<Square>> {
    if board.squares() > RESTART_SQUARES {
        return None;
    }
    let aim = match ending {
        Ending::Open => Aim::Anywhere,
        Ending::Closed => Aim::NextTo(*played.first()?),
        Ending::End(end) => Aim::On(end),
    };
    let rest = sweep(board, played, aim, (Tries::Restarts, None), deadline)?;
    let mut path = played.to_vec();
    path.extend(rest);
    Some(path)
}

/// [`Aim`] on grid spots.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Goal {
    Anywhere,
    /// On a square of the rules' `among`.
    Among,
    On(usize),
    NextTo(usize),
}

/// The sweep's rules: Warnsdorff's rule (fewest free onward moves first),
/// then the square farther from the path's end first (from the centre, when
/// it may end anywhere: Roth's rule) — so the path sweeps away from its end
/// and arrives there last — perturbed at random when seeded, then the move
/// order turned by the variant; a square left with no free neighbour, or an
/// end with none, is a dead end.
#[derive(Clone)]
pub(super) struct Sweep {
    grid: Grid,
    /// The squares not played and not yet on the searched path.
    squares: Unvisited,
    goal: Goal,
    /// With [`Goal::Among`], the squares the path may end on.
    among: Vec<bool>,
    /// The square the path sweeps away from: its end, or the middle of its
    /// ends, or the board's centre.
    pole: Square,
    /// A step L → E besides the knight moves: the only way out of L and
    /// the only way into E.
    portal: Option<(usize, usize)>,
    variant: u64,
    seed: Option<u64>,
    /// Calls of `choices`, to read the clock every so often.
    calls: u64,
    deadline: Deadline,
    /// Whether the deadline passed during the search.
    late: bool,
}

impl Extending for Sweep {
    fn squares(&mut self) -> &mut Unvisited {
        &mut self.squares
    }

    fn may_end_on(&self, last: usize) -> bool {
        match self.goal {
            Goal::Anywhere => true,
            Goal::Among => self.among[last],
            Goal::On(end) => last == end,
            Goal::NextTo(first) => self.grid.adjacent(Spot::new(last), Spot::new(first)),
        }
    }

    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(here) = path.last().map(|&i| i.usize()) else {
            return 0;
        };
        self.calls += 1;
        if self.late || (self.calls % 4096 == 0 && self.deadline.passed()) {
            self.late = true;
            return 0;
        }
        let left = self.squares.left;
        match self.goal {
            Goal::On(end) if left > 1 && self.squares.free_moves[end] == 0 => return 0,
            Goal::NextTo(first) if self.squares.free_moves[first] == 0 => return 0,
            _ => {}
        }
        let pole = self.pole;
        if let Some((l, e)) = self.portal {
            if here == l {
                let open = self.squares.free[e] && (self.goal != Goal::On(e) || left == 1);
                out[0] = Spot::new(e).raw();
                return usize::from(open);
            }
        }
        let mut keyed = [(0u8, 0u64, 0u64, 0usize); 8];
        let mut n = 0;
        for (k, next) in self.grid.neighbours(Spot::new(here)) {
            let next = next.index();
            if !self.squares.free[next] || (self.goal == Goal::On(next) && left > 1) {
                continue;
            }
            let mut onward = self.squares.free_moves[next];
            match self.portal {
                // E is entered only from L.
                Some((_, e)) if next == e => continue,
                // L's one way on is E.
                Some((l, e)) if next == l => onward = u8::from(self.squares.free[e]),
                _ => {}
            }
            if onward == 0 && left > 1 {
                return 0;
            }
            let square = self.grid.square(Spot::new(next));
            let (df, dr) = (
                u64::from(square.file().abs_diff(pole.file())),
                u64::from(square.rank().abs_diff(pole.rank())),
            );
            let noise = self.seed.map_or(0, |seed| {
                splitmix64(seed ^ (path.len().u64() << 20) ^ next.u64()) % 24
            });
            let near = u64::MAX - (8 * (df * df + dr * dr) + noise);
            keyed[n] = (onward, near, (k.u64() + self.variant) % 8, next);
            n += 1;
        }
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = Spot::new(key.3).raw();
        }
        n
    }
}
