//! Knight's tour puzzles: some squares numbered with their step in the tour
//! (clues, counted from 1 as puzzle books print them), the tours that agree
//! with every clue found, and whether there is exactly one, on boards of at
//! most 64 squares.
//!
//! First the clues are checked as a whole, each failure a fact a person can
//! check on the board ([`ClueStuck`]): two clues whose steps differ by `g`
//! must be at most `g` knight moves apart, and of the same colour exactly
//! when `g` is even (a knight alternates colours; with `closed`, the last
//! clue and the first are checked round the end as well); the clues fix
//! which step numbers fall on light squares, and the board must hold as
//! many light squares as those steps; the squares numbered 1, 2, …, k are a
//! played prefix and get the finish's own checks ([`super::Stuck`]); and
//! the theorems of which boards have tours rule out the start.
//!
//! Then a depth-first search fills the gaps between the placed steps (at
//! first the clues), on bitboards ([`super::bits::Bits`] gives the move
//! masks). A gap is a run of steps with no square yet: between two placed
//! steps, or a free start or end of an open tour (a closed tour's last gap
//! runs round the end to the first square). The search picks a gap and
//! fills it one step at a time from one of its placed ends, each step on a
//! free square (neither placed nor a clue) one move from the last, fewest
//! onward moves first (Warnsdorff), until the gap is closed; then it picks
//! the next. Two clues `k` steps apart are joined by a path of exactly `k`
//! moves, so a short gap has few ways to fill it, and filling the shortest
//! gaps first (fail first) leaves the long ones a path between fixed
//! squares through exactly the squares left, which the forced moves settle
//! quickly; filling the gaps in step order instead is Warnsdorff's own
//! order, which finds a tour of loosely clued boards at once. At every
//! node it cuts the position when one of these holds, each a fact of every
//! way on, so an exhausted search is a proof:
//!
//! - for each gap between two placed squares `A` and `B`, `g` steps apart,
//!   the `g − 1` steps between go on free squares: `B` must be at most `g`
//!   moves from `A` through free squares, and the free squares `v` with
//!   `d(A, v) + d(v, B) ≤ g` (the gap's ellipse) must hold `g − 1`, of each
//!   colour as many as the steps alternate through; a free start or end of
//!   `g` steps, the free squares within `g` moves of its placed end;
//! - every free square lies in some gap's ellipse (so the free squares are
//!   joined to the gaps that must pass through them), and no gap has more
//!   free squares that only it can reach than steps to put them on;
//! - every free square has two squares the path may join it to (free
//!   squares, placed squares with a free step beside them), except at most
//!   one for each free start or end, the tour's first or last square;
//! - each step with no square has its candidate squares: for a step `i`
//!   moves after `A` and `j` before `B`, the free squares within `i` moves
//!   of `A` and `j` of `B` through free squares, of the step's colour (a
//!   free start or end, from its placed end only). They are narrowed until
//!   nothing changes: a square at step `t` is a move from a square at
//!   `t − 1` and from another square at `t + 1` (not the same one: a
//!   square has one step), so a candidate of `t` needs a candidate of
//!   `t − 1` a move away and one of `t + 1`, and not only one square that
//!   is both; a free square that only one step still has as a candidate
//!   is that step's (every free square takes a step); a step with one
//!   candidate left takes it, so no other step has it (a square takes one
//!   step). A step left with none, a free square no step has, or two
//!   steps with the same one square left is a dead end; and the search
//!   tries only the candidates of the step it places. This is what proves
//!   in a few hundred nodes clue sets that took millions: a corner with one
//!   free square beside it and clues whose steps are not two apart must be
//!   entered and left through that square, which another such square
//!   needs at another step;
//! - the forced moves, followed to the end ([`super::bits::forced`]) on
//!   the graph of the free squares and the placed squares beside a gap,
//!   each run of placed steps between two gaps drawn as its two end squares
//!   joined to each other: the rest of the tour is one path through that
//!   graph, from the end of the run from the first step (or, for a free
//!   start, the run to the last step read backwards) to the last square.
//!
//! Positions proven to have no finish are kept, keyed on the free squares,
//! the steps with no square, the first square and the square being filled
//! from (with its step), which fix every step still to place: the only
//! placed squares beside a gap that are not clues are the first square and
//! the one the gap being filled has reached. The search goes in rounds of
//! doubling nodes ([`search_ways`]), each its own order of the gaps and its
//! own tie-break, the clues numbered as given and read the other way in
//! turn (the positions proven hopeless are kept across rounds, facts
//! whatever the order). To settle uniqueness the search does not stop at
//! the first tour: it looks for a second, and only an exhausted round says
//! `unique`.

use std::collections::HashSet;
use std::fmt;
use std::hash::BuildHasherDefault;

use super::bits::{bit, squares, Bits, KeyHasher};
use super::{Ending, Finishing, Stuck};
use crate::board::{Board, Colour, Grid, Int, Spot, Square};
use crate::tour::existence::ruled_out;
use crate::tour::is_tour;
use crate::tour::search::Rules;
use crate::tour::warnsdorff::mix;
use crate::Deadline;

/// Positions proven to have no finish kept by one way of the search, at
/// most (24 bytes each before the table's overhead; two ways search a
/// puzzle, so about 50 MB at worst in all).
const HOPELESS_KEPT: usize = 1 << 19;

/// One numbered square of a puzzle: the square and its step in the tour,
/// counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clue {
    /// The square.
    pub square: Square,
    /// Its step, from 1 (the first square) to the board's squares.
    pub step: u64,
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is numbered {}", self.square, self.step)
    }
}

/// A puzzle to solve: the board, the clues (in any order) and whether the
/// tour is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CluesRequest<'a> {
    /// The board.
    pub board: Board,
    /// The numbered squares.
    pub clues: &'a [Clue],
    /// Whether the last square must be one knight move from the first.
    pub closed: bool,
}

/// A tour that agrees with every clue, and whether it is the only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The board.
    pub board: Board,
    /// Whether the tour is closed.
    pub closed: bool,
    /// The tour, step 1 first; `path[c.step - 1] == c.square` for every clue.
    pub path: Vec<Square>,
    /// Whether no other tour agrees with the clues: `None` when the search
    /// for a second ran out of time.
    pub unique: Option<bool>,
    /// The nodes the search took (a measure of its work that does not
    /// depend on the machine).
    pub nodes: u64,
}

/// Why no tour agrees with the clues: each a fact a person can check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClueStuck {
    /// Two clues whose squares are of the wrong colours for their steps: a
    /// knight alternates colours.
    Parity {
        /// The clue with the smaller step (the last one, round the end of a
        /// closed tour).
        first: Clue,
        /// The other.
        second: Clue,
        /// The moves between them.
        moves: u64,
    },
    /// Two clues further apart in knight moves than in steps.
    TooFar {
        /// The clue with the smaller step (the last one, round the end of
        /// a closed tour).
        first: Clue,
        /// The other.
        second: Clue,
        /// The moves between them.
        moves: u64,
        /// The fewest knight moves between their squares (None: no knight
        /// path joins them).
        distance: Option<u64>,
    },
    /// The clues put the odd steps on squares of one colour, and the board
    /// has too many or too few of that colour for them.
    Colours {
        /// The clue that fixes the colours.
        clue: Clue,
        /// The colour of the odd steps.
        odd: Colour,
        /// How many odd steps there are.
        odd_steps: u64,
        /// How many squares of that colour the board has.
        squares: u64,
    },
    /// The squares numbered 1, 2, …, k are a played start that no tour
    /// finishes, and this is why.
    Finish {
        /// How many squares are numbered from 1 on.
        played: u64,
        /// Why.
        stuck: Stuck,
    },
    /// No tour of the board starts on the square numbered 1 (or no closed
    /// tour at all), by a theorem.
    NoTourOfBoard {
        /// The square numbered 1, if any.
        first: Option<Square>,
        /// Whether the tour is closed.
        closed: bool,
        /// The theorem, in words.
        why: String,
    },
    /// A complete search found no tour that agrees with every clue.
    Exhausted {
        /// The nodes it took (a measure of its work that does not depend
        /// on the machine).
        nodes: u64,
    },
}

impl fmt::Display for ClueStuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pair = |a: &Clue, b: &Clue, moves: u64| {
            let round = if b.step < a.step {
                " (round the end of the closed tour)"
            } else {
                ""
            };
            format!(
                "{} is numbered {} and {} is numbered {}: the knight goes from one to the other in exactly {moves} move{}{round}",
                a.square,
                a.step,
                b.square,
                b.step,
                if moves == 1 { "" } else { "s" }
            )
        };
        match self {
            ClueStuck::Parity {
                first,
                second,
                moves,
            } => {
                let same = moves % 2 == 0;
                write!(
                    f,
                    "{}; a knight alternates colours, so after {} moves it stands on {} colour, but {} is {} and {} is {}",
                    pair(first, second, *moves),
                    if same { "an even number of" } else { "an odd number of" },
                    if same { "the same" } else { "the other" },
                    first.square,
                    first.square.colour().as_str(),
                    second.square,
                    second.square.colour().as_str()
                )
            }
            ClueStuck::TooFar {
                first,
                second,
                moves,
                distance,
            } => match distance {
                Some(d) => write!(
                    f,
                    "{}, but they are {d} knight moves apart at the fewest",
                    pair(first, second, *moves)
                ),
                None => write!(
                    f,
                    "{}, but no knight path joins them on this board",
                    pair(first, second, *moves)
                ),
            },
            ClueStuck::Colours {
                clue,
                odd,
                odd_steps,
                squares,
            } => write!(
                f,
                "a knight alternates colours, so {clue} puts every odd step on a {} square; the tour has {odd_steps} odd steps, but the board has {squares} {} squares",
                odd.as_str(),
                odd.as_str()
            ),
            ClueStuck::Finish { played, stuck } => write!(
                f,
                "the squares numbered 1 to {played} are the start of the tour, and it cannot be finished: {stuck}"
            ),
            ClueStuck::NoTourOfBoard { first, closed, why } => match first {
                Some(first) => write!(
                    f,
                    "no {} tour of this board starts on {first} (numbered 1) at all: {why}",
                    if *closed { "closed" } else { "open" }
                ),
                None => write!(f, "this board has no closed tour at all: {why}"),
            },
            ClueStuck::Exhausted { .. } => write!(
                f,
                "a complete search of every tour that agrees with the clues found none"
            ),
        }
    }
}

/// Why a puzzle was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CluesError {
    /// The board has more than 64 squares (or fewer than 1 clue was given).
    TooLarge {
        /// The board's squares.
        squares: u64,
    },
    /// A clue's square is not on the board.
    OffBoard(Clue),
    /// A clue's step is 0 or more than the board's squares.
    StepOutOfRange(Clue),
    /// One square numbered twice, with different steps.
    SquareTwice(Clue, Clue),
    /// One step given to two squares.
    StepTwice(Clue, Clue),
    /// No tour agrees with the clues, and this is why.
    NoTour(ClueStuck),
    /// The search found none within its time and proved nothing.
    NotFound,
}

/// The most squares a board may have for its clues to be solved (and a
/// second solution ruled out): one bit each in a `u64`.
pub const CLUE_SQUARES: u64 = 64;

/// Checks the clues one by one: on the board, each step in range, no square
/// or step twice (the same clue given twice is one clue). The clues,
/// sorted by step.
///
/// # Errors
///
/// The first clue at fault.
pub fn check_clues(board: Board, clues: &[Clue]) -> Result<Vec<Clue>, CluesError> {
    let squares = board.squares();
    if squares > CLUE_SQUARES {
        return Err(CluesError::TooLarge { squares });
    }
    for &clue in clues {
        if !board.contains(clue.square) {
            return Err(CluesError::OffBoard(clue));
        }
        if clue.step == 0 || clue.step > squares {
            return Err(CluesError::StepOutOfRange(clue));
        }
    }
    let mut sorted = clues.to_vec();
    sorted.sort_unstable_by_key(|c| (c.step, c.square));
    sorted.dedup();
    for pair in sorted.windows(2) {
        if pair[0].step == pair[1].step {
            return Err(CluesError::StepTwice(pair[0], pair[1]));
        }
    }
    let mut by_square = sorted.clone();
    by_square.sort_unstable_by_key(|c| (board.index(c.square), c.step));
    for pair in by_square.windows(2) {
        if pair[0].square == pair[1].square {
            return Err(CluesError::SquareTwice(pair[0], pair[1]));
        }
    }
    Ok(sorted)
}

/// The tour that agrees with every clue, and whether it is the only one,
/// on a board of at most 64 squares, within about `time_limit` (a
/// `Duration`, or a [`Deadline`] its caller can call off).
///
/// # Errors
///
/// [`CluesError::NoTour`] with the reason when no tour agrees with the
/// clues (by the checks, or by a complete search); [`CluesError::NotFound`]
/// when the time ran out first; the others for clues that are not a puzzle
/// of the board ([`check_clues`]).
///
/// ```
/// use std::time::Duration;
/// use knight::{solve_clues, Board, Clue, CluesRequest, Square};
/// let board = Board::new(5, 5).unwrap();
/// let clues = [
///     Clue { square: Square::new(0, 0), step: 1 },
///     Clue { square: Square::new(4, 4), step: 25 },
/// ];
/// let request = CluesRequest { board, clues: &clues, closed: false };
/// let solved = solve_clues(request, Duration::from_secs(1)).unwrap();
/// assert_eq!((solved.path[0], solved.path[24]), (clues[0].square, clues[1].square));
/// assert_eq!(solved.unique, Some(false));
/// ```
pub fn solve_clues(
    request: CluesRequest<'_>,
    time_limit: impl Into<Deadline>,
) -> Result<Solved, CluesError> {
    let deadline: Deadline = time_limit.into();
    let CluesRequest {
        board,
        clues,
        closed,
    } = request;
    let clues = check_clues(board, clues)?;
    let grid = Grid::new(board).ok_or(CluesError::TooLarge {
        squares: board.squares(),
    })?;
    if let Some(stuck) = reason(grid, &clues, closed, &deadline) {
        return Err(CluesError::NoTour(stuck));
    }
    let (found, settled, nodes) = count_tours(grid, &clues, closed, u64::MAX, &deadline);
    let mut found = found.into_iter();
    let Some(path) = found.next() else {
        return Err(if settled {
            CluesError::NoTour(ClueStuck::Exhausted { nodes })
        } else {
            CluesError::NotFound
        });
    };
    let agrees = clues
        .iter()
        .all(|c| path.get(c.step.usize() - 1) == Some(&c.square));
    if !agrees || !is_tour(board, path[0], closed, &path) {
        return Err(CluesError::NotFound);
    }
    let unique = match (found.next(), settled) {
        (Some(_), _) => Some(false),
        (None, true) => Some(true),
        (None, false) => None,
    };
    Ok(Solved {
        board,
        closed,
        path,
        unique,
        nodes,
    })
}

/// Up to two tours of `grid` that agree with `clues` (sorted by step,
/// checked), whether the search was complete, and its nodes.
///
/// An open tour read backwards is a tour, and a closed tour is a tour from
/// any of its squares, so the clues are first renumbered (backwards, or
/// round the cycle) so that as few free steps as can be come before the
/// first clue (the search's step-order rounds begin there; a closed tour's
/// first square is then a clue, not a square to try one by one); the
/// tours found are numbered back.
pub(crate) fn count_tours(
    grid: Grid,
    clues: &[Clue],
    closed: bool,
    budget: u64,
    deadline: &Deadline,
) -> (Vec<Vec<Square>>, bool, u64) {
    let n = grid.len().u64();
    let (first, last) = match clues {
        [first, .., last] => (first.step, last.step),
        [only] => (only.step, only.step),
        [] => (1, 1),
    };
    // Step s of the search is step `renumber(s)` of the tour.
    let shift = first - 1;
    let backwards = !closed && n - last < first - 1;
    let renumber = |step: u64| {
        if closed {
            (step - 1 + n - shift) % n + 1
        } else if backwards {
            n + 1 - step
        } else {
            step
        }
    };
    let mut renumbered: Vec<Clue> = clues
        .iter()
        .map(|c| Clue {
            square: c.square,
            step: renumber(c.step),
        })
        .collect();
    renumbered.sort_unstable_by_key(|c| c.step);
    let mut ways = vec![Search::new(grid, &renumbered, closed, deadline)];
    if !clues.is_empty() {
        // The same tours read the other way (a closed tour keeps step 1).
        let mut backwards: Vec<Clue> = renumbered
            .iter()
            .map(|c| Clue {
                square: c.square,
                step: if closed {
                    (n + 1 - c.step) % n + 1
                } else {
                    n + 1 - c.step
                },
            })
            .collect();
        backwards.sort_unstable_by_key(|c| c.step);
        let mut way = Search::new(grid, &backwards, closed, deadline);
        way.reversed = true;
        ways.push(way);
    }
    let (found, cut) = search_ways(&mut ways, 2, budget);
    let nodes = ways.iter().map(|w| w.nodes).sum();
    let found = found
        .iter()
        .map(|path| {
            (1..=n)
                .map(|step| {
                    let at = renumber(step).usize() - 1;
                    grid.square(Spot::new(path[at].usize()))
                })
                .collect()
        })
        .collect();
    (found, !cut, nodes)
}

/// Up to `want` tours (numbered as `ways[0]`'s) sought by `ways`, the same
/// clues numbered one way or more (each tour of one is a tour of the
/// others), within `budget` nodes in all and the deadline, and whether the
/// search stopped before it was complete.
///
/// It searches in rounds, the ways taking turns; a way's round has twice
/// the nodes of its round before, and its rounds cycle through four orders
/// of the gaps (step order; fewest steps first; the gap with an end of
/// fewest moves first, from that end; fewest steps first, from the end
/// with fewer moves), their ties
/// broken by Roth's rule or the given seed for the first four and at
/// random after. Each order and each way is fast on clue sets where the
/// others get lost (on 8×8, step order finds a tour of a few far-apart
/// clues in a hundred nodes where fewest first takes millions, and the
/// other way round for tight clues; an open tour read backwards, its first
/// square tried square by square, can take a thousandth of the nodes), and
/// doubling keeps the total within a small factor of the best's. The positions proven hopeless are kept across
/// rounds (facts of the position, whatever the order), and so are the
/// tours found; a round that is not cut is complete.
pub(crate) fn search_ways(ways: &mut [Search], want: usize, budget: u64) -> (Vec<Vec<u8>>, bool) {
    let mut kept: Vec<Vec<u8>> = Vec::new();
    let first_tie = ways[0].tie;
    let turns = ways.len().u64();
    let mut left = budget;
    let mut round = 0u64;
    loop {
        let pass = round / turns;
        let way = &mut ways[(round % turns).usize()];
        let this = (4096u64 << pass.min(40)).min(left);
        way.tie = if pass < 4 {
            first_tie
        } else {
            mix(first_tie ^ pass) | 1
        };
        way.order = pass % 4;
        way.round(want, this);
        left -= this - way.budget;
        for path in std::mem::take(&mut way.found) {
            let path = way.as_first(path);
            if !kept.contains(&path) {
                kept.push(path);
            }
        }
        let cut = way.cut;
        way.cut = false;
        if kept.len() >= want || !cut {
            kept.truncate(want);
            return (kept, false);
        }
        if left == 0 || way.deadline.passed() {
            return (kept, true);
        }
        round += 1;
    }
}

/// The fewest knight moves between two squares of the grid's board (a
/// breadth-first search on bitboards), or None when none joins them.
fn distance(bits: &Bits, all: u64, a: usize, b: usize) -> Option<u64> {
    let (mut reach, mut d) = (bit(a), 0);
    while reach & bit(b) == 0 {
        let grown = (reach | bits.around(reach)) & all;
        if grown == reach {
            return None;
        }
        reach = grown;
        d += 1;
    }
    Some(d)
}

/// The first check of the module's documentation that the clues (sorted by
/// step, checked) fail, in words; None when they pass.
fn reason(grid: Grid, clues: &[Clue], closed: bool, deadline: &Deadline) -> Option<ClueStuck> {
    let n = grid.len().u64();
    let all = u64::MAX >> (64 - grid.len());
    let bits = Bits::new(grid, all, deadline);
    let spot = |s: Square| grid.spot(s).index();
    // Pairs of clues in a row, and round the end of a closed tour.
    let mut pairs: Vec<(Clue, Clue, u64)> = clues
        .windows(2)
        .map(|p| (p[0], p[1], p[1].step - p[0].step))
        .collect();
    if let (true, [first, .., last]) = (closed, clues) {
        pairs.push((*last, *first, n - last.step + first.step));
    }
    for &(first, second, moves) in &pairs {
        let same = first.square.colour() == second.square.colour();
        if same != (moves % 2 == 0) {
            return Some(ClueStuck::Parity {
                first,
                second,
                moves,
            });
        }
        let d = distance(&bits, all, spot(first.square), spot(second.square));
        if d.is_none_or(|d| d > moves) {
            return Some(ClueStuck::TooFar {
                first,
                second,
                moves,
                distance: d,
            });
        }
    }
    if let Some(&clue) = clues.first() {
        // Odd steps (1, 3, …) share a colour.
        let odd = if clue.step % 2 == 1 {
            clue.square.colour()
        } else {
            other(clue.square.colour())
        };
        let odd_steps = n.div_ceil(2);
        let light = bits.light.count_ones().u64();
        let squares = match odd {
            Colour::Light => light,
            Colour::Dark => n - light,
        };
        if squares != odd_steps {
            return Some(ClueStuck::Colours {
                clue,
                odd,
                odd_steps,
                squares,
            });
        }
    }
    let first = clues.first().filter(|c| c.step == 1).map(|c| c.square);
    if first.is_some() || closed {
        let (x, y) = first.map_or((0, 0), |s| (u64::from(s.file()), u64::from(s.rank())));
        let board = grid.board();
        if let Some(why) = ruled_out(board.width(), board.height(), x, y, closed) {
            return Some(ClueStuck::NoTourOfBoard {
                first,
                closed,
                why: why.to_string(),
            });
        }
    }
    // The squares numbered 1..k: a played start, with the finish's checks.
    let played: Vec<Square> = clues
        .iter()
        .enumerate()
        .take_while(|&(i, c)| c.step == i.u64() + 1)
        .map(|(_, c)| c.square)
        .collect();
    if let Some(&knight) = played.last() {
        let ending = match clues.last() {
            _ if closed => Ending::Closed,
            Some(last) if last.step == n => Ending::End(last.square),
            _ => Ending::Open,
        };
        if played.len().u64() < n {
            let mut state = Finishing::new(grid, &played, ending, deadline);
            let here = spot(knight);
            state.take(here);
            if let Some(stuck) = state.reason(here) {
                return Some(ClueStuck::Finish {
                    played: played.len().u64(),
                    stuck,
                });
            }
        }
    }
    None
}

fn other(colour: Colour) -> Colour {
    match colour {
        Colour::Light => Colour::Dark,
        Colour::Dark => Colour::Light,
    }
}

/// One run of steps with no square yet: the placed steps `a` before it and
/// `b` after it (`b == n` round the end of a closed tour, to the first
/// square); None for the free start (`a`) or end (`b`) of an open tour.
#[derive(Clone, Copy)]
struct Gap {
    a: Option<usize>,
    b: Option<usize>,
}

/// The search of the module's documentation.
pub(crate) struct Search {
    bits: Bits,
    n: usize,
    closed: bool,
    /// Each step's spot: the clues', and those the search has placed.
    at: Vec<Option<usize>>,
    /// The steps with no spot yet, one bit each.
    open_steps: u64,
    /// The clue squares.
    clue_set: u64,
    /// The first clue (step from 0, spot), which fixes the first square's
    /// colour.
    first_clue: Option<(usize, usize)>,
    deadline: Deadline,
    /// Nodes searched in all.
    pub nodes: u64,
    budget: u64,
    /// Whether the budget or the time ran out (nothing proven then).
    pub cut: bool,
    /// How many tours to find before stopping.
    want: usize,
    /// Ties among the moves: 0 Roth's rule, else at random from this seed.
    pub tie: u64,
    /// Whether the steps are those of the tours sought read the other way.
    reversed: bool,
    /// The order of the gaps this round: 0 step order, 1 fewest steps
    /// first, 2 the gap with an end of fewest moves first (from that end),
    /// 3 fewest steps first from the end with fewer moves.
    order: u64,
    /// Positions proven to have no finish: the free squares, the steps
    /// without a square, and the head and first square.
    hopeless: HashSet<(u64, u64, u32), BuildHasherDefault<KeyHasher>>,
    /// The tours found (spots by step).
    pub found: Vec<Vec<u8>>,
}

impl Search {
    /// The search for tours of `grid` (at most 64 squares) that agree with
    /// `clues` (sorted by step, checked).
    pub(crate) fn new(grid: Grid, clues: &[Clue], closed: bool, deadline: &Deadline) -> Search {
        let n = grid.len();
        let all = u64::MAX >> (64 - n);
        let bits = Bits::new(grid, all, deadline);
        let mut at = vec![None; n];
        let mut clue_set = 0;
        let mut open_steps = all;
        for c in clues {
            let (step, spot) = (c.step.usize() - 1, grid.spot(c.square).index());
            at[step] = Some(spot);
            clue_set |= bit(spot);
            open_steps &= !bit(step);
        }
        let first_clue = clues
            .first()
            .map(|c| (c.step.usize() - 1, grid.spot(c.square).index()));
        Search {
            bits,
            n,
            closed,
            at,
            open_steps,
            clue_set,
            first_clue,
            deadline: deadline.clone(),
            nodes: 0,
            budget: 0,
            cut: false,
            want: 1,
            tie: 0,
            order: 0,
            reversed: false,
            hopeless: HashSet::default(),
            found: Vec::new(),
        }
    }

    /// Searches for up to `want` tours within `budget` nodes and the
    /// deadline; the tours found are in `found`, and `cut` says whether the
    /// search stopped before it was complete ([`search_ways`] with this
    /// one way).
    pub(crate) fn search(&mut self, want: usize, budget: u64) {
        let (found, cut) = search_ways(std::slice::from_mut(self), want, budget);
        self.found = found;
        self.cut = cut;
    }

    /// A tour found, numbered as the first way's.
    fn as_first(&self, path: Vec<u8>) -> Vec<u8> {
        match (self.reversed, self.closed) {
            (false, _) => path,
            (true, false) => path.into_iter().rev().collect(),
            (true, true) => std::iter::once(path[0])
                .chain(path[1..].iter().rev().copied())
                .collect(),
        }
    }

    /// One round of [`search_ways`].
    fn round(&mut self, want: usize, budget: u64) {
        self.want = want;
        self.budget = budget;
        self.cut = false;
        self.found.clear();
        let all = u64::MAX >> (64 - self.n);
        let free = all & !self.clue_set;
        // An open tour with a clue, numbered as given, fills its free start
        // from the clue backwards; otherwise (and read the other way) the
        // first square is tried square by square, which gives the forced
        // moves a fixed end: each is fast on clue sets where the other is
        // lost.
        let fixed =
            self.at[0].is_some() || (!self.closed && !self.reversed && self.first_clue.is_some());
        let starts = match self.at[0] {
            Some(s) => bit(s),
            None if fixed => 1,
            None => {
                // The colour of step 1, when a clue fixes it.
                let colour = self.first_clue.map(|(step, spot)| {
                    let light = self.bits.light & bit(spot) != 0;
                    if light == (step % 2 == 0) {
                        self.bits.light
                    } else {
                        !self.bits.light
                    }
                });
                free & colour.unwrap_or(all)
            }
        };
        let mut order: Vec<(u64, usize)> = squares(starts)
            .map(|s| {
                let key = match self.tie {
                    0 => s.u64(),
                    seed => mix(seed ^ s.u64()),
                };
                (key, s)
            })
            .collect();
        order.sort_unstable();
        for (_, s) in order {
            if fixed {
                self.node(free, None);
            } else {
                self.at[0] = Some(s);
                self.open_steps &= !1;
                self.node(free & !bit(s), None);
                self.at[0] = None;
                self.open_steps |= 1;
            }
            if self.cut || self.found.len() >= self.want {
                return;
            }
        }
    }

    /// Tours found below this position: the steps in `at` placed, the
    /// free squares `free`, and the step `head` whose gap is being filled
    /// (None: none is, the next gap is chosen).
    fn node(&mut self, free: u64, head: Option<usize>) -> usize {
        let n = self.n;
        if free == 0 {
            let path: Vec<u8> = self.at.iter().map(|s| s.unwrap_or(0).u8()).collect();
            let m = &self.bits.moves;
            let joined = |a: u8, b: u8| m[a.usize()] & bit(b.usize()) != 0;
            let whole = self.open_steps == 0
                && path.windows(2).all(|p| joined(p[0], p[1]))
                && (!self.closed || joined(path[n - 1], path[0]));
            if !whole {
                return 0;
            }
            self.found.push(path);
            return 1;
        }
        self.nodes += 1;
        if self.budget == 0 || self.cut {
            self.cut = true;
            return 0;
        }
        self.budget -= 1;
        if self.nodes % 1024 == 0 && self.deadline.passed() {
            self.cut = true;
            return 0;
        }
        let start = self.at[0].unwrap_or(0).u32();
        let moving = head.map_or(0, |h| (h.u32() + 1) | (self.at[h].unwrap_or(0).u32() << 8));
        let key = (free, self.open_steps, moving | (start << 16));
        if self.hopeless.contains(&key) {
            return 0;
        }
        let Some((from, step, moves)) = self.feasible(free, head) else {
            self.keep_hopeless(key);
            return 0;
        };
        let mut keyed = [(0u32, 0u64, 0usize); 8];
        let mut m = 0;
        for to in squares(moves) {
            let onward = (self.bits.moves[to] & free).count_ones();
            let tie = match self.tie {
                0 => u64::MAX - self.bits.centre[to],
                seed => mix(seed ^ self.nodes.rotate_left(17) ^ to.u64()),
            };
            keyed[m] = (onward, tie, to);
            m += 1;
        }
        keyed[..m].sort_unstable();
        let mut count = 0;
        // The gap goes on the same way (forward, or backwards from the
        // first clue) while it has steps left.
        let following = if step > from {
            step + 1
        } else {
            step.wrapping_sub(1)
        };
        let next = (following < n && self.at[following].is_none()).then_some(step);
        for &(_, _, to) in &keyed[..m] {
            self.at[step] = Some(to);
            self.open_steps &= !bit(step);
            count += self.node(free & !bit(to), next);
            self.at[step] = None;
            self.open_steps |= bit(step);
            if self.cut || self.found.len() >= self.want {
                return count;
            }
        }
        if count == 0 {
            self.keep_hopeless(key);
        }
        count
    }

    /// Keeps a position proven hopeless; when the table is full, it is
    /// emptied first (those of earlier rounds' orders are the least likely
    /// to be met again, and a bound on the table's memory matters more).
    fn keep_hopeless(&mut self, key: (u64, u64, u32)) {
        if self.hopeless.len() >= HOPELESS_KEPT {
            self.hopeless.clear();
        }
        self.hopeless.insert(key);
    }

    /// The squares of `v`'s colour.
    fn own(&self, v: usize) -> u64 {
        if self.bits.light & bit(v) != 0 {
            self.bits.light
        } else {
            !self.bits.light
        }
    }

    /// The spot of step `s`, placed (`n` is the first square again).
    fn spot(&self, s: usize) -> usize {
        self.at[s % self.n].unwrap_or(0)
    }

    /// The squares of `free` reachable from `a` within 1, 2, … moves
    /// through `free`: `reach[i]` within `i` (for `i` up to `len - 1`).
    fn reach(&self, a: usize, free: u64, reach: &mut [u64]) {
        let mut r = self.bits.moves[a] & free;
        reach[0] = 0;
        for slot in reach.iter_mut().skip(1) {
            *slot = r;
            r = (r | self.bits.around(r)) & free;
        }
    }

    /// The placed step to move from (`head`, or the one beside the gap
    /// chosen), the step to place and the squares worth trying for it, or
    /// None when the position is hopeless by the checks of the module's
    /// documentation.
    fn feasible(&mut self, free: u64, head: Option<usize>) -> Option<(usize, usize, u64)> {
        let n = self.n;
        let m = &self.bits.moves;
        // The gaps, in step order; placed steps in a row must be a move
        // apart (clues given so).
        let mut gaps = [Gap { a: None, b: None }; 64];
        let mut len = 0;
        // A round places the first square when no clue is placed, so some
        // step always is.
        let first = (0..n).find(|&s| self.at[s].is_some()).unwrap_or(0);
        if first > 0 {
            gaps[len] = Gap {
                a: None,
                b: Some(first),
            };
            len += 1;
        }
        let mut p = first;
        for s in first + 1..n {
            if let Some(spot) = self.at[s] {
                if s - p > 1 {
                    gaps[len] = Gap {
                        a: Some(p),
                        b: Some(s),
                    };
                    len += 1;
                } else if m[self.spot(p)] & bit(spot) == 0 {
                    return None;
                }
                p = s;
            }
        }
        if self.closed {
            if n - p > 1 {
                gaps[len] = Gap {
                    a: Some(p),
                    b: Some(n),
                };
                len += 1;
            } else if m[self.spot(p)] & bit(self.spot(0)) == 0 {
                return None;
            }
        } else if p + 1 < n {
            gaps[len] = Gap {
                a: Some(p),
                b: None,
            };
            len += 1;
        }
        let gaps = &gaps[..len];
        // Each gap's ellipse and the free squares it needs; the squares a
        // free square may be joined to.
        let mut segments = [(0u64, 0u32, 0u64); 64];
        let (mut ra, mut rb) = ([0u64; 66], [0u64; 66]);
        let mut joins = free;
        let mut tails = 0;
        let mut cand = [0u64; 64];
        for (c, at) in cand.iter_mut().zip(&self.at) {
            if let Some(spot) = *at {
                *c = bit(spot);
            }
        }
        for (segment, gap) in segments.iter_mut().zip(gaps) {
            *segment = match (gap.a, gap.b) {
                (Some(a_step), Some(b_step)) => {
                    let (a, b) = (self.spot(a_step), self.spot(b_step));
                    joins |= bit(a) | bit(b);
                    let g = b_step - a_step;
                    self.reach(a, free, &mut ra[..g]);
                    if ra[g - 1] & m[b] == 0 {
                        return None;
                    }
                    self.reach(b, free, &mut rb[..g]);
                    let own = self.own(a);
                    for i in 1..g {
                        let colour = if i % 2 == 0 { own } else { !own };
                        cand[a_step + i] = ra[i] & rb[g - i] & colour;
                    }
                    let ellipse = (1..g).fold(0, |e, i| e | (ra[i] & rb[g - i]));
                    (ellipse, (g - 1).u32(), own)
                }
                (Some(step), None) | (None, Some(step)) => {
                    // A free end: its squares within the steps it has.
                    let a = self.spot(step);
                    joins |= bit(a);
                    tails += 1;
                    let g = if gap.b.is_none() { n - 1 - step } else { step };
                    self.reach(a, free, &mut ra[..=g]);
                    let own = self.own(a);
                    for (i, &r) in ra.iter().enumerate().take(g + 1).skip(1) {
                        let colour = if i % 2 == 0 { own } else { !own };
                        let t = if gap.b.is_none() { step + i } else { step - i };
                        cand[t] = r & colour;
                    }
                    (ra[g], g.u32(), own)
                }
                (None, None) => return None,
            };
        }
        let segments = &segments[..len];
        // A segment's squares alternate colours from the other colour than
        // its first anchor's: of `need`, the first anchor's colour holds
        // `need / 2` and the other the rest.
        let (mut once, mut twice) = (0u64, 0u64);
        for &(ellipse, need, own) in segments {
            let (mine, other) = (need / 2, need - need / 2);
            if (ellipse & own).count_ones() < mine || (ellipse & !own).count_ones() < other {
                return None;
            }
            twice |= once & ellipse;
            once |= ellipse;
        }
        if free & !once != 0 {
            return None;
        }
        for &(ellipse, need, own) in segments {
            let only = ellipse & !twice;
            let (mine, other) = (need / 2, need - need / 2);
            if (only & own).count_ones() > mine || (only & !own).count_ones() > other {
                return None;
            }
        }
        // A free square with one way in is an end of the tour.
        let (one, two, _) = self.bits.counts(joins);
        if free & !one != 0 {
            return None;
        }
        if (free & !two).count_ones() > tails {
            return None;
        }
        // The gap to fill: the one being filled, else the one with the
        // fewest steps (fail first), a gap between two squares before a
        // free end.
        let steps = |g: &Gap| match (g.a, g.b) {
            (Some(a), Some(b)) => 2 * (b - a),
            (Some(a), None) => 2 * (n - a),
            (None, b) => 2 * (b.unwrap_or(0) + 1),
        };
        let gap = match head {
            Some(h) => *gaps.iter().find(|g| g.a == Some(h) || g.b == Some(h))?,
            None if self.order == 0 => gaps[0],
            None if self.order == 2 => {
                // The end with the fewest moves on (fewest ways to try).
                let out = |s: Option<usize>| {
                    s.map_or(u32::MAX, |s| (m[self.spot(s)] & free).count_ones())
                };
                *gaps
                    .iter()
                    .min_by_key(|g| (out(g.a).min(out(g.b)), steps(g)))?
            }
            None => *gaps.iter().min_by_key(|g| (steps(g), g.a))?,
        };
        // A gap between two placed squares is filled from its first end,
        // or in orders 2 and 3 from the end with fewer moves (the way it
        // was begun, once begun).
        let backwards = match (gap.a, gap.b) {
            (Some(a), Some(b)) => match head {
                Some(h) => h == b,
                None => {
                    let out = |s: usize| (m[self.spot(s)] & free).count_ones();
                    self.order >= 2 && out(b) < out(a)
                }
            },
            (a, _) => a.is_none(),
        };
        let (from, step, beyond) = match (gap.a, gap.b) {
            (Some(a), Some(b)) if backwards => (b, b - 1, Some(a).filter(|&a| a + 2 == b)),
            (Some(a), b) => (a, a + 1, b.filter(|&b| b == a + 2)),
            (None, Some(b)) => (b, b - 1, None),
            (None, None) => return None,
        };
        let mut moves = m[self.spot(from)] & free;
        if let Some(b) = beyond {
            moves &= m[self.spot(b)];
        }
        if !self.narrow(&mut cand, free) {
            return None;
        }
        moves &= cand[step];
        if moves == 0 {
            return None;
        }
        self.forced(gaps, from, step, free, moves)
            .map(|moves| (from, step, moves))
    }

    /// Narrows each free step's candidate squares `cand` (each placed
    /// step's is its square) until nothing changes: a square at step `t`
    /// needs a square a move away at `t - 1` and another, a different one,
    /// at `t + 1` (none before the first step or after the last of an open
    /// tour; round the end of a closed one); a free square that only one
    /// step can take is that step's; a step with one square left takes it
    /// from every other step. False when a step has no square left, a free
    /// square no step, or two steps the same one square.
    fn narrow(&self, cand: &mut [u64; 64], free: u64) -> bool {
        let n = self.n;
        if n < 3 {
            return true;
        }
        let open = self.open_steps;
        for _ in 0..8 {
            let mut changed = false;
            for t in squares(open) {
                let pred = if t > 0 {
                    Some(t - 1)
                } else {
                    self.closed.then_some(n - 1)
                };
                let succ = if t + 1 < n {
                    Some(t + 1)
                } else {
                    self.closed.then_some(0)
                };
                let mut keep = cand[t];
                let mut single = u64::MAX;
                if let Some(p) = pred {
                    let (one, two, _) = self.bits.counts(cand[p]);
                    keep &= one;
                    single &= one & !two;
                }
                if let Some(q) = succ {
                    let (one, two, _) = self.bits.counts(cand[q]);
                    keep &= one;
                    single &= one & !two;
                }
                if let (Some(p), Some(q)) = (pred, succ) {
                    // One neighbour on each side, and the same one.
                    let both = cand[p] & cand[q];
                    if both != 0 {
                        keep &= !(single & self.bits.around(both));
                    }
                }
                if keep != cand[t] {
                    if keep == 0 {
                        return false;
                    }
                    cand[t] = keep;
                    changed = true;
                }
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for t in squares(open) {
                twice |= once & cand[t];
                once |= cand[t];
            }
            if free & !once != 0 {
                return false;
            }
            let hidden = free & !twice;
            let mut singles = 0u64;
            for t in squares(open) {
                let h = hidden & cand[t];
                if h != 0 {
                    if h.count_ones() > 1 {
                        return false;
                    }
                    if cand[t] != h {
                        cand[t] = h;
                        changed = true;
                    }
                }
                if cand[t].count_ones() == 1 {
                    if singles & cand[t] != 0 {
                        return false;
                    }
                    singles |= cand[t];
                }
            }
            for t in squares(open) {
                if cand[t].count_ones() > 1 && cand[t] & singles != 0 {
                    cand[t] &= !singles;
                    if cand[t] == 0 {
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        true
    }

    /// The forced moves of the position followed to the end
    /// ([`super::bits::forced`]), on the graph of what the rest of the
    /// tour passes through: the free squares and the placed squares beside
    /// a gap. Each run of placed steps between two gaps is two squares
    /// joined to each other (one, when the run is one square), each of
    /// which takes one free square beside it (the one square takes two).
    /// The run from the first step is the path's start (the knight): its
    /// last square. The path's end: the first square of the run to the
    /// last step, or a free square for an open tail. For a closed tour
    /// whose last step is free, the last square is a free square one move
    /// from the first square (the first square then is not in the graph
    /// unless it is the knight). The moves worth searching from the square
    /// of step `h`: its moves to free squares in `moves` that survive.
    fn forced(&self, gaps: &[Gap], h: usize, step: usize, free: u64, moves: u64) -> Option<u64> {
        let n = self.n;
        let m = &self.bits.moves;
        let mut open = [0u64; 64];
        let mut graph = free;
        let mut to_free = free;
        for pair in gaps.windows(2) {
            let (Some(x_step), Some(y_step)) = (pair[0].b, pair[1].a) else {
                continue;
            };
            let (x, y) = (self.spot(x_step), self.spot(y_step));
            graph |= bit(x) | bit(y);
            to_free |= bit(x) | bit(y);
            open[x] = m[x] & free;
            open[y] = m[y] & free;
            if x != y {
                open[x] |= bit(y);
                open[y] |= bit(x);
            }
        }
        let (Some(first), Some(last)) = (gaps.first(), gaps.last()) else {
            return Some(moves);
        };
        // The path's start (the knight) and its possible last squares: for
        // a free start, the path read from the other end.
        let (k, ends) = match (first.a, last.b) {
            (Some(a), None) => (self.spot(a), free),
            (Some(a), Some(b)) if b == n => (self.spot(a), m[self.spot(0)] & free),
            (Some(a), Some(b)) => {
                let e = self.spot(b);
                graph |= bit(e);
                to_free |= bit(e);
                open[e] = m[e] & free;
                (self.spot(a), bit(e))
            }
            (None, Some(b)) => (self.spot(b), free),
            (None, None) => return Some(moves),
        };
        graph |= bit(k);
        to_free |= bit(k);
        if graph.count_ones() <= 2 {
            return Some(moves);
        }
        for v in squares(free) {
            open[v] = m[v] & to_free;
        }
        open[k] = m[k] & free;
        let head = self.spot(h);
        let forward = step > h;
        // The knight's one use in the graph is its move on along the path
        // read from it; a head outside the graph (the first square of a
        // closed tour, filled backwards) is not checked here.
        if graph & bit(head) == 0 || (head == k && forward != first.a.is_some()) {
            return Some(moves);
        }
        // The head's one use is its move to the step placed next when the
        // step on its other side is placed (or it is the knight): only
        // `moves` then.
        let other = if forward {
            h.checked_sub(1).or(self.closed.then_some(n - 1))
        } else if h % n + 1 < n {
            Some(h % n + 1)
        } else {
            self.closed.then_some(0)
        };
        if head == k || other.is_none_or(|s| self.at[s].is_some()) {
            open[head] = (open[head] & !free) | moves;
            for v in squares(free & m[head] & !moves) {
                open[v] &= !bit(head);
            }
        }
        super::bits::forced(k, head, graph, ends, open).map(|o| o & moves)
    }
}
