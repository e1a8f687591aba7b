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
//! ([`super::existence::ruled_out`]: a finished tour is a tour of the board
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
//! ([`super::tour`]: the tour `/tour` gives for the same ends), and a
//! longer prefix anywhere is first finished by construction
//! ([`super::window`]: a search of a small window round it, joined to
//! constructed tours of the rest), before any whole-position check (which
//! alone costs tens of milliseconds on 1000×1000); when that gives nothing,
//! the position is checked as above, short randomised searches of the whole
//! board are tried for half the time left ([`super::window`]'s restarts),
//! and then the search is the tours' one depth-first engine
//! ([`super::search`]), run from the last square played over the squares
//! not yet played, ordered by Warnsdorff's rule and Roth's tie-break, with
//! only the knight's next squares checked at each node, until
//! `time_limit`.

#[cfg(feature = "counters")]
use std::cell::Cell;
use std::fmt;

use super::existence::ruled_out;
use super::search::{depth_first, Budget, Outcome, Rules, Unvisited};
use super::warnsdorff::mix;
use super::{is_tour, Method, TourError, TourRequest};
use crate::board::{Board, Colour, Square};
use crate::cache::Cache;
use crate::deadline::Deadline;
use crate::grid::{Grid, Int, Spot};
use crate::terrain::validate::{validate, StepFault};
use crate::terrain::{BarrierRule, Ground};

mod bits;
pub(crate) mod clues;

use bits::Bits;
pub use clues::{
    check_clues, solve_clues, Clue, ClueStuck, CluesError, CluesRequest, Solved, CLUE_SQUARES,
};

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

/// How the finished tour must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Anywhere.
    Open,
    /// One knight move from the first square played.
    Closed,
    /// On this square.
    End(Square),
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

/// Why a played position cannot be finished: each a fact of the position a
/// person can check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// Every square is played, but a closed tour was asked for and the last
    /// square is not one knight move from the first.
    DoesNotClose {
        /// The first square played.
        first: Square,
        /// The last square played.
        last: Square,
    },
    /// The asked end is already played (and is not the last square of a
    /// whole board).
    EndPlayed {
        /// The asked end.
        end: Square,
    },
    /// Every square one knight move from the knight is played.
    NoMove {
        /// The knight's square (the last played).
        knight: Square,
    },
    /// A closed tour must end one move from the first square, but every
    /// square one move from it is played.
    FirstClosedIn {
        /// The first square played.
        first: Square,
    },
    /// The unplayed squares hold the wrong number of each colour for the
    /// knight's alternating moves.
    Colours {
        /// The knight's square.
        knight: Square,
        /// Unplayed light squares.
        light: u64,
        /// Unplayed dark squares.
        dark: u64,
    },
    /// The last square must be one colour (one move from the first square,
    /// or the asked end), but the knight's alternating moves end on the
    /// other.
    LastColour {
        /// The square that fixes the last square's colour: the asked end,
        /// or the first square of a closed tour.
        target: Square,
        /// Whether the tour is closed (else `target` is the asked end).
        closed: bool,
        /// The colour the knight stands on after the last unplayed square.
        last: Colour,
        /// Unplayed squares.
        left: u64,
    },
    /// An unplayed square none of whose knight moves leads to an unplayed
    /// square or to the knight.
    Unenterable {
        /// The square.
        square: Square,
    },
    /// An unplayed square whose only way in is from the knight, so it would
    /// have to be both the next square and the last, while others remain.
    Stranded {
        /// The square.
        square: Square,
        /// The knight's square.
        knight: Square,
    },
    /// Two unplayed squares each have one way in left, so both would have
    /// to be the last square.
    TwoDeadEnds {
        /// The first of them (by index).
        first: Square,
        /// The second.
        second: Square,
    },
    /// An unplayed square with one way in left must be the last square, but
    /// the tour must end elsewhere: on the asked end, or one move from the
    /// first square of a closed tour.
    DeadEndNotLast {
        /// The square with one way in.
        square: Square,
        /// The asked end, or the first square of a closed tour.
        target: Square,
        /// Whether the tour is closed.
        closed: bool,
    },
    /// An unplayed square with one way in left must be the last square, but
    /// the knight's alternating moves end on the other colour.
    DeadEndColour {
        /// The square with one way in.
        square: Square,
        /// The colour the knight stands on after the last unplayed square.
        last: Colour,
        /// Unplayed squares.
        left: u64,
    },
    /// The unplayed squares fall into parts no knight move joins.
    Split {
        /// How many parts.
        parts: u64,
        /// The squares of the smallest part, in index order.
        smallest: Vec<Square>,
        /// Unplayed squares in all.
        left: u64,
    },
    /// A theorem rules out every tour of the board from the first square
    /// played (open or closed, as asked).
    NoTourOfBoard {
        /// The first square played.
        first: Square,
        /// Whether the tour is closed.
        closed: bool,
        /// The theorem, in words.
        why: String,
    },
    /// A complete search from the knight's square found no way to finish.
    Exhausted {
        /// The knight's square.
        knight: Square,
    },
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end_words = |target: Square, closed: bool| {
            if closed {
                format!("a closed tour ends one knight move from its first square {target}")
            } else {
                format!("the tour must end on {target}")
            }
        };
        match self {
            Stuck::DoesNotClose { first, last } => write!(
                f,
                "every square is played, but the tour is not closed: the last square {last} is not one knight move from the first square {first}"
            ),
            Stuck::EndPlayed { end } => write!(
                f,
                "the tour must end on {end}, but {end} is already played"
            ),
            Stuck::NoMove { knight } => write!(
                f,
                "the knight on {knight} has no move left: every square one knight move from it is already played"
            ),
            Stuck::FirstClosedIn { first } => write!(
                f,
                "a closed tour must end one knight move from its first square {first}, but every square one knight move from {first} is already played"
            ),
            Stuck::Colours { knight, light, dark } => {
                let left = light + dark;
                let (own, other) = match knight.colour() {
                    Colour::Light => ("light", "dark"),
                    Colour::Dark => ("dark", "light"),
                };
                write!(
                    f,
                    "a knight alternates colours: from {knight} ({own}) {} must be {} {other} and {} {own}, but they are {light} light and {dark} dark",
                    unplayed(left),
                    left.div_ceil(2),
                    left / 2
                )
            }
            Stuck::LastColour {
                target,
                closed,
                last,
                left,
            } => {
                let want = if *closed {
                    "a square of the other colour than it"
                } else {
                    "that square's colour"
                };
                write!(
                    f,
                    "{}, so the last square must be {want}; but a knight alternates colours, and after {} it stands on a {} square",
                    end_words(*target, *closed),
                    unplayed(*left),
                    last.as_str()
                )
            }
            Stuck::Unenterable { square } => write!(
                f,
                "{square} can no longer be entered: every square one knight move from it is already played"
            ),
            Stuck::Stranded { square, knight } => write!(
                f,
                "{square} can only be entered from the knight on {knight} and has no way on, so it would have to be the last square, yet other squares are still unplayed"
            ),
            Stuck::TwoDeadEnds { first, second } => write!(
                f,
                "{first} and {second} each have only one unplayed square or the knight a move away, so each would have to be the last square of the tour"
            ),
            Stuck::DeadEndNotLast {
                square,
                target,
                closed,
            } => {
                let is_end = if *closed {
                    format!("{square} is not one knight move from {target}")
                } else {
                    format!("{square} is not {target}")
                };
                write!(
                    f,
                    "{square} has only one unplayed square or the knight a move away, so it would have to be the last square; but {}, and {is_end}",
                    end_words(*target, *closed)
                )
            }
            Stuck::DeadEndColour { square, last, left } => write!(
                f,
                "{square} has only one unplayed square or the knight a move away, so it would have to be the last square; but a knight alternates colours, and after {} it stands on a {} square, while {square} is {}",
                unplayed(*left),
                last.as_str(),
                square.colour().as_str()
            ),
            Stuck::Split {
                parts,
                smallest,
                left,
            } => {
                let names: Vec<String> = smallest.iter().take(8).map(Square::to_string).collect();
                let more = if smallest.len() > 8 { ", …" } else { "" };
                write!(
                    f,
                    "the {left} unplayed squares fall into {parts} parts that no knight move joins, and a knight cannot visit two of them; the smallest is {} square{} ({}{more})",
                    smallest.len(),
                    if smallest.len() == 1 { "" } else { "s" },
                    names.join(", ")
                )
            }
            Stuck::NoTourOfBoard { first, closed, why } => write!(
                f,
                "no {} tour of this board starts on {first} at all: {why}",
                if *closed { "closed" } else { "open" }
            ),
            Stuck::Exhausted { knight } => write!(
                f,
                "a complete search of every way on from the knight on {knight} found no way to visit every unplayed square"
            ),
        }
    }
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
        let window = super::window::finish_in_window(board, played, ending, max_squares, &deadline);
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
    state.release(here);
    // Short tries with ties at random for half the time left: they find
    // finishes one long search gets lost before.
    let half = deadline.sooner(deadline.left() / 2);
    if let Some(found) =
        super::window::restarts(board, played, ending, &half).and_then(|path| done(path).ok())
    {
        return Ok(found);
    }
    let total = state.squares.left;
    // Searches in rounds until one finds a tour, or is exhausted (a proof,
    // whatever the order), or the time is up. Even rounds order ties by
    // Roth's rule and the move order, turned by the round, under a budget
    // that doubles; odd rounds are short, with ties broken at random (a
    // position one order gets lost in, another finishes at once).
    let squares_left = u64::try_from(total).unwrap_or(u64::MAX);
    let mut nodes = 16 * squares_left;
    let mut round: u64 = 0;
    let (outcome, timed_out) = loop {
        // The engine leaves its path taken when it stops: each search
        // starts from a fresh copy of the position.
        let mut search = state.clone();
        let budget = if round % 2 == 0 {
            search.variant = round / 2;
            nodes = nodes.saturating_mul(2);
            nodes / 2
        } else {
            search.random = Some(round);
            64 * squares_left
        };
        let (outcome, _) = depth_first(&mut search, total, here, Budget::nodes(budget));
        if !matches!(outcome, Outcome::GaveUp) || search.timed_out {
            break (outcome, search.timed_out);
        }
        round += 1;
    };
    match outcome {
        Outcome::Found(rest) => {
            let mut path = played.to_vec();
            path.extend(rest[1..].iter().map(|&i| grid.square(Spot::from_raw(i))));
            done(path)
        }
        Outcome::Exhausted if !timed_out => Err(FinishError::NoTour(Stuck::Exhausted { knight })),
        _ => Err(FinishError::NotFound),
    }
}

/// The tour from `first`, the one square played, ending as asked, by the
/// tour door ([`super::tour`]): the tour `/tour` gives for the same ends.
/// An error when a theorem rules out every open (or closed) tour from
/// `first`; None when the door gives nothing else (an asked end it rules
/// out is left to the position's checks, which say why in a finish's
/// words).
fn by_the_door(
    board: Board,
    first: Square,
    ending: Ending,
    max_squares: u64,
) -> Result<Option<Vec<Square>>, Stuck> {
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
    match super::tour(request, max_squares, &Cache::default()) {
        Ok(answer) => Ok(Some(answer.tour.squares.into_vec())),
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

/// How a searched path must end, on grid spots.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    Open,
    /// One move from this spot (the first square played).
    NextTo(usize),
    /// On this spot.
    On(usize),
}

/// What the whole-position check found (on grid spots); [`Stuck`] in words
/// is made from it.
#[derive(Clone, Copy)]
enum Block {
    NoMove,
    EndPlayed(usize),
    FirstClosedIn(usize),
    Unenterable(usize),
    Stranded(usize),
    TwoDeadEnds(usize, usize),
    DeadEndNotLast(usize),
    Split,
}

#[derive(Clone)]
/// The search's rules: the squares still free (not played, not yet on the
/// searched path), and how many free neighbours each square has.
struct Finishing {
    grid: Grid,
    /// The squares not played and not yet on the searched path.
    squares: Unvisited,
    goal: Goal,
    deadline: Deadline,
    nodes: u64,
    timed_out: bool,
    /// Which tie-break orders the choices.
    variant: u64,
    /// Ties broken at random, from this seed.
    random: Option<u64>,
    /// A scratch stack and marks for the connectivity check.
    stack: Vec<usize>,
    seen: Vec<bool>,
}

impl Finishing {
    /// The position after `played`, with the knight's square still free
    /// (the engine takes it first).
    fn new(grid: Grid, played: &[Square], ending: Ending, deadline: &Deadline) -> Finishing {
        let n = grid.len();
        let spot = |square: Square| grid.spot(square).index();
        let goal = match ending {
            Ending::Open => Goal::Open,
            Ending::Closed => Goal::NextTo(spot(played[0])),
            Ending::End(end) => Goal::On(spot(end)),
        };
        Finishing {
            grid,
            squares: Unvisited::after(grid, played),
            goal,
            deadline: deadline.clone(),
            nodes: 0,
            timed_out: false,
            variant: 0,
            random: None,
            stack: Vec::new(),
            seen: vec![false; n],
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.grid.adjacent(Spot::new(a), Spot::new(b))
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.grid.neighbours(Spot::new(i)).map(|(_, s)| s.index())
    }

    /// Whether the position, the knight on `here` (taken), cannot be
    /// finished, by the checks of the module's documentation (all but the
    /// colours); the first that fails.
    fn blocked(&mut self, here: usize) -> Option<Block> {
        if self.squares.left == 0 {
            return None;
        }
        if self.neighbours(here).all(|n| !self.squares.free[n]) {
            return Some(Block::NoMove);
        }
        match self.goal {
            Goal::On(end) if !self.squares.free[end] => return Some(Block::EndPlayed(end)),
            Goal::NextTo(first) if self.squares.free_moves[first] == 0 => {
                return Some(Block::FirstClosedIn(first))
            }
            _ => {}
        }
        let mut dead_end = None;
        for v in (0..self.squares.free.len()).filter(|&v| self.squares.free[v]) {
            let from_knight = self.adjacent(v, here);
            let ways = usize::from(self.squares.free_moves[v]) + usize::from(from_knight);
            if ways == 0 {
                return Some(Block::Unenterable(v));
            }
            if ways > 1 {
                continue;
            }
            if from_knight && self.squares.left > 1 {
                return Some(Block::Stranded(v));
            }
            let last_ok = match self.goal {
                Goal::Open => true,
                Goal::NextTo(first) => self.adjacent(v, first),
                Goal::On(end) => v == end,
            };
            if !last_ok {
                return Some(Block::DeadEndNotLast(v));
            }
            if let Some(other) = dead_end {
                return Some(Block::TwoDeadEnds(other, v));
            }
            dead_end = Some(v);
        }
        (self.parts().0 > 1).then_some(Block::Split)
    }

    /// How many parts the free squares fall into, and the smallest part's
    /// spots (in index order).
    fn parts(&mut self) -> (u64, Vec<usize>) {
        self.seen.fill(false);
        let (mut parts, mut smallest): (u64, Option<Vec<usize>>) = (0, None);
        for v in 0..self.squares.free.len() {
            if !self.squares.free[v] || self.seen[v] {
                continue;
            }
            parts += 1;
            let mut part = vec![v];
            self.seen[v] = true;
            self.stack.push(v);
            while let Some(at) = self.stack.pop() {
                for (_, n) in self.grid.neighbours(Spot::new(at)) {
                    let n = n.index();
                    if self.squares.free[n] && !self.seen[n] {
                        self.seen[n] = true;
                        part.push(n);
                        self.stack.push(n);
                    }
                }
            }
            if smallest.as_ref().is_none_or(|s| part.len() < s.len()) {
                smallest = Some(part);
            }
        }
        let mut smallest = smallest.unwrap_or_default();
        smallest.sort_unstable();
        (parts, smallest)
    }

    /// Why the position, the knight on `here` (taken), has no finish, in
    /// words a person can check; None when the checks find nothing.
    fn reason(&mut self, here: usize) -> Option<Stuck> {
        let grid = self.grid;
        let square = move |i: usize| grid.square(Spot::new(i));
        let knight = square(here);
        let closed = matches!(self.goal, Goal::NextTo(_));
        if let Some(block) = self.blocked(here) {
            return Some(match block {
                Block::NoMove => Stuck::NoMove { knight },
                Block::EndPlayed(end) => Stuck::EndPlayed { end: square(end) },
                Block::FirstClosedIn(first) => Stuck::FirstClosedIn {
                    first: square(first),
                },
                Block::Unenterable(v) => Stuck::Unenterable { square: square(v) },
                Block::Stranded(v) => Stuck::Stranded {
                    square: square(v),
                    knight,
                },
                Block::TwoDeadEnds(a, b) => Stuck::TwoDeadEnds {
                    first: square(a),
                    second: square(b),
                },
                Block::DeadEndNotLast(v) => Stuck::DeadEndNotLast {
                    square: square(v),
                    target: square(self.target()?),
                    closed,
                },
                Block::Split => {
                    let (parts, smallest) = self.parts();
                    Stuck::Split {
                        parts,
                        smallest: smallest.into_iter().map(square).collect(),
                        left: self.squares.left.u64(),
                    }
                }
            });
        }
        // The colours: the unplayed squares alternate from the knight's
        // other colour.
        let (mut light, mut dark) = (0u64, 0u64);
        for v in (0..self.squares.free.len()).filter(|&v| self.squares.free[v]) {
            match square(v).colour() {
                Colour::Light => light += 1,
                Colour::Dark => dark += 1,
            }
        }
        let left = light + dark;
        let (own, other) = match knight.colour() {
            Colour::Light => (light, dark),
            Colour::Dark => (dark, light),
        };
        if other != left.div_ceil(2) || own != left / 2 {
            return Some(Stuck::Colours {
                knight,
                light,
                dark,
            });
        }
        let last = if left % 2 == 1 {
            other_colour(knight.colour())
        } else {
            knight.colour()
        };
        if let Some(target) = self.target().map(square) {
            let wrong = if closed {
                target.colour() == last
            } else {
                target.colour() != last
            };
            if wrong {
                return Some(Stuck::LastColour {
                    target,
                    closed,
                    last,
                    left,
                });
            }
        }
        // A square with one way in (not from the knight) must be the last:
        // of the colour the knight ends on.
        (0..self.squares.free.len())
            .find(|&v| {
                self.squares.free[v]
                    && self.squares.free_moves[v] == 1
                    && !self.adjacent(v, here)
                    && square(v).colour() != last
            })
            .map(|v| Stuck::DeadEndColour {
                square: square(v),
                last,
                left,
            })
    }

    /// The spot the goal names: the asked end or the first square.
    fn target(&self) -> Option<usize> {
        match self.goal {
            Goal::Open => None,
            Goal::NextTo(first) => Some(first),
            Goal::On(end) => Some(end),
        }
    }

    /// Whether the time is up (read every 1,024 nodes); once up, it stays.
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if !self.timed_out && self.nodes % 1024 == 0 && self.deadline.passed() {
            self.timed_out = true;
        }
        self.timed_out
    }
}

/// "the unplayed square", or "the N unplayed squares".
fn unplayed(left: u64) -> String {
    if left == 1 {
        "the one unplayed square".to_owned()
    } else {
        format!("the {left} unplayed squares")
    }
}

fn other_colour(colour: Colour) -> Colour {
    match colour {
        Colour::Light => Colour::Dark,
        Colour::Dark => Colour::Light,
    }
}

impl Rules for Finishing {
    fn take(&mut self, i: usize) {
        self.squares.take(i);
    }

    fn release(&mut self, i: usize) {
        self.squares.release(i);
    }

    fn complete(&self, path: &[u32]) -> bool {
        let Some(last) = path.last().map(|&i| i.usize()) else {
            return false;
        };
        match self.goal {
            Goal::Open => true,
            Goal::NextTo(first) => self.adjacent(last, first),
            Goal::On(end) => last == end,
        }
    }

    /// The free squares one move from the knight, best first (fewest
    /// onward moves, then farthest from the centre or at random, then the
    /// move order turned by the variant); none when the time is
    /// up or the position is hopeless.
    fn choices(&mut self, path: &[u32], out: &mut [u32; 8]) -> usize {
        let Some(here) = path.last().map(|&i| i.usize()) else {
            return 0;
        };
        if self.out_of_time() {
            return 0;
        }
        if let Goal::NextTo(first) = self.goal {
            if self.squares.free_moves[first] == 0 {
                return 0;
            }
        }
        let board = self.grid.board();
        let mut keyed = [(0u8, 0u64, 0u64, 0usize); 8];
        let mut n = 0;
        for (k, next) in self.grid.neighbours(Spot::new(here)) {
            let next = next.index();
            if !self.squares.free[next] {
                continue;
            }
            if self.goal == Goal::On(next) && self.squares.left > 1 {
                continue;
            }
            let onward = self.squares.free_moves[next];
            // A free neighbour with no other free neighbour can only be the
            // last square; leaving it behind strands it.
            if onward == 0 && self.squares.left > 1 {
                return 0;
            }
            let centre = board.centre_distance(self.grid.square(Spot::new(next)));
            let tie = match self.random {
                Some(seed) => mix(seed ^ self.nodes.rotate_left(17) ^ next.u64()),
                None if self.variant & 8 == 0 => u64::MAX - centre,
                None => centre,
            };
            let turned = (k.u64() + self.variant) % 8;
            keyed[n] = (onward, tie, turned, next);
            n += 1;
        }
        keyed[..n].sort_unstable();
        for (slot, key) in out.iter_mut().zip(&keyed[..n]) {
            *slot = Spot::new(key.3).raw();
        }
        n
    }
}
