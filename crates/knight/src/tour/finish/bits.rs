//! The search that finishes a tour on a board of at most 64 squares, on
//! bitboards: the free squares (not played, not yet on the searched path)
//! are one `u64`, and each square's knight moves a precomputed mask, so
//! that the whole position is checked at every node in a few dozen word
//! operations.
//!
//! At every node, the knight on `k` and the free squares `F`, the search
//! proves the position hopeless when any of these holds (each a fact of
//! every path from `k` through all of `F`, so a cut never loses a
//! finish):
//!
//! - the knight has no free square a move away;
//! - no square of `F` can be the last: the last square must be one the
//!   ending allows (the asked end, or one move from the first square of a
//!   closed tour), and of the colour the knight stands on after the moves
//!   left (a knight alternates colours);
//! - a free square has no way in (no free square and not the knight a
//!   move away);
//! - a free square's only way in is from the knight, while others remain;
//! - two free squares have one way in each (both would be the last), or
//!   one has and it cannot be the last;
//! - the free squares are not one connected part;
//! - on a board 4 wide, the edge lines leave too few moves between the
//!   middle lines for the colours of the edge squares left
//!   ([`Bits::edge_lines`]);
//! - the forced moves clash. A free square that cannot be the last and has
//!   exactly two ways in must be entered by one and left by the other, so
//!   both its moves are on the path. The knight can take only one such
//!   move (it leaves once); any square can take at most two; and a square
//!   that takes two is passed through, so it is not the last. Then the
//!   forced moves are followed to the end ([`Bits::forced_moves`]): a
//!   square whose moves are all used loses its others, which may force
//!   more, until nothing changes; a move that would close a chain of
//!   forced moves into a loop is out, and a chain from the knight to the
//!   known last square that leaves squares out is a clash.
//!
//! Only the knight's moves the forced moves leave are searched (one, when
//! a move from it is forced). The moves are tried by
//! Warnsdorff's rule (fewest onward moves first), ties broken by Roth's
//! rule (farthest from the centre) or the other way or at random, by the
//! round. Positions proven hopeless are kept, keyed on (free squares,
//! knight), across rounds (a fact of the position, whatever the order).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Colour, STEPS};
use crate::deadline::Deadline;
use crate::grid::{Grid, Int, Spot};
use crate::seed::splitmix64;

/// Hopeless positions kept, at most (16 bytes each, before the table's
/// own overhead).
const HOPELESS_KEPT: usize = 1 << 20;

/// What one search settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::tour) enum Verdict {
    /// A path through every free square, ending as asked: in `path`.
    Found,
    /// No such path: every way on was searched or cut by a proof.
    Hopeless,
    /// The budget or the time ran out first: nothing proven.
    Cut,
}

/// A hasher for the search positions' keys (here the free squares and the
/// knight; the clue search's too): one multiply and a fold.
#[derive(Default)]
pub(in crate::tour) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
}

/// One knight step as a shift of the whole board: the squares it may be
/// taken from, and how far it moves a square's bit (up or down).
#[derive(Clone, Copy, Default)]
struct Shift {
    from: u64,
    up: u32,
    down: u32,
}

/// The searcher: the board's masks, the allowed last squares, the clock,
/// the hopeless positions found and the path searched.
pub(in crate::tour) struct Bits {
    /// Each square's knight moves.
    pub(in crate::tour) moves: Vec<u64>,
    /// The eight steps as shifts.
    shifts: [Shift; 8],
    /// The light squares.
    pub(in crate::tour) light: u64,
    /// On a board 4 wide, its two edge lines (else none).
    edge: u64,
    /// The squares the ending allows as the last.
    targets: u64,
    /// Each square's distance from the centre (Roth's tie-break).
    pub(in crate::tour) centre: Vec<u64>,
    deadline: Deadline,
    /// Nodes searched in all (a measure of the work that does not depend
    /// on the machine).
    pub nodes: u64,
    /// Nodes this round may still search.
    budget: u64,
    timed_out: bool,
    /// Which tie-break orders the moves: 0 Roth's, 1 the other way,
    /// else at random from this seed.
    pub tie: u64,
    hopeless: HashSet<(u64, u8), BuildHasherDefault<KeyHasher>>,
    /// The squares searched after the knight's, in order.
    pub path: Vec<u8>,
}

pub(in crate::tour) fn bit(i: usize) -> u64 {
    1u64 << i
}

/// The lowest square of a nonempty set.
fn lowest(set: u64) -> usize {
    set.trailing_zeros().usize()
}

/// The squares of `set`, lowest first.
pub(in crate::tour) fn squares(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = lowest(set);
            set &= set - 1;
            i
        })
    })
}

impl Bits {
    /// The searcher for `grid` (at most 64 squares) whose last square must
    /// be in `targets`.
    pub(in crate::tour) fn new(grid: Grid, targets: u64, deadline: &Deadline) -> Bits {
        let n = grid.len();
        let board = grid.board();
        let moves: Vec<u64> = (0..n)
            .map(|i| {
                grid.neighbours(Spot::new(i))
                    .fold(0, |m, (_, s)| m | bit(s.index()))
            })
            .collect();
        let (w, _) = grid.sides();
        let mut shifts = [Shift::default(); 8];
        for (shift, step) in shifts.iter_mut().zip(STEPS.iter()) {
            let from = (0..n)
                .filter(|&i| board.step(grid.square(Spot::new(i)), step).is_some())
                .fold(0, |m, i| m | bit(i));
            if from == 0 {
                // No square takes this step: it moves nothing.
                continue;
            }
            // The step moves a square's bit by rank * w + file.
            let offset = i64::from(step.rank) * w.i64() + i64::from(step.file);
            *shift = Shift {
                from,
                up: offset.max(0).u32(),
                down: (-offset).max(0).u32(),
            };
        }
        let light = (0..n)
            .filter(|&i| grid.square(Spot::new(i)).colour() == Colour::Light)
            .fold(0, |m, i| m | bit(i));
        let across = |i: usize| {
            let square = grid.square(Spot::new(i));
            match (board.width(), board.height()) {
                (4, _) => Some(square.file()),
                (_, 4) => Some(square.rank()),
                _ => None,
            }
        };
        let edge = (0..n)
            .filter(|&i| matches!(across(i), Some(0 | 3)))
            .fold(0, |m, i| m | bit(i));
        let centre = (0..n)
            .map(|i| board.centre_distance(grid.square(Spot::new(i))))
            .collect();
        Bits {
            moves,
            shifts,
            light,
            edge,
            targets,
            centre,
            deadline: deadline.clone(),
            nodes: 0,
            budget: 0,
            timed_out: false,
            tie: 0,
            hopeless: HashSet::default(),
            path: Vec::new(),
        }
    }

    /// How many squares have at least one, two and three knight moves
    /// into `set`, as three sets.
    pub(in crate::tour) fn counts(&self, set: u64) -> (u64, u64, u64) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for s in &self.shifts {
            let to = ((set & s.from) << s.up) >> s.down;
            three |= two & to;
            two |= one & to;
            one |= to;
        }
        (one, two, three)
    }

    /// The squares one knight move from `set`.
    pub(in crate::tour) fn around(&self, set: u64) -> u64 {
        self.shifts
            .iter()
            .fold(0, |m, s| m | ((set & s.from) << s.up) >> s.down)
    }

    /// Whether `free` (nonempty) is one connected part.
    pub(super) fn connected(&self, free: u64) -> bool {
        let mut part = free & free.wrapping_neg();
        loop {
            let grown = (part | self.around(part)) & free;
            if grown == part {
                return part == free;
            }
            part = grown;
        }
    }

    /// The knight's moves worth searching from `k` over `free` (nonempty),
    /// or None when the position is hopeless by the checks of the module's
    /// documentation.
    fn moves_from(&self, k: usize, free: u64) -> Option<u64> {
        let left = free.count_ones();
        let next = self.moves[k] & free;
        if next == 0 {
            return None;
        }
        // After the moves left the knight stands on its own colour if they
        // are even, else on the other.
        let knight_light = self.light & bit(k) != 0;
        let last_light = knight_light == (left % 2 == 0);
        let colour = if last_light { self.light } else { !self.light };
        let mut ends = self.targets & free & colour;
        if ends == 0 {
            return None;
        }
        if left == 1 {
            return Some(next & ends).filter(|&m| m != 0);
        }
        let (one, two, three) = self.counts(free);
        let (one, two, three) = (one | next, two | (one & next), three | (two & next));
        if free & !one != 0 {
            return None;
        }
        let single = free & !two;
        if single & next != 0 || single.count_ones() > 1 {
            return None;
        }
        if single != 0 {
            ends &= single;
            if ends == 0 {
                return None;
            }
        }
        if !self.connected(free) {
            return None;
        }
        if self.edge != 0 {
            ends = self.edge_lines(k, free, ends)?;
        }
        // Squares that are passed through with exactly two ways in: both
        // moves forced.
        let forced = free & two & !three & !ends;
        let forced_next = forced & next;
        if forced_next.count_ones() > 1 {
            return None;
        }
        let (_, twice, thrice) = self.counts(forced);
        if thrice & free != 0 {
            return None;
        }
        ends &= !twice;
        if ends == 0 {
            return None;
        }
        let moves = if forced_next != 0 { forced_next } else { next };
        self.forced_moves(k, free, ends, moves)
    }

    /// On a board 4 wide, the edge lines (the first and last of the 4)
    /// reach only the middle lines, so the path never takes two edge
    /// squares in a row. Counting its moves: of the `n - 1` moves of a path
    /// of `n` squares (the knight's and the free ones), `2s` minus the ends
    /// of the path on an edge line touch the `s` edge squares, and the rest
    /// go from a middle line to a middle line. Between two such moves the
    /// path alternates edge and middle, so its edge squares share a colour;
    /// if the edge squares left hold both colours, at least one such move is
    /// needed. Gives the allowed last squares left (on an edge line or off
    /// it, when only one of them leaves enough moves), or None when neither
    /// does.
    fn edge_lines(&self, k: usize, free: u64, ends: u64) -> Option<u64> {
        let edge = self.edge & (free | bit(k));
        let s = i64::from(edge.count_ones());
        let n = i64::from(free.count_ones()) + 1;
        let both = edge & self.light != 0 && edge & !self.light != 0;
        let knight_on_edge = self.edge & bit(k) != 0;
        // Middle-to-middle moves, with the last square on an edge line or
        // not; enough of them?
        let enough = |last_on_edge: bool| {
            n - 1 - 2 * s + i64::from(knight_on_edge) + i64::from(last_on_edge) >= i64::from(both)
        };
        let ends = match (enough(false), enough(true)) {
            (true, true) => ends,
            (false, true) => ends & self.edge,
            (true, false) => ends & !self.edge,
            (false, false) => 0,
        };
        (ends != 0).then_some(ends)
    }

    /// The forced moves followed to the end (the module's documentation):
    /// the knight's moves worth searching, or None when they clash.
    ///
    /// Each square keeps the moves its path may still use (`open`) and
    /// those it must use (`taken`). The knight's square uses one, the last
    /// square one, every other square two. Until nothing changes: a square
    /// with exactly as many moves left as it uses must use them all; a
    /// square that must use as many as it uses loses its others (and its
    /// neighbours lose it); a square of the possible last squares that must
    /// use two is passed through, so not last, and one with one move left
    /// must be the last. The moves that must be used make chains: a move
    /// that would close a chain into a loop cannot be used, and a chain
    /// from the knight to the known last square that leaves squares out
    /// is a clash.
    fn forced_moves(&self, k: usize, free: u64, ends: u64, moves: u64) -> Option<u64> {
        let graph = free | bit(k);
        let mut open = [0u64; 64];
        for v in squares(graph) {
            open[v] = self.moves[v] & graph;
        }
        open[k] = moves;
        for v in squares(free & self.moves[k] & !moves) {
            open[v] &= !bit(k);
        }
        forced(k, k, graph, ends, open)
    }
}

/// The forced moves followed to the end, on any graph of at most 64
/// squares given by each square's `open` moves (symmetric): a path from
/// `k` through every square of `graph`, its last square one of `ends`.
/// The moves `head`'s square keeps (the knight's: the moves worth
/// searching from it), or None when they clash (see
/// [`Bits::forced_moves`]).
pub(in crate::tour) fn forced(
    k: usize,
    head: usize,
    graph: u64,
    mut ends: u64,
    mut open: [u64; 64],
) -> Option<u64> {
    {
        let all = graph.count_ones();
        let mut taken = [0u64; 64];
        // Each chain's other end and its squares, kept at its two ends.
        let mut other = [0usize; 64];
        let mut size = [1u32; 64];
        for v in squares(graph) {
            other[v] = v;
        }
        // How many moves a square uses: at most, and at least.
        let uses = |v: usize, ends: u64| -> (u32, u32) {
            if v == k || ends == bit(v) {
                (1, 1)
            } else if ends & bit(v) != 0 {
                (2, 1)
            } else {
                (2, 2)
            }
        };
        let mut changed = true;
        while changed {
            changed = false;
            if ends.count_ones() == 1 {
                // The last square is known: the knight cannot go to it
                // while others remain.
                let e = lowest(ends);
                if open[k] & ends != 0 {
                    if taken[k] & ends != 0 {
                        return None;
                    }
                    open[k] &= !ends;
                    open[e] &= !bit(k);
                    changed = true;
                }
            }
            for v in squares(graph) {
                let (most, least) = uses(v, ends);
                let can = open[v].count_ones();
                let must = taken[v].count_ones();
                if can < least || must > most {
                    return None;
                }
                if ends & bit(v) != 0 && ends != bit(v) {
                    if must == 2 {
                        ends &= !bit(v);
                        changed = true;
                        continue;
                    }
                    if can == 1 {
                        ends &= bit(v);
                        changed = true;
                        continue;
                    }
                }
                if can == most && least == most && must < can {
                    // Every move left is used.
                    for u in squares(open[v] & !taken[v]) {
                        if taken[u].count_ones() >= uses(u, ends).0 {
                            return None;
                        }
                        let (a, b) = (other[v], other[u]);
                        if a == u {
                            // A loop.
                            return None;
                        }
                        taken[v] |= bit(u);
                        taken[u] |= bit(v);
                        let joined = size[a] + size[b];
                        other[a] = b;
                        other[b] = a;
                        size[a] = joined;
                        size[b] = joined;
                        if joined < all {
                            // Joining the chain's two ends would close a
                            // loop; and a chain from the knight ends on the
                            // last square only when it holds every square.
                            if taken[a] & bit(b) == 0 {
                                open[a] &= !bit(b);
                                open[b] &= !bit(a);
                            }
                            if a == k || b == k {
                                let end = if a == k { b } else { a };
                                if ends == bit(end) {
                                    return None;
                                }
                                if ends & bit(end) != 0 {
                                    ends &= !bit(end);
                                }
                            }
                        }
                    }
                    changed = true;
                } else if must == most && open[v] != taken[v] {
                    // Its moves are all taken: it loses the others.
                    for u in squares(open[v] & !taken[v]) {
                        open[u] &= !bit(v);
                    }
                    open[v] = taken[v];
                    changed = true;
                }
            }
            if ends == 0 {
                return None;
            }
        }
        (open[head] != 0).then_some(open[head])
    }
}

impl Bits {
    /// Searches from the knight on `k` over `free` for a path through every
    /// free square that ends on an allowed square, within `budget` more
    /// nodes and the deadline.
    pub(super) fn search(&mut self, k: usize, free: u64, budget: u64) -> Verdict {
        self.budget = budget;
        self.path.clear();
        self.node(k, free)
    }

    fn node(&mut self, k: usize, free: u64) -> Verdict {
        if free == 0 {
            return if self.targets & bit(k) != 0 {
                Verdict::Found
            } else {
                Verdict::Hopeless
            };
        }
        self.nodes += 1;
        if self.budget == 0 || self.timed_out {
            return Verdict::Cut;
        }
        self.budget -= 1;
        if self.nodes % 1024 == 0 && self.deadline.passed() {
            self.timed_out = true;
            return Verdict::Cut;
        }
        let key = (free, k.u8());
        if self.hopeless.contains(&key) {
            return Verdict::Hopeless;
        }
        let Some(moves) = self.moves_from(k, free) else {
            return Verdict::Hopeless;
        };
        let mut keyed = [(0u32, 0u64, 0usize); 8];
        let mut n = 0;
        for to in squares(moves) {
            let onward = (self.moves[to] & free).count_ones();
            let tie = match self.tie {
                0 => u64::MAX - self.centre[to],
                1 => self.centre[to],
                seed => splitmix64(seed ^ self.nodes.rotate_left(17) ^ to.u64()),
            };
            keyed[n] = (onward, tie, to);
            n += 1;
        }
        keyed[..n].sort_unstable();
        for &(_, _, to) in &keyed[..n] {
            self.path.push(to.u8());
            match self.node(to, free & !bit(to)) {
                Verdict::Hopeless => {
                    self.path.pop();
                }
                other => return other,
            }
        }
        if self.hopeless.len() < HOPELESS_KEPT {
            self.hopeless.insert(key);
        }
        Verdict::Hopeless
    }

    /// Whether the time ran out.
    pub(super) fn timed_out(&self) -> bool {
        self.timed_out
    }
}
