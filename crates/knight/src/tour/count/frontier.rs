//! The frontier ("broken profile") dynamic programme that counts tours.
//!
//! Lay the board with its short side across (`w` squares a row) and walk
//! its squares row by row, `i = row × w + column`. A knight move spans at
//! most two rows, so a square's earlier neighbours are among the `2w + 1`
//! squares just before it, and once square `i` has chosen its moves back to
//! them, square `i - 2w - 1` has no move left to gain. The programme keeps,
//! for those `2w + 1` squares (the *frontier*), every way the moves chosen
//! so far can look from there: each square's degree (no move yet, one, or
//! two) and, for the squares with one, which other square ends the same
//! piece of path. Two ways that look the same finish in the same ways, so
//! they are one state with the number of ways added up; the count of the
//! board is the number of ways that end as one path (or one cycle).
//!
//! A piece of path whose end leaves the frontier with one move has ended
//! there for good: that square is an end of the tour. So a label seen once
//! in the frontier is a piece whose other end is such a tour end, and their
//! number is the number of tour ends already placed (at most two; none for
//! a closed tour; only the asked squares when both ends are asked). A piece
//! closing on itself is a cycle, allowed only as the last move of a closed
//! tour; a piece whose two ends have both left is a whole path, allowed only
//! when no square is left. The asked ends take exactly one move.
//!
//! Every choice of moves is tried from every state and every partial
//! choice that cannot finish is dropped only for a reason that holds on
//! every finish (a square whose moves left cannot make up its degree), so
//! the count is exact. Each state is `2w + 1` squares of four bits (no
//! move yet, two moves, or a label of at most nine pieces), packed in a
//! `u64`; boards up to 7 wide fit.

use std::hash::Hasher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

use super::shadow::{shadow_of, Shadows, Shape};
use super::table::{capacity_for, StateTable};
use super::tally::{Tally, Wide};
use crate::deadline::Deadline;
use crate::plain::Count;

/// The widest short side a state packs (`2w + 1` squares of four bits in
/// a `u64`). A side of 8 would take some billions of states, past any
/// memory this service has (docs/performance.md).
pub(crate) const MAX_WIDTH: usize = 7;

/// A square with no move yet.
const EMPTY: u8 = 0;
/// A square with its two moves (or one not on the board, before the first).
const DONE: u8 = 1;
/// The first label of a piece's end; canonical labels are 2, 3, … in the
/// order the frontier first shows them.
const FIRST_LABEL: u8 = 2;
/// Labels given while a step is worked out, relabelled before it is kept.
const TEMP_A: u8 = 14;
const TEMP_B: u8 = 15;

/// One tour question, laid out: `w` squares across, `h` rows, the asked
/// ends as indices `row × w + column`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub w: usize,
    pub h: usize,
    pub closed: bool,
    /// The asked ends (at most two, never with `closed`).
    pub ends: [Option<usize>; 2],
}

/// Why a count was not finished; where threads stopped for different
/// reasons, the greatest is told (the clock, then the memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stopped {
    /// A count outgrew the number type (only for `u128`: counted again in
    /// [`Count`]).
    Overflow,
    /// The states outgrew the budget (in bytes).
    Memory,
    /// The deadline passed.
    Time,
}

/// Why a state was not added to `own`: its bytes, or its number type.
fn not_added<T: Tally>(own: &States<T>) -> Stopped {
    if own.is_full() {
        Stopped::Memory
    } else {
        Stopped::Overflow
    }
}

/// Fibonacci hashing of the packed state (the keys are already well mixed
/// bits; `SipHash` would cost more than the step itself).
#[derive(Default)]
pub(crate) struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        // A multiply mixes low bits upward only: fold the high half back
        // down so that the table's slot (the low bits) sees every square.
        let mixed = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

pub(crate) type States<T> = StateTable<T>;

/// The bytes a table of `states` states holds, each with a count of
/// `count_bytes` on the heap (the hash table's slots at its load factor).
pub(crate) fn table_bytes<T>(states: usize, count_bytes: usize) -> u64 {
    // A table holds four thirds of its states in slots, up to twice after
    // it grows by half. The bound is the one stated before tables took any
    // number of slots: the power of two above four thirds of the states,
    // which the sizes measured and the refusals are given in; a table that
    // outgrows the budget anyway is stopped as the states are made.
    let slots = capacity_for(states).next_power_of_two();
    let entry = std::mem::size_of::<(u64, T)>();
    let bytes = slots
        .saturating_mul(entry)
        .saturating_add(states.saturating_mul(count_bytes));
    u64::try_from(bytes).unwrap_or(u64::MAX)
}

/// What the walk saw: the count, and the most states held at once.
pub(crate) struct Walked {
    pub count: Count,
    pub most_states: usize,
}

/// Counts the tours of `layout` (its sides at most [`MAX_WIDTH`] across),
/// holding at most `budget` bytes of states, stopping at `deadline`: in
/// `u64` counts while they fit (half the memory of `u128`, and the table's
/// look-ups, which miss the cache on large boards, touch half as many
/// lines), then `u128`, then 256 bits, then [`Count`], each widening the states held
/// where the narrower overflowed, with no square counted twice. With no
/// end asked, the states that cannot be finished are dropped as they are
/// made, told by their shadows ([`Shadows`]), which take at most
/// `shadow_bytes` of the budget.
pub(crate) fn count_widening(
    layout: Layout,
    budget: u64,
    shadow_bytes: u64,
    deadline: &Deadline,
    threads: usize,
) -> Result<Walked, Stopped> {
    let mut walk = match begin::<u64>(layout, threads) {
        Ok(walk) => walk,
        Err(walked) => return Ok(walked),
    };
    if walk.step.mirror {
        let back = |i| walk.step.back_of(i);
        let shape = Shape {
            w: layout.w,
            squares: walk.squares,
            closed: layout.closed,
            back: &back,
        };
        walk.step.shadows = Shadows::build(shape, shadow_bytes.min(budget), deadline)?;
    }
    let budget = budget.saturating_sub(walk.step.shadows.bytes());
    if let Some(walked) = walk.go(budget, deadline)? {
        return Ok(walked);
    }
    let mut walk = walk.widen(u128::from);
    if let Some(walked) = walk.go(budget, deadline)? {
        return Ok(walked);
    }
    let mut walk = walk.widen(Wide::from_u128);
    if let Some(walked) = walk.go(budget, deadline)? {
        return Ok(walked);
    }
    let mut walk = walk.widen(Tally::into_count);
    walk.go(budget, deadline)?.ok_or(Stopped::Overflow)
}

/// Counts the tours of `layout` in `T` alone (`Stopped::Overflow` when a
/// count outgrows it).
#[cfg(test)]
pub(crate) fn count<T: Tally>(
    layout: Layout,
    budget: u64,
    deadline: &Deadline,
) -> Result<Walked, Stopped> {
    match begin::<T>(layout, 2) {
        Ok(mut walk) => walk.go(budget, deadline)?.ok_or(Stopped::Overflow),
        Err(walked) => Ok(walked),
    }
}

/// A count under way: the states before square `next`, the whole tours
/// so far.
struct Walk<T> {
    step: Step,
    squares: usize,
    /// The states, in a table for each thread of the last step, by their
    /// key ([`shard_of`]).
    states: Vec<States<T>>,
    /// The tables of the states before the last step, read and no longer
    /// needed: the next step's states are made in their slots
    /// ([`StateTable::within`]). Their memory is held from one
    /// step to the next as it was while the last step made its states (the
    /// budget counted it there), so that it is written again rather than
    /// given back and mapped afresh, a page fault a page.
    spare: Vec<States<T>>,
    /// The states before and after each step taken, by square.
    grew: Vec<(usize, usize)>,
    /// The threads a step may use, and the fewest states it splits
    /// between them ([`PARALLEL_FROM`], lowered in the tests).
    threads: usize,
    parallel_from: usize,
    next: usize,
    total: Option<T>,
    most_states: usize,
}

/// The walk of `layout` before its first square, or its count when no walk
/// is needed.
fn begin<T: Tally>(layout: Layout, threads: usize) -> Result<Walk<T>, Walked> {
    let Layout { w, h, closed, ends } = layout;
    debug_assert!((1..=MAX_WIDTH).contains(&w) && w <= h);
    let squares = w * h;
    let asked = ends.iter().flatten().count();
    if squares == 1 {
        // The one square is a path of itself (and no cycle).
        return Err(Walked {
            count: Count::from(u64::from(!closed)),
            most_states: 1,
        });
    }
    // A knight alternates colours, so a cycle through every square needs as
    // many of each: none on a board of an odd number of squares.
    if (asked == 2 && ends[0] == ends[1]) || (closed && squares % 2 == 1) {
        return Err(Walked {
            count: Count::default(),
            most_states: 0,
        });
    }
    let step = Step::new(layout, false);
    let mut states: States<T> = States::default();
    states.add(step.first_key(), &T::one());
    Ok(Walk {
        step,
        squares,
        states: vec![states],
        spare: Vec::new(),
        grew: Vec::new(),
        // A power of two, for the shards.
        threads: 1 << threads.max(1).ilog2(),
        parallel_from: PARALLEL_FROM,
        next: 0,
        total: None,
        most_states: 1,
    })
}

impl<T: Tally> Walk<T> {
    /// Walks on to the last square: the count, or None when a count
    /// outgrew `T` (the walk left before the square where it did).
    fn go(&mut self, budget: u64, deadline: &Deadline) -> Result<Option<Walked>, Stopped> {
        while self.next < self.squares {
            if deadline.passed() {
                return Err(Stopped::Time);
            }
            let held: usize = self.states.iter().map(StateTable::len).sum();
            // A thread costs more than a step of a few states.
            let threads = if held < self.parallel_from {
                1
            } else {
                self.threads
            };
            // A spare table for each part at most: no more held than the
            // step makes.
            let mut spare = std::mem::take(&mut self.spare);
            spare.truncate(threads);
            // The states this step makes, foreseen as the same column's
            // square of the row before grew them (a row's end halves them,
            // the squares after it grow them), at most twice those read. A
            // table made for as many states as the step reads grew at most
            // steps, each growth placing every state again with its old
            // slots and new held together. The budget still bounds the
            // table ([`StateTable::within`]).
            let foreseen = self
                .next
                .checked_sub(self.step.width())
                .and_then(|square| self.grew.get(square))
                .map_or(held, |&(before, after)| {
                    // A sizing hint only: saturated, it is smaller, never wrong.
                    (held.saturating_mul(after) / before.max(1)).min(held.saturating_mul(2))
                });
            let (next, whole) = match self.step.advance_shards(
                &self.states,
                Room { spare, foreseen },
                self.next,
                budget,
                deadline,
                threads,
            ) {
                Err(Stopped::Overflow) => return Ok(None),
                stepped => stepped?,
            };
            let mut total = self.total.clone();
            if add_whole(&mut total, whole).is_err() {
                return Ok(None);
            }
            let made: usize = next.iter().map(StateTable::len).sum();
            self.most_states = self.most_states.max(made);
            self.grew.push((held, made));
            // Both tables are held here: the states before this square and
            // after.
            if held_bytes(&self.states, &next) > budget {
                return Err(Stopped::Memory);
            }
            self.spare = std::mem::replace(&mut self.states, next);
            self.total = total;
            self.next += 1;
        }
        // The last square's step left only whole tours and dropped the rest.
        Ok(Some(Walked {
            count: self.total.take().map_or_else(Count::default, T::into_count),
            most_states: self.most_states,
        }))
    }

    /// The same walk in a wider number.
    fn widen<U: Tally>(self, wider: impl Fn(T) -> U) -> Walk<U> {
        Walk {
            step: self.step,
            squares: self.squares,
            spare: Vec::new(),
            grew: self.grew,
            states: self
                .states
                .into_iter()
                .map(|shard| {
                    let mut states = StateTable::with_capacity(shard.len());
                    for (key, ways) in shard.into_states() {
                        states.add(key, &wider(ways));
                    }
                    states
                })
                .collect(),
            threads: self.threads,
            parallel_from: self.parallel_from,
            next: self.next,
            total: self.total.map(&wider),
            most_states: self.most_states,
        }
    }
}

/// Where a step makes its states: the spare tables to make them in, and
/// how many it is foreseen to make.
struct Room<T> {
    spare: Vec<States<T>>,
    foreseen: usize,
}

/// The square being added.
#[derive(Clone, Copy)]
struct Square {
    i: usize,
    row: usize,
    column: usize,
    is_end: bool,
    /// Whether the square leaving the frontier after this one is an asked end.
    leaving_is_end: bool,
    /// How many asked ends left the frontier before this step (or leave in it).
    ends_gone: usize,
}

enum Outcome {
    State(u64),
    /// A whole tour, finished on the last square.
    Whole,
}

pub(crate) struct Step {
    w: usize,
    h: usize,
    slots: usize,
    closed: bool,
    asked: usize,
    last: usize,
    /// Whether the board goes on for ever (see [`Step::new`]).
    unbounded: bool,
    /// The asked ends.
    ends: [Option<usize>; 2],
    /// For each square `i`, the moves each frontier square (slot `k` holds
    /// square `i - slots + k`, the last slot `i` itself) can still gain from
    /// squares after `i`.
    room: Vec<[u8; 2 * MAX_WIDTH + 2]>,
    /// For each square `i`, `room` and the slots below as masks of bytes.
    masks: Vec<Masks>,
    /// For each square `i`, the frontier slots (bits, as `room`) that hold
    /// an asked end.
    asked_slots: Vec<u32>,
    /// For each square `i`, the frontier slots (bits) whose square is dark
    /// (file + rank even, as a1).
    dark_slots: Vec<u32>,
    /// The tour's ends by colour, [light, dark]: the asked ends' colours,
    /// and how many ends of each colour a tour may have at most (a knight
    /// alternates colours, so a path through every square of a board with
    /// as many light squares as dark ones has one end of each colour, and
    /// on a board with one dark square more, both ends dark).
    asked_colours: [usize; 2],
    most_colours: [usize; 2],
    /// Whether a state at a row's end is kept as the lesser of itself and
    /// its mirror image (see [`Step::mirrored`]): when no end is asked, on
    /// a bounded board.
    mirror: bool,
    /// The shadows of the states that can be finished ([`Shadows`]): a
    /// state made whose shadow is not among its square's is dropped.
    shadows: Shadows,
}

/// A square's frontier slots as masks over the frontier's nibbles (the
/// low bit of nibble `k` for slot `k`): those with no move to come
/// (`room0`), one (`room1`), those not asked, those dark.
#[derive(Clone, Copy, Default)]
struct Masks {
    room0: u64,
    room1: u64,
    not_asked: u64,
    dark: u64,
}

/// The low bit of every nibble.
pub(super) const LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// The low bit of each nibble of `x` that is not zero (and no other bit):
/// the nibble's four bits folded onto its lowest (the bits shifted in
/// from the nibble above land on its higher bits, which are dropped).
pub(super) fn nonzero_nibbles(x: u64) -> u64 {
    let spread = x | (x >> 1);
    (spread | (spread >> 2)) & LOW_BITS
}

/// How many nibbles of `x` have their low bit set (`x` has no other bit):
/// the nibbles added in pairs into bytes, then the bytes by one multiply
/// (quicker than `count_ones` without a population-count instruction;
/// one multiply over the nibbles would wrap at 16).
fn marked(x: u64) -> usize {
    let bytes = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    usize::try_from(bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56).unwrap_or(usize::MAX)
}

/// Up to four earlier neighbours, as frontier slots (slot `k` holds square
/// `i - slots + k`).
struct Back {
    slots: [usize; 4],
    len: usize,
}

impl Step {
    /// The tables of `layout`'s squares. `unbounded`: the board goes on
    /// below its rows for ever (the rows from the third on are alike, so
    /// the tables hold three rows and every later square reads its column's
    /// in the third), every row end is a possible last square, and the
    /// colours of the ends are not held (they depend on the length); see
    /// [`Step::advance`].
    pub(crate) fn new(layout: Layout, unbounded: bool) -> Step {
        let Layout { w, h, closed, ends } = layout;
        let asked = ends.iter().flatten().count();
        let (h, rows) = if unbounded {
            (usize::MAX / 4, 4)
        } else {
            (h, h)
        };
        let squares = w * rows;
        let slots = 2 * w + 1;
        let is_end = |square: usize| ends.contains(&Some(square));
        let mut step = Step {
            w,
            h,
            slots,
            closed,
            asked,
            last: if unbounded { usize::MAX } else { squares - 1 },
            unbounded,
            ends,
            room: Vec::new(),
            masks: Vec::new(),
            asked_slots: Vec::new(),
            dark_slots: Vec::new(),
            asked_colours: [0, 0],
            most_colours: [2, 2],
            mirror: !unbounded && asked == 0,
            shadows: Shadows::default(),
        };
        let dark = |q: usize| (q / w + q % w) % 2 == 0;
        step.dark_slots = (0..squares)
            .map(|i| {
                (0..=slots)
                    .filter(|&k| (i + k).checked_sub(slots).is_some_and(dark))
                    .fold(0u32, |mask, k| mask | 1 << k)
            })
            .collect();
        for &end in ends.iter().flatten() {
            step.asked_colours[usize::from(dark(end))] += 1;
        }
        let darks = (0..squares).filter(|&q| dark(q)).count();
        if !unbounded {
            step.most_colours = match darks * 2 {
                d if d == squares => [1, 1],
                d if d == squares + 1 => [0, 2],
                // A board with more dark squares than that has no tour (nor
                // one with more light ones): no colour may end one.
                _ => [0, 0],
            };
        }
        step.asked_slots = (0..squares)
            .map(|i| {
                (0..=slots)
                    .filter(|&k| (i + k).checked_sub(slots).is_some_and(is_end))
                    .fold(0u32, |mask, k| mask | 1 << k)
            })
            .collect();
        step.room = (0..squares)
            .map(|i| {
                let mut room = [0u8; 2 * MAX_WIDTH + 2];
                for (k, moves) in room.iter_mut().enumerate().take(slots + 1) {
                    if let Some(q) = (i + k).checked_sub(slots) {
                        *moves = u8::try_from(step.moves_after(q, i)).unwrap_or(u8::MAX);
                    }
                }
                room
            })
            .collect();
        step.masks = (0..squares)
            .map(|i| {
                let mut masks = Masks::default();
                for k in 0..=slots {
                    let bit = 1u64 << (4 * k);
                    match step.room[i][k] {
                        0 => masks.room0 |= bit,
                        1 => masks.room1 |= bit,
                        _ => {}
                    }
                    if step.asked_slots[i] & (1 << k) == 0 {
                        masks.not_asked |= bit;
                    }
                    if step.dark_slots[i] & (1 << k) != 0 {
                        masks.dark |= bit;
                    }
                }
                masks
            })
            .collect();
        step
    }

    /// The squares across.
    pub(crate) fn width(&self) -> usize {
        self.w
    }

    /// The key before the first square: the frontier's squares are off the
    /// board, done.
    pub(crate) fn first_key(&self) -> u64 {
        (0..self.slots).fold(0u64, |key, k| key | (u64::from(DONE) << (4 * k)))
    }

    /// Where square `i`'s tables are: itself, or on an unbounded board past
    /// its fourth row, its column's square in the fourth row (from the
    /// fourth row on, every frontier square is on the board).
    fn at(&self, i: usize) -> usize {
        if self.unbounded && i >= 4 * self.w {
            3 * self.w + i % self.w
        } else {
            i
        }
    }

    /// Whether a tour may end with square `s`: the board's last square (or
    /// on an unbounded board, the last of any row).
    fn ends_board(&self, s: Square) -> bool {
        if self.unbounded {
            s.column + 1 == self.w
        } else {
            s.i == self.last
        }
    }

    /// Adds square `i` to every state of `states`: the states after it, and
    /// the ways that make a whole tour with it (on a bounded board, only at
    /// its last square; on an unbounded one, a tour of the board that ends
    /// with `i`'s row). `work` counts the states tried, to read the clock
    /// now and then.
    pub(crate) fn advance<T: Tally>(
        &self,
        states: &States<T>,
        i: usize,
        deadline: &Deadline,
        work: &mut u32,
    ) -> Result<(States<T>, Option<T>), Stopped> {
        let part = Part {
            number: 0,
            of: 1,
            own: StateTable::with_capacity(states.len()),
            inbox: None,
            outboxes: Vec::new(),
        };
        let stop = AtomicBool::new(false);
        self.advance_part(std::slice::from_ref(states), part, i, deadline, &stop, work)
    }

    /// The same over states held in shards, on `threads` threads (a power
    /// of two), the next states in a shard for each: each thread reads its
    /// part of every shard's slots, adds the states it makes that are its
    /// own shard's ([`shard_of`]), and sends the others, a batch at a time,
    /// to the thread whose they are. The next states are held within what
    /// `budget` leaves beside the states before, an equal share a shard,
    /// even while a table grows: past it, [`Stopped::Memory`].
    fn advance_shards<T: Tally>(
        &self,
        states: &[States<T>],
        room: Room<T>,
        i: usize,
        budget: u64,
        deadline: &Deadline,
        threads: usize,
    ) -> Result<(Vec<States<T>>, Option<T>), Stopped> {
        let stop = AtomicBool::new(false);
        let Room {
            mut spare,
            foreseen,
        } = room;
        let capacity = foreseen / threads;
        let room =
            budget.saturating_sub(held_bytes(states, &[])) / u64::try_from(threads).unwrap_or(1);
        let results: Vec<Result<Stepped<T>, Stopped>> = if threads <= 1 {
            let part = Part {
                number: 0,
                of: 1,
                own: StateTable::within(capacity, room, spare.pop()),
                inbox: None,
                outboxes: Vec::new(),
            };
            vec![self.advance_part(states, part, i, deadline, &stop, &mut 0)]
        } else {
            let (senders, receivers): (Vec<_>, Vec<_>) =
                (0..threads).map(|_| mpsc::channel()).unzip();
            std::thread::scope(|scope| {
                let running: Vec<_> = receivers
                    .into_iter()
                    .enumerate()
                    .map(|(number, inbox)| {
                        let spare = spare.pop();
                        let outboxes = senders.clone();
                        let stop = &stop;
                        scope.spawn(move || {
                            // Each thread makes its own table: writing its
                            // slots empty (hundreds of megabytes a square
                            // on 6×11) is shared between the threads.
                            let part = Part {
                                number,
                                of: threads,
                                own: StateTable::within(capacity, room, spare),
                                inbox: Some(inbox),
                                outboxes,
                            };
                            self.advance_part(states, part, i, deadline, stop, &mut 0)
                        })
                    })
                    .collect();
                // Each part holds the senders it needs: a thread's inbox
                // closes when every other part has sent its last.
                drop(senders);
                running
                    .into_iter()
                    .map(|part| {
                        part.join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            })
        };
        let mut next = Vec::with_capacity(threads);
        let mut total: Option<T> = None;
        let mut stopped = None;
        for result in results {
            match result {
                Ok((own, whole)) => {
                    next.push(own);
                    add_whole(&mut total, whole)?;
                }
                // The clock first, then the memory: a part stopped by
                // another tells an overflow, whatever stopped the other.
                Err(why) => stopped = stopped.max(Some(why)),
            }
        }
        match stopped {
            Some(stopped) => Err(stopped),
            None => Ok((next, total)),
        }
    }

    /// Adds square `i` to the states in `part` of each table of `states`:
    /// the part's own shard of the states made (those of other shards sent
    /// to their parts, and theirs received), and the ways that are whole
    /// tours. Stops when `stop` is set, and sets it when it stops.
    fn advance_part<'a, T: Tally>(
        &self,
        states: &'a [States<T>],
        part: Part<'a, T>,
        i: usize,
        deadline: &Deadline,
        stop: &AtomicBool,
        work: &mut u32,
    ) -> Result<Stepped<T>, Stopped> {
        let Part {
            number,
            of,
            mut own,
            inbox,
            outboxes,
        } = part;
        let w = self.w;
        let slots = self.slots;
        let mut total: Option<T> = None;
        let leaving = i.checked_sub(slots);
        // The asked ends already left the frontier (each a tour end).
        let ends_gone = self
            .ends
            .iter()
            .flatten()
            .filter(|&&e| leaving.is_some_and(|l| e <= l))
            .count();
        let square = Square {
            i,
            row: i / w,
            column: i % w,
            is_end: self.ends.contains(&Some(i)),
            leaving_is_end: leaving.is_some_and(|l| self.ends.contains(&Some(l))),
            ends_gone,
        };
        let back = self.back_slots(square);
        // The successors of a few states (at most 11 each: up to two of four
        // moves back), gathered, their slots read all at once, then added;
        // those of other parts gathered for them.
        let mut made: Vec<(u64, &T)> = Vec::with_capacity(BATCH + 11);
        let mut pending: Vec<(u64, &T)> = Vec::with_capacity(BATCH + 11);
        let mut sending: Vec<Vec<(u64, &T)>> = (0..of).map(|_| Vec::new()).collect();
        let mut fits = true;
        let stopped = |why: Stopped| {
            stop.store(true, Ordering::Relaxed);
            Err(why)
        };
        for table in states {
            for (key, ways) in table.iter_part(number, of) {
                *work += 1;
                if *work & 0xFFF == 0 {
                    if deadline.passed() {
                        return stopped(Stopped::Time);
                    }
                    if stop.load(Ordering::Relaxed) {
                        return Err(Stopped::Overflow);
                    }
                }
                let frontier = unpack(key, slots);
                self.each_choice(frontier, square, &back, |outcome| match outcome {
                    Outcome::State(next_key) => {
                        let shard = shard_of(next_key, of);
                        if shard == number {
                            made.push((next_key, ways));
                        } else {
                            sending[shard].push((next_key, ways));
                        }
                    }
                    Outcome::Whole => match total.as_mut() {
                        Some(held) => fits &= held.add(ways),
                        None => total = Some(ways.clone()),
                    },
                });
                if made.len() >= BATCH {
                    // This batch's slots asked for, the last batch's (asked
                    // for one batch of work ago, on their way or there)
                    // added to: the misses overlap the step's own work.
                    for &(key, _) in &made {
                        own.prefetch(key);
                    }
                    fits &= add_each(&mut own, &mut pending);
                    std::mem::swap(&mut made, &mut pending);
                    if let Some(inbox) = &inbox {
                        for mut batch in inbox.try_iter() {
                            fits &= add_all(&mut own, &mut batch);
                        }
                    }
                }
                for (shard, batch) in sending.iter_mut().enumerate() {
                    if batch.len() >= SEND {
                        let full = std::mem::replace(batch, Vec::with_capacity(SEND + 11));
                        // A part that stopped has hung up: this one stops too.
                        if outboxes[shard].send(full).is_err() {
                            return Err(Stopped::Overflow);
                        }
                    }
                }
                if !fits {
                    return stopped(not_added(&own));
                }
            }
        }
        fits &= add_each(&mut own, &mut pending);
        fits &= add_all(&mut own, &mut made);
        for (shard, batch) in sending.into_iter().enumerate() {
            if !batch.is_empty() && outboxes[shard].send(batch).is_err() {
                return Err(Stopped::Overflow);
            }
        }
        drop(outboxes);
        if let Some(inbox) = inbox {
            // Until every other part has sent its last.
            for mut batch in inbox {
                fits &= add_all(&mut own, &mut batch);
            }
        }
        if !fits {
            return stopped(not_added(&own));
        }
        Ok((own, total))
    }

    /// Square `i`'s earlier neighbours, as slots of the frontier before it.
    pub(super) fn back_of(&self, i: usize) -> Vec<usize> {
        let square = Square {
            i,
            row: i / self.w,
            column: i % self.w,
            is_end: false,
            leaving_is_end: false,
            ends_gone: 0,
        };
        let back = self.back_slots(square);
        back.slots[..back.len].to_vec()
    }

    fn back_slots(&self, s: Square) -> Back {
        let w = self.w;
        let mut back = Back {
            slots: [0; 4],
            len: 0,
        };
        let mut push = |slot: usize| {
            back.slots[back.len] = slot;
            back.len += 1;
        };
        // (row − 2, column − 1) is square i − 2w − 1: slot 0.
        if s.row >= 2 && s.column >= 1 {
            push(0);
        }
        // (row − 2, column + 1): i − 2w + 1, slot 2.
        if s.row >= 2 && s.column + 1 < w {
            push(2);
        }
        // (row − 1, column − 2): i − w − 2, slot w − 1.
        if s.row >= 1 && s.column >= 2 {
            push(w - 1);
        }
        // (row − 1, column + 2): i − w + 2, slot w + 3.
        if s.row >= 1 && s.column + 2 < w {
            push(w + 3);
        }
        back
    }

    /// The moves square `q` can still gain from squares after `i`.
    fn moves_after(&self, q: usize, i: usize) -> usize {
        let (row, column) = (q / self.w, q % self.w);
        let mut n = 0;
        for (dr, dc) in [(1, -2), (1, 2), (2, -1), (2, 1)] {
            let r = row + dr;
            let Some(c) = column.checked_add_signed(dc) else {
                continue;
            };
            if r < self.h && c < self.w && r * self.w + c > i {
                n += 1;
            }
        }
        n
    }

    /// Every way square `s` can take moves back to its earlier neighbours
    /// from `frontier`, each as the state it leaves (or a whole tour).
    fn each_choice(&self, frontier: Codes, s: Square, back: &Back, mut emit: impl FnMut(Outcome)) {
        let asked = self.asked_slots[self.at(s.i)];
        // An asked end takes one move at most: it may gain one only while it
        // has none.
        let may_gain = |slot: usize| {
            let code = frontier.get(slot);
            code == EMPTY || (code != DONE && asked & (1 << slot) == 0)
        };
        let candidates = &back.slots[..back.len];
        // No move back.
        self.finish(frontier, s, &[], &mut emit);
        for (a, &j) in candidates.iter().enumerate() {
            if !may_gain(j) {
                continue;
            }
            self.finish(frontier, s, &[j], &mut emit);
            if s.is_end {
                continue;
            }
            for &k in &candidates[a + 1..] {
                if may_gain(k) {
                    self.finish(frontier, s, &[j, k], &mut emit);
                }
            }
        }
    }

    /// The state after square `s` takes the moves back to `chosen`.
    ///
    /// Inlined into [`Step::each_choice`]'s three calls, so that each is
    /// worked out for its number of moves and calls `emit` directly: a call
    /// cost a tenth of the step's instructions in saving and restoring
    /// registers.
    #[inline(always)]
    fn finish(&self, frontier: Codes, s: Square, chosen: &[usize], emit: &mut impl FnMut(Outcome)) {
        let n = self.slots; // the new square's slot
        let mut f = frontier;
        match *chosen {
            [] => f.set(n, EMPTY),
            [j] => {
                let code = f.get(j);
                if code == EMPTY {
                    f.set(j, TEMP_A);
                    f.set(n, TEMP_A);
                } else {
                    f.set(n, code);
                    f.set(j, DONE);
                }
            }
            [j, k] => {
                f.set(n, DONE);
                if f.get(j) != EMPTY && f.get(j) == f.get(k) {
                    // The piece closes on itself: a cycle, whole only as the
                    // last move of a closed tour with every square done.
                    f.set(j, DONE);
                    f.set(k, DONE);
                    if self.closed && self.ends_board(s) && f.all_done(n) {
                        emit(Outcome::Whole);
                    }
                    return;
                }
                let end_j = far_end(&mut f, j, n, TEMP_A);
                let end_k = far_end(&mut f, k, n, TEMP_B);
                match (end_j, end_k) {
                    (Some(a), Some(b)) => {
                        f.set(a, TEMP_A);
                        f.set(b, TEMP_A);
                    }
                    (Some(a), None) | (None, Some(a)) => f.set(a, TEMP_A),
                    (None, None) => {
                        // Both ends are tour ends: the path is whole, and
                        // must hold every square.
                        if !self.closed && self.ends_board(s) && f.all_done(n) {
                            emit(Outcome::Whole);
                        }
                        return;
                    }
                }
            }
            _ => unreachable!("a square takes at most two moves back"),
        }
        // Every square must still be able to make up its degree: two moves,
        // or one for a tour end. Count the squares that can only be ends
        // (and the asked ends): with the ends already placed, at most two,
        // none for a closed tour.
        if self.unbounded && !self.closed && self.ends_board(s) && one_path(&f.bytes()[..=n]) {
            // The board may end here, this a whole tour of it; or go on.
            emit(Outcome::Whole);
        }
        let at = self.at(s.i);
        let room = &self.room[at];
        // Every square's byte at once: the high bit of each byte marks
        // it, so that the squares that can only be ends are counted with
        // masks (the loop this replaces was most of the step's time).
        let masks = &self.masks[at];
        let codes = f.0;
        let empty = !nonzero_nibbles(codes) & LOW_BITS;
        let labelled = nonzero_nibbles(codes & !LOW_BITS);
        // A square with no move and none to come, or a square that can
        // only be an end (one move at most: none yet and one to come, or
        // one and none to come).
        if empty & masks.room0 != 0 {
            return;
        }
        let forced = (empty & masks.room1) | (labelled & masks.room0);
        if forced != 0 && self.closed {
            return;
        }
        let free = forced & masks.not_asked;
        let forced_free = marked(free);
        let dark = marked(free & masks.dark);
        let light = forced_free - dark;
        if self.asked_colours[0] + light > self.most_colours[0]
            || self.asked_colours[1] + dark > self.most_colours[1]
        {
            return;
        }
        if s.i == self.last {
            // Whole as one open path: one piece, every square on it.
            let f = f.bytes();
            if self.closed || f[..=n].contains(&EMPTY) {
                return;
            }
            let mut label = None;
            for &c in &f[..=n] {
                if c == DONE {
                    continue;
                }
                if label.is_some_and(|l| l != c) {
                    return;
                }
                label = Some(c);
            }
            if label.is_some() {
                emit(Outcome::Whole);
            }
            return;
        }
        // Slot 0 leaves the frontier.
        let leaving = f.get(0);
        match leaving {
            EMPTY => return,
            DONE => {}
            label => {
                // It ends the tour there: its piece must go on in the
                // frontier, and the tour may have no more ends than allowed.
                if self.closed || f.find(label, 1, n + 1).is_none() {
                    return;
                }
                if self.asked == 2 && !s.leaving_is_end {
                    return;
                }
            }
        }
        // Tour ends placed: pieces seen once. Those not asked are free ends.
        // At a row's end the state is packed as it is kept, the lesser of
        // itself and its mirror image, and the frontier's own pieces seen
        // once told from that (packing it a third time cost a tenth of
        // the step).
        let (key, gone, key_ends) = if self.mirror && s.column + 1 == self.w {
            match self.mirrored(f) {
                Some(kept) => kept,
                None => return,
            }
        } else {
            let (key, once) = pack(f, n);
            (key, once, once)
        };
        let gone = usize::try_from(gone).unwrap_or(usize::MAX);
        let free_gone = gone.saturating_sub(s.ends_gone);
        let slot0_free = usize::from(
            leaving >= FIRST_LABEL && !s.leaving_is_end && {
                let most = 1 + usize::from(room[0]);
                most < 2
            },
        );
        if free_gone + forced_free - slot0_free + self.asked > 2 {
            return;
        }
        // The tour ends gone from the key are its pieces seen once.
        if let Some(finishable) = self.shadows.at(s.i + 1) {
            if !finishable.contains(shadow_of(key, key_ends)) {
                return;
            }
        }
        emit(Outcome::State(key));
    }
}

impl Step {
    /// The state after the last square of a row, as the lesser key of
    /// itself and its mirror image (the board turned over left to right);
    /// None when it cannot finish.
    ///
    /// Every square of the rows after is still to come, and the mirror
    /// maps the board, its knight moves and those rows to themselves, so a
    /// state and its image finish in as many ways: one state holds both,
    /// and the states from a row's end on are about half as many. The
    /// frontier then holds the last two rows whole, and one square more,
    /// the previous row's last (slot 1), which can gain no move: done, or a
    /// tour end. As a tour end it is let leave now, its piece seen once, as
    /// it would leave at the next square (its piece going on in the
    /// frontier, or the state cannot finish), so that the key is the two
    /// rows alone.
    ///
    /// With the key, how many labels `f` shows once, as [`pack`] tells of
    /// `f` itself, and how many the key shows: a tour end let leave here
    /// leaves its piece's other end seen once, one more than in `f`.
    fn mirrored(&self, f: Codes) -> Option<(u64, u32, u32)> {
        let (w, n) = (self.w, self.slots);
        let mut a = f;
        let first = a.get(1);
        let ended = first >= FIRST_LABEL;
        if ended {
            a.find(first, 2, n + 1)?;
            a.set(1, DONE);
        }
        // Each row turned over: the whole frontier's nibbles reversed (slot
        // `k` to `15 - k`), then each row's moved back to its place.
        let turned = reverse_nibbles(a.0);
        let mut b = a.0;
        for row in [2, w + 2] {
            let mask = ((1u64 << (4 * w)) - 1) << (4 * row);
            let from = 16 - row - w;
            let moved = if from >= row {
                turned >> (4 * (from - row))
            } else {
                turned << (4 * (row - from))
            };
            b = (b & !mask) | (moved & mask);
        }
        let (key, once) = pack(a, n);
        Some((key.min(pack(Codes(b), n).0), once - u32::from(ended), once))
    }
}

/// The nibbles of `x` in the other order (nibble `k` to `15 - k`).
fn reverse_nibbles(x: u64) -> u64 {
    let swapped = ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4);
    swapped.swap_bytes()
}

/// The successors gathered before their slots are read together.
const BATCH: usize = 48;

/// A step's (or a part's) states made, and its whole tours.
type Stepped<T> = (States<T>, Option<T>);

/// The states made sent to another thread at a time.
const SEND: usize = 1024;

/// One thread's part of a step: the states it reads (part `number` of `of`
/// of each table's slots), the shard it makes (`own`), the batches the
/// other parts send it, and its senders to every part (its own unused).
struct Part<'a, T> {
    number: usize,
    of: usize,
    own: States<T>,
    inbox: Option<Receiver<Vec<(u64, &'a T)>>>,
    outboxes: Vec<Sender<Vec<(u64, &'a T)>>>,
}

/// The fewest states a step splits between threads.
const PARALLEL_FROM: usize = 1 << 14;

/// The shard of `shards` (a power of two) that holds `key`: the top bits
/// of a hash of it other than the table's own.
fn shard_of(key: u64, shards: usize) -> usize {
    if shards <= 1 {
        return 0;
    }
    let bits = shards.trailing_zeros();
    let mixed = key.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    usize::try_from(mixed >> (64 - bits)).unwrap_or(0)
}

/// Adds every `(key, ways)` of `made` to `next` (emptying it), reading all
/// their slots first; false when a sum does not fit.
/// Adds each of `made` to `next` (their slots asked for before), and
/// empties it; false when a sum does not fit `T` or the table its bytes.
fn add_each<T: Tally>(next: &mut States<T>, made: &mut Vec<(u64, &T)>) -> bool {
    let mut fits = true;
    for (key, ways) in made.drain(..) {
        fits &= next.add(key, ways);
    }
    fits
}

fn add_all<T: Tally>(next: &mut States<T>, made: &mut Vec<(u64, &T)>) -> bool {
    let warm = made
        .iter()
        .fold(0u64, |warm, &(key, _)| warm ^ next.touch(key));
    std::hint::black_box(warm);
    let mut fits = true;
    for (key, ways) in made.drain(..) {
        fits &= next.add(key, ways);
    }
    fits
}

/// Whether a frontier holds one piece of path and every other square done
/// (no square without a move).
fn one_path(f: &[u8]) -> bool {
    let mut label = None;
    for &c in f {
        match c {
            EMPTY => return false,
            DONE => {}
            c if label.is_some_and(|l| l != c) => return false,
            c => label = Some(c),
        }
    }
    label.is_some()
}

/// Adds a step's whole tours to the total.
pub(crate) fn add_whole<T: Tally>(total: &mut Option<T>, whole: Option<T>) -> Result<(), Stopped> {
    match (total.as_mut(), whole) {
        (_, None) => Ok(()),
        (None, whole) => {
            *total = whole;
            Ok(())
        }
        (Some(held), Some(ways)) => {
            if held.add(&ways) {
                Ok(())
            } else {
                Err(Stopped::Overflow)
            }
        }
    }
}

/// The bytes the states take, those read and those made, each in shards.
pub(crate) fn held_bytes<T: Tally>(before: &[States<T>], after: &[States<T>]) -> u64 {
    let heap = after
        .iter()
        .chain(before)
        .find_map(|shard| shard.iter().next())
        .map_or(0, |(_, ways)| ways.heap_bytes());
    after
        .iter()
        .chain(before)
        .map(|shard| shard.bytes(heap.saturating_mul(2)))
        .fold(0u64, u64::saturating_add)
}

/// Marks square `j` as joined to a new move: a square with no move yet
/// becomes a piece's end itself (labelled `temp`, returned); a piece's end
/// becomes done, and its piece's other end in the frontier is returned, or
/// None when that end already left (a tour end).
fn far_end(f: &mut Codes, j: usize, n: usize, temp: u8) -> Option<usize> {
    let label = f.get(j);
    if label == EMPTY {
        f.set(j, temp);
        return Some(j);
    }
    f.set(j, DONE);
    f.find(label, 0, n)
}

/// Packs the frontier's slots `1..=n`, relabelling its pieces 2, 3, … in
/// order of first appearance (so that frontiers alike are one key); and
/// how many labels appear once (each label appears once or twice).
///
/// The frontier is a key already, a slot a nibble: slot 0 is shifted out
/// (the slots past `n` are empty, nought), then the pieces are relabelled
/// a piece at a time ([`relabel`]). A loop over every square with a branch
/// on whether it starts a piece (as good as random) was the step's
/// costliest part.
fn pack(f: Codes, n: usize) -> (u64, u32) {
    debug_assert!(n >= 15 || f.0 >> (4 * (n + 1)) == 0);
    relabel(f.0 >> 4)
}

/// Relabels the pieces of a packed frontier 2, 3, … in order of first
/// appearance; and how many labels appear once.
///
/// The loop goes once a piece, not once a square: the first labelled
/// square not yet relabelled starts the next piece, and every square of
/// the old key holding its label, found by one comparison of all the
/// nibbles at once, takes the piece's new label together. A loop over the
/// squares, asking of each whether its label was already given a new one
/// (as good as random), mispredicted a branch on most squares.
fn relabel(key: u64) -> (u64, u32) {
    // The low bit of each labelled nibble (a code of 2 or more).
    let high = key & 0xEEEE_EEEE_EEEE_EEEE;
    let spread = high | (high >> 2);
    let mut left = (spread | (spread >> 1)) & LOW_BITS;
    let mut relabelled = key & !(left * 0xF);
    let mut next = u64::from(FIRST_LABEL);
    let mut once = 0;
    while left != 0 {
        let old = (key >> left.trailing_zeros()) & 0xF;
        // The low bit of each nibble equal to `old` (none outside the
        // labelled ones, as `old` is a label).
        let differ = key ^ (old * LOW_BITS);
        let spread = differ | (differ >> 2);
        let same = !(spread | (spread >> 1)) & LOW_BITS;
        // A label is at most 15: no nibble carries into the next.
        relabelled |= same * next;
        once += u32::from(same & (same - 1) == 0);
        left &= !same;
        next += 1;
    }
    (relabelled, once)
}

/// The frontier before a square from the key of the states before it:
/// the key's slots, and the new square's (slot `slots`, the last) done
/// until it is given its moves.
fn unpack(key: u64, slots: usize) -> Codes {
    Codes(key | (u64::from(DONE) << (4 * slots)))
}

/// A frontier's squares, a nibble each (slot `k` in nibble `k`; the slots
/// past the new square's, when the board is narrower than
/// [`MAX_WIDTH`], empty and never read), held in a register: the step
/// reads them as one word for its masks. Bytes in a `u128` took twice the
/// instructions to read and write a slot, and folding them into a key's
/// nibbles was a fifth of packing a state.
#[derive(Clone, Copy)]
struct Codes(u64);

impl Codes {
    fn get(self, k: usize) -> u8 {
        u8::try_from((self.0 >> (4 * k)) & 0xF).unwrap_or(DONE)
    }

    fn set(&mut self, k: usize, code: u8) {
        let shift = 4 * k;
        self.0 = (self.0 & !(0xF << shift)) | (u64::from(code) << shift);
    }

    /// The first slot from `from` up to (not with) `to` that holds `code`.
    fn find(self, code: u8, from: usize, to: usize) -> Option<usize> {
        let same = !nonzero_nibbles(self.0 ^ (LOW_BITS * u64::from(code))) & LOW_BITS;
        let within = below(to) & !below(from);
        let found = same & within;
        (found != 0).then(|| usize::try_from(found.trailing_zeros() / 4).unwrap_or(0))
    }

    /// Whether every slot to `n` (with it) is done.
    fn all_done(self, n: usize) -> bool {
        (self.0 ^ LOW_BITS) & below(n + 1) == 0
    }

    /// The slots a byte each (for the few steps that read them one by
    /// one: the last square, an unbounded board's row ends).
    fn bytes(self) -> [u8; 16] {
        let mut b = [0u8; 16];
        for (k, byte) in b.iter_mut().enumerate() {
            *byte = self.get(k);
        }
        b
    }
}

/// The nibbles of slots below `k`.
fn below(k: usize) -> u64 {
    if k >= 16 {
        u64::MAX
    } else {
        (1u64 << (4 * k)) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn layout(w: usize, h: usize, closed: bool) -> Layout {
        Layout {
            w,
            h,
            closed,
            ends: [None, None],
        }
    }

    fn walk<T: Tally>(layout: Layout) -> Result<Walked, Stopped> {
        count::<T>(layout, u64::MAX, &Deadline::from(Duration::from_secs(600)))
    }

    /// Steps split between threads from the first state on, every way the
    /// threads can be given: the published counts (OEIS A083386, A079137,
    /// A001230, A383661, A169764, A165134's 5×5 corner), each the same on 1, 2 and 4
    /// threads, whatever state each thread happens to read first.
    #[test]
    fn counts_on_threads_are_the_published_ones() {
        let deadline = Deadline::from(Duration::from_secs(600));
        for (w, h, closed, start, want) in [
            (5, 6, false, None, 18_784u64),
            (5, 7, false, None, 622_868),
            (4, 9, false, None, 189_688),
            (6, 6, true, None, 9_862),
            (5, 8, true, None, 44_202),
            (3, 12, true, None, 176),
            (5, 5, false, Some(0), 304),
        ] {
            for threads in [1, 2, 4] {
                let layout = Layout {
                    w,
                    h,
                    closed,
                    ends: [start, None],
                };
                let Ok(mut walk) = begin::<u128>(layout, threads) else {
                    panic!("{w}×{h} needs a walk");
                };
                walk.parallel_from = 0;
                let walked = walk.go(u64::MAX, &deadline).ok().flatten().unwrap();
                assert_eq!(walked.count, Count::from(want), "{w}×{h} on {threads}");
            }
        }
    }

    /// The states dropped by their shadows are only those that cannot be
    /// finished: every count is the walk's without them (a state that could
    /// be finished, dropped, would take its tours from the count), open and
    /// closed, with every set or only those that fit a few bytes; and
    /// fewer states are held.
    #[test]
    fn shadows_drop_only_states_that_cannot_be_finished() {
        let deadline = Deadline::from(Duration::from_secs(600));
        let mut boards = Vec::new();
        for w in 3..=5 {
            for h in w..=7 {
                boards.push((w, h));
            }
        }
        boards.push((6, 6));
        for (w, h) in boards {
            for closed in [false, true] {
                if w == 6 && !closed {
                    continue;
                }
                let plain = walk::<u128>(layout(w, h, closed)).ok().unwrap();
                for shadow_bytes in [u64::MAX, 40_000] {
                    let shadowed =
                        count_widening(layout(w, h, closed), u64::MAX, shadow_bytes, &deadline, 2)
                            .ok()
                            .unwrap();
                    assert_eq!(shadowed.count, plain.count, "{w}×{h} closed: {closed}");
                    assert!(shadowed.most_states <= plain.most_states);
                }
            }
        }
        let plain = walk::<u128>(layout(5, 6, false)).ok().unwrap();
        let shadowed = count_widening(layout(5, 6, false), u64::MAX, u64::MAX, &deadline, 1)
            .ok()
            .unwrap();
        assert_eq!(plain.most_states, 92_049);
        assert_eq!(shadowed.most_states, 7_552);
    }

    /// States that outgrow the budget in the middle of a step stop the
    /// count as memory on any number of threads (not as an overflow, which
    /// would count again in a wider number), and a budget they fit is
    /// counted.
    #[test]
    fn states_past_the_budget_stop_the_count_as_memory() {
        let deadline = Deadline::from(Duration::from_secs(600));
        let layout = Layout {
            w: 5,
            h: 7,
            closed: false,
            ends: [None, None],
        };
        for threads in [1, 2, 4] {
            for (budget, fits) in [(1u64 << 20, false), (1 << 30, true)] {
                let Ok(mut walk) = begin::<u128>(layout, threads) else {
                    panic!("5×7 needs a walk");
                };
                walk.parallel_from = 0;
                match walk.go(budget, &deadline) {
                    Ok(Some(walked)) if fits => {
                        assert_eq!(walked.count, Count::from(622_868u64), "on {threads}");
                    }
                    Err(Stopped::Memory) if !fits => {}
                    _ => panic!("5×7 within {budget} bytes on {threads}"),
                }
            }
        }
    }

    /// The same count in `u128` and in `Count`, and a count past `u128`
    /// (3 × 80) stops the `u128` walk as an overflow, never a wrong number.
    #[test]
    fn counts_in_u128_and_count_agree_and_overflow_is_caught() {
        for (w, h, closed) in [(3, 12, true), (3, 30, false), (4, 9, false), (5, 6, true)] {
            let small = walk::<u128>(layout(w, h, closed)).ok().unwrap();
            let large = walk::<Count>(layout(w, h, closed)).ok().unwrap();
            let wide = walk::<Wide>(layout(w, h, closed)).ok().unwrap();
            assert_eq!(small.count, large.count, "{w}×{h}");
            assert_eq!(wide.count, large.count, "{w}×{h}");
        }
        assert!(matches!(
            walk::<u128>(layout(3, 80, false)),
            Err(Stopped::Overflow)
        ));
        let large = walk::<Count>(layout(3, 80, false)).ok().unwrap();
        assert!(large.count.digits() > 39);
        let wide = walk::<Wide>(layout(3, 80, false)).ok().unwrap();
        assert_eq!(wide.count, large.count);
        // Past 256 bits (3 × 200 has 106 digits): the 256-bit walk stops.
        assert!(matches!(
            walk::<Wide>(layout(3, 200, false)),
            Err(Stopped::Overflow)
        ));
        let widening = count_widening(
            layout(3, 200, false),
            u64::MAX,
            u64::MAX,
            &Deadline::from(Duration::from_secs(600)),
            2,
        )
        .ok()
        .unwrap();
        assert_eq!(
            widening.count,
            walk::<Count>(layout(3, 200, false)).ok().unwrap().count
        );
    }
}
