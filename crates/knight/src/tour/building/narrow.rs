//! Tours of boards 3 or 4 squares wide, of any length, by an exact dynamic
//! programme over the columns (a transfer-matrix method).
//!
//! Number the long side's lines "columns" and the short side's "rows". A
//! knight move joins a column to the next one or the one after, so once the
//! tour's moves into column `c` are chosen, nothing further can touch column
//! `c - 2`. The programme walks the columns in order and keeps, for the last
//! two, every *frontier state* a partial tour can leave behind: how many
//! tour moves each of their squares already has, which loose ends belong to
//! the same piece of path, whether the free end of the tour has been used,
//! and whether the tour is already whole. Every way of choosing a column's
//! moves is tried from every state, so the programme is an exhaustive search:
//! when no state reaches the end, no tour exists, on a board of any length.
//!
//! The states of a column depend only on those of the column before and on
//! what the column holds (plain squares, the start, or nothing past the end),
//! so the sets of states are interned and each step between sets is computed
//! once and kept, as is each step back when a tour is read off. After the
//! first few columns the sets repeat, so a tour costs two table look-ups per
//! column: time linear in the board, and tables of bounded size (a few
//! thousand states at most, kept for the life of the process).
//!
//! An open tour starts at the given square, which must then have exactly one
//! tour move; its other end may be any square, or the asked end, which then
//! has exactly one move too and spends the tour's free end. A closed tour is one cycle,
//! the same for every start (the caller rotates it).

use crate::grid::Int;
use crate::grid::Spot;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use crate::cache::Cache;

/// What a column holds, as far as the programme cares: plain squares
/// ([`PLAIN`]); the start on row `r` (`1 + r` in the low three bits) and
/// the asked end on row `r` (`1 + r` in the next three, [`END_SHIFT`]), or
/// both; or nothing, past the end ([`PAST_END`]).
type Kind = u8;
const PLAIN: Kind = 0;
const PAST_END: Kind = 0xFF;
const END_SHIFT: u8 = 3;

/// The row of the start (`start_row`) or of the asked end a column holds.
fn kind_rows(kind: Kind) -> (Option<usize>, Option<usize>) {
    let row = |bits: u8| (bits != 0).then(|| usize::from(bits - 1));
    (row(kind & 7), row(kind >> END_SHIFT & 7))
}

/// One square of the frontier, four bits in a state. Values from
/// [`FIRST_LABEL`] up are loose ends of a piece of path: two squares with the
/// same label are the two ends of one piece; a label seen once is a piece
/// whose other end is an end of the whole tour (the start, or the free end).
const EMPTY: u8 = 0; // no tour move yet: takes two
const DONE: u8 = 1; // takes no more moves
const START: u8 = 2; // the start of an open tour, no move yet: takes exactly one
const FIRST_LABEL: u8 = 3;

/// The open tour's other end has been placed.
const FREE_END_USED: u64 = 1 << 48;
/// The pieces have become the whole tour (a path with both ends placed, or
/// the cycle): nothing may be added.
const WHOLE: u64 = 1 << 49;
/// The open tour's start has been placed.
const START_PLACED: u64 = 1 << 50;
/// The board has ended: only [`PAST_END`] columns may follow.
const ENDED: u64 = 1 << 51;
/// On a board 4 wide, the tour's one move between the two middle lines has
/// been made. Edge squares reach only the middle lines and both ends of an
/// open tour lie on the edge lines (see `existence`), so with 2n squares on
/// each side the tour's 4n - 1 moves are 4n - 2 edge-to-middle ones and
/// exactly one middle-to-middle move; a second one is a dead end.
const CROSSED: u64 = 1 << 52;
const FLAGS: u64 = FREE_END_USED | WHOLE | START_PLACED | ENDED | CROSSED;

/// The most an automaton's tables hold, however many boards it answers
/// (measured by the tests: at most 2.7 MiB from a start alone, 5.1 MiB
/// with asked ends too).
const AUTOMATON_BYTES: usize = 8 << 20;

/// The frontier states and steps for one short side and one kind of tour.
struct Automaton {
    rows: usize,
    closed: bool,
    /// The candidate moves into a new column: (its row, the square it comes
    /// from as an index into the work array, 0..2·rows).
    moves: Vec<(usize, usize)>,
    /// The live states: those from which some run of columns reaches the
    /// end with a whole tour. Found once, by exploring every state the
    /// first column can lead to; the others are dropped as soon as seen.
    live: HashSet<u64>,
    /// Each live state's live successors under a kind of column, with the first set of
    /// moves (a bit per entry of `moves`) that reaches each.
    steps: HashMap<(u64, Kind), Vec<(u64, u16)>>,
    /// Interned sets of states, sorted.
    sets: Vec<Vec<u64>>,
    set_ids: HashMap<Vec<u64>, u32>,
    set_steps: HashMap<(u32, Kind), u32>,
    /// (set before, kind) → for each state after, the first state of the
    /// set that reaches it and the moves taken.
    back: HashMap<(u32, Kind), HashMap<u64, (u64, u16)>>,
}

impl Automaton {
    /// About the bytes its tables hold (entries and the maps' slots): the
    /// tests hold it under [`AUTOMATON_BYTES`].
    #[cfg(test)]
    fn bytes(&self) -> usize {
        let vecs = |v: &[Vec<u64>]| v.iter().map(|s| 24 + 8 * s.len()).sum::<usize>();
        16 * self.moves.len()
            + 16 * self.live.len()
            + self
                .steps
                .values()
                .map(|v| 48 + 16 * v.len())
                .sum::<usize>()
            + 2 * vecs(&self.sets)
            + 8 * self.set_ids.len()
            + 24 * self.set_steps.len()
            + self.back.values().map(|m| 32 + 40 * m.len()).sum::<usize>()
    }

    fn new(rows: usize, closed: bool) -> Automaton {
        // Work array: column c-2 at 0..rows, c-1 at rows..2·rows, c after.
        let mut automaton = Automaton {
            rows,
            closed,
            moves: column_moves(rows),
            live: HashSet::new(),
            steps: HashMap::new(),
            sets: Vec::new(),
            set_ids: HashMap::new(),
            set_steps: HashMap::new(),
            back: HashMap::new(),
        };
        automaton.live = automaton.explore();
        automaton
    }

    /// Every state reachable from the first one, then those of them from
    /// which the accepting state is reachable (a search backwards along
    /// the steps found).
    fn explore(&self) -> HashSet<u64> {
        let kinds: Vec<Kind> = if self.closed {
            vec![PLAIN, PAST_END]
        } else {
            // Plain, a start, an end, or both on two rows of one column.
            let rows = self.rows.u8();
            let mut kinds: Vec<Kind> = (0..=rows).collect();
            for end in 1..=rows {
                for start in 0..=rows {
                    if start != end {
                        kinds.push(start | end << END_SHIFT);
                    }
                }
            }
            kinds.push(PAST_END);
            kinds
        };
        let mut index: HashMap<u64, usize> = HashMap::from([(self.initial(), 0)]);
        let mut states = vec![self.initial()];
        let mut before: Vec<Vec<u32>> = vec![Vec::new()];
        let mut at = 0;
        while at < states.len() {
            let state = states[at];
            for &kind in &kinds {
                for (next, _) in self.successors(state, kind) {
                    let j = *index.entry(next).or_insert_with(|| {
                        states.push(next);
                        before.push(Vec::new());
                        states.len() - 1
                    });
                    before[j].push(at.u32());
                }
            }
            at += 1;
        }
        let accepting = self.accepting();
        let mut live = vec![false; states.len()];
        let mut stack: Vec<usize> = (0..states.len())
            .filter(|&j| states[j] & !CROSSED == accepting)
            .collect();
        for &j in &stack {
            live[j] = true;
        }
        while let Some(j) = stack.pop() {
            for &i in &before[j] {
                if !std::mem::replace(&mut live[i.usize()], true) {
                    stack.push(i.usize());
                }
            }
        }
        (0..states.len())
            .filter(|&j| live[j])
            .map(|j| states[j])
            .collect()
    }

    /// The state before the first column: two columns of nothing.
    fn initial(&self) -> u64 {
        (0..2 * self.rows).fold(0, |s, i| s | (u64::from(DONE) << (4 * i)))
    }

    /// The state after the last: nothing left, the tour whole.
    fn accepting(&self) -> u64 {
        let used = if self.closed {
            0
        } else {
            FREE_END_USED | START_PLACED
        };
        self.initial() | WHOLE | ENDED | used
    }

    fn intern(&mut self, set: Vec<u64>) -> u32 {
        if let Some(&id) = self.set_ids.get(&set) {
            return id;
        }
        let id = self.sets.len().u32();
        self.sets.push(set.clone());
        self.set_ids.insert(set, id);
        id
    }

    /// Every state reachable from `state` through one column of `kind`.
    fn step(&mut self, state: u64, kind: Kind) -> &[(u64, u16)] {
        if !self.steps.contains_key(&(state, kind)) {
            let mut next = self.successors(state, kind);
            next.retain(|(s, _)| self.live.contains(s));
            self.steps.insert((state, kind), next);
        }
        &self.steps[&(state, kind)]
    }

    fn successors(&self, state: u64, kind: Kind) -> Vec<(u64, u16)> {
        let rows = self.rows;
        let mut work = [DONE; 12];
        for (i, slot) in work.iter_mut().enumerate().take(2 * rows) {
            *slot = ((state >> (4 * i)) & 15).u8();
        }
        let (start_row, end_row) = if kind == PAST_END {
            (None, None)
        } else {
            kind_rows(kind)
        };
        for r in 0..rows {
            work[2 * rows + r] = if kind == PAST_END {
                DONE
            } else if start_row == Some(r) || end_row == Some(r) {
                // The asked end is a tour end as the start is: one move.
                START
            } else {
                EMPTY
            };
        }
        let mut flags = state & FLAGS;
        if flags & ENDED != 0 && kind != PAST_END {
            return Vec::new();
        }
        if kind == PAST_END {
            flags |= ENDED;
        } else {
            if start_row.is_some() {
                if flags & START_PLACED != 0 {
                    return Vec::new();
                }
                flags |= START_PLACED;
            }
            if end_row.is_some() {
                // The asked end is the tour's other end: no free end before
                // it or after.
                if flags & FREE_END_USED != 0 {
                    return Vec::new();
                }
                flags |= FREE_END_USED;
            }
        }
        let count = if kind == PAST_END {
            0
        } else {
            self.moves.len()
        };
        let mut out = Vec::new();
        self.choose(0, count, work, flags, 0, &mut out);
        out
    }

    /// Decides moves `k..count` in turn (taken or not), depth first, and
    /// records each state they lead to. The moves from column c-2 come
    /// first, so each of its squares is settled, and a hopeless choice cut
    /// off, as soon as its last move has been decided.
    fn choose(
        &self,
        k: usize,
        count: usize,
        work: [u8; 12],
        flags: u64,
        chosen: u16,
        out: &mut Vec<(u64, u16)>,
    ) {
        let rows = self.rows;
        let mut work = work;
        let mut flags = flags;
        // Column c-2's squares whose moves are all decided leave the frontier.
        let settled = if k == count {
            rows
        } else {
            self.moves[k].1.min(rows)
        };
        for i in 0..settled {
            match work[i] {
                DONE => {}
                EMPTY | START => return,
                label => {
                    // One move only: the open tour's free end, which on a
                    // board 4 wide lies on an edge line.
                    let middle = rows == 4 && (i == 1 || i == 2);
                    if self.closed || flags & FREE_END_USED != 0 || middle {
                        return;
                    }
                    flags |= FREE_END_USED;
                    work[i] = DONE;
                    if !work[..3 * rows].contains(&label) {
                        // Its piece's other end is the start: all done.
                        flags |= WHOLE;
                    }
                }
            }
        }
        if flags & WHOLE != 0 && work[..3 * rows].iter().any(|&v| v != DONE) {
            return;
        }
        if k < count {
            let (row, from) = self.moves[k];
            self.choose(k + 1, count, work, flags, chosen, out);
            if rows == 4 && from < rows && row + from == 3 && row.abs_diff(from) == 1 {
                // Between the middle lines: once only.
                if flags & CROSSED != 0 {
                    return;
                }
                flags |= CROSSED;
            }
            if self.join(&mut work, &mut flags, 2 * rows + row, from) {
                self.choose(k + 1, count, work, flags, chosen | 1 << k, out);
            }
            return;
        }
        // Canonical labels, by first appearance.
        let mut rename = [0u8; 16];
        let mut fresh = FIRST_LABEL;
        let mut next = flags;
        for (i, &v) in work[rows..3 * rows].iter().enumerate() {
            let v = if v >= FIRST_LABEL {
                if rename[v.usize()] == 0 {
                    rename[v.usize()] = fresh;
                    fresh += 1;
                }
                rename[v.usize()]
            } else {
                v
            };
            next |= u64::from(v) << (4 * i);
        }
        if !out.iter().any(|&(s, _)| s == next) {
            out.push((next, chosen));
        }
    }

    /// Adds the tour move `a`–`b` to the work array; false if it breaks the
    /// rules (a square with no room, or a cycle that is not the whole tour).
    fn join(&self, work: &mut [u8; 12], flags: &mut u64, a: usize, b: usize) -> bool {
        let slots = 3 * self.rows;
        if work[a] == DONE || work[b] == DONE || *flags & WHOLE != 0 {
            return false;
        }
        if work[a] >= FIRST_LABEL && work[a] == work[b] {
            // Both ends of one piece: a cycle, only ever the closed tour.
            if !self.closed {
                return false;
            }
            work[a] = DONE;
            work[b] = DONE;
            *flags |= WHOLE;
            return true;
        }
        // Where each piece's far end is after the move (None: a tour end).
        let far = |work: &[u8; 12], x: usize| match work[x] {
            EMPTY => Some(x),
            START => None,
            label => (0..slots).find(|&i| i != x && work[i] == label),
        };
        let (far_a, far_b) = (far(work, a), far(work, b));
        for x in [a, b] {
            work[x] = if work[x] == EMPTY { EMPTY } else { DONE };
        }
        match (far_a, far_b) {
            (None, None) => *flags |= WHOLE,
            (ends_a, ends_b) => {
                let label = (FIRST_LABEL..16)
                    .find(|l| !work[..slots].contains(l))
                    .unwrap_or(15);
                for x in [ends_a, ends_b].into_iter().flatten() {
                    work[x] = label;
                }
            }
        }
        true
    }

    fn set_step(&mut self, id: u32, kind: Kind) -> u32 {
        if let Some(&next) = self.set_steps.get(&(id, kind)) {
            return next;
        }
        let mut next = Vec::new();
        for state in self.sets[id.usize()].clone() {
            next.extend(self.step(state, kind).iter().map(|&(s, _)| s));
        }
        next.sort_unstable();
        next.dedup();
        let next = self.intern(next);
        self.set_steps.insert((id, kind), next);
        next
    }

    /// A state of set `id` that reaches `after` through a column of `kind`,
    /// and the moves it takes: the first in sorted order, so tours repeat.
    fn predecessor(&mut self, id: u32, kind: Kind, after: u64) -> Option<(u64, u16)> {
        if !self.back.contains_key(&(id, kind)) {
            // One pass over the set's steps answers every state after it.
            let mut first = HashMap::new();
            for state in self.sets[id.usize()].clone() {
                for &(next, moves) in self.step(state, kind) {
                    first.entry(next).or_insert((state, moves));
                }
            }
            self.back.insert((id, kind), first);
        }
        self.back[&(id, kind)].get(&after).copied()
    }

    /// The moves into each column of an exact tour of `rows` × `columns`
    /// (open from (`start` column, row), to (`end` column, row) when given;
    /// or closed), or None if there is none.
    fn tour_moves(
        &mut self,
        columns: usize,
        start: Option<(usize, usize)>,
        end: Option<(usize, usize)>,
    ) -> Option<Vec<u16>> {
        let kind = |c: usize| {
            if c >= columns {
                return PAST_END;
            }
            let at = |square: Option<(usize, usize)>| match square {
                Some((sc, sr)) if sc == c => 1 + sr.u8(),
                _ => 0,
            };
            at(start) | at(end) << END_SHIFT
        };
        // Forward: the set of states after each column (two past the end).
        let first = self.initial();
        let mut ids = Vec::with_capacity(columns + 3);
        ids.push(self.intern(vec![first]));
        for c in 0..columns + 2 {
            let next = self.set_step(ids[c], kind(c));
            ids.push(next);
        }
        let accepting = self.accepting();
        let last = *self.sets[ids[columns + 2].usize()]
            .iter()
            .find(|&&s| s & !CROSSED == accepting)?;
        // Backward: one state per column, from the accepting one.
        let mut moves = vec![0u16; columns];
        let mut after = last;
        for c in (0..columns + 2).rev() {
            let (before, taken) = self.predecessor(ids[c], kind(c), after)?;
            if c < columns {
                moves[c] = taken;
            }
            after = before;
        }
        Some(moves)
    }
}

/// The knight moves into a column: (its row, the square the move comes from
/// as an index into the work array: column c-2 at 0..rows, c-1 at
/// rows..2·rows). Moves from column c-2 come first, grouped by square.
fn column_moves(rows: usize) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    for from in 0..rows {
        for r in [from.wrapping_sub(1), from + 1] {
            if r < rows {
                moves.push((r, from));
            }
        }
    }
    for from in 0..rows {
        for r in [from.wrapping_sub(2), from + 2] {
            if r < rows {
                moves.push((r, rows + from));
            }
        }
    }
    moves
}

/// A tour of the `width` × `height` board whose shorter side is 3 or 4, as
/// global indices (`y * width + x`) from `start`: open (to `end` when
/// given), or with `closed` a cycle begun at `start`. None proves there is
/// no such tour: the programme is exhaustive. Boards with no side of 3 or 4
/// get None too; callers ask only about narrow boards.
pub fn narrow_tour(
    width: usize,
    height: usize,
    start: usize,
    ends: NarrowEnds,
    cache: &Cache,
) -> Option<Vec<u32>> {
    let rows = width.min(height);
    let (closed, end) = match ends {
        NarrowEnds::Closed => (true, None),
        NarrowEnds::Open => (false, None),
        NarrowEnds::To(end) => (false, Some(end)),
    };
    let squares = width * height;
    if !(3..=4).contains(&rows) || start >= squares || end.is_some_and(|e| e >= squares) {
        return None;
    }
    if end == Some(start) {
        return None;
    }
    let columns = width.max(height);
    // Columns run along x when the board is `rows` high.
    let along_x = height == rows;
    let to_local = |i: usize| {
        let (x, y) = (i % width, i / width);
        if along_x {
            (x, y)
        } else {
            (y, x)
        }
    };
    let to_global = |c: usize, r: usize| {
        if along_x {
            r * width + c
        } else {
            c * width + r
        }
    };
    let moves = {
        // One automaton per short side and kind of tour, kept in the cache.
        // It learns as it answers, so it is weighed at the most it holds.
        let automaton = cache
            .keep(("narrow boards' automaton", rows, closed), || {
                let automaton = Automaton::new(rows, closed);
                Ok::<_, ()>((Mutex::new(automaton), AUTOMATON_BYTES))
            })
            .ok()?;
        // A panic elsewhere cannot leave the tables half-written: every
        // entry is inserted whole.
        let mut automaton = automaton.lock().unwrap_or_else(|e| e.into_inner());
        let from = (!closed).then(|| to_local(start));
        automaton.tour_moves(columns, from, end.map(to_local))?
    };
    // Each square's (at most two) tour neighbours, locally `c * rows + r`.
    const NONE: u32 = Spot::NONE.raw();
    let edges = column_moves(rows);
    let mut next = vec![[NONE; 2]; columns * rows];
    let mut link = |a: usize, b: usize| {
        for (x, y) in [(a, b), (b, a)] {
            let slot = if next[x][0] == NONE { 0 } else { 1 };
            next[x][slot] = y.u32();
        }
    };
    for (c, &taken) in moves.iter().enumerate() {
        for (bit, &(row, from)) in edges.iter().enumerate() {
            if taken >> bit & 1 == 1 {
                let (fc, fr) = if from < rows {
                    (c - 2, from)
                } else {
                    (c - 1, from - rows)
                };
                link(c * rows + row, fc * rows + fr);
            }
        }
    }
    let (sc, sr) = to_local(start);
    let mut here = (sc * rows + sr).u32();
    let mut before = NONE;
    let mut path = Vec::with_capacity(columns * rows);
    for _ in 0..columns * rows {
        let (c, r) = (here.usize() / rows, here.usize() % rows);
        path.push(to_global(c, r).u32());
        let [a, b] = next[here.usize()];
        let step = if a != before { a } else { b };
        before = here;
        here = step;
        if here == NONE {
            break;
        }
    }
    (path.len() == columns * rows).then_some(path)
}

/// How a narrow board's tour ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NarrowEnds {
    /// Anywhere.
    Open,
    /// On this square (a global index).
    To(usize),
    /// One move from the start.
    Closed,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The automata learn as they answer, up to a plateau (measured: 1.0
    /// MiB for open tours 3 wide, 2.7 MiB 4 wide, reached by 500 columns;
    /// with the asked ends' columns too, 1.3 MiB and 5.1 MiB);
    /// the cache weighs each at [`AUTOMATON_BYTES`], which must hold.
    #[test]
    fn automata_stay_within_their_weight() {
        for rows in [3, 4] {
            for closed in [false, true] {
                let mut automaton = Automaton::new(rows, closed);
                for columns in (rows..700).step_by(7) {
                    let starts = [
                        None,
                        Some((0, 0)),
                        Some((columns / 2, 1)),
                        Some((columns - 1, rows - 1)),
                    ];
                    for start in starts {
                        automaton.tour_moves(columns, start.filter(|_| !closed), None);
                    }
                    if !closed {
                        let (a, b) = ((0, 0), (columns - 1, rows - 1));
                        let middle = (columns / 2, rows - 1);
                        for (from, to) in [(a, b), (a, middle), (middle, b), (b, a)] {
                            automaton.tour_moves(columns, Some(from), Some(to));
                        }
                    }
                }
                let bytes = automaton.bytes();
                assert!(bytes <= AUTOMATON_BYTES, "{rows} {closed}: {bytes}");
            }
        }
    }

    fn is_tour(w: usize, h: usize, start: usize, closed: bool, path: &[u32]) -> bool {
        let knight = |a: u32, b: u32| {
            let (a, b) = (a.usize(), b.usize());
            let (dx, dy) = ((a % w).abs_diff(b % w), (a / w).abs_diff(b / w));
            dx * dx + dy * dy == 5
        };
        let mut seen = vec![false; w * h];
        path.len() == w * h
            && path[0].usize() == start
            && path
                .iter()
                .all(|&i| !std::mem::replace(&mut seen[i.usize()], true))
            && path.windows(2).all(|p| knight(p[0], p[1]))
            && (!closed || knight(path[0], path[w * h - 1]))
    }

    #[test]
    fn small_narrow_boards() {
        assert!(narrow_tour(4, 3, 0, NarrowEnds::Open, &Cache::default()).is_some());
        assert!(narrow_tour(3, 3, 0, NarrowEnds::Open, &Cache::default()).is_none());
        assert!(narrow_tour(4, 4, 0, NarrowEnds::Open, &Cache::default()).is_none());
        for (w, h) in [(10, 3), (3, 12), (5, 4), (4, 9), (3, 7)] {
            let start = 0;
            let path = narrow_tour(w, h, start, NarrowEnds::Open, &Cache::default()).expect("open");
            assert!(is_tour(w, h, start, false, &path), "{w}x{h}");
        }
        let path = narrow_tour(3, 10, 4, NarrowEnds::Closed, &Cache::default()).expect("closed");
        assert!(is_tour(3, 10, 4, true, &path));
        assert!(narrow_tour(8, 3, 0, NarrowEnds::Closed, &Cache::default()).is_none());
        assert!(narrow_tour(4, 8, 0, NarrowEnds::Closed, &Cache::default()).is_none());
    }
}
