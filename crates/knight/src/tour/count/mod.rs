//! Counting knight's tours exactly: [`count_tours`].
//!
//! # What is counted
//!
//! An open tour is a path through every square, counted once whichever
//! way it is walked (OEIS's "undirected" counts, A169696, A079137, A083386,
//! A306281, A306283: 5×5 has 864), including the paths whose two ends are
//! a knight move apart. A closed tour is a cycle through every square,
//! counted once (A001230, A070030: 6×6 has 9,862). With a start, the
//! tours that begin on that square, walked from it (A165134's 5×5 table:
//! 304 from a corner, 64 from the centre); as every open tour is walked
//! from either end, the counts from every square add up to twice the open
//! count (the "directed" count, A165134: 1,728 on 5×5). With a start and an
//! end, the tours from one to the other. A board of one square has one open
//! tour and no closed one.
//!
//! # How
//!
//! A frontier dynamic programme ([`frontier`]) over the squares, row by row
//! across the short side: its states are what the last two rows still need,
//! so their number depends on the short side alone (at most 8), and the
//! count costs time linear in the long side. Counts are held in `u64`
//! while they fit, widened to `u128`, 256 bits and [`Count`] where one
//! does not; the states live in a table of their own ([`table`]). With no
//! end asked, a state at a row's end is kept as the lesser of itself and
//! its mirror image (the rows still to come are the same turned over), the
//! states of the last three rows that cannot be finished are dropped as
//! they are made, told by their shadows (each square's moves alone,
//! [`shadow`]), and [`count_tours_on`] splits each large step between
//! threads. The memory the states take is bounded before any work
//! ([`CountRequest::bytes`], from the most states measured for each short
//! side) and held to the
//! budget as they are made: a table grows only while its old slots and its
//! new fit what the budget leaves. The shadows take what that bound leaves
//! of the budget, no more.
//!
//! Long boards 3 or 4 wide with no end asked are counted instead by the
//! linear recurrence their counts obey ([`transfer`]): the frontier's
//! states at the start of a row, taken to the next row's by one matrix,
//! found once; its count of 4×10,000 (6,511 digits) takes about a second
//! where the frontier's would take hours.

pub(crate) mod frontier;
mod natural;
mod shadow;
mod table;
mod tally;
mod transfer;

use std::fmt;

use crate::board::{Board, Square};
use crate::deadline::Deadline;
use crate::plain::Count;
use frontier::{table_bytes, Layout, Stopped, MAX_WIDTH};

/// Which tours are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Closed tours (cycles), each once.
    Closed,
    /// Open tours (paths): with neither end given, each once; with `start`,
    /// those walked from it; with `end`, those walked to it; with both,
    /// those from one to the other.
    Open {
        /// The first square, if given.
        start: Option<Square>,
        /// The last square, if given.
        end: Option<Square>,
    },
}

/// A counting question: the board and which tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRequest {
    /// The board.
    pub board: Board,
    /// Which tours.
    pub counted: Counted,
}

/// The number of tours, and what counting them took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourCount {
    /// The number of tours.
    pub count: Count,
    /// The most frontier states held at once.
    pub states: usize,
}

/// Why no count was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// A given square is not on the board.
    OffBoard(Square),
    /// The states would not fit the memory budget: refused before any work,
    /// or stopped when they outgrew it (each square's new states are held
    /// within what the budget leaves beside the old, even while a table
    /// grows; a board admitted from the bounds measured is not stopped).
    TooLarge {
        /// The bytes the count could take.
        bytes: u64,
        /// The budget.
        budget: u64,
        /// The longest board of the same width that fits, if any.
        largest: Option<Board>,
    },
    /// The count was not finished in time.
    NotSettled,
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::OffBoard(square) => write!(f, "{square} is not on the board"),
            CountError::TooLarge { bytes, budget, .. } => write!(
                f,
                "counting could take {bytes} bytes, more than the budget of {budget}"
            ),
            CountError::NotSettled => f.write_str("the count was not finished in time"),
        }
    }
}

impl std::error::Error for CountError {}

/// The most frontier states held at once for each short side (the
/// index), over every length, closed tours: measured up to 6 wide
/// (`examples/count_tours.rs` prints them: 178 on 3 wide, 672 on 4, 56,497
/// on 5, 1,435,239 on 6×11, growing by under 1% a rank there, before a
/// state and its mirror were merged; fewer since) and rounded up (a count
/// that outgrows its bound anyway is stopped by the check as the states
/// are made, `TooLarge`, within the budget still); 7 wide is a bound from
/// the growth of the sides measured (docs/performance.md).
const MOST_CLOSED_STATES: [u64; MAX_WIDTH + 1] =
    [1, 1, 1, 256, 1 << 10, 100_000, 1_600_000, 1 << 27];

/// The same for open tours (any ends), measured with no end asked before
/// a state and its mirror were merged (an asked end keeps every state
/// unmerged): 2,141 on 3 wide, 19,565 on 4, 1,044,914 on 5 (the same from
/// 5×12 to 5×20), 5,552,634 on 6×6, 29,194,812 on 6×11. 7 wide, of any
/// length, is not admitted at any budget this machine has.
const MOST_OPEN_STATES: [u64; MAX_WIDTH + 1] =
    [1, 1, 1, 1 << 12, 1 << 15, 1_100_000, 1 << 26, 1 << 31];

/// The most states held counting 7×7's open tours with no end asked (a
/// state and its mirror merged): 159,003,327 after its 41st square,
/// measured once (docs/performance.md), rounded up. The bounds are those
/// of a walk without shadows (39,719,484 with them on 7×7), as the
/// shadows take only what the bound leaves of a budget, which may be
/// nothing.
const MOST_OPEN_STATES_7X7: u64 = 170_000_000;

/// A bound on the bits of any partial count of a board `short` squares
/// across and `long` rows: a square with `k` moves back to the squares
/// before it takes at most two of them, 1 + k + k(k − 1)/2 ways (at most
/// 11, with four), and every way of choosing them leads to one state (a
/// state and its mirror merged add the ways of both, still within the
/// product), so the ways to any state number at most the product of the
/// squares' ways.
fn count_bits(short: u64, long: u64) -> u64 {
    // log2 of 1, 2, 4, 7 and 11 ways, in hundredths, rounded up.
    const HUNDREDTHS: [u64; 5] = [0, 100, 200, 281, 346];
    let row = |r: u64| -> u64 {
        (0..short)
            .map(|c| {
                let back = [
                    r >= 1 && c >= 2,
                    r >= 1 && c + 2 < short,
                    r >= 2 && c >= 1,
                    r >= 2 && c + 1 < short,
                ];
                HUNDREDTHS[back.into_iter().filter(|&b| b).count()]
            })
            .sum()
    };
    let first_two = row(0) + if long > 1 { row(1) } else { 0 };
    let rest = long.saturating_sub(2).saturating_mul(row(2));
    first_two.saturating_add(rest) / 100 + 1
}

impl CountRequest {
    /// The most bytes counting can take: the measured most states of the
    /// board's short side, each with a count as large as its bound.
    ///
    /// ```
    /// use knight::tour::{CountRequest, Counted};
    /// use knight::Board;
    /// let small = CountRequest { board: Board::new(6, 6)?, counted: Counted::Closed };
    /// let wide = CountRequest { board: Board::new(9, 9)?, counted: Counted::Closed };
    /// assert!(small.bytes() < 1 << 30);
    /// assert_eq!(wide.bytes(), u64::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bytes(&self) -> u64 {
        board_bytes(self.board, self.counted)
    }

    /// Why [`count_tours`] would refuse this question at once within
    /// `budget` bytes, if it would: a square off the board, or states that
    /// could outgrow the budget (naming the longest board of the width that
    /// fits). A board that a theorem says has no such tour is never
    /// refused: its count is 0 at any size. A service asks this before it
    /// queues the work.
    ///
    /// ```
    /// use knight::tour::{CountError, CountRequest, Counted};
    /// use knight::Board;
    /// let long = CountRequest { board: Board::new(8, 1000)?, counted: Counted::Closed };
    /// assert!(matches!(long.refused(1 << 28), Some(CountError::TooLarge { .. })));
    /// let none = CountRequest { board: Board::new(4, 1000)?, counted: Counted::Closed };
    /// assert_eq!(none.refused(1 << 28), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refused(&self, budget: u64) -> Option<CountError> {
        let (start, end) = counted_ends(self.counted);
        if let Some(off) = [start, end]
            .into_iter()
            .flatten()
            .find(|&square| !self.board.contains(square))
        {
            return Some(CountError::OffBoard(off));
        }
        if none_by_theorem(self.board, self.counted) {
            return None;
        }
        let bytes = self.bytes();
        (bytes > budget).then(|| CountError::TooLarge {
            bytes,
            budget,
            largest: largest_fitting(self.board.width(), self.counted, budget),
        })
    }
}

fn board_bytes(board: Board, counted: Counted) -> u64 {
    let closed = counted == Counted::Closed;
    let short = board.width().min(board.height());
    let long = board.width().max(board.height());
    if let (Ok(w), Ok(h)) = (usize::try_from(short), usize::try_from(long)) {
        let (start, end) = counted_ends(counted);
        // Which squares are asked matters not to the size: whether any is.
        let asked = |end: Option<Square>| end.map(|_| 0);
        let layout = Layout {
            w,
            h,
            closed,
            ends: [asked(start), asked(end)],
        };
        if transfer::suits(layout) {
            return transfer::bytes(layout, |rows| count_bits(short, rows));
        }
    }
    let Some(states) = most_states(short, long, counted).and_then(|s| usize::try_from(s).ok())
    else {
        return u64::MAX;
    };
    let bits = count_bits(short, long);
    // Two tables are held at once: the states before a square and after.
    let table = if bits <= 127 {
        table_bytes::<u128>(states, 0)
    } else {
        // Limbs of nine decimal digits, 29 bits each at least.
        let limbs = usize::try_from(bits / 29 + 1).unwrap_or(usize::MAX);
        table_bytes::<Count>(states, limbs.saturating_mul(4))
    };
    table.saturating_mul(2)
}

/// The most frontier states counting a board `short` squares across and
/// `long` rows may hold (`None` past the widest).
fn most_states(short: u64, long: u64, counted: Counted) -> Option<u64> {
    let free = counted
        == Counted::Open {
            start: None,
            end: None,
        };
    if free && (short, long) == (7, 7) {
        return Some(MOST_OPEN_STATES_7X7);
    }
    let table = if counted == Counted::Closed {
        &MOST_CLOSED_STATES
    } else {
        &MOST_OPEN_STATES
    };
    table.get(usize::try_from(short).ok()?).copied()
}

/// The longest board `width` wide whose count fits `budget` bytes.
fn largest_fitting(width: u64, counted: Counted, budget: u64) -> Option<Board> {
    let fits = |height: u64| {
        Board::new(width, height)
            .ok()
            .filter(|&board| board_bytes(board, counted) <= budget)
    };
    fits(1)?;
    // The bytes grow with the length: the longest that fits, by halving.
    let (mut low, mut high) = (1u64, crate::board::MAX_SIDE);
    if fits(high).is_some() {
        return fits(high);
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if fits(middle).is_some() {
            low = middle;
        } else {
            high = middle;
        }
    }
    fits(low)
}

/// The number of knight's tours of a board (see the module's words for
/// what is counted), exact, holding at most `budget` bytes of states and
/// stopping at `deadline`.
///
/// ```
/// use std::time::Duration;
/// use knight::tour::{count_tours, CountRequest, Counted};
/// use knight::{Board, Square};
///
/// let board = Board::new(6, 6)?;
/// let closed = CountRequest { board, counted: Counted::Closed };
/// let count = count_tours(closed, 1 << 30, Duration::from_secs(60))?;
/// assert_eq!(count.count.to_string(), "9862");
///
/// let board = Board::new(5, 5)?;
/// let corner = Counted::Open { start: Some(Square::new(0, 0)), end: None };
/// let count = count_tours(CountRequest { board, counted: corner }, 1 << 30, Duration::from_secs(60))?;
/// assert_eq!(count.count.to_string(), "304");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_tours(
    request: CountRequest,
    budget: u64,
    deadline: impl Into<Deadline>,
) -> Result<TourCount, CountError> {
    count_tours_on(request, budget, deadline, 1)
}

/// [`count_tours`] on up to `threads` threads (the large boards' steps are
/// split between them; the count and the memory are the same as on one).
/// A service that runs several questions at once keeps to one: its own
/// pool shares the cores.
///
/// ```
/// use std::time::Duration;
/// use knight::tour::{count_tours_on, CountRequest, Counted};
/// use knight::Board;
///
/// let board = Board::new(5, 6)?;
/// let open = Counted::Open { start: None, end: None };
/// let count = count_tours_on(CountRequest { board, counted: open }, 1 << 30, Duration::from_secs(60), 2)?;
/// assert_eq!(count.count.to_string(), "18784");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_tours_on(
    request: CountRequest,
    budget: u64,
    deadline: impl Into<Deadline>,
    threads: usize,
) -> Result<TourCount, CountError> {
    let deadline = deadline.into();
    let CountRequest { board, counted } = request;
    if let Some(refused) = request.refused(budget) {
        return Err(refused);
    }
    if none_by_theorem(board, counted) {
        return Ok(TourCount {
            count: Count::default(),
            states: 0,
        });
    }
    let (start, end, closed) = match counted {
        Counted::Closed => (None, None, true),
        Counted::Open { start, end } => (start, end, false),
    };
    let layout = lay_out(board, closed, [start, end]);
    let walked = if transfer::suits(layout) {
        transfer::count(layout, &deadline)
    } else {
        // The shadows take what the states' bound leaves of the budget.
        let spare = budget.saturating_sub(board_bytes(board, counted));
        frontier::count_widening(layout, budget, spare, &deadline, threads)
    };
    match walked {
        Ok(walked) => Ok(TourCount {
            count: walked.count,
            states: walked.most_states,
        }),
        Err(Stopped::Time | Stopped::Overflow) => Err(CountError::NotSettled),
        Err(Stopped::Memory) => Err(CountError::TooLarge {
            bytes: budget.saturating_add(1),
            budget,
            largest: largest_fitting(board.width(), counted, budget),
        }),
    }
}

fn counted_ends(counted: Counted) -> (Option<Square>, Option<Square>) {
    match counted {
        Counted::Closed => (None, None),
        Counted::Open { start, end } => (start, end),
    }
}

/// Whether a theorem says the board has no such tour at all, however long
/// (so that a board too large to count is still answered): Schwenk's for
/// closed tours (none when both sides are odd, the short side is 1, 2 or 4,
/// or it is 3 and the long side 4, 6 or 8); none open on a board 1 or 2
/// wide but a single square (a knight on it has at most one way on from
/// each square, and on 2 wide its moves keep to one of four classes).
fn none_by_theorem(board: Board, counted: Counted) -> bool {
    let (short, long) = (
        board.width().min(board.height()),
        board.width().max(board.height()),
    );
    match counted {
        Counted::Closed => {
            (short % 2 == 1 && long % 2 == 1)
                || matches!(short, 1 | 2 | 4)
                || (short == 3 && matches!(long, 4 | 6 | 8))
        }
        Counted::Open { .. } => short <= 2 && long > 1,
    }
}

/// The board with its short side across: squares numbered row by row,
/// `w` to a row.
fn lay_out(board: Board, closed: bool, ends: [Option<Square>; 2]) -> Layout {
    let (width, height) = (widen(board.width()), widen(board.height()));
    let across = width <= height;
    let (w, h) = if across {
        (width, height)
    } else {
        (height, width)
    };
    let index = |square: Square| {
        let (file, rank) = (widen_u32(square.file()), widen_u32(square.rank()));
        if across {
            rank * w + file
        } else {
            file * w + rank
        }
    };
    Layout {
        w,
        h,
        closed,
        ends: ends.map(|end| end.map(index)),
    }
}

fn widen(side: u64) -> usize {
    // A side that reaches here fits the memory budget, so it fits a usize.
    usize::try_from(side).unwrap_or(usize::MAX)
}

fn widen_u32(n: u32) -> usize {
    crate::grid::widen(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ways a square can choose its moves back, multiplied over the
    /// board by walking the knight's eight moves (not the rows' pattern
    /// the bound is written from): the bound is never below their log.
    #[test]
    fn the_bits_bound_every_way_of_choosing_moves_back() {
        const MOVES: [(i64, i64); 8] = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        for short in 1..=7i64 {
            for long in 1..=12i64 {
                let mut log2 = 0f64;
                for r in 0..long {
                    for c in 0..short {
                        // Back: to a square earlier in rows-then-columns order.
                        let k = MOVES
                            .iter()
                            .filter(|(dc, dr)| {
                                let (c2, r2) = (c + dc, r + dr);
                                (0..short).contains(&c2)
                                    && (0..long).contains(&r2)
                                    && (r2, c2) < (r, c)
                            })
                            .count() as f64;
                        log2 += (1.0 + k + k * (k - 1.0) / 2.0).log2();
                    }
                }
                let bits = count_bits(short.unsigned_abs(), long.unsigned_abs());
                assert!(bits as f64 >= log2, "{short}×{long}: {bits} < {log2}");
                assert!(
                    (bits as f64) < log2 + 2.0,
                    "{short}×{long}: {bits} ≫ {log2}"
                );
            }
        }
    }

    /// 7×7's open tours, with no end asked, fit the example's 20 GiB (u128
    /// counts, 111 bits at most); with an end asked, or one rank longer,
    /// they are refused.
    #[test]
    fn seven_by_seven_open_is_admitted_only_as_measured() {
        let board = |h| Board::new(7, h).unwrap();
        let free = Counted::Open {
            start: None,
            end: None,
        };
        assert_eq!(count_bits(7, 7), 111);
        let budget = 20 << 30;
        let ask = |board, counted| CountRequest { board, counted }.refused(budget);
        assert_eq!(ask(board(7), free), None);
        let start = Some(Square::new(0, 0));
        let from_a1 = Counted::Open { start, end: None };
        assert!(matches!(
            ask(board(7), from_a1),
            Some(CountError::TooLarge { .. })
        ));
        assert!(matches!(
            ask(board(8), free),
            Some(CountError::TooLarge { .. })
        ));
    }
}
