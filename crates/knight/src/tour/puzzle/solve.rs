//! Solving a puzzle: some squares numbered with their step in the tour
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
//! played prefix and get the finish's own checks ([`Stuck`]); and
//! the theorems of which boards have tours rule out the start.
//!
//! Then a depth-first search over the gaps between the placed steps
//! proves or finds the tours ([`gaps`](super::gaps): what it cuts, and why each cut is
//! a fact).

use std::fmt;

use super::clue::Clue;
use super::gaps::{search_ways, Search};
use crate::board::{Board, Colour, Square};
use crate::deadline::Deadline;
use crate::draw::{Caption, Overlay};
use crate::grid::{Grid, Int, Spot};
use crate::tour::building::{ruled_out, Rules};
use crate::tour::finish::{bit, Bits, Finishing, Stuck};
use crate::tour::kinds::{is_tour, Ending};

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

impl Solved {
    /// What a picture of the tour solved from `clues` says: the clues
    /// numbered (drawn by step, in whatever order they were given), and
    /// the words knightd and the Python package both draw ("Knight's tour
    /// puzzle: 5 numbered squares", "Solved: the only tour that agrees with
    /// them (a complete search found no other)").
    #[must_use]
    pub fn overlay(&self, clues: &[Clue]) -> Overlay {
        let mut numbered: Vec<(Square, u64)> = clues.iter().map(|c| (c.square, c.step)).collect();
        numbered.sort_by_key(|&(_, step)| step);
        let verdict = match self.unique {
            Some(true) => "the only tour that agrees with them (a complete search found no other)",
            Some(false) => "one of several tours that agree with them",
            None => {
                "a tour that agrees with them (whether it is the only one was not settled in time)"
            }
        };
        let count = clues.len();
        Overlay {
            closed: self.closed,
            clues: numbered,
            caption: Caption {
                asked: format!(
                    "Knight's tour puzzle: {count} numbered square{}",
                    if count == 1 { "" } else { "s" }
                ),
                moves: None,
                cost: None,
                verdict: Some(format!("Solved: {verdict}")),
            },
            ..Overlay::default()
        }
    }
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
/// use knight::{solve_clues, Board, CluesRequest, Square};
/// use knight::tour::Clue;
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
    let (found, settled, nodes) = count_tours(grid, &clues, closed, (2, None), u64::MAX, &deadline);
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

/// Up to `want` tours of `grid` that agree with `clues` (sorted by step,
/// checked) and do not put `excluded`'s square at its step, whether the
/// search was complete, and its nodes.
///
/// An open tour read backwards is a tour, and a closed tour is a tour from
/// any of its squares, so the clues are first renumbered (backwards, or
/// round the cycle) so that as few free steps as can be come before the
/// first clue (the search's step-order rounds begin there; a closed tour's
/// first square is then a clue, not a square to try one by one); the
/// tours found are numbered back.
pub(super) fn count_tours(
    grid: Grid,
    clues: &[Clue],
    closed: bool,
    (want, excluded): (usize, Option<Clue>),
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
    let excluded = excluded.map(|c| Clue {
        square: c.square,
        step: renumber(c.step),
    });
    let mut first_way = Search::new(grid, &renumbered, closed, deadline);
    first_way.exclude(grid, excluded);
    let mut ways = vec![first_way];
    if !clues.is_empty() {
        // The same tours read the other way (a closed tour keeps step 1).
        let other_way = |c: &Clue| Clue {
            square: c.square,
            step: if closed {
                (n + 1 - c.step) % n + 1
            } else {
                n + 1 - c.step
            },
        };
        let mut backwards: Vec<Clue> = renumbered.iter().map(other_way).collect();
        backwards.sort_unstable_by_key(|c| c.step);
        let mut way = Search::new(grid, &backwards, closed, deadline);
        way.exclude(grid, excluded.as_ref().map(other_way));
        way.reversed = true;
        ways.push(way);
    }
    let (found, cut) = search_ways(&mut ways, want, budget);
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
