//! Making a puzzle with exactly one solution and no clue to spare: a
//! board with some squares numbered, a proof (an exhausted search) that
//! exactly one tour agrees with them, and for each clue a second tour that
//! agrees with the others (so none can be left out: the puzzle is minimal).
//!
//! A puzzle is made from a seed in three steps, each measured in search
//! nodes rather than time, so that the same seed always gives the same
//! puzzle:
//!
//! 1. a tour of the board, by the clue search ([`gaps`](super::gaps))
//!    from a start the seed picks, its ties broken at random by the seed;
//! 2. clues from that tour until it is the only one: the search looks for
//!    two tours that agree with the clues so far; while it finds one that
//!    differs from ours, a square where they differ (the seed picks which)
//!    is numbered as in ours, which rules that one out; when the search is
//!    exhausted having found ours alone, it is unique;
//! 3. each clue in turn (in an order the seed picks) is left out when the
//!    search proves the rest still have exactly one tour, and stays when it
//!    finds a second tour that agrees with the rest, kept as the proof.
//!    Ours is the only tour with the clue, so another tour of the rest is
//!    one that numbers the clue's square otherwise: the search seeks only
//!    those (a tour it need not find first, and ours cut from the search;
//!    on 8×8, seeds 0–59, a sixth fewer nodes in all than seeking two).
//!    The other tours found in step 2 are proofs too, for any clue that is
//!    the only one they break, and spare those checks. A check its node
//!    budget cuts short proves neither, so its clue stays for the next
//!    pass over the clues still unsettled, with four times the nodes (from
//!    10,000 to 640,000). Leaving clues out only adds tours, so a second
//!    tour found for a clue stays its proof to the end: when every clue is
//!    settled, the puzzle is minimal.
//!
//! In step 2, a check its node budget cuts short proves nothing either, so
//! a clue the seed picks is added. The time limit is a safety only: when it
//! runs out, step 3 stops where it is (the puzzle is still proven unique,
//! with more clues, and says it is not proven minimal), and in step 2 every
//! square is numbered.

use super::clue::Clue;
use super::gaps::Search;
use super::solve::{count_tours, CLUE_SQUARES};
use crate::board::{Board, Square};
use crate::deadline::Deadline;
use crate::draw::{grouped, Caption, Overlay};
use crate::grid::{Grid, Int, Spot};
use crate::seed::splitmix64;
use crate::tour::building::ruled_out;
use crate::tour::kinds::is_tour;

/// The nodes one check of a clue set may take: few enough that an 8×8
/// puzzle takes well under two seconds. On 8×8, seeds 0–99, since the
/// clue search narrows each step's candidate squares: 10,000, 20,000 and
/// 40,000 all give a median of 11 clues (open and closed), 10,000 in the
/// least time; before that, 150,000 left the median as 40,000 had it.
const CHECK_NODES: u64 = 10_000;

/// The most nodes one check may take in the later passes of step 3 (the
/// budget grows fourfold a pass from [`CHECK_NODES`]): about 3 s on a core,
/// within `/tour/puzzle`'s default 5 s. On 8×8, seeds 0–59 open and
/// closed, the largest check took 71,470 nodes, within the third pass.
const PROOF_NODES: u64 = 640_000;

/// The nodes the search for the puzzle's tour may take from one start.
const TOUR_NODES: u64 = 100_000;

/// A puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleRequest {
    /// The board, at most 64 squares.
    pub board: Board,
    /// Whether the tour is closed.
    pub closed: bool,
    /// Picks the tour and the clues: the same seed, the same puzzle.
    pub seed: u64,
}

/// A puzzle: clues that exactly one tour agrees with, and that tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board.
    pub board: Board,
    /// Whether the tour is closed.
    pub closed: bool,
    /// The seed it was made from.
    pub seed: u64,
    /// The numbered squares, by step.
    pub clues: Vec<Clue>,
    /// The one tour that agrees with them.
    pub solution: Vec<Square>,
    /// For each clue (in the order of `clues`), a tour other than the
    /// solution that agrees with every other clue: the proof that the clue
    /// cannot be left out. None where that was not settled (neither this
    /// nor that the rest have one tour alone) within the nodes a check may
    /// take or the time.
    pub seconds: Vec<Option<Vec<Square>>>,
    /// Whether the time ran out before every clue was settled (a puzzle
    /// the time cut short may differ from the seed's with more time).
    pub time_ran_out: bool,
    /// The search nodes it took in all.
    pub nodes: u64,
}

impl Puzzle {
    /// What a picture of the puzzle says, as puzzle books print it: the
    /// clue squares numbered, and the words knightd and the Python package
    /// both draw ("Knight's tour puzzle (seed 7)", "5 squares numbered:
    /// number the rest 1 to 36 so that each number is a knight move from
    /// the next; exactly one way does, …").
    #[must_use]
    pub fn overlay(&self) -> Overlay {
        let count = self.clues.len();
        Overlay {
            clues: self.clues.iter().map(|c| (c.square, c.step)).collect(),
            caption: Caption {
                asked: format!(
                    "Knight's tour puzzle (seed {}{})",
                    self.seed,
                    if self.closed { ", closed" } else { "" }
                ),
                moves: None,
                cost: None,
                verdict: Some(format!(
                    "{count} squares numbered: number the rest 1 to {} so that each number is a knight move from the next{}; exactly one way does{}",
                    self.board.squares(),
                    if self.closed { " and the last a knight move from the first" } else { "" },
                    if self.minimal() { ", and without any one of the numbers more than one would" } else { "" }
                )),
            },
            ..Overlay::default()
        }
    }

    /// Whether no clue can be left out with the solution still the only
    /// one, proven: each clue has its second tour in `seconds`.
    #[must_use]
    pub fn minimal(&self) -> bool {
        self.seconds.iter().all(Option::is_some)
    }

    /// Why the puzzle is not proven minimal, in words; None when it is.
    #[must_use]
    pub fn why_not_minimal(&self) -> Option<String> {
        let open: Vec<&Clue> = self
            .clues
            .iter()
            .zip(&self.seconds)
            .filter(|(_, second)| second.is_none())
            .map(|(clue, _)| clue)
            .collect();
        let which = match open.as_slice() {
            [] => return None,
            [one] => format!("{} (numbered {})", one.square, one.step),
            few if few.len() <= 6 => {
                let mut named: Vec<String> = few
                    .iter()
                    .map(|c| format!("{} ({})", c.square, c.step))
                    .collect();
                let last = named.pop().unwrap_or_default();
                format!("any of {} or {last}", named.join(", "))
            }
            all if all.len() == self.clues.len() => format!("any of the {} clues", all.len()),
            many => format!("any of {} of the {} clues", many.len(), self.clues.len()),
        };
        let bound = if self.time_ran_out {
            "the time ran out first".to_owned()
        } else {
            format!("in {} search nodes a check", grouped(PROOF_NODES))
        };
        Some(format!(
            "whether {which} can be left out was not settled ({bound}): the search neither proved that the other clues have one tour nor found a second that agrees with them; the puzzle has exactly one solution, but may have a clue to spare"
        ))
    }
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The board has more than 64 squares.
    TooLarge {
        /// The board's squares.
        squares: u64,
    },
    /// The board has no tour (open or closed, as asked): the theorem.
    NoTour(String),
    /// No tour was found within the time.
    NotFound,
}

/// A puzzle with exactly one solution on `request.board`, and no clue it
/// can do without when [`Puzzle::minimal`] (proven within the search's
/// budgets; [`Puzzle::why_not_minimal`] says why not otherwise).
///
/// # Errors
///
/// [`PuzzleError::TooLarge`] past 64 squares, [`PuzzleError::NoTour`] on
/// boards with no tour (by a theorem or a complete search),
/// [`PuzzleError::NotFound`] when no tour was found within `time_limit`
/// (a `Duration`, or a [`Deadline`] its caller can call off).
///
/// ```
/// use std::time::Duration;
/// use knight::{make_puzzle, Board, PuzzleRequest};
/// let board = Board::new(6, 6).unwrap();
/// let puzzle = make_puzzle(PuzzleRequest { board, closed: false, seed: 7 }, Duration::from_secs(2)).unwrap();
/// assert_eq!(puzzle.solution.len(), 36);
/// assert!(puzzle.minimal());
/// assert!(puzzle.clues.iter().all(|c| puzzle.solution[usize::try_from(c.step).unwrap() - 1] == c.square));
/// ```
pub fn make_puzzle(
    request: PuzzleRequest,
    time_limit: impl Into<Deadline>,
) -> Result<Puzzle, PuzzleError> {
    let deadline: Deadline = time_limit.into();
    let PuzzleRequest {
        board,
        closed,
        seed,
    } = request;
    let squares = board.squares();
    if squares > CLUE_SQUARES {
        return Err(PuzzleError::TooLarge { squares });
    }
    let grid = Grid::new(board).ok_or(PuzzleError::TooLarge { squares })?;
    let mut nodes = 0;
    let tour = random_tour(grid, closed, seed, &deadline, &mut nodes)?;
    let n = tour.len();
    let clue = |step: usize| Clue {
        square: tour[step],
        step: step.u64() + 1,
    };
    let mut random = splitmix64(seed ^ 0x5eed);
    let mut pick = |below: usize| {
        random = splitmix64(random);
        (random % below.u64()).usize()
    };
    // Step 2: clues until ours is the only tour. Every other tour found
    // is kept: one that differs from ours at one clue alone proves that
    // clue cannot be left out.
    let mut given = vec![false; n];
    let mut others: Vec<Vec<Square>> = Vec::new();
    let mut time_ran_out = false;
    loop {
        if deadline.passed() {
            given.fill(true);
            time_ran_out = true;
            break;
        }
        let clues = numbered(&given, clue);
        let (found, settled) = check(
            grid,
            &clues,
            closed,
            (2, None),
            CHECK_NODES,
            &deadline,
            &mut nodes,
        );
        let other = found.into_iter().find(|path| *path != tour);
        let differ: Vec<usize> = match &other {
            Some(path) => (0..n).filter(|&s| path[s] != tour[s]).collect(),
            None if settled => break,
            None => (0..n).filter(|&s| !given[s]).collect(),
        };
        others.extend(other);
        if differ.is_empty() {
            // Every square numbered: unique.
            break;
        }
        given[differ[pick(differ.len())]] = true;
    }
    // Step 3: leave out each clue the rest does without, in passes of
    // growing node budgets over the clues not yet settled.
    let mut order: Vec<usize> = (0..n).filter(|&s| given[s]).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, pick(i + 1));
    }
    let mut budget = CHECK_NODES;
    loop {
        let mut unsettled = Vec::new();
        for s in order {
            if deadline.passed() {
                time_ran_out = true;
                unsettled.push(s);
                continue;
            }
            if second(&others, &tour, &given, s).is_some() {
                continue;
            }
            // Ours is the only tour of the clues with this one, so a tour of
            // the rest is another exactly when it does not number this
            // square so: the search seeks only those.
            given[s] = false;
            let clues = numbered(&given, clue);
            let sought = (1, Some(clue(s)));
            let (found, settled) =
                check(grid, &clues, closed, sought, budget, &deadline, &mut nodes);
            if settled && found.is_empty() {
                continue;
            }
            given[s] = true;
            others.extend(found);
            if second(&others, &tour, &given, s).is_none() {
                unsettled.push(s);
            }
        }
        if unsettled.is_empty() || budget >= PROOF_NODES || time_ran_out {
            break;
        }
        order = unsettled;
        budget = (budget * 4).min(PROOF_NODES);
    }
    let kept: Vec<usize> = (0..n).filter(|&s| given[s]).collect();
    Ok(Puzzle {
        board,
        closed,
        seed,
        clues: kept.iter().map(|&s| clue(s)).collect(),
        seconds: kept
            .iter()
            .map(|&s| second(&others, &tour, &given, s).cloned())
            .collect(),
        time_ran_out,
        solution: tour,
        nodes,
    })
}

/// The clues of the steps `given`, by step.
fn numbered(given: &[bool], clue: impl Fn(usize) -> Clue) -> Vec<Clue> {
    (0..given.len()).filter(|&s| given[s]).map(clue).collect()
}

/// A tour of `others` that agrees with every step `given` of `tour` but
/// `s`: the proof that the clue at step `s` cannot be left out.
fn second<'a>(
    others: &'a [Vec<Square>],
    tour: &[Square],
    given: &[bool],
    s: usize,
) -> Option<&'a Vec<Square>> {
    others.iter().find(|other| {
        other[s] != tour[s] && (0..tour.len()).all(|t| t == s || !given[t] || other[t] == tour[t])
    })
}

/// Up to `sought.0` tours that agree with `clues` (sorted by step) and do
/// not number `sought.1`'s square so, and whether the search was complete.
fn check(
    grid: Grid,
    clues: &[Clue],
    closed: bool,
    sought: (usize, Option<Clue>),
    budget: u64,
    deadline: &Deadline,
    nodes: &mut u64,
) -> (Vec<Vec<Square>>, bool) {
    let (found, settled, searched) = count_tours(grid, clues, closed, sought, budget, deadline);
    *nodes += searched;
    (found, settled)
}

/// A tour of the grid's board from a start the seed picks, its ties broken
/// at random by the seed.
fn random_tour(
    grid: Grid,
    closed: bool,
    seed: u64,
    deadline: &Deadline,
    nodes: &mut u64,
) -> Result<Vec<Square>, PuzzleError> {
    let board = grid.board();
    let mut starts: Vec<(u64, Square)> = grid
        .squares()
        .map(|(square, _)| (splitmix64(seed ^ board.index(square)), square))
        .collect();
    starts.sort_unstable();
    let mut theorem = None;
    let mut unsettled = false;
    for (_, start) in starts {
        let (x, y) = (u64::from(start.file()), u64::from(start.rank()));
        if let Some(why) = ruled_out(board.width(), board.height(), x, y, closed) {
            theorem.get_or_insert(why.to_string());
            continue;
        }
        let first = [Clue {
            square: start,
            step: 1,
        }];
        let mut search = Search::new(grid, &first, closed, deadline);
        search.tie = splitmix64(seed) | 1;
        search.search(1, TOUR_NODES);
        *nodes += search.nodes;
        if let Some(path) = search.found.first() {
            let tour: Vec<Square> = path
                .iter()
                .map(|&i| grid.square(Spot::new(i.usize())))
                .collect();
            if is_tour(board, start, closed, &tour) {
                return Ok(tour);
            }
        }
        unsettled |= search.cut;
        if deadline.passed() {
            return Err(PuzzleError::NotFound);
        }
    }
    if unsettled {
        return Err(PuzzleError::NotFound);
    }
    Err(PuzzleError::NoTour(theorem.unwrap_or_else(|| {
        format!(
            "a complete search from every square found no {} tour of the {board} board",
            if closed { "closed" } else { "open" }
        )
    })))
}
