//! Shadows: the frontier states that could still be finished, told by
//! their squares' numbers of moves alone.
//!
//! Near the end of a board most of the frontier's states cannot be
//! finished (on 6×6, of the 3.7 million states after its 28th square, some
//! 180,000 can): their squares still need moves the squares left cannot
//! give. A state's *shadow* forgets which squares are joined and keeps each
//! frontier square's number of moves (none, one or two) and how many tour
//! ends have left the frontier. The shadows walk the board backwards from
//! its end, each step the same rule the states follow forwards with the
//! joins forgotten: square `c` takes at most two moves back to squares that
//! have fewer than two, and the square leaving the frontier leaves with two
//! moves or as a tour end. The shadows that can reach the end (every square
//! with two moves but the tour's ends) form, square by square, a set
//! ([`Shadows`]); a state whose shadow is not in its square's set cannot be
//! finished, as any way of finishing it is, forgetting the joins, a way of
//! finishing its shadow. The states are dropped as they are made, so the
//! count is unchanged (tested against the walk without shadows and the
//! published tables) and the states are fewer: on 6×6 open, 2.4 million
//! steps of a state in all instead of 15.3 million.
//!
//! Only boards counted with no end asked have shadows (the rule for an
//! asked end would need the ends in the shadow), and only the last
//! [`ROWS`] rows: the sets are built from the last square back, as far as
//! the bytes given them reach.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::frontier::{nonzero_nibbles, StateHasher, Stopped, LOW_BITS};
use crate::deadline::Deadline;

/// A state's shadow: two bits a frontier slot (slot `k` in bits `2k` and
/// `2k + 1`: [`NO_MOVE`], [`ONE_MOVE`], [`TWO_MOVES`]) and the tour ends
/// gone in the top two.
pub(crate) type Shadow = u32;

const NO_MOVE: u32 = 0;
const ONE_MOVE: u32 = 1;
const TWO_MOVES: u32 = 2;
const ENDS_AT: u32 = 30;

/// The rows whose squares' states are told by shadows, the board's last.
/// Above them few states cannot be finished, while the sets grow: on 6×6
/// the set before the 13th square holds 648,266 shadows, the states there
/// 410 (four rows took 6×6 open 0.70 s, three 0.42 s; 6×8 open took 8.0 s
/// either way).
const ROWS: usize = 3;

/// The shadow of a packed state (a nibble a slot: 0 no move, 1 two moves,
/// 2 and up the label of a piece's end, one move) with `ends` tour ends
/// gone.
pub(crate) fn shadow_of(key: u64, ends: u32) -> Shadow {
    let one = nonzero_nibbles(key & !LOW_BITS);
    let two = key & LOW_BITS & !one;
    // Each nibble's two low bits, gathered into consecutive pairs: two
    // nibbles into a byte's low four bits, then bytes into halves, and so
    // on (a key uses 15 nibbles at most: 30 bits).
    let x = one | (two << 1);
    let x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    let x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    let x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    let x = (x | (x >> 16)) & 0xFFFF_FFFF;
    u32::try_from(x).unwrap_or(u32::MAX) | (ends << ENDS_AT)
}

/// A set of shadows: the standard library's, hashed by a multiply
/// ([`StateHasher`]). A table of its own (open addressing, each shadow in
/// one of at least twice as many 4-byte slots) took 6×6 open 1.11 times as
/// long, paired, and 15 MiB more.
#[derive(Clone, Debug)]
pub(crate) struct ShadowSet {
    set: HashSet<Shadow, BuildHasherDefault<StateHasher>>,
}

impl ShadowSet {
    fn with_capacity(shadows: usize) -> ShadowSet {
        ShadowSet {
            set: HashSet::with_capacity_and_hasher(shadows, BuildHasherDefault::default()),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.set.len()
    }

    /// The bytes the set holds, at most: a slot of 4 bytes and a control
    /// byte, at most 8 slots for 7 shadows of its capacity, and a group of
    /// control bytes more.
    pub(crate) fn bytes(&self) -> u64 {
        let slots = self.set.capacity().saturating_mul(8) / 7 + 1;
        u64::try_from(slots.saturating_mul(5).saturating_add(64)).unwrap_or(u64::MAX)
    }

    pub(crate) fn contains(&self, shadow: Shadow) -> bool {
        self.set.contains(&shadow)
    }

    fn insert(&mut self, shadow: Shadow) {
        self.set.insert(shadow);
    }

    fn iter(&self) -> impl Iterator<Item = Shadow> + '_ {
        self.set.iter().copied()
    }
}

/// The board as the shadows see it: its squares row by row, `w` a row,
/// the frontier's slots (`2w + 1`; slot `k` before square `c` holds square
/// `c - slots + k`), and each square's earlier neighbours as slots before
/// it (the states' own rule, [`super::frontier`]'s).
#[derive(Clone, Copy)]
pub(crate) struct Shape<'a> {
    pub w: usize,
    pub squares: usize,
    pub closed: bool,
    pub back: &'a dyn Fn(usize) -> Vec<usize>,
}

impl Shape<'_> {
    fn slots(self) -> usize {
        2 * self.w + 1
    }

    /// The shadow turned over left to right: each of the two rows a state
    /// holds at a row's end (slots 1 to `w` and `w + 1` to `2w`) reversed.
    fn mirror(self, shadow: Shadow) -> Shadow {
        let w = self.w;
        let mut turned = shadow & !(((1 << (4 * w)) - 1) << 2);
        for row in [1, w + 1] {
            for k in 0..w {
                let field = (shadow >> (2 * (row + k))) & 3;
                turned |= field << (2 * (row + w - 1 - k));
            }
        }
        turned
    }
}

/// The shadows of a board, a set for each square's states that has one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shadows {
    /// The board's squares: the cut after the last.
    squares: usize,
    /// The sets from the last cut back: `sets[k]` for the states before
    /// square `squares - k`.
    sets: Vec<ShadowSet>,
}

impl Shadows {
    /// The set of the states before square `cut`, if it has one.
    pub(crate) fn at(&self, cut: usize) -> Option<&ShadowSet> {
        self.sets.get(self.squares.checked_sub(cut)?)
    }

    pub(crate) fn bytes(&self) -> u64 {
        self.sets
            .iter()
            .map(ShadowSet::bytes)
            .fold(0, u64::saturating_add)
    }

    /// The shadows of `board` that can reach its end, built back from it
    /// within `bytes` (the squares whose set would not fit have none) and
    /// by `deadline`.
    pub(crate) fn build(
        board: Shape<'_>,
        bytes: u64,
        deadline: &Deadline,
    ) -> Result<Shadows, Stopped> {
        let (w, n, squares) = (board.w, board.slots(), board.squares);
        let mut shadows = Shadows {
            squares,
            sets: Vec::new(),
        };
        // After the last square: every slot with two moves, or one for a
        // tour end (two ends in all, with those gone; none when closed).
        let mut last = ShadowSet::with_capacity(n * n);
        let all_two = (0..n).fold(0, |s, k| s | (TWO_MOVES << (2 * k)));
        let one = |s: Shadow, k: usize| s & !(3 << (2 * k)) | (ONE_MOVE << (2 * k));
        if board.closed {
            last.insert(all_two);
        } else {
            last.insert(all_two | (2 << ENDS_AT));
            for a in 0..n {
                last.insert(one(all_two, a) | (1 << ENDS_AT));
                for b in a + 1..n {
                    last.insert(one(one(all_two, a), b));
                }
            }
        }
        let mut held = last.bytes();
        if held > bytes {
            return Ok(Shadows::default());
        }
        shadows.sets.push(last);
        let first = squares.saturating_sub(ROWS * w).max(2 * w);
        for c in (first..squares).rev() {
            let before = board.before(&shadows.sets[shadows.sets.len() - 1], c, deadline)?;
            held = held.saturating_add(before.bytes());
            if held > bytes {
                break;
            }
            shadows.sets.push(before);
        }
        Ok(shadows)
    }
}

impl Shape<'_> {
    /// The shadows before square `c` that can reach one of `after` (the
    /// shadows after it): each of `after` undone by every way square `c`
    /// could have made it.
    fn before(
        self,
        after: &ShadowSet,
        c: usize,
        deadline: &Deadline,
    ) -> Result<ShadowSet, Stopped> {
        let (w, n) = (self.w, self.slots());
        let back = (self.back)(c);
        // The states after a row's last square keep the previous row's last
        // square (slot 0 after) as done, a tour end among them let leave a
        // square early; and they are kept as the lesser of themselves and
        // their mirror image, as are the shadows before square `c` when
        // it starts a row.
        let row_end = c % w == w - 1;
        let row_start = c % w == 0;
        let fields = (1u64 << (2 * n)) - 1;
        let mut made = ShadowSet::with_capacity(after.len());
        for (done, shadow) in after.iter().enumerate() {
            if done % 4096 == 0 && deadline.passed() {
                return Err(Stopped::Time);
            }
            let ends = shadow >> ENDS_AT;
            let body = u64::from(shadow) & fields;
            // The frontier after square `c`'s moves: slot 0 (leaving) and
            // the slots after, square `c`'s last.
            let moved = (body >> (2 * (n - 1))) & 3;
            let let_leave =
                (row_end && body & 3 == u64::from(TWO_MOVES) && ends >= 1 && !self.closed).then(
                    || {
                        (
                            (body << 2) & !(3 << 2) | (u64::from(ONE_MOVE) << 2),
                            ends - 1,
                        )
                    },
                );
            for (frontier, ends) in std::iter::once((body << 2, ends)).chain(let_leave) {
                // Slot 0 left with two moves, or as a tour end.
                for (leaving, ends) in [(TWO_MOVES, Some(ends)), (ONE_MOVE, ends.checked_sub(1))] {
                    let Some(ends) = ends else { continue };
                    if leaving == ONE_MOVE && (self.closed || row_start) {
                        continue;
                    }
                    let f = frontier | u64::from(leaving);
                    let mut emit = |f: u64| {
                        let s = u32::try_from(f & fields).unwrap_or(u32::MAX) | (ends << ENDS_AT);
                        made.insert(s);
                        if row_start {
                            made.insert(self.mirror(s));
                        }
                    };
                    // Undo each way of taking `moved` moves back: each
                    // square taken had one move fewer (and had some).
                    let has = |k: usize| (f >> (2 * k)) & 3 != u64::from(NO_MOVE);
                    let less = |f: u64, k: usize| f - (1 << (2 * k));
                    match moved {
                        0 => emit(f),
                        1 => back
                            .iter()
                            .filter(|&&j| has(j))
                            .for_each(|&j| emit(less(f, j))),
                        _ => {
                            for (a, &j) in back.iter().enumerate() {
                                for &k in &back[a + 1..] {
                                    if has(j) && has(k) {
                                        emit(less(less(f, j), k));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shadow_is_each_slots_moves_and_the_ends_gone() {
        // Slots: done, empty, label 2, label 3, label 2, done.
        let key = 0x0012_3201_u64;
        let s = shadow_of(key, 1);
        let fields: Vec<u32> = (0..6).map(|k| (s >> (2 * k)) & 3).collect();
        assert_eq!(
            fields,
            [TWO_MOVES, NO_MOVE, ONE_MOVE, ONE_MOVE, ONE_MOVE, TWO_MOVES]
        );
        assert_eq!(s >> ENDS_AT, 1);
        // Fifteen slots, the widest key.
        let wide = (0..15).fold(0u64, |k, q| k | (9 << (4 * q)));
        assert_eq!(shadow_of(wide, 2), 0x1555_5555 | (2 << ENDS_AT));
    }

    /// The sets cover the last rows, back to the third row at most, and
    /// no more than the bytes given hold.
    #[test]
    fn sets_are_built_for_the_last_rows_within_their_bytes() {
        let deadline = Deadline::from(std::time::Duration::from_secs(60));
        let back = |c: usize| -> Vec<usize> {
            let (row, column) = (c / 5, c % 5);
            [
                (row >= 2 && column >= 1).then_some(0),
                (row >= 2 && column + 1 < 5).then_some(2),
                (row >= 1 && column >= 2).then_some(4),
                (row >= 1 && column + 2 < 5).then_some(8),
            ]
            .into_iter()
            .flatten()
            .collect()
        };
        let shape = |squares| Shape {
            w: 5,
            squares,
            closed: false,
            back: &back,
        };
        let all = Shadows::build(shape(40), u64::MAX, &deadline).unwrap();
        let built: Vec<usize> = (0..=40).filter(|&c| all.at(c).is_some()).collect();
        assert_eq!(built, (40 - ROWS * 5..=40).collect::<Vec<_>>());
        // A board of four rows: from the third row on.
        let short = Shadows::build(shape(20), u64::MAX, &deadline).unwrap();
        assert!(short.at(9).is_none() && short.at(10).is_some());
        let bytes = 20_000;
        let some = Shadows::build(shape(40), bytes, &deadline).unwrap();
        assert!(some.bytes() <= bytes && some.at(40).is_some() && some.at(30).is_none());
        assert!(Shadows::build(shape(40), 10, &deadline)
            .unwrap()
            .at(40)
            .is_none());
        // After the last square, open: two ends, gone or in the frontier.
        let last = all.at(40).unwrap();
        let all_two = (0..11).fold(0, |s, k| s | (TWO_MOVES << (2 * k)));
        assert!(last.contains(all_two | (2 << ENDS_AT)));
        assert!(!last.contains(all_two));
        assert!(last.contains(all_two & !3 | ONE_MOVE | (1 << ENDS_AT)));
    }

    #[test]
    fn a_set_holds_what_it_was_given() {
        let mut set = ShadowSet::with_capacity(0);
        for s in (0..10_000u32).map(|n| n.wrapping_mul(2_654_435_761) >> 2) {
            set.insert(s);
        }
        assert_eq!(set.len(), 10_000);
        assert!((0..10_000u32).all(|n| set.contains(n.wrapping_mul(2_654_435_761) >> 2)));
        assert!(!set.contains(3));
    }
}
