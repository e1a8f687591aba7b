//! [`StateTable`]: the frontier's states with their numbers of ways, by
//! open addressing: one array of (key, ways) slots probed in a line.
//!
//! On boards 5 and 6 wide the table holds millions of states and nearly
//! every look-up misses the cache; a slot holds its key beside its count,
//! so a look-up touches one line of memory (a general hash map keeps a
//! separate array of control bytes: two), and the step reads the slots of
//! a state's successors before it adds to them ([`StateTable::touch`]), so
//! that their misses overlap instead of following one another.

use super::tally::Tally;

/// A key no state has: the packed states use at most 15 of the key's 16
/// four-bit squares, the top one always 0.
const VACANT: u64 = u64::MAX;

/// The states and their ways.
#[derive(Clone)]
pub(crate) struct StateTable<T> {
    slots: Vec<(u64, T)>,
    len: usize,
    /// The most slots it may hold, a growth's old and new together.
    most_slots: usize,
    /// Whether a growth was refused ([`StateTable::within`]).
    full: bool,
}

impl<T: Tally> Default for StateTable<T> {
    fn default() -> Self {
        StateTable::with_capacity(0)
    }
}

/// The slots a table of `states` states has: at most three quarters
/// full. Any number: the slot is the hash scaled to it (not a power of
/// two, which would hold up to twice the slots needed: 8 GiB more at 7×7).
pub(crate) fn capacity_for(states: usize) -> usize {
    (states.saturating_mul(4) / 3 + 1).max(16)
}

fn home(key: u64, slots: usize) -> usize {
    // Fibonacci hashing, its high bits scaled to the slots (the keys' low
    // bits are the newest squares, alike in many states; a multiply
    // carries every bit of the key into the high ones).
    let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let scaled = (u128::from(mixed) * u128::from(u64::try_from(slots).unwrap_or(u64::MAX))) >> 64;
    usize::try_from(scaled).unwrap_or(0)
}

/// The slot after `at`, back to the first after the last.
fn after(at: usize, slots: usize) -> usize {
    if at + 1 == slots {
        0
    } else {
        at + 1
    }
}

impl<T: Tally> StateTable<T> {
    /// An empty table with room for `states` states.
    pub(crate) fn with_capacity(states: usize) -> Self {
        StateTable {
            slots: vec![(VACANT, T::zero()); capacity_for(states)],
            len: 0,
            most_slots: usize::MAX,
            full: false,
        }
    }

    /// An empty table with room for `states` states, or as many as
    /// `bytes` hold (one slot at least), which it never outgrows, not even
    /// for a moment while it grows (its old slots and its new together):
    /// an add past them is refused, and [`StateTable::is_full`] says so.
    /// It is made in the slots of `spare` (a table no longer needed) when
    /// that is at least as large: its memory, already mapped, is written
    /// again, the slots made as many as a new table's and no more held (a
    /// larger allocation is shrunk to them; a smaller spare is dropped and
    /// the table made afresh).
    pub(crate) fn within(states: usize, bytes: u64, spare: Option<Self>) -> Self {
        let entry = u64::try_from(std::mem::size_of::<(u64, T)>()).unwrap_or(u64::MAX);
        let most_slots = usize::try_from(bytes / entry).unwrap_or(usize::MAX);
        let wanted = capacity_for(states).min(most_slots).max(1);
        // A spare too small is given back first: grown, it would be moved,
        // its old slots and the new held together for a moment, past what
        // the budget counts.
        let slots = match spare.filter(|spare| spare.slots.capacity() >= wanted) {
            Some(spare) => {
                let mut slots = spare.slots;
                slots.clear();
                // Exactly `wanted` (shrunk in place): `resize` into a larger
                // allocation would keep slots the budget does not count.
                slots.shrink_to(wanted);
                slots.resize(wanted, (VACANT, T::zero()));
                slots
            }
            None => vec![(VACANT, T::zero()); wanted],
        };
        StateTable {
            slots,
            len: 0,
            most_slots,
            full: false,
        }
    }

    /// Whether an add was refused for the table's bytes.
    pub(crate) fn is_full(&self) -> bool {
        self.full
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the slots take (and the counts' own, `heap` each).
    pub(crate) fn bytes(&self, heap: usize) -> u64 {
        let bytes = self
            .slots
            .len()
            .saturating_mul(std::mem::size_of::<(u64, T)>())
            .saturating_add(self.len.saturating_mul(heap));
        u64::try_from(bytes).unwrap_or(u64::MAX)
    }

    /// Asks for the line of the slot `key` starts at, without waiting for
    /// it: a hint, so that it is on its way while other work is done.
    pub(crate) fn prefetch(&self, key: u64) {
        let slot = &self.slots[home(key, self.slots.len())];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint to the cache: it reads nothing the
        // program sees and cannot fault, whatever the address (here a
        // slot of the table, borrowed).
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                std::ptr::from_ref(slot).cast::<i8>(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(slot.0);
    }

    /// Reads the slot `key` starts at, so that its line is on its way
    /// before it is needed.
    pub(crate) fn touch(&self, key: u64) -> u64 {
        self.slots[home(key, self.slots.len())].0
    }

    /// Adds `ways` to `key`'s (inserting it with them); false when the
    /// sum does not fit `T`, or the table its bytes (then
    /// [`StateTable::is_full`]).
    pub(crate) fn add(&mut self, key: u64, ways: &T) -> bool {
        if (self.len + 1) * 4 > self.slots.len() * 3 && !self.grow() {
            // No room for a new state: one held is still added to.
            if let Some(at) = self.find(key) {
                return self.slots[at].1.add(ways);
            }
            self.full = true;
            return false;
        }
        let slots = self.slots.len();
        let mut at = home(key, slots);
        loop {
            let slot = &mut self.slots[at];
            if slot.0 == key {
                return slot.1.add(ways);
            }
            if slot.0 == VACANT {
                *slot = (key, ways.clone());
                self.len += 1;
                return true;
            }
            at = after(at, slots);
        }
    }

    /// `key`'s ways, if it is held.
    pub(crate) fn get(&self, key: u64) -> Option<&T> {
        self.find(key).map(|at| &self.slots[at].1)
    }

    /// The slot holding `key`, if it is held.
    fn find(&self, key: u64) -> Option<usize> {
        let slots = self.slots.len();
        let mut at = home(key, slots);
        loop {
            let slot = &self.slots[at];
            if slot.0 == key {
                return Some(at);
            }
            if slot.0 == VACANT {
                return None;
            }
            at = after(at, slots);
        }
    }

    /// Every state held and its ways.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u64, &T)> {
        self.slots
            .iter()
            .filter(|slot| slot.0 != VACANT)
            .map(|slot| (slot.0, &slot.1))
    }

    /// The states held in part `part` of `parts` of the table's slots
    /// (the parts together hold each state once), for a thread each.
    pub(crate) fn iter_part(&self, part: usize, parts: usize) -> impl Iterator<Item = (u64, &T)> {
        let n = self.slots.len();
        self.slots[n * part / parts..n * (part + 1) / parts]
            .iter()
            .filter(|slot| slot.0 != VACANT)
            .map(|slot| (slot.0, &slot.1))
    }

    /// The same, taken out of the table.
    pub(crate) fn into_states(self) -> impl Iterator<Item = (u64, T)> {
        self.slots.into_iter().filter(|slot| slot.0 != VACANT)
    }

    /// Half as many slots again (doubling would hold, for a moment, the
    /// old slots and twice as many new); false, and no change, when the
    /// old and the new together would be more than the table may hold.
    fn grow(&mut self) -> bool {
        let slots = (self.slots.len() + self.slots.len() / 2).max(16);
        if self.slots.len().saturating_add(slots) > self.most_slots {
            return false;
        }
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![(VACANT, T::zero()); slots];
        for (key, ways) in old.into_iter().filter(|slot| slot.0 != VACANT) {
            let mut at = home(key, slots);
            while self.slots[at].0 != VACANT {
                at = after(at, slots);
            }
            self.slots[at] = (key, ways);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Against the standard library's map, through several growths.
    #[test]
    fn adds_and_finds_as_a_hash_map_does() {
        let mut table: StateTable<u64> = StateTable::default();
        let mut want: HashMap<u64, u64> = HashMap::new();
        let mut key = 1u64;
        for n in 0..20_000u64 {
            // Keys that repeat, some close together, some far apart.
            key = key.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1) % 5_000
                + (n % 3) * (1 << 40);
            assert!(table.add(key, &n));
            *want.entry(key).or_insert(0) += n;
        }
        assert_eq!(table.len(), want.len());
        for (&key, &ways) in &want {
            assert_eq!(table.get(key), Some(&ways));
        }
        assert_eq!(table.iter().count(), want.len());
        assert_eq!(table.get(1 << 50), None);
        let mut full: StateTable<u64> = StateTable::default();
        assert!(full.add(7, &u64::MAX));
        assert!(!full.add(7, &1), "an overflow is told");
        assert!(!full.is_full());
    }

    /// A table within bytes takes states while a growth's old and new
    /// slots fit them, then refuses, and says it is full.
    #[test]
    fn a_table_within_bytes_refuses_past_them() {
        let entry = std::mem::size_of::<(u64, u64)>() as u64;
        let mut table: StateTable<u64> = StateTable::within(0, 100 * entry, None);
        let mut taken = 0u64;
        while table.add(taken, &1) {
            taken += 1;
            assert!(table.bytes(0) <= 100 * entry);
        }
        assert!(table.is_full());
        // 16 slots, then 24, 36 and 54 (each growth's old and new slots
        // within 100), then 81 would not be (54 + 81): 54 slots, three
        // quarters of them taken.
        assert_eq!(table.bytes(0), 54 * entry);
        assert_eq!(taken, 54 * 3 / 4);
        for key in 0..taken {
            assert_eq!(table.get(key), Some(&1));
        }
        // A key already held is still added to.
        assert!(table.add(0, &1));
        assert_eq!(table.get(0), Some(&2));
    }

    /// A table made in a spare one's slots, larger or smaller, holds as
    /// many slots as one made afresh (and no spare capacity), and nothing
    /// of the spare's states.
    #[test]
    fn a_table_reusing_a_spare_one_holds_what_within_does() {
        let entry = std::mem::size_of::<(u64, u64)>() as u64;
        for (spare_states, states, bytes) in [
            (10_000, 100, u64::MAX),
            (100, 10_000, u64::MAX),
            (10_000, 10_000, 500 * entry),
        ] {
            let mut spare: StateTable<u64> = StateTable::with_capacity(spare_states);
            for key in 0..50 {
                assert!(spare.add(key, &1));
            }
            let fresh: StateTable<u64> = StateTable::within(states, bytes, None);
            let reused = StateTable::within(states, bytes, Some(spare));
            assert_eq!(reused.bytes(0), fresh.bytes(0));
            assert_eq!(reused.slots.capacity(), reused.slots.len());
            assert_eq!(reused.len(), 0);
            assert_eq!(reused.iter().count(), 0);
            assert_eq!(reused.most_slots, fresh.most_slots);
        }
    }
}
