//! The search for long paths: a depth-first search that tries moves in
//! Warnsdorff order (fewest onward moves first, after the block order of the
//! bound and after the squares a move strands), prunes when the goal can no longer be reached or the squares still
//! reachable cannot beat the best path, and forgets squares it has cut off.
//!
//! Left to run it is exhaustive, which proves small boards optimal; with a
//! node budget it is the constructor of a first path and the engine of the
//! local search, which cuts a window out of the path and searches for a
//! longer way between its two ends through the squares still free (the
//! other local search, for squares missed far apart, is [`super::rotation`]).
//!
//! A move strands a free square when it leaves it no way in or no way out:
//! a square only the knight's square can still move to, when the knight
//! goes elsewhere; a square that can only go on to the square the knight
//! takes. Where every move can be made back (the `either` rule away from
//! teleports) Warnsdorff's count sees this, since such a square has at most
//! one onward move; under `long_leg` the moves around a barrier's ends go
//! one way (a square may be entered only from one square and left only to
//! another), the count of moves out does not see the way in, and paths
//! that strand a square and lose two moves to the colours were found first.
//! Counting stranded squares first is only an order: it never prunes.
//!
//! Everything is deterministic: ties are broken by a seeded hash, and the
//! clock only ever stops a search, never steers it.
//!
//! A search that runs to the end proves that nothing longer exists, so each
//! way it prunes must give up only branches that cannot make more moves than
//! the best path found (or the cap, a proven bound):
//!
//! 1. Only the squares the bound finds usable are searched: no path uses
//!    the others.
//! 2. A branch is dropped when the goal cannot be reached from the knight
//!    through free squares. The breadth-first look that decides it follows
//!    what the knight can do: landing on a free square, and after landing on
//!    a teleport, standing on its partner. Each square the knight may stand
//!    on is expanded once; a teleport is counted when first landed on, but
//!    the moves from it are expanded when the knight first stands on it
//!    (after its partner's hop), which may come later.
//! 3. A branch is dropped when the reachable free squares cannot make more
//!    moves than the best: every further move lands on a different one of
//!    them (the last one may be a teleport that hops onto the goal, which is
//!    counted instead). With no free teleport there is no hop, so the colours
//!    alternate to the goal. A square other than a teleport that is passed
//!    through is entered by a move from the knight's square or a free one
//!    and left by a move to a free one or the goal (a hop only lands on
//!    teleports), two different squares: a square with no such way in and
//!    way out is not counted. Under `long_leg` a move may be allowed one
//!    way only, so the ways in are read from the moves into the square,
//!    not from those out of it.
//! 4. The local look that skips step 2 for a move only ever skips pruning,
//!    which never loses a path.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::graph::{at, count, Graph, NONE};
use super::{Longest, LongestWatch};
use crate::seed::splitmix64_keyed;

/// One move of a path: the square landed on, and where the knight stands
/// after it (the other teleport after a hop, else the same square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    pub landing: u32,
    pub position: u32,
}

impl Stop {
    pub fn at(square: u32) -> Stop {
        Stop {
            landing: square,
            position: square,
        }
    }
}

/// What the threads of one search share: the caller's watch, the best path
/// so far (replaced under its lock, which also keeps the watch's reports
/// in order), its moves (read without the lock), and whether the search is
/// over: a path met the cap, or a search ran to the end.
pub struct Shared<'w> {
    pub watch: &'w dyn LongestWatch,
    best: Mutex<Vec<Stop>>,
    best_moves: AtomicI64,
    done: AtomicBool,
    exhausted: AtomicBool,
}

impl<'w> Shared<'w> {
    /// `first` (a shortest path) as the best so far.
    pub fn new(watch: &'w dyn LongestWatch, first: Vec<Stop>) -> Shared<'w> {
        Shared {
            watch,
            best_moves: AtomicI64::new(moves(&first)),
            best: Mutex::new(first),
            done: AtomicBool::new(false),
            exhausted: AtomicBool::new(false),
        }
    }

    /// The moves of the best path so far.
    pub fn moves(&self) -> i64 {
        self.best_moves.load(Ordering::Acquire)
    }

    pub fn best(&self) -> Vec<Stop> {
        self.best
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Keeps `stops` when it is longer than the best, then tells the watch
    /// what `report` makes of it; the search is over when it reaches `cap`.
    pub fn offer(&self, stops: &[Stop], cap: i64, report: impl Fn(&[Stop]) -> Longest) {
        if moves(stops) <= self.moves() {
            return;
        }
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        if moves(stops) <= moves(&best) {
            return;
        }
        *best = stops.to_vec();
        self.best_moves.store(moves(stops), Ordering::Release);
        if moves(stops) >= cap {
            self.done.store(true, Ordering::Release);
        }
        self.watch.improved(&report(&best));
    }

    /// A search ran to the end, and `stops` (when it found any) is the
    /// longest path: the search is over, and its answer proven.
    pub fn exhausted(&self, stops: Option<Vec<Stop>>) {
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(stops) = stops {
            if moves(&stops) > moves(&best) {
                self.best_moves.store(moves(&stops), Ordering::Release);
                *best = stops;
            }
        }
        self.exhausted.store(true, Ordering::Release);
        self.done.store(true, Ordering::Release);
    }

    /// Whether some search ran to the end.
    pub fn proven(&self) -> bool {
        self.exhausted.load(Ordering::Acquire)
    }

    /// Ends the search: every thread stops at its next look at the clock.
    pub fn finish(&self) {
        self.done.store(true, Ordering::Release);
    }
}

/// The moves of a path of stops.
pub fn moves(stops: &[Stop]) -> i64 {
    signed(stops.len()) - 1
}

/// The deadline, what the threads share, and how many search nodes this
/// thread has spent. A helper's clock also asks the watch whether it may
/// still use a second core, and pauses (ends its round) when it may not.
pub struct Clock<'w> {
    deadline: Instant,
    pub shared: &'w Shared<'w>,
    pub nodes: u64,
    stopped: bool,
    helper: bool,
    paused: bool,
}

impl<'w> Clock<'w> {
    pub fn new(deadline: Instant, shared: &'w Shared<'w>) -> Clock<'w> {
        Clock {
            deadline,
            shared,
            nodes: 0,
            stopped: false,
            helper: false,
            paused: false,
        }
    }

    /// The clock of a helper thread, which gives its core back when the
    /// watch no longer offers two.
    pub fn helper(deadline: Instant, shared: &'w Shared<'w>) -> Clock<'w> {
        Clock {
            helper: true,
            ..Clock::new(deadline, shared)
        }
    }

    /// Counts one node; whether time is up, the caller has gone or the
    /// search is over (read every 256 nodes), or a helper must pause.
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 256 == 0 {
            self.stopped();
        }
        self.stopped || self.paused
    }

    /// Whether this thread should stop what it is doing: the search is over
    /// ([`Clock::over`]), or a helper must give its core back.
    pub fn stopped(&mut self) -> bool {
        if !self.over() && self.helper && !self.paused && self.shared.watch.cores() < 2 {
            self.paused = true;
        }
        self.stopped || self.paused
    }

    /// Whether the search is over for good: time is up, the caller has
    /// gone, or another thread ended it.
    pub fn over(&mut self) -> bool {
        if !self.stopped
            && (Instant::now() >= self.deadline
                || self.shared.done.load(Ordering::Acquire)
                || self.shared.watch.cancelled())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// A paused helper waits until it may use a second core again; whether
    /// it may (false: the search is over).
    pub fn resume(&mut self) -> bool {
        loop {
            if self.over() {
                return false;
            }
            if self.shared.watch.cores() >= 2 {
                self.paused = false;
                return true;
            }
            std::thread::sleep(PAUSE);
        }
    }
}

/// How long a paused helper sleeps between asking for its core back.
const PAUSE: Duration = Duration::from_millis(2);

/// Where a search must arrive: landing on `landing`, or, when `hop` is set,
/// on a teleport whose hop lands the knight there (the path's end).
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    pub landing: u32,
    pub hop: bool,
}

/// The best way found by one search: the stops after its start, the last
/// one landing on or hopping to the goal.
#[derive(Debug)]
pub struct Found {
    pub stops: Option<Vec<Stop>>,
    /// Whether the search ran to the end, so that nothing longer exists.
    pub exhausted: bool,
}

/// How good a move looks: block rank, the free squares it strands, onward
/// moves, closeness to the end, then the seeded tie-break; smaller is tried
/// first.
type MoveOrder = (u32, u32, u32, u32, u64);

struct Frame {
    candidates: [(u32, u32); 8],
    len: u8,
    next: u8,
}

/// The state shared by every search over one graph.
pub struct Searcher<'g> {
    pub(super) graph: &'g Graph,
    rank: &'g [u32],
    usable: &'g [bool],
    teleports: Vec<u32>,
    /// Moves from the path's end, to break ties towards far squares so that
    /// the end's surroundings are left for last.
    far: Vec<u32>,
    /// Squares a local look may visit before the full breadth-first search
    /// is needed; 0 always searches in full (small boards, where the full
    /// search also prunes by colour counts).
    pub local_limit: usize,
    /// On the path, unusable, or cut off from the goal in the current branch.
    pub taken: Vec<bool>,
    stamp: Vec<u32>,
    /// Squares a breadth-first look has queued the knight's moves from,
    /// with the current stamp: apart from the counted squares, since a
    /// teleport is counted when the knight lands on it but stands on it
    /// only after a hop from its partner.
    queued: Vec<u32>,
    now: u32,
    queue: Vec<u32>,
    pub clock: Clock<'g>,
}

/// What a breadth-first look from the knight's square found.
struct Reach {
    goal: bool,
    /// Reachable squares (the goal included) of the knight's colour, and of
    /// the other colour.
    same: i64,
    other: i64,
}

impl<'g> Searcher<'g> {
    pub fn new(
        graph: &'g Graph,
        rank: &'g [u32],
        usable: &'g [bool],
        clock: Clock<'g>,
    ) -> Searcher<'g> {
        let teleports = graph
            .nodes()
            .filter(|&v| graph.partner[at(v)] != NONE)
            .collect();
        let mut far = vec![u32::MAX; graph.len()];
        far[at(graph.end)] = 0;
        let mut queue = std::collections::VecDeque::from([graph.end]);
        while let Some(u) = queue.pop_front() {
            for &v in graph.moves(u) {
                if far[at(v)] == u32::MAX {
                    far[at(v)] = far[at(u)] + 1;
                    queue.push_back(v);
                }
            }
        }
        Searcher {
            graph,
            rank,
            usable,
            teleports,
            far,
            local_limit: 0,
            taken: usable.iter().map(|&u| !u).collect(),
            stamp: vec![0; graph.len()],
            queued: vec![0; graph.len()],
            now: 0,
            queue: Vec::new(),
            clock,
        }
    }

    pub(super) fn free(&self, v: u32) -> bool {
        !self.taken[at(v)]
    }

    /// Whether landing on `y` reaches the goal.
    pub(super) fn finishes(&self, y: u32, goal: Goal) -> bool {
        y == goal.landing || (goal.hop && self.graph.partner[at(y)] == goal.landing && self.free(y))
    }

    /// Where landing on a free `y` leaves the knight, when that is free too
    /// and is not the goal.
    fn step(&self, y: u32, goal: Goal) -> Option<u32> {
        if !self.free(y) || y == goal.landing {
            return None;
        }
        let q = self.graph.after_landing(y);
        (q == y || (self.free(q) && q != goal.landing)).then_some(q)
    }

    /// A new stamp for a breadth-first look.
    fn next_stamp(&mut self) -> u32 {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.fill(0);
            self.queued.fill(0);
            self.now = 1;
        }
        self.now
    }

    /// Breadth-first over free squares from `x`; marks what it reaches with
    /// the current stamp.
    fn reach(&mut self, x: u32, goal: Goal) -> Reach {
        let now = self.next_stamp();
        let colour = |v: u32| self.graph.colours[at(v)];
        let (mut same, mut other) = (0, 0);
        let mut found = false;
        self.queue.clear();
        self.queue.push(x);
        self.stamp[at(x)] = now;
        self.queued[at(x)] = now;
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head];
            head += 1;
            for &y in self.graph.moves(u) {
                if self.finishes(y, goal) {
                    found = true;
                }
                let Some(q) = self.step(y, goal) else {
                    continue;
                };
                for v in [y, q] {
                    if self.stamp[at(v)] != now {
                        self.stamp[at(v)] = now;
                        if colour(v) == colour(x) {
                            same += 1;
                        } else {
                            other += 1;
                        }
                    }
                }
                if self.queued[at(q)] != now {
                    self.queued[at(q)] = now;
                    self.queue.push(q);
                }
            }
        }
        if colour(goal.landing) == colour(x) {
            same += 1;
        } else {
            other += 1;
        }
        // A square other than a teleport is landed on by a move from the
        // knight's square or a free one (a hop lands only on teleports) and
        // left by a move to a free one or the goal: it needs a way in and a
        // way out among those, from and to two different squares; without
        // them it is not counted. Every such square reached is in the
        // queue, where it stood.
        for &v in &self.queue[1..] {
            if self.graph.partner[at(v)] == NONE && !self.passable(v, x, goal.landing) {
                if colour(v) == colour(x) {
                    same -= 1;
                } else {
                    other -= 1;
                }
            }
        }
        Reach {
            goal: found,
            same,
            other,
        }
    }

    /// Whether a path may pass through `v`: entered by a move from `x` or
    /// a free square, left by one to a free square or `goal`, the two
    /// different squares.
    fn passable(&self, v: u32, x: u32, goal: u32) -> bool {
        let mut way_in = NONE;
        for &u in self.graph.moves_into(v) {
            if u == x || self.free(u) {
                if way_in != NONE && way_in != u {
                    // Two ways in: any way out differs from one of them.
                    return self
                        .graph
                        .moves(v)
                        .iter()
                        .any(|&w| w == goal || self.free(w));
                }
                way_in = u;
            }
        }
        way_in != NONE
            && self
                .graph
                .moves(v)
                .iter()
                .any(|&w| w != way_in && (w == goal || self.free(w)))
    }

    fn teleport_free(&self) -> bool {
        self.teleports.iter().any(|&t| self.free(t))
    }

    /// Whether the goal is surely still reachable from `q`, the knight having
    /// just come from `x`, from which it was: every square `x` could have
    /// gone to instead (and the goal, if `x` could finish) is reached from
    /// `q` within a few squares. Any way from `x` to the goal then has a
    /// counterpart from `q`: through that square, or from where it crosses
    /// `q`. A guess that saves the full look, never a proof: when it is
    /// wrong the search only wastes time in a branch that cannot finish.
    fn locally_safe(&mut self, x: u32, q: u32, goal: Goal) -> bool {
        if self.local_limit == 0 {
            return false;
        }
        let now = self.next_stamp();
        let mut targets: [u32; 9] = [NONE; 9];
        let mut wanted = 0;
        for &z in self.graph.moves(x) {
            let target = if self.finishes(z, goal) {
                goal.landing
            } else {
                match self.step(z, goal) {
                    Some(r) if r != q => r,
                    _ => continue,
                }
            };
            if !targets[..wanted].contains(&target) {
                targets[wanted] = target;
                wanted += 1;
            }
        }
        let mut missing = wanted;
        self.queue.clear();
        self.queue.push(q);
        self.stamp[at(q)] = now;
        let mut head = 0;
        while head < self.queue.len() && head < self.local_limit && missing > 0 {
            let u = self.queue[head];
            head += 1;
            for &y in self.graph.moves(u) {
                let reached = if self.finishes(y, goal) {
                    goal.landing
                } else if let Some(r) = self.step(y, goal) {
                    r
                } else {
                    continue;
                };
                if self.stamp[at(reached)] == now {
                    continue;
                }
                self.stamp[at(reached)] = now;
                if targets[..wanted].contains(&reached) {
                    missing -= 1;
                }
                if reached != goal.landing {
                    self.queue.push(reached);
                }
            }
        }
        missing == 0
    }

    /// At most how many more moves a path from `x` can make, by the colours
    /// of what it can reach: moves alternate colours, except for a hop.
    fn remaining(&self, x: u32, goal: Goal, reach: &Reach) -> i64 {
        if self.teleport_free() {
            return reach.same + reach.other;
        }
        let g = self.graph.colours[at(goal.landing)];
        if g != self.graph.colours[at(x)] {
            2 * (reach.other - 1).min(reach.same) + 1
        } else {
            2 * reach.other.min(reach.same)
        }
    }

    /// The free moves from `x`, best first.
    fn candidates(&self, x: u32, goal: Goal, seed: u64, frame: &mut Frame) {
        let mut keyed: Vec<(MoveOrder, (u32, u32))> = Vec::with_capacity(8);
        // Squares only the knight's square can still move to: whichever
        // move it does not make strands them.
        let plain = |v: u32| self.graph.partner[at(v)] == NONE;
        let mut only_from_here: [u32; 8] = [NONE; 8];
        let mut lonely = 0;
        for &w in self.graph.moves(x) {
            if self.free(w)
                && plain(w)
                && w != goal.landing
                && !self
                    .graph
                    .moves_into(w)
                    .iter()
                    .any(|&u| u != x && self.free(u))
            {
                only_from_here[lonely] = w;
                lonely += 1;
            }
        }
        for &y in self.graph.moves(x) {
            let Some(q) = self.step(y, goal) else {
                continue;
            };
            let onward = self
                .graph
                .moves(q)
                .iter()
                .filter(|&&z| z != y && z != q && self.step(z, goal).is_some_and(|r| r != y))
                .count();
            let onward = count(onward);
            let strands = {
                // Squares that could only go on to `q`: taking it strands them.
                let dead_ends = self
                    .graph
                    .moves_into(q)
                    .iter()
                    .filter(|&&u| {
                        u != x
                            && u != y
                            && self.free(u)
                            && plain(u)
                            && !self
                                .graph
                                .moves(u)
                                .iter()
                                .any(|&w| w != q && (w == goal.landing || self.free(w)))
                    })
                    .count();
                let lost = only_from_here[..lonely].iter().filter(|&&w| w != y).count();
                count(dead_ends + lost)
            };
            let near = u32::MAX - self.far[at(q)];
            keyed.push((
                (
                    self.rank[at(q)],
                    strands,
                    onward,
                    near,
                    splitmix64_keyed(seed, q),
                ),
                (y, q),
            ));
        }
        keyed.sort_unstable_by_key(|&(key, _)| key);
        frame.len = u8::try_from(keyed.len()).expect("at most eight moves");
        frame.next = 0;
        for (i, (_, c)) in keyed.into_iter().enumerate() {
            frame.candidates[i] = c;
        }
    }

    pub(super) fn mark(&mut self, stop: Stop, taken: bool) {
        self.taken[at(stop.landing)] = taken;
        self.taken[at(stop.position)] = taken;
    }

    /// The longest way from the knight on `from` to `goal` through free
    /// squares that makes more than `beat` moves (at most `cap`), searching at
    /// most `budget` nodes.
    pub fn search(
        &mut self,
        from: u32,
        goal: Goal,
        beat: i64,
        cap: i64,
        budget: u64,
        seed: u64,
    ) -> Found {
        let mut best_moves = beat;
        let mut best: Option<Vec<Stop>> = None;
        let mut stops: Vec<Stop> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let spent_at_start = self.clock.nodes;
        let mut cut = false;
        let mut x = from;
        'enter: loop {
            // A new square: record finishes, prune, then list its moves.
            let depth = signed(stops.len());
            let mut frame = Frame {
                candidates: [(NONE, NONE); 8],
                len: 0,
                next: 0,
            };
            if self.clock.tick() || self.clock.nodes - spent_at_start > budget {
                cut = true;
            } else {
                let finish = self
                    .graph
                    .moves(x)
                    .iter()
                    .copied()
                    .find(|&y| self.finishes(y, goal));
                if let Some(y) = finish {
                    if depth + 1 > best_moves {
                        best_moves = depth + 1;
                        let mut way = stops.clone();
                        way.push(Stop {
                            landing: y,
                            position: goal.landing,
                        });
                        best = Some(way);
                    }
                }
                if best_moves < cap {
                    let came_from = match stops.len() {
                        0 => NONE,
                        1 => from,
                        k => stops[k - 2].position,
                    };
                    if came_from != NONE && self.locally_safe(came_from, x, goal) {
                        self.candidates(x, goal, seed, &mut frame);
                    } else {
                        let reach = self.reach(x, goal);
                        if reach.goal && depth + self.remaining(x, goal, &reach) > best_moves {
                            self.candidates(x, goal, seed, &mut frame);
                        }
                    }
                }
            }
            frames.push(frame);
            // Go down the next untried move, or back up.
            loop {
                let Some(top) = frames.last_mut() else {
                    break 'enter;
                };
                if !cut && best_moves < cap && top.next < top.len {
                    let (y, q) = top.candidates[usize::from(top.next)];
                    top.next += 1;
                    if self.taken[at(y)] || self.taken[at(q)] {
                        continue;
                    }
                    let stop = Stop {
                        landing: y,
                        position: q,
                    };
                    self.mark(stop, true);
                    stops.push(stop);
                    x = q;
                    continue 'enter;
                }
                frames.pop();
                if let Some(stop) = stops.pop() {
                    self.mark(stop, false);
                }
            }
        }
        Found {
            stops: best,
            exhausted: !cut,
        }
    }

    /// Marks exactly the squares of `stops` (and the unusable ones) taken.
    pub fn occupy(&mut self, stops: &[Stop]) {
        for (taken, &usable) in self.taken.iter_mut().zip(self.usable) {
            *taken = !usable;
        }
        for &stop in stops {
            self.mark(stop, true);
        }
    }

    /// Whether some free square is one move from a square of `stops`.
    fn free_nearby(&self, stops: &[Stop]) -> bool {
        stops.iter().any(|s| {
            [s.landing, s.position]
                .iter()
                .any(|&v| self.graph.moves(v).iter().any(|&y| self.free(y)))
        })
    }

    /// Local search on a path (`stops[0]` is the start; its squares are
    /// taken): cuts out windows of up to `widest` moves and searches for a
    /// longer way between their ends, with `budget` nodes each, until a pass
    /// over every window finds nothing, time is up, or the path has `cap`
    /// moves.
    pub fn improve(
        &mut self,
        stops: &mut Vec<Stop>,
        cap: i64,
        widest: usize,
        budget: u64,
        seed: u64,
    ) {
        loop {
            let mut improved = false;
            for width in 1..=widest {
                let mut i = 0;
                while i + width < stops.len() {
                    if signed(stops.len()) > cap || self.clock.stopped() {
                        return;
                    }
                    if !self.free_nearby(&stops[i..=i + width]) {
                        i += 1;
                        continue;
                    }
                    improved |= self.window(stops, i, width, cap, budget, seed);
                    i += 1;
                }
            }
            if !improved {
                return;
            }
        }
    }

    /// Cuts the window of `width` moves after `stops[i]` out of the path
    /// and searches for a longer way between its ends through the free
    /// squares, with `budget` nodes; whether it found one (and put it in).
    fn window(
        &mut self,
        stops: &mut Vec<Stop>,
        i: usize,
        width: usize,
        cap: i64,
        budget: u64,
        seed: u64,
    ) -> bool {
        for &stop in &stops[i + 1..i + width] {
            self.mark(stop, false);
        }
        let goal = Goal {
            landing: stops[i + width].landing,
            hop: false,
        };
        let spare = cap - moves(stops);
        let found = self.search(
            stops[i].position,
            goal,
            signed(width),
            signed(width) + spare,
            budget,
            seed ^ u64::try_from(i).unwrap_or(u64::MAX),
        );
        if let Some(mut way) = found.stops {
            way.pop();
            for &stop in &way {
                self.mark(stop, true);
            }
            stops.splice(i + 1..i + width, way);
            true
        } else {
            for &stop in &stops[i + 1..i + width] {
                self.mark(stop, true);
            }
            false
        }
    }
}

/// A length as a signed depth.
pub(super) fn signed(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
