//! The search for the tours that agree with the clues, on boards of at
//! most 64 squares: a depth-first search fills the gaps between the
//! placed steps (at first the clues), on bitboards
//! ([`Bits`] gives the move masks). A gap is a run
//! of steps with no square yet: between two placed
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
//!   nothing changes (or eight passes: stopping early leaves candidates
//!   that may be dead, and never drops a live one): a square at step `t` is a move from a square at
//!   `t − 1` and from another square at `t + 1` (not the same one: a
//!   square has one step), so a candidate of `t` needs a candidate of
//!   `t − 1` a move away and one of `t + 1`, and not only one square that
//!   is both; a free square that only one step still has as a candidate
//!   is that step's (every free square takes a step); a step with one
//!   candidate left takes it, so no other step has it (a square takes one
//!   step). A step left with none, a free square no step has, or two
//!   steps with the same one square left is a dead end. A free square
//!   `v` with one free square `u` a move away is entered and left from
//!   placed squares with the steps beside its own, or from `u`: when every
//!   candidate step of `v` needs `u` on one side, `u` is a candidate only
//!   of those steps (and the narrowing goes on). The search
//!   tries only the candidates of the step it places. This is what proves
//!   at once clue sets that took millions of nodes: a corner with one
//!   free square beside it, and a square beside clues whose steps are not
//!   two apart, both need that square, at steps that cannot agree;
//! - the forced moves, followed to the end ([`forced`]) on
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
//! `unique`. A puzzle's maker asks instead for a tour that does not put one
//! given square at one given step (whether a clue can be left out): that
//! square is taken from the step's candidates, a cut like the others.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::clue::Clue;
use crate::deadline::Deadline;
use crate::grid::{Grid, Int};
use crate::seed::splitmix64;
use crate::tour::finish::{bit, forced, squares, Bits, KeyHasher};

/// Positions proven to have no finish kept by one way of the search, at
/// most (24 bytes each before the table's overhead; two ways search a
/// puzzle, so about 50 MB at worst in all).
const HOPELESS_KEPT: usize = 1 << 19;

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
pub(super) fn search_ways(ways: &mut [Search], want: usize, budget: u64) -> (Vec<Vec<u8>>, bool) {
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
            splitmix64(first_tie ^ pass) | 1
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

/// One run of steps with no square yet: the placed steps `a` before it and
/// `b` after it (`b == n` round the end of a closed tour, to the first
/// square); None for the free start (`a`) or end (`b`) of an open tour.
#[derive(Clone, Copy)]
struct Gap {
    a: Option<usize>,
    b: Option<usize>,
}

/// The search of the module's documentation.
pub(super) struct Search {
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
    pub(super) reversed: bool,
    /// The order of the gaps this round: 0 step order, 1 fewest steps
    /// first, 2 the gap with an end of fewest moves first (from that end),
    /// 3 fewest steps first from the end with fewer moves.
    order: u64,
    /// Positions proven to have no finish: the free squares, the steps
    /// without a square, and the head and first square.
    hopeless: HashSet<(u64, u64, u32), BuildHasherDefault<KeyHasher>>,
    /// The tours found (spots by step).
    pub found: Vec<Vec<u8>>,
    /// A step (from 0) and a spot the tours sought do not put there.
    excluded: Option<(usize, usize)>,
}

impl Search {
    /// The search for tours of `grid` (at most 64 squares) that agree with
    /// `clues` (sorted by step, checked).
    pub(super) fn new(grid: Grid, clues: &[Clue], closed: bool, deadline: &Deadline) -> Search {
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
            excluded: None,
        }
    }

    /// Seeks only tours that do not put `excluded`'s square at its step
    /// (none: every tour).
    pub(super) fn exclude(&mut self, grid: Grid, excluded: Option<Clue>) {
        self.excluded = excluded.map(|c| (c.step.usize() - 1, grid.spot(c.square).index()));
    }

    /// Searches for up to `want` tours within `budget` nodes and the
    /// deadline; the tours found are in `found`, and `cut` says whether the
    /// search stopped before it was complete ([`search_ways`] with this
    /// one way).
    pub(super) fn search(&mut self, want: usize, budget: u64) {
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
                    seed => splitmix64(seed ^ s.u64()),
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
                && self
                    .excluded
                    .is_none_or(|(t, spot)| path[t].usize() != spot)
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
                seed => splitmix64(seed ^ self.nodes.rotate_left(17) ^ to.u64()),
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
    fn feasible(&self, free: u64, head: Option<usize>) -> Option<(usize, usize, u64)> {
        let m = &self.bits.moves;
        let mut gaps = [Gap { a: None, b: None }; 64];
        let len = self.gaps(&mut gaps)?;
        let gaps = &gaps[..len];
        let mut segments = [(0u64, 0u32, 0u64); 64];
        let mut cand = [0u64; 64];
        let (joins, tails) = self.shapes(gaps, free, &mut segments, &mut cand)?;
        if !self.counted(&segments[..len], free, joins, tails) {
            return None;
        }
        let (from, step, beyond) = self.choose(gaps, head, free)?;
        let mut moves = m[self.spot(from)] & free;
        if let Some(b) = beyond {
            moves &= m[self.spot(b)];
        }
        // Narrowed again when a square with one free neighbour pinned it.
        if !self.narrow(&mut cand, free)
            || (self.lone(&mut cand, free) && !self.narrow(&mut cand, free))
        {
            return None;
        }
        moves &= cand[step];
        if moves == 0 {
            return None;
        }
        self.forced(gaps, from, step, free, moves)
            .map(|moves| (from, step, moves))
    }

    /// The gaps, in step order, into `gaps`: how many; None when two placed
    /// steps in a row are not a move apart (clues given so).
    fn gaps(&self, gaps: &mut [Gap; 64]) -> Option<usize> {
        let n = self.n;
        let m = &self.bits.moves;
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
        Some(len)
    }

    /// Each gap's ellipse, the free squares it needs and its first anchor's
    /// colour into `segments`, and each step's candidate squares into
    /// `cand` (the module's documentation); the squares a free square may
    /// be joined to and the number of free ends; None when a gap's far end
    /// is out of reach.
    fn shapes(
        &self,
        gaps: &[Gap],
        free: u64,
        segments: &mut [(u64, u32, u64); 64],
        cand: &mut [u64; 64],
    ) -> Option<(u64, u32)> {
        let n = self.n;
        let m = &self.bits.moves;
        let (mut ra, mut rb) = ([0u64; 66], [0u64; 66]);
        let mut joins = free;
        let mut tails = 0;
        for (c, at) in cand.iter_mut().zip(&self.at) {
            if let Some(spot) = *at {
                *c = bit(spot);
            }
        }
        if let Some((t, spot)) = self.excluded {
            if self.at[t] == Some(spot) {
                return None;
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
        if let Some((t, spot)) = self.excluded {
            if self.at[t].is_none() {
                cand[t] &= !bit(spot);
            }
        }
        Some((joins, tails))
    }

    /// Whether the gaps' ellipses hold the squares their steps need, of
    /// each colour, between them every free square, and every free square
    /// has squares enough to be joined to (the module's documentation).
    fn counted(&self, segments: &[(u64, u32, u64)], free: u64, joins: u64, tails: u32) -> bool {
        // A segment's squares alternate colours from the other colour than
        // its first anchor's: of `need`, the first anchor's colour holds
        // `need / 2` and the other the rest.
        let (mut once, mut twice) = (0u64, 0u64);
        for &(ellipse, need, own) in segments {
            let (mine, other) = (need / 2, need - need / 2);
            if (ellipse & own).count_ones() < mine || (ellipse & !own).count_ones() < other {
                return false;
            }
            twice |= once & ellipse;
            once |= ellipse;
        }
        if free & !once != 0 {
            return false;
        }
        for &(ellipse, need, own) in segments {
            let only = ellipse & !twice;
            let (mine, other) = (need / 2, need - need / 2);
            if (only & own).count_ones() > mine || (only & !own).count_ones() > other {
                return false;
            }
        }
        // A free square with one way in is an end of the tour.
        let (one, two, _) = self.bits.counts(joins);
        if free & !one != 0 {
            return false;
        }
        if (free & !two).count_ones() > tails {
            return false;
        }
        true
    }

    /// The gap to fill and from which end: the placed step to move from,
    /// the step to place, and the placed step beyond it when that closes
    /// the gap.
    fn choose(
        &self,
        gaps: &[Gap],
        head: Option<usize>,
        free: u64,
    ) -> Option<(usize, usize, Option<usize>)> {
        let n = self.n;
        let m = &self.bits.moves;
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
        Some((from, step, beyond))
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
        let mut steps = [0usize; 64];
        let mut len = 0;
        for t in squares(self.open_steps) {
            steps[len] = t;
            len += 1;
        }
        let steps = &steps[..len];
        // The squares a move from one candidate of each step, and from two.
        let mut near = [(0u64, 0u64); 64];
        for (t, c) in cand.iter().enumerate().take(n) {
            let (one, two, _) = self.bits.counts(*c);
            near[t] = (one, two);
        }
        for pass in 0..8 {
            let Some(swept) = self.sweep(cand, &mut near, steps, pass % 2 == 1) else {
                return false;
            };
            let Some(narrowed) = Self::singles(cand, steps, free) else {
                return false;
            };
            for t in squares(narrowed) {
                let (one, two, _) = self.bits.counts(cand[t]);
                near[t] = (one, two);
            }
            if !swept && narrowed == 0 {
                break;
            }
        }
        true
    }

    /// The steps before and after step `t` (none before the first or after
    /// the last of an open tour; round the end of a closed one).
    fn beside(&self, t: usize) -> [Option<usize>; 2] {
        let n = self.n;
        let before = if t > 0 {
            Some(t - 1)
        } else {
            self.closed.then_some(n - 1)
        };
        let after = if t + 1 < n {
            Some(t + 1)
        } else {
            self.closed.then_some(0)
        };
        [before, after]
    }

    /// One pass of [`Search::narrow`]'s first rule over `steps` (backwards
    /// or forwards, so that a change travels the whole way in one pass or
    /// two), `near` kept as each step's squares a move from one candidate
    /// and from two: whether a candidate went, None when a step has none
    /// left.
    fn sweep(
        &self,
        cand: &mut [u64; 64],
        near: &mut [(u64, u64); 64],
        steps: &[usize],
        backwards: bool,
    ) -> Option<bool> {
        let mut changed = false;
        for i in 0..steps.len() {
            let t = if backwards {
                steps[steps.len() - 1 - i]
            } else {
                steps[i]
            };
            let sides = self.beside(t);
            let mut keep = cand[t];
            let mut single = u64::MAX;
            for (one, two) in sides.into_iter().flatten().map(|s| near[s]) {
                keep &= one;
                single &= one & !two;
            }
            if let [Some(p), Some(q)] = sides {
                // One neighbour on each side, and the same one.
                let both = cand[p] & cand[q];
                if both != 0 {
                    keep &= !(single & self.bits.around(both));
                }
            }
            if keep != cand[t] {
                if keep == 0 {
                    return None;
                }
                cand[t] = keep;
                let (one, two, _) = self.bits.counts(keep);
                near[t] = (one, two);
                changed = true;
            }
        }
        Some(changed)
    }

    /// [`Search::narrow`]'s other rules: a free square only one step has is
    /// that step's; a step's one square is no other step's. The steps
    /// narrowed, or None when a free square is no step's, or one step has
    /// two squares no other has, or two steps the same one square.
    fn singles(cand: &mut [u64; 64], steps: &[usize], free: u64) -> Option<u64> {
        let (mut once, mut twice) = (0u64, 0u64);
        for &t in steps {
            twice |= once & cand[t];
            once |= cand[t];
        }
        if free & !once != 0 {
            return None;
        }
        let hidden = free & !twice;
        let mut singles = 0u64;
        let mut narrowed = 0u64;
        for &t in steps {
            let h = hidden & cand[t];
            if h.count_ones() > 1 {
                return None;
            }
            if h != 0 && cand[t] != h {
                cand[t] = h;
                narrowed |= bit(t);
            }
            if cand[t].count_ones() == 1 {
                if singles & cand[t] != 0 {
                    return None;
                }
                singles |= cand[t];
            }
        }
        for &t in steps {
            if cand[t].count_ones() > 1 && cand[t] & singles != 0 {
                cand[t] &= !singles;
                if cand[t] == 0 {
                    return None;
                }
                narrowed |= bit(t);
            }
        }
        Some(narrowed)
    }

    /// A free square `v` with one free square `u` a move away: at each of
    /// its candidate steps `t`, the squares at `t - 1` and `t + 1` are a
    /// move from `v`, so each is a placed square with that step or `u`.
    /// When every candidate step of `v` needs `u` on one side, `u` is a
    /// candidate only of those sides' steps. Whether a candidate went.
    fn lone(&self, cand: &mut [u64; 64], free: u64) -> bool {
        let n = self.n;
        let m = &self.bits.moves;
        let mut step_of = [0usize; 64];
        for (s, at) in self.at.iter().enumerate() {
            if let Some(spot) = *at {
                step_of[spot] = s;
            }
        }
        let all = u64::MAX >> (64 - n);
        let mut changed = false;
        for v in squares(free) {
            let one = m[v] & free;
            if one.count_ones() != 1 {
                continue;
            }
            let held = squares(m[v] & all & !free).fold(0u64, |h, w| h | bit(step_of[w]));
            let mut need = 0u64;
            for t in squares(self.open_steps).filter(|&t| cand[t] & bit(v) != 0) {
                let here = self
                    .beside(t)
                    .into_iter()
                    .flatten()
                    .fold(0, |h, s| h | bit(s))
                    & !held;
                if here == 0 {
                    need = all;
                    break;
                }
                need |= here;
            }
            for t in squares(self.open_steps & !need) {
                if cand[t] & one != 0 {
                    cand[t] &= !one;
                    changed = true;
                }
            }
        }
        changed
    }

    /// The forced moves of the position followed to the end
    /// ([`forced`]), on the graph of what the rest of the
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
        forced(k, head, graph, ends, open).map(|o| o & moves)
    }
}
