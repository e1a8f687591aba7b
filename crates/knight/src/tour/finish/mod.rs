//! Finishing a partly played tour: the squares played so far in, a whole
//! tour that begins with exactly them out, or the reason there is none.
//!
//! First the position is checked as a whole ([`Finishing::reason`]), and
//! each check that fails is a reason in words a person can check on the
//! board ([`Stuck`]): the knight has a square to go to; every unplayed
//! square can still be entered, and at most one has a single way in (it
//! can only be the last square, so it must be the asked `end`, or one move
//! from the first square of a closed tour, and of the colour the knight
//! ends on); the unplayed squares are one connected part; with `closed`,
//! the first square keeps an unplayed neighbour; and the colour count (a
//! knight alternates colours, so the unplayed squares must hold as many of
//! each colour as the moves left alternate through, and the last square's
//! colour must suit the asked end or the closing move).
//!
//! Then, on boards of at most [`WHOLE_CHECK_SQUARES`] (64) squares, the
//! theorems of which boards have tours from which squares
//! ([`ruled_out`]: a finished tour is a tour of the board
//! from the first square played, [`Stuck::NoTourOfBoard`]); and a search
//! on bitboards ([`bits`]) that checks the whole position at every node:
//! the checks above, on boards 4 wide a count of the moves between the
//! middle lines the edge lines leave, and the forced moves followed to the
//! end (a
//! square that is passed through uses two of its moves, the knight's
//! square and the last one move each; a square with only as many moves
//! left as it uses must use them all, and one that uses them all loses its
//! others; a move that would close a chain of forced moves into a loop is
//! out). Each check cuts only positions that have no finish, so an
//! exhausted search is a proof ([`Stuck::Exhausted`]); and the forced moves
//! leave the search so little to try that on 8×8 every seeded prefix of the
//! figures is settled in at most a few dozen nodes. Positions proven
//! hopeless are remembered (by their free squares and the knight's square).
//!
//! On larger boards one square played is the tour door's own question
//! ([`tour`]: the tour `/tour` gives for the same ends), and a
//! longer prefix anywhere is first finished by construction
//! ([`window`]: a search of a small window round it, joined to
//! constructed tours of the rest), before any whole-position check (which
//! alone costs tens of milliseconds on 1000×1000); when that gives nothing,
//! the position is checked as above and searched by the tours' one
//! depth-first engine ([`depth_first`]), from the last square played over
//! the squares not yet played, ordered by Warnsdorff's rule and Roth's
//! tie-break, in rounds until `time_limit`. On boards of at most
//! [`CHECKED_SQUARES`] (4,096) every node checks the whole position
//! ([`position`]: a free square with no way in, or two with one, or the
//! free squares in two parts, end the branch), so an exhausted search is a
//! proof and the search finds the finishes of long walks that Warnsdorff's
//! order alone leaves stranded; short randomised searches of the whole
//! board ([`window`]'s restarts) take the last quarter of the time.
//! On larger boards the restarts come first, for half the time left, and
//! the engine checks only the knight's next squares.

#[cfg(feature = "counters")]
use std::cell::Cell;

use crate::board::{Board, Square};
use crate::cache::Cache;
use crate::deadline::Deadline;
use crate::draw::{grouped, Caption, Overlay};
use crate::grid::{Grid, Int, Spot};
use crate::terrain::validate::{validate, StepFault};
use crate::terrain::{BarrierRule, Ground};
use crate::tour::building::{
    depth_first, ruled_out, tour, Budget, Method, Outcome, Rules, TourRequest,
};
use crate::tour::kinds::{is_tour, Ending, TourError};
use window::CHECKED_SQUARES;

mod bits;
mod position;
mod stuck;
mod window;

pub use stuck::Stuck;

// What the puzzles build on: a clue solve checks its played prefix as a
// finish does, and searches on the same bitboards.
pub(in crate::tour) use bits::{bit, forced, squares, Bits, KeyHasher};
pub(in crate::tour) use position::Finishing;

/// Boards of at most this many squares have their whole position checked
/// at every node of the search, on bitboards.
const WHOLE_CHECK_SQUARES: u64 = 64;

#[cfg(feature = "counters")]
thread_local! {
    /// The nodes the last finish on this thread searched.
    static LAST_NODES: Cell<u64> = const { Cell::new(0) };
}

/// The nodes the last [`finish_tour`] on this thread searched, on a board
/// of at most 64 squares (0 when it searched none, or on a larger board): a
/// measure of its work that does not depend on how busy the machine is.
/// Only with the `counters` feature, which the library's own tests and
/// figures turn on: it is not part of the answer.
#[cfg(feature = "counters")]
pub fn last_finish_nodes() -> u64 {
    LAST_NODES.with(Cell::get)
}

/// A tour to finish: the board, the squares played so far (in order, from
/// the first) and how it must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishRequest<'a> {
    /// The board toured.
    pub board: Board,
    /// The squares played so far, at least one, each on the board.
    pub played: &'a [Square],
    /// How the tour must end.
    pub ending: Ending,
}

/// Why no finished tour was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinishError {
    /// No squares were played.
    NothingPlayed,
    /// The played squares are not a path of knight moves without repeats:
    /// the first step at fault, as [`validate`] reports it.
    Played(StepFault),
    /// The asked end is not on the board.
    EndOffBoard(Square),
    /// The board has more squares than the limit.
    TooLarge {
        /// The board's squares.
        squares: u64,
        /// The most allowed.
        limit: u64,
    },
    /// No tour begins with the played squares, and this is why.
    NoTour(Stuck),
    /// The search found none within its time and proved nothing.
    NotFound,
}

/// A finished tour: every square once, beginning with the played squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The board toured.
    pub board: Board,
    /// Whether the last square is one knight move from the first.
    pub closed: bool,
    /// How many squares of `path` were played.
    pub played: usize,
    /// The whole tour, checked.
    pub path: Vec<Square>,
}

impl Finished {
    /// What a picture of this finished tour says (`end`: the end asked,
    /// if any), the words knightd and the Python package both draw: the
    /// squares played and how the tour was to end ("Knight's tour to d5
    /// finished from the 3 squares played (a1 b3 c5)"), then the moves
    /// played and found and where it ends ("2 played and 60 found to
    /// finish, every square once, ending on d5").
    pub fn overlay(&self, end: Option<Square>) -> Overlay {
        let path = &self.path;
        let played = &path[..self.played.min(path.len())];
        let (first, last) = (path[0], path[path.len() - 1]);
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        let kind = match end {
            _ if self.closed => "Closed knight's tour".to_owned(),
            Some(end) => format!("Knight's tour to {end}"),
            None => "Knight's tour".to_owned(),
        };
        let from = match played {
            [only] => format!("from {only} (the one square played)"),
            [.., last_played] if played.len() > 8 => format!(
                "from the {} squares played ({first} to {last_played})",
                grouped(count(played.len()))
            ),
            _ => {
                let names: Vec<String> = played.iter().map(Square::to_string).collect();
                format!(
                    "from the {} squares played ({})",
                    names.len(),
                    names.join(" ")
                )
            }
        };
        let moves = count(path.len()) - 1;
        let moves_played = count(played.len()).saturating_sub(1);
        let found = moves - moves_played;
        let split = match (moves_played, found) {
            (_, 0) => "every move played".to_owned(),
            (0, _) => "every move found to finish".to_owned(),
            (p, f) => format!("{} played and {} found to finish", grouped(p), grouped(f)),
        };
        let ends = if self.closed {
            format!("every square once, then one move back to {first}")
        } else {
            format!("every square once, ending on {last}")
        };
        Overlay {
            closed: self.closed,
            played: played.len(),
            caption: Caption {
                asked: format!("{kind} finished {from}"),
                moves: Some(moves),
                cost: None,
                verdict: Some(format!("{split}, {ends}")),
            },
            ..Overlay::default()
        }
    }
}

/// A whole tour of `request.board` that begins with exactly the played
/// squares and ends as asked, on boards of at most `max_squares` squares,
/// found within about `time_limit` and checked before it is given.
/// `time_limit` is a `Duration` or a [`Deadline`] (which its caller can
/// call off: the search then stops as if out of time).
///
/// # Errors
///
/// [`FinishError::Played`] when the played squares are not a path of knight
/// moves without repeats; [`FinishError::NoTour`] with the reason when no
/// tour begins with them (found by the checks, or by a complete search);
/// [`FinishError::NotFound`] when `time_limit` ran out first;
/// [`FinishError::TooLarge`] past `max_squares`.
///
/// ```
/// use std::time::Duration;
/// use knight::{finish_tour, Board, FinishError, FinishRequest, Square};
/// use knight::tour::Ending;
/// let board = Board::new(5, 5).unwrap();
/// let played = [Square::new(0, 0), Square::new(1, 2), Square::new(0, 4)];
/// let request = FinishRequest { board, played: &played, ending: Ending::Open };
/// let done = finish_tour(request, 1_000_000, Duration::from_secs(1))?;
/// assert_eq!((done.path.len(), &done.path[..3]), (25, &played[..]));
/// // From a1, c2 then e1: a1 and e1 now each have c2 as their only way in.
/// let played = [Square::new(2, 1), Square::new(0, 0)];
/// let request = FinishRequest { board, played: &played, ending: Ending::Open };
/// assert!(matches!(
///     finish_tour(request, 1_000_000, Duration::from_secs(1)),
///     Err(FinishError::NoTour(_))
/// ));
/// # Ok::<(), FinishError>(())
/// ```
pub fn finish_tour(
    request: FinishRequest<'_>,
    max_squares: u64,
    time_limit: impl Into<Deadline>,
) -> Result<Finished, FinishError> {
    let deadline: Deadline = time_limit.into();
    #[cfg(feature = "counters")]
    LAST_NODES.with(|nodes| nodes.set(0));
    let FinishRequest {
        board,
        played,
        ending,
    } = request;
    let squares = board.squares();
    if squares > max_squares {
        return Err(FinishError::TooLarge {
            squares,
            limit: max_squares,
        });
    }
    let (&first, &knight) = played
        .first()
        .zip(played.last())
        .ok_or(FinishError::NothingPlayed)?;
    let checked = validate(Ground::Plain(board), played, BarrierRule::Either, true);
    if let Some(fault) = checked.fault {
        return Err(FinishError::Played(fault));
    }
    if let Ending::End(end) = ending {
        if !board.contains(end) {
            return Err(FinishError::EndOffBoard(end));
        }
    }
    let grid = Grid::new(board).ok_or(FinishError::TooLarge {
        squares,
        limit: max_squares,
    })?;
    let closed = ending == Ending::Closed;
    let done = |path: Vec<Square>| {
        let ends_right = match ending {
            Ending::End(end) => path.last() == Some(&end),
            _ => true,
        };
        if ends_right && path.starts_with(played) && is_tour(board, first, closed, &path) {
            Ok(Finished {
                board,
                closed,
                played: played.len(),
                path,
            })
        } else {
            Err(FinishError::NotFound)
        }
    };
    if u64::try_from(played.len()).ok() == Some(squares) {
        return match ending {
            Ending::Closed if !knight.is_knight_move_to(first) => {
                Err(FinishError::NoTour(Stuck::DoesNotClose {
                    first,
                    last: knight,
                }))
            }
            Ending::End(end) if end != knight => Err(FinishError::NoTour(Stuck::EndPlayed { end })),
            _ => done(played.to_vec()),
        };
    }
    // On a large board, one square played is the tour door's own question;
    // a longer prefix is finished by the window's construction first (a
    // found tour passes every check below, which cost more than either).
    if squares > WHOLE_CHECK_SQUARES {
        if let [_] = played {
            match by_the_door(board, first, ending, max_squares) {
                Ok(path) => {
                    if let Some(found) = path.and_then(|path| done(path).ok()) {
                        return Ok(found);
                    }
                }
                Err(stuck) => return Err(FinishError::NoTour(stuck)),
            }
        }
        let window = window::finish_in_window(board, played, ending, max_squares, &deadline);
        if let Some(found) = window.and_then(|path| done(path).ok()) {
            return Ok(found);
        }
    }
    let mut state = Finishing::new(grid, played, ending, &deadline);
    let here = grid.spot(knight).index();
    state.take(here);
    if let Some(stuck) = state.reason(here) {
        return Err(FinishError::NoTour(stuck));
    }
    if squares <= WHOLE_CHECK_SQUARES {
        // A finished tour is a tour of the board from the first square.
        let from = (u64::from(first.file()), u64::from(first.rank()));
        if let Some(why) = ruled_out(board.width(), board.height(), from.0, from.1, closed) {
            return Err(FinishError::NoTour(Stuck::NoTourOfBoard {
                first,
                closed,
                why: why.to_string(),
            }));
        }
        return match finish_small(grid, (played, ending), &deadline) {
            Small::Found(rest) => {
                let mut path = played.to_vec();
                path.extend(rest);
                done(path)
            }
            Small::Hopeless => Err(FinishError::NoTour(Stuck::Exhausted { knight })),
            Small::Unsettled => Err(FinishError::NotFound),
        };
    }
    // An open tour with a square left only one way in must end there: the
    // searches steer to it as to an asked end.
    let ending = match (ending, state.forced_last(here)) {
        (Ending::Open, Some(last)) => {
            state = Finishing::new(grid, played, Ending::End(last), &deadline);
            Ending::End(last)
        }
        (ending, _) => {
            state.release(here);
            ending
        }
    };
    search_large(state, (board, played, ending), &deadline, done)
}

/// The searches of the whole board from the position `state` (the knight's
/// square free), on a board of more than 64 squares: with the whole
/// position checked at every node on boards of at most [`CHECKED_SQUARES`],
/// then the restarts; on larger boards the restarts first, for half the
/// time, then the engine.
fn search_large(
    mut state: Finishing,
    (board, played, ending): (Board, &[Square], Ending),
    deadline: &Deadline,
    done: impl Fn(Vec<Square>) -> Result<Finished, FinishError>,
) -> Result<Finished, FinishError> {
    let knight = played[played.len() - 1];
    let here = state.grid.spot(knight).index();
    let rest = if board.squares() <= CHECKED_SQUARES {
        // Every node checks the whole position: the search proves most
        // hopeless positions and finds the finishes the restarts miss.
        state.checked = true;
        let most = deadline.sooner(deadline.left() * 3 / 4);
        match search_whole(&state, here, &most) {
            Whole::NotFound => window::restarts(board, played, ending, deadline),
            settled => return settled.into_finish(played, knight, done),
        }
    } else {
        // Short tries with ties at random for half the time left: they
        // find finishes one long search gets lost before.
        let half = deadline.sooner(deadline.left() / 2);
        match window::restarts(board, played, ending, &half) {
            Some(path) => Some(path),
            None => return search_whole(&state, here, deadline).into_finish(played, knight, done),
        }
    };
    rest.map_or(Err(FinishError::NotFound), done)
}

/// What the search of the whole board settled.
enum Whole {
    /// The squares after the knight's, to the end.
    Found(Vec<Square>),
    /// Exhausted: no finish.
    Hopeless,
    /// Not settled in time.
    NotFound,
}

impl Whole {
    /// The finish's answer: the found path checked by `done`.
    fn into_finish(
        self,
        played: &[Square],
        knight: Square,
        done: impl FnOnce(Vec<Square>) -> Result<Finished, FinishError>,
    ) -> Result<Finished, FinishError> {
        match self {
            Whole::Found(rest) => {
                let mut path = played.to_vec();
                path.extend(rest);
                done(path)
            }
            Whole::Hopeless => Err(FinishError::NoTour(Stuck::Exhausted { knight })),
            Whole::NotFound => Err(FinishError::NotFound),
        }
    }
}

/// The tours' depth-first engine over the whole board from `here` (the
/// knight's square, free in `state`), in rounds until one finds a tour,
/// or is exhausted (a proof, whatever the order), or `deadline` passes.
/// Even rounds order ties by Roth's rule and the move order, turned by the
/// round, under a budget that doubles; odd rounds are short, with ties
/// broken at random (a position one order gets lost in, another finishes
/// at once).
fn search_whole(state: &Finishing, here: usize, deadline: &Deadline) -> Whole {
    let total = state.squares.left;
    let squares_left: u64 = total.u64();
    let mut nodes = 16 * squares_left;
    let mut round: u64 = 0;
    loop {
        // The engine leaves its path taken when it stops: each search
        // starts from a fresh copy of the position.
        let mut search = state.clone();
        search.deadline = deadline.clone();
        let budget = if round % 2 == 0 {
            search.variant = round / 2;
            nodes = nodes.saturating_mul(2);
            nodes / 2
        } else {
            search.random = Some(round);
            64 * squares_left
        };
        let (outcome, _) = depth_first(&mut search, total, here, Budget::nodes(budget));
        match outcome {
            Outcome::Found(rest) => {
                let grid = state.grid;
                let squares = rest[1..].iter().map(|&i| grid.square(Spot::from_raw(i)));
                return Whole::Found(squares.collect());
            }
            Outcome::Exhausted if !search.timed_out => return Whole::Hopeless,
            _ if search.timed_out => return Whole::NotFound,
            _ => round += 1,
        }
    }
}

/// The tour from `first`, the one square played, ending as asked, by the
/// tour door ([`tour`]): the tour `/tour` gives for the same ends.
/// An error when a theorem rules out every open (or closed) tour from
/// `first`, or on a board 3 or 4 wide any tour to the asked end; None when
/// the door gives nothing else (elsewhere an asked end it rules out is left
/// to the position's checks, which say why in a finish's words).
fn by_the_door(
    board: Board,
    first: Square,
    ending: Ending,
    max_squares: u64,
) -> Result<Option<Vec<Square>>, Stuck> {
    // Boards 3 or 4 wide are settled exactly by the door (the narrow
    // boards' programme, between two asked ends too): its none is a proof.
    let narrow = (3..=4).contains(&board.width().min(board.height()));
    let method = match ending {
        Ending::Open => Method::Construction { closed: false },
        Ending::Closed => Method::Construction { closed: true },
        Ending::End(end) => Method::Ends { end },
    };
    let request = TourRequest {
        board,
        start: first,
        method,
    };
    // The narrow boards' automata learn as they answer and are slow to
    // build (a quarter of a second 4 wide), so finishes keep theirs: one
    // small cache that holds only them (four, each weighed at its most).
    static NARROW: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let fresh;
    let cache = if narrow {
        NARROW.get_or_init(|| Cache::new(32 << 20))
    } else {
        fresh = Cache::default();
        &fresh
    };
    match tour(request, max_squares, cache) {
        Ok(answer) => Ok(Some(answer.tour.squares.into_vec())),
        Err(TourError::NoTour(why)) if narrow => match ending {
            Ending::End(end) => Err(Stuck::NoTourBetween {
                first,
                end,
                why: why.to_string(),
            }),
            _ => Err(Stuck::NoTourOfBoard {
                first,
                closed: ending == Ending::Closed,
                why: why.to_string(),
            }),
        },
        Err(TourError::NoTour(why)) if !matches!(ending, Ending::End(_)) => {
            Err(Stuck::NoTourOfBoard {
                first,
                closed: ending == Ending::Closed,
                why: why.to_string(),
            })
        }
        Err(_) => Ok(None),
    }
}

/// What the search of a board of at most 64 squares settled.
enum Small {
    /// The squares after the knight's, to the end.
    Found(Vec<Square>),
    /// No finish: proven.
    Hopeless,
    /// The time ran out.
    Unsettled,
}

/// The search of a board of at most 64 squares ([`bits`]), from the last
/// square played over the squares not played, in rounds until one finds a finish,
/// or is exhausted (a proof, whatever the order), or the time is up. Each
/// round may search twice the nodes of the one before and orders ties its
/// own way (Roth's rule, the other way, then at random): a position one
/// order gets lost in, another finishes at once. The hopeless positions
/// found are kept across rounds.
fn finish_small(grid: Grid, (played, ending): (&[Square], Ending), deadline: &Deadline) -> Small {
    let spot = |square: Square| grid.spot(square).index();
    let all = u64::MAX >> (64 - grid.len());
    let targets = match ending {
        Ending::Open => all,
        Ending::Closed => grid
            .neighbours(grid.spot(played[0]))
            .fold(0, |m, (_, s)| m | 1 << s.index()),
        Ending::End(end) => 1 << spot(end),
    };
    // The knight's square and the squares not played.
    let here = spot(played[played.len() - 1]);
    let free = played.iter().fold(all, |m, &s| m & !(1 << spot(s)));
    let mut search = Bits::new(grid, targets, deadline);
    let mut budget = 1024 * u64::from(free.count_ones());
    let mut round = 0;
    let verdict = loop {
        search.tie = round;
        match search.search(here, free, budget) {
            bits::Verdict::Cut if !search.timed_out() => {
                budget = budget.saturating_mul(2);
                round += 1;
            }
            verdict => break verdict,
        }
    };
    #[cfg(feature = "counters")]
    LAST_NODES.with(|nodes| nodes.set(search.nodes));
    match verdict {
        bits::Verdict::Found => Small::Found(
            search
                .path
                .iter()
                .map(|&i| grid.square(Spot::new(i.usize())))
                .collect(),
        ),
        bits::Verdict::Hopeless => Small::Hopeless,
        bits::Verdict::Cut => Small::Unsettled,
    }
}
