//! Warnsdorff's rule (1823), as the textbooks teach it: from each square,
//! move to the free square with the fewest free onward moves. Ties are broken
//! by Roth's rule — the square farthest from the centre of the board
//! (Euclidean) — and then by the knight's move order of
//! `STEPS`: clockwise from one
//! file right and two ranks up. With a `seed`, ties on the onward count are
//! broken instead by a pseudo-random number drawn from the seed and the
//! square (splitmix64), so one seed always gives the same tour and different
//! seeds usually different ones.
//!
//! The search is [`super::search`]'s depth-first engine with these rules.
//! Where the rule leads into a dead end the search backtracks: it returns to
//! the last square with an untried choice and takes the next one in the same
//! order. Every step back is counted, and a budget of steps back bounds the
//! work; when it runs out the answer is an honest [`TourError::NotFound`],
//! never another method's tour. With a budget of 0 this is the rule alone.
//! A closed tour is a cycle, so where the search from the start runs out of
//! steps back the rule is run from a few other squares, and the cycle it
//! finds is read from the start (see [`warnsdorff_tour`]).
//! One look ahead makes the steps back fewer: a free neighbour with no free
//! onward move could only be entered from here and never left, so unless it
//! is the last square the position is already a dead end. For a closed tour
//! the start's last free neighbour is kept for the last move.

use super::existence;
use super::search::{depth_first, Budget, Outcome, Rules};
use crate::board::{Board, Square, STEPS};
use crate::grid::{Grid, Spot, SpotMap};
use crate::seed::splitmix64;
use crate::tour::kinds::TourError;

/// The steps back knightd lets a search by Warnsdorff's rule take before it
/// gives up (`/tour?method=warnsdorff`).
pub const DEFAULT_BACKTRACKS: u64 = 1_000_000;

/// A tour found by Warnsdorff's rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarnsdorffTour {
    /// Board indices (`rank * width + file`) in order, from the start.
    pub path: Vec<u32>,
    /// How many times the search stepped back.
    pub backtracks: u64,
}

/// The board with a margin of two lines of taken squares all round, so a
/// knight's step is one addition and needs no bounds check.
struct Padded {
    grid: Grid,
    /// The eight steps as offsets, in [`STEPS`] order.
    offsets: [isize; 8],
}

impl Padded {
    fn new(board: Board) -> Option<Padded> {
        let grid = Grid::with_margin(board, 2)?;
        let offsets = STEPS.map(|step| grid.offset(step.file, step.rank));
        Some(Padded { grid, offsets })
    }

    #[inline]
    fn step(&self, p: usize, k: usize) -> usize {
        p.wrapping_add_signed(self.offsets[k])
    }

    /// The square at a spot of the board (not of the margin).
    #[inline]
    fn square(&self, p: usize) -> Square {
        self.grid.square(Spot::new(p))
    }
}

/// Other squares a closed tour's search starts from when the search from
/// `start` runs out of steps back.
const OTHER_STARTS: usize = 8;

/// A tour of the `width` × `height` board from `start` (a board index) by
/// Warnsdorff's rule, closed if asked, stepping back at most `max_backtracks`
/// times. Boards of at most `max_squares` squares.
///
/// A closed tour is a cycle, so any square can be its first: where the
/// search from `start` runs out of steps back, the rule is run from the
/// corners and then squares near the centre (at most `OTHER_STARTS`), and
/// the first cycle found is read from `start`. `backtracks` then counts the
/// steps back of every search run.
pub fn warnsdorff_tour(
    width: u64,
    height: u64,
    start: u64,
    ask: Ask,
    max_squares: u64,
) -> Result<WarnsdorffTour, TourError> {
    let closed = ask.closed;
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
    let mut spent = 0;
    match from(width, height, start, ask) {
        Err(Missed(steps_back)) if closed => spent += steps_back,
        Err(Missed(_)) => return Err(TourError::NotFound),
        Ok(tour) => return Ok(tour),
    }
    let (w, h) = (width, height);
    let others = [
        0,
        w - 1,
        (h - 1) * w,
        h * w - 1,
        (h / 2) * w + w / 2,
        (h / 2) * w + w / 2 - 1,
        (h / 2 - 1) * w + w / 2,
        (h / 2 - 1) * w + w / 2 - 1,
    ];
    for other in others
        .into_iter()
        .filter(|&o| o != start)
        .take(OTHER_STARTS)
    {
        match from(width, height, other, ask) {
            Ok(tour) => {
                let at = tour
                    .path
                    .iter()
                    .position(|&i| u64::from(i) == start)
                    .expect("a tour visits every square");
                let mut path = tour.path;
                path.rotate_left(at);
                return Ok(WarnsdorffTour {
                    path,
                    backtracks: spent + tour.backtracks,
                });
            }
            Err(Missed(steps_back)) => spent += steps_back,
        }
    }
    Err(TourError::NotFound)
}

/// What a search by the rule is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    /// A closed tour.
    pub closed: bool,
    /// Ties broken from this seed, not by Roth's rule.
    pub seed: Option<u64>,
    /// The most steps back before it gives up.
    pub max_backtracks: u64,
}

/// A search that ran out of steps back, and how many it took.
struct Missed(u64);

/// Warnsdorff's rules for the depth-first engine, on the padded board
/// (squares are its spots' indices).
struct Rule<'a> {
    board: &'a Padded,
    /// Taken squares: the margin from the outset.
    taken: SpotMap<bool>,
    /// Free onward moves of every square, kept up to date as squares are
    /// taken and given back.
    free: SpotMap<u8>,
    start: Square,
    /// Free squares one move from the start.
    start_exits: usize,
    closed: bool,
    seed: Option<u64>,
}

impl Rule<'_> {
    fn near_start(&self, square: Square) -> bool {
        square.is_knight_move_to(self.start)
    }
}

impl Rules for Rule<'_> {
    fn take(&mut self, p: usize) {
        if self.near_start(self.board.square(p)) {
            self.start_exits -= 1;
        }
        self.taken[Spot::new(p)] = true;
        for k in 0..8 {
            let n = Spot::new(self.board.step(p, k));
            self.free[n] = self.free[n].wrapping_sub(1);
        }
    }

    fn release(&mut self, p: usize) {
        self.taken[Spot::new(p)] = false;
        if self.near_start(self.board.square(p)) {
            self.start_exits += 1;
        }
        for k in 0..8 {
            let n = Spot::new(self.board.step(p, k));
            self.free[n] = self.free[n].wrapping_add(1);
        }
    }

    fn complete(&self, path: &[u32]) -> bool {
        let Some(&here) = path.last() else {
            return false;
        };
        !self.closed || self.near_start(self.board.grid.square(Spot::from_raw(here)))
    }

    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(&here) = path.last() else {
            return 0;
        };
        let board = self.board.grid.board();
        let (depth, total) = (path.len(), board.squares());
        let last = |depth: usize| u64::try_from(depth + 1).is_ok_and(|d| d == total);
        let here = Spot::from_raw(here).index();
        if self.closed && self.start_exits == 0 {
            return 0;
        }
        let mut keyed = [(0u8, 0u64, 0usize, 0u32); 8];
        let mut n = 0;
        for k in 0..STEPS.len() {
            let next = Spot::new(self.board.step(here, k));
            if self.taken[next] {
                continue;
            }
            if self.free[next] == 0 && !last(depth) {
                // It could only be entered from here, and left by no move.
                return 0;
            }
            let square = self.board.grid.square(next);
            if self.closed && self.start_exits == 1 && self.near_start(square) && !last(depth) {
                // The start's last free neighbour is kept for the end.
                continue;
            }
            let tie = match self.seed {
                None => u64::MAX - board.centre_distance(square),
                Some(s) => splitmix64(s ^ splitmix64(board.index(square))),
            };
            keyed[n] = (self.free[next], tie, k, next.raw());
            n += 1;
        }
        // The keys differ in the move number, so any sort gives one order.
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = key.3;
        }
        n
    }
}

/// The rule's search from `start` alone.
fn from(width: u64, height: u64, start: u64, ask: Ask) -> Result<WarnsdorffTour, Missed> {
    let Ask {
        closed,
        seed,
        max_backtracks,
    } = ask;
    let board = Board::new(width, height).map_err(|_| Missed(0))?;
    let padded = Padded::new(board).ok_or(Missed(0))?;
    let grid = padded.grid;
    let mut taken = SpotMap::new(grid, true);
    for (_, spot) in grid.squares() {
        taken[spot] = false;
    }
    let mut free = SpotMap::new(grid, 0u8);
    for (_, spot) in grid.squares() {
        let onward = (0..8).filter(|&k| !taken[Spot::new(padded.step(spot.index(), k))]);
        free[spot] = u8::try_from(onward.count()).expect("at most eight");
    }
    let start = board.from_index(start).ok_or(Missed(0))?;
    let origin = grid.spot(start);
    let mut rule = Rule {
        start_exits: usize::from(free[origin]),
        board: &padded,
        taken,
        free,
        start,
        closed,
        seed,
    };
    let total = usize::try_from(board.squares()).map_err(|_| Missed(0))?;
    match depth_first(
        &mut rule,
        total,
        origin.index(),
        Budget::backtracks(max_backtracks),
    ) {
        (Outcome::Found(path), backtracks) => {
            let path = path
                .into_iter()
                .map(|p| u32::try_from(board.index(grid.square(Spot::from_raw(p)))))
                .collect::<Result<_, _>>()
                .map_err(|_| Missed(backtracks))?;
            Ok(WarnsdorffTour { path, backtracks })
        }
        (_, backtracks) => Err(Missed(backtracks)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_alone_tours_8x8_from_a1() {
        let ask = Ask {
            closed: false,
            seed: None,
            max_backtracks: 0,
        };
        let t = warnsdorff_tour(8, 8, 0, ask, 64).unwrap();
        assert_eq!(t.backtracks, 0);
        assert_eq!(t.path.len(), 64);
    }
}
